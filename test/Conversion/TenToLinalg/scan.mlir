// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file | FileCheck %s

// A scan is one generic: the scanned dimension a reduction loop, a carry
// init (the identity, indexed by the other loops) and the result init
// (indexed by every loop), both yielding each step's value. Float steps
// keep their order: no reassoc flag. A float sum starts from -0, which
// leaves every element as it is (NumPy copies a line's first element; +0
// would make -0 +0).

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROWS:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @cumsum_rows
// CHECK: %[[ZERO:.*]] = arith.constant -0.000000e+00 : f32
// CHECK: %[[CARRY:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<3xf32>)
// CHECK: %[[RESULT:.*]] = tensor.empty() : tensor<3x4xf32>
// CHECK: %[[SCAN:.*]]:2 = linalg.generic {indexing_maps = [#[[$ID]], #[[$ROWS]], #[[$ID]]], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: ins(%{{.*}} : tensor<3x4xf32>) outs(%[[CARRY]], %[[RESULT]] : tensor<3xf32>, tensor<3x4xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %[[ACC:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[IN]] : f32
// CHECK: linalg.yield %[[NEXT]], %[[NEXT]]
// CHECK: return %[[SCAN]]#1
func.func @cumsum_rows(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = ten.scan sum %x dim 1 : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// Along a leading dimension; unsigned maxima start from 0 and compare
// unsigned.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$COLS:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @cummax_unsigned
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: linalg.fill ins(%[[ZERO]] : i8) outs(%{{.*}} : tensor<?xi8>)
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$COLS]], #[[$ID]]], iterator_types = ["reduction", "parallel"]}
// CHECK: arith.maxui
func.func @cummax_unsigned(%x: tensor<5x?xui8>) -> tensor<5x?xui8> {
  %0 = ten.scan max %x dim 0 : tensor<5x?xui8>
  return %0 : tensor<5x?xui8>
}

// -----

// Half floats compute in f32 and round back at every step, carry included.
// CHECK-LABEL: func.func @cumsum_f16
// CHECK: linalg.generic
// CHECK: ^bb0(%[[IN:.*]]: f16, %[[ACC:.*]]: f16, %{{.*}}: f16):
// CHECK-DAG: %[[WIDE_IN:.*]] = arith.extf %[[IN]] : f16 to f32
// CHECK-DAG: %[[WIDE_ACC:.*]] = arith.extf %[[ACC]] : f16 to f32
// CHECK: %[[SUM:.*]] = arith.addf %[[WIDE_ACC]], %[[WIDE_IN]] : f32
// CHECK: %[[NEXT:.*]] = arith.truncf %[[SUM]] : f32 to f16
// CHECK: linalg.yield %[[NEXT]], %[[NEXT]]
func.func @cumsum_f16(%x: tensor<7xf16>) -> tensor<7xf16> {
  %0 = ten.scan sum %x dim 0 : tensor<7xf16>
  return %0 : tensor<7xf16>
}

// -----

// A complex product has no identity that leaves every element as it is
// (1 + 0i times inf + 1i is inf + nan i): a line's first element is taken
// by a select on the scanned loop's index. A complex sum starts from
// -0 - 0i, with no select.
// CHECK-LABEL: func.func @complex_starts
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: ^bb0(%[[IN:.*]]: complex<f64>, %[[ACC:.*]]: complex<f64>, %{{.*}}: complex<f64>):
// CHECK: %[[PRODUCT:.*]] = complex.mul %[[ACC]], %[[IN]]
// CHECK: %[[AT:.*]] = linalg.index 1 : index
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[AT]], %c0
// CHECK: %[[NEXT:.*]] = arith.select %[[FIRST]], %[[IN]], %[[PRODUCT]] : complex<f64>
// CHECK: linalg.yield %[[NEXT]], %[[NEXT]]
// CHECK: %[[NEGATIVE_ZERO:.*]] = complex.constant [-0.000000e+00 : f32, -0.000000e+00 : f32] : complex<f32>
// CHECK: linalg.fill ins(%[[NEGATIVE_ZERO]] : complex<f32>)
// CHECK: linalg.generic
// CHECK-NOT: arith.select
// CHECK: complex.add
// CHECK-NOT: arith.select
// CHECK: linalg.yield
func.func @complex_starts(%x: tensor<2x3xcomplex<f64>>, %y: tensor<4xcomplex<f32>>) -> (tensor<2x3xcomplex<f64>>, tensor<4xcomplex<f32>>) {
  %0 = ten.scan prod %x dim 1 : tensor<2x3xcomplex<f64>>
  %1 = ten.scan sum %y dim 0 : tensor<4xcomplex<f32>>
  return %0, %1 : tensor<2x3xcomplex<f64>>, tensor<4xcomplex<f32>>
}
