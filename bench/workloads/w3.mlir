// W3: relu(m + bias), m (1000,512), bias (512,).
func.func @main(%m: tensor<1000x512xf32>, %bias: tensor<512xf32>) -> tensor<1000x512xf32> {
  %s = ten.add %m, %bias : (tensor<1000x512xf32>, tensor<512xf32>) -> tensor<1000x512xf32>
  %y = ten.relu %s : tensor<1000x512xf32>
  return %y : tensor<1000x512xf32>
}
