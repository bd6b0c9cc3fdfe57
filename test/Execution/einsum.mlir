// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// NUMPY @matmul: a = rand(5, 6); b = rand(6, 7); args = [a, b]; results = [np.einsum("ij,jk->ik", a, b)]
func.func @matmul(%a: tensor<5x6xf32>, %b: tensor<6x7xf32>) -> tensor<5x7xf32> {
  %0 = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<5x6xf32>, tensor<6x7xf32>) -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

// NUMPY @batch_matmul: a = rand(3, 4, 5, dtype=f64); b = rand(3, 5, 2, dtype=f64); args = [a, b]; results = [a @ b]; rtol = 1e-12
func.func @batch_matmul(%a: tensor<3x4x5xf64>, %b: tensor<3x5x2xf64>) -> tensor<3x4x2xf64> {
  %0 = ten.einsum "bij,bjk->bik" (%a, %b) : (tensor<3x4x5xf64>, tensor<3x5x2xf64>) -> tensor<3x4x2xf64>
  return %0 : tensor<3x4x2xf64>
}

// NUMPY @attention_scores: q = rand(2, 3, 4, 8); k = rand(2, 3, 5, 8); args = [q, k]; results = [np.einsum("bhqd,bhkd->bhqk", q, k)]
func.func @attention_scores(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x5x8xf32>) -> tensor<2x3x4x5xf32> {
  %0 = ten.einsum "bhqd,bhkd->bhqk" (%q, %k) : (tensor<2x3x4x8xf32>, tensor<2x3x5x8xf32>) -> tensor<2x3x4x5xf32>
  return %0 : tensor<2x3x4x5xf32>
}

