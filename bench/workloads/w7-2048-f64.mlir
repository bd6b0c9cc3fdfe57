// W7: matmul 2048x2048 f64.
func.func @main(%a: tensor<2048x2048xf64>, %b: tensor<2048x2048xf64>) -> tensor<2048x2048xf64> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<2048x2048xf64>, tensor<2048x2048xf64>) -> tensor<2048x2048xf64>
  return %y : tensor<2048x2048xf64>
}
