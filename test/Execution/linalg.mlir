// The dense linear algebra of ten.linalg (LAPACK on the CPU, cuSOLVER on
// the GPU: utils/gpu-suite.py), checked against NumPy's numpy.linalg: every
// element type, single matrices and batches (a broadcast one among them,
// an empty one), vectors and matrices of right-hand sides, dynamic sizes,
// singular matrices' determinants, the empty matrix's, and more matrices
// than a thread takes alone.
// RUN: %check-numpy %s --num-threads=2 | FileCheck %s
// RUN: %check-numpy %s --num-threads=1 | FileCheck %s
// CHECK: 0 failed

// Hermitian positive-definite matrices: m @ m^H plus n on the diagonal.
// NUMPY @cholesky_f32: m = rand(3, 5, 5); a = m @ m.transpose(0, 2, 1) + 5 * np.eye(5, dtype=f32); args = [a]; results = [np.linalg.cholesky(a), np.linalg.cholesky(a, upper=True)]; rtol = 1e-4; atol = 1e-5
func.func @cholesky_f32(%a: tensor<3x5x5xf32>) -> (tensor<3x5x5xf32>, tensor<3x5x5xf32>) {
  %l = ten.linalg.cholesky %a : tensor<3x5x5xf32> -> tensor<3x5x5xf32>
  %u = ten.linalg.cholesky %a upper : tensor<3x5x5xf32> -> tensor<3x5x5xf32>
  return %l, %u : tensor<3x5x5xf32>, tensor<3x5x5xf32>
}

// Only one triangle is read: the other holds garbage here.
// NUMPY @cholesky_f64_triangle: m = rand(6, 6, dtype=f64); a = m @ m.T + 6 * np.eye(6); g = a + np.triu(rand(6, 6, dtype=f64), 1); h = a + np.tril(rand(6, 6, dtype=f64), -1); args = [g, h]; results = [np.linalg.cholesky(g), np.linalg.cholesky(h, upper=True)]; rtol = 1e-12; atol = 1e-12
func.func @cholesky_f64_triangle(%g: tensor<6x6xf64>, %h: tensor<6x6xf64>) -> (tensor<6x6xf64>, tensor<6x6xf64>) {
  %l = ten.linalg.cholesky %g : tensor<6x6xf64> -> tensor<6x6xf64>
  %u = ten.linalg.cholesky %h upper : tensor<6x6xf64> -> tensor<6x6xf64>
  return %l, %u : tensor<6x6xf64>, tensor<6x6xf64>
}

// NUMPY @cholesky_complex: m = (rand(2, 4, 4) + 1j * rand(2, 4, 4)).astype(np.complex64); a = m @ m.conj().transpose(0, 2, 1) + 4 * np.eye(4, dtype=np.complex64); n = (rand(3, 3, dtype=f64) + 1j * rand(3, 3, dtype=f64)); b = n @ n.conj().T + 3 * np.eye(3); args = [a, b]; results = [np.linalg.cholesky(a), np.linalg.cholesky(b, upper=True)]; rtol = 1e-4; atol = 1e-5
func.func @cholesky_complex(%a: tensor<2x4x4xcomplex<f32>>, %b: tensor<3x3xcomplex<f64>>) -> (tensor<2x4x4xcomplex<f32>>, tensor<3x3xcomplex<f64>>) {
  %l = ten.linalg.cholesky %a : tensor<2x4x4xcomplex<f32>> -> tensor<2x4x4xcomplex<f32>>
  %u = ten.linalg.cholesky %b upper : tensor<3x3xcomplex<f64>> -> tensor<3x3xcomplex<f64>>
  return %l, %u : tensor<2x4x4xcomplex<f32>>, tensor<3x3xcomplex<f64>>
}

// NUMPY @cholesky_dynamic: m = rand(7, 7, dtype=f64); a = m @ m.T + 7 * np.eye(7); args = [a]; results = [np.linalg.cholesky(a)]; rtol = 1e-12; atol = 1e-12
func.func @cholesky_dynamic(%a: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %l = ten.linalg.cholesky %a : tensor<?x?xf64> -> tensor<?x?xf64>
  return %l : tensor<?x?xf64>
}

