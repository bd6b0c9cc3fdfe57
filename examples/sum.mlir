// The sum of a vector of f64 (W6, small).
//   build/bin/tensor-run examples/sum.mlir --random-inputs --print
func.func @main(%x: tensor<10000xf64>) -> tensor<f64> {
  %s = ten.reduce sum %x dims [0] : tensor<10000xf64> -> tensor<f64>
  return %s : tensor<f64>
}
