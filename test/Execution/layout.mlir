// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// NUMPY @transpose: x = rand(2, 3, 4); args = [x]; results = [x.transpose(2, 0, 1), x.transpose(1, 0, 2)]
func.func @transpose(%x: tensor<2x3x4xf32>) -> (tensor<4x2x3xf32>, tensor<3x2x4xf32>) {
  %0 = ten.transpose %x [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %1 = ten.transpose %x [1, 0, 2] : tensor<2x3x4xf32> -> tensor<3x2x4xf32>
  return %0, %1 : tensor<4x2x3xf32>, tensor<3x2x4xf32>
}

// NUMPY @transpose_dynamic: x = randint(5, 2, dtype=i64); args = [x]; results = [x.T]
func.func @transpose_dynamic(%x: tensor<?x2xi64>) -> tensor<2x?xi64> {
  %0 = ten.transpose %x [1, 0] : tensor<?x2xi64> -> tensor<2x?xi64>
  return %0 : tensor<2x?xi64>
}

// NUMPY @reshape: x = rand(3, 4); args = [x]; results = [x.reshape(12), x.reshape(2, 2, 3), x.reshape(1, 12, 1)]
func.func @reshape(%x: tensor<3x4xf32>) -> (tensor<12xf32>, tensor<2x2x3xf32>, tensor<1x12x1xf32>) {
  %0 = ten.reshape %x : tensor<3x4xf32> -> tensor<12xf32>
  %1 = ten.reshape %x : tensor<3x4xf32> -> tensor<2x2x3xf32>
  %2 = ten.reshape %x : tensor<3x4xf32> -> tensor<1x12x1xf32>
  return %0, %1, %2 : tensor<12xf32>, tensor<2x2x3xf32>, tensor<1x12x1xf32>
}

// NUMPY @reshape_dynamic: x = rand(6, 4, dtype=f64); args = [x]; results = [x.reshape(-1), x.reshape(2, -1), x.reshape(3, 8)]
func.func @reshape_dynamic(%x: tensor<?x4xf64>) -> (tensor<?xf64>, tensor<2x?xf64>, tensor<3x8xf64>) {
  %0 = ten.reshape %x : tensor<?x4xf64> -> tensor<?xf64>
  %1 = ten.reshape %x : tensor<?x4xf64> -> tensor<2x?xf64>
  %2 = ten.reshape %x : tensor<?x4xf64> -> tensor<3x8xf64>
  return %0, %1, %2 : tensor<?xf64>, tensor<2x?xf64>, tensor<3x8xf64>
}

// NUMPY @reshape_scalar: s = np.array(2.5, dtype=f32); v = rand(1, 1); args = [s, v]; results = [s.reshape(1, 1), v.reshape(())]
func.func @reshape_scalar(%s: tensor<f32>, %v: tensor<1x1xf32>) -> (tensor<1x1xf32>, tensor<f32>) {
  %0 = ten.reshape %s : tensor<f32> -> tensor<1x1xf32>
  %1 = ten.reshape %v : tensor<1x1xf32> -> tensor<f32>
  return %0, %1 : tensor<1x1xf32>, tensor<f32>
}

// NUMPY @broadcast: b = rand(3); s = np.array(7, dtype=i8); args = [b, s]; results = [np.broadcast_to(b, (2, 3)), np.broadcast_to(s, (2, 2))]
func.func @broadcast(%b: tensor<3xf32>, %s: tensor<i8>) -> (tensor<2x3xf32>, tensor<2x2xi8>) {
  %0 = ten.broadcast %b : tensor<3xf32> -> tensor<2x3xf32>
  %1 = ten.broadcast %s : tensor<i8> -> tensor<2x2xi8>
  return %0, %1 : tensor<2x3xf32>, tensor<2x2xi8>
}

// NUMPY @constants: args = []; results = [np.array([1, 2, 3], dtype=i32), np.full((2, 2), 1.5, dtype=f64), np.array([True, False])]
func.func @constants() -> (tensor<3xi32>, tensor<2x2xf64>, tensor<2xi1>) {
  %0 = ten.constant dense<[1, 2, 3]> : tensor<3xi32>
  %1 = ten.constant dense<1.5> : tensor<2x2xf64>
  %2 = ten.constant dense<[true, false]> : tensor<2xi1>
  return %0, %1, %2 : tensor<3xi32>, tensor<2x2xf64>, tensor<2xi1>
}

// A result that is an argument comes back as a copy the caller owns.
// NUMPY @identity: x = rand(4); args = [x]; results = [x, x]
func.func @identity(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  return %x, %x : tensor<4xf32>, tensor<4xf32>
}
