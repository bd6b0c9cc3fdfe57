// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-parallelize{threads=2 grain-size=1024}))' -split-input-file | FileCheck %s
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-parallelize{threads=1}))' -split-input-file | FileCheck %s --check-prefix=ONE

#id = affine_map<(d0, d1) -> (d0, d1)>

// 64x64 points: split over the rows, one tile per thread.
// CHECK-LABEL: func.func @elementwise
// CHECK: scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<64x64xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<32x64xf32>)
// CHECK: tensor.parallel_insert_slice
// One thread: nothing changes.
// ONE-LABEL: func.func @elementwise
// ONE-NOT: scf.forall
func.func @elementwise(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %init = tensor.empty() : tensor<64x64xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x64xf32>) outs(%init : tensor<64x64xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}

// -----

// Too few points (16x16 < 1024) to be worth a thread.
// CHECK-LABEL: func.func @small
// CHECK-NOT: scf.forall
func.func @small(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %init = tensor.empty() : tensor<16x16xf32>
  %y = linalg.add ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%init : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %y : tensor<16x16xf32>
}

// -----

// No points at all: a dynamic loop beside one of size 0 is no work, and
// tiling it crashed.
// CHECK-LABEL: func.func @empty_beside_dynamic
// CHECK-NOT: scf.forall
func.func @empty_beside_dynamic(%a: tensor<?x0xf32>, %b: tensor<?x0xf32>) -> tensor<?x0xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x0xf32>
  %init = tensor.empty(%n) : tensor<?x0xf32>
  %y = linalg.add ins(%a, %b : tensor<?x0xf32>, tensor<?x0xf32>) outs(%init : tensor<?x0xf32>) -> tensor<?x0xf32>
  return %y : tensor<?x0xf32>
}

// -----

