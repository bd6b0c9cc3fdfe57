// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-map-reductions),cse)' -split-input-file | FileCheck %s

// Row reductions with fewer outputs than target-blocks (512) are split
// among blocks: a first kernel reduces each block's share of a row into a
// buffer of partial values, a second kernel of one block per output
// combines them with the output's initial value.

#all = affine_map<(i) -> (i)>
#scalar = affine_map<(i) -> ()>

// A sum of 10^6 elements: 488 blocks of 256 threads (each thread folds at
// least 8 elements: 10^6 / 2048 = 488 shares), each thread striding over
// the 250,000 vectors of 4 floats by 488 * 256 from its share's first one;
// then one block of 256 threads (block-size) folds the 488 partial sums
// and adds the output's value.
// CHECK-LABEL: func.func @sum
// CHECK-SAME: (%[[X:.*]]: memref<1000000xf32>, %[[OUT:.*]]: memref<f32>)
// CHECK-DAG: %[[N:.*]] = arith.constant 250000 : index
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[SHARES:.*]] = arith.constant 488 : index
// CHECK: %[[PARTIALS:.*]] = memref.alloc() : memref<488xf32>
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[SHARES]], {{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[THREADS]],
// CHECK: %[[SHARE:.*]] = arith.remui %[[B]], %[[SHARES]]
// CHECK: %[[START:.*]] = arith.muli %[[SHARE]], %[[THREADS]]
// CHECK: %[[FIRST:.*]] = arith.addi %[[START]], %[[T]]
// CHECK: %[[STRIDE:.*]] = arith.constant 124928 : index
// CHECK: scf.for %[[I:.*]] = %[[FIRST]] to %[[N]] step %[[STRIDE]]
// CHECK: %[[AT:.*]] = arith.muli %[[I]], %c4
// CHECK: vector.load %[[X]][%[[AT]]] {alignment = 16 : i64} : memref<1000000xf32>, vector<4xf32>
// CHECK: gpu.all_reduce add
// CHECK: memref.store %{{.*}}, %[[PARTIALS]][%[[B]]] : memref<488xf32>
// CHECK: gpu.terminator
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c1, {{.*}}) threads(%[[T2:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[THREADS]],
// CHECK: scf.for %[[J:.*]] = %[[T2]] to %[[SHARES]] step %[[THREADS]]
// CHECK: memref.load %[[PARTIALS]]
// CHECK: gpu.all_reduce add
// CHECK: %[[INITIAL:.*]] = memref.load %[[OUT]][]
// CHECK: arith.addf %[[INITIAL]]
// CHECK: memref.store %{{.*}}, %[[OUT]][]
// CHECK: memref.dealloc %[[PARTIALS]]
func.func @sum(%x: memref<1000000xf32>, %out: memref<f32>) {
  linalg.generic {indexing_maps = [#all, #scalar], iterator_types = ["reduction"]}
      ins(%x : memref<1000000xf32>) outs(%out : memref<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// Four rows of 2^16 maximums: 32 blocks per row (2^16 / 2048), 128 in
// all; block b reduces share b % 32 of row b / 32; the combining kernel
// has one block per row and a warp (32 threads).
// CHECK-LABEL: func.func @few_long_rows
// CHECK-DAG: %[[SPLITS:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[BLOCKS:.*]] = arith.constant 128 : index
// CHECK: memref.alloc() : memref<128xf32>
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[BLOCKS]],
// CHECK: arith.divui %[[B]], %[[SPLITS]]
// CHECK: arith.remui %[[B]], %[[SPLITS]]
// CHECK: gpu.all_reduce maximumf
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c4, {{.*}}) threads({{.*}}) in (%{{.*}} = %[[SPLITS]],
// CHECK: gpu.all_reduce maximumf
// CHECK: memref.dealloc
func.func @few_long_rows(%x: memref<4x65536xf32>, %out: memref<4xf32>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x65536xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#all = affine_map<(i) -> (i)>
#scalar = affine_map<(i) -> ()>

// Not split: as many rows as target-blocks, rows too short for 8 elements
// per thread in two blocks: one block per output.
// CHECK-LABEL: func.func @not_split
// CHECK-NOT: memref.alloc
// CHECK-COUNT-2: gpu.launch
// CHECK-NOT: gpu.launch
func.func @not_split(%many: memref<512x4096xf32>, %m: memref<512xf32>,
                     %short: memref<4000xf32>, %s: memref<f32>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%many : memref<512x4096xf32>) outs(%m : memref<512xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %acc, %in : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#all, #scalar], iterator_types = ["reduction"]}
      ins(%short : memref<4000xf32>) outs(%s : memref<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %acc, %in : f32
    linalg.yield %r : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// Dynamic sizes: the host code computes the blocks per row, max(1,
// min(ceil(512 / rows), length / 2048)), and runs the split kernels when
// it is more than one (partial buffers of rows * splits elements, each
// thread striding by splits * 256; a combining block of 256 threads, the
// most partial values a row can have), one block per row otherwise. Each
// launch is guarded against no rows.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[X:.*]]: memref<?x?xf32>, %[[OUT:.*]]: memref<?xf32>)
// CHECK: %[[ROWS:.*]] = memref.dim %[[X]], %c0
// CHECK: %[[LENGTH:.*]] = memref.dim %[[X]], %c1
// CHECK: %[[SOME:.*]] = arith.maxui %[[ROWS]], %c1 : index
// CHECK: %[[FOR_BLOCKS:.*]] = arith.ceildivui %c512, %[[SOME]] : index
// CHECK: %[[FOR_WORK:.*]] = arith.divui %[[LENGTH]], %c2048 : index
// CHECK: %[[LEAST:.*]] = arith.minui %[[FOR_BLOCKS]], %[[FOR_WORK]] : index
// CHECK: %[[SPLITS:.*]] = arith.maxui %c1, %[[LEAST]] : index
// CHECK: %[[IS_SPLIT:.*]] = arith.cmpi ugt, %[[SPLITS]], %c1 : index
// CHECK: scf.if %[[IS_SPLIT]] {
// CHECK:   %[[COUNT:.*]] = arith.muli %[[ROWS]], %[[SPLITS]] : index
// CHECK:   %[[PARTIALS:.*]] = memref.alloc(%[[COUNT]]) : memref<?xf32>
// CHECK:   scf.if
// CHECK:     gpu.launch blocks({{.*}}) in (%{{.*}} = %[[COUNT]], {{.*}}) threads({{.*}}) in (%{{.*}} = %c256,
// CHECK:       %[[STRIDE:.*]] = arith.muli %[[SPLITS]], %c256 : index
// CHECK:       scf.for %{{.*}} = %{{.*}} to %[[LENGTH]] step %[[STRIDE]]
// CHECK:       memref.store %{{.*}}, %[[PARTIALS]]
// CHECK:   scf.if
// CHECK:     gpu.launch blocks({{.*}}) in (%{{.*}} = %[[ROWS]], {{.*}}) threads({{.*}}) in (%{{.*}} = %c256,
// CHECK:       scf.for %{{.*}} = %{{.*}} to %[[SPLITS]] step %c256
// CHECK:         memref.load %[[PARTIALS]]
// CHECK:       memref.store %{{.*}}, %[[OUT]]
// CHECK:   memref.dealloc %[[PARTIALS]]
// CHECK: } else {
// CHECK:   scf.if
// CHECK:     gpu.launch blocks({{.*}}) in (%{{.*}} = %[[ROWS]], {{.*}}) threads({{.*}}) in (%{{.*}} = %c256,
// CHECK:       scf.for %{{.*}} = %{{.*}} to %[[LENGTH]] step %c256
// CHECK:       memref.store %{{.*}}, %[[OUT]]
func.func @dynamic(%x: memref<?x?xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %acc, %in : f32
    linalg.yield %r : f32
  }
  return
}

// -----

#cols = affine_map<(j, i) -> (i, j)>
#col = affine_map<(j, i) -> (j)>

// A column sum of 4096x4096 has 16 blocks of outputs: its rows are split
// into 32 shares of 128 (512 blocks). Block b takes outputs of block
// b % 16 and rows [128 (b / 16), 128 (b / 16) + 128), consecutive threads
// on consecutive columns; the second kernel's thread folds its column's 32
// partial sums, 4096 apart, and adds them to the output.
// CHECK-LABEL: func.func @column_sum
// CHECK-SAME: (%[[X:.*]]: memref<4096x4096xf32>, %[[OUT:.*]]: memref<4096xf32>)
// CHECK: %[[PARTIALS:.*]] = memref.alloc() : memref<131072xf32>
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c512,
// CHECK: %[[SHARE:.*]] = arith.divui %[[B]], %c16
// CHECK: %[[OUTPUT_BLOCK:.*]] = arith.remui %[[B]], %c16
// CHECK: %[[COLUMN:.*]] = arith.addi
// CHECK: scf.if
// CHECK: %[[LOWER:.*]] = arith.muli %[[SHARE]], %c128
// CHECK: %[[END:.*]] = arith.addi %[[LOWER]], %c128
// CHECK: %[[UPPER:.*]] = arith.minui %[[END]], %c4096
// CHECK: scf.for %[[ROW:.*]] = %[[LOWER]] to %[[UPPER]] step %c1
// CHECK: memref.load %[[X]][%[[ROW]], %[[COLUMN]]]
// CHECK: memref.store %{{.*}}, %[[PARTIALS]]
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c16,
// CHECK: %[[SUM:.*]] = scf.for %[[SHARE2:.*]] = %c0 to %c32 step %c1 iter_args(%{{.*}} = %cst)
// CHECK:   %[[BASE:.*]] = arith.muli %[[SHARE2]], %c4096
// CHECK:   %[[AT:.*]] = arith.addi %[[BASE]], %[[COL2:.*]] : index
// CHECK:   memref.load %[[PARTIALS]][%[[AT]]]
// CHECK: %[[INITIAL:.*]] = memref.load %[[OUT]][%[[COL2]]]
// CHECK: %[[TOTAL:.*]] = arith.addf %[[INITIAL]], %[[SUM]]
// CHECK: memref.store %[[TOTAL]], %[[OUT]][%[[COL2]]]
// CHECK: memref.dealloc %[[PARTIALS]]
func.func @column_sum(%x: memref<4096x4096xf32>, %out: memref<4096xf32>) {
  linalg.generic {indexing_maps = [#cols, #col], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4096x4096xf32>) outs(%out : memref<4096xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#cols = affine_map<(j, i) -> (i, j)>
#col = affine_map<(j, i) -> (j)>

// Not split: a compare-and-select maximum (no neutral value), outputs
// enough for 512 blocks, columns shorter than two shares of 16.
// CHECK-LABEL: func.func @columns_not_split
// CHECK-NOT: memref.alloc
// CHECK-COUNT-3: gpu.launch
// CHECK-NOT: gpu.launch
func.func @columns_not_split(%x: memref<4096x64xf32>, %v: memref<64xf32>,
                             %wide: memref<16x131072xf32>, %w: memref<131072xf32>,
                             %short: memref<31x64xf32>, %s: memref<64xf32>) {
  linalg.generic {indexing_maps = [#cols, #col], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4096x64xf32>) outs(%v : memref<64xf32>) {
  ^bb0(%in: f32, %best: f32):
    %better = arith.cmpf ogt, %in, %best : f32
    %nv = arith.select %better, %in, %best : f32
    linalg.yield %nv : f32
  }
  linalg.generic {indexing_maps = [#cols, #col], iterator_types = ["parallel", "reduction"]}
      ins(%wide : memref<16x131072xf32>) outs(%w : memref<131072xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %acc, %in : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#cols, #col], iterator_types = ["parallel", "reduction"]}
      ins(%short : memref<31x64xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %acc, %in : f32
    linalg.yield %r : f32
  }
  return
}

// -----

#cols = affine_map<(j, i) -> (i, j)>
#col = affine_map<(j, i) -> (j)>

// A column argmax of 4096x64 (one block of outputs) is split into 256
// shares of 16 rows: each thread folds its share from (-inf, 0) into two
// buffers of partial values and indices; the second kernel's thread folds
// its column's 256 pairs, the one of lower index first, then combines the
// total after the output's initial pair (the total replaces it only when
// strictly greater).
// CHECK-LABEL: func.func @column_argmax
// CHECK-SAME: (%[[X:.*]]: memref<4096x64xf32>, %[[V:.*]]: memref<64xf32>, %[[I:.*]]: memref<64xi64>)
// CHECK: %[[PV:.*]] = memref.alloc() : memref<16384xf32>
// CHECK: %[[PI:.*]] = memref.alloc() : memref<16384xi64>
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c256,
// CHECK:   %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK:   %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK:   %[[PAIR:.*]]:2 = scf.for {{.*}} step %c1 iter_args(%{{.*}} = %[[NEG_INF]], %{{.*}} = %[[ZERO]]) -> (f32, i64)
// CHECK:   memref.store %[[PAIR]]#0, %[[PV]][%[[AT:.*]]] : memref<16384xf32>
// CHECK:   memref.store %[[PAIR]]#1, %[[PI]][%[[AT]]] : memref<16384xi64>
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c1,
// CHECK:   %[[NEG_INF2:.*]] = arith.constant 0xFF800000 : f32
// CHECK:   %[[ZERO2:.*]] = arith.constant 0 : i64
// CHECK:   %[[TOTAL:.*]]:2 = scf.for %{{.*}} = %c0 to %c256 step %c1 iter_args(%[[ACC_V:.*]] = %[[NEG_INF2]], %[[ACC_I:.*]] = %[[ZERO2]]) -> (f32, i64)
// CHECK:     %[[LV:.*]] = memref.load %[[PV]]
// CHECK:     %[[LI:.*]] = memref.load %[[PI]]
// CHECK:     arith.cmpi ult, %[[LI]], %[[ACC_I]] : i64
// CHECK:     arith.cmpf ogt
// CHECK:   %[[OLD_V:.*]] = memref.load %[[V]]
// CHECK:   %[[OLD_I:.*]] = memref.load %[[I]]
// CHECK:   %[[BETTER:.*]] = arith.cmpf ogt, %[[TOTAL]]#0, %[[OLD_V]] : f32
// CHECK:   %[[NEW_V:.*]] = arith.select %[[BETTER]], %[[TOTAL]]#0, %[[OLD_V]] : f32
// CHECK:   %[[NEW_I:.*]] = arith.select %[[BETTER]], %[[TOTAL]]#1, %[[OLD_I]] : i64
// CHECK:   memref.store %[[NEW_V]], %[[V]]
// CHECK:   memref.store %[[NEW_I]], %[[I]]
// CHECK: memref.dealloc %[[PV]]
// CHECK: memref.dealloc %[[PI]]
func.func @column_argmax(%x: memref<4096x64xf32>, %v: memref<64xf32>, %i: memref<64xi64>) {
  linalg.generic {indexing_maps = [#cols, #col, #col], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4096x64xf32>) outs(%v, %i : memref<64xf32>, memref<64xi64>) {
  ^bb0(%in: f32, %best: f32, %at: i64):
    %row = linalg.index 1 : index
    %row64 = arith.index_cast %row : index to i64
    %better = arith.cmpf ogt, %in, %best : f32
    %nv = arith.select %better, %in, %best : f32
    %ni = arith.select %better, %row64, %at : i64
    linalg.yield %nv, %ni : f32, i64
  }
  return
}

// -----

#all = affine_map<(i) -> (i)>
#scalar = affine_map<(i) -> ()>

// An argmin of 10^6 elements is split among 488 blocks like a sum: each
// block's pair into two buffers, a second kernel of one block folds them
// (threads striding over the 488 pairs, then across the block) and thread
// 0 stores the pair.
// CHECK-LABEL: func.func @vector_argmin
// CHECK: %[[PV:.*]] = memref.alloc() : memref<488xf32>
// CHECK: %[[PI:.*]] = memref.alloc() : memref<488xi64>
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c488, {{.*}} workgroup(
// CHECK:   scf.for {{.*}} -> (f32, i64)
// CHECK:   gpu.shuffle
// CHECK:   gpu.barrier
// CHECK:   memref.store %{{.*}}, %[[PV]]
// CHECK:   memref.store %{{.*}}, %[[PI]]
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %c1, {{.*}} workgroup(
// CHECK:   scf.for {{.*}} -> (f32, i64)
// CHECK:     memref.load %[[PV]]
// CHECK:     memref.load %[[PI]]
// CHECK:   gpu.shuffle
// CHECK:   gpu.barrier
// CHECK: memref.dealloc %[[PV]]
// CHECK: memref.dealloc %[[PI]]
func.func @vector_argmin(%x: memref<1000000xf32>, %v: memref<f32>, %i: memref<i64>) {
  linalg.generic {indexing_maps = [#all, #scalar, #scalar], iterator_types = ["reduction"]}
      ins(%x : memref<1000000xf32>) outs(%v, %i : memref<f32>, memref<i64>) {
  ^bb0(%in: f32, %best: f32, %at: i64):
    %k = linalg.index 0 : index
    %k64 = arith.index_cast %k : index to i64
    %better = arith.cmpf olt, %in, %best : f32
    %nv = arith.select %better, %in, %best : f32
    %ni = arith.select %better, %k64, %at : i64
    linalg.yield %nv, %ni : f32, i64
  }
  return
}

// -----

#cols = affine_map<(j, i) -> (i, j)>
#col = affine_map<(j, i) -> (j)>

// A column sum of dynamic sizes: the host code computes the shares,
// max(1, min(ceil(512 / column blocks), rows / 16)), and runs the split
// kernels (shares of ceil(rows / shares) rows) when there is more than
// one, a thread per column over all rows otherwise.
// CHECK-LABEL: func.func @dynamic_columns
// CHECK-SAME: (%[[X:.*]]: memref<?x?xf32>, %[[OUT:.*]]: memref<?xf32>)
// CHECK: %[[ROWS:.*]] = memref.dim %[[X]], %c0
// CHECK: %[[COLS:.*]] = memref.dim %[[X]], %c1
// CHECK: %[[COL_BLOCKS:.*]] = arith.ceildivui %[[COLS]], %c256 : index
// CHECK: %[[SOME:.*]] = arith.maxui %[[COL_BLOCKS]], %c1 : index
// CHECK: %[[FOR_BLOCKS:.*]] = arith.ceildivui %c512, %[[SOME]] : index
// CHECK: %[[FOR_WORK:.*]] = arith.divui %[[ROWS]], %c16 : index
// CHECK: %[[LEAST:.*]] = arith.minui %[[FOR_BLOCKS]], %[[FOR_WORK]] : index
// CHECK: %[[SHARES:.*]] = arith.maxui %c1, %[[LEAST]] : index
// CHECK: %[[IS_SPLIT:.*]] = arith.cmpi ugt, %[[SHARES]], %c1 : index
// CHECK: scf.if %[[IS_SPLIT]] {
// CHECK:   %[[SHARE_SIZE:.*]] = arith.ceildivui %[[ROWS]], %[[SHARES]] : index
// CHECK:   %[[COUNT:.*]] = arith.muli %[[SHARES]], %[[COLS]] : index
// CHECK:   %[[PARTIALS:.*]] = memref.alloc(%[[COUNT]]) : memref<?xf32>
// CHECK:   %[[BLOCKS:.*]] = arith.muli %[[COL_BLOCKS]], %[[SHARES]] : index
// CHECK:   gpu.launch blocks({{.*}}) in (%{{.*}} = %[[BLOCKS]],
// CHECK:     %[[LOWER:.*]] = arith.muli %{{.*}}, %[[SHARE_SIZE]] : index
// CHECK:     scf.for %{{.*}} = %[[LOWER]] to %{{.*}} step %c1
// CHECK:     memref.store %{{.*}}, %[[PARTIALS]]
// CHECK:   gpu.launch blocks({{.*}}) in (%{{.*}} = %[[COL_BLOCKS]],
// CHECK:     scf.for %{{.*}} = %c0 to %[[SHARES]] step %c1
// CHECK:       memref.load %[[PARTIALS]]
// CHECK:     memref.store %{{.*}}, %[[OUT]]
// CHECK:   memref.dealloc %[[PARTIALS]]
// CHECK: } else {
// CHECK:   gpu.launch blocks({{.*}}) in (%{{.*}} = %[[COL_BLOCKS]],
// CHECK:     scf.for %{{.*}} = %c0 to %[[ROWS]] step %c1
// CHECK:     memref.store %{{.*}}, %[[OUT]]
func.func @dynamic_columns(%x: memref<?x?xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [#cols, #col], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x?xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  return
}
