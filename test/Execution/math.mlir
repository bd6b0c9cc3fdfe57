// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// NumPy's elementwise math beyond arithmetic, against NumPy: rounding,
// sign, square, reciprocal, the transcendental functions of the standard
// library, classification, floor division and remainders, bits and shifts,
// for every element type each op takes (f16 and bf16 compute in f32).

// Rounding, sign, square and reciprocal of f32: halves round to even, signed
// zeros, NaN and infinities as in NumPy.
// NUMPY @rounding_f32: x = np.array([-2.5, -1.5, -0.5, -0.0, 0.0, 0.5, 1.5, 2.5, 0.7, -0.7, 3.2, -3.7, np.nan, np.inf, -np.inf, 1e-3], dtype=np.float64).astype(f32)
// NUMPY @rounding_f32: args = [x]; results = [np.floor(x), np.ceil(x), np.trunc(x), np.rint(x), np.sign(x), np.square(x), np.reciprocal(x)]
func.func @rounding_f32(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
  %0 = ten.floor %x : tensor<16xf32>
  %1 = ten.ceil %x : tensor<16xf32>
  %2 = ten.trunc %x : tensor<16xf32>
  %3 = ten.round %x : tensor<16xf32>
  %4 = ten.sign %x : tensor<16xf32>
  %5 = ten.square %x : tensor<16xf32>
  %6 = ten.reciprocal %x : tensor<16xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}

// The same for f64.
// NUMPY @rounding_f64: x = np.array([-2.5, -1.5, -0.5, -0.0, 0.0, 0.5, 1.5, 2.5, 0.7, -0.7, 3.2, -3.7, np.nan, np.inf, -np.inf, 1e-3], dtype=np.float64).astype(f64)
// NUMPY @rounding_f64: args = [x]; results = [np.floor(x), np.ceil(x), np.trunc(x), np.rint(x), np.sign(x), np.square(x), np.reciprocal(x)]
func.func @rounding_f64(%x: tensor<16xf64>) -> (tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>) {
  %0 = ten.floor %x : tensor<16xf64>
  %1 = ten.ceil %x : tensor<16xf64>
  %2 = ten.trunc %x : tensor<16xf64>
  %3 = ten.round %x : tensor<16xf64>
  %4 = ten.sign %x : tensor<16xf64>
  %5 = ten.square %x : tensor<16xf64>
  %6 = ten.reciprocal %x : tensor<16xf64>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>
}

// The same for f16.
// NUMPY @rounding_f16: x = np.array([-2.5, -1.5, -0.5, -0.0, 0.0, 0.5, 1.5, 2.5, 0.7, -0.7, 3.2, -3.7, np.nan, np.inf, -np.inf, 1e-3], dtype=np.float64).astype(f16)
// NUMPY @rounding_f16: args = [x]; results = [np.floor(x), np.ceil(x), np.trunc(x), np.rint(x), np.sign(x), np.square(x), np.reciprocal(x)]; rtol = 0.01; atol = 0.001
func.func @rounding_f16(%x: tensor<16xf16>) -> (tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>) {
  %0 = ten.floor %x : tensor<16xf16>
  %1 = ten.ceil %x : tensor<16xf16>
  %2 = ten.trunc %x : tensor<16xf16>
  %3 = ten.round %x : tensor<16xf16>
  %4 = ten.sign %x : tensor<16xf16>
  %5 = ten.square %x : tensor<16xf16>
  %6 = ten.reciprocal %x : tensor<16xf16>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>
}

// The same for bf16.
// NUMPY @rounding_bf16: x = np.array([-2.5, -1.5, -0.5, -0.0, 0.0, 0.5, 1.5, 2.5, 0.7, -0.7, 3.2, -3.7, np.nan, np.inf, -np.inf, 1e-3], dtype=np.float64).astype(ml_dtypes.bfloat16)
// NUMPY @rounding_bf16: args = [x]; results = [np.floor(x), np.ceil(x), np.trunc(x), np.rint(x), np.sign(x), np.square(x), np.reciprocal(x)]; rtol = 0.01; atol = 0.001
func.func @rounding_bf16(%x: tensor<16xbf16>) -> (tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>) {
  %0 = ten.floor %x : tensor<16xbf16>
  %1 = ten.ceil %x : tensor<16xbf16>
  %2 = ten.trunc %x : tensor<16xbf16>
  %3 = ten.round %x : tensor<16xbf16>
  %4 = ten.sign %x : tensor<16xbf16>
  %5 = ten.square %x : tensor<16xbf16>
  %6 = ten.reciprocal %x : tensor<16xbf16>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>
}

// Integers (i32) are their own rounding; the square wraps; the reciprocal is
// NumPy's 1 / x rounded toward zero (1 / 0 as NumPy gives it on x86-64).
// NUMPY @rounding_i32: x = extremes(i32)
// NUMPY @rounding_i32: args = [x]; results = [np.floor(x), np.ceil(x), np.trunc(x), x, np.sign(x), np.square(x), np.reciprocal(x), np.invert(x)]
func.func @rounding_i32(%x: tensor<12xi32>) -> (tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>) {
  %0 = ten.floor %x : tensor<12xi32>
  %1 = ten.ceil %x : tensor<12xi32>
  %2 = ten.trunc %x : tensor<12xi32>
  %3 = ten.round %x : tensor<12xi32>
  %4 = ten.sign %x : tensor<12xi32>
  %5 = ten.square %x : tensor<12xi32>
  %6 = ten.reciprocal %x : tensor<12xi32>
  %7 = ten.not %x : tensor<12xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>
}

