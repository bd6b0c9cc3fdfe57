// A matmul with a dynamic row count (W7, small).
//   build/bin/tensor-run examples/matmul.mlir --random-inputs --print
func.func @main(%a: tensor<?x64xf32>, %b: tensor<64x32xf32>) -> tensor<?x32xf32> {
  %c = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<?x64xf32>, tensor<64x32xf32>) -> tensor<?x32xf32>
  return %c : tensor<?x32xf32>
}
