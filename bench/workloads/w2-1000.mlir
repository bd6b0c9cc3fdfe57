// W2: where(x > 0.5, x*2, x/2) over 1000x1000 f32.
func.func @main(%x: tensor<1000x1000xf32>) -> tensor<1000x1000xf32> {
  %half = ten.constant dense<0.5> : tensor<f32>
  %two = ten.constant dense<2.0> : tensor<f32>
  %p = ten.cmp gt, %x, %half : (tensor<1000x1000xf32>, tensor<f32>) -> tensor<1000x1000xi1>
  %a = ten.mul %x, %two : (tensor<1000x1000xf32>, tensor<f32>) -> tensor<1000x1000xf32>
  %b = ten.div %x, %two : (tensor<1000x1000xf32>, tensor<f32>) -> tensor<1000x1000xf32>
  %y = ten.select %p, %a, %b : (tensor<1000x1000xi1>, tensor<1000x1000xf32>, tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  return %y : tensor<1000x1000xf32>
}
