// RUN: tensor-opt %s --split-input-file --ten-shard-arguments | FileCheck %s

// Arguments annotated with their shardings (replicated without one), results
// replicated; the attributes go once read.

// CHECK-LABEL: module {
// CHECK: shard.grid @ten_grid(shape = 2x2)
// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<8x6xf32>)
// CHECK-NOT: ten.sharding
// CHECK: %[[SA:.*]] = shard.sharding @ten_grid split_axes = {{\[\[}}0], [1]] : !shard.sharding
// CHECK: %[[A1:.*]] = shard.shard %[[A]] to %[[SA]] : tensor<4x8xf32>
// CHECK: %[[A2:.*]] = shard.shard %[[A1]] to %[[SA]] annotate_for_users : tensor<4x8xf32>
// CHECK: %[[SB:.*]] = shard.sharding @ten_grid split_axes = {{\[\[}}]] : !shard.sharding
// CHECK: %[[B1:.*]] = shard.shard %[[B]] to %[[SB]] : tensor<8x6xf32>
// CHECK: %[[B2:.*]] = shard.shard %[[B1]] to %[[SB]] annotate_for_users : tensor<8x6xf32>
// CHECK: %[[C:.*]] = ten.einsum "ij,jk->ik" (%[[A2]], %[[B2]])
// CHECK: %[[SC:.*]] = shard.sharding @ten_grid split_axes = {{\[\[}}]] : !shard.sharding
// CHECK: %[[C1:.*]] = shard.shard %[[C]] to %[[SC]] : tensor<4x6xf32>
// CHECK: return %[[C1]]
module attributes {ten.grid = array<i64: 2, 2>} {
  func.func @main(%a: tensor<4x8xf32> {ten.sharding = array<i64: 0, 1>}, %b: tensor<8x6xf32>) -> tensor<4x6xf32> {
    %c = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<4x8xf32>, tensor<8x6xf32>) -> tensor<4x6xf32>
    return %c : tensor<4x6xf32>
  }
}

// -----

// A grid of one process: nothing to partition; the attributes still go.

// CHECK-LABEL: module {
// CHECK-NOT: shard.
// CHECK: func.func @one(%{{.*}}: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return
module attributes {ten.grid = array<i64: 1>} {
  func.func @one(%a: tensor<4xf32> {ten.sharding = array<i64: 0>}) -> tensor<4xf32> {
    return %a : tensor<4xf32>
  }
}

// -----

// Private functions are the public ones' helpers: left to the partitioner.

// CHECK-LABEL: func.func private @helper(%{{.*}}: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: return
module attributes {ten.grid = array<i64: 2>} {
  func.func private @helper(%a: tensor<4xf32>) -> tensor<4xf32> {
    return %a : tensor<4xf32>
  }
}

// -----

// An intermediate's layout (ten.shard): its users read it so; how its
// producer makes it is left to propagation.

// CHECK-LABEL: func.func @intermediate(
// CHECK: %[[E:.*]] = ten.exp
// CHECK: %[[S:.*]] = shard.sharding @ten_grid split_axes = {{\[\[}}], [0]] : !shard.sharding
// CHECK: %[[U:.*]] = shard.shard %[[E]] to %[[S]] annotate_for_users : tensor<8x6xf32>
// CHECK-NOT: ten.shard
// CHECK: ten.neg %[[U]]
module attributes {ten.grid = array<i64: 2>} {
  func.func @intermediate(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
    %e = ten.exp %x : tensor<8x6xf32>
    %s = ten.shard %e [-1, 0] : tensor<8x6xf32>
    %n = ten.neg %s : tensor<8x6xf32>
    return %n : tensor<8x6xf32>
  }
}

// -----

// On one process (or without a grid) a layout is its input.

// CHECK-LABEL: func.func @single(
// CHECK-SAME: %[[X:.*]]: tensor<8x6xf32>
// CHECK-NOT: shard
// CHECK: ten.neg %[[X]]
func.func @single(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = ten.shard %x [0, -1] : tensor<8x6xf32>
  %n = ten.neg %s : tensor<8x6xf32>
  return %n : tensor<8x6xf32>
}
