// RUN: %check-numpy %s | FileCheck %s
// RUN: %check-numpy %s --num-threads=1 | FileCheck %s
// CHECK: 0 failed

// ten.sort: NumPy's sort and stable argsort along one dimension, NaN last;
// descending as PyTorch's (NaN first), ties in order.

// NUMPY @sort_f32: x = rand(6, 37); args = [x]
// NUMPY @sort_f32: results = [np.sort(x, axis=1), np.argsort(x, axis=1, kind="stable"), np.sort(x, axis=0), np.argsort(x, axis=0, kind="stable")]
func.func @sort_f32(%x: tensor<6x37xf32>) -> (tensor<6x37xf32>, tensor<6x37xi64>, tensor<6x37xf32>, tensor<6x37xi64>) {
  %v, %i = ten.sort %x dim 1 : tensor<6x37xf32> -> tensor<6x37xf32>, tensor<6x37xi64>
  %w, %j = ten.sort %x dim 0 : tensor<6x37xf32> -> tensor<6x37xf32>, tensor<6x37xi64>
  return %v, %i, %w, %j : tensor<6x37xf32>, tensor<6x37xi64>, tensor<6x37xf32>, tensor<6x37xi64>
}

// Long lines take the radix sort (8-bit digits below 5120 keys, 11-bit ones
// from there); ties (few distinct values) keep their order.
// NUMPY @sort_long: x = rand(3000, dtype=f64); y = randint(2, 5000, dtype=i32, low=-3, high=3); z = rand(6000, dtype=f64); k = randint(2, 7000, dtype=i32, low=-1000, high=1000); args = [x, y, z, k]
// NUMPY @sort_long: results = [np.sort(x), np.argsort(x, kind="stable"), np.sort(y, axis=1), np.argsort(y, axis=1, kind="stable"), np.sort(z), np.argsort(z, kind="stable"), np.sort(k, axis=1), np.argsort(k, axis=1, kind="stable")]
func.func @sort_long(%x: tensor<3000xf64>, %y: tensor<2x5000xi32>, %z: tensor<6000xf64>, %k: tensor<2x7000xi32>)
    -> (tensor<3000xf64>, tensor<3000xi64>, tensor<2x5000xi32>, tensor<2x5000xi64>, tensor<6000xf64>, tensor<6000xi64>, tensor<2x7000xi32>, tensor<2x7000xi64>) {
  %v, %i = ten.sort %x dim 0 : tensor<3000xf64> -> tensor<3000xf64>, tensor<3000xi64>
  %w, %j = ten.sort %y dim 1 : tensor<2x5000xi32> -> tensor<2x5000xi32>, tensor<2x5000xi64>
  %a, %b = ten.sort %z dim 0 : tensor<6000xf64> -> tensor<6000xf64>, tensor<6000xi64>
  %c, %d = ten.sort %k dim 1 : tensor<2x7000xi32> -> tensor<2x7000xi32>, tensor<2x7000xi64>
  return %v, %i, %w, %j, %a, %b, %c, %d : tensor<3000xf64>, tensor<3000xi64>, tensor<2x5000xi32>, tensor<2x5000xi64>, tensor<6000xf64>, tensor<6000xi64>, tensor<2x7000xi32>, tensor<2x7000xi64>
}

// NaN after every number, infinities in their place, -0 equal to +0 (ties
// in order), in short and long lines; values alone (no indices to carry)
// too.
// NUMPY @sort_special: x = np.array([[np.nan, 1, -np.inf, -0.0, 0.0, np.inf, -1, np.nan, 0.0, -0.0]], f32); y = np.tile(x, (1, 20)); args = [x, y]
// NUMPY @sort_special: results = [np.sort(x, axis=1), np.argsort(x, axis=1, kind="stable"), np.argsort(y, axis=1, kind="stable"), np.sort(-y, axis=1), np.sort(y.astype(f16), axis=1)]
func.func @sort_special(%x: tensor<1x10xf32>, %y: tensor<1x200xf32>) -> (tensor<1x10xf32>, tensor<1x10xi64>, tensor<1x200xi64>, tensor<1x200xf32>, tensor<1x200xf16>) {
  %v, %i = ten.sort %x dim 1 : tensor<1x10xf32> -> tensor<1x10xf32>, tensor<1x10xi64>
  %w, %j = ten.sort %y dim 1 : tensor<1x200xf32> -> tensor<1x200xf32>, tensor<1x200xi64>
  %n = ten.neg %y : tensor<1x200xf32>
  %u, %k = ten.sort %n dim 1 : tensor<1x200xf32> -> tensor<1x200xf32>, tensor<1x200xi64>
  %h = ten.cast %y : tensor<1x200xf32> -> tensor<1x200xf16>
  %hs, %hi = ten.sort %h dim 1 : tensor<1x200xf16> -> tensor<1x200xf16>, tensor<1x200xi64>
  return %v, %i, %j, %u, %hs : tensor<1x10xf32>, tensor<1x10xi64>, tensor<1x200xi64>, tensor<1x200xf32>, tensor<1x200xf16>
}

