// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// ten.scatter: NumPy's assignment through an index array (the last of
// repeated indices wins) and its ufuncs' `at` (every update accumulates),
// negative indices from the end. An index out of range stops the run
// (test/tensor-run/scatter-out-of-range.test).

// Every kind, with repeated indices (4 and -1 are one row, 0 comes twice).
// NUMPY @scatter_kinds: x = rand(5, 3); i = np.array([4, -1, 0, 2, 0]); u = rand(5, 3); args = [x, i, u]
// NUMPY @scatter_kinds: r0 = x.copy(); r0[i] = u; r1 = x.copy(); np.add.at(r1, i, u); r2 = x.copy(); np.multiply.at(r2, i, u); r3 = x.copy(); np.maximum.at(r3, i, u); r4 = x.copy(); np.minimum.at(r4, i, u); results = [r0, r1, r2, r3, r4]
func.func @scatter_kinds(%x: tensor<5x3xf32>, %i: tensor<5xi64>, %u: tensor<5x3xf32>)
    -> (tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>) {
  %0 = ten.scatter assign %x, %i, %u dim 0 : (tensor<5x3xf32>, tensor<5xi64>, tensor<5x3xf32>) -> tensor<5x3xf32>
  %1 = ten.scatter add %x, %i, %u dim 0 : (tensor<5x3xf32>, tensor<5xi64>, tensor<5x3xf32>) -> tensor<5x3xf32>
  %2 = ten.scatter mul %x, %i, %u dim 0 : (tensor<5x3xf32>, tensor<5xi64>, tensor<5x3xf32>) -> tensor<5x3xf32>
  %3 = ten.scatter max %x, %i, %u dim 0 : (tensor<5x3xf32>, tensor<5xi64>, tensor<5x3xf32>) -> tensor<5x3xf32>
  %4 = ten.scatter min %x, %i, %u dim 0 : (tensor<5x3xf32>, tensor<5xi64>, tensor<5x3xf32>) -> tensor<5x3xf32>
  return %0, %1, %2, %3, %4 : tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>
}

// An inner dimension with a 2-d index (np.add.at(x, (slice(None), j), v)),
// and a histogram: counts of 10^4 random bins, a 1-d add of ones.
// NUMPY @scatter_inner: x = rand(4, 6, dtype=f64); j = np.array([[5, 0], [-6, 3]]); v = rand(4, 2, 2, dtype=f64); b = rng.integers(0, 100, size=10000); args = [x, j, v, b]
// NUMPY @scatter_inner: r0 = x.copy(); np.add.at(r0, (slice(None), j), v); r1 = np.zeros(100, np.int64); np.add.at(r1, b, 1); results = [r0, r1]
func.func @scatter_inner(%x: tensor<4x6xf64>, %j: tensor<2x2xi64>, %v: tensor<4x2x2xf64>, %b: tensor<10000xi64>) -> (tensor<4x6xf64>, tensor<100xi64>) {
  %0 = ten.scatter add %x, %j, %v dim 1 : (tensor<4x6xf64>, tensor<2x2xi64>, tensor<4x2x2xf64>) -> tensor<4x6xf64>
  %zero = ten.constant dense<0> : tensor<100xi64>
  %one = ten.constant dense<1> : tensor<10000xi64>
  %1 = ten.scatter add %zero, %b, %one dim 0 : (tensor<100xi64>, tensor<10000xi64>, tensor<10000xi64>) -> tensor<100xi64>
  return %0, %1 : tensor<4x6xf64>, tensor<100xi64>
}

