// RUN: tensor-opt %s --split-input-file --ten-stepwise-resharding | FileCheck %s

// Two dimensions change: a step in between changes the first alone.

// CHECK-LABEL: func.func @two(
// CHECK-SAME: %[[X:.*]]: tensor<8x6xf64>
// CHECK: %[[S:.*]] = shard.sharding @g split_axes = {{\[\[}}0], [1]]
// CHECK: %[[A:.*]] = shard.shard %[[X]] to %[[S]] : tensor<8x6xf64>
// CHECK: %[[R:.*]] = shard.sharding @g split_axes = {{\[\[}}]]
// CHECK: %[[STEP:.*]] = shard.sharding @g split_axes = {{\[\[}}], [1]]
// CHECK: %[[B:.*]] = shard.shard %[[A]] to %[[STEP]] annotate_for_users
// CHECK: %[[C:.*]] = shard.shard %[[B]] to %[[STEP]] : tensor<8x6xf64>
// CHECK: %[[D:.*]] = shard.shard %[[C]] to %[[R]] annotate_for_users
// CHECK: return %[[D]]
shard.grid @g(shape = 2x2)
func.func @two(%x: tensor<8x6xf64>) -> tensor<8x6xf64> {
  %s = shard.sharding @g split_axes = [[0], [1]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf64>
  %r = shard.sharding @g split_axes = [[]] : !shard.sharding
  %b = shard.shard %a to %r annotate_for_users : tensor<8x6xf64>
  return %b : tensor<8x6xf64>
}

// -----

// One dimension changes, or none: left as they are.

// CHECK-LABEL: func.func @one(
// CHECK-COUNT-2: = shard.sharding @g
// CHECK-NOT: = shard.sharding
// CHECK: return
shard.grid @g(shape = 2x2)
func.func @one(%x: tensor<8x6xf64>) -> tensor<8x6xf64> {
  %s = shard.sharding @g split_axes = [[0], [1]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf64>
  %r = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %b = shard.shard %a to %r annotate_for_users : tensor<8x6xf64>
  return %b : tensor<8x6xf64>
}

// -----

// A split moved from one dimension to another (whole before) is one step,
// an all_to_all of the partitioner: left as it is.

// CHECK-LABEL: func.func @move(
// CHECK-COUNT-2: = shard.sharding @g
// CHECK-NOT: = shard.sharding
// CHECK: return
shard.grid @g(shape = 2x2)
func.func @move(%x: tensor<8x6x4xf64>) -> tensor<8x6x4xf64> {
  %s = shard.sharding @g split_axes = [[0], [], [1]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6x4xf64>
  %r = shard.sharding @g split_axes = [[], [0], [1]] : !shard.sharding
  %b = shard.shard %a to %r annotate_for_users : tensor<8x6x4xf64>
  return %b : tensor<8x6x4xf64>
}

// -----

// Splits rotated over three dimensions: two moves, neither of which splits
// two dimensions over one axis (axis 0 leaves dimension 0 before axis 1
// comes to it).

// CHECK-LABEL: func.func @rotate(
// CHECK: %[[S:.*]] = shard.sharding @g split_axes = {{\[\[}}0], [1]]
// CHECK: %[[A:.*]] = shard.shard %{{.*}} to %[[S]]
// CHECK: %[[R:.*]] = shard.sharding @g split_axes = {{\[\[}}1], [], [0]]
// CHECK: %[[STEP:.*]] = shard.sharding @g split_axes = {{\[\[}}], [1], [0]]
// CHECK: %[[B:.*]] = shard.shard %[[A]] to %[[STEP]] annotate_for_users
// CHECK: %[[C:.*]] = shard.shard %[[B]] to %[[STEP]] :
// CHECK: %[[D:.*]] = shard.shard %[[C]] to %[[R]] annotate_for_users
// CHECK: return %[[D]]
shard.grid @g(shape = 2x2)
func.func @rotate(%x: tensor<8x6x4xf64>) -> tensor<8x6x4xf64> {
  %s = shard.sharding @g split_axes = [[0], [1]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6x4xf64>
  %r = shard.sharding @g split_axes = [[1], [], [0]] : !shard.sharding
  %b = shard.shard %a to %r annotate_for_users : tensor<8x6x4xf64>
  return %b : tensor<8x6x4xf64>
}

// -----

// Splits that neither stay nor move are gathered before new ones are
// sliced: [[0], [1]] to [[], [], [1]] gathers dimension 0, moves axis 1.

// CHECK-LABEL: func.func @gather_then_move(
// CHECK: %[[STEP:.*]] = shard.sharding @g split_axes = {{\[\[}}0], [], [1]]
// CHECK: shard.shard %{{.*}} to %[[STEP]] annotate_for_users
// CHECK: return
shard.grid @g(shape = 2x2)
func.func @gather_then_move(%x: tensor<8x6x4xf64>) -> tensor<8x6x4xf64> {
  %s = shard.sharding @g split_axes = [[0], [1]] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6x4xf64>
  %r = shard.sharding @g split_axes = [[], [], [1]] : !shard.sharding
  %b = shard.shard %a to %r annotate_for_users : tensor<8x6x4xf64>
  return %b : tensor<8x6x4xf64>
}

// -----

// A sharding with halos is not stepped.

// CHECK-LABEL: func.func @halo(
// CHECK-COUNT-2: = shard.sharding @g
// CHECK-NOT: = shard.sharding
// CHECK: return
shard.grid @g(shape = 2x2)
func.func @halo(%x: tensor<8x6xf64>) -> tensor<8x6xf64> {
  %s = shard.sharding @g split_axes = [[0], [1]] halo_sizes = [1, 1, 1, 1] : !shard.sharding
  %a = shard.shard %x to %s : tensor<8x6xf64>
  %r = shard.sharding @g split_axes = [[]] : !shard.sharding
  %b = shard.shard %a to %r annotate_for_users : tensor<8x6xf64>
  return %b : tensor<8x6xf64>
}
