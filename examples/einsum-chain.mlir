// A 3-operand einsum chain (W9, small).
//   build/bin/tensor-run examples/einsum-chain.mlir --random-inputs --print
func.func @main(%a: tensor<8x32xf32>, %b: tensor<32x32xf32>, %c: tensor<32x8xf32>) -> tensor<8x8xf32> {
  %r = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<8x32xf32>, tensor<32x32xf32>, tensor<32x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}
