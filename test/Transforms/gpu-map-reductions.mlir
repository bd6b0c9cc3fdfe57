// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-map-reductions{block-size=256 target-blocks=1}),cse)' -split-input-file | FileCheck %s
// (target-blocks=1: one block per output, never split; the splits of a row
// among blocks are in gpu-map-reductions-split.mlir.)

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// A row sum: one block per row, as many threads as the row has elements;
// each thread folds every 128th element into a register, gpu.all_reduce
// combines the threads' values, and thread 0 adds the output's initial
// value and stores.
// CHECK-LABEL: func.func @row_sum
// CHECK-SAME: (%[[X:.*]]: memref<64x128xf32>, %[[OUT:.*]]: memref<64xf32>)
// CHECK-DAG: %[[ROWS:.*]] = arith.constant 64 : index
// The row length and the thread count are both 128.
// CHECK-DAG: %[[LENGTH:.*]] = arith.constant 128 : index
// CHECK-NOT: scf.if
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ROWS]], %{{.*}}, %{{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[LENGTH]],
// CHECK: %[[INIT:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[PARTIAL:.*]] = scf.for %[[J:.*]] = %[[T]] to %[[LENGTH]] step %[[LENGTH]] iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK:   %[[V:.*]] = memref.load %[[X]][%[[B]], %[[J]]] : memref<64x128xf32>
// CHECK:   %[[NEXT:.*]] = arith.addf %[[V]], %[[ACC]] : f32
// CHECK:   scf.yield %[[NEXT]] : f32
// CHECK: %[[TOTAL:.*]] = gpu.all_reduce add %[[PARTIAL]] uniform {
// CHECK: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[T]], %[[ZERO]] : index
// CHECK: scf.if %[[FIRST]] {
// CHECK:   %[[OLD:.*]] = memref.load %[[OUT]][%[[B]]] : memref<64xf32>
// CHECK:   %[[NEW:.*]] = arith.addf %[[TOTAL]], %[[OLD]] : f32
// CHECK:   memref.store %[[NEW]], %[[OUT]][%[[B]]] : memref<64xf32>
// CHECK: gpu.terminator
// CHECK-NOT: linalg.generic
func.func @row_sum(%x: memref<64x128xf32>, %out: memref<64xf32>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x128xf32>) outs(%out : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// A fused body (softmax's sum of exp(x - max)): the input that does not
// vary along the row is read at the row's index; the body is evaluated per
// element. A row longer than the block size gets the block size.
// CHECK-LABEL: func.func @fused_body
// CHECK-SAME: (%[[X:.*]]: memref<8x4096xf32>, %[[MAX:.*]]: memref<8xf32>,
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 256 : index
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in ({{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[THREADS]],
// CHECK: scf.for %[[J:.*]] = %[[T]] to %{{.*}} step %[[THREADS]]
// CHECK-DAG: memref.load %[[X]][%[[B]], %[[J]]]
// CHECK-DAG: memref.load %[[MAX]][%[[B]]]
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: gpu.all_reduce add
func.func @fused_body(%x: memref<8x4096xf32>, %max: memref<8xf32>, %out: memref<8xf32>) {
  linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %max : memref<8x4096xf32>, memref<8xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#all = affine_map<(i) -> (i)>
#scalar = affine_map<(i) -> ()>

// A reduction of every dimension, of dynamic size, with maximumf: one
// block of block-size threads.
// CHECK-LABEL: func.func @full_max
// CHECK-DAG: %[[OUTPUTS:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 256 : index
// CHECK-NOT: scf.if
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %[[OUTPUTS]], {{.*}}) threads({{.*}}) in (%{{.*}} = %[[THREADS]],
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: scf.for
// CHECK: arith.maximumf
// CHECK: gpu.all_reduce maximumf %{{.*}} uniform
// CHECK: arith.maximumf
// CHECK: memref.store %{{.*}}, %{{.*}}[] : memref<f32>
func.func @full_max(%x: memref<?xf32>, %out: memref<f32>) {
  linalg.generic {indexing_maps = [#all, #scalar], iterator_types = ["reduction"]}
      ins(%x : memref<?xf32>) outs(%out : memref<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %m = arith.maximumf %in, %acc : f32
    linalg.yield %m : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// A dynamic number of rows: the launch is skipped when there are none. No
// rows known statically: nothing to launch at all.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK-SAME: (%[[X:.*]]: memref<?x100xf32>,
// CHECK: %[[ROWS:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x100xf32>
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi ugt, %[[ROWS]], %{{.*}} : index
// CHECK: scf.if %[[NONEMPTY]] {
// CHECK: gpu.launch blocks({{.*}}) in (%{{.*}} = %[[ROWS]],
// CHECK-LABEL: func.func @no_rows
// CHECK-NOT: gpu.launch
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @dynamic_rows(%x: memref<?x100xf32>, %out: memref<?xf32>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<?x100xf32>) outs(%out : memref<?xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}
func.func @no_rows(%x: memref<0x100xf32>, %out: memref<0xf32>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<0x100xf32>) outs(%out : memref<0xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#cols = affine_map<(j, i) -> (i, j)>
#col = affine_map<(j, i) -> (j)>

// Every other reduction gets one thread per output element, accumulating
// in registers from the output's value and storing once: a column sum
// (consecutive threads on consecutive columns: coalesced), an argmax (two
// accumulators, the loop index for linalg.index), an f16 sum (shuffles are
// not used) and a compare-and-select combiner. An elementwise op (no
// reduction loop) is left alone.
// CHECK-LABEL: func.func @thread_per_output
// CHECK-SAME: (%[[X:.*]]: memref<64x128xf32>, %[[COLS:.*]]: memref<128xf32>, %[[ROWS:.*]]: memref<64xf32>, %[[IDX:.*]]: memref<64xi64>,
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C1]], {{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C256]],
// CHECK:   %[[FIRST:.*]] = arith.muli %[[B]], %[[C256]] : index
// CHECK:   %[[J:.*]] = arith.addi %[[FIRST]], %[[T]] : index
// CHECK:   %[[IN:.*]] = arith.cmpi ult, %[[J]], %[[C128]] : index
// CHECK:   scf.if %[[IN]] {
// CHECK:     %[[INIT:.*]] = memref.load %[[COLS]][%[[J]]] : memref<128xf32>
// CHECK:     %[[SUM:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[C64]] step %[[C1]] iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK:       %[[V:.*]] = memref.load %[[X]][%[[I]], %[[J]]] : memref<64x128xf32>
// CHECK:       %[[NEXT:.*]] = arith.addf %[[V]], %[[ACC]] : f32
// CHECK:       scf.yield %[[NEXT]] : f32
// CHECK:     memref.store %[[SUM]], %[[COLS]][%[[J]]] : memref<128xf32>
// CHECK: gpu.launch
// CHECK:   %[[R:.*]] = arith.addi
// CHECK:   %[[BEST0:.*]] = memref.load %[[ROWS]][%[[R]]]
// CHECK:   %[[AT0:.*]] = memref.load %[[IDX]][%[[R]]]
// CHECK:   %[[ARG:.*]]:2 = scf.for %[[K:.*]] = %{{.*}} to %[[C128]] step %[[C1]] iter_args(%[[BEST:.*]] = %[[BEST0]], %[[AT:.*]] = %[[AT0]]) -> (f32, i64) {
// CHECK:     arith.index_cast %[[K]] : index to i64
// CHECK:     scf.yield
// CHECK:   memref.store %[[ARG]]#0, %[[ROWS]][%[[R]]]
// CHECK:   memref.store %[[ARG]]#1, %[[IDX]][%[[R]]]
// CHECK: gpu.launch
// CHECK:   scf.for {{.*}} -> (f16)
// CHECK:     arith.addf %{{.*}}, %{{.*}} : f16
// CHECK: linalg.generic
// CHECK: gpu.launch
// CHECK:   scf.for {{.*}} -> (f32)
// CHECK:     arith.cmpf ogt
// CHECK:     arith.select
// CHECK-NOT: gpu.all_reduce
func.func @thread_per_output(%x: memref<64x128xf32>, %cols: memref<128xf32>,
                      %rows: memref<64xf32>, %idx: memref<64xi64>,
                      %h: memref<64x128xf16>, %hrows: memref<64xf16>,
                      %y: memref<64x128xf32>) {
  linalg.generic {indexing_maps = [#cols, #col], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x128xf32>) outs(%cols : memref<128xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x128xf32>) outs(%rows, %idx : memref<64xf32>, memref<64xi64>) {
  ^bb0(%in: f32, %best: f32, %at: i64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %gt = arith.cmpf ogt, %in, %best : f32
    %v = arith.select %gt, %in, %best : f32
    %i = arith.select %gt, %ji, %at : i64
    linalg.yield %v, %i : f32, i64
  }
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%h : memref<64x128xf16>) outs(%hrows : memref<64xf16>) {
  ^bb0(%in: f16, %acc: f16):
    %s = arith.addf %in, %acc : f16
    linalg.yield %s : f16
  }
  linalg.generic {indexing_maps = [#rows, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<64x128xf32>) outs(%y : memref<64x128xf32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    linalg.yield %e : f32
  }
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x128xf32>) outs(%rows : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %gt = arith.cmpf ogt, %in, %acc : f32
    %v = arith.select %gt, %in, %acc : f32
    linalg.yield %v : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#cols = affine_map<(j, i) -> (i, j)>
#col = affine_map<(j, i) -> (j)>

// A fill of the whole output right before a reduction is folded into its
// kernel: the total combines with the fill's value, not a load, and the
// fill (a kernel of its own) is gone. Both strategies. A fill with an op
// between it and the reduction stays.
// CHECK-LABEL: func.func @fill_folded
// CHECK-SAME: (%[[X:[^:]*]]: memref<16x64xf32>, %[[R:[^:]*]]: memref<16xf32>, %[[C:[^:]*]]: memref<64xf32>, %[[R2:[^:]*]]: memref<16xf32>,
// CHECK-NOT: linalg.fill
// CHECK: gpu.launch
// CHECK: gpu.all_reduce add
// CHECK-NOT: memref.load %[[R]]
// CHECK: arith.addf %[[ZERO:.*]], %{{.*}} : f32
// CHECK: memref.store %{{.*}}, %[[R]]
// CHECK: gpu.launch
// CHECK-NOT: memref.load %[[C]]
// CHECK: memref.store %{{.*}}, %[[C]]
// CHECK: linalg.fill
// CHECK: memref.copy
// CHECK: gpu.launch
// CHECK: memref.load %[[R2]][
func.func @fill_folded(%x: memref<16x64xf32>, %r: memref<16xf32>, %c: memref<64xf32>,
                       %r2: memref<16xf32>, %other: memref<16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%r : memref<16xf32>)
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<16x64xf32>) outs(%r : memref<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zero : f32) outs(%c : memref<64xf32>)
  linalg.generic {indexing_maps = [#cols, #col], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<16x64xf32>) outs(%c : memref<64xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zero : f32) outs(%r2 : memref<16xf32>)
  memref.copy %r2, %other : memref<16xf32> to memref<16xf32>
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<16x64xf32>) outs(%r2 : memref<16xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  }
  return
}
