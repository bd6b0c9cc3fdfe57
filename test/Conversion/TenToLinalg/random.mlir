// RUN: tensor-opt %s --convert-ten-to-linalg | FileCheck %s

// ten.random_bits is a generic with no input: each element reads the key's
// two words and computes ten Philox rounds of its row-major position.
// CHECK-LABEL: func.func @random_bits
// CHECK-SAME: (%[[KEY:.*]]: tensor<2xi32>)
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<3x5xi32>
// CHECK: linalg.generic {indexing_maps = [#{{.*}}], iterator_types = ["parallel", "parallel"]} outs(%[[EMPTY]] : tensor<3x5xi32>)
// CHECK: tensor.extract %[[KEY]][%{{.*}}] : tensor<2xi32>
// CHECK: tensor.extract %[[KEY]][%{{.*}}] : tensor<2xi32>
// CHECK: linalg.index 0
// CHECK: arith.constant 5 : i64
// CHECK: linalg.index 1
// CHECK-COUNT-20: arith.mului_extended
// CHECK-NOT: arith.mului_extended
// CHECK: linalg.yield %{{.*}} : i32
func.func @random_bits(%key: tensor<2xui32>) -> tensor<3x5xui32> {
  %0 = ten.random_bits %key : tensor<2xui32> -> tensor<3x5xui32>
  return %0 : tensor<3x5xui32>
}

// 64 bits: the block's first two words, the first in the low half; the
// stream is the counter's third word.
// CHECK-LABEL: func.func @random_bits_wide
// CHECK: %[[STREAM:.*]] = arith.constant 9 : i32
// CHECK: arith.mului_extended
// CHECK: arith.extui %{{.*}} : i32 to i64
// CHECK: arith.extui %{{.*}} : i32 to i64
// CHECK: arith.shli
// CHECK: arith.ori
// CHECK: linalg.yield %{{.*}} : i64
func.func @random_bits_wide(%key: tensor<2xui32>) -> tensor<4xui64> {
  %0 = ten.random_bits %key stream 9 : tensor<2xui32> -> tensor<4xui64>
  return %0 : tensor<4xui64>
}
