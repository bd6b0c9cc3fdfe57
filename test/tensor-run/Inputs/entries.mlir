func.func private @twice(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = ten.add %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @twice(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = ten.exp %0 : tensor<4xf32>
  return %1 : tensor<4xf32>
}

func.func @unrelated(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = ten.tanh %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
