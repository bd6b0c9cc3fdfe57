// 2^40 f32 (4 TiB): counted without overflow, but no memory holds it.
func.func @main(%x: tensor<1099511627776xf32>) -> tensor<1099511627776xf32> {
  %0 = ten.exp %x : tensor<1099511627776xf32>
  return %0 : tensor<1099511627776xf32>
}
