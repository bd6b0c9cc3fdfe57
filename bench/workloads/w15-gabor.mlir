// W15: sin(x) * exp(-x*x) over 4,000,000 f64 (transcendental functions).
func.func @main(%x: tensor<4000000xf64>) -> tensor<4000000xf64> {
  %s = ten.sin %x : tensor<4000000xf64>
  %sq = ten.mul %x, %x : (tensor<4000000xf64>, tensor<4000000xf64>) -> tensor<4000000xf64>
  %n = ten.neg %sq : tensor<4000000xf64>
  %e = ten.exp %n : tensor<4000000xf64>
  %y = ten.mul %s, %e : (tensor<4000000xf64>, tensor<4000000xf64>) -> tensor<4000000xf64>
  return %y : tensor<4000000xf64>
}