// A reduction with no parallel loop is split along its reduction loop:
// each thread reduces its half into its own partial result, and the partial
// results are combined after the loop. 4096 is a multiple of the thread
// count: the input is reshaped into one row per thread.
// CHECK-LABEL: func.func @full_reduction
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0, 1]] output_shape [2, 2048]
// CHECK: scf.forall (%[[T:.*]]) in (2) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<2xf32>)
// CHECK: linalg.fill
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<1x2048xf32>) outs(%{{.*}} : tensor<1xf32>)
// CHECK: tensor.parallel_insert_slice
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%{{.*}} : tensor<2xf32>) outs(%{{.*}} : tensor<f32>)
// ONE-LABEL: func.func @full_reduction
// ONE-NOT: scf.forall
func.func @full_reduction(%x: tensor<4096xf32>, %init: tensor<f32>) -> tensor<f32> {
  %y = linalg.reduce ins(%x : tensor<4096xf32>) outs(%init : tensor<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %y : tensor<f32>
}

// -----

// 4097 is not a multiple of the thread count: the threads reduce unequal
// parts, each from the combiner's neutral element (-inf for a maximum).
// CHECK-LABEL: func.func @full_reduction_odd
// CHECK: %[[NEUTRAL:.*]] = arith.constant 0xFF800000 : f32
// CHECK: linalg.fill ins(%[[NEUTRAL]] : f32) outs(%{{.*}} : tensor<2xf32>)
// CHECK: scf.forall (%{{.*}}) in (2)
// CHECK: linalg.reduce ins(%{{.*}} : tensor<?xf32>) outs(%{{.*}} : tensor<f32>)
// CHECK: arith.maximumf
// CHECK: linalg.reduce ins(%{{.*}} : tensor<2xf32>) outs(%{{.*}} : tensor<f32>)
func.func @full_reduction_odd(%x: tensor<4097xf32>, %init: tensor<f32>) -> tensor<f32> {
  %y = linalg.reduce ins(%x : tensor<4097xf32>) outs(%init : tensor<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.maximumf %a, %b : f32
      linalg.yield %s : f32
    }
  return %y : tensor<f32>
}

// -----

// A reduction whose body reads its loop index (an iota or a random generator
// fused into a sum): not reshaped into rows, which would not rewrite the
// reads; split into partials, each thread's indices offset by the start of
// its part.
// CHECK-LABEL: func.func @full_reduction_of_indices
// CHECK-NOT: tensor.expand_shape
// (test/Execution/parallel.mlir checks the numbers.)
// CHECK: scf.forall (%[[T:.*]]) in (2)
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%{{.*}} : tensor<2048xf32>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[GLOBAL:.*]] = affine.apply #{{.*}}(%[[T]])[%[[I]]]
// CHECK: arith.index_cast %[[GLOBAL]] : index to i64
func.func @full_reduction_of_indices(%x: tensor<4096xf32>, %init: tensor<f32>) -> tensor<f32> {
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x : tensor<4096xf32>) outs(%init : tensor<f32>) {
  ^bb0(%a: f32, %b: f32):
    %i = linalg.index 0 : index
    %w = arith.index_cast %i : index to i64
    %f = arith.sitofp %w : i64 to f32
    %t = arith.mulf %a, %f : f32
    %s = arith.addf %b, %t : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// A combiner without a neutral element (init - x0 - x1 ...) cannot start a
// thread's part from scratch: left alone.
// CHECK-LABEL: func.func @no_neutral_element
// CHECK-NOT: scf.forall
func.func @no_neutral_element(%x: tensor<4096xf32>, %init: tensor<f32>) -> tensor<f32> {
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x : tensor<4096xf32>) outs(%init : tensor<f32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.subf %b, %a : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// A sum over the rows: splitting its parallel loop would give each thread
// half of every row; each thread sums half of the rows instead, into its own
// contiguous row of partial sums.
// CHECK-LABEL: func.func @column_sum
// CHECK: tensor.expand_shape %{{.*}} output_shape [2, 128, 256]
// CHECK: scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<2x256xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%{{.*}} : tensor<1x128x256xf32>) outs(%{{.*}} : tensor<1x256xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<2x256xf32>) outs(%{{.*}} : tensor<256xf32>)
func.func @column_sum(%x: tensor<256x256xf32>, %init: tensor<256xf32>) -> tensor<256xf32> {
  %y = linalg.reduce ins(%x : tensor<256x256xf32>) outs(%init : tensor<256xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %y : tensor<256xf32>
}

// -----

// 257 rows do not split evenly, and 16 rows of 4096 partial sums per
// thread would be as large as the input: both are split along their
// columns.
// CHECK-LABEL: func.func @column_sum_odd
// CHECK-NOT: tensor.expand_shape
// CHECK: scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<256xf32>)
// CHECK: linalg.reduce ins(%{{.*}} : tensor<257x128xf32>)
// CHECK-LABEL: func.func @column_sum_wide
// CHECK-NOT: tensor.expand_shape
// CHECK: scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<4096xf32>)
// CHECK: linalg.reduce ins(%{{.*}} : tensor<16x2048xf32>)
// Rows of 4096 floats: each thread's half of a row is two pages, which the
// hardware streams as well as whole rows, and the columns' split needs no
// combining pass.
// CHECK-LABEL: func.func @column_sum_long_rows
// CHECK-NOT: tensor.expand_shape
// CHECK: scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<4096xf32>)
// CHECK: linalg.reduce ins(%{{.*}} : tensor<256x2048xf32>)
func.func @column_sum_odd(%x: tensor<257x256xf32>, %init: tensor<256xf32>) -> tensor<256xf32> {
  %y = linalg.reduce ins(%x : tensor<257x256xf32>) outs(%init : tensor<256xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %y : tensor<256xf32>
}
func.func @column_sum_wide(%x: tensor<16x4096xf32>, %init: tensor<4096xf32>) -> tensor<4096xf32> {
  %y = linalg.reduce ins(%x : tensor<16x4096xf32>) outs(%init : tensor<4096xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %y : tensor<4096xf32>
}
func.func @column_sum_long_rows(%x: tensor<256x4096xf32>, %init: tensor<4096xf32>) -> tensor<4096xf32> {
  %y = linalg.reduce ins(%x : tensor<256x4096xf32>) outs(%init : tensor<4096xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %y : tensor<4096xf32>
}

// -----

// A square matmul splits over its rows (the outermost of its loops that
// index one input each, on a tie); a row reduction over its rows too, never over the reduced dimension. A first
// loop of size 1 is skipped for the next parallel one.
// CHECK-LABEL: func.func @matmul_and_rows
// CHECK: scf.forall
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x128xf32>, tensor<128x128xf32>)
// CHECK: scf.forall
// CHECK: linalg.reduce ins(%{{.*}} : tensor<64x128xf32>)
// CHECK: scf.forall
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<1x64x128xf32>)
func.func @matmul_and_rows(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>, %c: tensor<1x128x128xf32>)
    -> (tensor<128x128xf32>, tensor<128xf32>, tensor<1x128x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x128xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  %m = linalg.matmul ins(%a, %b : tensor<128x128xf32>, tensor<128x128xf32>) outs(%init : tensor<128x128xf32>) -> tensor<128x128xf32>
  %re = tensor.empty() : tensor<128xf32>
  %r = linalg.reduce ins(%a : tensor<128x128xf32>) outs(%re : tensor<128xf32>) dimensions = [1]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  %ce = tensor.empty() : tensor<1x128x128xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%c : tensor<1x128x128xf32>) outs(%ce : tensor<1x128x128xf32>) {
  ^bb0(%x: f32, %y: f32):
    %ng = arith.negf %x : f32
    linalg.yield %ng : f32
  } -> tensor<1x128x128xf32>
  return %m, %r, %n : tensor<128x128xf32>, tensor<128xf32>, tensor<1x128x128xf32>
}

// -----

// A contraction splits along the loop of its larger input, so that each
// thread packs only its half of it: the columns of a tall B, the rows of a
// wide A, and a batch loop before either.
// The fill that initializes each result is split with it: every thread
// fills its own tile, then works on it, and the loop starts from the empty
// tensor.
// CHECK-LABEL: func.func @contractions
// CHECK-NOT: linalg.fill
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<64x2048xf32>
// CHECK-NOT: linalg.fill
// CHECK: scf.forall {{.*}} shared_outs(%{{.*}} = %[[EMPTY]])
// CHECK: %[[TILE:.*]] = linalg.fill {{.*}} -> tensor<64x1024xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<64x2048xf32>, tensor<2048x1024xf32>) outs(%[[TILE]] : tensor<64x1024xf32>)
// CHECK: scf.forall
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<1024x2048xf32>, tensor<2048x64xf32>)
// CHECK: scf.forall
// CHECK: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<4x64x256xf32>, tensor<4x256x512xf32>)
func.func @contractions(%a: tensor<64x2048xf32>, %b: tensor<2048x2048xf32>,
                        %wa: tensor<2048x2048xf32>, %nb: tensor<2048x64xf32>,
                        %ba: tensor<8x64x256xf32>, %bb: tensor<8x256x512xf32>)
    -> (tensor<64x2048xf32>, tensor<2048x64xf32>, tensor<8x64x512xf32>) {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<64x2048xf32>
  %i0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<64x2048xf32>) -> tensor<64x2048xf32>
  %0 = linalg.matmul ins(%a, %b : tensor<64x2048xf32>, tensor<2048x2048xf32>) outs(%i0 : tensor<64x2048xf32>) -> tensor<64x2048xf32>
  %e1 = tensor.empty() : tensor<2048x64xf32>
  %i1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2048x64xf32>) -> tensor<2048x64xf32>
  %1 = linalg.matmul ins(%wa, %nb : tensor<2048x2048xf32>, tensor<2048x64xf32>) outs(%i1 : tensor<2048x64xf32>) -> tensor<2048x64xf32>
  %e2 = tensor.empty() : tensor<8x64x512xf32>
  %i2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<8x64x512xf32>) -> tensor<8x64x512xf32>
  %2 = linalg.batch_matmul ins(%ba, %bb : tensor<8x64x256xf32>, tensor<8x256x512xf32>) outs(%i2 : tensor<8x64x512xf32>) -> tensor<8x64x512xf32>
  return %0, %1, %2 : tensor<64x2048xf32>, tensor<2048x64xf32>, tensor<8x64x512xf32>
}

