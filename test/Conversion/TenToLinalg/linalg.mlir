// RUN: tensor-opt %s --convert-ten-to-linalg="threads=2" --split-input-file | FileCheck %s

// Each factorization is a call of the host runtime's entry point of its
// element type on the operands' buffers (read only: the function's
// arguments' own; a fresh one that the op computing an operand writes) and
// fresh ones for the results, then the number of threads the batch may run
// on (the pass's threads option).

// CHECK: func.func private @tenrtCholeskyF32(memref<*xf32>, memref<*xf32>, i32, i32) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @cholesky
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x3xf32>)
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<2x3x3xf32>
// CHECK: %[[IN:.*]] = bufferization.to_buffer %[[A]] read_only : tensor<2x3x3xf32> to memref<2x3x3xf32>
// CHECK: %[[UPPER:.*]] = arith.constant 1 : i32
// CHECK: %[[THREADS:.*]] = arith.constant 2 : i32
// CHECK: call @tenrtCholeskyF32(%{{.*}}, %{{.*}}, %[[UPPER]], %[[THREADS]])
// CHECK: %[[L:.*]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: return %[[L]]
func.func @cholesky(%a: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
  %l = ten.linalg.cholesky %a upper : tensor<2x3x3xf32> -> tensor<2x3x3xf32>
  return %l : tensor<2x3x3xf32>
}

// -----

// A vector right-hand side is a matrix of one column, broadcast to a's
// batch; the solution is collapsed back to vectors.
// CHECK-LABEL: func.func @solve_vector
// CHECK-SAME: (%[[A:.*]]: tensor<2x1x3x3xf64>, %[[B:.*]]: tensor<3xf64>)
// CHECK: %[[COLUMN:.*]] = tensor.expand_shape %[[B]] {{\[}}[0, 1]] output_shape [3, 1] : tensor<3xf64> into tensor<3x1xf64>
// CHECK: %[[COLUMNS:.*]] = memref.alloc() : memref<2x1x3x1xf64>
// CHECK: %[[INIT:.*]] = bufferization.to_tensor %[[COLUMNS]] restrict writable
// CHECK: %[[BROADCAST:.*]] = linalg.generic {{.*}} ins(%[[COLUMN]] : tensor<3x1xf64>) outs(%[[INIT]] : tensor<2x1x3x1xf64>)
// CHECK: bufferization.materialize_in_destination %[[BROADCAST]] in restrict writable %[[COLUMNS]]
// CHECK: %[[X:.*]] = memref.alloc() : memref<2x1x3x1xf64>
// CHECK: bufferization.to_buffer %[[A]] read_only
// CHECK: memref.cast %[[COLUMNS]]
// CHECK: call @tenrtSolveF64
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[X]]
// CHECK: tensor.collapse_shape %[[T]] {{\[}}[0], [1], [2, 3]] : tensor<2x1x3x1xf64> into tensor<2x1x3xf64>
func.func @solve_vector(%a: tensor<2x1x3x3xf64>, %b: tensor<3xf64>) -> tensor<2x1x3xf64> {
  %x = ten.linalg.solve %a, %b : (tensor<2x1x3x3xf64>, tensor<3xf64>) -> tensor<2x1x3xf64>
  return %x : tensor<2x1x3xf64>
}

// -----

// Batches that differ are both broadcast to the result's.
// CHECK-DAG: #[[$A_MAP:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
// CHECK-DAG: #[[$B_MAP:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
// CHECK-LABEL: func.func @solve_batches
// CHECK: linalg.generic {indexing_maps = [#[[$A_MAP]], {{.*}}]{{.*}} outs(%{{.*}} : tensor<4x2x3x3xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[$B_MAP]], {{.*}}]{{.*}} outs(%{{.*}} : tensor<4x2x3x2xf32>)
// CHECK: call @tenrtSolveF32
func.func @solve_batches(%a: tensor<2x3x3xf32>, %b: tensor<4x1x3x2xf32>) -> tensor<4x2x3x2xf32> {
  %x = ten.linalg.solve %a, %b : (tensor<2x3x3xf32>, tensor<4x1x3x2xf32>) -> tensor<4x2x3x2xf32>
  return %x : tensor<4x2x3x2xf32>
}

// -----

// Sizes only run time knows are checked there: square matrices, b's rows.
// CHECK-LABEL: func.func @solve_dynamic
// CHECK: cf.assert %{{.*}}, "ten.linalg.solve at {{.*}}: a must be square matrices"
// CHECK: cf.assert %{{.*}}, "ten.linalg.solve at {{.*}}: dimension 0 of operand 1 does not have the size
// CHECK: call @tenrtSolveC64
func.func @solve_dynamic(%a: tensor<?x?xcomplex<f32>>, %b: tensor<?x?xcomplex<f32>>) -> tensor<?x?xcomplex<f32>> {
  %x = ten.linalg.solve %a, %b : (tensor<?x?xcomplex<f32>>, tensor<?x?xcomplex<f32>>) -> tensor<?x?xcomplex<f32>>
  return %x : tensor<?x?xcomplex<f32>>
}

// -----

// CHECK-LABEL: func.func @inv
// CHECK: call @tenrtInverseF64
func.func @inv(%a: tensor<5x5xf64>) -> tensor<5x5xf64> {
  %i = ten.linalg.inv %a : tensor<5x5xf64> -> tensor<5x5xf64>
  return %i : tensor<5x5xf64>
}

