// x**2 + 3*x over a vector (the benchmark's W1, small).
//   build/bin/tensor-run examples/fused-elementwise.mlir --random-inputs --print
func.func @main(%x: tensor<1000xf32>) -> tensor<1000xf32> {
  %two = ten.constant dense<2.0> : tensor<f32>
  %three = ten.constant dense<3.0> : tensor<f32>
  %sq = ten.pow %x, %two : (tensor<1000xf32>, tensor<f32>) -> tensor<1000xf32>
  %tx = ten.mul %x, %three : (tensor<1000xf32>, tensor<f32>) -> tensor<1000xf32>
  %y = ten.add %sq, %tx : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  return %y : tensor<1000xf32>
}
