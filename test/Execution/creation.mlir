// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// ten.iota against NumPy, for every kind of element type and dimension,
// and what NumPy's creation functions compute from it (arange, eye), fused
// with a consumer.

// NUMPY @iota: args = []; results = [np.broadcast_to(np.arange(3, dtype=np.float32)[None, :], (2, 3)), np.broadcast_to(np.arange(2, dtype=np.int64)[:, None, None], (2, 3, 4)), np.arange(300).astype(np.uint8), np.arange(5, dtype=np.float16), np.arange(4, dtype=ml_dtypes.bfloat16), np.arange(3, dtype=np.int16)]
func.func @iota() -> (tensor<2x3xf32>, tensor<2x3x4xi64>, tensor<300xui8>, tensor<5xf16>, tensor<4xbf16>, tensor<3xi16>) {
  %0 = ten.iota 1 : tensor<2x3xf32>
  %1 = ten.iota 0 : tensor<2x3x4xi64>
  %2 = ten.iota 0 : tensor<300xui8>
  %3 = ten.iota 0 : tensor<5xf16>
  %4 = ten.iota 0 : tensor<4xbf16>
  %5 = ten.iota 0 : tensor<3xi16>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3xf32>, tensor<2x3x4xi64>, tensor<300xui8>, tensor<5xf16>, tensor<4xbf16>, tensor<3xi16>
}

// arange(2, 20, 3) scaled into x, and eye(4, 5, k=1) from two iotas.
// NUMPY @creation: x = rand(6, dtype=f64)
// NUMPY @creation: args = [x]; results = [x * (2 + 3 * np.arange(6)), np.eye(4, 5, k=1, dtype=np.float32)]
func.func @creation(%x: tensor<6xf64>) -> (tensor<6xf64>, tensor<4x5xf32>) {
  %i = ten.iota 0 : tensor<6xf64>
  %three = ten.constant dense<3.0> : tensor<f64>
  %two = ten.constant dense<2.0> : tensor<f64>
  %steps = ten.mul %i, %three : (tensor<6xf64>, tensor<f64>) -> tensor<6xf64>
  %range = ten.add %steps, %two : (tensor<6xf64>, tensor<f64>) -> tensor<6xf64>
  %0 = ten.mul %x, %range : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xf64>
  %rows = ten.iota 0 : tensor<4x5xi64>
  %cols = ten.iota 1 : tensor<4x5xi64>
  %one = ten.constant dense<1> : tensor<i64>
  %shifted = ten.add %rows, %one : (tensor<4x5xi64>, tensor<i64>) -> tensor<4x5xi64>
  %diagonal = ten.cmp eq, %shifted, %cols : (tensor<4x5xi64>, tensor<4x5xi64>) -> tensor<4x5xi1>
  %1 = ten.cast %diagonal : tensor<4x5xi1> -> tensor<4x5xf32>
  return %0, %1 : tensor<6xf64>, tensor<4x5xf32>
}

// Splat constants are fills, complex ones too (their lowering crashed).
// NUMPY @complex_fill: args = []; results = [np.full((2, 3), 1.5 - 2j, dtype=np.complex64), np.zeros((4,), dtype=np.complex128)]
func.func @complex_fill() -> (tensor<2x3xcomplex<f32>>, tensor<4xcomplex<f64>>) {
  %0 = ten.constant dense<(1.5, -2.0)> : tensor<2x3xcomplex<f32>>
  %1 = ten.constant dense<(0.0, 0.0)> : tensor<complex<f64>>
  %2 = ten.broadcast %1 : tensor<complex<f64>> -> tensor<4xcomplex<f64>>
  return %0, %2 : tensor<2x3xcomplex<f32>>, tensor<4xcomplex<f64>>
}
