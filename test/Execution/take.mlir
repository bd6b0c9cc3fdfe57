// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// ten.take of modes wrap and clip (NumPy's take), which every target runs;
// mode raise, whose check reads the indices on the host, is take-raise.mlir.

// NUMPY @take_modes: x = rand(4, 7); i = np.array([[-20, -8, -7], [-1, 0, 6], [7, 100, 3]]); args = [x, i]
// NUMPY @take_modes: results = [np.take(x, i, axis=1, mode="wrap"), np.take(x, i, axis=1, mode="clip"), np.take(x, i[0], axis=0, mode="clip"), np.take(x.ravel(), i, mode="wrap")]
func.func @take_modes(%x: tensor<4x7xf32>, %i: tensor<3x3xi64>) -> (tensor<4x3x3xf32>, tensor<4x3x3xf32>, tensor<3x7xf32>, tensor<3x3xf32>) {
  %0 = ten.take wrap %x, %i dim 1 : (tensor<4x7xf32>, tensor<3x3xi64>) -> tensor<4x3x3xf32>
  %1 = ten.take clip %x, %i dim 1 : (tensor<4x7xf32>, tensor<3x3xi64>) -> tensor<4x3x3xf32>
  %r = ten.slice %i [0:1, :] : tensor<3x3xi64> -> tensor<1x3xi64>
  %row = ten.reshape %r : tensor<1x3xi64> -> tensor<3xi64>
  %2 = ten.take clip %x, %row dim 0 : (tensor<4x7xf32>, tensor<3xi64>) -> tensor<3x7xf32>
  %flat = ten.reshape %x : tensor<4x7xf32> -> tensor<28xf32>
  %3 = ten.take wrap %flat, %i dim 0 : (tensor<28xf32>, tensor<3x3xi64>) -> tensor<3x3xf32>
  return %0, %1, %2, %3 : tensor<4x3x3xf32>, tensor<4x3x3xf32>, tensor<3x7xf32>, tensor<3x3xf32>
}

// Every element class; 0-d and empty indices; dynamic sizes.
// NUMPY @take_types: a = randint(5, 3, dtype=i8); b = randbool(6); c = (rand(5) + 1j * rand(5)).astype(np.complex128); d = rand(9, 2, dtype=f16); i = np.array([4, -1, 0, 2]); k = np.array(3); e = np.zeros((0,), np.int64); args = [a, b, c, d, i, k, e]
// NUMPY @take_types: results = [np.take(a, i, axis=0, mode="wrap"), np.take(b, i, mode="clip"), np.take(c, k, mode="wrap"), np.take(d, i, axis=0, mode="clip"), np.take(d, e, axis=0, mode="clip")]
func.func @take_types(%a: tensor<5x3xi8>, %b: tensor<6xi1>, %c: tensor<5xcomplex<f64>>, %d: tensor<?x2xf16>, %i: tensor<4xi64>, %k: tensor<i64>, %e: tensor<?xi64>)
    -> (tensor<4x3xi8>, tensor<4xi1>, tensor<complex<f64>>, tensor<4x2xf16>, tensor<?x2xf16>) {
  %0 = ten.take wrap %a, %i dim 0 : (tensor<5x3xi8>, tensor<4xi64>) -> tensor<4x3xi8>
  %1 = ten.take clip %b, %i dim 0 : (tensor<6xi1>, tensor<4xi64>) -> tensor<4xi1>
  %2 = ten.take wrap %c, %k dim 0 : (tensor<5xcomplex<f64>>, tensor<i64>) -> tensor<complex<f64>>
  %3 = ten.take clip %d, %i dim 0 : (tensor<?x2xf16>, tensor<4xi64>) -> tensor<4x2xf16>
  %4 = ten.take clip %d, %e dim 0 : (tensor<?x2xf16>, tensor<?xi64>) -> tensor<?x2xf16>
  return %0, %1, %2, %3, %4 : tensor<4x3xi8>, tensor<4xi1>, tensor<complex<f64>>, tensor<4x2xf16>, tensor<?x2xf16>
}

// A gather feeding elementwise math, from a computed table.
// NUMPY @take_fused: x = rand(64, 256); i = np.arange(63, -1, -1); args = [x, i]
// NUMPY @take_fused: results = [np.exp(np.take(np.tanh(x), i, axis=0, mode="clip")) * 2]
func.func @take_fused(%x: tensor<64x256xf32>, %i: tensor<64xi64>) -> tensor<64x256xf32> {
  %t = ten.tanh %x : tensor<64x256xf32>
  %g = ten.take clip %t, %i dim 0 : (tensor<64x256xf32>, tensor<64xi64>) -> tensor<64x256xf32>
  %e = ten.exp %g : tensor<64x256xf32>
  %two = ten.constant dense<2.0> : tensor<f32>
  %r = ten.mul %e, %two : (tensor<64x256xf32>, tensor<f32>) -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}
