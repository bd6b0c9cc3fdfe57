// W13: one row times a matrix, x(1, 2048) @ W(2048, 2048) f32 (a language
// model's decoding step at batch 1).
func.func @main(%x: tensor<1x2048xf32>, %w: tensor<2048x2048xf32>) -> tensor<1x2048xf32> {
  %y = ten.einsum "ij,jk->ik" (%x, %w) : (tensor<1x2048xf32>, tensor<2048x2048xf32>) -> tensor<1x2048xf32>
  return %y : tensor<1x2048xf32>
}
