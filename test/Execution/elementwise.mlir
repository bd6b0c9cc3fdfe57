// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// Binary ops broadcast in the indexing maps; every dtype class.

// NUMPY @add_bias: m = rand(5, 7); b = rand(7); args = [m, b]; results = [m + b]
func.func @add_bias(%m: tensor<5x7xf32>, %b: tensor<7xf32>) -> tensor<5x7xf32> {
  %0 = ten.add %m, %b : (tensor<5x7xf32>, tensor<7xf32>) -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

// NUMPY @sub_column_row: a = rand(4, 1, dtype=f64); b = rand(3, dtype=f64)
// NUMPY @sub_column_row: args = [a, b]; results = [a - b]
func.func @sub_column_row(%a: tensor<4x1xf64>, %b: tensor<3xf64>) -> tensor<4x3xf64> {
  %0 = ten.sub %a, %b : (tensor<4x1xf64>, tensor<3xf64>) -> tensor<4x3xf64>
  return %0 : tensor<4x3xf64>
}

// NUMPY @mul_scalar: a = randint(2, 3, 4); s = np.array(3, dtype=i32)
// NUMPY @mul_scalar: args = [a, s]; results = [a * s]
func.func @mul_scalar(%a: tensor<2x3x4xi32>, %s: tensor<i32>) -> tensor<2x3x4xi32> {
  %0 = ten.mul %a, %s : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<2x3x4xi32>
  return %0 : tensor<2x3x4xi32>
}

// Integer division floors, as NumPy's //.
// NUMPY @floor_div: a = randint(20, dtype=i64); b = randint(20, dtype=i64, low=1, high=4) * np.where(randbool(20), 1, -1)
// NUMPY @floor_div: args = [a, b]; results = [a // b]
func.func @floor_div(%a: tensor<20xi64>, %b: tensor<20xi64>) -> tensor<20xi64> {
  %0 = ten.div %a, %b : (tensor<20xi64>, tensor<20xi64>) -> tensor<20xi64>
  return %0 : tensor<20xi64>
}

// Division by zero gives 0, and the one quotient that overflows (the most
// negative integer by -1) wraps, as NumPy's // does: never a trap, on every
// integer width. (NumPy warns of both; ten computes the same values.)
// NUMPY @floor_div_edges_i8: a = np.array([7, -7, 0, -128, -128, 127, 5, -5, -128, 127], dtype=i8)
// NUMPY @floor_div_edges_i8: b = np.array([0, 0, 0, -1, 1, -1, -1, 2, 0, -128], dtype=i8)
// NUMPY @floor_div_edges_i8: args = [a, b]; results = [np.array([0, 0, 0, -128, -128, -127, -5, -3, 0, -1], dtype=i8)]
func.func @floor_div_edges_i8(%a: tensor<10xi8>, %b: tensor<10xi8>) -> tensor<10xi8> {
  %0 = ten.div %a, %b : (tensor<10xi8>, tensor<10xi8>) -> tensor<10xi8>
  return %0 : tensor<10xi8>
}

// NUMPY @floor_div_edges_i32: m = np.iinfo(i32).min
// NUMPY @floor_div_edges_i32: a = np.array([[9, -9, m, m, m], [0, 1, -1, m, 2**31 - 1]], dtype=i32)
// NUMPY @floor_div_edges_i32: b = np.array([0, -1, -1, 0, 3], dtype=i32)
// NUMPY @floor_div_edges_i32: args = [a, b]
// NUMPY @floor_div_edges_i32: with np.errstate(all='ignore'): results = [a // b]
func.func @floor_div_edges_i32(%a: tensor<2x5xi32>, %b: tensor<5xi32>) -> tensor<2x5xi32> {
  %0 = ten.div %a, %b : (tensor<2x5xi32>, tensor<5xi32>) -> tensor<2x5xi32>
  return %0 : tensor<2x5xi32>
}

// NUMPY @floor_div_edges_i64: m = np.iinfo(i64).min
// NUMPY @floor_div_edges_i64: a = np.array([m, m, 5, -5, 0, m + 1], dtype=i64)
// NUMPY @floor_div_edges_i64: b = np.array([-1, 0, 0, -1, -1, -1], dtype=i64)
// NUMPY @floor_div_edges_i64: args = [a, b]
// NUMPY @floor_div_edges_i64: with np.errstate(all='ignore'): results = [a // b]
func.func @floor_div_edges_i64(%a: tensor<6xi64>, %b: tensor<6xi64>) -> tensor<6xi64> {
  %0 = ten.div %a, %b : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi64>
  return %0 : tensor<6xi64>
}

// Integer powers: NumPy refuses negative exponents; those that only run
// time shows give PyTorch's values (1 for a base of 1, +-1 for -1, else 0).
// NUMPY @int_pow: a = np.array([2, -3, 0, 1, -1, -1, 0, 2, 7, 0, -2, 3], dtype=i32)
// NUMPY @int_pow: b = np.array([10, 3, 0, -5, -3, -4, -1, -1, 0, 5, 31, 21], dtype=i32)
// NUMPY @int_pow: args = [a, b]
// NUMPY @int_pow: with np.errstate(all='ignore'): results = [np.where(b >= 0, a ** np.maximum(b, 0), np.where(a == 1, 1, np.where(a == -1, np.where(b % 2 == 0, 1, -1), 0))).astype(i32)]
func.func @int_pow(%a: tensor<12xi32>, %b: tensor<12xi32>) -> tensor<12xi32> {
  %0 = ten.pow %a, %b : (tensor<12xi32>, tensor<12xi32>) -> tensor<12xi32>
  return %0 : tensor<12xi32>
}

// NUMPY @div_f16: a = rand(16, dtype=f16); b = rand(16, dtype=f16, low=0.5, high=2)
// NUMPY @div_f16: args = [a, b]; results = [a / b]; rtol = 1e-3
func.func @div_f16(%a: tensor<16xf16>, %b: tensor<16xf16>) -> tensor<16xf16> {
  %0 = ten.div %a, %b : (tensor<16xf16>, tensor<16xf16>) -> tensor<16xf16>
  return %0 : tensor<16xf16>
}

// NUMPY @pow_f32: a = rand(10, low=0.1, high=3); b = rand(10, low=-2, high=2)
// NUMPY @pow_f32: args = [a, b]; results = [a ** b]
func.func @pow_f32(%a: tensor<10xf32>, %b: tensor<10xf32>) -> tensor<10xf32> {
  %0 = ten.pow %a, %b : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// A scalar exponent of 0.5, -1, 0, 1 or 2 takes NumPy's fast paths in its
// float32 and float64 power loop: sqrt keeps -0 (1 / -0 is -inf; the
// comparison does not see zeros' signs) and makes -inf NaN, where pow gives
// +0 and +inf; an array of exponents goes through pow. The exponents come at
// run time.
// NUMPY @pow_fast_paths: np.seterr(all="ignore"); x = np.array([-0.0, -np.inf, np.inf, 4.0, -4.0, np.nan, 0.0, 2.5]); h = np.full(8, 0.5); args = [x, np.float64(0.5), np.float64(-1), np.float64(2), x.astype(f32), np.float32(0.5), h]
// NUMPY @pow_fast_paths: results = [1 / np.power(x, 0.5), 1 / np.power(x, -1.0), 1 / np.power(x, 2.0), 1 / np.power(x.astype(f32), np.float32(0.5)), 1 / np.power(x, h)]
func.func @pow_fast_paths(%x: tensor<8xf64>, %half: tensor<f64>, %minus_one: tensor<f64>, %two: tensor<f64>, %xf: tensor<8xf32>, %halff: tensor<f32>, %h: tensor<8xf64>)
    -> (tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf32>, tensor<8xf64>) {
  %one = ten.constant dense<1.0> : tensor<f64>
  %onef = ten.constant dense<1.0> : tensor<f32>
  %0 = ten.pow %x, %half : (tensor<8xf64>, tensor<f64>) -> tensor<8xf64>
  %1 = ten.pow %x, %minus_one : (tensor<8xf64>, tensor<f64>) -> tensor<8xf64>
  %2 = ten.pow %x, %two : (tensor<8xf64>, tensor<f64>) -> tensor<8xf64>
  %3 = ten.pow %xf, %halff : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %4 = ten.pow %x, %h : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xf64>
  %r0 = ten.div %one, %0 : (tensor<f64>, tensor<8xf64>) -> tensor<8xf64>
  %r1 = ten.div %one, %1 : (tensor<f64>, tensor<8xf64>) -> tensor<8xf64>
  %r2 = ten.div %one, %2 : (tensor<f64>, tensor<8xf64>) -> tensor<8xf64>
  %r3 = ten.div %onef, %3 : (tensor<f32>, tensor<8xf32>) -> tensor<8xf32>
  %r4 = ten.div %one, %4 : (tensor<f64>, tensor<8xf64>) -> tensor<8xf64>
  return %r0, %r1, %r2, %r3, %r4 : tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xf32>, tensor<8xf64>
}

// NUMPY @pow_int: a = randint(10, dtype=i8, low=-3, high=3); b = randint(10, dtype=i8, low=0, high=3)
// NUMPY @pow_int: args = [a, b]; results = [a ** b]
func.func @pow_int(%a: tensor<10xi8>, %b: tensor<10xi8>) -> tensor<10xi8> {
  %0 = ten.pow %a, %b : (tensor<10xi8>, tensor<10xi8>) -> tensor<10xi8>
  return %0 : tensor<10xi8>
}

// max and min propagate NaN.
// NUMPY @max_min_nan: a = rand(6); b = rand(6); a[2] = np.nan; b[4] = np.nan
// NUMPY @max_min_nan: args = [a, b]; results = [np.maximum(a, b), np.minimum(a, b)]
func.func @max_min_nan(%a: tensor<6xf32>, %b: tensor<6xf32>) -> (tensor<6xf32>, tensor<6xf32>) {
  %0 = ten.max %a, %b : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %1 = ten.min %a, %b : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  return %0, %1 : tensor<6xf32>, tensor<6xf32>
}

// NUMPY @max_bool: a = randbool(3, 4); b = randbool(4); args = [a, b]; results = [np.maximum(a, b), np.minimum(a, b)]
func.func @max_bool(%a: tensor<3x4xi1>, %b: tensor<4xi1>) -> (tensor<3x4xi1>, tensor<3x4xi1>) {
  %0 = ten.max %a, %b : (tensor<3x4xi1>, tensor<4xi1>) -> tensor<3x4xi1>
  %1 = ten.min %a, %b : (tensor<3x4xi1>, tensor<4xi1>) -> tensor<3x4xi1>
  return %0, %1 : tensor<3x4xi1>, tensor<3x4xi1>
}

// Size-1 dimensions stretch on both sides.
// NUMPY @outer_broadcast: a = rand(3, 1, 5, dtype=f64); b = rand(1, 4, 1, dtype=f64)
// NUMPY @outer_broadcast: args = [a, b]; results = [a * b]
func.func @outer_broadcast(%a: tensor<3x1x5xf64>, %b: tensor<1x4x1xf64>) -> tensor<3x4x5xf64> {
  %0 = ten.mul %a, %b : (tensor<3x1x5xf64>, tensor<1x4x1xf64>) -> tensor<3x4x5xf64>
  return %0 : tensor<3x4x5xf64>
}

// Dynamic sizes come from the inputs.
// NUMPY @dynamic: a = rand(6, 3); b = rand(3); args = [a, b]; results = [a + b]
func.func @dynamic(%a: tensor<?x?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = ten.add %a, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// NUMPY @bf16_add: a = rand(8, dtype=bf16); b = rand(8, dtype=bf16)
// NUMPY @bf16_add: args = [a, b]; results = [(a.astype(f32) + b.astype(f32)).astype(bf16)]; rtol = 1e-2
func.func @bf16_add(%a: tensor<8xbf16>, %b: tensor<8xbf16>) -> tensor<8xbf16> {
  %0 = ten.add %a, %b : (tensor<8xbf16>, tensor<8xbf16>) -> tensor<8xbf16>
  return %0 : tensor<8xbf16>
}

// A division by one value for every element is correctly rounded, as
// NumPy's: no reciprocal hoisted out of the loop (which was one unit in the
// last place off for 40% of these quotients).
// NUMPY @div_by_scalar_exact: a = rand(4096) * 8 - 4; s = np.array(1.9999999, dtype=f32)
// NUMPY @div_by_scalar_exact: args = [a, s]; results = [a / s]; rtol = 0; atol = 0
func.func @div_by_scalar_exact(%a: tensor<4096xf32>, %s: tensor<f32>) -> tensor<4096xf32> {
  %0 = ten.div %a, %s : (tensor<4096xf32>, tensor<f32>) -> tensor<4096xf32>
  return %0 : tensor<4096xf32>
}
