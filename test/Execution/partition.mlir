// RUN: %check-numpy %s | FileCheck %s
// RUN: %check-numpy %s --num-threads=1 | FileCheck %s
// CHECK: 0 failed

// ten.partition: NumPy's partition and argpartition along one dimension.
// Between the positions the order is the op's own, so each function checks
// what NumPy defines: the elements at the positions (np.sort's there), their
// indices (a stable argsort's: equal elements keep their order), that the
// result is a permutation of the line (sorted, it is np.sort's), and that
// nothing before a position is larger nor after it smaller.

// NUMPY @partition_rows: x = rand(6, 37); k = [0, 18, 36]; args = [x]
// NUMPY @partition_rows: s = np.sort(x, axis=1); results = [s[:, k], np.argsort(x, axis=1, kind="stable")[:, k], s, np.ones(6, bool), np.ones(6, bool), np.sort(x, axis=0)[[2, 5]], np.argsort(x, axis=0, kind="stable")[[2, 5]]]
func.func @partition_rows(%x: tensor<6x37xf32>) -> (tensor<6x3xf32>, tensor<6x3xi64>, tensor<6x37xf32>, tensor<6xi1>, tensor<6xi1>, tensor<2x37xf32>, tensor<2x37xi64>) {
  %v, %i = ten.partition %x dim 1 kth [0, 18, 36] : tensor<6x37xf32> -> tensor<6x37xf32>, tensor<6x37xi64>
  %k = ten.constant dense<[0, 18, 36]> : tensor<3xi64>
  %vk = ten.take clip %v, %k dim 1 : (tensor<6x37xf32>, tensor<3xi64>) -> tensor<6x3xf32>
  %ik = ten.take clip %i, %k dim 1 : (tensor<6x37xi64>, tensor<3xi64>) -> tensor<6x3xi64>
  %s, %unused = ten.sort %v dim 1 : tensor<6x37xf32> -> tensor<6x37xf32>, tensor<6x37xi64>
  %before = ten.slice %v [:, :18] : tensor<6x37xf32> -> tensor<6x18xf32>
  %after = ten.slice %v [:, 19:] : tensor<6x37xf32> -> tensor<6x18xf32>
  %c18 = ten.constant dense<18> : tensor<i64>
  %middle = ten.take clip %v, %c18 dim 1 : (tensor<6x37xf32>, tensor<i64>) -> tensor<6xf32>
  %most = ten.reduce max %before dims [1] : tensor<6x18xf32> -> tensor<6xf32>
  %least = ten.reduce min %after dims [1] : tensor<6x18xf32> -> tensor<6xf32>
  %below = ten.cmp le, %most, %middle : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  %above = ten.cmp ge, %least, %middle : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xi1>
  %w, %j = ten.partition %x dim 0 kth [2, 5] : tensor<6x37xf32> -> tensor<6x37xf32>, tensor<6x37xi64>
  %r = ten.constant dense<[2, 5]> : tensor<2xi64>
  %wr = ten.take clip %w, %r dim 0 : (tensor<6x37xf32>, tensor<2xi64>) -> tensor<2x37xf32>
  %jr = ten.take clip %j, %r dim 0 : (tensor<6x37xi64>, tensor<2xi64>) -> tensor<2x37xi64>
  return %vk, %ik, %s, %below, %above, %wr, %jr : tensor<6x3xf32>, tensor<6x3xi64>, tensor<6x37xf32>, tensor<6xi1>, tensor<6xi1>, tensor<2x37xf32>, tensor<2x37xi64>
}

