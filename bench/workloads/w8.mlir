// W8: row softmax of (4096,4096).
func.func @main(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %max = ten.reduce max %x dims [1] keepdim : tensor<4096x4096xf32> -> tensor<4096x1xf32>
  %shifted = ten.sub %x, %max : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x4096xf32>
  %e = ten.exp %shifted : tensor<4096x4096xf32>
  %sum = ten.reduce sum %e dims [1] keepdim : tensor<4096x4096xf32> -> tensor<4096x1xf32>
  %y = ten.div %e, %sum : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}
