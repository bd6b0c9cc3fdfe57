// relu(m + bias) (W3).
//   build/bin/tensor-run examples/bias-relu.mlir --random-inputs --print
func.func @main(%m: tensor<100x64xf32>, %bias: tensor<64xf32>) -> tensor<100x64xf32> {
  %s = ten.add %m, %bias : (tensor<100x64xf32>, tensor<64xf32>) -> tensor<100x64xf32>
  %r = ten.relu %s : tensor<100x64xf32>
  return %r : tensor<100x64xf32>
}