// The same for i8.
// NUMPY @rounding_i8: x = extremes(i8)
// NUMPY @rounding_i8: args = [x]; results = [np.floor(x), np.ceil(x), np.trunc(x), x, np.sign(x), np.square(x), np.reciprocal(x), np.invert(x)]
func.func @rounding_i8(%x: tensor<12xi8>) -> (tensor<12xi8>, tensor<12xi8>, tensor<12xi8>, tensor<12xi8>, tensor<12xi8>, tensor<12xi8>, tensor<12xi8>, tensor<12xi8>) {
  %0 = ten.floor %x : tensor<12xi8>
  %1 = ten.ceil %x : tensor<12xi8>
  %2 = ten.trunc %x : tensor<12xi8>
  %3 = ten.round %x : tensor<12xi8>
  %4 = ten.sign %x : tensor<12xi8>
  %5 = ten.square %x : tensor<12xi8>
  %6 = ten.reciprocal %x : tensor<12xi8>
  %7 = ten.not %x : tensor<12xi8>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<12xi8>, tensor<12xi8>, tensor<12xi8>, tensor<12xi8>, tensor<12xi8>, tensor<12xi8>, tensor<12xi8>, tensor<12xi8>
}

// The same for i64.
// NUMPY @rounding_i64: x = extremes(i64)
// NUMPY @rounding_i64: args = [x]; results = [np.floor(x), np.ceil(x), np.trunc(x), x, np.sign(x), np.square(x), np.reciprocal(x), np.invert(x)]
func.func @rounding_i64(%x: tensor<12xi64>) -> (tensor<12xi64>, tensor<12xi64>, tensor<12xi64>, tensor<12xi64>, tensor<12xi64>, tensor<12xi64>, tensor<12xi64>, tensor<12xi64>) {
  %0 = ten.floor %x : tensor<12xi64>
  %1 = ten.ceil %x : tensor<12xi64>
  %2 = ten.trunc %x : tensor<12xi64>
  %3 = ten.round %x : tensor<12xi64>
  %4 = ten.sign %x : tensor<12xi64>
  %5 = ten.square %x : tensor<12xi64>
  %6 = ten.reciprocal %x : tensor<12xi64>
  %7 = ten.not %x : tensor<12xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<12xi64>, tensor<12xi64>, tensor<12xi64>, tensor<12xi64>, tensor<12xi64>, tensor<12xi64>, tensor<12xi64>, tensor<12xi64>
}

// The same for ui16.
// NUMPY @rounding_ui16: x = extremes(u16)
// NUMPY @rounding_ui16: args = [x]; results = [np.floor(x), np.ceil(x), np.trunc(x), x, np.sign(x), np.square(x), np.reciprocal(x), np.invert(x)]
func.func @rounding_ui16(%x: tensor<12xui16>) -> (tensor<12xui16>, tensor<12xui16>, tensor<12xui16>, tensor<12xui16>, tensor<12xui16>, tensor<12xui16>, tensor<12xui16>, tensor<12xui16>) {
  %0 = ten.floor %x : tensor<12xui16>
  %1 = ten.ceil %x : tensor<12xui16>
  %2 = ten.trunc %x : tensor<12xui16>
  %3 = ten.round %x : tensor<12xui16>
  %4 = ten.sign %x : tensor<12xui16>
  %5 = ten.square %x : tensor<12xui16>
  %6 = ten.reciprocal %x : tensor<12xui16>
  %7 = ten.not %x : tensor<12xui16>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<12xui16>, tensor<12xui16>, tensor<12xui16>, tensor<12xui16>, tensor<12xui16>, tensor<12xui16>, tensor<12xui16>, tensor<12xui16>
}

