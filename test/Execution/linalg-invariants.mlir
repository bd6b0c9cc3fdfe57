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
