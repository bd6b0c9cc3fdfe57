func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = ten.exp %x : tensor<4xf32>
  %n = ten.neg %x : tensor<4xf32>
  return %e, %n : tensor<4xf32>, tensor<4xf32>
}
