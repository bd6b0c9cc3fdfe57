// RUN: tensor-opt %s --convert-ten-to-linalg="host-reads-buffers=false" -split-input-file -verify-diagnostics

// A target whose buffers the host cannot read (the CUDA target's) has no
// take of mode raise (whose check reads the indices), no scatter and no
// nonzero (whose loops run on the host): the lowering says so. Its sort is
// a sorting network (sort-network.mlir).
func.func @take_raise(%x: tensor<8xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {
  // expected-error @+2 {{'ten.take' op mode raise has no lowering for this target yet: the host cannot read the indices to check them (use mode wrap or clip, or the cpu target)}}
  // expected-error @+1 {{failed to legalize operation 'ten.take' that was explicitly marked illegal}}
  %0 = ten.take raise %x, %i dim 0 : (tensor<8xf32>, tensor<2xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @scatter(%x: tensor<8xf32>, %i: tensor<2xi64>, %u: tensor<2xf32>) -> tensor<8xf32> {
  // expected-error @+2 {{'ten.scatter' op has no lowering for this target yet: its loops run on the host, which cannot read the device's buffers (use the cpu target)}}
  // expected-error @+1 {{failed to legalize operation 'ten.scatter' that was explicitly marked illegal}}
  %0 = ten.scatter add %x, %i, %u dim 0 : (tensor<8xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @nonzero(%x: tensor<8xf32>) -> tensor<?xi64> {
  // expected-error @+2 {{'ten.nonzero' op has no lowering for this target yet: the host cannot read the input to count its nonzero elements (use the cpu target)}}
  // expected-error @+1 {{failed to legalize operation 'ten.nonzero' that was explicitly marked illegal}}
  %0 = ten.nonzero %x : tensor<8xf32>
  return %0 : tensor<?xi64>
}

// -----

// Left alone by the option: take of modes wrap and clip.
func.func @take_clip(%x: tensor<8xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {
  %0 = ten.take clip %x, %i dim 0 : (tensor<8xf32>, tensor<2xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