// -----

// The determinant is NumPy's sign * exp(logabsdet): a complex sign times
// the exponential as a complex number of imaginary part 0.
// CHECK-LABEL: func.func @det
// CHECK: %[[SIGN:.*]] = memref.alloc() : memref<2xcomplex<f64>>
// CHECK: %[[LOG:.*]] = memref.alloc() : memref<2xf64>
// CHECK: call @tenrtSlogdetC128
// CHECK: math.exp
// CHECK: complex.create %{{.*}}, %{{.*}} : complex<f64>
// CHECK: complex.mul
func.func @det(%a: tensor<2x4x4xcomplex<f64>>) -> tensor<2xcomplex<f64>> {
  %d = ten.linalg.det %a : tensor<2x4x4xcomplex<f64>> -> tensor<2xcomplex<f64>>
  return %d : tensor<2xcomplex<f64>>
}

// -----

// The decompositions' results are fresh buffers of their shapes: the
// smaller of a dynamic matrix's sizes is computed.
// CHECK-LABEL: func.func @decompositions
// CHECK-SAME: (%[[A:.*]]: tensor<?x3xf32>, %[[B:.*]]: tensor<4x4xcomplex<f64>>)
// CHECK: %[[M:.*]] = tensor.dim %[[A]], %c0
// CHECK: %[[K:.*]] = arith.minsi %[[M]], %c3
// CHECK: memref.alloc(%[[M]], %[[K]]) : memref<?x?xf32>
// CHECK: memref.alloc(%[[K]]) : memref<?x3xf32>
// CHECK: call @tenrtQrF32
// CHECK: %[[UPPER:.*]] = arith.constant 1 : i32
// CHECK: call @tenrtEighC128(%{{.*}}, %{{.*}}, %{{.*}}, %[[UPPER]], %{{.*}})
// CHECK: call @tenrtEigvalshC128
// CHECK: memref.alloc() : memref<4x4xcomplex<f64>>
// CHECK: memref.alloc() : memref<4xf64>
// CHECK: memref.alloc() : memref<4x4xcomplex<f64>>
// CHECK: call @tenrtSvdC128
// CHECK: call @tenrtSvdvalsF32
func.func @decompositions(%a: tensor<?x3xf32>, %b: tensor<4x4xcomplex<f64>>) {
  %q, %r = ten.linalg.qr %a : tensor<?x3xf32> -> tensor<?x?xf32>, tensor<?x3xf32>
  %w, %v = ten.linalg.eigh %b upper : tensor<4x4xcomplex<f64>> -> tensor<4xf64>, tensor<4x4xcomplex<f64>>
  %x = ten.linalg.eigvalsh %b : tensor<4x4xcomplex<f64>> -> tensor<4xf64>
  %u, %s, %vh = ten.linalg.svd %b full_matrices : tensor<4x4xcomplex<f64>> -> tensor<4x4xcomplex<f64>>, tensor<4xf64>, tensor<4x4xcomplex<f64>>
  %t = ten.linalg.svdvals %a : tensor<?x3xf32> -> tensor<?xf32>
  return
}

// -----

// The eigendecomposition of general matrices: the runtime entry point of
// the input's element type writes complex buffers; a dynamic matrix is
// checked square first, and its size sizes both results.
// CHECK-DAG: func.func private @tenrtEigF32(memref<*xf32>, memref<*xcomplex<f32>>, memref<*xcomplex<f32>>, i32) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @tenrtEigvalsC128(memref<*xcomplex<f64>>, memref<*xcomplex<f64>>, i32) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @eig
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x3xf32>, %[[B:.*]]: tensor<?x?xcomplex<f64>>)
// CHECK: memref.alloc() : memref<2x3xcomplex<f32>>
// CHECK: memref.alloc() : memref<2x3x3xcomplex<f32>>
// CHECK: %[[THREADS:.*]] = arith.constant 2 : i32
// CHECK: call @tenrtEigF32(%{{.*}}, %{{.*}}, %{{.*}}, %[[THREADS]])
// CHECK: cf.assert %{{.*}}, "ten.linalg.eigvals at {{.*}}: the input must be square matrices"
// CHECK: %[[N:.*]] = tensor.dim %[[B]], %c0
// CHECK: memref.alloc(%[[N]]) : memref<?xcomplex<f64>>
// CHECK-NOT: memref.alloc
// CHECK: call @tenrtEigvalsC128(%{{.*}}, %{{.*}}, %{{.*}})
func.func @eig(%a: tensor<2x3x3xf32>, %b: tensor<?x?xcomplex<f64>>) -> (tensor<2x3xcomplex<f32>>, tensor<2x3x3xcomplex<f32>>, tensor<?xcomplex<f64>>) {
  %w, %v = ten.linalg.eig %a : tensor<2x3x3xf32> -> tensor<2x3xcomplex<f32>>, tensor<2x3x3xcomplex<f32>>
  %x = ten.linalg.eigvals %b : tensor<?x?xcomplex<f64>> -> tensor<?xcomplex<f64>>
  return %w, %v, %x : tensor<2x3xcomplex<f32>>, tensor<2x3x3xcomplex<f32>>, tensor<?xcomplex<f64>>
}
