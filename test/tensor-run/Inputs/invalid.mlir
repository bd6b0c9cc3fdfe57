func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "ten.exp"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return %x : tensor<4xf32>
}