// Every element class: i8 wraps, ui8 compares unsigned, i1 adds as or and
// multiplies as and, f16 rounds each step, complex accumulates, NaN wins a
// maximum; a 0-d index; no index at all, at dynamic sizes.
// NUMPY @scatter_types: a = randint(4, dtype=i8, low=100, high=127); b = np.array([1, 200, 3, 250], u8); c = randbool(4); d = rand(4, dtype=f16); e = (rand(4) + 1j * rand(4)).astype(np.complex128); f = np.array([1.0, 2.0, 3.0], f32); i = np.array([1, 1, -4, 3]); k = np.array(2); n = np.zeros((0,), np.int64); args = [a, b, c, d, e, f, i, k, n]
// NUMPY @scatter_types: r0 = a.copy(); np.add.at(r0, i, a); r1 = b.copy(); np.maximum.at(r1, i, b[::-1].copy()); r2 = c.copy(); np.add.at(r2, i, c[::-1].copy()); r3 = c.copy(); np.multiply.at(r3, i, c[::-1].copy()); r4 = d.copy(); np.add.at(r4, i, d); r5 = e.copy(); np.add.at(r5, i, e); r6 = f.copy(); np.maximum.at(r6, [0, 1, 0], np.array([np.nan, 5.0, 0.0], f32)); r7 = f.copy(); r7[k] = 7.0; results = [r0, r1, r2, r3, r4, r5, r6, r7, f]
func.func @scatter_types(%a: tensor<4xi8>, %b: tensor<4xui8>, %c: tensor<4xi1>, %d: tensor<4xf16>, %e: tensor<4xcomplex<f64>>, %f: tensor<?xf32>,
                         %i: tensor<4xi64>, %k: tensor<i64>, %n: tensor<?xi64>)
    -> (tensor<4xi8>, tensor<4xui8>, tensor<4xi1>, tensor<4xi1>, tensor<4xf16>, tensor<4xcomplex<f64>>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0 = ten.scatter add %a, %i, %a dim 0 : (tensor<4xi8>, tensor<4xi64>, tensor<4xi8>) -> tensor<4xi8>
  %rb = ten.slice %b [::-1] : tensor<4xui8> -> tensor<4xui8>
  %1 = ten.scatter max %b, %i, %rb dim 0 : (tensor<4xui8>, tensor<4xi64>, tensor<4xui8>) -> tensor<4xui8>
  %rc = ten.slice %c [::-1] : tensor<4xi1> -> tensor<4xi1>
  %2 = ten.scatter add %c, %i, %rc dim 0 : (tensor<4xi1>, tensor<4xi64>, tensor<4xi1>) -> tensor<4xi1>
  %3 = ten.scatter mul %c, %i, %rc dim 0 : (tensor<4xi1>, tensor<4xi64>, tensor<4xi1>) -> tensor<4xi1>
  %4 = ten.scatter add %d, %i, %d dim 0 : (tensor<4xf16>, tensor<4xi64>, tensor<4xf16>) -> tensor<4xf16>
  %5 = ten.scatter add %e, %i, %e dim 0 : (tensor<4xcomplex<f64>>, tensor<4xi64>, tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>>
  %at = ten.constant dense<[0, 1, 0]> : tensor<3xi64>
  %m = ten.constant dense<[0x7FC00000, 5.0, 0.0]> : tensor<3xf32>
  %dm = ten.cast %m : tensor<3xf32> -> tensor<?xf32>
  %6 = ten.scatter max %f, %at, %dm dim 0 : (tensor<?xf32>, tensor<3xi64>, tensor<?xf32>) -> tensor<?xf32>
  %seven = ten.constant dense<7.0> : tensor<f32>
  %7 = ten.scatter assign %f, %k, %seven dim 0 : (tensor<?xf32>, tensor<i64>, tensor<f32>) -> tensor<?xf32>
  %none = ten.constant dense<> : tensor<0xf32>
  %dn = ten.cast %none : tensor<0xf32> -> tensor<?xf32>
  %8 = ten.scatter add %f, %n, %dn dim 0 : (tensor<?xf32>, tensor<?xi64>, tensor<?xf32>) -> tensor<?xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xi8>, tensor<4xui8>, tensor<4xi1>, tensor<4xi1>, tensor<4xf16>, tensor<4xcomplex<f64>>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// A scatter between elementwise producers and consumers.
// NUMPY @scatter_fused: x = rand(64, 32); i = np.arange(0, 64, 2); u = rand(32, 32); args = [x, i, u]
// NUMPY @scatter_fused: r = np.tanh(x); np.add.at(r, i, np.exp(u)); results = [r * 2]
func.func @scatter_fused(%x: tensor<64x32xf32>, %i: tensor<32xi64>, %u: tensor<32x32xf32>) -> tensor<64x32xf32> {
  %t = ten.tanh %x : tensor<64x32xf32>
  %e = ten.exp %u : tensor<32x32xf32>
  %s = ten.scatter add %t, %i, %e dim 0 : (tensor<64x32xf32>, tensor<32xi64>, tensor<32x32xf32>) -> tensor<64x32xf32>
  %two = ten.constant dense<2.0> : tensor<f32>
  %r = ten.mul %s, %two : (tensor<64x32xf32>, tensor<f32>) -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

// Many updates to few elements (the CUDA target runs them in parallel:
// atomics, and for an assignment the last update in row-major order
// found first): the last of repeated indices wins, integer products wrap,
// maximum and minimum propagate NaN, unsigned ones compare unsigned.
// NUMPY @scatter_contended: i = rng.integers(-50, 50, size=(100, 100)); a = np.arange(10000, dtype=np.int32).reshape(100, 100); m = rng.integers(1, 4, size=(100, 100)).astype(np.int32); f = rand(100, 100, dtype=f64); f[3, 7] = np.nan; u = rng.integers(0, 65535, size=(100, 100)).astype(np.uint16); args = [i, a, m, f, u]
// NUMPY @scatter_contended: r0 = np.zeros(50, np.int32); r0[i] = a; r1 = np.ones(50, np.int32); np.multiply.at(r1, i, m); r2 = np.zeros(50); np.maximum.at(r2, i, f); r3 = np.ones(50); np.minimum.at(r3, i, f); r4 = np.full(50, 40000, np.uint16); np.minimum.at(r4, i, u); results = [r0, r1, r2, r3, r4]
func.func @scatter_contended(%i: tensor<100x100xi64>, %a: tensor<100x100xi32>, %m: tensor<100x100xi32>, %f: tensor<100x100xf64>, %u: tensor<100x100xui16>)
    -> (tensor<50xi32>, tensor<50xi32>, tensor<50xf64>, tensor<50xf64>, tensor<50xui16>) {
  %zi = ten.constant dense<0> : tensor<50xi32>
  %oi = ten.constant dense<1> : tensor<50xi32>
  %zf = ten.constant dense<0.0> : tensor<50xf64>
  %of = ten.constant dense<1.0> : tensor<50xf64>
  %fu = ten.constant dense<40000> : tensor<50xui16>
  %0 = ten.scatter assign %zi, %i, %a dim 0 : (tensor<50xi32>, tensor<100x100xi64>, tensor<100x100xi32>) -> tensor<50xi32>
  %1 = ten.scatter mul %oi, %i, %m dim 0 : (tensor<50xi32>, tensor<100x100xi64>, tensor<100x100xi32>) -> tensor<50xi32>
  %2 = ten.scatter max %zf, %i, %f dim 0 : (tensor<50xf64>, tensor<100x100xi64>, tensor<100x100xf64>) -> tensor<50xf64>
  %3 = ten.scatter min %of, %i, %f dim 0 : (tensor<50xf64>, tensor<100x100xi64>, tensor<100x100xf64>) -> tensor<50xf64>
  %4 = ten.scatter min %fu, %i, %u dim 0 : (tensor<50xui16>, tensor<100x100xi64>, tensor<100x100xui16>) -> tensor<50xui16>
  return %0, %1, %2, %3, %4 : tensor<50xi32>, tensor<50xi32>, tensor<50xf64>, tensor<50xf64>, tensor<50xui16>
}
