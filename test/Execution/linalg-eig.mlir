// ten.linalg.eig and eigvals on LAPACK against numpy.linalg.eig on the same
// inputs, element for element: the routine is NumPy's (geev), so the order
// of the eigenvalues and each vector's phase (norm 1, the largest
// component real) are NumPy's too, but for a sign that LAPACK's kernels
// choose per host (a real matrix's vectors compared by magnitude here;
// linalg-invariants.mlir checks A v = v w). Both precisions of complex matrices,
// double of real ones (single in linalg-invariants.mlir), batches (an
// empty one), real matrices with conjugate pairs of eigenvalues, a
// defective matrix, 1x1 and 0x0 matrices, dynamic sizes. A real input's results are
// complex, as NumPy's are where any eigenvalue is not real.
// CPU-ONLY: cuSOLVER's geev may order the eigenvalues otherwise (linalg-invariants.mlir checks both targets)
// RUN: %check-numpy %s --num-threads=2 | FileCheck %s
// RUN: %check-numpy %s --num-threads=1 | FileCheck %s
// CHECK: 0 failed

// NUMPY @eig_f64: a = rand(3, 5, 5, dtype=f64); w, v = np.linalg.eig(a); args = [a]; results = [w.astype(np.complex128), np.abs(v), np.linalg.eigvals(a).astype(np.complex128)]; rtol = 1e-10; atol = 1e-10
func.func @eig_f64(%a: tensor<3x5x5xf64>) -> (tensor<3x5xcomplex<f64>>, tensor<3x5x5xf64>, tensor<3x5xcomplex<f64>>) {
  %w, %v = ten.linalg.eig %a : tensor<3x5x5xf64> -> tensor<3x5xcomplex<f64>>, tensor<3x5x5xcomplex<f64>>
  %av = ten.abs %v : tensor<3x5x5xcomplex<f64>>
  %x = ten.linalg.eigvals %a : tensor<3x5x5xf64> -> tensor<3x5xcomplex<f64>>
  return %w, %av, %x : tensor<3x5xcomplex<f64>>, tensor<3x5x5xf64>, tensor<3x5xcomplex<f64>>
}

// A rotation's eigenvalues are a conjugate pair; a Jordan block's are one
// value twice, with its one eigenvector twice (to rounding); a symmetric
// matrix's are real.
// NUMPY @eig_special: r = np.array([[0, -1, 0], [1, 0, 0], [0, 0, 2]], f64); j = np.array([[2, 1, 0], [0, 2, 0], [0, 0, 3]], f64); s = np.array([[2, 1, 0], [1, 2, 1], [0, 1, 2]], f64); a = np.stack([r, j, s]); w, v = np.linalg.eig(a); args = [a]; results = [w.astype(np.complex128), v.astype(np.complex128)]; rtol = 1e-10; atol = 1e-10
func.func @eig_special(%a: tensor<3x3x3xf64>) -> (tensor<3x3xcomplex<f64>>, tensor<3x3x3xcomplex<f64>>) {
  %w, %v = ten.linalg.eig %a : tensor<3x3x3xf64> -> tensor<3x3xcomplex<f64>>, tensor<3x3x3xcomplex<f64>>
  return %w, %v : tensor<3x3xcomplex<f64>>, tensor<3x3x3xcomplex<f64>>
}

// Single precision, whose rounding may order close eigenvalues otherwise
// than NumPy's double, is checked in linalg-invariants.mlir.

// NUMPY @eig_complex: a = rand(4, 4, dtype=f64) + 1j * rand(4, 4, dtype=f64); b = (rand(2, 3, 3) + 1j * rand(2, 3, 3)).astype(np.complex64); w, v = np.linalg.eig(a); x, y = np.linalg.eig(b); args = [a, b]; results = [w, v, x, y, np.linalg.eigvals(b)]; rtol = 1e-4; atol = 1e-4
func.func @eig_complex(%a: tensor<4x4xcomplex<f64>>, %b: tensor<2x3x3xcomplex<f32>>) -> (tensor<4xcomplex<f64>>, tensor<4x4xcomplex<f64>>, tensor<2x3xcomplex<f32>>, tensor<2x3x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) {
  %w, %v = ten.linalg.eig %a : tensor<4x4xcomplex<f64>> -> tensor<4xcomplex<f64>>, tensor<4x4xcomplex<f64>>
  %x, %y = ten.linalg.eig %b : tensor<2x3x3xcomplex<f32>> -> tensor<2x3xcomplex<f32>>, tensor<2x3x3xcomplex<f32>>
  %z = ten.linalg.eigvals %b : tensor<2x3x3xcomplex<f32>> -> tensor<2x3xcomplex<f32>>
  return %w, %v, %x, %y, %z : tensor<4xcomplex<f64>>, tensor<4x4xcomplex<f64>>, tensor<2x3xcomplex<f32>>, tensor<2x3x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>
}

// Sizes that only run time knows; an empty batch, a 0x0 and a 1x1 matrix.
// NUMPY @eig_dynamic: a = rand(3, 7, 7, dtype=f64); e = rand(0, 4, 4, dtype=f64); z = np.zeros((0, 0)); o = np.array([[-3.5]]); w, v = np.linalg.eig(a); args = [a, e, z, o]; results = [w.astype(np.complex128), v.astype(np.complex128), np.zeros((0, 4), np.complex128), np.zeros((0, 0), np.complex128), np.zeros(0, np.complex128), np.array([-3.5 + 0j]), np.array([[1 + 0j]])]; rtol = 1e-10; atol = 1e-10
func.func @eig_dynamic(%a: tensor<?x?x?xf64>, %e: tensor<?x?x?xf64>, %z: tensor<?x?xf64>, %o: tensor<?x?xf64>) -> (tensor<?x?xcomplex<f64>>, tensor<?x?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?x?xcomplex<f64>>) {
  %w, %v = ten.linalg.eig %a : tensor<?x?x?xf64> -> tensor<?x?xcomplex<f64>>, tensor<?x?x?xcomplex<f64>>
  %x = ten.linalg.eigvals %e : tensor<?x?x?xf64> -> tensor<?x?xcomplex<f64>>
  %p, %q = ten.linalg.eig %z : tensor<?x?xf64> -> tensor<?xcomplex<f64>>, tensor<?x?xcomplex<f64>>
  %s, %t = ten.linalg.eig %o : tensor<?x?xf64> -> tensor<?xcomplex<f64>>, tensor<?x?xcomplex<f64>>
  return %w, %v, %x, %q, %p, %s, %t : tensor<?x?xcomplex<f64>>, tensor<?x?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?x?xcomplex<f64>>
}
