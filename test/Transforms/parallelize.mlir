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

// A reduction to a scalar has no parallel loop: left alone.
// CHECK-LABEL: func.func @full_reduction
// CHECK-NOT: scf.forall
func.func @full_reduction(%x: tensor<4096xf32>, %init: tensor<f32>) -> tensor<f32> {
  %y = linalg.reduce ins(%x : tensor<4096xf32>) outs(%init : tensor<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %y : tensor<f32>
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
