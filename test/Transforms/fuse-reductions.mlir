// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-fuse-reductions{block-kib=8 min-input-kib=0},cse))' -split-input-file | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

// A row softmax on 64 rows of 1 KiB: with 8 KiB blocks (the result's row
// and exp's row per iteration), 3 rows per block and a last block of 1. The
// maximum, exp, the sum and the division are all computed in the block; exp
// is computed once per block (cse merges the copies fused into the sum and
// into the division), and the division writes its block of the result.
// CHECK-LABEL: func.func @softmax
// CHECK-NOT: linalg.generic
// CHECK: scf.forall (%[[I:.*]]) = (0) to (64) step (3) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<64x256xf32>)
// CHECK: %[[ROWS:.*]] = affine.min #{{.*}}(%[[I]])
// CHECK: %[[X:.*]] = tensor.extract_slice %arg0[%[[I]], 0] [%[[ROWS]], 256] [1, 1]
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<?x256xf32>)
// CHECK: arith.maximumf
// CHECK: %[[E:.*]] = linalg.generic {{.*}} ins(%[[X]], %[[MAX]] : tensor<?x256xf32>, tensor<?xf32>)
// CHECK: math.exp
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[E]] : tensor<?x256xf32>)
// CHECK: %[[Y:.*]] = tensor.extract_slice %[[OUT]][%[[I]], 0] [%[[ROWS]], 256] [1, 1]
// CHECK: %[[DIV:.*]] = linalg.generic {{.*}} ins(%[[E]], %[[SUM]] : tensor<?x256xf32>, tensor<?xf32>) outs(%[[Y]] : tensor<?x256xf32>)
// CHECK: tensor.parallel_insert_slice %[[DIV]] into %[[OUT]]
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @softmax(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<64xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x256xf32>) outs(%mi : tensor<64xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %ee = tensor.empty() : tensor<64x256xf32>
  %e = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<64x256xf32>, tensor<64xf32>) outs(%ee : tensor<64x256xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%e : tensor<64x256xf32>) outs(%si : tensor<64xf32>) {
  ^bb0(%a: f32, %s: f32):
    %r = arith.addf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%e, %sum : tensor<64x256xf32>, tensor<64xf32>) outs(%ee : tensor<64x256xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}

// -----

