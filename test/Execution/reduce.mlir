// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// NUMPY @float_kinds: x = rand(4, 5, 6, low=0.5, high=1.5)
// NUMPY @float_kinds: args = [x]; results = [x.sum(1), x.mean((0, 2)), x.prod(2), x.max(0), x.min(1, keepdims=True), x.sum(2, keepdims=True), x.sum((0, 1, 2))]; rtol = 1e-5
func.func @float_kinds(%x: tensor<4x5x6xf32>) -> (tensor<4x6xf32>, tensor<5xf32>, tensor<4x5xf32>, tensor<5x6xf32>, tensor<4x1x6xf32>, tensor<4x5x1xf32>, tensor<f32>) {
  %0 = ten.reduce sum %x dims [1] : tensor<4x5x6xf32> -> tensor<4x6xf32>
  %1 = ten.reduce mean %x dims [0, 2] : tensor<4x5x6xf32> -> tensor<5xf32>
  %2 = ten.reduce prod %x dims [2] : tensor<4x5x6xf32> -> tensor<4x5xf32>
  %3 = ten.reduce max %x dims [0] : tensor<4x5x6xf32> -> tensor<5x6xf32>
  %4 = ten.reduce min %x dims [1] keepdim : tensor<4x5x6xf32> -> tensor<4x1x6xf32>
  %5 = ten.reduce sum %x dims [2] keepdim : tensor<4x5x6xf32> -> tensor<4x5x1xf32>
  %6 = ten.reduce sum %x dims [0, 1, 2] : tensor<4x5x6xf32> -> tensor<f32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4x6xf32>, tensor<5xf32>, tensor<4x5xf32>, tensor<5x6xf32>, tensor<4x1x6xf32>, tensor<4x5x1xf32>, tensor<f32>
}

// Ties pick the first index; the first NaN wins.
// NUMPY @arg_kinds: x = randint(6, 7, dtype=i32, low=0, high=3).astype(f32); x[2, 3] = np.nan; x[2, 5] = np.nan
// NUMPY @arg_kinds: args = [x]; results = [x.argmax(1), x.argmin(0), np.expand_dims(x.argmax(0), 0)]
func.func @arg_kinds(%x: tensor<6x7xf32>) -> (tensor<6xi64>, tensor<7xi64>, tensor<1x7xi64>) {
  %0 = ten.reduce argmax %x dims [1] : tensor<6x7xf32> -> tensor<6xi64>
  %1 = ten.reduce argmin %x dims [0] : tensor<6x7xf32> -> tensor<7xi64>
  %2 = ten.reduce argmax %x dims [0] keepdim : tensor<6x7xf32> -> tensor<1x7xi64>
  return %0, %1, %2 : tensor<6xi64>, tensor<7xi64>, tensor<1x7xi64>
}

// NUMPY @int_kinds: x = randint(3, 8, dtype=i64); b = randbool(3, 8)
// NUMPY @int_kinds: args = [x, b]; results = [x.sum(1), x.max(1), x.min(0), x.argmin(1), x.any(1), x.all(0), b.any(0), b.all(1), b.max(1), b.argmax(1)]
func.func @int_kinds(%x: tensor<3x8xi64>, %b: tensor<3x8xi1>) -> (tensor<3xi64>, tensor<3xi64>, tensor<8xi64>, tensor<3xi64>, tensor<3xi1>, tensor<8xi1>, tensor<8xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi64>) {
  %0 = ten.reduce sum %x dims [1] : tensor<3x8xi64> -> tensor<3xi64>
  %1 = ten.reduce max %x dims [1] : tensor<3x8xi64> -> tensor<3xi64>
  %2 = ten.reduce min %x dims [0] : tensor<3x8xi64> -> tensor<8xi64>
  %3 = ten.reduce argmin %x dims [1] : tensor<3x8xi64> -> tensor<3xi64>
  %4 = ten.reduce any %x dims [1] : tensor<3x8xi64> -> tensor<3xi1>
  %5 = ten.reduce all %x dims [0] : tensor<3x8xi64> -> tensor<8xi1>
  %6 = ten.reduce any %b dims [0] : tensor<3x8xi1> -> tensor<8xi1>
  %7 = ten.reduce all %b dims [1] : tensor<3x8xi1> -> tensor<3xi1>
  %8 = ten.reduce max %b dims [1] : tensor<3x8xi1> -> tensor<3xi1>
  %9 = ten.reduce argmax %b dims [1] : tensor<3x8xi1> -> tensor<3xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<3xi64>, tensor<3xi64>, tensor<8xi64>, tensor<3xi64>, tensor<3xi1>, tensor<8xi1>, tensor<8xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi64>
}

