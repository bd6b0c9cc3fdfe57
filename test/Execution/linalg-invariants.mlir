// What the decompositions of ten.linalg determine whatever the routine, on
// both targets: each eigenvector's and singular vector's sign (or phase) is
// free, and cuSOLVER's differ from LAPACK's, so these check the vectors'
// magnitudes, the values, the reconstructions (V diag(w) V^H = A, U diag(s)
// V^H = A) and orthonormality. linalg-decompositions.mlir checks the host's
// factors element for element against NumPy's (the same routines).
// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// NUMPY @eigh_f64: m = rand(4, 6, 6, dtype=f64); a = m + m.transpose(0, 2, 1); w, v = np.linalg.eigh(a); x, y = np.linalg.eigh(np.triu(a), UPLO="U"); args = [a, np.triu(a)]; results = [w, np.abs(v), x, np.abs(y), a, np.linalg.eigvalsh(a)]; rtol = 1e-10; atol = 1e-10
func.func @eigh_f64(%a: tensor<4x6x6xf64>, %u: tensor<4x6x6xf64>) -> (tensor<4x6xf64>, tensor<4x6x6xf64>, tensor<4x6xf64>, tensor<4x6x6xf64>, tensor<4x6x6xf64>, tensor<4x6xf64>) {
  %w, %v = ten.linalg.eigh %a : tensor<4x6x6xf64> -> tensor<4x6xf64>, tensor<4x6x6xf64>
  %x, %y = ten.linalg.eigh %u upper : tensor<4x6x6xf64> -> tensor<4x6xf64>, tensor<4x6x6xf64>
  %z = ten.linalg.eigvalsh %a : tensor<4x6x6xf64> -> tensor<4x6xf64>
  %av = ten.abs %v : tensor<4x6x6xf64>
  %ay = ten.abs %y : tensor<4x6x6xf64>
  %r = ten.einsum "bij,bj,bkj->bik" (%v, %w, %v) : (tensor<4x6x6xf64>, tensor<4x6xf64>, tensor<4x6x6xf64>) -> tensor<4x6x6xf64>
  return %w, %av, %x, %ay, %r, %z : tensor<4x6xf64>, tensor<4x6x6xf64>, tensor<4x6xf64>, tensor<4x6x6xf64>, tensor<4x6x6xf64>, tensor<4x6xf64>
}

// Only the lower triangle is read: the upper one holds garbage here.
// NUMPY @eigh_complex: m = (rand(5, 5) + 1j * rand(5, 5)).astype(np.complex64); a = m + m.conj().T; g = np.tril(a) + np.triu(rand(5, 5), 1); w, v = np.linalg.eigh(g); args = [g]; results = [w, np.abs(v), a, np.eye(5, dtype=np.complex64)]; rtol = 1e-4; atol = 1e-4
func.func @eigh_complex(%g: tensor<5x5xcomplex<f32>>) -> (tensor<5xf32>, tensor<5x5xf32>, tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>) {
  %w, %v = ten.linalg.eigh %g : tensor<5x5xcomplex<f32>> -> tensor<5xf32>, tensor<5x5xcomplex<f32>>
  %av = ten.abs %v : tensor<5x5xcomplex<f32>>
  %wc = ten.cast %w : tensor<5xf32> -> tensor<5xcomplex<f32>>
  %vh = ten.conj %v : tensor<5x5xcomplex<f32>>
  %r = ten.einsum "ij,j,kj->ik" (%v, %wc, %vh) : (tensor<5x5xcomplex<f32>>, tensor<5xcomplex<f32>>, tensor<5x5xcomplex<f32>>) -> tensor<5x5xcomplex<f32>>
  %i = ten.einsum "ji,jk->ik" (%vh, %v) : (tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>) -> tensor<5x5xcomplex<f32>>
  return %w, %av, %r, %i : tensor<5xf32>, tensor<5x5xf32>, tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>
}

