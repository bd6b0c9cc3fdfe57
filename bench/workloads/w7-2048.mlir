// W7: matmul 2048x2048 f32.
func.func @main(%a: tensor<2048x2048xf32>, %b: tensor<2048x2048xf32>) -> tensor<2048x2048xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  return %y : tensor<2048x2048xf32>
}
