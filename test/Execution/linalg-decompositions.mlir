// The decompositions of ten.linalg on LAPACK, QR, eigh and SVD, against
// NumPy's numpy.linalg on the same inputs: every element type, batches
// (an empty one), tall, wide and empty matrices, reduced and complete
// factors, dynamic sizes. The routines are NumPy's (geqrf/orgqr, syevd,
// gesdd), so the factors' signs are NumPy's too.
// CPU-ONLY: cuSOLVER's eigenvectors and singular vectors may differ in sign from LAPACK's (linalg-invariants.mlir checks both targets)
// RUN: %check-numpy %s --num-threads=2 | FileCheck %s
// RUN: %check-numpy %s --num-threads=1 | FileCheck %s
// CHECK: 0 failed

// NUMPY @qr_f64: a = rand(3, 5, 3, dtype=f64); b = rand(3, 5, dtype=f64); q, r = np.linalg.qr(a); p, s = np.linalg.qr(a, mode="complete"); t, u = np.linalg.qr(b); args = [a, b]; results = [q, r, p, s, t, u]; rtol = 1e-10; atol = 1e-10
func.func @qr_f64(%a: tensor<3x5x3xf64>, %b: tensor<3x5xf64>) -> (tensor<3x5x3xf64>, tensor<3x3x3xf64>, tensor<3x5x5xf64>, tensor<3x5x3xf64>, tensor<3x3xf64>, tensor<3x5xf64>) {
  %q, %r = ten.linalg.qr %a : tensor<3x5x3xf64> -> tensor<3x5x3xf64>, tensor<3x3x3xf64>
  %p, %s = ten.linalg.qr %a complete : tensor<3x5x3xf64> -> tensor<3x5x5xf64>, tensor<3x5x3xf64>
  %t, %u = ten.linalg.qr %b : tensor<3x5xf64> -> tensor<3x3xf64>, tensor<3x5xf64>
  return %q, %r, %p, %s, %t, %u : tensor<3x5x3xf64>, tensor<3x3x3xf64>, tensor<3x5x5xf64>, tensor<3x5x3xf64>, tensor<3x3xf64>, tensor<3x5xf64>
}

// NUMPY @qr_complex: a = (rand(4, 3) + 1j * rand(4, 3)).astype(np.complex64); q, r = np.linalg.qr(a); args = [a]; results = [q, r]; rtol = 1e-4; atol = 1e-5
func.func @qr_complex(%a: tensor<4x3xcomplex<f32>>) -> (tensor<4x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>) {
  %q, %r = ten.linalg.qr %a : tensor<4x3xcomplex<f32>> -> tensor<4x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>
  return %q, %r : tensor<4x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>
}

