// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-parallelize{threads=2 grain-size=1024 explain=true}))' -verify-diagnostics -o /dev/null

// --explain says how each op is split over threads, or why it stays on one.

#id = affine_map<(d0, d1) -> (d0, d1)>

func.func @explained(%x: tensor<64x64xf32>, %small: tensor<16x16xf32>,
                     %v: tensor<4096xf32>, %s: tensor<f32>,
                     %row: tensor<1x4096xf32>, %r: tensor<1xf32>,
                     %d: tensor<?x64xf32>)
    -> (tensor<64x64xf32>, tensor<16x16xf32>, tensor<f32>, tensor<1xf32>, tensor<?x64xf32>) {
  %init = tensor.empty() : tensor<64x64xf32>
  // expected-remark @below {{split over 2 threads along its loop 0 (64 iterations)}}
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x64xf32>) outs(%init : tensor<64x64xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<64x64xf32>
  %small_init = tensor.empty() : tensor<16x16xf32>
  // expected-remark @below {{runs on one thread: 256 iterations in all, fewer than the 1024 worth starting threads for}}
  %z = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%small : tensor<16x16xf32>) outs(%small_init : tensor<16x16xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<16x16xf32>
  // expected-remark @below {{split over 2 threads along its reduction loop 0: each thread reduces its part, and the partial results are combined after}}
  %sum = linalg.reduce ins(%v : tensor<4096xf32>) outs(%s : tensor<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %t = arith.addf %a, %b : f32
      linalg.yield %t : f32
    }
  // A reduction whose combiner has no neutral element cannot be split, and
  // its one row is too few for two threads.
  // expected-remark @below {{runs on one thread: no parallel loop has 2 iterations or more, and no reduction to split}}
  %first = linalg.reduce ins(%row : tensor<1x4096xf32>) outs(%r : tensor<1xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      linalg.yield %a : f32
    }
  %c0 = arith.constant 0 : index
  %n = tensor.dim %d, %c0 : tensor<?x64xf32>
  %dinit = tensor.empty(%n) : tensor<?x64xf32>
  // expected-remark @below {{split over 2 threads along its loop 0 (a size known when it runs)}}
  %w = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%d : tensor<?x64xf32>) outs(%dinit : tensor<?x64xf32>) {
  ^bb0(%a: f32, %b: f32):
    %e = math.exp %a : f32
    linalg.yield %e : f32
  } -> tensor<?x64xf32>
  return %y, %z, %sum, %first, %w : tensor<64x64xf32>, tensor<16x16xf32>, tensor<f32>, tensor<1xf32>, tensor<?x64xf32>
}
