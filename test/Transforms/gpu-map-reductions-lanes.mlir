// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-map-reductions),cse)' -split-input-file | FileCheck %s
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-map-reductions{max-lane-vectors=16}),cse)' -split-input-file | FileCheck %s --check-prefix=SIXTEEN

// Short rows of a static length get a group of lanes each (at most a warp)
// instead of a block, several rows per block, combined by warp shuffles
// alone. (A block per row, and the splits of long rows among blocks, are
// in gpu-map-reductions.mlir and gpu-map-reductions-split.mlir.)

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// Rows of 128 vectors of 4 floats: a warp per row, 4 vectors per lane. The
// loop counts from 0 with the lane as an offset (a constant trip count of
// 4, which LLVM unrolls), a warp's lanes on consecutive vectors each time.
// 2048 rows: 4 per block (128 threads), so that 512 blocks (target-blocks)
// run. The lanes' values are combined by xor shuffles over the whole warp,
// and lane 0 of a row in range stores, after the folded zero fill.
// CHECK-LABEL: func.func @warp_row_sum
// CHECK-SAME: (%[[X:.*]]: memref<2048x512xf32>, %[[OUT:.*]]: memref<2048xf32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[ROWS:.*]] = arith.constant 2048 : index
// CHECK-DAG: %[[VECTORS:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[BLOCKS:.*]] = arith.constant 512 : index
// CHECK-NOT: linalg.fill
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[BLOCKS]], %{{.*}}, %{{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[VECTORS]],
// CHECK:   %[[C32:.*]] = arith.constant 32 : index
// CHECK:   %[[LANE:.*]] = arith.remui %[[T]], %[[C32]] : index
// CHECK:   %[[GROUP:.*]] = arith.divui %[[T]], %[[C32]] : index
// CHECK:   %[[FIRST_ROW:.*]] = arith.muli %[[B]], %[[FOUR]] : index
// CHECK:   %[[ROW:.*]] = arith.addi %[[FIRST_ROW]], %[[GROUP]] : index
// CHECK:   %[[IN_RANGE:.*]] = arith.cmpi ult, %[[ROW]], %[[ROWS]] : index
// CHECK:   %[[SHARE:.*]] = scf.if %[[IN_RANGE]] -> (f32) {
// CHECK:     %[[C0:.*]] = arith.constant 0 : index
// CHECK:     %[[LANES:.*]] = scf.for %[[K:.*]] = %[[C0]] to %[[VECTORS]] step %[[C32]] iter_args(%[[ACC:.*]] = %{{.*}}) -> (vector<4xf32>) {
// CHECK:       %[[V:.*]] = arith.addi %[[LANE]], %[[K]] : index
// CHECK:       %[[J:.*]] = arith.muli %[[V]], %[[FOUR]] : index
// CHECK:       %[[LOADED:.*]] = vector.load %[[X]][%[[ROW]], %[[J]]] {alignment = 16 : i64}
// CHECK:       arith.addf %[[LOADED]], %[[ACC]] : vector<4xf32>
// CHECK:     scf.yield %{{.*}} : f32
// CHECK:   } else {
// CHECK:     scf.yield %[[ZERO]] : f32
// CHECK:   }
// CHECK:   %[[WIDTH:.*]] = arith.constant 32 : i32
// CHECK:   %[[S16:.*]], %{{.*}} = gpu.shuffle xor %[[SHARE]], %{{.*}}, %[[WIDTH]] : f32
// CHECK:   %[[T16:.*]] = arith.addf %[[SHARE]], %[[S16]] : f32
// CHECK:   gpu.shuffle xor %[[T16]],
// CHECK:   gpu.shuffle xor
// CHECK:   gpu.shuffle xor
// CHECK:   %[[S1:.*]], %{{.*}} = gpu.shuffle xor %[[T2:.*]], %{{.*}}, %[[WIDTH]] : f32
// CHECK:   %[[TOTAL:.*]] = arith.addf %[[T2]], %[[S1]] : f32
// CHECK-NOT: gpu.shuffle
// CHECK-NOT: gpu.barrier
// CHECK:   %[[FIRST_LANE:.*]] = arith.cmpi eq, %[[LANE]], %{{.*}} : index
// CHECK:   %[[STORES:.*]] = arith.andi %[[IN_RANGE]], %[[FIRST_LANE]] : i1
// CHECK:   scf.if %[[STORES]] {
// CHECK:     %[[RESULT:.*]] = arith.addf %[[TOTAL]], %[[ZERO]] : f32
// CHECK:     memref.store %[[RESULT]], %[[OUT]][%[[ROW]]] : memref<2048xf32>
// CHECK:   gpu.terminator
// CHECK-NOT: gpu.all_reduce
func.func @warp_row_sum(%x: memref<2048x512xf32>, %out: memref<2048xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<2048xf32>)
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<2048x512xf32>) outs(%out : memref<2048xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// Rows of 8 vectors: 8 lanes per row, 4 rows per warp, shuffles of 4, 2
// and 1 lanes only. 1001 rows: at least a warp per block (4 rows), 251
// blocks; the last block's last three groups are past the end: they fold
// nothing (the else branch's -inf) and store nothing, but shuffle.
// CHECK-LABEL: func.func @quarter_warp_rows
// CHECK-DAG: %[[ROWS:.*]] = arith.constant 1001 : index
// CHECK-DAG: %[[GROUP_LANES:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[WARP:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[BLOCKS:.*]] = arith.constant 251 : index
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[BLOCKS]], %{{.*}}, %{{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[WARP]],
// CHECK:   %[[LANE:.*]] = arith.remui %[[T]], %[[GROUP_LANES]] : index
// CHECK:   %[[GROUP:.*]] = arith.divui %[[T]], %[[GROUP_LANES]] : index
// CHECK:   %[[FIRST_ROW:.*]] = arith.muli %[[B]], %[[FOUR]] : index
// CHECK:   %[[ROW:.*]] = arith.addi %[[FIRST_ROW]], %[[GROUP]] : index
// CHECK:   %[[IN_RANGE:.*]] = arith.cmpi ult, %[[ROW]], %[[ROWS]] : index
// CHECK:   %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:   scf.if %[[IN_RANGE]] -> (f32) {
// CHECK:     scf.for %{{.*}} = %{{.*}} to %[[GROUP_LANES]] step %[[GROUP_LANES]]
// CHECK:       arith.maximumf %{{.*}} : vector<4xf32>
// CHECK:   } else {
// CHECK:     scf.yield %[[NEG_INF]] : f32
// CHECK:   %[[WIDTH:.*]] = arith.constant 32 : i32
// CHECK:   %[[C4:.*]] = arith.constant 4 : i32
// CHECK:   gpu.shuffle xor %{{.*}}, %[[C4]], %[[WIDTH]] : f32
// CHECK:   %[[C2:.*]] = arith.constant 2 : i32
// CHECK:   gpu.shuffle xor %{{.*}}, %[[C2]], %[[WIDTH]] : f32
// CHECK:   %[[C1:.*]] = arith.constant 1 : i32
// CHECK:   gpu.shuffle xor %{{.*}}, %[[C1]], %[[WIDTH]] : f32
// CHECK-NOT: gpu.shuffle
// CHECK:   arith.andi %[[IN_RANGE]], %{{.*}} : i1
// CHECK:     memref.load
// CHECK:     arith.maximumf
// CHECK:     memref.store
func.func @quarter_warp_rows(%x: memref<1001x32xf32>, %out: memref<1001xf32>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<1001x32xf32>) outs(%out : memref<1001xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.maximumf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// 25 vectors per row, not a multiple of the warp: lanes fold 1 or 0 of
// them, the loop starting at the lane. 512 rows, one per block.
// CHECK-LABEL: func.func @uneven_rows
// CHECK-DAG: %[[VECTORS:.*]] = arith.constant 25 : index
// CHECK-DAG: %[[WARP:.*]] = arith.constant 32 : index
// CHECK: gpu.launch {{.*}} threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[WARP]],
// CHECK:   %[[LANE:.*]] = arith.remui %[[T]], %[[WARP]] : index
// CHECK:   scf.for %{{.*}} = %[[LANE]] to %[[VECTORS]] step %[[WARP]]
func.func @uneven_rows(%x: memref<512x100xf32>, %out: memref<512xf32>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<512x100xf32>) outs(%out : memref<512xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// Rows of a dynamic count: a full block of 8 rows (256 threads), as many
// blocks as cover them, under the guard against an empty grid.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[GROUP_LANES:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[ROWS:.*]] = memref.dim %{{.*}}, %[[C0]]
// CHECK: %[[BLOCKS:.*]] = arith.ceildivui %[[ROWS]], %[[GROUP_LANES]] : index
// CHECK: %[[ANY:.*]] = arith.cmpi ugt, %[[ROWS]], %[[C0]] : index
// CHECK: scf.if %[[ANY]] {
// CHECK:   gpu.launch {{.*}} in (%{{.*}} = %[[BLOCKS]], %{{.*}}, %{{.*}}) threads({{.*}}) in (%{{.*}} = %[[THREADS]],
// CHECK:     arith.cmpi ult, %{{.*}}, %[[ROWS]] : index
// CHECK:     gpu.shuffle xor
// CHECK-NOT: gpu.launch
func.func @dynamic_rows(%x: memref<?x512xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x512xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// An argmax of rows of 100 (one element at a time: the body reads the
// index): a warp per row; each step shuffles the value and its index and
// keeps the pair of the lower index first, so that ties keep the first.
// Lanes past the end start from -inf and index 0.
// CHECK-LABEL: func.func @short_argmax
// CHECK-DAG: %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK: gpu.launch
// CHECK:   %[[LANE:.*]] = arith.remui
// CHECK:   scf.if %{{.*}} -> (f32, i64) {
// CHECK:     scf.for %{{.*}} = %[[LANE]] to %{{.*}} step %{{.*}} iter_args({{.*}}) -> (f32, i64)
// CHECK:   } else {
// CHECK:     scf.yield %[[NEG_INF]], %[[ZERO]] : f32, i64
// CHECK:   %[[VALUE:.*]], %{{.*}} = gpu.shuffle xor %{{.*}}#0, %{{.*}} : f32
// CHECK:   %[[INDEX:.*]], %{{.*}} = gpu.shuffle xor %{{.*}}#1, %{{.*}} : i64
// CHECK:   %[[OTHER_FIRST:.*]] = arith.cmpi ult, %[[INDEX]], %{{.*}}#1 : i64
// CHECK:   arith.select %[[OTHER_FIRST]], %[[VALUE]], %{{.*}}#0 : f32
// CHECK-COUNT-4: gpu.shuffle xor %{{.*}} : i64
// CHECK-NOT: gpu.shuffle
// CHECK-NOT: gpu.barrier
// CHECK:   scf.if
// CHECK:     memref.store
// CHECK:     memref.store
func.func @short_argmax(%x: memref<64x100xf32>, %best: memref<64xf32>, %at: memref<64xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0 : i64
  linalg.fill ins(%ninf : f32) outs(%best : memref<64xf32>)
  linalg.fill ins(%zero : i64) outs(%at : memref<64xi64>)
  linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x100xf32>) outs(%best, %at : memref<64xf32>, memref<64xi64>) {
  ^bb0(%in: f32, %b: f32, %a: i64):
    %j = linalg.index 1 : index
    %j64 = arith.index_cast %j : index to i64
    %gt = arith.cmpf ogt, %in, %b : f32
    %v = arith.select %gt, %in, %b : f32
    %i = arith.select %gt, %j64, %a : i64
    linalg.yield %v, %i : f32, i64
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// Values narrower than 32 bits are widened once and combined in the
// shuffles' type, as gpu.all_reduce combines them, then narrowed once:
// booleans as i32 (sign-extended), an f16 sum in f32, so that the lanes'
// partial sums round to f16 once.
// CHECK-LABEL: func.func @any_rows
// CHECK: gpu.launch
// CHECK:   %[[WIDE:.*]] = arith.extsi %{{.*}} : i1 to i32
// CHECK:   %[[MOVED:.*]], %{{.*}} = gpu.shuffle xor %[[WIDE]], %{{.*}} : i32
// CHECK:   %[[ANY:.*]] = arith.ori %[[WIDE]], %[[MOVED]] : i32
// CHECK:   gpu.shuffle xor %[[ANY]], %{{.*}} : i32
// CHECK-NOT: arith.trunci
// CHECK-COUNT-3: gpu.shuffle xor %{{.*}} : i32
// CHECK:   %[[LAST:.*]] = arith.ori %{{.*}} : i32
// CHECK:   arith.trunci %[[LAST]] : i32 to i1
// CHECK-LABEL: func.func @half_sums
// CHECK: gpu.launch
// CHECK:   %[[WIDE:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK:   %[[MOVED:.*]], %{{.*}} = gpu.shuffle xor %[[WIDE]], %{{.*}} : f32
// CHECK:   arith.addf %[[WIDE]], %[[MOVED]] : f32
// CHECK-NOT: arith.truncf
// CHECK-COUNT-4: gpu.shuffle xor %{{.*}} : f32
// CHECK:   %[[SUM:.*]] = arith.addf %{{.*}} : f32
// CHECK:   arith.truncf %[[SUM]] : f32 to f16
func.func @any_rows(%b: memref<64x100xi1>, %any: memref<64xi1>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%b : memref<64x100xi1>) outs(%any : memref<64xi1>) {
  ^bb0(%in: i1, %acc: i1):
    %r = arith.ori %acc, %in : i1
    linalg.yield %r : i1
  }
  return
}
func.func @half_sums(%h: memref<64x256xf16>, %hsum: memref<64xf16>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%h : memref<64x256xf16>) outs(%hsum : memref<64xf16>) {
  ^bb0(%in: f16, %acc: f16):
    %r = arith.addf %acc, %in : f16
    linalg.yield %r : f16
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// Left to a block per row: 512 vectors, more than 8 per lane of a warp
// (with max-lane-vectors=16, a warp per row); a row of no elements.
// CHECK-LABEL: func.func @long_rows
// CHECK: gpu.launch
// CHECK: gpu.all_reduce add
// CHECK-NOT: gpu.shuffle
// CHECK-LABEL: func.func @empty_rows
// CHECK: gpu.launch
// CHECK-NOT: gpu.shuffle
// SIXTEEN-LABEL: func.func @long_rows
// SIXTEEN: gpu.launch
// SIXTEEN: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// SIXTEEN: gpu.shuffle xor
// SIXTEEN-NOT: gpu.all_reduce
// SIXTEEN-LABEL: func.func @empty_rows
func.func @long_rows(%x: memref<512x2048xf32>, %out: memref<512xf32>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<512x2048xf32>) outs(%out : memref<512xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}
func.func @empty_rows(%x: memref<512x0xf32>, %out: memref<512xf32>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<512x0xf32>) outs(%out : memref<512xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}
