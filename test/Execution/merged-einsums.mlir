// Products of products, which ten-merge-einsums makes one einsum for the
// einsum path to order: a chain ending in a vector (which must not form
// the square product), batches that broadcast from 1 through ellipses,
// dynamic sizes, a summed label of the inner product that meets a letter
// of the outer equation, checked against NumPy.
// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// NUMPY @projection: a = rand(300, 20, dtype=f64); b = rand(20, 300, dtype=f64); x = rand(300, dtype=f64); args = [a, b, x]; results = [a @ b @ x]; rtol = 1e-10; atol = 1e-10
func.func @projection(%a: tensor<300x20xf64>, %b: tensor<20x300xf64>, %x: tensor<300xf64>) -> tensor<300xf64> {
  %p = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<300x20xf64>, tensor<20x300xf64>) -> tensor<300x300xf64>
  %y = ten.einsum "ik,k->i" (%p, %x) : (tensor<300x300xf64>, tensor<300xf64>) -> tensor<300xf64>
  return %y : tensor<300xf64>
}

// NUMPY @batches: a = rand(1, 5, 6); b = rand(3, 6, 7); c = rand(2, 7); args = [a, b, c]; results = [np.einsum("...ik,nk->...in", a @ b, c)]; rtol = 1e-4; atol = 1e-5
func.func @batches(%a: tensor<1x5x6xf32>, %b: tensor<3x6x7xf32>, %c: tensor<2x7xf32>) -> tensor<3x5x2xf32> {
  %p = ten.einsum "...ij,...jk->...ik" (%a, %b) : (tensor<1x5x6xf32>, tensor<3x6x7xf32>) -> tensor<3x5x7xf32>
  %y = ten.einsum "...ik,nk->...in" (%p, %c) : (tensor<3x5x7xf32>, tensor<2x7xf32>) -> tensor<3x5x2xf32>
  return %y : tensor<3x5x2xf32>
}

// The inner product sums j, a letter the outer equation uses for
// something else.
// NUMPY @letters: a = rand(4, 5); b = rand(5, 6); c = rand(6, 3); args = [a, b, c]; results = [(a @ b) @ c]; rtol = 1e-4; atol = 1e-5
func.func @letters(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %p = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %y = ten.einsum "ij,jk->ik" (%p, %c) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
