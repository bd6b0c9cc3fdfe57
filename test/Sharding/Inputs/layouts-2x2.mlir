// A program of run-sharded.test for a 2x2 grid: splits moved over both
// axes at once (all_to_alls), then gathered.
func.func @main(%x: tensor<8x4x8xf32>) -> tensor<8x4x8xf32> {
  %a = ten.shard %x [1, -1, 0] : tensor<8x4x8xf32>
  %e = ten.exp %a : tensor<8x4x8xf32>
  %b = ten.shard %e [0, 1, -1] : tensor<8x4x8xf32>
  %t = ten.tanh %b : tensor<8x4x8xf32>
  %c = ten.shard %t [-1, 0, 1] : tensor<8x4x8xf32>
  %r = ten.sqrt %c : tensor<8x4x8xf32>
  return %r : tensor<8x4x8xf32>
}
