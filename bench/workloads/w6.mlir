// W6: the sum of 1,000,000 f64.
func.func @main(%x: tensor<1000000xf64>) -> tensor<f64> {
  %s = ten.reduce sum %x dims [0] : tensor<1000000xf64> -> tensor<f64>
  return %s : tensor<f64>
}
