// RUN: tensor-opt %s --convert-ten-to-linalg="host-reads-buffers=false" --canonicalize --split-input-file | FileCheck %s

// Where the host does not read buffers (the CUDA target), each
// factorization is a call of the CUDA runtime's cuSOLVER entry point of its
// routine and element type, on column-major matrices: a row-major buffer
// read column-major is the transpose, and generics transpose, mask and
// conjugate around the calls. No threads argument: the batch runs on the
// GPU's stream.

// The transpose (conj(A) for complex) factored from its upper triangle
// (fill 1): read row-major, NumPy's lower factor, whose upper triangle is
// zeroed.
// CHECK: func.func private @tenCudaCholeskyF32(memref<*xf32>, memref<*xf32>, i32) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @cholesky
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x3xf32>)
// CHECK-DAG: %[[FILL:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<2x3x3xf32>
// CHECK: %[[IN:.*]] = bufferization.to_buffer %[[A]] read_only
// CHECK: call @tenCudaCholeskyF32(%{{.*}}, %{{.*}}, %[[FILL]])
// CHECK: %[[FACTOR:.*]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: %[[L:.*]] = linalg.generic {{.*}} ins(%[[FACTOR]] : tensor<2x3x3xf32>)
// CHECK: %[[I:.*]] = linalg.index 1
// CHECK: %[[J:.*]] = linalg.index 2
// CHECK: %[[LOWER:.*]] = arith.cmpi ule, %[[J]], %[[I]]
// CHECK: arith.select %[[LOWER]], %{{.*}}, %[[ZERO]]
// CHECK: return %[[L]]
func.func @cholesky(%a: tensor<2x3x3xf32>) -> tensor<2x3x3xf32> {
  %l = ten.linalg.cholesky %a : tensor<2x3x3xf32> -> tensor<2x3x3xf32>
  return %l : tensor<2x3x3xf32>
}

// -----

// The upper factor: the lower triangle (fill 0), the lower one zeroed.
// CHECK-LABEL: func.func @cholesky_upper
// CHECK: %[[FILL:.*]] = arith.constant 0 : i32
// CHECK: call @tenCudaCholeskyC128(%{{.*}}, %{{.*}}, %[[FILL]])
// CHECK: arith.cmpi uge
func.func @cholesky_upper(%a: tensor<3x3xcomplex<f64>>) -> tensor<3x3xcomplex<f64>> {
  %u = ten.linalg.cholesky %a upper : tensor<3x3xcomplex<f64>> -> tensor<3x3xcomplex<f64>>
  return %u : tensor<3x3xcomplex<f64>>
}

// -----

