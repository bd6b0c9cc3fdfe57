// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// NUMPY @float_math: x = rand(3, 5, low=0.1, high=2)
// NUMPY @float_math: import math; erf = np.vectorize(math.erf)
// NUMPY @float_math: args = [x]; results = [np.exp(x), np.log(x), np.sqrt(x), 1 / np.sqrt(x), np.tanh(x), 1 / (1 + np.exp(-x)), np.sin(x), np.cos(x), erf(x).astype(f32)]
func.func @float_math(%x: tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
  %0 = ten.exp %x : tensor<3x5xf32>
  %1 = ten.log %x : tensor<3x5xf32>
  %2 = ten.sqrt %x : tensor<3x5xf32>
  %3 = ten.rsqrt %x : tensor<3x5xf32>
  %4 = ten.tanh %x : tensor<3x5xf32>
  %5 = ten.sigmoid %x : tensor<3x5xf32>
  %6 = ten.sin %x : tensor<3x5xf32>
  %7 = ten.cos %x : tensor<3x5xf32>
  %8 = ten.erf %x : tensor<3x5xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>
}

// NUMPY @f64_math: x = rand(7, dtype=f64, low=-3, high=3)
// NUMPY @f64_math: args = [x]; results = [np.exp(x), np.tanh(x), np.sin(x)]; rtol = 1e-12; atol = 1e-14
func.func @f64_math(%x: tensor<7xf64>) -> (tensor<7xf64>, tensor<7xf64>, tensor<7xf64>) {
  %0 = ten.exp %x : tensor<7xf64>
  %1 = ten.tanh %x : tensor<7xf64>
  %2 = ten.sin %x : tensor<7xf64>
  return %0, %1, %2 : tensor<7xf64>, tensor<7xf64>, tensor<7xf64>
}

// f16 and bf16 compute in f32 and round once, as NumPy computes float16.
// NUMPY @half_math: x = rand(9, dtype=f16, low=0.1, high=2); y = rand(9, dtype=bf16, low=0.1, high=2)
// NUMPY @half_math: args = [x, y]; results = [np.exp(x), np.sqrt(y.astype(f32)).astype(bf16)]; rtol = 1e-2
func.func @half_math(%x: tensor<9xf16>, %y: tensor<9xbf16>) -> (tensor<9xf16>, tensor<9xbf16>) {
  %0 = ten.exp %x : tensor<9xf16>
  %1 = ten.sqrt %y : tensor<9xbf16>
  return %0, %1 : tensor<9xf16>, tensor<9xbf16>
}

// NUMPY @signed: x = rand(2, 6, dtype=f64); x[0, 0] = np.nan; i = randint(6, dtype=i8)
// NUMPY @signed: args = [x, i]; results = [-x, np.abs(x), np.where(x < 0, 0, x), -i, np.abs(i), np.maximum(i, 0)]
func.func @signed(%x: tensor<2x6xf64>, %i: tensor<6xi8>) -> (tensor<2x6xf64>, tensor<2x6xf64>, tensor<2x6xf64>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>) {
  %0 = ten.neg %x : tensor<2x6xf64>
  %1 = ten.abs %x : tensor<2x6xf64>
  %2 = ten.relu %x : tensor<2x6xf64>
  %3 = ten.neg %i : tensor<6xi8>
  %4 = ten.abs %i : tensor<6xi8>
  %5 = ten.relu %i : tensor<6xi8>
  return %0, %1, %2, %3, %4, %5 : tensor<2x6xf64>, tensor<2x6xf64>, tensor<2x6xf64>, tensor<6xi8>, tensor<6xi8>, tensor<6xi8>
}