// A NaN pivot is no failure: NumPy's factor has NaN in its column and every
// column after it. Above 8 x 8 LAPACK factors: zeros below the pivot (which
// some OpenBLAS kernels leave as zeros), a NaN off the diagonal that makes
// a later pivot NaN, and a batch whose other matrix is untouched.
// NUMPY @cholesky_nan_pivot: a = np.stack([2 * np.eye(12, dtype=f32), 2 * np.eye(12, dtype=f32)]); a[0, 5, 5] = np.nan; m = rand(12, 12, dtype=f64); b = m @ m.T + 12 * np.eye(12); b[3, 7] = b[7, 3] = np.nan; c = (2 * np.eye(10)).astype(np.complex64); c[4, 4] = np.nan; d = (2 * np.eye(9)).astype(np.complex128); d[0, 0] = complex(np.nan, 0); args = [a, b, c, d]; results = [np.linalg.cholesky(a), np.linalg.cholesky(a, upper=True), np.linalg.cholesky(b), np.linalg.cholesky(b, upper=True), np.linalg.cholesky(c), np.linalg.cholesky(d, upper=True)]; rtol = 1e-5; atol = 1e-6
func.func @cholesky_nan_pivot(%a: tensor<2x12x12xf32>, %b: tensor<12x12xf64>, %c: tensor<10x10xcomplex<f32>>, %d: tensor<9x9xcomplex<f64>>) -> (tensor<2x12x12xf32>, tensor<2x12x12xf32>, tensor<12x12xf64>, tensor<12x12xf64>, tensor<10x10xcomplex<f32>>, tensor<9x9xcomplex<f64>>) {
  %la = ten.linalg.cholesky %a : tensor<2x12x12xf32> -> tensor<2x12x12xf32>
  %ua = ten.linalg.cholesky %a upper : tensor<2x12x12xf32> -> tensor<2x12x12xf32>
  %lb = ten.linalg.cholesky %b : tensor<12x12xf64> -> tensor<12x12xf64>
  %ub = ten.linalg.cholesky %b upper : tensor<12x12xf64> -> tensor<12x12xf64>
  %lc = ten.linalg.cholesky %c : tensor<10x10xcomplex<f32>> -> tensor<10x10xcomplex<f32>>
  %ud = ten.linalg.cholesky %d upper : tensor<9x9xcomplex<f64>> -> tensor<9x9xcomplex<f64>>
  return %la, %ua, %lb, %ub, %lc, %ud : tensor<2x12x12xf32>, tensor<2x12x12xf32>, tensor<12x12xf64>, tensor<12x12xf64>, tensor<10x10xcomplex<f32>>, tensor<9x9xcomplex<f64>>
}

// A vector against a batch; matrices of right-hand sides whose batch
// broadcasts against a single matrix.
// NUMPY @solve_f64: a = rand(3, 4, 4, dtype=f64) + 4 * np.eye(4); b = rand(4, dtype=f64); c = rand(4, 4, dtype=f64) + 4 * np.eye(4); d = rand(2, 4, 5, dtype=f64); args = [a, b, c, d]; results = [np.linalg.solve(a, b), np.linalg.solve(c, d)]; rtol = 1e-12; atol = 1e-12
func.func @solve_f64(%a: tensor<3x4x4xf64>, %b: tensor<4xf64>, %c: tensor<4x4xf64>, %d: tensor<2x4x5xf64>) -> (tensor<3x4xf64>, tensor<2x4x5xf64>) {
  %x = ten.linalg.solve %a, %b : (tensor<3x4x4xf64>, tensor<4xf64>) -> tensor<3x4xf64>
  %y = ten.linalg.solve %c, %d : (tensor<4x4xf64>, tensor<2x4x5xf64>) -> tensor<2x4x5xf64>
  return %x, %y : tensor<3x4xf64>, tensor<2x4x5xf64>
}

