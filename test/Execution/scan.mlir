// RUN: %check-numpy %s | FileCheck %s
// RUN: %check-numpy %s --num-threads=1 | FileCheck %s
// CHECK: 0 failed

// ten.scan: NumPy's cumsum, cumprod and maximum/minimum.accumulate along
// one dimension, in order, each step rounded to the element type.

// NUMPY @scan_f32: x = rand(6, 37); args = [x]
// NUMPY @scan_f32: results = [np.cumsum(x, axis=1), np.cumsum(x, axis=0), np.cumprod(x, axis=1), np.maximum.accumulate(x, axis=1), np.minimum.accumulate(x, axis=0)]
func.func @scan_f32(%x: tensor<6x37xf32>) -> (tensor<6x37xf32>, tensor<6x37xf32>, tensor<6x37xf32>, tensor<6x37xf32>, tensor<6x37xf32>) {
  %0 = ten.scan sum %x dim 1 : tensor<6x37xf32>
  %1 = ten.scan sum %x dim 0 : tensor<6x37xf32>
  %2 = ten.scan prod %x dim 1 : tensor<6x37xf32>
  %3 = ten.scan max %x dim 1 : tensor<6x37xf32>
  %4 = ten.scan min %x dim 0 : tensor<6x37xf32>
  return %0, %1, %2, %3, %4 : tensor<6x37xf32>, tensor<6x37xf32>, tensor<6x37xf32>, tensor<6x37xf32>, tensor<6x37xf32>
}

// A long 1-D scan (no parallel loop) and the middle dimension of three.
// NUMPY @scan_f64: x = rand(10000, dtype=f64); y = rand(3, 5, 4, dtype=f64); args = [x, y]
// NUMPY @scan_f64: results = [np.cumsum(x), np.cumsum(y, axis=1), np.cumprod(y, axis=1)]
// NUMPY @scan_f64: rtol = 1e-12; atol = 1e-12
func.func @scan_f64(%x: tensor<10000xf64>, %y: tensor<3x5x4xf64>) -> (tensor<10000xf64>, tensor<3x5x4xf64>, tensor<3x5x4xf64>) {
  %0 = ten.scan sum %x dim 0 : tensor<10000xf64>
  %1 = ten.scan sum %y dim 1 : tensor<3x5x4xf64>
  %2 = ten.scan prod %y dim 1 : tensor<3x5x4xf64>
  return %0, %1, %2 : tensor<10000xf64>, tensor<3x5x4xf64>, tensor<3x5x4xf64>
}

