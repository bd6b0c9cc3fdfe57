// RUN: tensor-opt %s --convert-ten-to-linalg="host-reads-buffers=false" -verify-diagnostics

// Where the host does not read the buffers (the CUDA target), dense linear
// algebra has no lowering yet.
func.func @linalg_on_device(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+2 {{'ten.linalg.inv' op runs on the host's LAPACK only: the CUDA target has no dense linear algebra yet (cuSOLVER)}}
  // expected-error @+1 {{failed to legalize operation 'ten.linalg.inv'}}
  %0 = ten.linalg.inv %a : tensor<3x3xf32> -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}
