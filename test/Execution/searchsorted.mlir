// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// ten.searchsorted: NumPy's searchsorted, both sides, every element class
// (NaN last, unsigned order, booleans), an empty vector, 0-d values and
// dynamic sizes; and a histogram's bin numbers feeding a count.

// NUMPY @search_f32: a = np.sort(rand(50)); a[-3:] = np.nan; v = np.concatenate([rand(20), a[[0, 5, 49]], [np.nan, -2.0, 2.0]]).astype(f32).reshape(2, 13); args = [a, v]
// NUMPY @search_f32: results = [np.searchsorted(a, v), np.searchsorted(a, v, side="right")]
func.func @search_f32(%a: tensor<50xf32>, %v: tensor<2x13xf32>) -> (tensor<2x13xi64>, tensor<2x13xi64>) {
  %0 = ten.searchsorted left %a, %v : (tensor<50xf32>, tensor<2x13xf32>) -> tensor<2x13xi64>
  %1 = ten.searchsorted right %a, %v : (tensor<50xf32>, tensor<2x13xf32>) -> tensor<2x13xi64>
  return %0, %1 : tensor<2x13xi64>, tensor<2x13xi64>
}

// NUMPY @search_types: a = np.sort(randint(30, dtype=i8)); v = randint(10, dtype=i8, low=-12, high=12); b = np.array([1, 7, 7, 200, 250], u8); w = np.array([0, 7, 100, 201, 255], u8); c = np.array([False, False, True]); x = np.array([True, False]); d = np.sort(rand(9, dtype=f16)); y = rand(4, dtype=f16); e = np.zeros(0, f64); z = rand(3, dtype=f64); k = np.array(7, u8); args = [a, v, b, w, c, x, d, y, e, z, k]
// NUMPY @search_types: results = [np.searchsorted(a, v), np.searchsorted(a, v, side="right"), np.searchsorted(b, w), np.searchsorted(b, w, side="right"), np.searchsorted(c, x, side="right"), np.searchsorted(d, y), np.searchsorted(e, z), np.searchsorted(b, k, side="right")]
func.func @search_types(%a: tensor<30xi8>, %v: tensor<10xi8>, %b: tensor<5xui8>, %w: tensor<5xui8>, %c: tensor<3xi1>, %x: tensor<2xi1>,
                        %d: tensor<9xf16>, %y: tensor<4xf16>, %e: tensor<?xf64>, %z: tensor<?xf64>, %k: tensor<ui8>)
    -> (tensor<10xi64>, tensor<10xi64>, tensor<5xi64>, tensor<5xi64>, tensor<2xi64>, tensor<4xi64>, tensor<?xi64>, tensor<i64>) {
  %0 = ten.searchsorted left %a, %v : (tensor<30xi8>, tensor<10xi8>) -> tensor<10xi64>
  %1 = ten.searchsorted right %a, %v : (tensor<30xi8>, tensor<10xi8>) -> tensor<10xi64>
  %2 = ten.searchsorted left %b, %w : (tensor<5xui8>, tensor<5xui8>) -> tensor<5xi64>
  %3 = ten.searchsorted right %b, %w : (tensor<5xui8>, tensor<5xui8>) -> tensor<5xi64>
  %4 = ten.searchsorted right %c, %x : (tensor<3xi1>, tensor<2xi1>) -> tensor<2xi64>
  %5 = ten.searchsorted left %d, %y : (tensor<9xf16>, tensor<4xf16>) -> tensor<4xi64>
  %6 = ten.searchsorted left %e, %z : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xi64>
  %7 = ten.searchsorted right %b, %k : (tensor<5xui8>, tensor<ui8>) -> tensor<i64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<10xi64>, tensor<10xi64>, tensor<5xi64>, tensor<5xi64>, tensor<2xi64>, tensor<4xi64>, tensor<?xi64>, tensor<i64>
}

// Bin numbers of 10^4 samples over 11 edges, counted per bin by a sum of
// one-hot rows (np.histogram's counts for samples inside the edges).
// NUMPY @bins: edges = np.linspace(-1, 1, 11).astype(f32); x = rand(10000, low=-0.99, high=0.99); args = [edges, x]
// NUMPY @bins: results = [np.searchsorted(edges, x, side="right"), np.histogram(x, bins=edges)[0].astype(np.int64)]
func.func @bins(%edges: tensor<11xf32>, %x: tensor<10000xf32>) -> (tensor<10000xi64>, tensor<10xi64>) {
  %i = ten.searchsorted right %edges, %x : (tensor<11xf32>, tensor<10000xf32>) -> tensor<10000xi64>
  %bin = ten.iota 1 : tensor<10000x10xi64>
  %one = ten.constant dense<1> : tensor<i64>
  %binOf = ten.sub %i, %one : (tensor<10000xi64>, tensor<i64>) -> tensor<10000xi64>
  %col = ten.reshape %binOf : tensor<10000xi64> -> tensor<10000x1xi64>
  %hit = ten.cmp eq, %col, %bin : (tensor<10000x1xi64>, tensor<10000x10xi64>) -> tensor<10000x10xi1>
  %n = ten.cast %hit : tensor<10000x10xi1> -> tensor<10000x10xi64>
  %counts = ten.reduce sum %n dims [0] : tensor<10000x10xi64> -> tensor<10xi64>
  return %i, %counts : tensor<10000xi64>, tensor<10xi64>
}

// Complex numbers in ten.sort's order, NumPy's: the real parts, then the
// imaginary parts, a NaN part last (R + Rj, R + nanj, nan + Rj, nan + nanj).
// NUMPY @search_complex: a = np.sort(np.array([2 + 1j, complex(np.nan, 0), 1 - 1j, complex(1, np.nan), complex(np.nan, np.nan), -3 + 0j, 2 + 1j, 2 - 5j])); v = np.array([2 + 1j, 2 + 0.5j, -4 + 9j, 1 - 1j, complex(1, np.nan), complex(np.nan, 1), 5 + 0j]); args = [a, v, a.astype(np.complex64), v.astype(np.complex64)]
// NUMPY @search_complex: results = [np.searchsorted(a, v), np.searchsorted(a, v, side="right"), np.searchsorted(a.astype(np.complex64), v.astype(np.complex64), side="right")]
func.func @search_complex(%a: tensor<8xcomplex<f64>>, %v: tensor<7xcomplex<f64>>, %b: tensor<8xcomplex<f32>>, %w: tensor<7xcomplex<f32>>) -> (tensor<7xi64>, tensor<7xi64>, tensor<7xi64>) {
  %0 = ten.searchsorted left %a, %v : (tensor<8xcomplex<f64>>, tensor<7xcomplex<f64>>) -> tensor<7xi64>
  %1 = ten.searchsorted right %a, %v : (tensor<8xcomplex<f64>>, tensor<7xcomplex<f64>>) -> tensor<7xi64>
  %2 = ten.searchsorted right %b, %w : (tensor<8xcomplex<f32>>, tensor<7xcomplex<f32>>) -> tensor<7xi64>
  return %0, %1, %2 : tensor<7xi64>, tensor<7xi64>, tensor<7xi64>
}
