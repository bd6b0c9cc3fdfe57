// W13: a linear layer of four rows, x(4, 2048) @ W(2048, 2048).T f32 (the
// weight indexed [out, in], as PyTorch's nn.Linear keeps it: a language
// model's decoding step at batch 4).
func.func @main(%x: tensor<4x2048xf32>, %w: tensor<2048x2048xf32>) -> tensor<4x2048xf32> {
  %y = ten.einsum "ij,kj->ik" (%x, %w) : (tensor<4x2048xf32>, tensor<2048x2048xf32>) -> tensor<4x2048xf32>
  return %y : tensor<4x2048xf32>
}
