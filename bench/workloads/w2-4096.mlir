// W2: where(x > 0.5, x*2, x/2) over 4096x4096 f32.
func.func @main(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %half = ten.constant dense<0.5> : tensor<f32>
  %two = ten.constant dense<2.0> : tensor<f32>
  %p = ten.cmp gt, %x, %half : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xi1>
  %a = ten.mul %x, %two : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  %b = ten.div %x, %two : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  %y = ten.select %p, %a, %b : (tensor<4096x4096xi1>, tensor<4096x4096xf32>, tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
