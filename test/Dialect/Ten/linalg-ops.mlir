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

// Reduced and complete QR of tall, wide and dynamic matrices.
// CHECK-LABEL: func.func @qr
// CHECK: ten.linalg.qr %{{.*}} : tensor<8x5x3xf64> -> tensor<8x5x3xf64>, tensor<8x3x3xf64>
// CHECK: ten.linalg.qr %{{.*}} complete : tensor<3x5xf32> -> tensor<3x3xf32>, tensor<3x5xf32>
// CHECK: ten.linalg.qr %{{.*}} : tensor<?x4xcomplex<f64>> -> tensor<?x?xcomplex<f64>>, tensor<?x4xcomplex<f64>>
func.func @qr(%a: tensor<8x5x3xf64>, %b: tensor<3x5xf32>, %c: tensor<?x4xcomplex<f64>>) {
  %q, %r = ten.linalg.qr %a : tensor<8x5x3xf64> -> tensor<8x5x3xf64>, tensor<8x3x3xf64>
  %p, %s = ten.linalg.qr %b complete : tensor<3x5xf32> -> tensor<3x3xf32>, tensor<3x5xf32>
  %t, %u = ten.linalg.qr %c : tensor<?x4xcomplex<f64>> -> tensor<?x?xcomplex<f64>>, tensor<?x4xcomplex<f64>>
  return
}

// Eigenvalues are real: the parts' type of complex matrices.
// CHECK-LABEL: func.func @eigh
// CHECK: ten.linalg.eigh %{{.*}} : tensor<4x6x6xf64> -> tensor<4x6xf64>, tensor<4x6x6xf64>
// CHECK: ten.linalg.eigh %{{.*}} upper : tensor<?x?xcomplex<f32>> -> tensor<?xf32>, tensor<?x?xcomplex<f32>>
// CHECK: ten.linalg.eigvalsh %{{.*}} upper : tensor<?x?xcomplex<f32>> -> tensor<?xf32>
// CHECK: ten.linalg.eigvalsh %{{.*}} : tensor<4x6x6xf64> -> tensor<4x6xf64>
func.func @eigh(%a: tensor<4x6x6xf64>, %b: tensor<?x?xcomplex<f32>>) {
  %w, %v = ten.linalg.eigh %a : tensor<4x6x6xf64> -> tensor<4x6xf64>, tensor<4x6x6xf64>
  %x, %y = ten.linalg.eigh %b upper : tensor<?x?xcomplex<f32>> -> tensor<?xf32>, tensor<?x?xcomplex<f32>>
  %z = ten.linalg.eigvalsh %b upper : tensor<?x?xcomplex<f32>> -> tensor<?xf32>
  %t = ten.linalg.eigvalsh %a : tensor<4x6x6xf64> -> tensor<4x6xf64>
  return
}

// CHECK-LABEL: func.func @eig
// CHECK: ten.linalg.eig %{{.*}} : tensor<4x6x6xf64> -> tensor<4x6xcomplex<f64>>, tensor<4x6x6xcomplex<f64>>
// CHECK: ten.linalg.eig %{{.*}} : tensor<?x?xcomplex<f32>> -> tensor<?xcomplex<f32>>, tensor<?x?xcomplex<f32>>
// CHECK: ten.linalg.eigvals %{{.*}} : tensor<?x?xcomplex<f32>> -> tensor<?xcomplex<f32>>
// CHECK: ten.linalg.eigvals %{{.*}} : tensor<0x3x3xf32> -> tensor<0x3xcomplex<f32>>
func.func @eig(%a: tensor<4x6x6xf64>, %b: tensor<?x?xcomplex<f32>>, %c: tensor<0x3x3xf32>) {
  %w, %v = ten.linalg.eig %a : tensor<4x6x6xf64> -> tensor<4x6xcomplex<f64>>, tensor<4x6x6xcomplex<f64>>
  %x, %y = ten.linalg.eig %b : tensor<?x?xcomplex<f32>> -> tensor<?xcomplex<f32>>, tensor<?x?xcomplex<f32>>
  %z = ten.linalg.eigvals %b : tensor<?x?xcomplex<f32>> -> tensor<?xcomplex<f32>>
  %t = ten.linalg.eigvals %c : tensor<0x3x3xf32> -> tensor<0x3xcomplex<f32>>
  return
}

// CHECK-LABEL: func.func @svd
// CHECK: ten.linalg.svd %{{.*}} : tensor<6x4xf64> -> tensor<6x4xf64>, tensor<4xf64>, tensor<4x4xf64>
// CHECK: ten.linalg.svd %{{.*}} full_matrices : tensor<3x5xf32> -> tensor<3x3xf32>, tensor<3xf32>, tensor<5x5xf32>
// CHECK: ten.linalg.svd %{{.*}} : tensor<2x?x7xcomplex<f64>> -> tensor<2x?x?xcomplex<f64>>, tensor<2x?xf64>, tensor<2x?x7xcomplex<f64>>
// CHECK: ten.linalg.svdvals %{{.*}} : tensor<10x3x7xcomplex<f64>> -> tensor<10x3xf64>
func.func @svd(%a: tensor<6x4xf64>, %b: tensor<3x5xf32>, %c: tensor<2x?x7xcomplex<f64>>, %d: tensor<10x3x7xcomplex<f64>>) {
  %u, %s, %vh = ten.linalg.svd %a : tensor<6x4xf64> -> tensor<6x4xf64>, tensor<4xf64>, tensor<4x4xf64>
  %p, %t, %qh = ten.linalg.svd %b full_matrices : tensor<3x5xf32> -> tensor<3x3xf32>, tensor<3xf32>, tensor<5x5xf32>
  %x, %y, %zh = ten.linalg.svd %c : tensor<2x?x7xcomplex<f64>> -> tensor<2x?x?xcomplex<f64>>, tensor<2x?xf64>, tensor<2x?x7xcomplex<f64>>
  %v = ten.linalg.svdvals %d : tensor<10x3x7xcomplex<f64>> -> tensor<10x3xf64>
  return
}