// Batches that both broadcast: (2, 1) against (3,).
// NUMPY @solve_broadcast_f32: a = rand(2, 1, 3, 3) + 3 * np.eye(3, dtype=f32); b = rand(3, 3, 2); args = [a, b]; results = [np.linalg.solve(a, b)]; rtol = 1e-4; atol = 1e-5
func.func @solve_broadcast_f32(%a: tensor<2x1x3x3xf32>, %b: tensor<3x3x2xf32>) -> tensor<2x3x3x2xf32> {
  %x = ten.linalg.solve %a, %b : (tensor<2x1x3x3xf32>, tensor<3x3x2xf32>) -> tensor<2x3x3x2xf32>
  return %x : tensor<2x3x3x2xf32>
}

// NUMPY @solve_complex: a = (rand(5, 5) + 1j * rand(5, 5)).astype(np.complex64) + 5 * np.eye(5, dtype=np.complex64); b = (rand(5, 2) + 1j * rand(5, 2)).astype(np.complex64); c = rand(2, 3, 3, dtype=f64) + 1j * rand(2, 3, 3, dtype=f64) + 3 * np.eye(3); d = rand(3, dtype=f64) + 1j * rand(3, dtype=f64); args = [a, b, c, d]; results = [np.linalg.solve(a, b), np.linalg.solve(c, d)]; rtol = 1e-4; atol = 1e-5
func.func @solve_complex(%a: tensor<5x5xcomplex<f32>>, %b: tensor<5x2xcomplex<f32>>, %c: tensor<2x3x3xcomplex<f64>>, %d: tensor<3xcomplex<f64>>) -> (tensor<5x2xcomplex<f32>>, tensor<2x3xcomplex<f64>>) {
  %x = ten.linalg.solve %a, %b : (tensor<5x5xcomplex<f32>>, tensor<5x2xcomplex<f32>>) -> tensor<5x2xcomplex<f32>>
  %y = ten.linalg.solve %c, %d : (tensor<2x3x3xcomplex<f64>>, tensor<3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  return %x, %y : tensor<5x2xcomplex<f32>>, tensor<2x3xcomplex<f64>>
}

// NUMPY @solve_dynamic: a = rand(2, 6, 6, dtype=f64) + 6 * np.eye(6); b = rand(2, 6, 3, dtype=f64); args = [a, b]; results = [np.linalg.solve(a, b)]; rtol = 1e-12; atol = 1e-12
func.func @solve_dynamic(%a: tensor<?x?x?xf64>, %b: tensor<?x?x?xf64>) -> tensor<?x?x?xf64> {
  %x = ten.linalg.solve %a, %b : (tensor<?x?x?xf64>, tensor<?x?x?xf64>) -> tensor<?x?x?xf64>
  return %x : tensor<?x?x?xf64>
}

// Many small matrices (on both threads) and an empty batch.
// NUMPY @inv_f32: a = rand(2000, 4, 4) + 4 * np.eye(4, dtype=f32); e = rand(0, 3, 3); args = [a, e]; results = [np.linalg.inv(a), np.linalg.inv(e)]; rtol = 1e-4; atol = 1e-5
func.func @inv_f32(%a: tensor<2000x4x4xf32>, %e: tensor<0x3x3xf32>) -> (tensor<2000x4x4xf32>, tensor<0x3x3xf32>) {
  %i = ten.linalg.inv %a : tensor<2000x4x4xf32> -> tensor<2000x4x4xf32>
  %j = ten.linalg.inv %e : tensor<0x3x3xf32> -> tensor<0x3x3xf32>
  return %i, %j : tensor<2000x4x4xf32>, tensor<0x3x3xf32>
}

// NUMPY @inv_complex: a = rand(3, 3, dtype=f64) + 1j * rand(3, 3, dtype=f64) + 3 * np.eye(3); args = [a]; results = [np.linalg.inv(a)]; rtol = 1e-12; atol = 1e-12
func.func @inv_complex(%a: tensor<3x3xcomplex<f64>>) -> tensor<3x3xcomplex<f64>> {
  %i = ten.linalg.inv %a : tensor<3x3xcomplex<f64>> -> tensor<3x3xcomplex<f64>>
  return %i : tensor<3x3xcomplex<f64>>
}

// A singular matrix's sign is 0 and its logarithm minus infinity; the empty
// matrix's determinant is 1.
// NUMPY @slogdet_f64: a = rand(4, 5, 5, dtype=f64); a[2, 3] = a[2, 1]; e = np.zeros((0, 0)); args = [a, e]; s, l = np.linalg.slogdet(a); t, m = np.linalg.slogdet(e); results = [s, l, np.linalg.det(a), t, m, np.linalg.det(e)]; rtol = 1e-12; atol = 1e-12
func.func @slogdet_f64(%a: tensor<4x5x5xf64>, %e: tensor<0x0xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<f64>, tensor<f64>, tensor<f64>) {
  %s, %l = ten.linalg.slogdet %a : tensor<4x5x5xf64> -> tensor<4xf64>, tensor<4xf64>
  %d = ten.linalg.det %a : tensor<4x5x5xf64> -> tensor<4xf64>
  %t, %m = ten.linalg.slogdet %e : tensor<0x0xf64> -> tensor<f64>, tensor<f64>
  %f = ten.linalg.det %e : tensor<0x0xf64> -> tensor<f64>
  return %s, %l, %d, %t, %m, %f : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<f64>, tensor<f64>, tensor<f64>
}

// NaN and infinities on the diagonal: a real sign counts the negative
// elements (+-1, with log|det| NaN or inf), a complex one is NaN; one
// matrix above 8 x 8, which LAPACK factors. Each NaN is its column's last
// pivot: below an earlier one, NumPy's OpenBLAS leaves zeros that the
// NaN pivot's reciprocal scales, where IEEE arithmetic makes them NaN, and
// the later pivots' signs are the LAPACK's.
// NUMPY @slogdet_nonfinite: a = np.array([[[-1, 0], [0, np.nan]], [[np.inf, 0], [0, 1]], [[-np.inf, 0], [0, 1]]]); b = 2 * np.eye(12); b[11, 11] = np.nan; b[7, 7] = -1; c = np.array([[-1, 0], [0, np.nan]], dtype=np.complex128); args = [a, b, c]; s, l = np.linalg.slogdet(a); t, m = np.linalg.slogdet(b); u, v = np.linalg.slogdet(c); results = [s, l, t, m, u, v]; rtol = 1e-12; atol = 1e-12
func.func @slogdet_nonfinite(%a: tensor<3x2x2xf64>, %b: tensor<12x12xf64>, %c: tensor<2x2xcomplex<f64>>) -> (tensor<3xf64>, tensor<3xf64>, tensor<f64>, tensor<f64>, tensor<complex<f64>>, tensor<f64>) {
  %s, %l = ten.linalg.slogdet %a : tensor<3x2x2xf64> -> tensor<3xf64>, tensor<3xf64>
  %t, %m = ten.linalg.slogdet %b : tensor<12x12xf64> -> tensor<f64>, tensor<f64>
  %u, %v = ten.linalg.slogdet %c : tensor<2x2xcomplex<f64>> -> tensor<complex<f64>>, tensor<f64>
  return %s, %l, %t, %m, %u, %v : tensor<3xf64>, tensor<3xf64>, tensor<f64>, tensor<f64>, tensor<complex<f64>>, tensor<f64>
}

// Matrices with NaN: NumPy's solutions and inverses are NaN, as are its
// determinants, not a singular matrix's error (cuSOLVER, which factors
// such a matrix as if its NaN were zeros, found [[-1, 0], [0, nan]]
// singular and [[1, 3], [2, nan]]'s determinant 6); the matrix beside them
// is solved as usual.
// NUMPY @nan_matrices: a = np.array([[[-1, 0], [0, np.nan]], [[1, 3], [2, np.nan]], [[2, 1], [1, 3]]]); b = rand(3, 2, 2, dtype=f64); c = a.astype(np.complex64); e = rand(3, 2, 2).astype(np.complex64); args = [a, b, c, e]; s, l = np.linalg.slogdet(a); t, m = np.linalg.slogdet(c); results = [np.linalg.solve(a, b), np.linalg.inv(a), np.linalg.det(a), s, l, np.linalg.solve(c, e), np.linalg.inv(c), t, m]; rtol = 1e-5; atol = 1e-6
func.func @nan_matrices(%a: tensor<3x2x2xf64>, %b: tensor<3x2x2xf64>, %c: tensor<3x2x2xcomplex<f32>>, %e: tensor<3x2x2xcomplex<f32>>) -> (tensor<3x2x2xf64>, tensor<3x2x2xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3x2x2xcomplex<f32>>, tensor<3x2x2xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xf32>) {
  %x = ten.linalg.solve %a, %b : (tensor<3x2x2xf64>, tensor<3x2x2xf64>) -> tensor<3x2x2xf64>
  %i = ten.linalg.inv %a : tensor<3x2x2xf64> -> tensor<3x2x2xf64>
  %d = ten.linalg.det %a : tensor<3x2x2xf64> -> tensor<3xf64>
  %s, %l = ten.linalg.slogdet %a : tensor<3x2x2xf64> -> tensor<3xf64>, tensor<3xf64>
  %y = ten.linalg.solve %c, %e : (tensor<3x2x2xcomplex<f32>>, tensor<3x2x2xcomplex<f32>>) -> tensor<3x2x2xcomplex<f32>>
  %j = ten.linalg.inv %c : tensor<3x2x2xcomplex<f32>> -> tensor<3x2x2xcomplex<f32>>
  %t, %m = ten.linalg.slogdet %c : tensor<3x2x2xcomplex<f32>> -> tensor<3xcomplex<f32>>, tensor<3xf32>
  return %x, %i, %d, %s, %l, %y, %j, %t, %m : tensor<3x2x2xf64>, tensor<3x2x2xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3x2x2xcomplex<f32>>, tensor<3x2x2xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xf32>
}

// NUMPY @slogdet_complex: a = (rand(3, 4, 4) + 1j * rand(3, 4, 4)).astype(np.complex64); s, l = np.linalg.slogdet(a); args = [a]; results = [s, l, np.linalg.det(a)]; rtol = 1e-4; atol = 1e-5
func.func @slogdet_complex(%a: tensor<3x4x4xcomplex<f32>>) -> (tensor<3xcomplex<f32>>, tensor<3xf32>, tensor<3xcomplex<f32>>) {
  %s, %l = ten.linalg.slogdet %a : tensor<3x4x4xcomplex<f32>> -> tensor<3xcomplex<f32>>, tensor<3xf32>
  %d = ten.linalg.det %a : tensor<3x4x4xcomplex<f32>> -> tensor<3xcomplex<f32>>
  return %s, %l, %d : tensor<3xcomplex<f32>>, tensor<3xf32>, tensor<3xcomplex<f32>>
}

// NUMPY @det_dynamic: a = rand(6, 3, 3); args = [a]; results = [np.linalg.det(a)]; rtol = 1e-4; atol = 1e-5
func.func @det_dynamic(%a: tensor<?x?x?xf32>) -> tensor<?xf32> {
  %d = ten.linalg.det %a : tensor<?x?x?xf32> -> tensor<?xf32>
  return %d : tensor<?xf32>
}

// One operand in two solves, broadcast the same way each time, and another
// computed between them: each call reads its own operands' values (the
// second used to read the exponential's in place of a's).
// NUMPY @solve_shared_operand: a = rand(3, 3, dtype=f64) + 3 * np.eye(3); b = rand(2, 3, 3, dtype=f64); c = rand(2, 3, 3, dtype=f64); args = [a, b, c]; results = [np.linalg.solve(a, b), np.linalg.solve(a, np.exp(c))]; rtol = 1e-12; atol = 1e-12
func.func @solve_shared_operand(%a: tensor<3x3xf64>, %b: tensor<2x3x3xf64>, %c: tensor<2x3x3xf64>) -> (tensor<2x3x3xf64>, tensor<2x3x3xf64>) {
  %x = ten.linalg.solve %a, %b : (tensor<3x3xf64>, tensor<2x3x3xf64>) -> tensor<2x3x3xf64>
  %e = ten.exp %c : tensor<2x3x3xf64>
  %y = ten.linalg.solve %a, %e : (tensor<3x3xf64>, tensor<2x3x3xf64>) -> tensor<2x3x3xf64>
  return %x, %y : tensor<2x3x3xf64>, tensor<2x3x3xf64>
}
