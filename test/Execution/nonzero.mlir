// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// ten.nonzero: NumPy's flatnonzero, a result whose size the data decide,
// and what reads through it: a masked read (a take at the positions) and a
// reduction of it.

// Every element class: NaN is nonzero, -0.0 is zero, a complex number is
// nonzero if either part is; 0-d, empty and all-zero inputs.
// NUMPY @nonzero_types: a = np.array([[0.0, -0.0, np.nan], [1.0, 0.0, -2.0]], f32); b = randbool(7); c = np.array([0, 1j, 0, 2 + 0j], np.complex64); d = np.array([0, 255, 0, 7], u8); e = np.array(5, i32); z = np.zeros((3, 0), f64); w = np.zeros(6, f16); args = [a, b, c, d, e, z, w]
// NUMPY @nonzero_types: results = [np.flatnonzero(x) for x in (a, b, c, d, e, z, w)]
func.func @nonzero_types(%a: tensor<2x3xf32>, %b: tensor<7xi1>, %c: tensor<4xcomplex<f32>>, %d: tensor<4xui8>, %e: tensor<i32>, %z: tensor<3x0xf64>, %w: tensor<?xf16>)
    -> (tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>) {
  %0 = ten.nonzero %a : tensor<2x3xf32>
  %1 = ten.nonzero %b : tensor<7xi1>
  %2 = ten.nonzero %c : tensor<4xcomplex<f32>>
  %3 = ten.nonzero %d : tensor<4xui8>
  %4 = ten.nonzero %e : tensor<i32>
  %5 = ten.nonzero %z : tensor<3x0xf64>
  %6 = ten.nonzero %w : tensor<?xf16>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>
}

// A masked read x[x > 0] and its sum, from a large input.
// NUMPY @masked: x = rand(300, 500); args = [x]
// NUMPY @masked: results = [x[x > 0], x[x > 0].sum()]; rtol = 1e-4
func.func @masked(%x: tensor<300x500xf32>) -> (tensor<?xf32>, tensor<f32>) {
  %zero = ten.constant dense<0.0> : tensor<f32>
  %m = ten.cmp gt, %x, %zero : (tensor<300x500xf32>, tensor<f32>) -> tensor<300x500xi1>
  %p = ten.nonzero %m : tensor<300x500xi1>
  %flat = ten.reshape %x : tensor<300x500xf32> -> tensor<150000xf32>
  %v = ten.take clip %flat, %p dim 0 : (tensor<150000xf32>, tensor<?xi64>) -> tensor<?xf32>
  %s = ten.reduce sum %v dims [0] : tensor<?xf32> -> tensor<f32>
  return %v, %s : tensor<?xf32>, tensor<f32>
}