// NUMPY @diagonal_trace: m = rand(5, 5); args = [m]; results = [np.einsum("ii->i", m), np.einsum("ii->", m), np.einsum("ii", m)]
func.func @diagonal_trace(%m: tensor<5x5xf32>) -> (tensor<5xf32>, tensor<f32>, tensor<f32>) {
  %0 = ten.einsum "ii->i" (%m) : (tensor<5x5xf32>) -> tensor<5xf32>
  %1 = ten.einsum "ii->" (%m) : (tensor<5x5xf32>) -> tensor<f32>
  %2 = ten.einsum "ii" (%m) : (tensor<5x5xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<5xf32>, tensor<f32>, tensor<f32>
}

// NUMPY @ellipsis: a = randint(2, 3, 4, 5, dtype=i64); b = randint(5, 2, dtype=i64); args = [a, b]; results = [np.einsum("...ij,...jk->...ik", a, b), np.einsum("...ij,...jk", a, b)]
func.func @ellipsis(%a: tensor<2x3x4x5xi64>, %b: tensor<5x2xi64>) -> (tensor<2x3x4x2xi64>, tensor<2x3x4x2xi64>) {
  %0 = ten.einsum "...ij,...jk->...ik" (%a, %b) : (tensor<2x3x4x5xi64>, tensor<5x2xi64>) -> tensor<2x3x4x2xi64>
  %1 = ten.einsum "...ij,...jk" (%a, %b) : (tensor<2x3x4x5xi64>, tensor<5x2xi64>) -> tensor<2x3x4x2xi64>
  return %0, %1 : tensor<2x3x4x2xi64>, tensor<2x3x4x2xi64>
}

// NUMPY @outer_implicit: u = rand(3); v = rand(4); m = rand(4, 3); args = [u, v, m]; results = [np.einsum("i,j->ij", u, v), np.einsum("ba", m), np.einsum("i,i", u, u)]
func.func @outer_implicit(%u: tensor<3xf32>, %v: tensor<4xf32>, %m: tensor<4x3xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<f32>) {
  %0 = ten.einsum "i,j->ij" (%u, %v) : (tensor<3xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %1 = ten.einsum "ba" (%m) : (tensor<4x3xf32>) -> tensor<3x4xf32>
  %2 = ten.einsum "i,i" (%u, %u) : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<f32>
}

// Four operands; a size-1 label broadcasts.
// NUMPY @chain: a = rand(2, 3); b = rand(3, 4); c = rand(4, 5); d = rand(5, 2); e = rand(1, 4)
// NUMPY @chain: args = [a, b, c, d, e]; results = [np.einsum("ab,bc,cd,de->ae", a, b, c, d), np.einsum("ij,jk->ik", a, e)]; rtol = 1e-4
func.func @chain(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<4x5xf32>, %d: tensor<5x2xf32>, %e: tensor<1x4xf32>) -> (tensor<2x2xf32>, tensor<2x4xf32>) {
  %0 = ten.einsum "ab,bc,cd,de->ae" (%a, %b, %c, %d) : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4x5xf32>, tensor<5x2xf32>) -> tensor<2x2xf32>
  %1 = ten.einsum "ij,jk->ik" (%a, %e) : (tensor<2x3xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
  return %0, %1 : tensor<2x2xf32>, tensor<2x4xf32>
}

// NUMPY @dynamic_matmul: a = rand(3, 7); b = rand(7, 2); args = [a, b]; results = [a @ b]
func.func @dynamic_matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// f16 accumulates in f32; i1 sums are "or".
// NUMPY @half_and_bool: a = rand(4, 64, dtype=f16); b = rand(64, 3, dtype=f16); p = randbool(4, 5); q = randbool(5, 2)
// NUMPY @half_and_bool: args = [a, b, p, q]; results = [(a.astype(f32) @ b.astype(f32)).astype(f16), np.einsum("ij,jk->ik", p, q)]; rtol = 1e-2; atol = 1e-3
func.func @half_and_bool(%a: tensor<4x64xf16>, %b: tensor<64x3xf16>, %p: tensor<4x5xi1>, %q: tensor<5x2xi1>) -> (tensor<4x3xf16>, tensor<4x2xi1>) {
  %0 = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<4x64xf16>, tensor<64x3xf16>) -> tensor<4x3xf16>
  %1 = ten.einsum "ij,jk->ik" (%p, %q) : (tensor<4x5xi1>, tensor<5x2xi1>) -> tensor<4x2xi1>
  return %0, %1 : tensor<4x3xf16>, tensor<4x2xi1>
}

// A chain of dynamic sizes runs the order that its sizes make cheapest,
// chosen at run time (ten-einsum-path): a (b c) for a thin c, (a b) c for
// a thin a; and a four-operand chain with a choice among more orders.
// NUMPY @dynamic_chain_thin_c: a = rand(40, 30); b = rand(30, 50); c = rand(50, 2); args = [a, b, c]; results = [a @ b @ c]; rtol = 1e-4
func.func @dynamic_chain_thin_c(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// NUMPY @dynamic_chain_thin_a: a = rand(2, 30); b = rand(30, 50); c = rand(50, 40); args = [a, b, c]; results = [a @ b @ c]; rtol = 1e-4
func.func @dynamic_chain_thin_a(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// NUMPY @dynamic_chain_four: a = rand(3, 20, dtype=f64); b = rand(20, 2, dtype=f64); c = rand(2, 30, dtype=f64); d = rand(30, 5, dtype=f64); args = [a, b, c, d]; results = [a @ b @ c @ d]; rtol = 1e-10
func.func @dynamic_chain_four(%a: tensor<?x?xf64>, %b: tensor<?x?xf64>, %c: tensor<?x?xf64>, %d: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %0 = ten.einsum "ab,bc,cd,de->ae" (%a, %b, %c, %d) : (tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>) -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}

// An output without '...' sums the dimensions the '...' stand for, as
// NumPy's optimized einsum (optimize=True), PyTorch and JAX do; dynamic
// sizes and a size-1 broadcast among them.
// NUMPY @ellipsis_summed: a = rand(2, 3, 4, dtype=f64); b = rand(3, 1, dtype=f64); E = lambda *x: np.einsum(*x, optimize=True); args = [a, b]; results = [E("...->", a), E("...a->", a), E("a...b->ab", a), E("...a->a", a), E("...,...->", a, b), E("...ij,j...->i", a, rand(4, 1, dtype=f64) * 0 + 1)]; rtol = 1e-12
func.func @ellipsis_summed(%a: tensor<?x3x?xf64>, %b: tensor<3x1xf64>) -> (tensor<f64>, tensor<f64>, tensor<?x?xf64>, tensor<?xf64>, tensor<f64>, tensor<3xf64>) {
  %ones = ten.constant dense<1.0> : tensor<4x1xf64>
  %0 = ten.einsum "...->" (%a) : (tensor<?x3x?xf64>) -> tensor<f64>
  %1 = ten.einsum "...a->" (%a) : (tensor<?x3x?xf64>) -> tensor<f64>
  %2 = ten.einsum "a...b->ab" (%a) : (tensor<?x3x?xf64>) -> tensor<?x?xf64>
  %3 = ten.einsum "...a->a" (%a) : (tensor<?x3x?xf64>) -> tensor<?xf64>
  %4 = ten.einsum "...,...->" (%a, %b) : (tensor<?x3x?xf64>, tensor<3x1xf64>) -> tensor<f64>
  %5 = ten.einsum "...ij,j...->i" (%a, %ones) : (tensor<?x3x?xf64>, tensor<4x1xf64>) -> tensor<3xf64>
  return %0, %1, %2, %3, %4, %5 : tensor<f64>, tensor<f64>, tensor<?x?xf64>, tensor<?xf64>, tensor<f64>, tensor<3xf64>
}

// Operands that are transposes, read through the permutation (canonicalized
// into the einsum's letters): x @ w.T, a transposed A, a 3-d permutation.
// NUMPY @through_transposes: x = rand(5, 7); w = rand(6, 7); p = rand(3, 4, 7); b = rand(2, 3, 7); args = [x, w, p, b]; results = [x @ w.T, x.T.T @ w.T, np.einsum('...bk,bkq->...bq', b, p.transpose(0, 2, 1))]; rtol = 1e-5; atol = 1e-6
func.func @through_transposes(%x: tensor<5x7xf32>, %w: tensor<6x7xf32>, %p: tensor<3x4x7xf32>, %b: tensor<2x3x7xf32>)
    -> (tensor<5x6xf32>, tensor<5x6xf32>, tensor<2x3x4xf32>) {
  %wt = ten.transpose %w [1, 0] : tensor<6x7xf32> -> tensor<7x6xf32>
  %0 = ten.einsum "...ij,...jk->...ik" (%x, %wt) : (tensor<5x7xf32>, tensor<7x6xf32>) -> tensor<5x6xf32>
  %xt = ten.transpose %x [1, 0] : tensor<5x7xf32> -> tensor<7x5xf32>
  %1 = ten.einsum "ji,jk->ik" (%xt, %wt) : (tensor<7x5xf32>, tensor<7x6xf32>) -> tensor<5x6xf32>
  %pt = ten.transpose %p [0, 2, 1] : tensor<3x4x7xf32> -> tensor<3x7x4xf32>
  %2 = ten.einsum "...bk,bkq->...bq" (%b, %pt) : (tensor<2x3x7xf32>, tensor<3x7x4xf32>) -> tensor<2x3x4xf32>
  return %0, %1, %2 : tensor<5x6xf32>, tensor<5x6xf32>, tensor<2x3x4xf32>
}
