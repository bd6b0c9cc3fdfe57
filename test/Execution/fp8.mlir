// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// The fp8 storage types against ml_dtypes: ops compute in f32 and round the
// result once to the fp8 type (ten-widen-fp8), as ml_dtypes' ufuncs do;
// reductions and contractions accumulate in f32 before that rounding;
// element moves keep the bits (NaN, -0). Conversions are checked bit for
// bit by test/tensor-run/fp8-npy.test.

// NUMPY @arith_e4m3: e4 = ml_dtypes.float8_e4m3fn; a = rand(3, 4, low=-8, high=8).astype(e4); b = rand(4, low=-8, high=8).astype(e4); b[0] = 0; a[2, 1] = 300; b[1] = 2
// NUMPY @arith_e4m3: F = lambda x: x.astype(f32); args = [a, b]; results = [a + b, a - b, a * b, (F(a) / F(b)).astype(e4), -a, np.abs(a), np.maximum(a, b), np.minimum(a, b), a < b, a == b, np.maximum(a, 0)]; rtol = 0; atol = 0
func.func @arith_e4m3(%a: tensor<3x4xf8E4M3FN>, %b: tensor<4xf8E4M3FN>) -> (tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xf8E4M3FN>) {
  %0 = ten.add %a, %b : (tensor<3x4xf8E4M3FN>, tensor<4xf8E4M3FN>) -> tensor<3x4xf8E4M3FN>
  %1 = ten.sub %a, %b : (tensor<3x4xf8E4M3FN>, tensor<4xf8E4M3FN>) -> tensor<3x4xf8E4M3FN>
  %2 = ten.mul %a, %b : (tensor<3x4xf8E4M3FN>, tensor<4xf8E4M3FN>) -> tensor<3x4xf8E4M3FN>
  %3 = ten.div %a, %b : (tensor<3x4xf8E4M3FN>, tensor<4xf8E4M3FN>) -> tensor<3x4xf8E4M3FN>
  %4 = ten.neg %a : tensor<3x4xf8E4M3FN>
  %5 = ten.abs %a : tensor<3x4xf8E4M3FN>
  %6 = ten.max %a, %b : (tensor<3x4xf8E4M3FN>, tensor<4xf8E4M3FN>) -> tensor<3x4xf8E4M3FN>
  %7 = ten.min %a, %b : (tensor<3x4xf8E4M3FN>, tensor<4xf8E4M3FN>) -> tensor<3x4xf8E4M3FN>
  %8 = ten.cmp lt, %a, %b : (tensor<3x4xf8E4M3FN>, tensor<4xf8E4M3FN>) -> tensor<3x4xi1>
  %9 = ten.cmp eq, %a, %b : (tensor<3x4xf8E4M3FN>, tensor<4xf8E4M3FN>) -> tensor<3x4xi1>
  %10 = ten.relu %a : tensor<3x4xf8E4M3FN>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xf8E4M3FN>
}

// Products past 57344 overflow to infinity in f8E5M2.
// NUMPY @arith_e5m2: e5 = ml_dtypes.float8_e5m2; a = rand(3, 4, low=-300, high=300).astype(e5); b = rand(4, low=-300, high=300).astype(e5); b[0] = 0
// NUMPY @arith_e5m2: F = lambda x: x.astype(f32); args = [a, b]; results = [a + b, a * b, (F(a) / F(b)).astype(e5), a ** 2, a >= b]; rtol = 0; atol = 0
func.func @arith_e5m2(%a: tensor<3x4xf8E5M2>, %b: tensor<4xf8E5M2>) -> (tensor<3x4xf8E5M2>, tensor<3x4xf8E5M2>, tensor<3x4xf8E5M2>, tensor<3x4xf8E5M2>, tensor<3x4xi1>) {
  %two = ten.constant dense<2.0> : tensor<f8E5M2>
  %0 = ten.add %a, %b : (tensor<3x4xf8E5M2>, tensor<4xf8E5M2>) -> tensor<3x4xf8E5M2>
  %1 = ten.mul %a, %b : (tensor<3x4xf8E5M2>, tensor<4xf8E5M2>) -> tensor<3x4xf8E5M2>
  %2 = ten.div %a, %b : (tensor<3x4xf8E5M2>, tensor<4xf8E5M2>) -> tensor<3x4xf8E5M2>
  %3 = ten.pow %a, %two : (tensor<3x4xf8E5M2>, tensor<f8E5M2>) -> tensor<3x4xf8E5M2>
  %4 = ten.cmp ge, %a, %b : (tensor<3x4xf8E5M2>, tensor<4xf8E5M2>) -> tensor<3x4xi1>
  return %0, %1, %2, %3, %4 : tensor<3x4xf8E5M2>, tensor<3x4xf8E5M2>, tensor<3x4xf8E5M2>, tensor<3x4xf8E5M2>, tensor<3x4xi1>
}

