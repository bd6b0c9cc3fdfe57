//===- TenLinalgOps.td - dense linear algebra ops ----------*- tablegen -*-===//
//
// NumPy's numpy.linalg as ops of the family `ten.linalg.*`: the names are
// NumPy's (and torch.linalg's), and the prefix keeps them apart from
// upstream MLIR's `linalg` dialect, which the rest of the dialect lowers to.
// Each op works on the last two dimensions of its operands, as matrices,
// and on every matrix of the dimensions before them (a batch), as NumPy's
// linear algebra does.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_DIALECT_TEN_IR_TENLINALGOPS_TD
#define TEN_DIALECT_TEN_IR_TENLINALGOPS_TD

// What LAPACK and cuSOLVER factor: NumPy's linear algebra computes in these
// (and refuses f16).
def Ten_LinalgElement : AnyTypeOf<[F32, F64, Complex<F32>, Complex<F64>],
    "f32, f64, complex<f32> or complex<f64>">;
def Ten_LinalgTensor : RankedTensorOf<[Ten_LinalgElement]>;
// The eigenvalues and eigenvectors of general matrices.
def Ten_LinalgComplexTensor : RankedTensorOf<[AnyTypeOf<[Complex<F32>,
    Complex<F64>], "complex<f32> or complex<f64>">]>;

class Ten_LinalgOp<string mnemonic, list<Trait> traits = []>
    : Ten_InferringOp<"linalg." # mnemonic, traits>;

def Ten_CholeskyOp : Ten_LinalgOp<"cholesky"> {
  let summary = "Cholesky factor of Hermitian positive-definite matrices";
  let description = [{
    NumPy's `linalg.cholesky(a, upper=upper)`: for each matrix `A` of the
    input, the lower-triangular `L` with a real, positive diagonal and
    `A = L L^H`, or with `upper` the upper-triangular `U = L^H`
    (`A = U^H U`). Only the lower triangle of `A` is read (with `upper`,
    the upper one): the other is taken to mirror it. The other triangle of
    the result is zero.

    A matrix that is not positive definite is an error of the run, "Matrix
    is not positive definite" (NumPy's `LinAlgError`). A size that only run
    time knows is checked there: the matrices must be square.

    ```mlir
    %l = ten.linalg.cholesky %a : tensor<8x4x4xf64> -> tensor<8x4x4xf64>
    %u = ten.linalg.cholesky %b upper : tensor<?x?xcomplex<f32>> -> tensor<?x?xcomplex<f32>>
    ```
  }];
  let arguments = (ins Ten_LinalgTensor:$input, UnitAttr:$upper);
  let results = (outs Ten_LinalgTensor:$result);
  let assemblyFormat = [{
    $input (`upper` $upper^)? attr-dict `:` type($input) `->` type($result)
  }];
}

