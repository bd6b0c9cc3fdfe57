// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file -verify-diagnostics

// One case per diagnostic of the lowering. An op that a pattern refuses is
// then reported as not legalized too.

// NumPy refuses integers to negative integer powers; a constant exponent
// shows it at compile time.
func.func @negative_constant_exponent(%x: tensor<4xi32>) -> tensor<4xi32> {
  %e = ten.constant dense<[2, 0, -1, 3]> : tensor<4xi32>
  // expected-error @+2 {{'ten.pow' op integers to negative integer powers are not allowed (exponent -1)}}
  // expected-error @+1 {{failed to legalize operation 'ten.pow'}}
  %0 = ten.pow %x, %e : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @negative_splat_exponent(%x: tensor<1000000xi8>) -> tensor<1000000xi8> {
  %e = ten.constant dense<-2> : tensor<i8>
  // expected-error @+2 {{'ten.pow' op integers to negative integer powers are not allowed (exponent -2)}}
  // expected-error @+1 {{failed to legalize operation 'ten.pow'}}
  %0 = ten.pow %x, %e : (tensor<1000000xi8>, tensor<i8>) -> tensor<1000000xi8>
  return %0 : tensor<1000000xi8>
}
