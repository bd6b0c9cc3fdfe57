// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-fuse-rows{min-rows=64}),cse)' -split-input-file | FileCheck %s

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// Softmax: the row maximum, the row sum of exponentials and the division
// become one launch of a block per row (64), 128 threads (the row's
// length, 127, in whole warps; not a multiple of 4, so one point at a
// time). Each stage strides over the row by 128 from the thread's
// index; a reduction's total, which gpu.all_reduce gives every thread,
// combines after its fill's value, thread 0 stores it, and the later stages
// use it from a register instead of loading it. The allocation between the
// stages moves before the launch; the fills are gone.
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:.*]]: memref<64x127xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[SUMS:.*]] = memref.alloc() : memref<64xf32>
// CHECK: %[[MAXES:.*]] = memref.alloc() : memref<64xf32>
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<64x127xf32>
// CHECK-NOT: linalg
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[LENGTH:.*]] = arith.constant 127 : index
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 128 : index
// CHECK: gpu.launch blocks(%[[ROW:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C64]], {{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[THREADS]],
// CHECK:   %[[FIRST:.*]] = arith.cmpi eq, %[[T]], %c0 : index
// CHECK:   %[[MAX_PART:.*]] = scf.for %[[J:.*]] = %[[T]] to %[[LENGTH]] step %[[THREADS]] iter_args(%{{.*}} = %[[NEG_INF]]) -> (f32) {
// CHECK:     memref.load %[[X]][%[[ROW]], %[[J]]]
// CHECK:   %[[MAX_ALL:.*]] = gpu.all_reduce maximumf %[[MAX_PART]] uniform
// CHECK:   %[[MAX:.*]] = arith.maximumf %[[NEG_INF]], %[[MAX_ALL]]
// CHECK:   scf.if %[[FIRST]] {
// CHECK:     memref.store %[[MAX]], %[[MAXES]][%[[ROW]]]
// CHECK:   %[[SUM_PART:.*]] = scf.for %[[J2:.*]] = %[[T]] to %[[LENGTH]] step %[[THREADS]] iter_args(%{{.*}} = %[[ZERO]]) -> (f32) {
// CHECK:     %[[V:.*]] = memref.load %[[X]][%[[ROW]], %[[J2]]]
// CHECK:     arith.subf %[[V]], %[[MAX]] : f32
// CHECK:     math.exp
// CHECK:   %[[SUM_ALL:.*]] = gpu.all_reduce add %[[SUM_PART]] uniform
// CHECK:   %[[SUM:.*]] = arith.addf %[[ZERO]], %[[SUM_ALL]]
// CHECK:   scf.if %[[FIRST]] {
// CHECK:     memref.store %[[SUM]], %[[SUMS]][%[[ROW]]]
// CHECK:   scf.for %[[J3:.*]] = %[[T]] to %[[LENGTH]] step %[[THREADS]] {
// CHECK:     %[[W:.*]] = memref.load %[[X]][%[[ROW]], %[[J3]]]
// CHECK:     %[[D:.*]] = arith.subf %[[W]], %[[MAX]] : f32
// CHECK:     %[[E:.*]] = math.exp %[[D]] : f32
// CHECK:     %[[Y:.*]] = arith.divf %[[E]], %[[SUM]] : f32
// CHECK:     memref.store %[[Y]], %[[OUT]][%[[ROW]], %[[J3]]]
// CHECK:   gpu.terminator
// CHECK-NOT: linalg
// CHECK: return %[[OUT]]
func.func @softmax(%x: memref<64x127xf32>) -> memref<64x127xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %sums = memref.alloc() : memref<64xf32>
  %maxes = memref.alloc() : memref<64xf32>
  linalg.fill ins(%ninf : f32) outs(%maxes : memref<64xf32>)
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x127xf32>) outs(%maxes : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %acc, %in : f32
    linalg.yield %m : f32
  }
  %out = memref.alloc() : memref<64x127xf32>
  linalg.fill ins(%zero : f32) outs(%sums : memref<64xf32>)
  linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %maxes : memref<64x127xf32>, memref<64xf32>) outs(%sums : memref<64xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %acc, %e : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#rows, #row, #row, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x, %maxes, %sums : memref<64x127xf32>, memref<64xf32>, memref<64xf32>) outs(%out : memref<64x127xf32>) {
  ^bb0(%in: f32, %m: f32, %s: f32, %o: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    %y = arith.divf %e, %s : f32
    linalg.yield %y : f32
  }
  memref.dealloc %sums : memref<64xf32>
  memref.dealloc %maxes : memref<64xf32>
  return %out : memref<64x127xf32>
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#id = affine_map<(i) -> (i)>

// A stage over the rows alone (the mean from the sum) is computed by every
// thread from the register and stored by thread 0. A stage that writes a
// row-sized intermediate (the centered values) is read back by the next
// reduction with the same map over the same loops and the same vectors of
// 4 points: the thread that wrote an element reads it, so no barrier is
// needed. The rows of 250 vectors get 256 threads.
// CHECK-LABEL: func.func @centered_variance
// CHECK-SAME: (%[[X:.*]]: memref<128x1000xf32>, %[[SUMS:.*]]: memref<128xf32>, %[[MEANS:.*]]: memref<128xf32>, %[[D:.*]]: memref<128x1000xf32>, %[[VARS:.*]]: memref<128xf32>)
// CHECK: %[[THREADS:.*]] = arith.constant 256 : index
// CHECK: gpu.launch blocks(%[[ROW:.*]], %{{.*}}, %{{.*}}) in ({{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[THREADS]],
// CHECK:   scf.for %{{.*}} = %[[T]] to %c250 step %[[THREADS]] iter_args(%{{.*}}) -> (vector<4xf32>)
// CHECK:   %[[TOTAL:.*]] = gpu.all_reduce add
// CHECK:   %[[SUM:.*]] = arith.addf %{{.*}}, %[[TOTAL]]
// CHECK:   %[[MEAN:.*]] = arith.divf %[[SUM]], %{{.*}} : f32
// CHECK:   scf.if %{{.*}} {
// CHECK:     memref.store %[[MEAN]], %[[MEANS]][%[[ROW]]]
// CHECK:   scf.for %[[V:.*]] = %[[T]] to %c250 step %[[THREADS]] {
// CHECK:     %[[J:.*]] = arith.muli %[[V]], %c4
// CHECK:     %[[X4:.*]] = vector.load %[[X]][%[[ROW]], %[[J]]] {alignment = 16 : i64}
// CHECK:     %[[MEAN4:.*]] = vector.broadcast %[[MEAN]] : f32 to vector<4xf32>
// CHECK:     %[[C:.*]] = arith.subf %[[X4]], %[[MEAN4]] : vector<4xf32>
// CHECK:     vector.store %[[C]], %[[D]][%[[ROW]], %[[J]]] {alignment = 16 : i64}
// CHECK:   scf.for %[[V2:.*]] = %[[T]] to %c250 step %[[THREADS]] iter_args
// CHECK:     %[[K:.*]] = arith.muli %[[V2]], %c4
// CHECK:     vector.load %[[D]][%[[ROW]], %[[K]]]
// CHECK:   gpu.all_reduce add
// CHECK:   memref.store %{{.*}}, %[[VARS]][%[[ROW]]]
// CHECK-NOT: gpu.launch
// CHECK-NOT: linalg
func.func @centered_variance(%x: memref<128x1000xf32>, %sums: memref<128xf32>, %means: memref<128xf32>,
                             %d: memref<128x1000xf32>, %vars: memref<128xf32>) {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 1000.0 : f32
  linalg.fill ins(%zero : f32) outs(%sums : memref<128xf32>)
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<128x1000xf32>) outs(%sums : memref<128xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%sums : memref<128xf32>) outs(%means : memref<128xf32>) {
  ^bb0(%in: f32, %o: f32):
    %m = arith.divf %in, %n : f32
    linalg.yield %m : f32
  }
  linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x, %means : memref<128x1000xf32>, memref<128xf32>) outs(%d : memref<128x1000xf32>) {
  ^bb0(%in: f32, %m: f32, %o: f32):
    %c = arith.subf %in, %m : f32
    linalg.yield %c : f32
  }
  linalg.fill ins(%zero : f32) outs(%vars : memref<128xf32>)
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%d : memref<128x1000xf32>) outs(%vars : memref<128xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32
    %s = arith.addf %acc, %sq : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#cols = affine_map<(i, j) -> (j, i)>

// Chains that stop: an intermediate read back transposed (another thread
// wrote it) ends the chain before that op. A stage that writes a buffer an
// earlier stage read (other blocks may still read it) cannot join: the
// reduction before it stays alone, and is not fused. Nor is a chain of
// fewer rows than min-rows (after a deallocation, which ends any chain).
// CHECK-LABEL: func.func @chains_that_stop
// CHECK: gpu.launch
// CHECK:   gpu.all_reduce
// CHECK:   scf.for
// CHECK:     vector.store
// CHECK:   gpu.terminator
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}} : memref<64x64xf32>)
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction"]
// CHECK: linalg.generic
// CHECK-SAME: ins(%{{.*}} : memref<64xf32>)
// CHECK: memref.dealloc
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK-NOT: gpu.launch
// CHECK: return
func.func @chains_that_stop(%x: memref<64x64xf32>, %r: memref<64xf32>, %y: memref<64x64xf32>,
                            %z: memref<64x64xf32>, %small: memref<8x64xf32>, %rs: memref<8xf32>,
                            %ys: memref<8x64xf32>, %tmp: memref<64xf32>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x64xf32>) outs(%r : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x, %r : memref<64x64xf32>, memref<64xf32>) outs(%y : memref<64x64xf32>) {
  ^bb0(%in: f32, %s: f32, %o: f32):
    %d = arith.subf %in, %s : f32
    linalg.yield %d : f32
  }
  linalg.generic {indexing_maps = [#cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%y : memref<64x64xf32>) outs(%z : memref<64x64xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%z : memref<64x64xf32>) outs(%r : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#row, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%r : memref<64xf32>) outs(%z : memref<64x64xf32>) {
  ^bb0(%s: f32, %o: f32):
    linalg.yield %s : f32
  }
  memref.dealloc %tmp : memref<64xf32>
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%small : memref<8x64xf32>) outs(%rs : memref<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%small, %rs : memref<8x64xf32>, memref<8xf32>) outs(%ys : memref<8x64xf32>) {
  ^bb0(%in: f32, %s: f32, %o: f32):
    %d = arith.subf %in, %s : f32
    linalg.yield %d : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// Every stage strides over the row the same way: when one cannot use
// vectors (a strided output), none does, not even the reduction that could.
// CHECK-LABEL: func.func @one_stage_without_vectors
// CHECK-NOT: vector.
// CHECK: gpu.launch
// CHECK:   memref.load
// CHECK:   gpu.all_reduce add
// CHECK:   memref.store %{{.*}} : memref<64x128xf32, strided<[256, 1]>>
// CHECK-NOT: vector.
func.func @one_stage_without_vectors(%x: memref<64x128xf32>, %r: memref<64xf32>,
                                     %y: memref<64x128xf32, strided<[256, 1]>>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x128xf32>) outs(%r : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#rows, #row, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x, %r : memref<64x128xf32>, memref<64xf32>) outs(%y : memref<64x128xf32, strided<[256, 1]>>) {
  ^bb0(%in: f32, %s: f32, %o: f32):
    %d = arith.subf %in, %s : f32
    linalg.yield %d : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>

// Dynamic sizes: the check that a scale vector has the row's length (a
// cf.assert on sizes the function was given) sits between two stages; it
// moves before the launch with the sizes it reads, and the chain goes on.
// CHECK-LABEL: func.func @checked_scale
// CHECK-SAME: (%[[X:.*]]: memref<?x?xf32>, %[[G:.*]]: memref<?xf32>)
// CHECK: %[[LENGTH:.*]] = memref.dim %[[X]], %c1
// CHECK: %[[G_LENGTH:.*]] = memref.dim %[[G]], %c0
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[G_LENGTH]], %[[LENGTH]]
// CHECK: cf.assert %[[SAME]], "scale length"
// CHECK: gpu.launch
// CHECK: gpu.all_reduce maximumf
// CHECK: memref.load %[[G]]
// CHECK: gpu.terminator
// CHECK-NOT: gpu.launch
// CHECK-NOT: linalg
// CHECK: return
func.func @checked_scale(%x: memref<?x?xf32>, %g: memref<?xf32>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %n = memref.dim %x, %c0 : memref<?x?xf32>
  %m = memref.dim %x, %c1 : memref<?x?xf32>
  %maxes = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%ninf : f32) outs(%maxes : memref<?xf32>)
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%maxes : memref<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.maximumf %acc, %in : f32
    linalg.yield %r : f32
  }
  %gm = memref.dim %g, %c0 : memref<?xf32>
  %same = arith.cmpi eq, %gm, %m : index
  cf.assert %same, "scale length"
  %out = memref.alloc(%n, %m) : memref<?x?xf32>
  linalg.generic {indexing_maps = [#rows, #row, #col, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x, %maxes, %g : memref<?x?xf32>, memref<?xf32>, memref<?xf32>) outs(%out : memref<?x?xf32>) {
  ^bb0(%in: f32, %mx: f32, %s: f32, %o: f32):
    %d = arith.subf %in, %mx : f32
    %y = arith.mulf %d, %s : f32
    linalg.yield %y : f32
  }
  memref.dealloc %maxes : memref<?xf32>
  return %out : memref<?x?xf32>
}

// -----

// Left alone, without a crash: blocks with nothing in them (a bufferized
// scf.forall's terminator holds an empty block), here beside a chain in
// the loop's body that is too short to fuse (16 rows).
// CHECK-LABEL: func.func @empty_block
// CHECK: scf.forall
// CHECK: linalg.generic
// CHECK-NOT: gpu.launch
#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @empty_block(%x: memref<16x32xf32>, %sums: memref<16xf32>) {
  scf.forall (%i) in (4) {
    linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
        ins(%x : memref<16x32xf32>) outs(%sums : memref<16xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %r = arith.addf %acc, %in : f32
      linalg.yield %r : f32
    }
  }
  return
}