// Long enough that a GPU combines arg reductions across a block's warps
// (rows of 1000), across blocks (300,000 elements) and across shares of a
// column (20,000 rows, 4 columns); small integers make ties common, with
// NaN and a row of -inf. Booleans and f16 combine across a block too.
// NUMPY @arg_blocks: x = randint(8, 1000, low=0, high=4).astype(f32); x[2, 700] = np.nan; x[2, 300] = np.nan; x[3] = 0; x[4] = -np.inf
// NUMPY @arg_blocks: h = randint(300000, low=0, high=49).astype(f16); v = rand(300000); v[250000] = np.nan; v[100000] = np.nan
// NUMPY @arg_blocks: c = randint(20000, 4, low=0, high=2); b = randint(8, 1000, low=0, high=0).astype(np.bool_); b[1, 999] = True; b[5, 0] = True; t = ~b
// NUMPY @arg_blocks: args = [x, h, v, c, b, t]; results = [x.argmax(1), x.argmin(1), h.argmin(0), v.argmax(0), c.argmax(0), b.any(1), t.all(1), b.max(1), b.argmax(1), x.astype(f16).max(1)]
func.func @arg_blocks(%x: tensor<8x1000xf32>, %h: tensor<300000xf16>, %v: tensor<300000xf32>, %c: tensor<20000x4xi32>, %b: tensor<8x1000xi1>, %t: tensor<8x1000xi1>) -> (tensor<8xi64>, tensor<8xi64>, tensor<i64>, tensor<i64>, tensor<4xi64>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi64>, tensor<8xf16>) {
  %0 = ten.reduce argmax %x dims [1] : tensor<8x1000xf32> -> tensor<8xi64>
  %1 = ten.reduce argmin %x dims [1] : tensor<8x1000xf32> -> tensor<8xi64>
  %2 = ten.reduce argmin %h dims [0] : tensor<300000xf16> -> tensor<i64>
  %3 = ten.reduce argmax %v dims [0] : tensor<300000xf32> -> tensor<i64>
  %4 = ten.reduce argmax %c dims [0] : tensor<20000x4xi32> -> tensor<4xi64>
  %5 = ten.reduce any %b dims [1] : tensor<8x1000xi1> -> tensor<8xi1>
  %6 = ten.reduce all %t dims [1] : tensor<8x1000xi1> -> tensor<8xi1>
  %7 = ten.reduce max %b dims [1] : tensor<8x1000xi1> -> tensor<8xi1>
  %8 = ten.reduce argmax %b dims [1] : tensor<8x1000xi1> -> tensor<8xi64>
  %xh = ten.cast %x : tensor<8x1000xf32> -> tensor<8x1000xf16>
  %9 = ten.reduce max %xh dims [1] : tensor<8x1000xf16> -> tensor<8xf16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<8xi64>, tensor<8xi64>, tensor<i64>, tensor<i64>, tensor<4xi64>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi64>, tensor<8xf16>
}

// f16 accumulates in f32: 4096 halves sum without the drift of f16 adds.
// NUMPY @half_sum: x = rand(4096, dtype=f16, low=0, high=1); args = [x]; results = [x.astype(f32).sum().astype(f16), x.astype(f32).mean().astype(f16)]; rtol = 1e-3
func.func @half_sum(%x: tensor<4096xf16>) -> (tensor<f16>, tensor<f16>) {
  %0 = ten.reduce sum %x dims [0] : tensor<4096xf16> -> tensor<f16>
  %1 = ten.reduce mean %x dims [0] : tensor<4096xf16> -> tensor<f16>
  return %0, %1 : tensor<f16>, tensor<f16>
}

