// W11: layer norm over the rows of (4096,1024).
func.func @main(%x: tensor<4096x1024xf32>, %g: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<4096x1024xf32> {
  %mean = ten.reduce mean %x dims [1] keepdim : tensor<4096x1024xf32> -> tensor<4096x1xf32>
  %d = ten.sub %x, %mean : (tensor<4096x1024xf32>, tensor<4096x1xf32>) -> tensor<4096x1024xf32>
  %sq = ten.mul %d, %d : (tensor<4096x1024xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
  %var = ten.reduce mean %sq dims [1] keepdim : tensor<4096x1024xf32> -> tensor<4096x1xf32>
  %eps = ten.constant dense<1.0e-5> : tensor<f32>
  %ve = ten.add %var, %eps : (tensor<4096x1xf32>, tensor<f32>) -> tensor<4096x1xf32>
  %inv = ten.rsqrt %ve : tensor<4096x1xf32>
  %n = ten.mul %d, %inv : (tensor<4096x1024xf32>, tensor<4096x1xf32>) -> tensor<4096x1024xf32>
  %s = ten.mul %n, %g : (tensor<4096x1024xf32>, tensor<1024xf32>) -> tensor<4096x1024xf32>
  %y = ten.add %s, %b : (tensor<4096x1024xf32>, tensor<1024xf32>) -> tensor<4096x1024xf32>
  return %y : tensor<4096x1024xf32>
}