// Long lines take the radix select, which goes down to the next digit only
// in the runs that hold a position: random doubles; integers with few
// distinct values, whose ties keep their order (the indices at the
// positions are the stable argsort's); a line of one value throughout.
// NUMPY @partition_long: x = rand(100000, dtype=f64); y = randint(2, 5000, dtype=i32, low=-3, high=3); z = np.full(3000, 7, i64); k = [0, 500, 50000, 99999]; args = [x, y, z]
// NUMPY @partition_long: results = [np.sort(x)[k], np.argsort(x, kind="stable")[k], np.sort(x), np.sort(y, axis=1)[:, [10, 2500]], np.argsort(y, axis=1, kind="stable")[:, [10, 2500]], np.sort(y, axis=1), np.array([1500]), np.array([7])]
func.func @partition_long(%x: tensor<100000xf64>, %y: tensor<2x5000xi32>, %z: tensor<3000xi64>)
    -> (tensor<4xf64>, tensor<4xi64>, tensor<100000xf64>, tensor<2x2xi32>, tensor<2x2xi64>, tensor<2x5000xi32>, tensor<1xi64>, tensor<1xi64>) {
  %v, %i = ten.partition %x dim 0 kth [0, 500, 50000, 99999] : tensor<100000xf64> -> tensor<100000xf64>, tensor<100000xi64>
  %k = ten.constant dense<[0, 500, 50000, 99999]> : tensor<4xi64>
  %vk = ten.take clip %v, %k dim 0 : (tensor<100000xf64>, tensor<4xi64>) -> tensor<4xf64>
  %ik = ten.take clip %i, %k dim 0 : (tensor<100000xi64>, tensor<4xi64>) -> tensor<4xi64>
  %s, %unused = ten.sort %v dim 0 : tensor<100000xf64> -> tensor<100000xf64>, tensor<100000xi64>
  %w, %j = ten.partition %y dim 1 kth [10, 2500] : tensor<2x5000xi32> -> tensor<2x5000xi32>, tensor<2x5000xi64>
  %m = ten.constant dense<[10, 2500]> : tensor<2xi64>
  %wm = ten.take clip %w, %m dim 1 : (tensor<2x5000xi32>, tensor<2xi64>) -> tensor<2x2xi32>
  %jm = ten.take clip %j, %m dim 1 : (tensor<2x5000xi64>, tensor<2xi64>) -> tensor<2x2xi64>
  %ws, %unused2 = ten.sort %w dim 1 : tensor<2x5000xi32> -> tensor<2x5000xi32>, tensor<2x5000xi64>
  %u, %l = ten.partition %z dim 0 kth [1500] : tensor<3000xi64> -> tensor<3000xi64>, tensor<3000xi64>
  %lk = ten.slice %l [1500:1501] : tensor<3000xi64> -> tensor<1xi64>
  %uk = ten.slice %u [1500:1501] : tensor<3000xi64> -> tensor<1xi64>
  return %vk, %ik, %s, %wm, %jm, %ws, %lk, %uk : tensor<4xf64>, tensor<4xi64>, tensor<100000xf64>, tensor<2x2xi32>, tensor<2x2xi64>, tensor<2x5000xi32>, tensor<1xi64>, tensor<1xi64>
}

// A long line about positions close together, which the CPU target first
// splits about a band of elements from a sample (on both threads where it
// is the only line): two neighbours of random doubles; one position of
// floats with many ties, descending (the index a stable argsort's); one
// position whose indices are not used.
// NUMPY @partition_band: x = rand(100000, dtype=f64); y = randint(40000, dtype=i32, low=-50, high=50).astype(np.float32); args = [x, y]
// NUMPY @partition_band: results = [np.sort(x)[[49999, 50000]], np.argsort(x, kind="stable")[[49999, 50000]], np.sort(x), np.sort(y)[::-1][[30000]], np.argsort(-y, kind="stable")[[30000]], np.sort(x)[[70000]]]
func.func @partition_band(%x: tensor<100000xf64>, %y: tensor<40000xf32>)
    -> (tensor<2xf64>, tensor<2xi64>, tensor<100000xf64>, tensor<1xf32>, tensor<1xi64>, tensor<1xf64>) {
  %v, %i = ten.partition %x dim 0 kth [49999, 50000] : tensor<100000xf64> -> tensor<100000xf64>, tensor<100000xi64>
  %k = ten.constant dense<[49999, 50000]> : tensor<2xi64>
  %vk = ten.take clip %v, %k dim 0 : (tensor<100000xf64>, tensor<2xi64>) -> tensor<2xf64>
  %ik = ten.take clip %i, %k dim 0 : (tensor<100000xi64>, tensor<2xi64>) -> tensor<2xi64>
  %s, %unused = ten.sort %v dim 0 : tensor<100000xf64> -> tensor<100000xf64>, tensor<100000xi64>
  %w, %j = ten.partition %y dim 0 kth [30000] descending : tensor<40000xf32> -> tensor<40000xf32>, tensor<40000xi64>
  %wk = ten.slice %w [30000:30001] : tensor<40000xf32> -> tensor<1xf32>
  %jk = ten.slice %j [30000:30001] : tensor<40000xi64> -> tensor<1xi64>
  %u, %unused2 = ten.partition %x dim 0 kth [70000] : tensor<100000xf64> -> tensor<100000xf64>, tensor<100000xi64>
  %uk = ten.slice %u [70000:70001] : tensor<100000xf64> -> tensor<1xf64>
  return %vk, %ik, %s, %wk, %jk, %uk : tensor<2xf64>, tensor<2xi64>, tensor<100000xf64>, tensor<1xf32>, tensor<1xi64>, tensor<1xf64>
}

