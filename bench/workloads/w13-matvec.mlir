// W13: a matrix times a vector, W(2048, 2048) @ x(2048) f32.
func.func @main(%w: tensor<2048x2048xf32>, %x: tensor<2048xf32>) -> tensor<2048xf32> {
  %y = ten.einsum "kj,j->k" (%w, %x) : (tensor<2048x2048xf32>, tensor<2048xf32>) -> tensor<2048xf32>
  return %y : tensor<2048xf32>
}
