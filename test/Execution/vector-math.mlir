// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// The transcendental functions over vectors long enough for LLVM's loop
// vectorizer, which calls the host's vector math library for them (glibc's
// libmvec, lib/Target/VectorMathLibrary.cpp) where it has one, against
// NumPy: within 2 parts in 10^6 for f32 and 10^14 for f64 of NumPy's own
// results (each within a few units in the last place of the exact
// values), with signed zeros, infinities, NaN, the domains' edges and
// arguments far from zero (sines of 10^4 need an exact range reduction)
// among the random ones. math.mlir checks short vectors, whose elements
// call the scalar functions.

// NUMPY @math_f32: g = np.random.default_rng(7); wide = np.concatenate([[0.0, -0.0, np.inf, -np.inf, np.nan, 1e-30, -1e-30, 0.5, -0.5, 1.0, -1.0, 2.0, 80.0, -80.0, 1e4, -1e4], g.uniform(-10, 10, 496), g.uniform(-1e4, 1e4, 256), np.exp(g.uniform(-20, 20, 256))]).astype(f32)
// NUMPY @math_f32: unit = np.concatenate([[0.0, -0.0, 1.0, -1.0, np.nan, 1e-30, 0.999, -0.999], g.uniform(-1, 1, 1016)]).astype(f32)
// NUMPY @math_f32: pos = np.concatenate([[0.0, -0.0, np.inf, np.nan, 1e-30, 1.0, -1.0, 1e30], np.exp(g.uniform(-30, 30, 1016))]).astype(f32)
// NUMPY @math_f32: big = np.concatenate([[1.0, np.inf, np.nan, 0.5, 1e30, 1.0000001, 2.0, 10.0], 1 + np.exp(g.uniform(-15, 15, 1016))]).astype(f32)
// NUMPY @math_f32: base = np.abs(wide) ; expo = g.uniform(-4, 4, 1024).astype(f32)
// NUMPY @math_f32: import math; args = [wide, unit, pos, big, base, expo]; results = [np.sin(wide), np.cos(wide), np.tan(wide), np.arctan(wide), np.sinh(wide), np.cosh(wide), np.tanh(wide), np.arcsinh(wide), np.exp(wide), np.exp2(wide), np.expm1(wide), np.vectorize(math.erf, otypes=[f32])(wide), np.vectorize(math.erfc, otypes=[f32])(wide), np.arcsin(unit), np.arccos(unit), np.arctanh(unit), np.log(pos), np.log2(pos), np.log10(pos), np.log1p(pos), np.arccosh(big), np.power(base, expo)]; rtol = 2e-6; atol = 1e-6
func.func @math_f32(%wide: tensor<1024xf32>, %unit: tensor<1024xf32>, %pos: tensor<1024xf32>, %big: tensor<1024xf32>, %base: tensor<1024xf32>, %expo: tensor<1024xf32>) -> (tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>) {
  %0 = ten.sin %wide : tensor<1024xf32>
  %1 = ten.cos %wide : tensor<1024xf32>
  %2 = ten.tan %wide : tensor<1024xf32>
  %3 = ten.atan %wide : tensor<1024xf32>
  %4 = ten.sinh %wide : tensor<1024xf32>
  %5 = ten.cosh %wide : tensor<1024xf32>
  %6 = ten.tanh %wide : tensor<1024xf32>
  %7 = ten.asinh %wide : tensor<1024xf32>
  %8 = ten.exp %wide : tensor<1024xf32>
  %9 = ten.exp2 %wide : tensor<1024xf32>
  %10 = ten.expm1 %wide : tensor<1024xf32>
  %11 = ten.erf %wide : tensor<1024xf32>
  %12 = ten.erfc %wide : tensor<1024xf32>
  %13 = ten.asin %unit : tensor<1024xf32>
  %14 = ten.acos %unit : tensor<1024xf32>
  %15 = ten.atanh %unit : tensor<1024xf32>
  %16 = ten.log %pos : tensor<1024xf32>
  %17 = ten.log2 %pos : tensor<1024xf32>
  %18 = ten.log10 %pos : tensor<1024xf32>
  %19 = ten.log1p %pos : tensor<1024xf32>
  %20 = ten.acosh %big : tensor<1024xf32>
  %p = ten.pow %base, %expo : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %p : tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>, tensor<1024xf32>
}