// A (transposed in: the LU is of A itself, as NumPy's) and B (transposed
// into columns) in, each computed into the buffer the call reads; X
// transposed out.
// CHECK-DAG: #[[$T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @solve
// CHECK-SAME: (%[[A:.*]]: tensor<4x4xf64>, %[[B:.*]]: tensor<4xf64>)
// CHECK: %[[COLUMN:.*]] = tensor.expand_shape %[[B]] {{\[\[}}0, 1]] output_shape [4, 1]
// CHECK: %[[BBUF:.*]] = memref.alloc() : memref<1x4xf64>
// CHECK: %[[BINIT:.*]] = bufferization.to_tensor %[[BBUF]] restrict writable
// CHECK: %[[BT:.*]] = linalg.generic {indexing_maps = [#[[$T]], {{.*}}]{{.*}} ins(%[[COLUMN]] : tensor<4x1xf64>) outs(%[[BINIT]] : tensor<1x4xf64>)
// CHECK: bufferization.materialize_in_destination %[[BT]] in restrict writable %[[BBUF]]
// CHECK: %[[NAN:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%[[A]] : tensor<4x4xf64>) outs(%{{.*}} : tensor<i1>)
// CHECK: arith.cmpf uno
// CHECK: arith.ori
// CHECK: %[[AEYE:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[NAN]] : tensor<4x4xf64>, tensor<i1>)
// CHECK: arith.cmpi eq
// CHECK: %[[ABUF:.*]] = memref.alloc() : memref<4x4xf64>
// CHECK: %[[AINIT:.*]] = bufferization.to_tensor %[[ABUF]] restrict writable
// CHECK: %[[AT:.*]] = linalg.generic {indexing_maps = [#[[$T]], {{.*}}]{{.*}} ins(%[[AEYE]] : tensor<4x4xf64>) outs(%[[AINIT]] : tensor<4x4xf64>)
// CHECK: bufferization.materialize_in_destination %[[AT]] in restrict writable %[[ABUF]]
// CHECK: %[[X:.*]] = memref.alloc() : memref<1x4xf64>
// CHECK: %[[ACAST:.*]] = memref.cast %[[ABUF]]
// CHECK: %[[BCAST:.*]] = memref.cast %[[BBUF]]
// CHECK: %[[XCAST:.*]] = memref.cast %[[X]]
// CHECK: call @tenCudaSolveF64(%[[ACAST]], %[[BCAST]], %[[XCAST]])
// CHECK: %[[XT:.*]] = bufferization.to_tensor %[[X]]
// CHECK: %[[XC:.*]] = linalg.generic {indexing_maps = [#[[$T]], {{.*}}]{{.*}} ins(%[[XT]] : tensor<1x4xf64>) outs(%{{.*}} : tensor<4x1xf64>)
// CHECK: %[[XN:.*]] = linalg.generic {{.*}} ins(%[[XC]], %[[NAN]] : tensor<4x1xf64>, tensor<i1>)
// CHECK: arith.select %{{.*}}, %cst, %{{.*}} : f64
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[XN]]
// CHECK: return %[[R]]
func.func @solve(%a: tensor<4x4xf64>, %b: tensor<4xf64>) -> tensor<4xf64> {
  %x = ten.linalg.solve %a, %b : (tensor<4x4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %x : tensor<4xf64>
}

// -----

// A^T X = I solved for A's LU: X read row-major is A^-1. The identity is
// a generic. A matrix with NaN, which cuSOLVER would factor as if its NaN
// were zeros, is factored as the identity, and its inverse is NaN.
// CHECK-LABEL: func.func @inv
// CHECK-SAME: (%[[A:.*]]: tensor<3x3xf32>)
// CHECK: %[[NAN:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<3x3xf32>) outs(%{{.*}} : tensor<i1>)
// CHECK: linalg.generic {{.*}} ins(%[[A]], %[[NAN]] : tensor<3x3xf32>, tensor<i1>)
// CHECK: %[[ABUF:.*]] = memref.alloc() : memref<3x3xf32>
// CHECK: linalg.generic
// CHECK: %[[EYEBUF:.*]] = memref.alloc() : memref<3x3xf32>
// CHECK: linalg.generic
// CHECK: arith.cmpi eq
// CHECK: %[[ACAST:.*]] = memref.cast %[[ABUF]]
// CHECK: %[[EYECAST:.*]] = memref.cast %[[EYEBUF]]
// CHECK: call @tenCudaInverseF32(%[[ACAST]], %[[EYECAST]],
// CHECK: %[[X:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %[[NAN]] : tensor<3x3xf32>, tensor<i1>)
// CHECK: arith.select %{{.*}}, %cst, %{{.*}} : f32
// CHECK: return %[[X]]
func.func @inv(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = ten.linalg.inv %a : tensor<3x3xf32> -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// The LU's diagonal summed twice: the logarithms of the magnitudes, and
// for a complex sign the phases, pi per row swap (a pivot that is not its
// own 1-based row); then sign = exp(i phase), 0 where log|det| = -inf, NaN
// where it is NaN or +inf. log|det| is NaN for a matrix with NaN (in
// either part), which cuSOLVER factors as if its NaN were zeros.
// CHECK-DAG: #[[$DIAGONAL:.*]] = affine_map<(d0, d1) -> (d0, d1, d1)>
// CHECK-LABEL: func.func @slogdet
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x3xcomplex<f32>>)
// CHECK: %[[LUBUF:.*]] = memref.alloc() : memref<2x3x3xcomplex<f32>>
// CHECK: %[[PIVBUF:.*]] = memref.alloc() : memref<2x3xi32>
// CHECK: call @tenCudaLuC64
// CHECK: %[[LU:.*]] = bufferization.to_tensor %[[LUBUF]]
// CHECK: %[[PIV:.*]] = bufferization.to_tensor %[[PIVBUF]]
// CHECK: %[[NAN:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction"]} ins(%[[A]] : tensor<2x3x3xcomplex<f32>>) outs(%{{.*}} : tensor<2xi1>)
// CHECK-DAG: complex.re
// CHECK-DAG: complex.im
// CHECK: %[[LOG:.*]] = linalg.generic {indexing_maps = [#[[$DIAGONAL]], {{.*}}], iterator_types = ["parallel", "reduction"]} ins(%[[LU]] : {{.*}})
// CHECK: complex.abs
// CHECK: math.log
// CHECK: %[[NANLOG:.*]] = linalg.generic {{.*}} ins(%[[LOG]], %[[NAN]] : tensor<2xf32>, tensor<2xi1>)
// CHECK: %[[PHASE:.*]] = linalg.generic {indexing_maps = [#[[$DIAGONAL]], {{.*}}], iterator_types = ["parallel", "reduction"]} ins(%[[LU]], %[[PIV]] : {{.*}})
// CHECK: arith.cmpi ne
// CHECK: math.atan2
// CHECK: %[[SIGN:.*]] = linalg.generic {{.*}} ins(%[[NANLOG]], %[[PHASE]] : tensor<2xf32>, tensor<2xf32>)
// CHECK: math.cos
// CHECK: math.sin
// CHECK: return %[[SIGN]], %[[NANLOG]]
func.func @slogdet(%a: tensor<2x3x3xcomplex<f32>>) -> (tensor<2xcomplex<f32>>, tensor<2xf32>) {
  %s, %l = ten.linalg.slogdet %a : tensor<2x3x3xcomplex<f32>> -> tensor<2xcomplex<f32>>, tensor<2xf32>
  return %s, %l : tensor<2xcomplex<f32>>, tensor<2xf32>
}

// -----

// A real sign counts the negative elements and the swaps.
// CHECK-LABEL: func.func @slogdet_real
// CHECK: call @tenCudaLuF64
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<f64>)
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<i32>)
// CHECK: arith.cmpf olt
// CHECK: arith.extui
// CHECK: arith.trunci %{{.*}} : i32 to i1
func.func @slogdet_real(%a: tensor<3x3xf64>) -> (tensor<f64>, tensor<f64>) {
  %s, %l = ten.linalg.slogdet %a : tensor<3x3xf64> -> tensor<f64>, tensor<f64>
  return %s, %l : tensor<f64>, tensor<f64>
}

