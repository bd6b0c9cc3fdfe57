func.func @main(%x: tensor<0xf32>) -> tensor<4294967296x4294967296xf32> {
  %0 = ten.reshape %x : tensor<0xf32> -> tensor<4294967296x4294967296xf32>
  return %0 : tensor<4294967296x4294967296xf32>
}
