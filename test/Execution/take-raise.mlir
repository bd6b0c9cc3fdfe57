// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// ten.take of mode raise: NumPy's take, negative indices from the end; an
// index out of range stops the run (checked below, and in
// test/tensor-run/take-out-of-range.test).

// NUMPY @take_raise: x = rand(5, 6); i = np.array([[0, -1], [5, -6]]); args = [x, i]
// NUMPY @take_raise: results = [np.take(x, i, axis=1), np.take(x, i[0], axis=0), np.take(x.ravel(), i)]
func.func @take_raise(%x: tensor<5x6xf32>, %i: tensor<2x2xi64>) -> (tensor<5x2x2xf32>, tensor<2x6xf32>, tensor<2x2xf32>) {
  %0 = ten.take raise %x, %i dim 1 : (tensor<5x6xf32>, tensor<2x2xi64>) -> tensor<5x2x2xf32>
  %r = ten.slice %i [0:1, :] : tensor<2x2xi64> -> tensor<1x2xi64>
  %row = ten.reshape %r : tensor<1x2xi64> -> tensor<2xi64>
  %1 = ten.take raise %x, %row dim 0 : (tensor<5x6xf32>, tensor<2xi64>) -> tensor<2x6xf32>
  %flat = ten.reshape %x : tensor<5x6xf32> -> tensor<30xf32>
  %2 = ten.take raise %flat, %i dim 0 : (tensor<30xf32>, tensor<2x2xi64>) -> tensor<2x2xf32>
  return %0, %1, %2 : tensor<5x2x2xf32>, tensor<2x6xf32>, tensor<2x2xf32>
}

// Dynamic sizes, and a dimension of size 0 with no index.
// NUMPY @take_dynamic: x = rand(7, 3, dtype=f64); i = np.array([6, -7, 3]); e = np.zeros((0, 3)); n = np.zeros((0,), np.int64); args = [x, i, e, n]
// NUMPY @take_dynamic: results = [np.take(x, i, axis=0), np.take(e, n, axis=0)]
func.func @take_dynamic(%x: tensor<?x3xf64>, %i: tensor<?xi64>, %e: tensor<?x3xf64>, %n: tensor<?xi64>) -> (tensor<?x3xf64>, tensor<?x3xf64>) {
  %0 = ten.take raise %x, %i dim 0 : (tensor<?x3xf64>, tensor<?xi64>) -> tensor<?x3xf64>
  %1 = ten.take raise %e, %n dim 0 : (tensor<?x3xf64>, tensor<?xi64>) -> tensor<?x3xf64>
  return %0, %1 : tensor<?x3xf64>, tensor<?x3xf64>
}
