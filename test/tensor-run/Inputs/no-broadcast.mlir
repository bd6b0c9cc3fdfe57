func.func @main(%a: tensor<3xf32>, %b: tensor<4xf32>) -> tensor<3xf32> {
  %0 = ten.add %a, %b : (tensor<3xf32>, tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