// An empty matrix's complete Q is the identity.
// NUMPY @qr_dynamic: a = rand(2, 6, 4); e = np.zeros((3, 0), f32); q, r = np.linalg.qr(a); p, s = np.linalg.qr(e, mode="complete"); args = [a, e]; results = [q, r, p, s]; rtol = 1e-4; atol = 1e-5
func.func @qr_dynamic(%a: tensor<?x?x?xf32>, %e: tensor<?x?xf32>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %q, %r = ten.linalg.qr %a : tensor<?x?x?xf32> -> tensor<?x?x?xf32>, tensor<?x?x?xf32>
  %p, %s = ten.linalg.qr %e complete : tensor<?x?xf32> -> tensor<?x?xf32>, tensor<?x?xf32>
  return %q, %r, %p, %s : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// NUMPY @eigh_f64: m = rand(4, 6, 6, dtype=f64); a = m + m.transpose(0, 2, 1); w, v = np.linalg.eigh(a); x, y = np.linalg.eigh(a, UPLO="U"); args = [a]; results = [w, v, x, y, np.linalg.eigvalsh(a)]; rtol = 1e-10; atol = 1e-10
func.func @eigh_f64(%a: tensor<4x6x6xf64>) -> (tensor<4x6xf64>, tensor<4x6x6xf64>, tensor<4x6xf64>, tensor<4x6x6xf64>, tensor<4x6xf64>) {
  %w, %v = ten.linalg.eigh %a : tensor<4x6x6xf64> -> tensor<4x6xf64>, tensor<4x6x6xf64>
  %x, %y = ten.linalg.eigh %a upper : tensor<4x6x6xf64> -> tensor<4x6xf64>, tensor<4x6x6xf64>
  %z = ten.linalg.eigvalsh %a : tensor<4x6x6xf64> -> tensor<4x6xf64>
  return %w, %v, %x, %y, %z : tensor<4x6xf64>, tensor<4x6x6xf64>, tensor<4x6xf64>, tensor<4x6x6xf64>, tensor<4x6xf64>
}

// Eigenvalues of Hermitian matrices; the vectors are checked in Python,
// where each one's phase is free.
// NUMPY @eigh_complex: m = (rand(5, 5) + 1j * rand(5, 5)).astype(np.complex64); a = m + m.conj().T; b = rand(0, 3, 3); args = [a, b]; results = [np.linalg.eigvalsh(a), np.linalg.eigvalsh(a, UPLO="U"), np.linalg.eigvalsh(b)]; rtol = 1e-4; atol = 1e-5
func.func @eigh_complex(%a: tensor<5x5xcomplex<f32>>, %b: tensor<0x3x3xf32>) -> (tensor<5xf32>, tensor<5xf32>, tensor<0x3xf32>) {
  %w = ten.linalg.eigvalsh %a : tensor<5x5xcomplex<f32>> -> tensor<5xf32>
  %x = ten.linalg.eigvalsh %a upper : tensor<5x5xcomplex<f32>> -> tensor<5xf32>
  %y = ten.linalg.eigvalsh %b : tensor<0x3x3xf32> -> tensor<0x3xf32>
  return %w, %x, %y : tensor<5xf32>, tensor<5xf32>, tensor<0x3xf32>
}

// NUMPY @svd_f64: a = rand(2, 6, 4, dtype=f64); b = rand(3, 5, dtype=f64); u, s, vh = np.linalg.svd(a, full_matrices=False); p, t, qh = np.linalg.svd(b); args = [a, b]; results = [u, s, vh, p, t, qh, np.linalg.svd(a, compute_uv=False)]; rtol = 1e-10; atol = 1e-10
func.func @svd_f64(%a: tensor<2x6x4xf64>, %b: tensor<3x5xf64>) -> (tensor<2x6x4xf64>, tensor<2x4xf64>, tensor<2x4x4xf64>, tensor<3x3xf64>, tensor<3xf64>, tensor<5x5xf64>, tensor<2x4xf64>) {
  %u, %s, %vh = ten.linalg.svd %a : tensor<2x6x4xf64> -> tensor<2x6x4xf64>, tensor<2x4xf64>, tensor<2x4x4xf64>
  %p, %t, %qh = ten.linalg.svd %b full_matrices : tensor<3x5xf64> -> tensor<3x3xf64>, tensor<3xf64>, tensor<5x5xf64>
  %v = ten.linalg.svdvals %a : tensor<2x6x4xf64> -> tensor<2x4xf64>
  return %u, %s, %vh, %p, %t, %qh, %v : tensor<2x6x4xf64>, tensor<2x4xf64>, tensor<2x4x4xf64>, tensor<3x3xf64>, tensor<3xf64>, tensor<5x5xf64>, tensor<2x4xf64>
}

// Singular values of complex and dynamic matrices, and of empty ones (and
// their full U and V^H, identities).
// NUMPY @svd_others: a = (rand(3, 4, 2) + 1j * rand(3, 4, 2)).astype(np.complex64); b = rand(5, 7); e = np.zeros((2, 0), f32); u, s, vh = np.linalg.svd(e); args = [a, b, e]; results = [np.linalg.svd(a, compute_uv=False), np.linalg.svd(b, compute_uv=False), u, s, vh]; rtol = 1e-4; atol = 1e-5
func.func @svd_others(%a: tensor<3x4x2xcomplex<f32>>, %b: tensor<?x?xf32>, %e: tensor<2x0xf32>) -> (tensor<3x2xf32>, tensor<?xf32>, tensor<2x2xf32>, tensor<0xf32>, tensor<0x0xf32>) {
  %s = ten.linalg.svdvals %a : tensor<3x4x2xcomplex<f32>> -> tensor<3x2xf32>
  %t = ten.linalg.svdvals %b : tensor<?x?xf32> -> tensor<?xf32>
  %u, %v, %wh = ten.linalg.svd %e full_matrices : tensor<2x0xf32> -> tensor<2x2xf32>, tensor<0xf32>, tensor<0x0xf32>
  return %s, %t, %u, %v, %wh : tensor<3x2xf32>, tensor<?xf32>, tensor<2x2xf32>, tensor<0xf32>, tensor<0x0xf32>
}
