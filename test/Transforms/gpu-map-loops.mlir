// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-map-loops{block-size=128}))' -split-input-file | FileCheck %s

// Two dimensions collapse into one (the column index varying fastest), tiled
// by the block size: tiles on blocks, the tile's iterations on threads, the
// last partial tile guarded. A constant trip count needs no guard.
// CHECK-LABEL: func.func @two_dims
// CHECK-SAME: (%[[X:.*]]: memref<10x100xf32>,
// CHECK: %[[ROWS:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[N:.*]] = arith.muli %[[ROWS]], %[[COLS:.*]] : index
// CHECK-NOT: scf.if
// CHECK: %[[BS:.*]] = arith.constant 128 : index
// CHECK: %[[STEP:.*]] = arith.muli %{{.*}}, %[[BS]] : index
// CHECK: scf.parallel (%[[TILE:.*]]) = (%{{.*}}) to (%[[N]]) step (%[[STEP]]) {
// CHECK:   scf.parallel (%[[T:.*]]) = (%{{.*}}) to (%[[STEP]]) step (%{{.*}}) {
// CHECK:     %[[I:.*]] = arith.addi %[[T]], %[[TILE]] : index
// CHECK:     %[[IN:.*]] = arith.cmpi ult, %{{.*}}, %[[N]] : index
// CHECK:     scf.if
// CHECK-DAG:   %[[COL:.*]] = arith.remsi %[[I]], %[[COLS]] : index
// CHECK-DAG:   %[[ROW:.*]] = arith.divsi %[[I]], %[[COLS]] : index
// CHECK:       memref.load %[[X]][%[[ROW]], %[[COL]]]
// CHECK:   } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
func.func @two_dims(%x: memref<10x100xf32>, %y: memref<10x100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c100 = arith.constant 100 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c10, %c100) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<10x100xf32>
    memref.store %v, %y[%i, %j] : memref<10x100xf32>
  }
  return
}

// -----

// A trip count that is not a constant: the launch is skipped when empty.
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : index
// CHECK: scf.if %[[NONEMPTY]] {
// CHECK:   scf.parallel
// CHECK:     scf.parallel
// CHECK:     } {mapping = [#gpu.loop_dim_map<processor = thread_x
// CHECK:   } {mapping = [#gpu.loop_dim_map<processor = block_x
// CHECK: }
func.func @dynamic(%x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %f, %x[%i] : memref<?xf32>
  }
  return
}

// -----

// A loop known to be empty launches nothing.
// CHECK-LABEL: func.func @empty
// CHECK-NOT: scf.parallel
func.func @empty(%x: memref<0xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c0) step (%c1) {
    memref.store %f, %x[%i] : memref<0xf32>
  }
  return
}

// -----

// Left alone: a loop nested in another parallel loop (the outer one is
// mapped; the inner one runs in each thread), and a loop already mapped.
// CHECK-LABEL: func.func @nested_and_mapped
// CHECK: scf.parallel
// CHECK:   scf.parallel
// CHECK:     scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK-NOT: mapping
// CHECK:     }
// CHECK:   } {mapping = [#gpu.loop_dim_map<processor = thread_x
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = block_x
// CHECK: scf.parallel
// CHECK: } {mapping = [#gpu.loop_dim_map<processor = block_y, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
// CHECK-NOT: scf.parallel
func.func @nested_and_mapped(%x: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.parallel (%j) = (%c0) to (%c8) step (%c1) {
      memref.store %f, %x[%i, %j] : memref<4x8xf32>
    }
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %f, %x[%i, %c0] : memref<4x8xf32>
  } {mapping = [#gpu.loop_dim_map<processor = block_y, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  return
}