// NaN after every number, infinities in their place, -0 equal to +0 (ties
// in order), in a short line and a long one; values alone (no indices to
// carry) too. Descending: the largest first, NaN first.
// NUMPY @partition_special: x = np.array([[np.nan, 1, -np.inf, -0.0, 0.0, np.inf, -1, np.nan, 0.0, -0.0]], f32); y = np.tile(x, (1, 20)); args = [x, y]
// NUMPY @partition_special: k = [0, 3, 4, 8, 9]; m = [0, 60, 100, 199]; results = [np.sort(x, axis=1)[:, k], np.argsort(x, axis=1, kind="stable")[:, k], np.sort(y, axis=1)[:, m], np.argsort(y, axis=1, kind="stable")[:, m], np.sort(y, axis=1)[:, m], np.array([[np.nan, np.nan, 0.0, -np.inf]], f32), np.array([[0, 7, 4, 2]])]
func.func @partition_special(%x: tensor<1x10xf32>, %y: tensor<1x200xf32>) -> (tensor<1x5xf32>, tensor<1x5xi64>, tensor<1x4xf32>, tensor<1x4xi64>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xi64>) {
  %v, %i = ten.partition %x dim 1 kth [0, 3, 4, 8, 9] : tensor<1x10xf32> -> tensor<1x10xf32>, tensor<1x10xi64>
  %k = ten.constant dense<[0, 3, 4, 8, 9]> : tensor<5xi64>
  %vk = ten.take clip %v, %k dim 1 : (tensor<1x10xf32>, tensor<5xi64>) -> tensor<1x5xf32>
  %ik = ten.take clip %i, %k dim 1 : (tensor<1x10xi64>, tensor<5xi64>) -> tensor<1x5xi64>
  %w, %j = ten.partition %y dim 1 kth [0, 60, 100, 199] : tensor<1x200xf32> -> tensor<1x200xf32>, tensor<1x200xi64>
  %m = ten.constant dense<[0, 60, 100, 199]> : tensor<4xi64>
  %wm = ten.take clip %w, %m dim 1 : (tensor<1x200xf32>, tensor<4xi64>) -> tensor<1x4xf32>
  %jm = ten.take clip %j, %m dim 1 : (tensor<1x200xi64>, tensor<4xi64>) -> tensor<1x4xi64>
  %u, %unused = ten.partition %y dim 1 kth [0, 60, 100, 199] : tensor<1x200xf32> -> tensor<1x200xf32>, tensor<1x200xi64>
  %um = ten.take clip %u, %m dim 1 : (tensor<1x200xf32>, tensor<4xi64>) -> tensor<1x4xf32>
  %d, %e = ten.partition %x dim 1 kth [0, 1, 5, 9] descending : tensor<1x10xf32> -> tensor<1x10xf32>, tensor<1x10xi64>
  %n = ten.constant dense<[0, 1, 5, 9]> : tensor<4xi64>
  %dn = ten.take clip %d, %n dim 1 : (tensor<1x10xf32>, tensor<4xi64>) -> tensor<1x4xf32>
  %en = ten.take clip %e, %n dim 1 : (tensor<1x10xi64>, tensor<4xi64>) -> tensor<1x4xi64>
  return %vk, %ik, %wm, %jm, %um, %dn, %en : tensor<1x5xf32>, tensor<1x5xi64>, tensor<1x4xf32>, tensor<1x4xi64>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<1x4xi64>
}