// The same with dynamic sizes: the sizes that other ops read from the
// intermediates (a broadcast check reads the maximum's, the sum's init the
// exponentials') are read from where they came from, so that nothing
// outside the block keeps a producer alive and computed a second time:
// one block loop, and nothing else computes.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?x?xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK-NOT: linalg.generic
// CHECK-NOT: tensor.expand_shape
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[N]], %[[N]]
// CHECK: cf.assert %[[SAME]]
// CHECK: scf.forall (%{{.*}}) in (%[[N]])
// CHECK: arith.maximumf
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: tensor.parallel_insert_slice
// CHECK-NOT: scf.forall
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @softmax_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %m = tensor.dim %x, %c1 : tensor<?x?xf32>
  %re = tensor.empty(%n) : tensor<?xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%re : tensor<?xf32>) -> tensor<?xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%mi : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %r = arith.maximumf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %max2 = tensor.expand_shape %max [[0, 1]] output_shape [%n, 1] : tensor<?xf32> into tensor<?x1xf32>
  %rows = tensor.dim %max2, %c0 : tensor<?x1xf32>
  %same = arith.cmpi eq, %rows, %n : index
  cf.assert %same, "rows differ"
  %ee = tensor.empty(%n, %m) : tensor<?x?xf32>
  %e = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<?x?xf32>, tensor<?xf32>) outs(%ee : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  %en = tensor.dim %e, %c0 : tensor<?x?xf32>
  %sr = tensor.empty(%en) : tensor<?xf32>
  %si = linalg.fill ins(%zero : f32) outs(%sr : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%e : tensor<?x?xf32>) outs(%si : tensor<?xf32>) {
  ^bb0(%a: f32, %s: f32):
    %r = arith.addf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%e, %sum : tensor<?x?xf32>, tensor<?xf32>) outs(%ee : tensor<?x?xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

// Two rows fit in one block: left alone.
// CHECK-LABEL: func.func @one_block
// CHECK-NOT: scf.forall
func.func @one_block(%x: tensor<2x256xf32>) -> tensor<2x256xf32> {
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<2xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<2xf32>) -> tensor<2xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<2x256xf32>) outs(%si : tensor<2xf32>) {
  ^bb0(%a: f32, %s: f32):
    %r = arith.addf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<2xf32>
  %ee = tensor.empty() : tensor<2x256xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<2x256xf32>, tensor<2xf32>) outs(%ee : tensor<2x256xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<2x256xf32>
  return %y : tensor<2x256xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

// The column sums are read along the rows' contiguous dimension: a block of
// columns would read a few elements of every row. Left alone.
// CHECK-LABEL: func.func @column_sums
// CHECK-NOT: scf.forall
func.func @column_sums(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<256xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<256xf32>) -> tensor<256xf32>
  %sum = linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<64x256xf32>) outs(%si : tensor<256xf32>) {
  ^bb0(%a: f32, %s: f32):
    %r = arith.addf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<256xf32>
  %ee = tensor.empty() : tensor<64x256xf32>
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<64x256xf32>, tensor<256xf32>) outs(%ee : tensor<64x256xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.subf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

// The row sums are computed in the blocks of their consumer and kept for
// the function's result; the matmul is not: blocking it by rows would pack
// its other operand again for every block.
// CHECK-LABEL: func.func @matmul_over_row_sums
// CHECK: %[[M:.*]] = linalg.matmul
// CHECK: %[[SUMS:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]}
// CHECK: scf.forall (%[[I:.*]]) = (0) to (64) step (3)
// CHECK: tensor.extract_slice %[[M]][%[[I]], 0]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]}
// CHECK: arith.divf
// CHECK: return %{{.*}}, %[[SUMS]]
func.func @matmul_over_row_sums(%a: tensor<64x256xf32>, %b: tensor<256x256xf32>) -> (tensor<64x256xf32>, tensor<64xf32>) {
  %zero = arith.constant 0.0 : f32
  %me = tensor.empty() : tensor<64x256xf32>
  %mi = linalg.fill ins(%zero : f32) outs(%me : tensor<64x256xf32>) -> tensor<64x256xf32>
  %m = linalg.matmul ins(%a, %b : tensor<64x256xf32>, tensor<256x256xf32>) outs(%mi : tensor<64x256xf32>) -> tensor<64x256xf32>
  %re = tensor.empty() : tensor<64xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<64x256xf32>) outs(%si : tensor<64xf32>) {
  ^bb0(%x: f32, %s: f32):
    %r = arith.addf %x, %s : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%m, %sum : tensor<64x256xf32>, tensor<64xf32>) outs(%me : tensor<64x256xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %r = arith.divf %x, %s : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  return %y, %sum : tensor<64x256xf32>, tensor<64xf32>
}

// -----

// With the default min-input-kib (8 MiB), a 64 KiB input is read again
// from the cache by separate passes: left alone.
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-fuse-reductions{block-kib=8}))' -split-input-file | FileCheck %s --check-prefix=CACHED
// CACHED-LABEL: func.func @softmax
// CACHED-NOT: scf.forall
// An input of dynamic sizes may be large: blocked.
// CACHED-LABEL: func.func @softmax_dynamic
// CACHED: scf.forall
// CACHED-LABEL: func.func @cached_input
// CACHED-NOT: scf.forall
// CHECK-LABEL: func.func @cached_input
// CHECK: scf.forall
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @cached_input(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<64xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x256xf32>) outs(%si : tensor<64xf32>) {
  ^bb0(%a: f32, %s: f32):
    %r = arith.addf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %ee = tensor.empty() : tensor<64x256xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<64x256xf32>, tensor<64xf32>) outs(%ee : tensor<64x256xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>

// A scan along the rows, divided by the row sums: blocks of rows would
// restart the scan at each block's first row, so the scan stays whole
// (computed once, before the blocks); the row sums are computed in the
// blocks.
// CHECK-LABEL: func.func @scan_along_blocked_loop
// CHECK: %[[SCAN:.*]]:2 = linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%arg0 : tensor<64x256xf32>)
// CHECK: scf.forall
// CHECK-NOT: iterator_types = ["reduction", "parallel"]
// CHECK: tensor.extract_slice %[[SCAN]]#1
// CHECK: return
func.func @scan_along_blocked_loop(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %zero = arith.constant 0.0 : f32
  %ce = tensor.empty() : tensor<256xf32>
  %ci = linalg.fill ins(%zero : f32) outs(%ce : tensor<256xf32>) -> tensor<256xf32>
  %se = tensor.empty() : tensor<64x256xf32>
  %scan:2 = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["reduction", "parallel"]}
      ins(%x : tensor<64x256xf32>) outs(%ci, %se : tensor<256xf32>, tensor<64x256xf32>) {
  ^bb0(%a: f32, %acc: f32, %old: f32):
    %r = arith.addf %acc, %a : f32
    linalg.yield %r, %r : f32, f32
  } -> (tensor<256xf32>, tensor<64x256xf32>)
  %re = tensor.empty() : tensor<64xf32>
  %ri = linalg.fill ins(%zero : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x256xf32>) outs(%ri : tensor<64xf32>) {
  ^bb0(%a: f32, %s: f32):
    %r = arith.addf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %de = tensor.empty() : tensor<64x256xf32>
  %div = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%scan#1, %sum : tensor<64x256xf32>, tensor<64xf32>) outs(%de : tensor<64x256xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  return %div : tensor<64x256xf32>
}