// A wide matrix's full V^H: its first rows are unique up to sign, the others
// any orthonormal basis of the null space, so b V = [U diag(s), 0].
// NUMPY @svd_f64: a = rand(2, 6, 4, dtype=f64); b = rand(3, 5, dtype=f64); u, s, vh = np.linalg.svd(a, full_matrices=False); p, t, qh = np.linalg.svd(b); args = [a, b]; results = [np.abs(u), s, np.abs(vh), a, np.abs(p), t, np.eye(5), np.abs(np.hstack([p * t, np.zeros((3, 2))])), np.linalg.svd(a, compute_uv=False)]; rtol = 1e-10; atol = 1e-10
func.func @svd_f64(%a: tensor<2x6x4xf64>, %b: tensor<3x5xf64>) -> (tensor<2x6x4xf64>, tensor<2x4xf64>, tensor<2x4x4xf64>, tensor<2x6x4xf64>, tensor<3x3xf64>, tensor<3xf64>, tensor<5x5xf64>, tensor<3x5xf64>, tensor<2x4xf64>) {
  %u, %s, %vh = ten.linalg.svd %a : tensor<2x6x4xf64> -> tensor<2x6x4xf64>, tensor<2x4xf64>, tensor<2x4x4xf64>
  %p, %t, %qh = ten.linalg.svd %b full_matrices : tensor<3x5xf64> -> tensor<3x3xf64>, tensor<3xf64>, tensor<5x5xf64>
  %v = ten.linalg.svdvals %a : tensor<2x6x4xf64> -> tensor<2x4xf64>
  %au = ten.abs %u : tensor<2x6x4xf64>
  %avh = ten.abs %vh : tensor<2x4x4xf64>
  %r = ten.einsum "bij,bj,bjk->bik" (%u, %s, %vh) : (tensor<2x6x4xf64>, tensor<2x4xf64>, tensor<2x4x4xf64>) -> tensor<2x6x4xf64>
  %ap = ten.abs %p : tensor<3x3xf64>
  %i = ten.einsum "ij,kj->ik" (%qh, %qh) : (tensor<5x5xf64>, tensor<5x5xf64>) -> tensor<5x5xf64>
  %bv = ten.einsum "ij,kj->ik" (%b, %qh) : (tensor<3x5xf64>, tensor<5x5xf64>) -> tensor<3x5xf64>
  %abv = ten.abs %bv : tensor<3x5xf64>
  return %au, %s, %avh, %r, %ap, %t, %i, %abv, %v : tensor<2x6x4xf64>, tensor<2x4xf64>, tensor<2x4x4xf64>, tensor<2x6x4xf64>, tensor<3x3xf64>, tensor<3xf64>, tensor<5x5xf64>, tensor<3x5xf64>, tensor<2x4xf64>
}

// NUMPY @svd_complex: a = (rand(3, 2, 4) + 1j * rand(3, 2, 4)).astype(np.complex64); u, s, vh = np.linalg.svd(a, full_matrices=False); args = [a]; results = [np.abs(u), s, np.abs(vh), a]; rtol = 1e-4; atol = 1e-4
func.func @svd_complex(%a: tensor<3x2x4xcomplex<f32>>) -> (tensor<3x2x2xf32>, tensor<3x2xf32>, tensor<3x2x4xf32>, tensor<3x2x4xcomplex<f32>>) {
  %u, %s, %vh = ten.linalg.svd %a : tensor<3x2x4xcomplex<f32>> -> tensor<3x2x2xcomplex<f32>>, tensor<3x2xf32>, tensor<3x2x4xcomplex<f32>>
  %au = ten.abs %u : tensor<3x2x2xcomplex<f32>>
  %avh = ten.abs %vh : tensor<3x2x4xcomplex<f32>>
  %sc = ten.cast %s : tensor<3x2xf32> -> tensor<3x2xcomplex<f32>>
  %r = ten.einsum "bij,bj,bjk->bik" (%u, %sc, %vh) : (tensor<3x2x2xcomplex<f32>>, tensor<3x2xcomplex<f32>>, tensor<3x2x4xcomplex<f32>>) -> tensor<3x2x4xcomplex<f32>>
  return %au, %s, %avh, %r : tensor<3x2x2xf32>, tensor<3x2xf32>, tensor<3x2x4xf32>, tensor<3x2x4xcomplex<f32>>
}

