// W12: sum over axis 0 of (4096,4096).
func.func @main(%x: tensor<4096x4096xf32>) -> tensor<4096xf32> {
  %s = ten.reduce sum %x dims [0] : tensor<4096x4096xf32> -> tensor<4096xf32>
  return %s : tensor<4096xf32>
}
