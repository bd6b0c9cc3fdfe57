// A result of 10^12 f32 (4 TB): its allocation fails at run time.
func.func @main(%x: tensor<1000000x1xf32>, %y: tensor<1000000xf32>) -> tensor<1000000x1000000xf32> {
  %0 = ten.add %x, %y : (tensor<1000000x1xf32>, tensor<1000000xf32>) -> tensor<1000000x1000000xf32>
  return %0 : tensor<1000000x1000000xf32>
}
