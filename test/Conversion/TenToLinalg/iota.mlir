// RUN: tensor-opt %s --convert-ten-to-linalg | FileCheck %s

// ten.iota is a generic with no input: the index of its dimension,
// converted to the element type (unsigned integers as their signless
// type).
// CHECK-LABEL: func.func @iota
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} outs(%[[EMPTY]] : tensor<2x3xf32>)
// CHECK: %[[INDEX:.*]] = linalg.index 1 : index
// CHECK: %[[WIDE:.*]] = arith.index_cast %[[INDEX]] : index to i64
// CHECK: %[[VALUE:.*]] = arith.sitofp %[[WIDE]] : i64 to f32
// CHECK: linalg.yield %[[VALUE]] : f32
// CHECK: linalg.index 0 : index
// CHECK: arith.trunci %{{.*}} : i64 to i8
// CHECK: linalg.yield %{{.*}} : i8
func.func @iota() -> (tensor<2x3xf32>, tensor<4xui8>) {
  %0 = ten.iota 1 : tensor<2x3xf32>
  %1 = ten.iota 0 : tensor<4xui8>
  return %0, %1 : tensor<2x3xf32>, tensor<4xui8>
}
