// A splat of 10^12 f32 (4 TB), returned, and added to an argument: a fill,
// never a constant that the code generator materializes.
func.func @returned() -> tensor<1000000x1000000xf32> {
  %c = ten.constant dense<1.0> : tensor<1000000x1000000xf32>
  return %c : tensor<1000000x1000000xf32>
}

func.func @added(%x: tensor<f32>) -> tensor<1000000x1000000xf32> {
  %c = ten.constant dense<1.0> : tensor<1000000x1000000xf32>
  %0 = ten.add %c, %x : (tensor<1000000x1000000xf32>, tensor<f32>) -> tensor<1000000x1000000xf32>
  return %0 : tensor<1000000x1000000xf32>
}

func.func @small() -> tensor<2x3xi32> {
  %c = ten.constant dense<7> : tensor<2x3xi32>
  return %c : tensor<2x3xi32>
}
