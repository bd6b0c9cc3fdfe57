// where(x > 0.5, x*2, x/2) (W2).
//   build/bin/tensor-run examples/where.mlir --random-inputs --print
func.func @main(%x: tensor<100x100xf32>) -> tensor<100x100xf32> {
  %half = ten.constant dense<0.5> : tensor<f32>
  %two = ten.constant dense<2.0> : tensor<f32>
  %p = ten.cmp gt, %x, %half : (tensor<100x100xf32>, tensor<f32>) -> tensor<100x100xi1>
  %a = ten.mul %x, %two : (tensor<100x100xf32>, tensor<f32>) -> tensor<100x100xf32>
  %b = ten.div %x, %two : (tensor<100x100xf32>, tensor<f32>) -> tensor<100x100xf32>
  %w = ten.select %p, %a, %b : (tensor<100x100xi1>, tensor<100x100xf32>, tensor<100x100xf32>) -> tensor<100x100xf32>
  return %w : tensor<100x100xf32>
}
