// RUN: tensor-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(ten-unsplit-loops))' | FileCheck %s

// A sum split along its reduced dimension: the partitioner all_reduces its
// parts. Left as it is.

// CHECK-LABEL: func.func @sum(
// CHECK: %[[S:.*]] = shard.sharding @g split_axes = {{\[\[}}0], [1]]
// CHECK: %[[A:.*]] = shard.shard %{{.*}} to %[[S]] annotate_for_users
// CHECK-NOT: split_axes = {{\[\[}}]
// CHECK: linalg.generic {{.*}} ins(%[[A]] :
// CHECK-NOT: split_axes = {{\[\[}}]
// CHECK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
shard.grid @g(shape = 2x2)
func.func @sum(%x: tensor<8x6xf32>, %init: tensor<6xf32>) -> tensor<6xf32> {
  %s = shard.sharding @g split_axes = [[0], [1]] : !shard.sharding
  %a = shard.shard %x to %s annotate_for_users : tensor<8x6xf32>
  %r = shard.sharding @g split_axes = [[1]] : !shard.sharding
  %i = shard.shard %init to %r annotate_for_users : tensor<6xf32>
  %y = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]} ins(%a : tensor<8x6xf32>) outs(%i : tensor<6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  } -> tensor<6xf32>
  %m = shard.shard %y to %r : tensor<6xf32>
  return %m : tensor<6xf32>
}

// -----

// A complex sum, which the partitioner cannot combine: its input is read
// whole along the reduced dimension (a new annotation for this op), still
// split along the other.

// CHECK-LABEL: func.func @complex_sum(
// CHECK-SAME: %[[X:[^:]*]]: tensor<8x6xcomplex<f32>>
// CHECK: %[[R:.*]] = shard.sharding @g split_axes = {{\[\[}}1]]
// CHECK: %[[INIT:.*]] = shard.shard %{{.*}} to %[[R]] annotate_for_users
// CHECK: %[[COLUMNS:.*]] = shard.sharding @g split_axes = {{\[\[}}], [1]]
// CHECK: %[[A:.*]] = shard.shard %[[X]] to %[[COLUMNS]] annotate_for_users
// CHECK: %[[Y:.*]] = linalg.generic {{.*}} ins(%[[A]] : {{.*}}) outs(%[[INIT]] :
// CHECK: shard.shard %[[Y]] to %[[R]] :
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
shard.grid @g(shape = 2x2)
func.func @complex_sum(%x: tensor<8x6xcomplex<f32>>, %init: tensor<6xcomplex<f32>>) -> tensor<6xcomplex<f32>> {
  %s = shard.sharding @g split_axes = [[0], [1]] : !shard.sharding
  %a = shard.shard %x to %s annotate_for_users : tensor<8x6xcomplex<f32>>
  %r = shard.sharding @g split_axes = [[1]] : !shard.sharding
  %i = shard.shard %init to %r annotate_for_users : tensor<6xcomplex<f32>>
  %y = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]} ins(%a : tensor<8x6xcomplex<f32>>) outs(%i : tensor<6xcomplex<f32>>) {
  ^bb0(%in: complex<f32>, %out: complex<f32>):
    %0 = complex.add %out, %in : complex<f32>
    linalg.yield %0 : complex<f32>
  } -> tensor<6xcomplex<f32>>
  %m = shard.shard %y to %r : tensor<6xcomplex<f32>>
  return %m : tensor<6xcomplex<f32>>
}

// -----

// A scan (a total and the prefixes, which the reduced loop indexes): it
// runs whole. Its bare destination gets an annotation, its unused result
// one of how it is made, and the prefixes are made whole.

// CHECK-LABEL: func.func @scan(
// CHECK-SAME: %[[X:[^:]*]]: tensor<8x6xf32>, %[[TOTAL:[^:]*]]: tensor<6xf32>, %[[PREFIX:[^:]*]]: tensor<8x6xf32>
// CHECK: %[[W1:.*]] = shard.sharding @g split_axes = {{\[\[}}]]
// CHECK: %[[A:.*]] = shard.shard %[[X]] to %[[W1]] annotate_for_users : tensor<8x6xf32>
// CHECK: %[[W2:.*]] = shard.sharding @g split_axes = {{\[\[}}]]
// CHECK: %[[T:.*]] = shard.shard %[[TOTAL]] to %[[W2]] annotate_for_users : tensor<6xf32>
// CHECK: %[[W3:.*]] = shard.sharding @g split_axes = {{\[\[}}]]
// CHECK: %[[P:.*]] = shard.shard %[[PREFIX]] to %[[W3]] annotate_for_users : tensor<8x6xf32>
// CHECK: %[[Y:.*]]:2 = linalg.generic {{.*}} ins(%[[A]] : {{.*}}) outs(%[[T]], %[[P]] :
// CHECK: %[[W4:.*]] = shard.sharding @g split_axes = {{\[\[}}]]
// CHECK: shard.shard %[[Y]]#0 to %[[W4]] : tensor<6xf32>
// CHECK: %[[W5:.*]] = shard.sharding @g split_axes = {{\[\[}}]]
// CHECK: %[[M:.*]] = shard.shard %[[Y]]#1 to %[[W5]] : tensor<8x6xf32>
// CHECK: return %[[M]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
shard.grid @g(shape = 2x2)
func.func @scan(%x: tensor<8x6xf32>, %total: tensor<6xf32>, %prefix: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = shard.sharding @g split_axes = [[0], [1]] : !shard.sharding
  %a = shard.shard %x to %s annotate_for_users : tensor<8x6xf32>
  %c = shard.sharding @g split_axes = [[1]] : !shard.sharding
  %t = shard.shard %total to %c annotate_for_users : tensor<6xf32>
  %y:2 = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["reduction", "parallel"]} ins(%a : tensor<8x6xf32>) outs(%t, %prefix : tensor<6xf32>, tensor<8x6xf32>) {
  ^bb0(%in: f32, %out: f32, %out2: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0, %0 : f32, f32
  } -> (tensor<6xf32>, tensor<8x6xf32>)
  %m = shard.shard %y#1 to %s : tensor<8x6xf32>
  return %m : tensor<8x6xf32>
}

