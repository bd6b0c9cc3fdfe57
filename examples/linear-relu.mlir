// A linear layer with a ReLU, relu(x @ W + b), with a dynamic batch size.
//
//   build/bin/tensor-run examples/linear-relu.mlir --random-inputs --print
func.func @main(%x: tensor<?x1024xf32>, %w: tensor<1024x1024xf32>,
                %b: tensor<1024xf32>) -> tensor<?x1024xf32> {
  %xw = ten.einsum "ij,jk->ik" (%x, %w)
      : (tensor<?x1024xf32>, tensor<1024x1024xf32>) -> tensor<?x1024xf32>
  %biased = ten.add %xw, %b
      : (tensor<?x1024xf32>, tensor<1024xf32>) -> tensor<?x1024xf32>
  %y = ten.relu %biased : tensor<?x1024xf32>
  return %y : tensor<?x1024xf32>
}
