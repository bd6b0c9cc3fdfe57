// Row softmax (W8, small): exp(x - max) / sum(exp(x - max)).
//   build/bin/tensor-run examples/softmax.mlir --random-inputs --print
func.func @main(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %max = ten.reduce max %x dims [1] keepdim : tensor<64x128xf32> -> tensor<64x1xf32>
  %shifted = ten.sub %x, %max : (tensor<64x128xf32>, tensor<64x1xf32>) -> tensor<64x128xf32>
  %e = ten.exp %shifted : tensor<64x128xf32>
  %sum = ten.reduce sum %e dims [1] keepdim : tensor<64x128xf32> -> tensor<64x1xf32>
  %y = ten.div %e, %sum : (tensor<64x128xf32>, tensor<64x1xf32>) -> tensor<64x128xf32>
  return %y : tensor<64x128xf32>
}
