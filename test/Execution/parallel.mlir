// Programs large enough for the CPU pipeline to split them over threads
// (ten-parallelize), reorder their contractions and split their einsum
// chains, checked against NumPy with two threads and with one.
// RUN: %check-numpy %s --num-threads=2 | FileCheck %s
// RUN: %check-numpy %s --num-threads=1 | FileCheck %s
// CHECK: 0 failed

// NUMPY @square_plus: x = rand(300, 257); args = [x]; results = [x**2 + 3*x]
func.func @square_plus(%x: tensor<300x257xf32>) -> tensor<300x257xf32> {
  %two = ten.constant dense<2.0> : tensor<f32>
  %three = ten.constant dense<3.0> : tensor<f32>
  %sq = ten.pow %x, %two : (tensor<300x257xf32>, tensor<f32>) -> tensor<300x257xf32>
  %tx = ten.mul %x, %three : (tensor<300x257xf32>, tensor<f32>) -> tensor<300x257xf32>
  %y = ten.add %sq, %tx : (tensor<300x257xf32>, tensor<300x257xf32>) -> tensor<300x257xf32>
  return %y : tensor<300x257xf32>
}

// NUMPY @linear_relu: x = rand(67, 130); w = rand(130, 99); b = rand(99); args = [x, w, b]; results = [np.maximum(x @ w + b, 0)]; rtol = 1e-4; atol = 1e-5
func.func @linear_relu(%x: tensor<67x130xf32>, %w: tensor<130x99xf32>, %b: tensor<99xf32>) -> tensor<67x99xf32> {
  %xw = ten.einsum "ij,jk->ik" (%x, %w) : (tensor<67x130xf32>, tensor<130x99xf32>) -> tensor<67x99xf32>
  %s = ten.add %xw, %b : (tensor<67x99xf32>, tensor<99xf32>) -> tensor<67x99xf32>
  %y = ten.relu %s : tensor<67x99xf32>
  return %y : tensor<67x99xf32>
}

// NUMPY @batched: a = rand(5, 33, 64, dtype=f64); b = rand(5, 64, 40, dtype=f64); args = [a, b]; results = [a @ b]; rtol = 1e-12
func.func @batched(%a: tensor<5x33x64xf64>, %b: tensor<5x64x40xf64>) -> tensor<5x33x40xf64> {
  %y = ten.einsum "bij,bjk->bik" (%a, %b) : (tensor<5x33x64xf64>, tensor<5x64x40xf64>) -> tensor<5x33x40xf64>
  return %y : tensor<5x33x40xf64>
}

// NUMPY @chain: a = rand(7, 200); b = rand(200, 210); c = rand(210, 9); args = [a, b, c]; results = [a @ b @ c]; rtol = 1e-4; atol = 1e-4
func.func @chain(%a: tensor<7x200xf32>, %b: tensor<200x210xf32>, %c: tensor<210x9xf32>) -> tensor<7x9xf32> {
  %y = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<7x200xf32>, tensor<200x210xf32>, tensor<210x9xf32>) -> tensor<7x9xf32>
  return %y : tensor<7x9xf32>
}

// NUMPY @chain4_dynamic: a = rand(6, 40); b = rand(40, 50); c = rand(50, 60); d = rand(60, 3); args = [a, b, c, d]; results = [np.einsum("ij,jk,kl,lm->mi", a, b, c, d)]; rtol = 1e-4; atol = 1e-4
func.func @chain4_dynamic(%a: tensor<?x40xf32>, %b: tensor<40x?xf32>, %c: tensor<?x60xf32>, %d: tensor<60x3xf32>) -> tensor<3x?xf32> {
  %y = ten.einsum "ij,jk,kl,lm->mi" (%a, %b, %c, %d) : (tensor<?x40xf32>, tensor<40x?xf32>, tensor<?x60xf32>, tensor<60x3xf32>) -> tensor<3x?xf32>
  return %y : tensor<3x?xf32>
}