// The eigenpairs of general matrices, whatever order the routine finds
// them in: each column of V is an eigenvector of norm 1 (A V = V diag(w)),
// and the power sums of the eigenvalues, sum(w^k) for k = 1..n, which
// determine them, are NumPy's, from ten.linalg.eig and eigvals alike. The
// first matrix has a conjugate pair of eigenvalues, +-2i, for certain.
// NUMPY @eig_f64: a = rand(3, 4, 4, dtype=f64); a[0] = [[0, -2, 0, 1], [2, 0, 0, 0], [0, 1, 1, 1], [0, 0, 0, 3]]; w = np.linalg.eigvals(a); args = [a]; results = [np.zeros((3, 4, 4), np.complex128), np.ones((3, 4))] + [np.sum(w**k, -1) for k in (1, 2, 3, 4)] * 2; rtol = 1e-10; atol = 1e-10
func.func @eig_f64(%a: tensor<3x4x4xf64>) -> (tensor<3x4x4xcomplex<f64>>, tensor<3x4xf64>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>) {
  %w, %v = ten.linalg.eig %a : tensor<3x4x4xf64> -> tensor<3x4xcomplex<f64>>, tensor<3x4x4xcomplex<f64>>
  %x = ten.linalg.eigvals %a : tensor<3x4x4xf64> -> tensor<3x4xcomplex<f64>>
  %ac = ten.cast %a : tensor<3x4x4xf64> -> tensor<3x4x4xcomplex<f64>>
  %av = ten.einsum "bij,bjk->bik" (%ac, %v) : (tensor<3x4x4xcomplex<f64>>, tensor<3x4x4xcomplex<f64>>) -> tensor<3x4x4xcomplex<f64>>
  %vw = ten.einsum "bjk,bk->bjk" (%v, %w) : (tensor<3x4x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>) -> tensor<3x4x4xcomplex<f64>>
  %r = ten.sub %av, %vw : (tensor<3x4x4xcomplex<f64>>, tensor<3x4x4xcomplex<f64>>) -> tensor<3x4x4xcomplex<f64>>
  %m = ten.abs %v : tensor<3x4x4xcomplex<f64>>
  %m2 = ten.mul %m, %m : (tensor<3x4x4xf64>, tensor<3x4x4xf64>) -> tensor<3x4x4xf64>
  %norms = ten.reduce sum %m2 dims [1] : tensor<3x4x4xf64> -> tensor<3x4xf64>
  %w2 = ten.mul %w, %w : (tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  %w3 = ten.mul %w2, %w : (tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  %w4 = ten.mul %w3, %w : (tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  %s1 = ten.reduce sum %w dims [1] : tensor<3x4xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %s2 = ten.reduce sum %w2 dims [1] : tensor<3x4xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %s3 = ten.reduce sum %w3 dims [1] : tensor<3x4xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %s4 = ten.reduce sum %w4 dims [1] : tensor<3x4xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %x2 = ten.mul %x, %x : (tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  %x3 = ten.mul %x2, %x : (tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  %x4 = ten.mul %x3, %x : (tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  %t1 = ten.reduce sum %x dims [1] : tensor<3x4xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %t2 = ten.reduce sum %x2 dims [1] : tensor<3x4xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %t3 = ten.reduce sum %x3 dims [1] : tensor<3x4xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %t4 = ten.reduce sum %x4 dims [1] : tensor<3x4xcomplex<f64>> -> tensor<3xcomplex<f64>>
  return %r, %norms, %s1, %s2, %s3, %s4, %t1, %t2, %t3, %t4 : tensor<3x4x4xcomplex<f64>>, tensor<3x4xf64>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>, tensor<3xcomplex<f64>>
}

// Single precision, real and complex, of sizes only run time knows.
// NUMPY @eig_single: a = rand(3, 3); c = (rand(2, 3, 3) + 1j * rand(2, 3, 3)).astype(np.complex64); w = np.linalg.eigvals(a); x = np.linalg.eigvals(c); args = [a, c]; results = [np.zeros((3, 3), np.complex64), np.ones(3, f32), np.zeros((2, 3, 3), np.complex64), np.ones((2, 3), f32)] + [np.sum(w**k, -1).astype(np.complex64) for k in (1, 2, 3)] + [np.sum(x**k, -1) for k in (1, 2, 3)]; rtol = 1e-4; atol = 1e-4
func.func @eig_single(%a: tensor<?x?xf32>, %c: tensor<?x?x?xcomplex<f32>>) -> (tensor<?x?xcomplex<f32>>, tensor<?xf32>, tensor<?x?x?xcomplex<f32>>, tensor<?x?xf32>, tensor<complex<f32>>, tensor<complex<f32>>, tensor<complex<f32>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>) {
  %w, %v = ten.linalg.eig %a : tensor<?x?xf32> -> tensor<?xcomplex<f32>>, tensor<?x?xcomplex<f32>>
  %ac = ten.cast %a : tensor<?x?xf32> -> tensor<?x?xcomplex<f32>>
  %av = ten.einsum "ij,jk->ik" (%ac, %v) : (tensor<?x?xcomplex<f32>>, tensor<?x?xcomplex<f32>>) -> tensor<?x?xcomplex<f32>>
  %vw = ten.einsum "jk,k->jk" (%v, %w) : (tensor<?x?xcomplex<f32>>, tensor<?xcomplex<f32>>) -> tensor<?x?xcomplex<f32>>
  %r = ten.sub %av, %vw : (tensor<?x?xcomplex<f32>>, tensor<?x?xcomplex<f32>>) -> tensor<?x?xcomplex<f32>>
  %m = ten.abs %v : tensor<?x?xcomplex<f32>>
  %m2 = ten.mul %m, %m : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %norms = ten.reduce sum %m2 dims [0] : tensor<?x?xf32> -> tensor<?xf32>
  %x, %y = ten.linalg.eig %c : tensor<?x?x?xcomplex<f32>> -> tensor<?x?xcomplex<f32>>, tensor<?x?x?xcomplex<f32>>
  %cy = ten.einsum "bij,bjk->bik" (%c, %y) : (tensor<?x?x?xcomplex<f32>>, tensor<?x?x?xcomplex<f32>>) -> tensor<?x?x?xcomplex<f32>>
  %yx = ten.einsum "bjk,bk->bjk" (%y, %x) : (tensor<?x?x?xcomplex<f32>>, tensor<?x?xcomplex<f32>>) -> tensor<?x?x?xcomplex<f32>>
  %q = ten.sub %cy, %yx : (tensor<?x?x?xcomplex<f32>>, tensor<?x?x?xcomplex<f32>>) -> tensor<?x?x?xcomplex<f32>>
  %n = ten.abs %y : tensor<?x?x?xcomplex<f32>>
  %n2 = ten.mul %n, %n : (tensor<?x?x?xf32>, tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %ynorms = ten.reduce sum %n2 dims [1] : tensor<?x?x?xf32> -> tensor<?x?xf32>
  %u = ten.linalg.eigvals %c : tensor<?x?x?xcomplex<f32>> -> tensor<?x?xcomplex<f32>>
  %w2 = ten.mul %w, %w : (tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>) -> tensor<?xcomplex<f32>>
  %w3 = ten.mul %w2, %w : (tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>) -> tensor<?xcomplex<f32>>
  %s1 = ten.reduce sum %w dims [0] : tensor<?xcomplex<f32>> -> tensor<complex<f32>>
  %s2 = ten.reduce sum %w2 dims [0] : tensor<?xcomplex<f32>> -> tensor<complex<f32>>
  %s3 = ten.reduce sum %w3 dims [0] : tensor<?xcomplex<f32>> -> tensor<complex<f32>>
  %u2 = ten.mul %u, %u : (tensor<?x?xcomplex<f32>>, tensor<?x?xcomplex<f32>>) -> tensor<?x?xcomplex<f32>>
  %u3 = ten.mul %u2, %u : (tensor<?x?xcomplex<f32>>, tensor<?x?xcomplex<f32>>) -> tensor<?x?xcomplex<f32>>
  %t1 = ten.reduce sum %u dims [1] : tensor<?x?xcomplex<f32>> -> tensor<?xcomplex<f32>>
  %t2 = ten.reduce sum %u2 dims [1] : tensor<?x?xcomplex<f32>> -> tensor<?xcomplex<f32>>
  %t3 = ten.reduce sum %u3 dims [1] : tensor<?x?xcomplex<f32>> -> tensor<?xcomplex<f32>>
  return %r, %norms, %q, %ynorms, %s1, %s2, %s3, %t1, %t2, %t3 : tensor<?x?xcomplex<f32>>, tensor<?xf32>, tensor<?x?x?xcomplex<f32>>, tensor<?x?xf32>, tensor<complex<f32>>, tensor<complex<f32>>, tensor<complex<f32>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>, tensor<?xcomplex<f32>>
}
