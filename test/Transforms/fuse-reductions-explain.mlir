// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-fuse-reductions{block-kib=8 min-input-kib=0 explain=true}))' -verify-diagnostics -o /dev/null

// --explain names each op computed in blocks with the reductions it reads:
// here a row sum and the division by it, 3 rows (2 KiB of operands each)
// at a time. The sum itself, fused into the division's blocks, gets no
// remark of its own.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

func.func @normalize(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
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
  // expected-remark @below {{computed with the reductions it reads, 3 iterations of its loop 0 at a time (2 producers in each block; the blocks run on every thread)}}
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<64x256xf32>, tensor<64xf32>) outs(%ee : tensor<64x256xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}