// exp of f32 is ten's own approximation (lib/Target/CPU/Codegen/ExpApproximation.cpp):
// within 1.1 units in the last place of the exact result, so within 1.6 of
// the correctly rounded f32 that NumPy gives (2e-7 relative), subnormal
// results within one unit (1.4e-45), over 300,000 arguments: random bit
// patterns across the range where exp is finite and nonzero, the range where
// its results are subnormal, and the special values.
// NUMPY @exp_accurate: bits = rng.integers(0, 2**32, 400000, dtype=np.uint64).astype(np.uint32).view(f32)
// NUMPY @exp_accurate: inside = bits[(bits > -104) & (bits < 89)][:200000]
// NUMPY @exp_accurate: special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 88.72283, 88.72284, -87.33655, -103.97, -103.98, -1e30, 1e30], dtype=f32)
// NUMPY @exp_accurate: x = np.concatenate([inside, rng.uniform(-104, -87, 50000), rng.uniform(-1, 1, 50000), special]).astype(f32)
// NUMPY @exp_accurate: old = np.seterr(all="ignore"); results = [np.exp(x.astype(f64)).astype(f32)]; np.seterr(**old)
// NUMPY @exp_accurate: args = [x]; rtol = 2e-7; atol = 1.5e-45
func.func @exp_accurate(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = ten.exp %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// The f32 exp, log, tanh and erf run as vectorized polynomials
// (ten-approximate-math): checked over their whole range, subnormal results
// and arguments and the special values included, against the correctly
// rounded f32 of the f64 result (within a few units in the last place).
// NUMPY @approximated: import math; erf = np.vectorize(math.erf)
// NUMPY @approximated: special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 1e-40, 88.72, -87.4, -103.9, -110.0, 3e38])
// NUMPY @approximated: x = np.concatenate([rng.uniform(-104, 89, 20000), rng.uniform(-12, 12, 20000), special]).astype(f32)
// NUMPY @approximated: p = np.concatenate([np.exp(rng.uniform(-103, 88, 20000)), special]).astype(f32)
// NUMPY @approximated: x64, p64 = x.astype(f64), p.astype(f64)
// NUMPY @approximated: old = np.seterr(all="ignore")
// NUMPY @approximated: results = [r.astype(f32) for r in (np.exp(x64), np.log(p64), np.tanh(x64), erf(x64))]
// NUMPY @approximated: np.seterr(**old); args = [x, p]; rtol = 6e-7; atol = 1e-44
func.func @approximated(%x: tensor<?xf32>, %p: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0 = ten.exp %x : tensor<?xf32>
  %1 = ten.log %p : tensor<?xf32>
  %2 = ten.tanh %x : tensor<?xf32>
  %3 = ten.erf %x : tensor<?xf32>
  return %0, %1, %2, %3 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// erfc is the C library's (libdevice's on the GPU), exact where 1 - erf(x)
// would keep no digit: up to erfc(9) = 4.1e-37 in f32 and erfc(26) =
// 5.7e-296 in f64, to a few units in the last place.
// NUMPY @erfc_wide: import math; erfc = np.vectorize(math.erfc, otypes=[f64])
// NUMPY @erfc_wide: special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-30, -1e-30])
// NUMPY @erfc_wide: s = np.concatenate([rand(40, dtype=f64, low=-3, high=9), special]).astype(f32)
// NUMPY @erfc_wide: d = np.concatenate([rand(40, dtype=f64, low=-6, high=26), special])
// NUMPY @erfc_wide: args = [s, d]; results = [erfc(s.astype(f64)).astype(f32), erfc(d)]; rtol = 1e-6; atol = 0
func.func @erfc_wide(%s: tensor<47xf32>, %d: tensor<47xf64>) -> (tensor<47xf32>, tensor<47xf64>) {
  %0 = ten.erfc %s : tensor<47xf32>
  %1 = ten.erfc %d : tensor<47xf64>
  return %0, %1 : tensor<47xf32>, tensor<47xf64>
}

// f16 and bf16 compute in f32 and round once.
// NUMPY @erfc_half: import math; erfc = np.vectorize(math.erfc, otypes=[f64])
// NUMPY @erfc_half: h = rand(12, dtype=f16, low=-2, high=3.5); b = rand(12, dtype=bf16, low=-2, high=4)
// NUMPY @erfc_half: args = [h, b]; results = [erfc(h.astype(f64)).astype(f16), erfc(b.astype(f64)).astype(f32).astype(bf16)]; rtol = 1e-2; atol = 0
func.func @erfc_half(%h: tensor<12xf16>, %b: tensor<12xbf16>) -> (tensor<12xf16>, tensor<12xbf16>) {
  %0 = ten.erfc %h : tensor<12xf16>
  %1 = ten.erfc %b : tensor<12xbf16>
  return %0, %1 : tensor<12xf16>, tensor<12xbf16>
}
