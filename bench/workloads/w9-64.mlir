// W9: ij,jk,kl->il with i=l=64, j=k=2048.
func.func @main(%a: tensor<64x2048xf32>, %b: tensor<2048x2048xf32>, %c: tensor<2048x64xf32>) -> tensor<64x64xf32> {
  %y = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<64x2048xf32>, tensor<2048x2048xf32>, tensor<2048x64xf32>) -> tensor<64x64xf32>
  return %y : tensor<64x64xf32>
}