// NaN propagates from where it appears; infinities pass through.
// NUMPY @scan_nan: x = np.array([[1, np.nan, 3, -np.inf], [np.inf, 2, -1, np.nan]], f32); args = [x]
// NUMPY @scan_nan: results = [np.maximum.accumulate(x, axis=1), np.minimum.accumulate(x, axis=1), np.cumsum(x, axis=1), np.maximum.accumulate(x, axis=0)]
func.func @scan_nan(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = ten.scan max %x dim 1 : tensor<2x4xf32>
  %1 = ten.scan min %x dim 1 : tensor<2x4xf32>
  %2 = ten.scan sum %x dim 1 : tensor<2x4xf32>
  %3 = ten.scan max %x dim 0 : tensor<2x4xf32>
  return %0, %1, %2, %3 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// Half floats round at every step, as NumPy's float16 accumulation does.
// NUMPY @scan_half: x = rand(3, 300, dtype=f16, low=0, high=2); y = rand(4, 50, dtype=bf16); args = [x, y]
// NUMPY @scan_half: results = [np.cumsum(x, axis=1), np.cumsum(y, axis=1), np.maximum.accumulate(y, axis=1)]
// NUMPY @scan_half: rtol = 0; atol = 0
func.func @scan_half(%x: tensor<3x300xf16>, %y: tensor<4x50xbf16>) -> (tensor<3x300xf16>, tensor<4x50xbf16>, tensor<4x50xbf16>) {
  %0 = ten.scan sum %x dim 1 : tensor<3x300xf16>
  %1 = ten.scan sum %y dim 1 : tensor<4x50xbf16>
  %2 = ten.scan max %y dim 1 : tensor<4x50xbf16>
  return %0, %1, %2 : tensor<3x300xf16>, tensor<4x50xbf16>, tensor<4x50xbf16>
}

// Integers wrap as NumPy's do; unsigned ones order as unsigned.
// NUMPY @scan_int: a = randint(5, 9, dtype=i64); b = extremes(u8); c = extremes(i32); d = randint(4, 7, dtype=i16); args = [a, b, c, d]
// NUMPY @scan_int: results = [np.cumsum(a, axis=1), np.cumprod(a, axis=0), np.maximum.accumulate(b), np.minimum.accumulate(b), np.cumsum(b, dtype=u8), np.cumsum(c, dtype=i32), np.maximum.accumulate(c), np.cumprod(d, axis=1, dtype=i16)]
func.func @scan_int(%a: tensor<5x9xi64>, %b: tensor<12xui8>, %c: tensor<12xi32>, %d: tensor<4x7xi16>) -> (tensor<5x9xi64>, tensor<5x9xi64>, tensor<12xui8>, tensor<12xui8>, tensor<12xui8>, tensor<12xi32>, tensor<12xi32>, tensor<4x7xi16>) {
  %0 = ten.scan sum %a dim 1 : tensor<5x9xi64>
  %1 = ten.scan prod %a dim 0 : tensor<5x9xi64>
  %2 = ten.scan max %b dim 0 : tensor<12xui8>
  %3 = ten.scan min %b dim 0 : tensor<12xui8>
  %4 = ten.scan sum %b dim 0 : tensor<12xui8>
  %5 = ten.scan sum %c dim 0 : tensor<12xi32>
  %6 = ten.scan max %c dim 0 : tensor<12xi32>
  %7 = ten.scan prod %d dim 1 : tensor<4x7xi16>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<5x9xi64>, tensor<5x9xi64>, tensor<12xui8>, tensor<12xui8>, tensor<12xui8>, tensor<12xi32>, tensor<12xi32>, tensor<4x7xi16>
}

// Booleans: max is a running or, min a running and.
// NUMPY @scan_bool: x = randbool(4, 6); args = [x]
// NUMPY @scan_bool: results = [np.maximum.accumulate(x, axis=1), np.minimum.accumulate(x, axis=1)]
func.func @scan_bool(%x: tensor<4x6xi1>) -> (tensor<4x6xi1>, tensor<4x6xi1>) {
  %0 = ten.scan max %x dim 1 : tensor<4x6xi1>
  %1 = ten.scan min %x dim 1 : tensor<4x6xi1>
  return %0, %1 : tensor<4x6xi1>, tensor<4x6xi1>
}

// Complex numbers: sums and products of both parts; maxima ordered
// lexicographically.
// NUMPY @scan_complex: x = (rand(3, 5, dtype=f64) + 1j * rand(3, 5, dtype=f64)).astype(np.complex64); y = np.array([1+2j, 1+3j, 0+9j, 2-1j, 2-1j], np.complex128); args = [x, y]
// NUMPY @scan_complex: results = [np.cumsum(x, axis=1), np.cumprod(x, axis=0), np.maximum.accumulate(y), np.minimum.accumulate(y)]
func.func @scan_complex(%x: tensor<3x5xcomplex<f32>>, %y: tensor<5xcomplex<f64>>) -> (tensor<3x5xcomplex<f32>>, tensor<3x5xcomplex<f32>>, tensor<5xcomplex<f64>>, tensor<5xcomplex<f64>>) {
  %0 = ten.scan sum %x dim 1 : tensor<3x5xcomplex<f32>>
  %1 = ten.scan prod %x dim 0 : tensor<3x5xcomplex<f32>>
  %2 = ten.scan max %y dim 0 : tensor<5xcomplex<f64>>
  %3 = ten.scan min %y dim 0 : tensor<5xcomplex<f64>>
  return %0, %1, %2, %3 : tensor<3x5xcomplex<f32>>, tensor<3x5xcomplex<f32>>, tensor<5xcomplex<f64>>, tensor<5xcomplex<f64>>
}

// A line's first element is NumPy's first result as it is, not combined
// with the identity: a complex product of inf + 1i starts inf + 1i (not
// inf + nan i, which spreads), and sums of -0 stay -0 (1 / -0 is -inf; the
// comparison does not see zeros' signs), on a short line, along a leading
// dimension, and on a long line that a host of threads splits in blocks.
// NUMPY @scan_first_element: np.seterr(all="ignore"); z = np.array([[np.inf + 1j, np.nan + 0j, 1j], [1.5 + 2j, -2.5 - 1j, np.inf + 0j], [3 - 3j, 1j, 2 + 0j]], np.complex128); m = np.full((3, 4), -0.0, f32); n = np.full(131072, -0.0, f32); w = np.ones(131072, np.complex64); w[0] = np.inf + 1j; args = [z, m, n, w]
// NUMPY @scan_first_element: results = [np.cumprod(z, axis=0), np.cumprod(z, axis=1), 1 / np.cumsum(m, axis=1), 1 / np.cumsum(m, axis=0), 1 / np.cumsum(n), np.cumprod(w)]
func.func @scan_first_element(%z: tensor<3x3xcomplex<f64>>, %m: tensor<3x4xf32>, %n: tensor<131072xf32>, %w: tensor<131072xcomplex<f32>>)
    -> (tensor<3x3xcomplex<f64>>, tensor<3x3xcomplex<f64>>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<131072xf32>, tensor<131072xcomplex<f32>>) {
  %0 = ten.scan prod %z dim 0 : tensor<3x3xcomplex<f64>>
  %1 = ten.scan prod %z dim 1 : tensor<3x3xcomplex<f64>>
  %one = ten.constant dense<1.0> : tensor<f32>
  %2 = ten.scan sum %m dim 1 : tensor<3x4xf32>
  %3 = ten.scan sum %m dim 0 : tensor<3x4xf32>
  %4 = ten.scan sum %n dim 0 : tensor<131072xf32>
  %r2 = ten.div %one, %2 : (tensor<f32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %r3 = ten.div %one, %3 : (tensor<f32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %r4 = ten.div %one, %4 : (tensor<f32>, tensor<131072xf32>) -> tensor<131072xf32>
  %5 = ten.scan prod %w dim 0 : tensor<131072xcomplex<f32>>
  return %0, %1, %r2, %r3, %r4, %5 : tensor<3x3xcomplex<f64>>, tensor<3x3xcomplex<f64>>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<131072xf32>, tensor<131072xcomplex<f32>>
}

// Dynamic sizes, and empty dimensions (scanned and not).
// NUMPY @scan_dynamic: x = rand(7, 3); e = rand(0, 4); args = [x, e]
// NUMPY @scan_dynamic: results = [np.cumsum(x, axis=0), np.cumsum(x, axis=1), np.cumsum(e, axis=0), np.maximum.accumulate(e, axis=1)]
func.func @scan_dynamic(%x: tensor<?x?xf32>, %e: tensor<?x4xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x4xf32>, tensor<?x4xf32>) {
  %0 = ten.scan sum %x dim 0 : tensor<?x?xf32>
  %1 = ten.scan sum %x dim 1 : tensor<?x?xf32>
  %2 = ten.scan sum %e dim 0 : tensor<?x4xf32>
  %3 = ten.scan max %e dim 1 : tensor<?x4xf32>
  return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x4xf32>, tensor<?x4xf32>
}

// Fused with elementwise producers and consumers: a running count of
// positives, and a normalized cumulative sum.
// NUMPY @scan_fused: x = rand(64, 300); args = [x]
// NUMPY @scan_fused: c = np.cumsum(np.exp(x), axis=1); results = [c / c[:, -1:], np.cumsum((x > 0).astype(np.int64), axis=1)]
func.func @scan_fused(%x: tensor<64x300xf32>) -> (tensor<64x300xf32>, tensor<64x300xi64>) {
  %e = ten.exp %x : tensor<64x300xf32>
  %c = ten.scan sum %e dim 1 : tensor<64x300xf32>
  %last = ten.slice %c [:, -1:] : tensor<64x300xf32> -> tensor<64x1xf32>
  %n = ten.div %c, %last : (tensor<64x300xf32>, tensor<64x1xf32>) -> tensor<64x300xf32>
  %zero = ten.constant dense<0.0> : tensor<f32>
  %p = ten.cmp gt, %x, %zero : (tensor<64x300xf32>, tensor<f32>) -> tensor<64x300xi1>
  %i = ten.cast %p : tensor<64x300xi1> -> tensor<64x300xi64>
  %k = ten.scan sum %i dim 1 : tensor<64x300xi64>
  return %n, %k : tensor<64x300xf32>, tensor<64x300xi64>
}

// A scan along the rows divided by the row sums: the sums may be computed
// in blocks of rows, the scan may not.
// NUMPY @scan_with_row_sums: x = rand(512, 512, low=0.5, high=1.5); args = [x]
// NUMPY @scan_with_row_sums: results = [np.cumsum(x, axis=0) / np.sum(x, axis=1, keepdims=True)]
// NUMPY @scan_with_row_sums: rtol = 1e-4; atol = 1e-4
func.func @scan_with_row_sums(%x: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %c = ten.scan sum %x dim 0 : tensor<512x512xf32>
  %s = ten.reduce sum %x dims [1] keepdim : tensor<512x512xf32> -> tensor<512x1xf32>
  %r = ten.div %c, %s : (tensor<512x512xf32>, tensor<512x1xf32>) -> tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}

// Long lines (the CUDA target scans them in blocks of 32, the blocks'
// totals in blocks again): integer sums exact and wrapping, NaN from where
// it appears on, a dynamic line of 100003 (four levels of blocks), lines
// along a leading dimension. A float sum is checked against the exact one
// (in f64): neither order of summing gives NumPy's f32 rounding exactly.
// NUMPY @scan_long: x = rand(100003, low=0, high=1); i = randint(3, 40000, dtype=i32, low=-1000000, high=1000000); m = rand(2, 5000, dtype=f64); m[1, 777] = np.nan; u = randint(3000, 2, dtype=u8); args = [x, i, m, u]
// NUMPY @scan_long: results = [np.cumsum(x.astype(np.float64)).astype(np.float32), np.cumsum(i, axis=1, dtype=np.int32), np.maximum.accumulate(m, axis=1), np.minimum.accumulate(m, axis=1), np.cumsum(u, axis=0, dtype=np.uint8)]
// NUMPY @scan_long: rtol = 1e-4; atol = 1e-4
func.func @scan_long(%x: tensor<?xf32>, %i: tensor<3x40000xi32>, %m: tensor<2x5000xf64>, %u: tensor<3000x2xui8>)
    -> (tensor<?xf32>, tensor<3x40000xi32>, tensor<2x5000xf64>, tensor<2x5000xf64>, tensor<3000x2xui8>) {
  %0 = ten.scan sum %x dim 0 : tensor<?xf32>
  %1 = ten.scan sum %i dim 1 : tensor<3x40000xi32>
  %2 = ten.scan max %m dim 1 : tensor<2x5000xf64>
  %3 = ten.scan min %m dim 1 : tensor<2x5000xf64>
  %4 = ten.scan sum %u dim 0 : tensor<3000x2xui8>
  return %0, %1, %2, %3, %4 : tensor<?xf32>, tensor<3x40000xi32>, tensor<2x5000xf64>, tensor<2x5000xf64>, tensor<3000x2xui8>
}

// A long line on a host of several threads: blocks of it scanned at once,
// each from the total of the blocks before (with one thread, in order).
// NUMPY @scan_split: x = rand(1, 131072, low=0, high=1); i = randint(262144, dtype=i64, low=-1000, high=1000); m = rand(196608, dtype=f32); m[70000] = np.nan; args = [x, i, m]
// NUMPY @scan_split: results = [np.cumsum(x.astype(np.float64), axis=1).astype(np.float32), np.cumsum(i), np.cumprod(np.sign(2 * i + 1)), np.maximum.accumulate(m), np.minimum.accumulate(m)]
// NUMPY @scan_split: rtol = 1e-4; atol = 1e-4
func.func @scan_split(%x: tensor<1x131072xf32>, %i: tensor<262144xi64>, %m: tensor<196608xf32>)
    -> (tensor<1x131072xf32>, tensor<262144xi64>, tensor<262144xi64>, tensor<196608xf32>, tensor<196608xf32>) {
  %0 = ten.scan sum %x dim 1 : tensor<1x131072xf32>
  %1 = ten.scan sum %i dim 0 : tensor<262144xi64>
  %two = ten.constant dense<2> : tensor<i64>
  %one = ten.constant dense<1> : tensor<i64>
  %d = ten.mul %i, %two : (tensor<262144xi64>, tensor<i64>) -> tensor<262144xi64>
  %o = ten.add %d, %one : (tensor<262144xi64>, tensor<i64>) -> tensor<262144xi64>
  %s = ten.sign %o : tensor<262144xi64>
  %2 = ten.scan prod %s dim 0 : tensor<262144xi64>
  %3 = ten.scan max %m dim 0 : tensor<196608xf32>
  %4 = ten.scan min %m dim 0 : tensor<196608xf32>
  return %0, %1, %2, %3, %4 : tensor<1x131072xf32>, tensor<262144xi64>, tensor<262144xi64>, tensor<196608xf32>, tensor<196608xf32>
}