// NUMPY @softmax: x = rand(130, 300); e = np.exp(x - x.max(1, keepdims=True)); args = [x]; results = [e / e.sum(1, keepdims=True)]
func.func @softmax(%x: tensor<130x300xf32>) -> tensor<130x300xf32> {
  %max = ten.reduce max %x dims [1] keepdim : tensor<130x300xf32> -> tensor<130x1xf32>
  %shifted = ten.sub %x, %max : (tensor<130x300xf32>, tensor<130x1xf32>) -> tensor<130x300xf32>
  %e = ten.exp %shifted : tensor<130x300xf32>
  %sum = ten.reduce sum %e dims [1] keepdim : tensor<130x300xf32> -> tensor<130x1xf32>
  %y = ten.div %e, %sum : (tensor<130x300xf32>, tensor<130x1xf32>) -> tensor<130x300xf32>
  return %y : tensor<130x300xf32>
}

// Computed a block of rows at a time with its reductions (ten-fuse-reductions;
// the input, 34.8 MB, is larger than min-input-kib): 2900 columns give
// blocks of 2 rows, and 2999 rows a last block of 1.
// NUMPY @layer_norm: x = rand(2999, 2900); g = rand(2900); b = rand(2900); m = x.mean(1, keepdims=True); v = ((x - m) ** 2).mean(1, keepdims=True)
// NUMPY @layer_norm: args = [x, g, b]; results = [(x - m) / np.sqrt(v + 1e-5) * g + b]; rtol = 1e-4; atol = 1e-5
func.func @layer_norm(%x: tensor<2999x2900xf32>, %g: tensor<2900xf32>, %b: tensor<2900xf32>) -> tensor<2999x2900xf32> {
  %mean = ten.reduce mean %x dims [1] keepdim : tensor<2999x2900xf32> -> tensor<2999x1xf32>
  %d = ten.sub %x, %mean : (tensor<2999x2900xf32>, tensor<2999x1xf32>) -> tensor<2999x2900xf32>
  %sq = ten.mul %d, %d : (tensor<2999x2900xf32>, tensor<2999x2900xf32>) -> tensor<2999x2900xf32>
  %var = ten.reduce mean %sq dims [1] keepdim : tensor<2999x2900xf32> -> tensor<2999x1xf32>
  %eps = ten.constant dense<1.0e-5> : tensor<f32>
  %ve = ten.add %var, %eps : (tensor<2999x1xf32>, tensor<f32>) -> tensor<2999x1xf32>
  %inv = ten.rsqrt %ve : tensor<2999x1xf32>
  %n = ten.mul %d, %inv : (tensor<2999x2900xf32>, tensor<2999x1xf32>) -> tensor<2999x2900xf32>
  %s = ten.mul %n, %g : (tensor<2999x2900xf32>, tensor<2900xf32>) -> tensor<2999x2900xf32>
  %y = ten.add %s, %b : (tensor<2999x2900xf32>, tensor<2900xf32>) -> tensor<2999x2900xf32>
  return %y : tensor<2999x2900xf32>
}

// The same blocks with sizes known only at run time.
// NUMPY @softmax_dynamic: x = rand(77, 2050); e = np.exp(x - x.max(1, keepdims=True)); args = [x]; results = [e / e.sum(1, keepdims=True)]
func.func @softmax_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %max = ten.reduce max %x dims [1] keepdim : tensor<?x?xf32> -> tensor<?x1xf32>
  %shifted = ten.sub %x, %max : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = ten.exp %shifted : tensor<?x?xf32>
  %sum = ten.reduce sum %e dims [1] keepdim : tensor<?x?xf32> -> tensor<?x1xf32>
  %y = ten.div %e, %sum : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// Reductions split along their reduced dimension over the threads: a sum
// to a scalar of an odd length (unequal parts), a maximum of an even one,
// an integer sum, and a sum over the rows whose row count splits evenly.
// NUMPY @split_reductions: a = rand(100003, dtype=f64); b = rand(65536); c = randint(50001, dtype=i64); d = rand(2048, 64)
// NUMPY @split_reductions: args = [a, b, c, d]; results = [a.sum(), b.max(), c.sum(), d.sum(0)]; rtol = 1e-4; atol = 1e-3
func.func @split_reductions(%a: tensor<100003xf64>, %b: tensor<65536xf32>, %c: tensor<50001xi64>, %d: tensor<2048x64xf32>)
    -> (tensor<f64>, tensor<f32>, tensor<i64>, tensor<64xf32>) {
  %sa = ten.reduce sum %a dims [0] : tensor<100003xf64> -> tensor<f64>
  %mb = ten.reduce max %b dims [0] : tensor<65536xf32> -> tensor<f32>
  %sc = ten.reduce sum %c dims [0] : tensor<50001xi64> -> tensor<i64>
  %sd = ten.reduce sum %d dims [0] : tensor<2048x64xf32> -> tensor<64xf32>
  return %sa, %mb, %sc, %sd : tensor<f64>, tensor<f32>, tensor<i64>, tensor<64xf32>
}

