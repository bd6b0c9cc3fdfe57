// W15: softplus log1p(exp(x)) over 10,000,000 f32.
func.func @main(%x: tensor<10000000xf32>) -> tensor<10000000xf32> {
  %e = ten.exp %x : tensor<10000000xf32>
  %y = ten.log1p %e : tensor<10000000xf32>
  return %y : tensor<10000000xf32>
}
