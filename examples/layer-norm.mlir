// Layer norm over rows (W11, small): (x - mean) / sqrt(var + eps) * g + b.
//   build/bin/tensor-run examples/layer-norm.mlir --random-inputs --print
func.func @main(%x: tensor<32x256xf32>, %g: tensor<256xf32>, %b: tensor<256xf32>) -> tensor<32x256xf32> {
  %mean = ten.reduce mean %x dims [1] keepdim : tensor<32x256xf32> -> tensor<32x1xf32>
  %d = ten.sub %x, %mean : (tensor<32x256xf32>, tensor<32x1xf32>) -> tensor<32x256xf32>
  %sq = ten.mul %d, %d : (tensor<32x256xf32>, tensor<32x256xf32>) -> tensor<32x256xf32>
  %var = ten.reduce mean %sq dims [1] keepdim : tensor<32x256xf32> -> tensor<32x1xf32>
  %eps = ten.constant dense<1.0e-5> : tensor<f32>
  %ve = ten.add %var, %eps : (tensor<32x1xf32>, tensor<f32>) -> tensor<32x1xf32>
  %inv = ten.rsqrt %ve : tensor<32x1xf32>
  %n = ten.mul %d, %inv : (tensor<32x256xf32>, tensor<32x1xf32>) -> tensor<32x256xf32>
  %s = ten.mul %n, %g : (tensor<32x256xf32>, tensor<256xf32>) -> tensor<32x256xf32>
  %y = ten.add %s, %b : (tensor<32x256xf32>, tensor<256xf32>) -> tensor<32x256xf32>
  return %y : tensor<32x256xf32>
}
