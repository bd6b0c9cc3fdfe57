// W1: x**2 + 3*x over 10,000,000 f32.
func.func @main(%x: tensor<10000000xf32>) -> tensor<10000000xf32> {
  %two = ten.constant dense<2.0> : tensor<f32>
  %three = ten.constant dense<3.0> : tensor<f32>
  %sq = ten.pow %x, %two : (tensor<10000000xf32>, tensor<f32>) -> tensor<10000000xf32>
  %tx = ten.mul %x, %three : (tensor<10000000xf32>, tensor<f32>) -> tensor<10000000xf32>
  %y = ten.add %sq, %tx : (tensor<10000000xf32>, tensor<10000000xf32>) -> tensor<10000000xf32>
  return %y : tensor<10000000xf32>
}