// -----

// A scan along its only loop cannot be split over threads: each step
// needs the one before. It stays whole, and a scan along rows splits its
// rows.
// CHECK-LABEL: func.func @scans
// CHECK-NOT: scf.forall
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%{{.*}} : tensor<65536xf32>)
// CHECK: scf.forall (%{{.*}}) in (2)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<32x256xf32>)
func.func @scans(%x: tensor<65536xf32>, %c: tensor<f32>, %o: tensor<65536xf32>, %y: tensor<64x256xf32>, %cy: tensor<64xf32>, %oy: tensor<64x256xf32>) -> (tensor<65536xf32>, tensor<64x256xf32>) {
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["reduction"]}
      ins(%x : tensor<65536xf32>) outs(%c, %o : tensor<f32>, tensor<65536xf32>) {
  ^bb0(%in: f32, %acc: f32, %old: f32):
    %next = arith.addf %acc, %in : f32
    linalg.yield %next, %next : f32, f32
  } -> (tensor<f32>, tensor<65536xf32>)
  %s:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<64x256xf32>) outs(%cy, %oy : tensor<64xf32>, tensor<64x256xf32>) {
  ^bb0(%in: f32, %acc: f32, %old: f32):
    %next = arith.addf %acc, %in : f32
    linalg.yield %next, %next : f32, f32
  } -> (tensor<64xf32>, tensor<64x256xf32>)
  return %r#1, %s#1 : tensor<65536xf32>, tensor<64x256xf32>
}