// -----

// A transposed in; R the upper triangle of the factors' first k columns,
// read transposed; Q formed from the factors' own buffers, transposed out.
// CHECK-LABEL: func.func @qr
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<5x3xf64>) outs(%{{.*}} : tensor<3x5xf64>)
// CHECK: %[[FACTORS:.*]] = memref.alloc() : memref<3x5xf64>
// CHECK: %[[TAU:.*]] = memref.alloc() : memref<3xf64>
// CHECK: call @tenCudaGeqrfF64
// CHECK: %[[F:.*]] = bufferization.to_tensor %[[FACTORS]]
// CHECK: %[[TOP:.*]] = tensor.extract_slice %[[F]][0, 0] [3, 3] [1, 1]
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[TOP]] : tensor<3x3xf64>)
// CHECK: arith.cmpi uge
// CHECK: %[[QT:.*]] = memref.alloc() : memref<3x5xf64>
// CHECK: %[[FCAST:.*]] = memref.cast %[[FACTORS]]
// CHECK: %[[TAUCAST:.*]] = memref.cast %[[TAU]]
// CHECK: call @tenCudaOrgqrF64(%[[FCAST]], %[[TAUCAST]],
// CHECK: %[[Q:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<5x3xf64>)
// CHECK: return %[[Q]], %[[R]]
func.func @qr(%a: tensor<5x3xf64>) -> (tensor<5x3xf64>, tensor<3x3xf64>) {
  %q, %r = ten.linalg.qr %a : tensor<5x3xf64> -> tensor<5x3xf64>, tensor<3x3xf64>
  return %q, %r : tensor<5x3xf64>, tensor<3x3xf64>
}

// -----

// NumPy's upper triangle is the transpose's lower one (fill 0); the vectors
// conjugated and transposed out.
// CHECK-LABEL: func.func @eigh
// CHECK: %[[FILL:.*]] = arith.constant 0 : i32
// CHECK: call @tenCudaEighC128(%{{.*}}, %{{.*}}, %{{.*}}, %[[FILL]])
// CHECK: linalg.generic
// CHECK: complex.conj
// CHECK-LABEL: func.func @eigvalsh
// CHECK: %[[FILL:.*]] = arith.constant 1 : i32
// CHECK: call @tenCudaEigvalshF32(%{{.*}}, %{{.*}}, %[[FILL]])
// CHECK-NOT: linalg.generic
func.func @eigh(%a: tensor<4x4xcomplex<f64>>) -> (tensor<4xf64>, tensor<4x4xcomplex<f64>>) {
  %w, %v = ten.linalg.eigh %a upper : tensor<4x4xcomplex<f64>> -> tensor<4xf64>, tensor<4x4xcomplex<f64>>
  return %w, %v : tensor<4xf64>, tensor<4x4xcomplex<f64>>
}
func.func @eigvalsh(%a: tensor<4x4xf32>) -> tensor<4xf32> {
  %w = ten.linalg.eigvalsh %a : tensor<4x4xf32> -> tensor<4xf32>
  return %w : tensor<4xf32>
}