// Short rows of halves (a group of lanes per row on a GPU), summed and
// maximized along the last axis; rows of 8 vectors of floats (4 rows per
// warp) whose last warp has 3 rows past the end.
// NUMPY @short_rows: x = rand(64, 256, dtype=f16, low=0, high=1); y = rand(101, 32, dtype=f32); args = [x, y]; results = [x.astype(f32).sum(1).astype(f16), x.max(1), y.sum(1)]; rtol = 1e-3
func.func @short_rows(%x: tensor<64x256xf16>, %y: tensor<101x32xf32>) -> (tensor<64xf16>, tensor<64xf16>, tensor<101xf32>) {
  %0 = ten.reduce sum %x dims [1] : tensor<64x256xf16> -> tensor<64xf16>
  %1 = ten.reduce max %x dims [1] : tensor<64x256xf16> -> tensor<64xf16>
  %2 = ten.reduce sum %y dims [1] : tensor<101x32xf32> -> tensor<101xf32>
  return %0, %1, %2 : tensor<64xf16>, tensor<64xf16>, tensor<101xf32>
}

// Dynamic sizes, and sums over nothing.
// NUMPY @dynamic: x = rand(5, 3, dtype=f64); e = rand(0, 4, dtype=f64)
// NUMPY @dynamic: args = [x, e]; results = [x.mean(0), x.max(1, keepdims=True), e.sum(0), e.prod(0)]
func.func @dynamic(%x: tensor<?x?xf64>, %e: tensor<?x4xf64>) -> (tensor<?xf64>, tensor<?x1xf64>, tensor<4xf64>, tensor<4xf64>) {
  %0 = ten.reduce mean %x dims [0] : tensor<?x?xf64> -> tensor<?xf64>
  %1 = ten.reduce max %x dims [1] keepdim : tensor<?x?xf64> -> tensor<?x1xf64>
  %2 = ten.reduce sum %e dims [0] : tensor<?x4xf64> -> tensor<4xf64>
  %3 = ten.reduce prod %e dims [0] : tensor<?x4xf64> -> tensor<4xf64>
  return %0, %1, %2, %3 : tensor<?xf64>, tensor<?x1xf64>, tensor<4xf64>, tensor<4xf64>
}

// NaN wins a max or a min wherever it is in a line (first, last, inside a
// vector, alone), infinities do not count as NaN, and zeros of either sign
// compare equal: along the last axis (the CPU target's loop carries a
// NaN-ignoring max and the largest magnitude seen) and along the first.
// NUMPY @nan_min_max: x = rand(7, 100, low=-1, high=1); x[0, 0] = np.nan; x[1, 99] = np.nan; x[2, 37] = np.nan; x[3] = np.nan; x[4, 10] = np.inf; x[4, 20] = -np.inf; x[5] = 0.0; x[5, ::2] = -0.0
// NUMPY @nan_min_max: d = x.astype(f64); d[6, 50] = np.nan; h = x.astype(f16); h[6, 3] = np.nan; args = [x, d, h]
// NUMPY @nan_min_max: results = [x.max(1), x.min(1), x.max(0), x.min(0), d.max(1), d.min(1), h.max(1), h.min(1)]
func.func @nan_min_max(%x: tensor<7x100xf32>, %d: tensor<7x100xf64>, %h: tensor<7x100xf16>)
    -> (tensor<7xf32>, tensor<7xf32>, tensor<100xf32>, tensor<100xf32>, tensor<7xf64>, tensor<7xf64>, tensor<7xf16>, tensor<7xf16>) {
  %0 = ten.reduce max %x dims [1] : tensor<7x100xf32> -> tensor<7xf32>
  %1 = ten.reduce min %x dims [1] : tensor<7x100xf32> -> tensor<7xf32>
  %2 = ten.reduce max %x dims [0] : tensor<7x100xf32> -> tensor<100xf32>
  %3 = ten.reduce min %x dims [0] : tensor<7x100xf32> -> tensor<100xf32>
  %4 = ten.reduce max %d dims [1] : tensor<7x100xf64> -> tensor<7xf64>
  %5 = ten.reduce min %d dims [1] : tensor<7x100xf64> -> tensor<7xf64>
  %6 = ten.reduce max %h dims [1] : tensor<7x100xf16> -> tensor<7xf16>
  %7 = ten.reduce min %h dims [1] : tensor<7x100xf16> -> tensor<7xf16>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<7xf32>, tensor<7xf32>, tensor<100xf32>, tensor<100xf32>, tensor<7xf64>, tensor<7xf64>, tensor<7xf16>, tensor<7xf16>
}