// -----

// An unsigned maximum over the split rows: the all_reduce would compare
// signless integers as signed, so its input is read whole along them.

// CHECK-LABEL: func.func @unsigned_max(
// CHECK: %[[WHOLE:.*]] = shard.sharding @g split_axes = {{\[\[}}], [1]]
// CHECK: %[[A:.*]] = shard.shard %{{.*}} to %[[WHOLE]] annotate_for_users
// CHECK: linalg.generic {{.*}} ins(%[[A]] :
// CHECK: arith.maxui
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
shard.grid @g(shape = 2x2)
func.func @unsigned_max(%x: tensor<8x6xi8>, %init: tensor<6xi8>) -> tensor<6xi8> {
  %s = shard.sharding @g split_axes = [[0], [1]] : !shard.sharding
  %a = shard.shard %x to %s annotate_for_users : tensor<8x6xi8>
  %r = shard.sharding @g split_axes = [[1]] : !shard.sharding
  %i = shard.shard %init to %r annotate_for_users : tensor<6xi8>
  %y = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]} ins(%a : tensor<8x6xi8>) outs(%i : tensor<6xi8>) {
  ^bb0(%in: i8, %out: i8):
    %0 = arith.maxui %out, %in : i8
    linalg.yield %0 : i8
  } -> tensor<6xi8>
  %m = shard.shard %y to %r : tensor<6xi8>
  return %m : tensor<6xi8>
}

// -----

// The least index of a maximum (an argmax's second reduction): a minimum,
// but of positions along the reduced dimension, which would count from the
// start of each process's part. Its input is read whole along the reduced
// dimension; a minimum of values alone (below) stays split.

// CHECK-LABEL: func.func @least_position(
// CHECK-SAME: %[[X:[^:]*]]: tensor<8x6xf32>
// CHECK: %[[COLUMNS:.*]] = shard.sharding @g split_axes = {{\[\[}}], [1]]
// CHECK: %[[A:.*]] = shard.shard %[[X]] to %[[COLUMNS]] annotate_for_users
// CHECK: linalg.generic {{.*}} ins(%[[A]], %{{.*}} : tensor<8x6xf32>, tensor<6xf32>)
// CHECK: linalg.index 0
// CHECK-LABEL: func.func @least_value(
// CHECK-NOT: split_axes = {{\[\[}}], [1]]
// CHECK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
shard.grid @g(shape = 2x2)
func.func @least_position(%x: tensor<8x6xf32>, %max: tensor<6xf32>, %init: tensor<6xi64>) -> tensor<6xi64> {
  %s = shard.sharding @g split_axes = [[0], [1]] : !shard.sharding
  %a = shard.shard %x to %s annotate_for_users : tensor<8x6xf32>
  %r = shard.sharding @g split_axes = [[1]] : !shard.sharding
  %m = shard.shard %max to %r annotate_for_users : tensor<6xf32>
  %i = shard.shard %init to %r annotate_for_users : tensor<6xi64>
  %y = linalg.generic {indexing_maps = [#id, #col, #col], iterator_types = ["reduction", "parallel"]} ins(%a, %m : tensor<8x6xf32>, tensor<6xf32>) outs(%i : tensor<6xi64>) {
  ^bb0(%in: f32, %extremum: f32, %out: i64):
    %hit = arith.cmpf oeq, %in, %extremum : f32
    %p = linalg.index 0 : index
    %q = arith.index_cast %p : index to i64
    %none = arith.constant 9223372036854775807 : i64
    %c = arith.select %hit, %q, %none : i64
    %0 = arith.minsi %out, %c : i64
    linalg.yield %0 : i64
  } -> tensor<6xi64>
  %n = shard.shard %y to %r : tensor<6xi64>
  return %n : tensor<6xi64>
}
func.func @least_value(%x: tensor<8x6xi64>, %init: tensor<6xi64>) -> tensor<6xi64> {
  %s = shard.sharding @g split_axes = [[0], [1]] : !shard.sharding
  %a = shard.shard %x to %s annotate_for_users : tensor<8x6xi64>
  %r = shard.sharding @g split_axes = [[1]] : !shard.sharding
  %i = shard.shard %init to %r annotate_for_users : tensor<6xi64>
  %y = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]} ins(%a : tensor<8x6xi64>) outs(%i : tensor<6xi64>) {
  ^bb0(%in: i64, %out: i64):
    %0 = arith.minsi %out, %in : i64
    linalg.yield %0 : i64
  } -> tensor<6xi64>
  %n = shard.shard %y to %r : tensor<6xi64>
  return %n : tensor<6xi64>
}
