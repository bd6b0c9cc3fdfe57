// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// NUMPY @compare: x = rand(4, 5); t = np.array(0.25, dtype=f32); x[1, 1] = np.nan
// NUMPY @compare: args = [x, t]; results = [x == t, x != t, x < t, x <= t, x > t, x >= t]
func.func @compare(%x: tensor<4x5xf32>, %t: tensor<f32>) -> (tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5xi1>) {
  %0 = ten.cmp eq, %x, %t : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xi1>
  %1 = ten.cmp ne, %x, %t : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xi1>
  %2 = ten.cmp lt, %x, %t : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xi1>
  %3 = ten.cmp le, %x, %t : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xi1>
  %4 = ten.cmp gt, %x, %t : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xi1>
  %5 = ten.cmp ge, %x, %t : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5xi1>, tensor<4x5xi1>
}

// NUMPY @compare_int: a = randint(3, 4, dtype=i64); b = randint(4, dtype=i64)
// NUMPY @compare_int: args = [a, b]; results = [a < b, a >= b]
func.func @compare_int(%a: tensor<3x4xi64>, %b: tensor<4xi64>) -> (tensor<3x4xi1>, tensor<3x4xi1>) {
  %0 = ten.cmp lt, %a, %b : (tensor<3x4xi64>, tensor<4xi64>) -> tensor<3x4xi1>
  %1 = ten.cmp ge, %a, %b : (tensor<3x4xi64>, tensor<4xi64>) -> tensor<3x4xi1>
  return %0, %1 : tensor<3x4xi1>, tensor<3x4xi1>
}

// where(x > 0.5, x*2, x/2), the benchmark's W2.
// NUMPY @where: x = rand(6, 6, low=0, high=1)
// NUMPY @where: args = [x]; results = [np.where(x > 0.5, x * 2, x / 2)]
func.func @where(%x: tensor<6x6xf32>) -> tensor<6x6xf32> {
  %half = ten.constant dense<0.5> : tensor<f32>
  %two = ten.constant dense<2.0> : tensor<f32>
  %p = ten.cmp gt, %x, %half : (tensor<6x6xf32>, tensor<f32>) -> tensor<6x6xi1>
  %a = ten.mul %x, %two : (tensor<6x6xf32>, tensor<f32>) -> tensor<6x6xf32>
  %b = ten.div %x, %two : (tensor<6x6xf32>, tensor<f32>) -> tensor<6x6xf32>
  %w = ten.select %p, %a, %b : (tensor<6x6xi1>, tensor<6x6xf32>, tensor<6x6xf32>) -> tensor<6x6xf32>
  return %w : tensor<6x6xf32>
}

// All three operands of select broadcast.
// NUMPY @select_broadcast: c = randbool(3, 1); a = randint(4, dtype=i32); b = np.array(-1, dtype=i32)
// NUMPY @select_broadcast: args = [c, a, b]; results = [np.where(c, a, b)]
func.func @select_broadcast(%c: tensor<3x1xi1>, %a: tensor<4xi32>, %b: tensor<i32>) -> tensor<3x4xi32> {
  %0 = ten.select %c, %a, %b : (tensor<3x1xi1>, tensor<4xi32>, tensor<i32>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

// NUMPY @casts: x = rand(8, low=-5, high=5); x[0] = 0; b = randbool(8); i = randint(8, dtype=i64, low=-300, high=300)
// NUMPY @casts: args = [x, b, i]; results = [x.astype(i32), x.astype(np.bool_), x.astype(f64), x.astype(f16), b.astype(f32), b.astype(i8), i.astype(i8), i.astype(f32), i.astype(np.bool_)]
func.func @casts(%x: tensor<8xf32>, %b: tensor<8xi1>, %i: tensor<8xi64>) -> (tensor<8xi32>, tensor<8xi1>, tensor<8xf64>, tensor<8xf16>, tensor<8xf32>, tensor<8xi8>, tensor<8xi8>, tensor<8xf32>, tensor<8xi1>) {
  %0 = ten.cast %x : tensor<8xf32> -> tensor<8xi32>
  %1 = ten.cast %x : tensor<8xf32> -> tensor<8xi1>
  %2 = ten.cast %x : tensor<8xf32> -> tensor<8xf64>
  %3 = ten.cast %x : tensor<8xf32> -> tensor<8xf16>
  %4 = ten.cast %b : tensor<8xi1> -> tensor<8xf32>
  %5 = ten.cast %b : tensor<8xi1> -> tensor<8xi8>
  %6 = ten.cast %i : tensor<8xi64> -> tensor<8xi8>
  %7 = ten.cast %i : tensor<8xi64> -> tensor<8xf32>
  %8 = ten.cast %i : tensor<8xi64> -> tensor<8xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<8xi32>, tensor<8xi1>, tensor<8xf64>, tensor<8xf16>, tensor<8xf32>, tensor<8xi8>, tensor<8xi8>, tensor<8xf32>, tensor<8xi1>
}

// A cast may give a less static type than its input's (it was lowered to a
// generic of the static type, which the result's type then did not match).
// NUMPY @cast_to_dynamic: x = rand(3, 2); args = [x]; results = [x, x.astype(i32)]
func.func @cast_to_dynamic(%x: tensor<3x2xf32>) -> (tensor<?x2xf32>, tensor<3x?xi32>) {
  %0 = ten.cast %x : tensor<3x2xf32> -> tensor<?x2xf32>
  %1 = ten.cast %x : tensor<3x2xf32> -> tensor<3x?xi32>
  return %0, %1 : tensor<?x2xf32>, tensor<3x?xi32>
}

// NUMPY @half_casts: h = rand(5, dtype=f16); args = [h]; results = [h.astype(f32).astype(bf16)]; rtol = 1e-2
func.func @half_casts(%h: tensor<5xf16>) -> tensor<5xbf16> {
  %0 = ten.cast %h : tensor<5xf16> -> tensor<5xbf16>
  return %0 : tensor<5xbf16>
}

// f64 narrows to the 16-bit floats through the runtime's rounding functions
// (__truncdfhf2, __truncdfbf2), rounded once, to nearest even: 1 + 2^-11 +
// 2^-30 rounds up in f16, where going through f32 first would round to 1.
// (ml_dtypes converts f64 to bf16 through f32, so the bf16 case here stays
// clear of ties that f32 would hide.)
// NUMPY @narrow_f64: d = rand(6, dtype=f64); d[0] = 1 + 2.0**-11 + 2.0**-30; d[1] = 1 + 2.0**-8 + 2.0**-20; d[2] = np.nan; d[3] = 1e6
// NUMPY @narrow_f64: args = [d]; results = [d.astype(f16), d.astype(bf16)]; rtol = 0; atol = 0
func.func @narrow_f64(%d: tensor<6xf64>) -> (tensor<6xf16>, tensor<6xbf16>) {
  %0 = ten.cast %d : tensor<6xf64> -> tensor<6xf16>
  %1 = ten.cast %d : tensor<6xf64> -> tensor<6xbf16>
  return %0, %1 : tensor<6xf16>, tensor<6xbf16>
}