def Ten_SolveOp : Ten_LinalgOp<"solve"> {
  let summary = "Solution of linear systems";
  let description = [{
    NumPy 2's `linalg.solve(a, b)`: `x` with `a @ x = b` for each square
    matrix of `a`. A `b` of rank 1 is one right-hand side (NumPy's `(M,)`),
    solved against every matrix of `a`: `x` has `a`'s shape without its last
    dimension. Otherwise `b`'s last two dimensions are a matrix of
    right-hand sides, `(M, K)`, and the dimensions before them broadcast
    with `a`'s batch by NumPy's rules: `x` has the broadcast batch, then
    `(M, K)`. All share one element type.

    The solve is an LU factorization with partial pivoting (LAPACK's
    `getrf` and `getrs` on the CPU). A singular matrix is an error of the
    run, "Singular matrix" (NumPy's `LinAlgError`). Sizes that only run
    time knows are checked there.

    ```mlir
    %x = ten.linalg.solve %a, %b : (tensor<3x4x4xf64>, tensor<4xf64>) -> tensor<3x4xf64>
    %y = ten.linalg.solve %c, %d : (tensor<4x4xf32>, tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
    ```
  }];
  let arguments = (ins Ten_LinalgTensor:$a, Ten_LinalgTensor:$b);
  let results = (outs Ten_LinalgTensor:$result);
  let assemblyFormat = [{
    $a `,` $b attr-dict `:` `(` type($a) `,` type($b) `)` `->` type($result)
  }];
}

def Ten_InvOp : Ten_LinalgOp<"inv"> {
  let summary = "Inverse of square matrices";
  let description = [{
    NumPy's `linalg.inv(a)`: the inverse of each matrix, as NumPy computes
    it, the solution of `a @ x = I` by an LU factorization with partial
    pivoting. A singular matrix is an error of the run, "Singular matrix"
    (NumPy's `LinAlgError`).

    ```mlir
    %i = ten.linalg.inv %a : tensor<10x3x3xf32> -> tensor<10x3x3xf32>
    ```
  }];
  let arguments = (ins Ten_LinalgTensor:$input);
  let results = (outs Ten_LinalgTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Ten_SlogdetOp : Ten_LinalgOp<"slogdet"> {
  let summary = "Sign and logarithm of the absolute value of determinants";
  let description = [{
    NumPy's `linalg.slogdet(a)`: for each square matrix, the determinant as
    `sign * exp(logabsdet)`. `sign` has the input's element type: -1, 0 or
    1 for real matrices, a number of absolute value 1 (or 0) for complex
    ones; `logabsdet` is real (the parts' type for complex matrices). A
    singular matrix has `sign` 0 and `logabsdet` minus infinity, not an
    error. Both come from the diagonal of an LU factorization with partial
    pivoting and the parity of its row swaps; the determinant of an empty
    matrix is 1. With NaN or infinities, `logabsdet` is NaN or infinite and
    a real `sign` stays -1 or 1 (it counts the negative elements, as
    NumPy's does), a complex one is NaN.

    ```mlir
    %s, %l = ten.linalg.slogdet %a : tensor<5x3x3xcomplex<f64>> -> tensor<5xcomplex<f64>>, tensor<5xf64>
    ```
  }];
  let arguments = (ins Ten_LinalgTensor:$input);
  let results = (outs Ten_LinalgTensor:$sign,
                      RankedTensorOf<[F32, F64]>:$logabsdet);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($sign) `,` type($logabsdet)
  }];
}

def Ten_DetOp : Ten_LinalgOp<"det"> {
  let summary = "Determinant of square matrices";
  let description = [{
    NumPy's `linalg.det(a)`: the determinant of each matrix, computed as
    NumPy does, `sign * exp(logabsdet)` from `ten.linalg.slogdet` (so a
    determinant too large for the element type is infinite, and a singular
    matrix's is 0, not an error). The lowering builds it from
    `ten.linalg.slogdet` and elementwise ops.

    ```mlir
    %d = ten.linalg.det %a : tensor<7x2x2xf32> -> tensor<7xf32>
    ```
  }];
  let arguments = (ins Ten_LinalgTensor:$input);
  let results = (outs Ten_LinalgTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
}

def Ten_QrOp : Ten_LinalgOp<"qr"> {
  let summary = "QR decomposition";
  let description = [{
    NumPy's `linalg.qr(a, mode)` of each `m x n` matrix, `k = min(m, n)`:
    `q` with orthonormal columns and upper-triangular `r`, `a = q @ r`;
    reduced (NumPy's default), `q` is `m x k` and `r` `k x n`; with
    `complete`, `q` is `m x m` and `r` `m x n`. Householder reflectors
    (LAPACK's `geqrf`, then `orgqr`/`ungqr` on the CPU), so the signs are
    NumPy's.

    ```mlir
    %q, %r = ten.linalg.qr %a : tensor<8x5x3xf64> -> tensor<8x5x3xf64>, tensor<8x3x3xf64>
    %p, %s = ten.linalg.qr %b complete : tensor<5x3xf32> -> tensor<5x5xf32>, tensor<5x3xf32>
    ```
  }];
  let arguments = (ins Ten_LinalgTensor:$input, UnitAttr:$complete);
  let results = (outs Ten_LinalgTensor:$q, Ten_LinalgTensor:$r);
  let assemblyFormat = [{
    $input (`complete` $complete^)? attr-dict `:` type($input) `->` type($q)
    `,` type($r)
  }];
}

def Ten_EighOp : Ten_LinalgOp<"eigh"> {
  let summary = "Eigenvalues and eigenvectors of Hermitian matrices";
  let description = [{
    NumPy's `linalg.eigh(a, UPLO)`: for each Hermitian (real symmetric)
    matrix, its eigenvalues in ascending order (real: the parts' type for
    complex matrices) and the eigenvectors, the columns of `vectors`
    (`a @ v[:, i] = w[i] * v[:, i]`). Only the lower triangle is read, the
    upper one with `upper` (NumPy's `UPLO='U'`). Divide and conquer
    (LAPACK's `syevd`/`heevd` on the CPU, as NumPy). An iteration that does
    not converge is an error of the run, "Eigenvalues did not converge".

    ```mlir
    %w, %v = ten.linalg.eigh %a : tensor<4x6x6xf64> -> tensor<4x6xf64>, tensor<4x6x6xf64>
    ```
  }];
  let arguments = (ins Ten_LinalgTensor:$input, UnitAttr:$upper);
  let results = (outs RankedTensorOf<[F32, F64]>:$values,
                      Ten_LinalgTensor:$vectors);
  let assemblyFormat = [{
    $input (`upper` $upper^)? attr-dict `:` type($input) `->` type($values)
    `,` type($vectors)
  }];
}

def Ten_EigvalshOp : Ten_LinalgOp<"eigvalsh"> {
  let summary = "Eigenvalues of Hermitian matrices";
  let description = [{
    NumPy's `linalg.eigvalsh(a, UPLO)`: the eigenvalues of `ten.linalg.eigh`
    alone, computed without the eigenvectors.

    ```mlir
    %w = ten.linalg.eigvalsh %a upper : tensor<6x6xcomplex<f32>> -> tensor<6xf32>
    ```
  }];
  let arguments = (ins Ten_LinalgTensor:$input, UnitAttr:$upper);
  let results = (outs RankedTensorOf<[F32, F64]>:$values);
  let assemblyFormat = [{
    $input (`upper` $upper^)? attr-dict `:` type($input) `->` type($values)
  }];
}

def Ten_EigOp : Ten_LinalgOp<"eig"> {
  let summary = "Eigenvalues and eigenvectors of general square matrices";
  let description = [{
    NumPy's `linalg.eig(a)`: for each square matrix, its eigenvalues and
    its right eigenvectors, the columns of `vectors` (`a @ v[:, i] = w[i] *
    v[:, i]`), each of Euclidean norm 1 with its largest component real.
    Both are always complex, of the input's precision, as JAX's and
    PyTorch's are: the eigenvalues of a real matrix may be complex, and a
    type cannot depend on the values (NumPy's `eig` returns real arrays
    where every eigenvalue of a real input is real; the Python package does
    so on arrays). The eigenvalues are in the order the Hessenberg QR
    iteration finds them, unsorted: LAPACK's `geev` on the CPU, as NumPy.

    An element that is infinite or NaN is an error of the run, "Array must
    not contain infs or NaNs", and an iteration that does not converge is
    one too, "Eigenvalues did not converge", as NumPy's `LinAlgError`s.

    ```mlir
    %w, %v = ten.linalg.eig %a : tensor<4x6x6xf64> -> tensor<4x6xcomplex<f64>>, tensor<4x6x6xcomplex<f64>>
    ```
  }];
  let arguments = (ins Ten_LinalgTensor:$input);
  let results = (outs Ten_LinalgComplexTensor:$values,
                      Ten_LinalgComplexTensor:$vectors);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) `->` type($values) `,` type($vectors)
  }];
}

def Ten_EigvalsOp : Ten_LinalgOp<"eigvals"> {
  let summary = "Eigenvalues of general square matrices";
  let description = [{
    NumPy's `linalg.eigvals(a)`: the eigenvalues of `ten.linalg.eig` alone,
    computed without the eigenvectors, in the same order.

    ```mlir
    %w = ten.linalg.eigvals %a : tensor<6x6xf32> -> tensor<6xcomplex<f32>>
    ```
  }];
  let arguments = (ins Ten_LinalgTensor:$input);
  let results = (outs Ten_LinalgComplexTensor:$values);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($values)";
}

def Ten_SvdOp : Ten_LinalgOp<"svd"> {
  let summary = "Singular value decomposition";
  let description = [{
    NumPy's `linalg.svd(a, full_matrices)` of each `m x n` matrix, `k =
    min(m, n)`: `a = u @ diag(s) @ vh`, the singular values `s` real and
    descending, `u` and `vh` with orthonormal columns and rows: `m x k` and
    `k x n`, or with `full_matrices` `m x m` and `n x n`. Divide and
    conquer (LAPACK's `gesdd` on the CPU, as NumPy). An iteration that
    does not converge is an error of the run, "SVD did not converge".

    ```mlir
    %u, %s, %vh = ten.linalg.svd %a : tensor<6x4xf64> -> tensor<6x4xf64>, tensor<4xf64>, tensor<4x4xf64>
    %v, %t, %wh = ten.linalg.svd %b full_matrices : tensor<3x5xf32> -> tensor<3x3xf32>, tensor<3xf32>, tensor<5x5xf32>
    ```
  }];
  let arguments = (ins Ten_LinalgTensor:$input, UnitAttr:$full_matrices);
  let results = (outs Ten_LinalgTensor:$u, RankedTensorOf<[F32, F64]>:$s,
                      Ten_LinalgTensor:$vh);
  let assemblyFormat = [{
    $input (`full_matrices` $full_matrices^)? attr-dict `:` type($input) `->`
    type($u) `,` type($s) `,` type($vh)
  }];
}

def Ten_SvdvalsOp : Ten_LinalgOp<"svdvals"> {
  let summary = "Singular values";
  let description = [{
    NumPy's `linalg.svdvals(a)` (`svd(a, compute_uv=False)`): the singular
    values of each matrix, descending, computed without `u` and `vh`.

    ```mlir
    %s = ten.linalg.svdvals %a : tensor<10x3x7xcomplex<f64>> -> tensor<10x3xf64>
    ```
  }];
  let arguments = (ins Ten_LinalgTensor:$input);
  let results = (outs RankedTensorOf<[F32, F64]>:$s);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($s)";
}

#endif // TEN_DIALECT_TEN_IR_TENLINALGOPS_TD
