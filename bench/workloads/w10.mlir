// W10: relu(x @ W + b), x (256,1024), W (1024,1024).
func.func @main(%x: tensor<256x1024xf32>, %w: tensor<1024x1024xf32>, %b: tensor<1024xf32>) -> tensor<256x1024xf32> {
  %xw = ten.einsum "ij,jk->ik" (%x, %w) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32>
  %s = ten.add %xw, %b : (tensor<256x1024xf32>, tensor<1024xf32>) -> tensor<256x1024xf32>
  %y = ten.relu %s : tensor<256x1024xf32>
  return %y : tensor<256x1024xf32>
}
