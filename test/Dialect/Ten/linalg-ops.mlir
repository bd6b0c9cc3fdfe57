// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: tensor-opt %s --verify-roundtrip > /dev/null
// RUN: tensor-opt %s --mlir-print-op-generic | tensor-opt | FileCheck %s

// Every op of the ten.linalg family in every form of its assembly, over
// single matrices, batches, dynamic sizes and each element type.

// CHECK-LABEL: func.func @cholesky
// CHECK: ten.linalg.cholesky %{{.*}} : tensor<8x4x4xf64> -> tensor<8x4x4xf64>
// CHECK: ten.linalg.cholesky %{{.*}} upper : tensor<?x?xcomplex<f32>> -> tensor<?x?xcomplex<f32>>
// CHECK: ten.linalg.cholesky %{{.*}} : tensor<?x?xcomplex<f32>> -> tensor<3x3xcomplex<f32>>
func.func @cholesky(%a: tensor<8x4x4xf64>, %b: tensor<?x?xcomplex<f32>>)
    -> (tensor<8x4x4xf64>, tensor<?x?xcomplex<f32>>, tensor<3x3xcomplex<f32>>) {
  %0 = ten.linalg.cholesky %a : tensor<8x4x4xf64> -> tensor<8x4x4xf64>
  %1 = ten.linalg.cholesky %b upper : tensor<?x?xcomplex<f32>> -> tensor<?x?xcomplex<f32>>
  %2 = ten.linalg.cholesky %b : tensor<?x?xcomplex<f32>> -> tensor<3x3xcomplex<f32>>
  return %0, %1, %2 : tensor<8x4x4xf64>, tensor<?x?xcomplex<f32>>, tensor<3x3xcomplex<f32>>
}

// A vector b against a batch of matrices; matrices of right-hand sides whose
// batch broadcasts with a's; sizes that run time checks.
// CHECK-LABEL: func.func @solve
// CHECK: ten.linalg.solve %{{.*}}, %{{.*}} : (tensor<3x4x4xf64>, tensor<4xf64>) -> tensor<3x4xf64>
// CHECK: ten.linalg.solve %{{.*}}, %{{.*}} : (tensor<4x4xf32>, tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
// CHECK: ten.linalg.solve %{{.*}}, %{{.*}} : (tensor<2x1x?x?xcomplex<f64>>, tensor<3x?x2xcomplex<f64>>) -> tensor<2x3x?x2xcomplex<f64>>
func.func @solve(%a: tensor<3x4x4xf64>, %b: tensor<4xf64>, %c: tensor<4x4xf32>,
                 %d: tensor<2x4x5xf32>, %e: tensor<2x1x?x?xcomplex<f64>>,
                 %f: tensor<3x?x2xcomplex<f64>>)
    -> (tensor<3x4xf64>, tensor<2x4x5xf32>, tensor<2x3x?x2xcomplex<f64>>) {
  %0 = ten.linalg.solve %a, %b : (tensor<3x4x4xf64>, tensor<4xf64>) -> tensor<3x4xf64>
  %1 = ten.linalg.solve %c, %d : (tensor<4x4xf32>, tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
  %2 = ten.linalg.solve %e, %f : (tensor<2x1x?x?xcomplex<f64>>, tensor<3x?x2xcomplex<f64>>) -> tensor<2x3x?x2xcomplex<f64>>
  return %0, %1, %2 : tensor<3x4xf64>, tensor<2x4x5xf32>, tensor<2x3x?x2xcomplex<f64>>
}

// CHECK-LABEL: func.func @inv
// CHECK: ten.linalg.inv %{{.*}} : tensor<10x3x3xf32> -> tensor<10x3x3xf32>
// CHECK: ten.linalg.inv %{{.*}} : tensor<?x?xcomplex<f64>> -> tensor<?x?xcomplex<f64>>
func.func @inv(%a: tensor<10x3x3xf32>, %b: tensor<?x?xcomplex<f64>>)
    -> (tensor<10x3x3xf32>, tensor<?x?xcomplex<f64>>) {
  %0 = ten.linalg.inv %a : tensor<10x3x3xf32> -> tensor<10x3x3xf32>
  %1 = ten.linalg.inv %b : tensor<?x?xcomplex<f64>> -> tensor<?x?xcomplex<f64>>
  return %0, %1 : tensor<10x3x3xf32>, tensor<?x?xcomplex<f64>>
}

// The sign has the input's element type, the logarithm the real one.
// CHECK-LABEL: func.func @slogdet_and_det
// CHECK: ten.linalg.slogdet %{{.*}} : tensor<5x3x3xcomplex<f64>> -> tensor<5xcomplex<f64>>, tensor<5xf64>
// CHECK: ten.linalg.slogdet %{{.*}} : tensor<?x?xf32> -> tensor<f32>, tensor<f32>
// CHECK: ten.linalg.det %{{.*}} : tensor<5x3x3xcomplex<f64>> -> tensor<5xcomplex<f64>>
// CHECK: ten.linalg.det %{{.*}} : tensor<?x?xf32> -> tensor<f32>
func.func @slogdet_and_det(%a: tensor<5x3x3xcomplex<f64>>, %b: tensor<?x?xf32>)
    -> (tensor<5xcomplex<f64>>, tensor<5xf64>, tensor<f32>, tensor<f32>, tensor<5xcomplex<f64>>, tensor<f32>) {
  %s, %l = ten.linalg.slogdet %a : tensor<5x3x3xcomplex<f64>> -> tensor<5xcomplex<f64>>, tensor<5xf64>
  %t, %m = ten.linalg.slogdet %b : tensor<?x?xf32> -> tensor<f32>, tensor<f32>
  %d = ten.linalg.det %a : tensor<5x3x3xcomplex<f64>> -> tensor<5xcomplex<f64>>
  %e = ten.linalg.det %b : tensor<?x?xf32> -> tensor<f32>
  return %s, %l, %t, %m, %d, %e : tensor<5xcomplex<f64>>, tensor<5xf64>, tensor<f32>, tensor<f32>, tensor<5xcomplex<f64>>, tensor<f32>
}