// NUMPY @math_f64: g = np.random.default_rng(7); wide = np.concatenate([[0.0, -0.0, np.inf, -np.inf, np.nan, 1e-30, -1e-30, 0.5, -0.5, 1.0, -1.0, 2.0, 80.0, -80.0, 1e4, -1e4], g.uniform(-10, 10, 496), g.uniform(-1e4, 1e4, 256), np.exp(g.uniform(-20, 20, 256))]).astype(f64)
// NUMPY @math_f64: unit = np.concatenate([[0.0, -0.0, 1.0, -1.0, np.nan, 1e-30, 0.999, -0.999], g.uniform(-1, 1, 1016)]).astype(f64)
// NUMPY @math_f64: pos = np.concatenate([[0.0, -0.0, np.inf, np.nan, 1e-30, 1.0, -1.0, 1e30], np.exp(g.uniform(-30, 30, 1016))]).astype(f64)
// NUMPY @math_f64: big = np.concatenate([[1.0, np.inf, np.nan, 0.5, 1e30, 1.0000001, 2.0, 10.0], 1 + np.exp(g.uniform(-15, 15, 1016))]).astype(f64)
// NUMPY @math_f64: base = np.abs(wide) ; expo = g.uniform(-4, 4, 1024).astype(f64)
// NUMPY @math_f64: import math; args = [wide, unit, pos, big, base, expo]; results = [np.sin(wide), np.cos(wide), np.tan(wide), np.arctan(wide), np.sinh(wide), np.cosh(wide), np.tanh(wide), np.arcsinh(wide), np.exp(wide), np.exp2(wide), np.expm1(wide), np.vectorize(math.erf, otypes=[f64])(wide), np.vectorize(math.erfc, otypes=[f64])(wide), np.arcsin(unit), np.arccos(unit), np.arctanh(unit), np.log(pos), np.log2(pos), np.log10(pos), np.log1p(pos), np.arccosh(big), np.power(base, expo)]; rtol = 2e-14; atol = 1e-14
func.func @math_f64(%wide: tensor<1024xf64>, %unit: tensor<1024xf64>, %pos: tensor<1024xf64>, %big: tensor<1024xf64>, %base: tensor<1024xf64>, %expo: tensor<1024xf64>) -> (tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>) {
  %0 = ten.sin %wide : tensor<1024xf64>
  %1 = ten.cos %wide : tensor<1024xf64>
  %2 = ten.tan %wide : tensor<1024xf64>
  %3 = ten.atan %wide : tensor<1024xf64>
  %4 = ten.sinh %wide : tensor<1024xf64>
  %5 = ten.cosh %wide : tensor<1024xf64>
  %6 = ten.tanh %wide : tensor<1024xf64>
  %7 = ten.asinh %wide : tensor<1024xf64>
  %8 = ten.exp %wide : tensor<1024xf64>
  %9 = ten.exp2 %wide : tensor<1024xf64>
  %10 = ten.expm1 %wide : tensor<1024xf64>
  %11 = ten.erf %wide : tensor<1024xf64>
  %12 = ten.erfc %wide : tensor<1024xf64>
  %13 = ten.asin %unit : tensor<1024xf64>
  %14 = ten.acos %unit : tensor<1024xf64>
  %15 = ten.atanh %unit : tensor<1024xf64>
  %16 = ten.log %pos : tensor<1024xf64>
  %17 = ten.log2 %pos : tensor<1024xf64>
  %18 = ten.log10 %pos : tensor<1024xf64>
  %19 = ten.log1p %pos : tensor<1024xf64>
  %20 = ten.acosh %big : tensor<1024xf64>
  %p = ten.pow %base, %expo : (tensor<1024xf64>, tensor<1024xf64>) -> tensor<1024xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %p : tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>, tensor<1024xf64>
}