// Booleans: rounding keeps them, bits are logic, and they are finite numbers.
// NUMPY @booleans: x = np.array([True, False, True, True]); y = np.array([False, False, True, True])
// NUMPY @booleans: args = [x, y]; results = [np.floor(x), np.invert(x), x & y, x | y, x ^ y, np.isnan(x), np.isfinite(x)]
func.func @booleans(%x: tensor<4xi1>, %y: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = ten.floor %x : tensor<4xi1>
  %1 = ten.not %x : tensor<4xi1>
  %2 = ten.and %x, %y : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %3 = ten.or %x, %y : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %4 = ten.xor %x, %y : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %5 = ten.isnan %x : tensor<4xi1>
  %6 = ten.isfinite %x : tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// Transcendental functions of f64: small arguments where log1p and expm1 are
// exact, domain edges, NaN and infinities.
// NUMPY @transcendental_f64: x = np.array([-0.9, -0.5, -1e-10, 0.0, 1e-10, 0.3, 0.5, 0.99, np.nan, -np.inf], dtype=np.float64); y = np.array([1.0, 1.5, 2.0, 10.0, 1e5, 3.0, 0.5, 7.0, np.nan, np.inf])
// NUMPY @transcendental_f64: args = [x, y]; results = [np.log1p(x), np.expm1(x), np.log2(y), np.log10(y), np.exp2(x), np.tan(x), np.arcsin(x), np.arccos(x), np.arctan(y), np.sinh(x), np.cosh(x), np.arcsinh(x), np.arccosh(y), np.arctanh(x), np.arctan2(x, y)]; rtol = 1e-12; atol = 1e-300
func.func @transcendental_f64(%x: tensor<10xf64>, %y: tensor<10xf64>) -> (tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>) {
  %0 = ten.log1p %x : tensor<10xf64>
  %1 = ten.expm1 %x : tensor<10xf64>
  %2 = ten.log2 %y : tensor<10xf64>
  %3 = ten.log10 %y : tensor<10xf64>
  %4 = ten.exp2 %x : tensor<10xf64>
  %5 = ten.tan %x : tensor<10xf64>
  %6 = ten.asin %x : tensor<10xf64>
  %7 = ten.acos %x : tensor<10xf64>
  %8 = ten.atan %y : tensor<10xf64>
  %9 = ten.sinh %x : tensor<10xf64>
  %10 = ten.cosh %x : tensor<10xf64>
  %11 = ten.asinh %x : tensor<10xf64>
  %12 = ten.acosh %y : tensor<10xf64>
  %13 = ten.atanh %x : tensor<10xf64>
  %14 = ten.atan2 %x, %y : (tensor<10xf64>, tensor<10xf64>) -> tensor<10xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14 : tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>, tensor<10xf64>
}

// The same functions of f32.
// NUMPY @transcendental_f32: x = rand(64, low=-0.95, high=0.95); y = rand(64, low=1.0, high=50.0)
// NUMPY @transcendental_f32: args = [x, y]; results = [np.log1p(x), np.expm1(x), np.log2(y), np.log10(y), np.exp2(y), np.tan(x), np.arcsin(x), np.arccos(x), np.arctan(y), np.sinh(y), np.cosh(x), np.arcsinh(y), np.arccosh(y), np.arctanh(x), np.arctan2(x, y)]; rtol = 1e-05; atol = 1e-06
func.func @transcendental_f32(%x: tensor<64xf32>, %y: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %0 = ten.log1p %x : tensor<64xf32>
  %1 = ten.expm1 %x : tensor<64xf32>
  %2 = ten.log2 %y : tensor<64xf32>
  %3 = ten.log10 %y : tensor<64xf32>
  %4 = ten.exp2 %y : tensor<64xf32>
  %5 = ten.tan %x : tensor<64xf32>
  %6 = ten.asin %x : tensor<64xf32>
  %7 = ten.acos %x : tensor<64xf32>
  %8 = ten.atan %y : tensor<64xf32>
  %9 = ten.sinh %y : tensor<64xf32>
  %10 = ten.cosh %x : tensor<64xf32>
  %11 = ten.asinh %y : tensor<64xf32>
  %12 = ten.acosh %y : tensor<64xf32>
  %13 = ten.atanh %x : tensor<64xf32>
  %14 = ten.atan2 %x, %y : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14 : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}

// expm1 up to the overflow of e^x (88.72 in f32, 11.09 in f16): Kahan's
// product must not overflow before e^x does.
// NUMPY @expm1_large: x = np.array([88.0, 88.7, 88.8, -104.0, 1e-8, -1e-8, 50.0, 0.0], dtype=f32); h = np.array([10.0, 11.0, 11.1, -20.0, 1e-4, 0.5], dtype=f16)
// NUMPY @expm1_large: args = [x, h]; results = [np.expm1(x), np.expm1(h)]; rtol = 0.001; atol = 0
func.func @expm1_large(%x: tensor<8xf32>, %h: tensor<6xf16>) -> (tensor<8xf32>, tensor<6xf16>) {
  %0 = ten.expm1 %x : tensor<8xf32>
  %1 = ten.expm1 %h : tensor<6xf16>
  return %0, %1 : tensor<8xf32>, tensor<6xf16>
}

// f16 computes in f32 and rounds once.
// NUMPY @transcendental_f16: x = rand(16, dtype=f16, low=-0.9, high=0.9)
// NUMPY @transcendental_f16: args = [x]; results = [np.log1p(x), np.tan(x), np.arcsin(x), np.arctanh(x)]; rtol = 0.001; atol = 0.001
func.func @transcendental_f16(%x: tensor<16xf16>) -> (tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>) {
  %0 = ten.log1p %x : tensor<16xf16>
  %1 = ten.tan %x : tensor<16xf16>
  %2 = ten.asin %x : tensor<16xf16>
  %3 = ten.atanh %x : tensor<16xf16>
  return %0, %1, %2, %3 : tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>
}

// Complex numbers: rint rounds each part, sign is z / |z| (0 for 0), and the
// functions NumPy defines on them.
// NUMPY @complex_math: z = (rand(12, dtype=f64) + 1j * rand(12, dtype=f64)).astype(np.complex64); z[0] = 0; z[1] = 2.5 - 1.5j; z[2] = 1e-4 + 1e-4j
// NUMPY @complex_math: args = [z]; results = [np.rint(z), np.sign(z), np.square(z), np.log1p(z), np.expm1(z), np.log2(z), np.log10(z), np.exp2(z), np.tan(z)]; rtol = 0.0001; atol = 1e-05
func.func @complex_math(%z: tensor<12xcomplex<f32>>) -> (tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>) {
  %0 = ten.round %z : tensor<12xcomplex<f32>>
  %1 = ten.sign %z : tensor<12xcomplex<f32>>
  %2 = ten.square %z : tensor<12xcomplex<f32>>
  %3 = ten.log1p %z : tensor<12xcomplex<f32>>
  %4 = ten.expm1 %z : tensor<12xcomplex<f32>>
  %5 = ten.log2 %z : tensor<12xcomplex<f32>>
  %6 = ten.log10 %z : tensor<12xcomplex<f32>>
  %7 = ten.exp2 %z : tensor<12xcomplex<f32>>
  %8 = ten.tan %z : tensor<12xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>, tensor<12xcomplex<f32>>
}

// The hyperbolic and inverse functions of complex numbers, in every quadrant,
// near 0 and near the cuts.
// NUMPY @complex_inverse: z = rand(16, dtype=f64, low=-2, high=2) + 1j * rand(16, dtype=f64, low=-2, high=2); z[0] = 0.5 + 0.25j; z[1] = -3 + 1e-3j; z[2] = 1e-5 - 2e-5j
// NUMPY @complex_inverse: args = [z]; results = [np.arcsin(z), np.arccos(z), np.arctan(z), np.sinh(z), np.cosh(z), np.arcsinh(z), np.arccosh(z), np.arctanh(z)]; rtol = 1e-09; atol = 1e-12
func.func @complex_inverse(%z: tensor<16xcomplex<f64>>) -> (tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>) {
  %0 = ten.asin %z : tensor<16xcomplex<f64>>
  %1 = ten.acos %z : tensor<16xcomplex<f64>>
  %2 = ten.atan %z : tensor<16xcomplex<f64>>
  %3 = ten.sinh %z : tensor<16xcomplex<f64>>
  %4 = ten.cosh %z : tensor<16xcomplex<f64>>
  %5 = ten.asinh %z : tensor<16xcomplex<f64>>
  %6 = ten.acosh %z : tensor<16xcomplex<f64>>
  %7 = ten.atanh %z : tensor<16xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>, tensor<16xcomplex<f64>>
}

// The reciprocal of complex<f64>.
// NUMPY @complex_reciprocal: z = rand(6, dtype=f64) + 1j * rand(6, dtype=f64)
// NUMPY @complex_reciprocal: args = [z]; results = [np.reciprocal(z)]; rtol = 1e-12; atol = 1e-14
func.func @complex_reciprocal(%z: tensor<6xcomplex<f64>>) -> (tensor<6xcomplex<f64>>) {
  %0 = ten.reciprocal %z : tensor<6xcomplex<f64>>
  return %0 : tensor<6xcomplex<f64>>
}

// Classification: a complex number is NaN or infinite if a part is, finite if
// both are; integers are finite.
// NUMPY @classify: x = np.array([0.0, -1.5, np.nan, np.inf, -np.inf, 3e38], dtype=np.float32); z = np.array([1+1j, complex(np.nan, 0), complex(0, np.inf), complex(np.inf, np.nan), 0j, -2j], dtype=np.complex128); i = np.array([0, 1, -1, 7, 2**31 - 1, -2**31], dtype=np.int32)
// NUMPY @classify: args = [x, z, i]; results = [np.isnan(x), np.isinf(x), np.isfinite(x), np.isnan(z), np.isinf(z), np.isfinite(z), np.isnan(i), np.isinf(i), np.isfinite(i)]
func.func @classify(%x: tensor<6xf32>, %z: tensor<6xcomplex<f64>>, %i: tensor<6xi32>) -> (tensor<6xi1>, tensor<6xi1>, tensor<6xi1>, tensor<6xi1>, tensor<6xi1>, tensor<6xi1>, tensor<6xi1>, tensor<6xi1>, tensor<6xi1>) {
  %0 = ten.isnan %x : tensor<6xf32>
  %1 = ten.isinf %x : tensor<6xf32>
  %2 = ten.isfinite %x : tensor<6xf32>
  %3 = ten.isnan %z : tensor<6xcomplex<f64>>
  %4 = ten.isinf %z : tensor<6xcomplex<f64>>
  %5 = ten.isfinite %z : tensor<6xcomplex<f64>>
  %6 = ten.isnan %i : tensor<6xi32>
  %7 = ten.isinf %i : tensor<6xi32>
  %8 = ten.isfinite %i : tensor<6xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<6xi1>, tensor<6xi1>, tensor<6xi1>, tensor<6xi1>, tensor<6xi1>, tensor<6xi1>, tensor<6xi1>, tensor<6xi1>, tensor<6xi1>
}

// Floor division and remainders of f64, every pair of signs, zeros, infinities
// and NaN: NumPy's divmod (the remainder takes the divisor's sign, x // 0 is x
// / 0) and C's fmod.
// NUMPY @division_f64: v = np.array([7.0, -7.0, 7.5, -0.0, 0.0, 1e-300 if np.float64 is np.float64 else 1e-30, np.inf, -np.inf, np.nan, 6.0, -6.0, 1.0], dtype=np.float64); a = np.repeat(v[:, None], 12, 1); b = v
// NUMPY @division_f64: args = [a, b]; results = [np.floor_divide(a, b), np.remainder(a, b), np.fmod(a, b)]
func.func @division_f64(%a: tensor<12x12xf64>, %b: tensor<12xf64>) -> (tensor<12x12xf64>, tensor<12x12xf64>, tensor<12x12xf64>) {
  %0 = ten.floordiv %a, %b : (tensor<12x12xf64>, tensor<12xf64>) -> tensor<12x12xf64>
  %1 = ten.rem %a, %b : (tensor<12x12xf64>, tensor<12xf64>) -> tensor<12x12xf64>
  %2 = ten.fmod %a, %b : (tensor<12x12xf64>, tensor<12xf64>) -> tensor<12x12xf64>
  return %0, %1, %2 : tensor<12x12xf64>, tensor<12x12xf64>, tensor<12x12xf64>
}

// The same for f32.
// NUMPY @division_f32: v = np.array([7.0, -7.0, 7.5, -0.0, 0.0, 1e-300 if np.float32 is np.float64 else 1e-30, np.inf, -np.inf, np.nan, 6.0, -6.0, 1.0], dtype=np.float32); a = np.repeat(v[:, None], 12, 1); b = v
// NUMPY @division_f32: args = [a, b]; results = [np.floor_divide(a, b), np.remainder(a, b), np.fmod(a, b)]
func.func @division_f32(%a: tensor<12x12xf32>, %b: tensor<12xf32>) -> (tensor<12x12xf32>, tensor<12x12xf32>, tensor<12x12xf32>) {
  %0 = ten.floordiv %a, %b : (tensor<12x12xf32>, tensor<12xf32>) -> tensor<12x12xf32>
  %1 = ten.rem %a, %b : (tensor<12x12xf32>, tensor<12xf32>) -> tensor<12x12xf32>
  %2 = ten.fmod %a, %b : (tensor<12x12xf32>, tensor<12xf32>) -> tensor<12x12xf32>
  return %0, %1, %2 : tensor<12x12xf32>, tensor<12x12xf32>, tensor<12x12xf32>
}

// Integer division, remainders and bits of i32, every pair of the extremes: by
// 0 gives 0, the most negative value // -1 wraps, and the remainder takes the
// divisor's sign (fmod the dividend's).
// NUMPY @division_i32: e = extremes(i32); a = np.repeat(e[:, None], 12, 1); b = e
// NUMPY @division_i32: args = [a, b]; results = [np.floor_divide(a, b), np.remainder(a, b), np.fmod(a, b), a & b, a | b, a ^ b]
func.func @division_i32(%a: tensor<12x12xi32>, %b: tensor<12xi32>) -> (tensor<12x12xi32>, tensor<12x12xi32>, tensor<12x12xi32>, tensor<12x12xi32>, tensor<12x12xi32>, tensor<12x12xi32>) {
  %0 = ten.floordiv %a, %b : (tensor<12x12xi32>, tensor<12xi32>) -> tensor<12x12xi32>
  %1 = ten.rem %a, %b : (tensor<12x12xi32>, tensor<12xi32>) -> tensor<12x12xi32>
  %2 = ten.fmod %a, %b : (tensor<12x12xi32>, tensor<12xi32>) -> tensor<12x12xi32>
  %3 = ten.and %a, %b : (tensor<12x12xi32>, tensor<12xi32>) -> tensor<12x12xi32>
  %4 = ten.or %a, %b : (tensor<12x12xi32>, tensor<12xi32>) -> tensor<12x12xi32>
  %5 = ten.xor %a, %b : (tensor<12x12xi32>, tensor<12xi32>) -> tensor<12x12xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<12x12xi32>, tensor<12x12xi32>, tensor<12x12xi32>, tensor<12x12xi32>, tensor<12x12xi32>, tensor<12x12xi32>
}

// The same for i8.
// NUMPY @division_i8: e = extremes(i8); a = np.repeat(e[:, None], 12, 1); b = e
// NUMPY @division_i8: args = [a, b]; results = [np.floor_divide(a, b), np.remainder(a, b), np.fmod(a, b), a & b, a | b, a ^ b]
func.func @division_i8(%a: tensor<12x12xi8>, %b: tensor<12xi8>) -> (tensor<12x12xi8>, tensor<12x12xi8>, tensor<12x12xi8>, tensor<12x12xi8>, tensor<12x12xi8>, tensor<12x12xi8>) {
  %0 = ten.floordiv %a, %b : (tensor<12x12xi8>, tensor<12xi8>) -> tensor<12x12xi8>
  %1 = ten.rem %a, %b : (tensor<12x12xi8>, tensor<12xi8>) -> tensor<12x12xi8>
  %2 = ten.fmod %a, %b : (tensor<12x12xi8>, tensor<12xi8>) -> tensor<12x12xi8>
  %3 = ten.and %a, %b : (tensor<12x12xi8>, tensor<12xi8>) -> tensor<12x12xi8>
  %4 = ten.or %a, %b : (tensor<12x12xi8>, tensor<12xi8>) -> tensor<12x12xi8>
  %5 = ten.xor %a, %b : (tensor<12x12xi8>, tensor<12xi8>) -> tensor<12x12xi8>
  return %0, %1, %2, %3, %4, %5 : tensor<12x12xi8>, tensor<12x12xi8>, tensor<12x12xi8>, tensor<12x12xi8>, tensor<12x12xi8>, tensor<12x12xi8>
}

// The same for ui8.
// NUMPY @division_ui8: e = extremes(u8); a = np.repeat(e[:, None], 12, 1); b = e
// NUMPY @division_ui8: args = [a, b]; results = [np.floor_divide(a, b), np.remainder(a, b), np.fmod(a, b), a & b, a | b, a ^ b]
func.func @division_ui8(%a: tensor<12x12xui8>, %b: tensor<12xui8>) -> (tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>) {
  %0 = ten.floordiv %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xui8>
  %1 = ten.rem %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xui8>
  %2 = ten.fmod %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xui8>
  %3 = ten.and %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xui8>
  %4 = ten.or %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xui8>
  %5 = ten.xor %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xui8>
  return %0, %1, %2, %3, %4, %5 : tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>
}

// The same for i64.
// NUMPY @division_i64: e = extremes(i64); a = np.repeat(e[:, None], 12, 1); b = e
// NUMPY @division_i64: args = [a, b]; results = [np.floor_divide(a, b), np.remainder(a, b), np.fmod(a, b), a & b, a | b, a ^ b]
func.func @division_i64(%a: tensor<12x12xi64>, %b: tensor<12xi64>) -> (tensor<12x12xi64>, tensor<12x12xi64>, tensor<12x12xi64>, tensor<12x12xi64>, tensor<12x12xi64>, tensor<12x12xi64>) {
  %0 = ten.floordiv %a, %b : (tensor<12x12xi64>, tensor<12xi64>) -> tensor<12x12xi64>
  %1 = ten.rem %a, %b : (tensor<12x12xi64>, tensor<12xi64>) -> tensor<12x12xi64>
  %2 = ten.fmod %a, %b : (tensor<12x12xi64>, tensor<12xi64>) -> tensor<12x12xi64>
  %3 = ten.and %a, %b : (tensor<12x12xi64>, tensor<12xi64>) -> tensor<12x12xi64>
  %4 = ten.or %a, %b : (tensor<12x12xi64>, tensor<12xi64>) -> tensor<12x12xi64>
  %5 = ten.xor %a, %b : (tensor<12x12xi64>, tensor<12xi64>) -> tensor<12x12xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<12x12xi64>, tensor<12x12xi64>, tensor<12x12xi64>, tensor<12x12xi64>, tensor<12x12xi64>, tensor<12x12xi64>
}

// The same for ui64.
// NUMPY @division_ui64: e = extremes(u64); a = np.repeat(e[:, None], 12, 1); b = e
// NUMPY @division_ui64: args = [a, b]; results = [np.floor_divide(a, b), np.remainder(a, b), np.fmod(a, b), a & b, a | b, a ^ b]
func.func @division_ui64(%a: tensor<12x12xui64>, %b: tensor<12xui64>) -> (tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>) {
  %0 = ten.floordiv %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xui64>
  %1 = ten.rem %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xui64>
  %2 = ten.fmod %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xui64>
  %3 = ten.and %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xui64>
  %4 = ten.or %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xui64>
  %5 = ten.xor %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xui64>
  return %0, %1, %2, %3, %4, %5 : tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>
}

// Shifts of i8 by amounts up to and past the width, and negative amounts (read
// as unsigned): 0, or the sign for signed right shifts.
// NUMPY @shifts_i8: e = extremes(i8); a = np.repeat(e[:, None], 9, 1); b = np.array([0, 1, 3, 7, 8, 9, 16, -1 if np.dtype(i8).kind == 'i' else 5, 2], dtype=i8)
// NUMPY @shifts_i8: args = [a, b]; results = [np.left_shift(a, b), np.right_shift(a, b)]
func.func @shifts_i8(%a: tensor<12x9xi8>, %b: tensor<9xi8>) -> (tensor<12x9xi8>, tensor<12x9xi8>) {
  %0 = ten.shl %a, %b : (tensor<12x9xi8>, tensor<9xi8>) -> tensor<12x9xi8>
  %1 = ten.shr %a, %b : (tensor<12x9xi8>, tensor<9xi8>) -> tensor<12x9xi8>
  return %0, %1 : tensor<12x9xi8>, tensor<12x9xi8>
}

// The same for ui8.
// NUMPY @shifts_ui8: e = extremes(u8); a = np.repeat(e[:, None], 9, 1); b = np.array([0, 1, 3, 7, 8, 9, 16, -1 if np.dtype(u8).kind == 'i' else 5, 2], dtype=u8)
// NUMPY @shifts_ui8: args = [a, b]; results = [np.left_shift(a, b), np.right_shift(a, b)]
func.func @shifts_ui8(%a: tensor<12x9xui8>, %b: tensor<9xui8>) -> (tensor<12x9xui8>, tensor<12x9xui8>) {
  %0 = ten.shl %a, %b : (tensor<12x9xui8>, tensor<9xui8>) -> tensor<12x9xui8>
  %1 = ten.shr %a, %b : (tensor<12x9xui8>, tensor<9xui8>) -> tensor<12x9xui8>
  return %0, %1 : tensor<12x9xui8>, tensor<12x9xui8>
}

// The same for i32.
// NUMPY @shifts_i32: e = extremes(i32); a = np.repeat(e[:, None], 9, 1); b = np.array([0, 1, 3, 31, 32, 33, 64, -1 if np.dtype(i32).kind == 'i' else 5, 2], dtype=i32)
// NUMPY @shifts_i32: args = [a, b]; results = [np.left_shift(a, b), np.right_shift(a, b)]
func.func @shifts_i32(%a: tensor<12x9xi32>, %b: tensor<9xi32>) -> (tensor<12x9xi32>, tensor<12x9xi32>) {
  %0 = ten.shl %a, %b : (tensor<12x9xi32>, tensor<9xi32>) -> tensor<12x9xi32>
  %1 = ten.shr %a, %b : (tensor<12x9xi32>, tensor<9xi32>) -> tensor<12x9xi32>
  return %0, %1 : tensor<12x9xi32>, tensor<12x9xi32>
}

// The same for ui32.
// NUMPY @shifts_ui32: e = extremes(u32); a = np.repeat(e[:, None], 9, 1); b = np.array([0, 1, 3, 31, 32, 33, 64, -1 if np.dtype(u32).kind == 'i' else 5, 2], dtype=u32)
// NUMPY @shifts_ui32: args = [a, b]; results = [np.left_shift(a, b), np.right_shift(a, b)]
func.func @shifts_ui32(%a: tensor<12x9xui32>, %b: tensor<9xui32>) -> (tensor<12x9xui32>, tensor<12x9xui32>) {
  %0 = ten.shl %a, %b : (tensor<12x9xui32>, tensor<9xui32>) -> tensor<12x9xui32>
  %1 = ten.shr %a, %b : (tensor<12x9xui32>, tensor<9xui32>) -> tensor<12x9xui32>
  return %0, %1 : tensor<12x9xui32>, tensor<12x9xui32>
}

// The same for i64.
// NUMPY @shifts_i64: e = extremes(i64); a = np.repeat(e[:, None], 9, 1); b = np.array([0, 1, 3, 63, 64, 65, 127, -1 if np.dtype(i64).kind == 'i' else 5, 2], dtype=i64)
// NUMPY @shifts_i64: args = [a, b]; results = [np.left_shift(a, b), np.right_shift(a, b)]
func.func @shifts_i64(%a: tensor<12x9xi64>, %b: tensor<9xi64>) -> (tensor<12x9xi64>, tensor<12x9xi64>) {
  %0 = ten.shl %a, %b : (tensor<12x9xi64>, tensor<9xi64>) -> tensor<12x9xi64>
  %1 = ten.shr %a, %b : (tensor<12x9xi64>, tensor<9xi64>) -> tensor<12x9xi64>
  return %0, %1 : tensor<12x9xi64>, tensor<12x9xi64>
}

// The same for ui64.
// NUMPY @shifts_ui64: e = extremes(u64); a = np.repeat(e[:, None], 9, 1); b = np.array([0, 1, 3, 63, 64, 65, 127, -1 if np.dtype(u64).kind == 'i' else 5, 2], dtype=u64)
// NUMPY @shifts_ui64: args = [a, b]; results = [np.left_shift(a, b), np.right_shift(a, b)]
func.func @shifts_ui64(%a: tensor<12x9xui64>, %b: tensor<9xui64>) -> (tensor<12x9xui64>, tensor<12x9xui64>) {
  %0 = ten.shl %a, %b : (tensor<12x9xui64>, tensor<9xui64>) -> tensor<12x9xui64>
  %1 = ten.shr %a, %b : (tensor<12x9xui64>, tensor<9xui64>) -> tensor<12x9xui64>
  return %0, %1 : tensor<12x9xui64>, tensor<12x9xui64>
}

// Branch cuts: a zero imaginary part's sign picks the side of the cut
// (arcsin(2 + 0j) and arcsin(2 - 0j) differ in the sign of the imaginary
// part), as NumPy's C99 functions do; infinities and large magnitudes too.
// NUMPY @complex_branch_cuts: p = [0.0, -0.0, 0.5, -1.0, 2.0, -2.0, 1e-8, 1e5, np.inf, -np.inf]; z = np.array([complex(a, b) for a in p for b in p], dtype=np.complex128)
// NUMPY @complex_branch_cuts: args = [z]; results = [np.sqrt(z), np.log(z), np.log1p(z), np.arcsin(z), np.arccos(z), np.arctan(z), np.arcsinh(z), np.arccosh(z), np.arctanh(z)]; rtol = 1e-12; atol = 1e-300
func.func @complex_branch_cuts(%z: tensor<100xcomplex<f64>>) -> (tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>) {
  %0 = ten.sqrt %z : tensor<100xcomplex<f64>>
  %1 = ten.log %z : tensor<100xcomplex<f64>>
  %2 = ten.log1p %z : tensor<100xcomplex<f64>>
  %3 = ten.asin %z : tensor<100xcomplex<f64>>
  %4 = ten.acos %z : tensor<100xcomplex<f64>>
  %5 = ten.atan %z : tensor<100xcomplex<f64>>
  %6 = ten.asinh %z : tensor<100xcomplex<f64>>
  %7 = ten.acosh %z : tensor<100xcomplex<f64>>
  %8 = ten.atanh %z : tensor<100xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>
}

// NUMPY @complex_branch_cuts_f32: p = [0.0, -0.0, 0.5, -1.0, 2.0, -2.0, 1e-4, 1e5, np.inf, -np.inf]; z = np.array([complex(a, b) for a in p for b in p], dtype=np.complex64)
// NUMPY @complex_branch_cuts_f32: args = [z]; results = [np.sqrt(z), np.log(z), np.log1p(z), np.arcsin(z), np.arccos(z), np.arctan(z), np.arcsinh(z), np.arccosh(z), np.arctanh(z)]; rtol = 1e-5; atol = 1e-30
func.func @complex_branch_cuts_f32(%z: tensor<100xcomplex<f32>>) -> (tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>) {
  %0 = ten.sqrt %z : tensor<100xcomplex<f32>>
  %1 = ten.log %z : tensor<100xcomplex<f32>>
  %2 = ten.log1p %z : tensor<100xcomplex<f32>>
  %3 = ten.asin %z : tensor<100xcomplex<f32>>
  %4 = ten.acos %z : tensor<100xcomplex<f32>>
  %5 = ten.atan %z : tensor<100xcomplex<f32>>
  %6 = ten.asinh %z : tensor<100xcomplex<f32>>
  %7 = ten.acosh %z : tensor<100xcomplex<f32>>
  %8 = ten.atanh %z : tensor<100xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>, tensor<100xcomplex<f32>>
}

// ten.cbrt: the real cube root of every float type, in short vectors (the
// C library's cbrt per element) and long ones (the vector math library's,
// within 4 units in the last place), with signed zeros, infinities, NaN,
// perfect cubes, subnormals and the extremes; f16 and bf16 computed in f32.
// NUMPY @cbrt_f64: g = np.random.default_rng(3); x = np.concatenate([[0.0, -0.0, np.inf, -np.inf, np.nan, 27.0, -8.0, 1e-300, 1e300, 5e-324, -2.5e-310, 1.7976931348623157e308], g.uniform(-1e3, 1e3, 500), np.exp(g.uniform(-600, 600, 512))]); args = [x, x[:12]]
// NUMPY @cbrt_f64: results = [np.cbrt(x), np.cbrt(x[:12])]; rtol = 1e-15; atol = 0
func.func @cbrt_f64(%x: tensor<1024xf64>, %s: tensor<12xf64>) -> (tensor<1024xf64>, tensor<12xf64>) {
  %0 = ten.cbrt %x : tensor<1024xf64>
  %1 = ten.cbrt %s : tensor<12xf64>
  return %0, %1 : tensor<1024xf64>, tensor<12xf64>
}

// NUMPY @cbrt_f32: g = np.random.default_rng(4); x = np.concatenate([[0.0, -0.0, np.inf, -np.inf, np.nan, 27.0, -8.0, 1e-38, 1e38, 1e-45, -3e-40, 3.4e38], g.uniform(-1e3, 1e3, 500), np.exp(g.uniform(-80, 80, 512))]).astype(f32); args = [x, x[:12]]
// NUMPY @cbrt_f32: results = [np.cbrt(x), np.cbrt(x[:12])]; rtol = 1e-6; atol = 0
func.func @cbrt_f32(%x: tensor<1024xf32>, %s: tensor<12xf32>) -> (tensor<1024xf32>, tensor<12xf32>) {
  %0 = ten.cbrt %x : tensor<1024xf32>
  %1 = ten.cbrt %s : tensor<12xf32>
  return %0, %1 : tensor<1024xf32>, tensor<12xf32>
}

// NUMPY @cbrt_half: h = np.concatenate([[0.0, -0.0, np.inf, -np.inf, np.nan, 27.0, -8.0, 6e-8, 65504.0], rand(55, low=-100, high=100)]).astype(f16); b = rand(64, dtype=bf16, low=-100, high=100); args = [h, b]
// NUMPY @cbrt_half: results = [np.cbrt(h), np.cbrt(b)]; rtol = 1e-3; atol = 0
func.func @cbrt_half(%h: tensor<64xf16>, %b: tensor<64xbf16>) -> (tensor<64xf16>, tensor<64xbf16>) {
  %0 = ten.cbrt %h : tensor<64xf16>
  %1 = ten.cbrt %b : tensor<64xbf16>
  return %0, %1 : tensor<64xf16>, tensor<64xbf16>
}