// Descending: largest first, NaN first, ties in order (PyTorch's stable
// descending sort): the reverse of the ascending order of -x for numbers.
// NUMPY @sort_descending: x = np.array([3, 1, np.nan, 3, -2, 1, np.inf], f64); y = randint(300, dtype=i8); args = [x, y]
// NUMPY @sort_descending: results = [np.array([np.nan, np.inf, 3, 3, 1, 1, -2]), np.array([2, 6, 0, 3, 1, 5, 4]), np.sort(y)[::-1], np.argsort(-y.astype(np.int64), kind="stable")]
func.func @sort_descending(%x: tensor<7xf64>, %y: tensor<300xi8>) -> (tensor<7xf64>, tensor<7xi64>, tensor<300xi8>, tensor<300xi64>) {
  %v, %i = ten.sort %x dim 0 descending : tensor<7xf64> -> tensor<7xf64>, tensor<7xi64>
  %w, %j = ten.sort %y dim 0 descending : tensor<300xi8> -> tensor<300xi8>, tensor<300xi64>
  return %v, %i, %w, %j : tensor<7xf64>, tensor<7xi64>, tensor<300xi8>, tensor<300xi64>
}

// Every element type: integers of every width and signedness (extremes
// included), booleans, half floats, complex numbers.
// NUMPY @sort_types: a = extremes(i64); b = extremes(u64); c = extremes(u8); d = extremes(i16); e = randbool(50); f = rand(40, dtype=f16); g = rand(40, dtype=bf16); h = extremes(u32); args = [a, b, c, d, e, f, g, h]
// NUMPY @sort_types: results = [np.sort(a), np.sort(b), np.sort(c), np.sort(d), np.sort(e), np.argsort(e, kind="stable"), np.sort(f), np.sort(g), np.sort(h)]
func.func @sort_types(%a: tensor<12xi64>, %b: tensor<12xui64>, %c: tensor<12xui8>, %d: tensor<12xi16>, %e: tensor<50xi1>, %f: tensor<40xf16>, %g: tensor<40xbf16>, %h: tensor<12xui32>)
    -> (tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<50xi1>, tensor<50xi64>, tensor<40xf16>, tensor<40xbf16>, tensor<12xui32>) {
  %a1, %a2 = ten.sort %a dim 0 : tensor<12xi64> -> tensor<12xi64>, tensor<12xi64>
  %b1, %b2 = ten.sort %b dim 0 : tensor<12xui64> -> tensor<12xui64>, tensor<12xi64>
  %c1, %c2 = ten.sort %c dim 0 : tensor<12xui8> -> tensor<12xui8>, tensor<12xi64>
  %d1, %d2 = ten.sort %d dim 0 : tensor<12xi16> -> tensor<12xi16>, tensor<12xi64>
  %e1, %e2 = ten.sort %e dim 0 : tensor<50xi1> -> tensor<50xi1>, tensor<50xi64>
  %f1, %f2 = ten.sort %f dim 0 : tensor<40xf16> -> tensor<40xf16>, tensor<40xi64>
  %g1, %g2 = ten.sort %g dim 0 : tensor<40xbf16> -> tensor<40xbf16>, tensor<40xi64>
  %h1, %h2 = ten.sort %h dim 0 : tensor<12xui32> -> tensor<12xui32>, tensor<12xi64>
  return %a1, %b1, %c1, %d1, %e1, %e2, %f1, %g1, %h1 : tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<50xi1>, tensor<50xi64>, tensor<40xf16>, tensor<40xbf16>, tensor<12xui32>
}