// Functions: f32's results may differ from NumPy's by an ulp of f32, which
// can move a rounding to fp8 by one of its ulps (2^-3 relative).
// NUMPY @functions: e4 = ml_dtypes.float8_e4m3fn; a = rand(3, 4, low=0.1, high=4).astype(e4); b = rand(3, 4, low=-4, high=4).astype(e4)
// NUMPY @functions: F = lambda x: x.astype(f32); args = [a, b]; results = [np.exp(a), np.log(a), np.sqrt(a), np.tanh(b), (1 / (1 + np.exp(-F(b)))).astype(e4), np.sin(b)]; rtol = 0.13; atol = 0.002
func.func @functions(%a: tensor<3x4xf8E4M3FN>, %b: tensor<3x4xf8E4M3FN>) -> (tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>) {
  %0 = ten.exp %a : tensor<3x4xf8E4M3FN>
  %1 = ten.log %a : tensor<3x4xf8E4M3FN>
  %2 = ten.sqrt %a : tensor<3x4xf8E4M3FN>
  %3 = ten.tanh %b : tensor<3x4xf8E4M3FN>
  %4 = ten.sigmoid %b : tensor<3x4xf8E4M3FN>
  %5 = ten.sin %b : tensor<3x4xf8E4M3FN>
  return %0, %1, %2, %3, %4, %5 : tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>, tensor<3x4xf8E4M3FN>
}

// Reductions and contractions accumulate in f32 and round once.
// NUMPY @accumulate: e4 = ml_dtypes.float8_e4m3fn; e5 = ml_dtypes.float8_e5m2; a = rand(8, 16, low=-2, high=2).astype(e4); b = rand(16, 4, low=-2, high=2).astype(e4); c = rand(4, 8, 16, low=-2, high=2).astype(e5)
// NUMPY @accumulate: F = lambda x: x.astype(f32); args = [a, b, c]; results = [(F(a) @ F(b)).astype(e4), F(a).sum(1).astype(e4), F(a).mean(0).astype(e4), a.max(1), a.argmax(1), np.einsum("bij,jk->bik", F(c), F(b.astype(e5))).astype(e5), F(c).prod(0).astype(e5)]; rtol = 0; atol = 0
func.func @accumulate(%a: tensor<8x16xf8E4M3FN>, %b: tensor<16x4xf8E4M3FN>, %c: tensor<4x8x16xf8E5M2>) -> (tensor<8x4xf8E4M3FN>, tensor<8xf8E4M3FN>, tensor<16xf8E4M3FN>, tensor<8xf8E4M3FN>, tensor<8xi64>, tensor<4x8x4xf8E5M2>, tensor<8x16xf8E5M2>) {
  %0 = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<8x16xf8E4M3FN>, tensor<16x4xf8E4M3FN>) -> tensor<8x4xf8E4M3FN>
  %1 = ten.reduce sum %a dims [1] : tensor<8x16xf8E4M3FN> -> tensor<8xf8E4M3FN>
  %2 = ten.reduce mean %a dims [0] : tensor<8x16xf8E4M3FN> -> tensor<16xf8E4M3FN>
  %3 = ten.reduce max %a dims [1] : tensor<8x16xf8E4M3FN> -> tensor<8xf8E4M3FN>
  %4 = ten.reduce argmax %a dims [1] : tensor<8x16xf8E4M3FN> -> tensor<8xi64>
  %bc = ten.cast %b : tensor<16x4xf8E4M3FN> -> tensor<16x4xf8E5M2>
  %5 = ten.einsum "bij,jk->bik" (%c, %bc) : (tensor<4x8x16xf8E5M2>, tensor<16x4xf8E5M2>) -> tensor<4x8x4xf8E5M2>
  %6 = ten.reduce prod %c dims [0] : tensor<4x8x16xf8E5M2> -> tensor<8x16xf8E5M2>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<8x4xf8E4M3FN>, tensor<8xf8E4M3FN>, tensor<16xf8E4M3FN>, tensor<8xf8E4M3FN>, tensor<8xi64>, tensor<4x8x4xf8E5M2>, tensor<8x16xf8E5M2>
}

// Moves keep every element, NaN and the largest finite values included.
// NUMPY @moves: e4 = ml_dtypes.float8_e4m3fn; a = np.arange(256, dtype=u8).view(e4).reshape(16, 16); v = a[7].copy(); p = randbool(16, 16)
// NUMPY @moves: args = [a, v, p]; results = [a.T, a.reshape(4, 64), np.broadcast_to(v, (2, 16)), np.where(p, a, a.T), np.array([448, -448, 0.015625, np.nan], e4)]; rtol = 0; atol = 0
func.func @moves(%a: tensor<16x16xf8E4M3FN>, %v: tensor<16xf8E4M3FN>, %p: tensor<16x16xi1>) -> (tensor<16x16xf8E4M3FN>, tensor<4x64xf8E4M3FN>, tensor<2x16xf8E4M3FN>, tensor<16x16xf8E4M3FN>, tensor<4xf8E4M3FN>) {
  %0 = ten.transpose %a [1, 0] : tensor<16x16xf8E4M3FN> -> tensor<16x16xf8E4M3FN>
  %1 = ten.reshape %a : tensor<16x16xf8E4M3FN> -> tensor<4x64xf8E4M3FN>
  %2 = ten.broadcast %v : tensor<16xf8E4M3FN> -> tensor<2x16xf8E4M3FN>
  %3 = ten.select %p, %a, %0 : (tensor<16x16xi1>, tensor<16x16xf8E4M3FN>, tensor<16x16xf8E4M3FN>) -> tensor<16x16xf8E4M3FN>
  %4 = ten.constant dense<[448.0, -448.0, 0.015625, 0x7F]> : tensor<4xf8E4M3FN>
  return %0, %1, %2, %3, %4 : tensor<16x16xf8E4M3FN>, tensor<4x64xf8E4M3FN>, tensor<2x16xf8E4M3FN>, tensor<16x16xf8E4M3FN>, tensor<4xf8E4M3FN>
}
