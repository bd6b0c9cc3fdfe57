// RUN: tensor-opt %s --split-input-file --ten-partition | FileCheck %s

// Over a grid of 2: partitioned, the contraction's partial sums reduced by a
// call of the runtime; no shard op or attribute is left.

// CHECK-LABEL: module {
// CHECK-NOT: shard.
// CHECK-NOT: ten.grid
// CHECK: func.func private @tenrtAllReduceF32(
// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %{{.*}}: tensor<4x4xf32>, %{{.*}}: tensor<4x6xf32>) -> tensor<4x6xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x4xf32>, tensor<4x6xf32>)
// CHECK: call @tenrtAllReduceF32(
// CHECK-NOT: shard.
module attributes {ten.grid = array<i64: 2>} {
  func.func @matmul(%a: tensor<4x8xf32> {ten.sharding = array<i64: -1, 0>}, %b: tensor<8x6xf32> {ten.sharding = array<i64: 0, -1>}) -> tensor<4x6xf32> {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x6xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
    %c = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x6xf32>) outs(%f : tensor<4x6xf32>) -> tensor<4x6xf32>
    return %c : tensor<4x6xf32>
  }
}

// -----

// One process: left as it is but for the attributes, even with ops that
// have no sharding model (propagation would refuse them).

// CHECK-LABEL: module {
// CHECK-LABEL: func.func @reshape(
// CHECK-SAME: %{{.*}}: tensor<2x3xf32>) -> tensor<6xf32> {
// CHECK-NEXT: tensor.collapse_shape
// CHECK-NEXT: return
module attributes {ten.grid = array<i64: 1>} {
  func.func @reshape(%a: tensor<2x3xf32> {ten.sharding = array<i64: 0, -1>}) -> tensor<6xf32> {
    %r = tensor.collapse_shape %a [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
    return %r : tensor<6xf32>
  }
}

// -----

// No grid at all: the same.

// CHECK-LABEL: func.func @plain(
// CHECK-NEXT: tensor.collapse_shape
func.func @plain(%a: tensor<2x3xf32>) -> tensor<6xf32> {
  %r = tensor.collapse_shape %a [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  return %r : tensor<6xf32>
}
