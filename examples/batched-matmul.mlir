// bij,bjk->bik (W4, small).
//   build/bin/tensor-run examples/batched-matmul.mlir --random-inputs --print
func.func @main(%a: tensor<4x10x8xf32>, %b: tensor<4x8x12xf32>) -> tensor<4x10x12xf32> {
  %c = ten.einsum "bij,bjk->bik" (%a, %b) : (tensor<4x10x8xf32>, tensor<4x8x12xf32>) -> tensor<4x10x12xf32>
  return %c : tensor<4x10x12xf32>
}