// Rows of a page or more per thread (4096 f32, 1024 f64 each): split by
// columns, no combining pass.
// NUMPY @column_sums_long_rows: x = rand(64, 4096); y = rand(33, 2048, dtype=f64); args = [x, y]; results = [x.sum(0), y.sum(0)]; rtol = 1e-5; atol = 1e-5
func.func @column_sums_long_rows(%x: tensor<64x4096xf32>, %y: tensor<33x2048xf64>) -> (tensor<4096xf32>, tensor<2048xf64>) {
  %s = ten.reduce sum %x dims [0] : tensor<64x4096xf32> -> tensor<4096xf32>
  %t = ten.reduce sum %y dims [0] : tensor<33x2048xf64> -> tensor<2048xf64>
  return %s, %t : tensor<4096xf32>, tensor<2048xf64>
}

// NUMPY @column_sums: x = rand(513, 300, dtype=f64); args = [x]; results = [x.sum(0), x.max(1)]; rtol = 1e-12
func.func @column_sums(%x: tensor<513x300xf64>) -> (tensor<300xf64>, tensor<513xf64>) {
  %s = ten.reduce sum %x dims [0] : tensor<513x300xf64> -> tensor<300xf64>
  %m = ten.reduce max %x dims [1] : tensor<513x300xf64> -> tensor<513xf64>
  return %s, %m : tensor<300xf64>, tensor<513xf64>
}

// NUMPY @where_int: x = randint(400, 100, low=-50, high=50); args = [x]; results = [np.where(x > 3, x * 2, x // 2)]
func.func @where_int(%x: tensor<400x100xi32>) -> tensor<400x100xi32> {
  %three = ten.constant dense<3> : tensor<i32>
  %two = ten.constant dense<2> : tensor<i32>
  %p = ten.cmp gt, %x, %three : (tensor<400x100xi32>, tensor<i32>) -> tensor<400x100xi1>
  %a = ten.mul %x, %two : (tensor<400x100xi32>, tensor<i32>) -> tensor<400x100xi32>
  %b = ten.div %x, %two : (tensor<400x100xi32>, tensor<i32>) -> tensor<400x100xi32>
  %y = ten.select %p, %a, %b : (tensor<400x100xi1>, tensor<400x100xi32>, tensor<400x100xi32>) -> tensor<400x100xi32>
  return %y : tensor<400x100xi32>
}

// Sums whose terms are computed from their positions (an iota, Philox bits)
// split over threads: each thread's positions start where its part does.
// NUMPY @sum_of_positions: x = rand(1000000, dtype=f64); args = [x]; results = [np.array((x * 0).sum() + np.arange(1000000, dtype=np.float64).sum()), np.array(np.arange(1000001, dtype=np.float64).sum())]
func.func @sum_of_positions(%x: tensor<1000000xf64>) -> (tensor<f64>, tensor<f64>) {
  %i = ten.iota 0 : tensor<1000000xf64>
  %zero = ten.constant dense<0.0> : tensor<f64>
  %xz = ten.mul %x, %zero : (tensor<1000000xf64>, tensor<f64>) -> tensor<1000000xf64>
  %t = ten.add %xz, %i : (tensor<1000000xf64>, tensor<1000000xf64>) -> tensor<1000000xf64>
  %s = ten.reduce sum %t dims [0] : tensor<1000000xf64> -> tensor<f64>
  %j = ten.iota 0 : tensor<1000001xf64>
  %u = ten.reduce sum %j dims [0] : tensor<1000001xf64> -> tensor<f64>
  return %s, %u : tensor<f64>, tensor<f64>
}
