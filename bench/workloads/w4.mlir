// W4: bij,bjk->bik, (32,100,64) x (32,64,128).
func.func @main(%a: tensor<32x100x64xf32>, %b: tensor<32x64x128xf32>) -> tensor<32x100x128xf32> {
  %y = ten.einsum "bij,bjk->bik" (%a, %b) : (tensor<32x100x64xf32>, tensor<32x64x128xf32>) -> tensor<32x100x128xf32>
  return %y : tensor<32x100x128xf32>
}
