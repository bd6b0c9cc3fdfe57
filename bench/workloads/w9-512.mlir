// W9: ij,jk,kl->il with every size 512.
func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>, %c: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %y = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<512x512xf32>, tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32>
  return %y : tensor<512x512xf32>
}