// The index of the first extremum, from the extremum and then the least
// index of an element equal to it (or NaN), over lines long enough to
// vectorize and split over threads: ties keep the first index (many equal
// values, zeros of both signs), the first NaN wins wherever it is (first,
// last, two in a line, a line of NaN only), infinities are numbers; a
// whole array of 10^5; unsigned, signed and boolean integers.
// NUMPY @arg_lines: x = np.round(rand(6, 1000, low=-3, high=3)); x[0, 0] = np.nan; x[1, 999] = np.nan; x[2, 300] = np.nan; x[2, 700] = np.nan; x[3] = np.nan; x[4] = 0.0; x[4, ::3] = -0.0; x[5, 10] = np.inf; x[5, 20] = np.inf; x[5, 30] = -np.inf
// NUMPY @arg_lines: w = rand(100000); w[60000] = 2.0; w[90000] = 2.0; d = x.astype(f64); d[0, 5] = -np.inf
// NUMPY @arg_lines: u = randint(4, 500, dtype=u8, low=0, high=255); u[1, 7] = 255; u[1, 400] = 255; i = randint(4, 500, dtype=i32, low=-5, high=5); b = randbool(4, 500)
// NUMPY @arg_lines: args = [x, w, d, u, i, b]; results = [x.argmax(1), x.argmin(1), x.argmax(0), w.argmax(), w.argmin(), d.argmax(1), d.argmin(1), u.argmax(1), u.argmin(1), i.argmax(1), i.argmin(0), b.argmax(1), b.argmin(1)]
func.func @arg_lines(%x: tensor<6x1000xf32>, %w: tensor<100000xf32>, %d: tensor<6x1000xf64>, %u: tensor<4x500xui8>, %i: tensor<4x500xi32>, %b: tensor<4x500xi1>)
    -> (tensor<6xi64>, tensor<6xi64>, tensor<1000xi64>, tensor<i64>, tensor<i64>, tensor<6xi64>, tensor<6xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<500xi64>, tensor<4xi64>, tensor<4xi64>) {
  %0 = ten.reduce argmax %x dims [1] : tensor<6x1000xf32> -> tensor<6xi64>
  %1 = ten.reduce argmin %x dims [1] : tensor<6x1000xf32> -> tensor<6xi64>
  %2 = ten.reduce argmax %x dims [0] : tensor<6x1000xf32> -> tensor<1000xi64>
  %3 = ten.reduce argmax %w dims [0] : tensor<100000xf32> -> tensor<i64>
  %4 = ten.reduce argmin %w dims [0] : tensor<100000xf32> -> tensor<i64>
  %5 = ten.reduce argmax %d dims [1] : tensor<6x1000xf64> -> tensor<6xi64>
  %6 = ten.reduce argmin %d dims [1] : tensor<6x1000xf64> -> tensor<6xi64>
  %7 = ten.reduce argmax %u dims [1] : tensor<4x500xui8> -> tensor<4xi64>
  %8 = ten.reduce argmin %u dims [1] : tensor<4x500xui8> -> tensor<4xi64>
  %9 = ten.reduce argmax %i dims [1] : tensor<4x500xi32> -> tensor<4xi64>
  %10 = ten.reduce argmin %i dims [0] : tensor<4x500xi32> -> tensor<500xi64>
  %11 = ten.reduce argmax %b dims [1] : tensor<4x500xi1> -> tensor<4xi64>
  %12 = ten.reduce argmin %b dims [1] : tensor<4x500xi1> -> tensor<4xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<6xi64>, tensor<6xi64>, tensor<1000xi64>, tensor<i64>, tensor<i64>, tensor<6xi64>, tensor<6xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<500xi64>, tensor<4xi64>, tensor<4xi64>
}

// Sizes known only at run time; a line of no element has index 0.
// NUMPY @arg_dynamic: x = np.round(rand(3, 257, low=-2, high=2)); x[1, 100] = np.nan; e = rand(4, 0)
// NUMPY @arg_dynamic: args = [x, e]; results = [x.argmax(1), x.argmin(0), np.zeros(4, dtype=i64)]
func.func @arg_dynamic(%x: tensor<?x?xf32>, %e: tensor<?x?xf32>) -> (tensor<?xi64>, tensor<?xi64>, tensor<?xi64>) {
  %0 = ten.reduce argmax %x dims [1] : tensor<?x?xf32> -> tensor<?xi64>
  %1 = ten.reduce argmin %x dims [0] : tensor<?x?xf32> -> tensor<?xi64>
  %2 = ten.reduce argmax %e dims [1] : tensor<?x?xf32> -> tensor<?xi64>
  return %0, %1, %2 : tensor<?xi64>, tensor<?xi64>, tensor<?xi64>
}
