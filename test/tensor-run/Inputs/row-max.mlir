// The maximum of each row of 8 x 512: a fill of the result, then a
// reduction loop of constant trip count over each row.
func.func @main(%x: tensor<8x512xf32>) -> tensor<8xf32> {
  %m = ten.reduce max %x dims [1] : tensor<8x512xf32> -> tensor<8xf32>
  return %m : tensor<8xf32>
}