// -----

// The transpose's U (n x n here) is NumPy's vh; its V (m x m), conjugated
// and transposed, NumPy's u.
// CHECK-LABEL: func.func @svd
// CHECK: %[[S:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[VH:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK: %[[V:.*]] = memref.alloc() : memref<6x6xf32>
// CHECK: call @tenCudaSvdF32
// CHECK: %[[VT:.*]] = bufferization.to_tensor %[[V]]
// CHECK: %[[U:.*]] = linalg.generic {{.*}} ins(%[[VT]] : tensor<6x6xf32>)
// CHECK: return %[[U]]
// CHECK-LABEL: func.func @svdvals
// CHECK: call @tenCudaSvdvalsC64
func.func @svd(%a: tensor<6x4xf32>) -> (tensor<6x6xf32>, tensor<4xf32>, tensor<4x4xf32>) {
  %u, %s, %vh = ten.linalg.svd %a full_matrices : tensor<6x4xf32> -> tensor<6x6xf32>, tensor<4xf32>, tensor<4x4xf32>
  return %u, %s, %vh : tensor<6x6xf32>, tensor<4xf32>, tensor<4x4xf32>
}
func.func @svdvals(%a: tensor<?x?xcomplex<f32>>) -> tensor<?xf32> {
  %s = ten.linalg.svdvals %a : tensor<?x?xcomplex<f32>> -> tensor<?xf32>
  return %s : tensor<?xf32>
}

// -----

// geev of A itself: A transposed in. A real matrix's vectors come back in
// geev's real form, and one generic makes them complex, reading the
// neighbouring column of a conjugate pair; a complex matrix's are only
// transposed out; the eigenvalues alone need no generic after the call.
// CHECK-LABEL: func.func @eig_real
// CHECK-SAME: (%[[A:.*]]: tensor<2x3x3xf64>)
// CHECK: %[[AT:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<2x3x3xf64>)
// CHECK: bufferization.materialize_in_destination %[[AT]]
// CHECK: call @tenCudaEigF64(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<*xf64>, memref<*xcomplex<f64>>, memref<*xf64>) -> ()
// CHECK: %[[W:.*]] = bufferization.to_tensor {{.*}}memref<2x3xcomplex<f64>> to
// CHECK: %[[PACKED:.*]] = bufferization.to_tensor {{.*}}memref<2x3x3xf64> to
// CHECK: %[[V:.*]] = linalg.generic {{.*}} ins(%[[W]] : tensor<2x3xcomplex<f64>>) outs(%{{.*}} : tensor<2x3x3xcomplex<f64>>)
// CHECK: complex.im
// CHECK-COUNT-2: tensor.extract %[[PACKED]]
// CHECK: arith.negf
// CHECK: complex.create
// CHECK: return %[[W]], %[[V]]
// CHECK-LABEL: func.func @eig_complex
// CHECK: call @tenCudaEigC64
// CHECK: linalg.generic
// CHECK-NOT: complex.conj
// CHECK-NOT: tensor.extract
// CHECK-LABEL: func.func @eigvals
// CHECK: call @tenCudaEigvalsF32(%{{.*}}, %{{.*}}) : (memref<*xf32>, memref<*xcomplex<f32>>) -> ()
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @eig_real(%a: tensor<2x3x3xf64>) -> (tensor<2x3xcomplex<f64>>, tensor<2x3x3xcomplex<f64>>) {
  %w, %v = ten.linalg.eig %a : tensor<2x3x3xf64> -> tensor<2x3xcomplex<f64>>, tensor<2x3x3xcomplex<f64>>
  return %w, %v : tensor<2x3xcomplex<f64>>, tensor<2x3x3xcomplex<f64>>
}
func.func @eig_complex(%a: tensor<4x4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>, tensor<4x4xcomplex<f32>>) {
  %w, %v = ten.linalg.eig %a : tensor<4x4xcomplex<f32>> -> tensor<4xcomplex<f32>>, tensor<4x4xcomplex<f32>>
  return %w, %v : tensor<4xcomplex<f32>>, tensor<4x4xcomplex<f32>>
}
func.func @eigvals(%a: tensor<?x?xf32>) -> tensor<?xcomplex<f32>> {
  %w = ten.linalg.eigvals %a : tensor<?x?xf32> -> tensor<?xcomplex<f32>>
  return %w : tensor<?xcomplex<f32>>
}
