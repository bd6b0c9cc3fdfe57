// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-map-reductions{block-size=256 target-blocks=1 max-lane-vectors=0}),cse)' -split-input-file | FileCheck %s
// (target-blocks=1: one block per output, never split; the splits of a row
// among blocks are in gpu-map-reductions-split.mlir. max-lane-vectors=0:
// a block per row however short; the groups of lanes that short rows get
// by default are in gpu-map-reductions-lanes.mlir.)

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// A row sum: one block per row, as many threads as the row has 16-byte
// vectors (32 of 4 floats); each thread folds every 32nd vector of the row
// into a vector register with aligned vector loads, then its 4 lanes;
// gpu.all_reduce combines the threads' values, and thread 0 adds the
// output's initial value and stores.
// CHECK-LABEL: func.func @row_sum
// CHECK-SAME: (%[[X:.*]]: memref<64x128xf32>, %[[OUT:.*]]: memref<64xf32>)
// CHECK-DAG: %[[ROWS:.*]] = arith.constant 64 : index
// The row's vectors and the thread count are both 32.
// CHECK-DAG: %[[VECTORS:.*]] = arith.constant 32 : index
// CHECK-NOT: scf.if
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[ROWS]], %{{.*}}, %{{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[VECTORS]],
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[ZEROS:.*]] = vector.broadcast %[[ZERO]] : f32 to vector<4xf32>
// CHECK: %[[LANES:.*]] = scf.for %[[V:.*]] = %[[T]] to %[[VECTORS]] step %[[VECTORS]] iter_args(%[[ACC:.*]] = %[[ZEROS]]) -> (vector<4xf32>) {
// CHECK:   %[[J:.*]] = arith.muli %[[V]], %c4 : index
// CHECK:   %[[LOADED:.*]] = vector.load %[[X]][%[[B]], %[[J]]] {alignment = 16 : i64} : memref<64x128xf32>, vector<4xf32>
// CHECK:   %[[NEXT:.*]] = arith.addf %[[LOADED]], %[[ACC]] : vector<4xf32>
// CHECK:   scf.yield %[[NEXT]] : vector<4xf32>
// CHECK: %[[L0:.*]] = vector.extract %[[LANES]][0]
// CHECK: %[[L1:.*]] = vector.extract %[[LANES]][1]
// CHECK: %[[S01:.*]] = arith.addf %[[L1]], %[[L0]] : f32
// CHECK: %[[L2:.*]] = vector.extract %[[LANES]][2]
// CHECK: %[[S012:.*]] = arith.addf %[[L2]], %[[S01]] : f32
// CHECK: %[[L3:.*]] = vector.extract %[[LANES]][3]
// CHECK: %[[PARTIAL:.*]] = arith.addf %[[L3]], %[[S012]] : f32
// CHECK: %[[TOTAL:.*]] = gpu.all_reduce add %[[PARTIAL]] uniform {
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[T]], %[[C0]] : index
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
// vary along the row is read at the row's index and broadcast; the body is
// evaluated on vectors of 4 points. A row longer than the block size gets
// the block size. A row of 4095 points (not a multiple of 4) is read one
// point at a time.
// CHECK-LABEL: func.func @fused_body
// CHECK-SAME: (%[[X:.*]]: memref<8x4096xf32>, %[[MAX:.*]]: memref<8xf32>, %{{.*}}: memref<8xf32>, %[[ODD:.*]]: memref<8x4095xf32>,
// CHECK-DAG: %[[THREADS:.*]] = arith.constant 256 : index
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in ({{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[THREADS]],
// CHECK: scf.for %[[V:.*]] = %[[T]] to %c1024 step %[[THREADS]]
// CHECK: %[[J:.*]] = arith.muli %[[V]], %c4
// CHECK-DAG: vector.load %[[X]][%[[B]], %[[J]]]
// CHECK-DAG: memref.load %[[MAX]][%[[B]]]
// CHECK: arith.subf %{{.*}} : vector<4xf32>
// CHECK: math.exp %{{.*}} : vector<4xf32>
// CHECK: arith.addf %{{.*}} : vector<4xf32>
// CHECK: gpu.all_reduce add
// CHECK: gpu.launch
// CHECK: scf.for %[[J2:.*]] = %{{.*}} to %c4095 step %[[THREADS]]
// CHECK: memref.load %[[ODD]][%{{.*}}, %[[J2]]]
// CHECK-NOT: vector.load
// CHECK: gpu.all_reduce add
func.func @fused_body(%x: memref<8x4096xf32>, %max: memref<8xf32>, %out: memref<8xf32>,
                      %odd: memref<8x4095xf32>, %out2: memref<8xf32>) {
  linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %max : memref<8x4096xf32>, memref<8xf32>) outs(%out : memref<8xf32>) {
  ^bb0(%in: f32, %m: f32, %acc: f32):
    %d = arith.subf %in, %m : f32
    %e = math.exp %d : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%odd : memref<8x4095xf32>) outs(%out2 : memref<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
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

#diagonal = affine_map<(b, d) -> (b, d, d)>
#batch = affine_map<(b, d) -> (b)>

// A sum along diagonals (einsum "bdd->b"): consecutive points of the
// reduced loop are a row plus one apart, not consecutive elements, so the
// loads stay scalar although the index is innermost (vector loads of
// x[b, d, d:d+4] were a wrong answer, found by running the kernel on the
// host).
// CHECK-LABEL: func.func @diagonal_sum
// CHECK-NOT: vector.load
// CHECK: memref.load %{{.*}}[%{{.*}}, %[[D:.*]], %[[D]]] : memref<3x8x8xf32>
// CHECK-NOT: vector.load
// CHECK: gpu.all_reduce add
func.func @diagonal_sum(%x: memref<3x8x8xf32>, %out: memref<3xf32>) {
  linalg.generic {indexing_maps = [#diagonal, #batch], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<3x8x8xf32>) outs(%out : memref<3xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
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
// (consecutive threads on consecutive columns: coalesced), an argmax whose
// comparison is not strict (two accumulators, the loop index for
// linalg.index), and a compare-and-select combiner. An elementwise op (no
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
// CHECK:     arith.cmpf oge
// CHECK:     scf.yield
// CHECK:   memref.store %[[ARG]]#0, %[[ROWS]][%[[R]]]
// CHECK:   memref.store %[[ARG]]#1, %[[IDX]][%[[R]]]
// CHECK: linalg.generic
// CHECK: gpu.launch
// CHECK:   scf.for {{.*}} -> (f32)
// CHECK:     arith.cmpf ogt
// CHECK:     arith.select
// CHECK-NOT: gpu.all_reduce
func.func @thread_per_output(%x: memref<64x128xf32>, %cols: memref<128xf32>,
                      %rows: memref<64xf32>, %idx: memref<64xi64>,
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
    %ge = arith.cmpf oge, %in, %best : f32
    %v = arith.select %ge, %in, %best : f32
    %i = arith.select %ge, %ji, %at : i64
    linalg.yield %v, %i : f32, i64
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

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// An argmax (ten's form: strictly greater, or the first NaN) is a row
// reduction: each thread folds its elements into a (value, index) pair from
// (-inf, 0) with the op's own step; pairs combine with the op's step, the
// one of lower index taken as the accumulator so that ties keep the first
// index. Warp shuffles combine each warp's 32 pairs, lane 0 of each of the
// 8 warps puts its pair in shared memory, and the first warp combines
// those (lanes past the eighth take (-inf, 0)) in three more steps. Thread
// 0 stores both outputs; the fills are folded.
// CHECK-LABEL: func.func @row_argmax
// CHECK-SAME: (%[[X:.*]]: memref<64x1000xf32>, %[[BEST:.*]]: memref<64xf32>, %[[AT:.*]]: memref<64xi64>)
// CHECK-DAG: %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-NOT: linalg.fill
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in ({{.*}}) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C256]], %{{.*}}, %{{.*}}) workgroup(%[[SV:.*]] : memref<32xf32, #gpu.address_space<workgroup>>, %[[SI:.*]] : memref<32xi64, #gpu.address_space<workgroup>>)
// CHECK: %[[PAIR:.*]]:2 = scf.for %[[J:.*]] = %[[T]] to %{{.*}} step %[[C256]] iter_args(%{{.*}} = %[[NEG_INF]], %{{.*}} = %[[ZERO]]) -> (f32, i64)
// CHECK:   memref.load %[[X]][%[[B]], %[[J]]]
// CHECK:   arith.index_cast %[[J]] : index to i64
// CHECK: %[[W32:.*]] = arith.constant 32 : i32
// CHECK: %[[O16:.*]] = arith.constant 16 : i32
// CHECK: %[[OV:.*]], %{{.*}} = gpu.shuffle xor %[[PAIR]]#0, %[[O16]], %[[W32]] : f32
// CHECK: %[[OI:.*]], %{{.*}} = gpu.shuffle xor %[[PAIR]]#1, %[[O16]], %[[W32]] : i64
// CHECK: %[[OTHER_FIRST:.*]] = arith.cmpi ult, %[[OI]], %[[PAIR]]#1 : i64
// CHECK: %[[EARLY_V:.*]] = arith.select %[[OTHER_FIRST]], %[[OV]], %[[PAIR]]#0 : f32
// CHECK: %[[LATE_V:.*]] = arith.select %[[OTHER_FIRST]], %[[PAIR]]#0, %[[OV]] : f32
// CHECK: %[[EARLY_I:.*]] = arith.select %[[OTHER_FIRST]], %[[OI]], %[[PAIR]]#1 : i64
// CHECK: %[[LATE_I:.*]] = arith.select %[[OTHER_FIRST]], %[[PAIR]]#1, %[[OI]] : i64
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[LATE_V]], %[[EARLY_V]] : f32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[LATE_V]], %[[LATE_V]] : f32
// CHECK: %[[NUM:.*]] = arith.cmpf ord, %[[EARLY_V]], %[[EARLY_V]] : f32
// CHECK: %[[FIRST_NAN:.*]] = arith.andi %[[NAN]], %[[NUM]] : i1
// CHECK: %[[BETTER:.*]] = arith.ori %[[GT]], %[[FIRST_NAN]] : i1
// CHECK: arith.select %[[BETTER]], %[[LATE_V]], %[[EARLY_V]] : f32
// CHECK: arith.select %[[BETTER]], %[[LATE_I]], %[[EARLY_I]] : i64
// CHECK: gpu.shuffle xor %{{.*}}, %c8_i32, %[[W32]] : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c4_i32, %[[W32]] : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c2_i32, %[[W32]] : f32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %[[W32]] : f32
// CHECK: %[[LANE:.*]] = arith.remui %[[T]], %c32 : index
// CHECK: %[[WARP:.*]] = arith.divui %[[T]], %c32 : index
// CHECK: %[[LANE0:.*]] = arith.cmpi eq, %[[LANE]], %c0 : index
// CHECK: scf.if %[[LANE0]] {
// CHECK:   memref.store %[[WV:.*]], %[[SV]][%[[WARP]]]
// CHECK:   memref.store %[[WI:.*]], %[[SI]][%[[WARP]]]
// CHECK: gpu.barrier
// CHECK: %[[WARP0:.*]] = arith.cmpi eq, %[[WARP]], %c0 : index
// CHECK: %[[TOTAL:.*]]:2 = scf.if %[[WARP0]] -> (f32, i64) {
// CHECK:   %[[HAS:.*]] = arith.cmpi ult, %[[LANE]], %c8 : index
// CHECK:   %[[LOADED:.*]]:2 = scf.if %[[HAS]] -> (f32, i64) {
// CHECK:     memref.load %[[SV]][%[[LANE]]]
// CHECK:     memref.load %[[SI]][%[[LANE]]]
// CHECK:   } else {
// CHECK:     scf.yield %[[NEG_INF]], %[[ZERO]] : f32, i64
// CHECK:   gpu.shuffle xor %[[LOADED]]#0, %c4_i32, %[[W32]] : f32
// CHECK:   gpu.shuffle xor %{{.*}}, %c2_i32, %[[W32]] : f32
// CHECK:   gpu.shuffle xor %{{.*}}, %c1_i32, %[[W32]] : f32
// CHECK:   gpu.shuffle xor %{{.*}}, %c1_i32, %[[W32]] : i64
// CHECK-NOT: gpu.shuffle
// CHECK: } else {
// CHECK:   scf.yield %[[WV]], %[[WI]] : f32, i64
// CHECK: %[[THREAD0:.*]] = arith.cmpi eq, %[[T]], %c0 : index
// CHECK: scf.if %[[THREAD0]] {
// CHECK:   arith.cmpf ogt, %[[TOTAL]]#0, %[[NEG_INF]] : f32
// CHECK:   memref.store %{{.*}}, %[[BEST]][%[[B]]] : memref<64xf32>
// CHECK:   memref.store %{{.*}}, %[[AT]][%[[B]]] : memref<64xi64>
func.func @row_argmax(%x: memref<64x1000xf32>, %best: memref<64xf32>, %at: memref<64xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0 : i64
  linalg.fill ins(%ninf : f32) outs(%best : memref<64xf32>)
  linalg.fill ins(%zero : i64) outs(%at : memref<64xi64>)
  linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x1000xf32>) outs(%best, %at : memref<64xf32>, memref<64xi64>) {
  ^bb0(%in: f32, %b: f32, %a: i64):
    %j = linalg.index 1 : index
    %j64 = arith.index_cast %j : index to i64
    %gt = arith.cmpf ogt, %in, %b : f32
    %nan = arith.cmpf uno, %in, %in : f32
    %num = arith.cmpf ord, %b, %b : f32
    %first = arith.andi %nan, %num : i1
    %better = arith.ori %gt, %first : i1
    %v = arith.select %better, %in, %b : f32
    %i = arith.select %better, %j64, %a : i64
    linalg.yield %v, %i : f32, i64
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// An argmin of integers (signed less: starts from the greatest i32) and an
// argmax of booleans (unsigned greater: from false) in rows of 20: one warp
// of 32 lanes, no shared memory. Booleans travel through shuffles as i32.
// CHECK-LABEL: func.func @small_arg_rows
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: gpu.launch {{.*}} threads({{.*}}) in (%{{.*}} = %[[C32]], %{{.*}}, %{{.*}}) {
// CHECK: %[[MAX_I32:.*]] = arith.constant 2147483647 : i32
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[MAX_I32]], %{{.*}} = %{{.*}}) -> (i32, i64)
// CHECK:   arith.cmpi slt
// CHECK: gpu.shuffle xor %{{.*}}, %c16_i32, %c32_i32 : i32
// CHECK: gpu.shuffle xor %{{.*}}, %c1_i32, %c32_i32 : i64
// CHECK-NOT: gpu.barrier
// CHECK: gpu.launch {{.*}} threads({{.*}}) in (%{{.*}} = %[[C32]], %{{.*}}, %{{.*}}) {
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %false, %{{.*}} = %{{.*}}) -> (i1, i64)
// CHECK:   arith.cmpi ugt
// CHECK: %[[WIDE:.*]] = arith.extsi %{{.*}} : i1 to i32
// CHECK: %[[SHUFFLED:.*]], %{{.*}} = gpu.shuffle xor %[[WIDE]], %c16_i32, %c32_i32 : i32
// CHECK: arith.trunci %[[SHUFFLED]] : i32 to i1
// CHECK-NOT: gpu.barrier
func.func @small_arg_rows(%x: memref<8x20xi32>, %v: memref<8xi32>, %i: memref<8xi64>,
                          %b: memref<8x20xi1>, %bv: memref<8xi1>, %bi: memref<8xi64>) {
  linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<8x20xi32>) outs(%v, %i : memref<8xi32>, memref<8xi64>) {
  ^bb0(%in: i32, %best: i32, %at: i64):
    %j = linalg.index 1 : index
    %j64 = arith.index_cast %j : index to i64
    %lt = arith.cmpi slt, %in, %best : i32
    %nv = arith.select %lt, %in, %best : i32
    %ni = arith.select %lt, %j64, %at : i64
    linalg.yield %nv, %ni : i32, i64
  }
  linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%b : memref<8x20xi1>) outs(%bv, %bi : memref<8xi1>, memref<8xi64>) {
  ^bb0(%in: i1, %best: i1, %at: i64):
    %j = linalg.index 1 : index
    %j64 = arith.index_cast %j : index to i64
    %gt = arith.cmpi ugt, %in, %best : i1
    %nv = arith.select %gt, %in, %best : i1
    %ni = arith.select %gt, %j64, %at : i64
    linalg.yield %nv, %ni : i1, i64
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// Types narrower than 32 bits are widened for gpu.all_reduce (shuffles move
// 32 bits) and narrowed after it: booleans sign-extended, f16 to f32, an
// unsigned maximum zero-extended. Each thread still folds in the narrow
// type.
// CHECK-LABEL: func.func @narrow_types
// CHECK: gpu.launch
// CHECK:   scf.for {{.*}} -> (i1)
// CHECK:   %[[B:.*]] = arith.extsi %{{.*}} : i1 to i32
// CHECK:   %[[ANY:.*]] = gpu.all_reduce or %[[B]] uniform
// CHECK:   arith.trunci %[[ANY]] : i32 to i1
// CHECK: gpu.launch
// CHECK:   scf.for {{.*}} -> (f16)
// CHECK:   %[[H:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK:   %[[SUM:.*]] = gpu.all_reduce add %[[H]] uniform
// CHECK:   arith.truncf %[[SUM]] : f32 to f16
// CHECK: gpu.launch
// CHECK:   scf.for {{.*}} -> (i8)
// CHECK:   %[[U:.*]] = arith.extui %{{.*}} : i8 to i32
// CHECK:   %[[MAX:.*]] = gpu.all_reduce maxui %[[U]] uniform
// CHECK:   arith.trunci %[[MAX]] : i32 to i8
func.func @narrow_types(%b: memref<64x100xi1>, %any: memref<64xi1>,
                        %h: memref<64x100xf16>, %hsum: memref<64xf16>,
                        %u: memref<64x100xi8>, %umax: memref<64xi8>) {
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%b : memref<64x100xi1>) outs(%any : memref<64xi1>) {
  ^bb0(%in: i1, %acc: i1):
    %r = arith.ori %acc, %in : i1
    linalg.yield %r : i1
  }
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%h : memref<64x100xf16>) outs(%hsum : memref<64xf16>) {
  ^bb0(%in: f16, %acc: f16):
    %r = arith.addf %acc, %in : f16
    linalg.yield %r : f16
  }
  linalg.generic {indexing_maps = [#rows, #row], iterator_types = ["parallel", "reduction"]}
      ins(%u : memref<64x100xi8>) outs(%umax : memref<64xi8>) {
  ^bb0(%in: i8, %acc: i8):
    %r = arith.maxui %acc, %in : i8
    linalg.yield %r : i8
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#rows3 = affine_map<(i, j, k) -> (i, j, k)>
#row3 = affine_map<(i, j, k) -> (i)>

// Arg reductions a block does not combine, run by a thread per row: an
// element that depends on the accumulator, an index of a parallel loop,
// two reduction loops, and different conditions for the two selects.
// CHECK-LABEL: func.func @arg_left_to_threads
// CHECK-NOT: gpu.shuffle
// CHECK-NOT: workgroup
// CHECK-COUNT-4: scf.for {{.*}} step %c1 {{.*}} -> (f32, i64)
// CHECK-NOT: gpu.shuffle
func.func @arg_left_to_threads(%x: memref<64x128xf32>, %v: memref<64xf32>, %i: memref<64xi64>,
                               %y: memref<64x8x16xf32>) {
  linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x128xf32>) outs(%v, %i : memref<64xf32>, memref<64xi64>) {
  ^bb0(%in: f32, %best: f32, %at: i64):
    %j = linalg.index 1 : index
    %j64 = arith.index_cast %j : index to i64
    %e = arith.addf %in, %best : f32
    %gt = arith.cmpf ogt, %e, %best : f32
    %nv = arith.select %gt, %e, %best : f32
    %ni = arith.select %gt, %j64, %at : i64
    linalg.yield %nv, %ni : f32, i64
  }
  linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x128xf32>) outs(%v, %i : memref<64xf32>, memref<64xi64>) {
  ^bb0(%in: f32, %best: f32, %at: i64):
    %r = linalg.index 0 : index
    %r64 = arith.index_cast %r : index to i64
    %gt = arith.cmpf ogt, %in, %best : f32
    %nv = arith.select %gt, %in, %best : f32
    %ni = arith.select %gt, %r64, %at : i64
    linalg.yield %nv, %ni : f32, i64
  }
  linalg.generic {indexing_maps = [#rows3, #row3, #row3], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%y : memref<64x8x16xf32>) outs(%v, %i : memref<64xf32>, memref<64xi64>) {
  ^bb0(%in: f32, %best: f32, %at: i64):
    %k = linalg.index 2 : index
    %k64 = arith.index_cast %k : index to i64
    %gt = arith.cmpf ogt, %in, %best : f32
    %nv = arith.select %gt, %in, %best : f32
    %ni = arith.select %gt, %k64, %at : i64
    linalg.yield %nv, %ni : f32, i64
  }
  linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<64x128xf32>) outs(%v, %i : memref<64xf32>, memref<64xi64>) {
  ^bb0(%in: f32, %best: f32, %at: i64):
    %j = linalg.index 1 : index
    %j64 = arith.index_cast %j : index to i64
    %gt = arith.cmpf ogt, %in, %best : f32
    %lt = arith.cmpf olt, %in, %best : f32
    %nv = arith.select %gt, %in, %best : f32
    %ni = arith.select %lt, %j64, %at : i64
    linalg.yield %nv, %ni : f32, i64
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>

// An arg reduction allocates and fills its two outputs in turn: the
// allocations between the fills do not keep them from being folded.
// CHECK-LABEL: func.func @fills_between_allocations
// CHECK: %[[VALUES:.*]] = memref.alloc() : memref<16xf32>
// CHECK: %[[INDICES:.*]] = memref.alloc() : memref<16xi64>
// CHECK-NOT: linalg.fill
// CHECK: gpu.launch
// CHECK-NOT: memref.load %[[VALUES]]
// CHECK-NOT: memref.load %[[INDICES]]
// CHECK: memref.store %{{.*}}, %[[INDICES]]
func.func @fills_between_allocations(%x: memref<16x64xf32>) -> memref<16xi64> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0 : i64
  %values = memref.alloc() : memref<16xf32>
  linalg.fill ins(%ninf : f32) outs(%values : memref<16xf32>)
  %indices = memref.alloc() : memref<16xi64>
  linalg.fill ins(%zero : i64) outs(%indices : memref<16xi64>)
  linalg.generic {indexing_maps = [#rows, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<16x64xf32>) outs(%values, %indices : memref<16xf32>, memref<16xi64>) {
  ^bb0(%in: f32, %b: f32, %a: i64):
    %j = linalg.index 1 : index
    %j64 = arith.index_cast %j : index to i64
    %gt = arith.cmpf ogt, %in, %b : f32
    %v = arith.select %gt, %in, %b : f32
    %i = arith.select %gt, %j64, %a : i64
    linalg.yield %v, %i : f32, i64
  }
  memref.dealloc %values : memref<16xf32>
  return %indices : memref<16xi64>
}

// -----

// A scan writes its carry after every step along the reduction loop: no
// tree combines its steps, and it is left alone (each thread runs its own).
// CHECK-LABEL: func.func @scan_left_alone
// CHECK-NOT: gpu.launch
// CHECK: linalg.generic
// CHECK-NOT: gpu.launch
#scan_rows = affine_map<(d0, d1) -> (d0, d1)>
#scan_row = affine_map<(d0, d1) -> (d0)>
func.func @scan_left_alone(%x: memref<16x512xf32>, %carry: memref<16xf32>, %out: memref<16x512xf32>) {
  linalg.generic {indexing_maps = [#scan_rows, #scan_row, #scan_rows], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<16x512xf32>) outs(%carry, %out : memref<16xf32>, memref<16x512xf32>) {
  ^bb0(%in: f32, %acc: f32, %old: f32):
    %next = arith.addf %acc, %in : f32
    linalg.yield %next, %next : f32, f32
  }
  return
}
