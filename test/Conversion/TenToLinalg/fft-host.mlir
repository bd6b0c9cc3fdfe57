// RUN: tensor-opt %s --convert-ten-to-linalg="threads=2" --split-input-file | FileCheck %s

// Where the host reads buffers (the CPU target), each transform is a call
// of the host runtime's (Fourier.h) on the input's buffer and a fresh one
// for the result: the dim, for a complex transform its direction, then
// the threads. The entry point is the input element type's.

// CHECK-DAG: func.func private @tenrtFftC64(memref<*xcomplex<f32>>, memref<*xcomplex<f32>>, i32, i32, i32) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @tenrtRfftF64(memref<*xf64>, memref<*xcomplex<f64>>, i32, i32) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @tenrtIrfftC64(memref<*xcomplex<f32>>, memref<*xf32>, i32, i32) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @calls
// CHECK: %[[F:.*]] = memref.alloc() : memref<4x8xcomplex<f32>>
// CHECK-DAG: %[[DIM1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[INVERSE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 2 : i32
// CHECK: call @tenrtFftC64(%{{.*}}, %{{.*}}, %[[DIM1]], %[[INVERSE]], %[[THREADS]])
// CHECK: memref.alloc() : memref<6x3xcomplex<f64>>
// CHECK: call @tenrtRfftF64(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// A length the type gives: the input's n / 2 + 1 checked at run time.
// CHECK: cf.assert %{{.*}}, "ten.fft at {{.*}}: real_inverse to 9 reals needs 5 elements along dim 1"
// CHECK: memref.alloc() : memref<2x9xf32>
// CHECK: call @tenrtIrfftC64
func.func @calls(%x: tensor<4x8xcomplex<f32>>, %r: tensor<10x3xf64>, %s: tensor<2x?xcomplex<f32>>) -> (tensor<4x8xcomplex<f32>>, tensor<6x3xcomplex<f64>>, tensor<2x9xf32>) {
  %a = ten.fft inverse %x dim 1 : tensor<4x8xcomplex<f32>> -> tensor<4x8xcomplex<f32>>
  %b = ten.fft real_forward %r dim 0 : tensor<10x3xf64> -> tensor<6x3xcomplex<f64>>
  %c = ten.fft real_inverse %s dim 1 : tensor<2x?xcomplex<f32>> -> tensor<2x9xf32>
  return %a, %b, %c : tensor<4x8xcomplex<f32>>, tensor<6x3xcomplex<f64>>, tensor<2x9xf32>
}

// -----

// Lengths known at run time: a real input's lines checked non-empty; the
// real inverse's result of NumPy's default length, 2 (m - 1), m checked.
// CHECK-LABEL: func.func @dynamic
// CHECK: cf.assert %{{.*}}, "ten.fft at {{.*}}: real_forward needs lines of at least one real element"
// CHECK: call @tenrtRfftF32
// CHECK: cf.assert %{{.*}}, "ten.fft at {{.*}}: real_inverse of a result whose length the type leaves open needs at least one element along dim 0"
// CHECK: call @tenrtIrfftC64
func.func @dynamic(%x: tensor<?xf32>, %s: tensor<?xcomplex<f32>>) -> (tensor<?xcomplex<f32>>, tensor<?xf32>) {
  %a = ten.fft real_forward %x dim 0 : tensor<?xf32> -> tensor<?xcomplex<f32>>
  %b = ten.fft real_inverse %s dim 0 : tensor<?xcomplex<f32>> -> tensor<?xf32>
  return %a, %b : tensor<?xcomplex<f32>>, tensor<?xf32>
}
