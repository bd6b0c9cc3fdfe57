// Attention scores softmax(q k^T / sqrt(d)) over the keys, written with ten
// ops the way a PyTorch user would write them.
//
//   build/bin/tensor-run examples/attention-scores.mlir --random-inputs --print
func.func @main(%q: tensor<2x8x100x64xf32>, %k: tensor<2x8x100x64xf32>)
    -> tensor<2x8x100x100xf32> {
  %scores = ten.einsum "bhqd,bhkd->bhqk" (%q, %k)
      : (tensor<2x8x100x64xf32>, tensor<2x8x100x64xf32>) -> tensor<2x8x100x100xf32>
  %scale = ten.constant dense<0.125> : tensor<f32>
  %scaled = ten.mul %scores, %scale
      : (tensor<2x8x100x100xf32>, tensor<f32>) -> tensor<2x8x100x100xf32>
  %max = ten.reduce max %scaled dims [3] keepdim
      : tensor<2x8x100x100xf32> -> tensor<2x8x100x1xf32>
  %shifted = ten.sub %scaled, %max
      : (tensor<2x8x100x100xf32>, tensor<2x8x100x1xf32>) -> tensor<2x8x100x100xf32>
  %exp = ten.exp %shifted : tensor<2x8x100x100xf32>
  %sum = ten.reduce sum %exp dims [3] keepdim
      : tensor<2x8x100x100xf32> -> tensor<2x8x100x1xf32>
  %probs = ten.div %exp, %sum
      : (tensor<2x8x100x100xf32>, tensor<2x8x100x1xf32>) -> tensor<2x8x100x100xf32>
  return %probs : tensor<2x8x100x100xf32>
}