// Complex numbers: by real parts, then imaginary parts; a NaN part after
// the numbers without one (NumPy's R + Rj < R + nanj < nan + Rj < nan + nanj).
// NUMPY @sort_complex: x = np.array([2+1j, 1+5j, complex(np.nan, 0), 1-1j, complex(1, np.nan), 2+1j, complex(np.nan, np.nan), -3+0j], np.complex128); y = (rand(4, 9) + 1j * rand(4, 9)).astype(np.complex64); args = [x, y]
// NUMPY @sort_complex: results = [np.sort(x), np.argsort(x, kind="stable"), np.sort(y, axis=0), np.argsort(y, axis=1, kind="stable")]
func.func @sort_complex(%x: tensor<8xcomplex<f64>>, %y: tensor<4x9xcomplex<f32>>) -> (tensor<8xcomplex<f64>>, tensor<8xi64>, tensor<4x9xcomplex<f32>>, tensor<4x9xi64>) {
  %v, %i = ten.sort %x dim 0 : tensor<8xcomplex<f64>> -> tensor<8xcomplex<f64>>, tensor<8xi64>
  %w, %j = ten.sort %y dim 0 : tensor<4x9xcomplex<f32>> -> tensor<4x9xcomplex<f32>>, tensor<4x9xi64>
  %u, %k = ten.sort %y dim 1 : tensor<4x9xcomplex<f32>> -> tensor<4x9xcomplex<f32>>, tensor<4x9xi64>
  return %v, %i, %w, %k : tensor<8xcomplex<f64>>, tensor<8xi64>, tensor<4x9xcomplex<f32>>, tensor<4x9xi64>
}

// Dynamic and empty sizes; a sort of an intermediate (whose buffer must
// live until the sort has read it) feeding elementwise consumers; the
// middle dimension of three; a strided (sliced) input.
// NUMPY @sort_dynamic: x = rand(5, 33); e = rand(0, 4); z = rand(3, 4, 5); args = [x, e, z]
// NUMPY @sort_dynamic: results = [np.sort(np.exp(x), axis=1) * 2, np.sort(e, axis=0), np.argsort(e, axis=1), np.sort(z, axis=1), np.argsort(z[:, ::2, 1:], axis=1, kind="stable")]
func.func @sort_dynamic(%x: tensor<?x?xf32>, %e: tensor<?x4xf32>, %z: tensor<3x4x5xf32>) -> (tensor<?x?xf32>, tensor<?x4xf32>, tensor<?x4xi64>, tensor<3x4x5xf32>, tensor<3x2x4xi64>) {
  %ex = ten.exp %x : tensor<?x?xf32>
  %v, %i = ten.sort %ex dim 1 : tensor<?x?xf32> -> tensor<?x?xf32>, tensor<?x?xi64>
  %two = ten.constant dense<2.0> : tensor<f32>
  %r = ten.mul %v, %two : (tensor<?x?xf32>, tensor<f32>) -> tensor<?x?xf32>
  %w, %j = ten.sort %e dim 0 : tensor<?x4xf32> -> tensor<?x4xf32>, tensor<?x4xi64>
  %u, %k = ten.sort %e dim 1 : tensor<?x4xf32> -> tensor<?x4xf32>, tensor<?x4xi64>
  %zs, %zi = ten.sort %z dim 1 : tensor<3x4x5xf32> -> tensor<3x4x5xf32>, tensor<3x4x5xi64>
  %s = ten.slice %z [:, ::2, 1:] : tensor<3x4x5xf32> -> tensor<3x2x4xf32>
  %ss, %si = ten.sort %s dim 1 : tensor<3x2x4xf32> -> tensor<3x2x4xf32>, tensor<3x2x4xi64>
  return %r, %w, %k, %zs, %si : tensor<?x?xf32>, tensor<?x4xf32>, tensor<?x4xi64>, tensor<3x4x5xf32>, tensor<3x2x4xi64>
}

// Lines enough for the host's threads (32800 elements in 8 lines: each
// thread sorts its own lines, into its own scratch), ties in order,
// descending too.
// NUMPY @sort_threaded: x = randint(8, 4100, dtype=i32, low=-50, high=50); y = rand(4100, 8, dtype=f64); args = [x, y]
// NUMPY @sort_threaded: results = [np.sort(x, axis=1), np.argsort(x, axis=1, kind="stable"), np.argsort(-y, axis=0, kind="stable")]
func.func @sort_threaded(%x: tensor<8x4100xi32>, %y: tensor<4100x8xf64>) -> (tensor<8x4100xi32>, tensor<8x4100xi64>, tensor<4100x8xi64>) {
  %v, %i = ten.sort %x dim 1 : tensor<8x4100xi32> -> tensor<8x4100xi32>, tensor<8x4100xi64>
  %w, %j = ten.sort %y dim 0 descending : tensor<4100x8xf64> -> tensor<4100x8xf64>, tensor<4100x8xi64>
  return %v, %i, %j : tensor<8x4100xi32>, tensor<8x4100xi64>, tensor<4100x8xi64>
}