// Every element type: integers of every width and signedness (extremes
// included), booleans, half floats, complex numbers (by real parts, then
// imaginary parts, a NaN part after the numbers).
// NUMPY @partition_types: a = extremes(i64); b = extremes(u64); c = extremes(u8); d = extremes(i16); e = randbool(50); f = rand(40, dtype=f16); g = rand(40, dtype=bf16); h = extremes(u32); p = np.array([2+1j, 1+5j, complex(np.nan, 0), 1-1j, complex(1, np.nan), 2+1j, complex(np.nan, np.nan), -3+0j], np.complex128); q = (rand(4, 9) + 1j * rand(4, 9)).astype(np.complex64); args = [a, b, c, d, e, f, g, h, p, q]
// NUMPY @partition_types: k = [1, 6, 11]; l = [0, 20, 49]; m = [3, 39]; results = [np.sort(a)[k], np.sort(b)[k], np.sort(c)[k], np.sort(d)[k], np.sort(e)[l], np.argsort(e, kind="stable")[l], np.sort(f)[m], np.sort(g)[m], np.sort(h)[k], np.sort(p)[[0, 3, 5, 7]], np.argsort(p, kind="stable")[[0, 3, 5, 7]], np.sort(q, axis=1)[:, [4]], np.argsort(q, axis=1, kind="stable")[:, [4]]]
func.func @partition_types(%a: tensor<12xi64>, %b: tensor<12xui64>, %c: tensor<12xui8>, %d: tensor<12xi16>, %e: tensor<50xi1>, %f: tensor<40xf16>, %g: tensor<40xbf16>, %h: tensor<12xui32>, %p: tensor<8xcomplex<f64>>, %q: tensor<4x9xcomplex<f32>>)
    -> (tensor<3xi64>, tensor<3xui64>, tensor<3xui8>, tensor<3xi16>, tensor<3xi1>, tensor<3xi64>, tensor<2xf16>, tensor<2xbf16>, tensor<3xui32>, tensor<4xcomplex<f64>>, tensor<4xi64>, tensor<4x1xcomplex<f32>>, tensor<4x1xi64>) {
  %k = ten.constant dense<[1, 6, 11]> : tensor<3xi64>
  %l = ten.constant dense<[0, 20, 49]> : tensor<3xi64>
  %m = ten.constant dense<[3, 39]> : tensor<2xi64>
  %n = ten.constant dense<[0, 3, 5, 7]> : tensor<4xi64>
  %o = ten.constant dense<[4]> : tensor<1xi64>
  %a1, %a2 = ten.partition %a dim 0 kth [1, 6, 11] : tensor<12xi64> -> tensor<12xi64>, tensor<12xi64>
  %b1, %b2 = ten.partition %b dim 0 kth [1, 6, 11] : tensor<12xui64> -> tensor<12xui64>, tensor<12xi64>
  %c1, %c2 = ten.partition %c dim 0 kth [1, 6, 11] : tensor<12xui8> -> tensor<12xui8>, tensor<12xi64>
  %d1, %d2 = ten.partition %d dim 0 kth [1, 6, 11] : tensor<12xi16> -> tensor<12xi16>, tensor<12xi64>
  %e1, %e2 = ten.partition %e dim 0 kth [0, 20, 49] : tensor<50xi1> -> tensor<50xi1>, tensor<50xi64>
  %f1, %f2 = ten.partition %f dim 0 kth [3, 39] : tensor<40xf16> -> tensor<40xf16>, tensor<40xi64>
  %g1, %g2 = ten.partition %g dim 0 kth [3, 39] : tensor<40xbf16> -> tensor<40xbf16>, tensor<40xi64>
  %h1, %h2 = ten.partition %h dim 0 kth [1, 6, 11] : tensor<12xui32> -> tensor<12xui32>, tensor<12xi64>
  %p1, %p2 = ten.partition %p dim 0 kth [0, 3, 5, 7] : tensor<8xcomplex<f64>> -> tensor<8xcomplex<f64>>, tensor<8xi64>
  %q1, %q2 = ten.partition %q dim 1 kth [4] : tensor<4x9xcomplex<f32>> -> tensor<4x9xcomplex<f32>>, tensor<4x9xi64>
  %ra = ten.take clip %a1, %k dim 0 : (tensor<12xi64>, tensor<3xi64>) -> tensor<3xi64>
  %rb = ten.take clip %b1, %k dim 0 : (tensor<12xui64>, tensor<3xi64>) -> tensor<3xui64>
  %rc = ten.take clip %c1, %k dim 0 : (tensor<12xui8>, tensor<3xi64>) -> tensor<3xui8>
  %rd = ten.take clip %d1, %k dim 0 : (tensor<12xi16>, tensor<3xi64>) -> tensor<3xi16>
  %re = ten.take clip %e1, %l dim 0 : (tensor<50xi1>, tensor<3xi64>) -> tensor<3xi1>
  %ri = ten.take clip %e2, %l dim 0 : (tensor<50xi64>, tensor<3xi64>) -> tensor<3xi64>
  %rf = ten.take clip %f1, %m dim 0 : (tensor<40xf16>, tensor<2xi64>) -> tensor<2xf16>
  %rg = ten.take clip %g1, %m dim 0 : (tensor<40xbf16>, tensor<2xi64>) -> tensor<2xbf16>
  %rh = ten.take clip %h1, %k dim 0 : (tensor<12xui32>, tensor<3xi64>) -> tensor<3xui32>
  %rp = ten.take clip %p1, %n dim 0 : (tensor<8xcomplex<f64>>, tensor<4xi64>) -> tensor<4xcomplex<f64>>
  %rj = ten.take clip %p2, %n dim 0 : (tensor<8xi64>, tensor<4xi64>) -> tensor<4xi64>
  %rq = ten.take clip %q1, %o dim 1 : (tensor<4x9xcomplex<f32>>, tensor<1xi64>) -> tensor<4x1xcomplex<f32>>
  %rk = ten.take clip %q2, %o dim 1 : (tensor<4x9xi64>, tensor<1xi64>) -> tensor<4x1xi64>
  return %ra, %rb, %rc, %rd, %re, %ri, %rf, %rg, %rh, %rp, %rj, %rq, %rk : tensor<3xi64>, tensor<3xui64>, tensor<3xui8>, tensor<3xi16>, tensor<3xi1>, tensor<3xi64>, tensor<2xf16>, tensor<2xbf16>, tensor<3xui32>, tensor<4xcomplex<f64>>, tensor<4xi64>, tensor<4x1xcomplex<f32>>, tensor<4x1xi64>
}

// A line whose length the run gives.
// NUMPY @partition_dynamic: x = rand(2000, dtype=f32); args = [x]
// NUMPY @partition_dynamic: results = [np.sort(x)[[3, 1999]], np.argsort(x, kind="stable")[[3, 1999]]]
func.func @partition_dynamic(%x: tensor<?xf32>) -> (tensor<2xf32>, tensor<2xi64>) {
  %v, %i = ten.partition %x dim 0 kth [3, 1999] : tensor<?xf32> -> tensor<?xf32>, tensor<?xi64>
  %k = ten.constant dense<[3, 1999]> : tensor<2xi64>
  %vk = ten.take clip %v, %k dim 0 : (tensor<?xf32>, tensor<2xi64>) -> tensor<2xf32>
  %ik = ten.take clip %i, %k dim 0 : (tensor<?xi64>, tensor<2xi64>) -> tensor<2xi64>
  return %vk, %ik : tensor<2xf32>, tensor<2xi64>
}
