// W12: max over the last axis of (64,512,512).
func.func @main(%x: tensor<64x512x512xf32>) -> tensor<64x512xf32> {
  %s = ten.reduce max %x dims [2] : tensor<64x512x512xf32> -> tensor<64x512xf32>
  return %s : tensor<64x512xf32>
}
