// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// Chains of row reductions and the ops that use their rows, with enough
// rows (512 or more) that ten-nvvm-pipeline runs each chain as one kernel
// of a block per row (ten-gpu-fuse-rows); row lengths that are not
// multiples of a warp.

// NUMPY @softmax: x = rand(600, 300, low=-4, high=4)
// NUMPY @softmax: args = [x]; results = [np.exp(x - x.max(1, keepdims=True)) / np.exp(x - x.max(1, keepdims=True)).sum(1, keepdims=True)]; rtol = 1e-5; atol = 1e-7
func.func @softmax(%x: tensor<600x300xf32>) -> tensor<600x300xf32> {
  %max = ten.reduce max %x dims [1] keepdim : tensor<600x300xf32> -> tensor<600x1xf32>
  %shifted = ten.sub %x, %max : (tensor<600x300xf32>, tensor<600x1xf32>) -> tensor<600x300xf32>
  %e = ten.exp %shifted : tensor<600x300xf32>
  %sum = ten.reduce sum %e dims [1] keepdim : tensor<600x300xf32> -> tensor<600x1xf32>
  %y = ten.div %e, %sum : (tensor<600x300xf32>, tensor<600x1xf32>) -> tensor<600x300xf32>
  return %y : tensor<600x300xf32>
}

// NUMPY @layer_norm: x = rand(520, 257, low=-3, high=5); g = rand(257); b = rand(257)
// NUMPY @layer_norm: args = [x, g, b]; results = [(x - x.mean(1, keepdims=True)) / np.sqrt(((x - x.mean(1, keepdims=True)) ** 2).mean(1, keepdims=True) + 1e-5) * g + b]; rtol = 1e-4; atol = 1e-5
func.func @layer_norm(%x: tensor<520x257xf32>, %g: tensor<257xf32>, %b: tensor<257xf32>) -> tensor<520x257xf32> {
  %mean = ten.reduce mean %x dims [1] keepdim : tensor<520x257xf32> -> tensor<520x1xf32>
  %d = ten.sub %x, %mean : (tensor<520x257xf32>, tensor<520x1xf32>) -> tensor<520x257xf32>
  %sq = ten.mul %d, %d : (tensor<520x257xf32>, tensor<520x257xf32>) -> tensor<520x257xf32>
  %var = ten.reduce mean %sq dims [1] keepdim : tensor<520x257xf32> -> tensor<520x1xf32>
  %eps = ten.constant dense<1.0e-5> : tensor<f32>
  %ve = ten.add %var, %eps : (tensor<520x1xf32>, tensor<f32>) -> tensor<520x1xf32>
  %inv = ten.rsqrt %ve : tensor<520x1xf32>
  %n = ten.mul %d, %inv : (tensor<520x257xf32>, tensor<520x1xf32>) -> tensor<520x257xf32>
  %s = ten.mul %n, %g : (tensor<520x257xf32>, tensor<257xf32>) -> tensor<520x257xf32>
  %y = ten.add %s, %b : (tensor<520x257xf32>, tensor<257xf32>) -> tensor<520x257xf32>
  return %y : tensor<520x257xf32>
}

// Rows over two dimensions, a dynamic row length, and a result that is a
// reduction's (the per-row maximum is returned too).
// NUMPY @batched_rows: x = rand(4, 150, 70, dtype=f64)
// NUMPY @batched_rows: args = [x]; results = [x - x.max(2, keepdims=True), x.max(2, keepdims=True)]; rtol = 1e-12
func.func @batched_rows(%x: tensor<4x150x?xf64>) -> (tensor<4x150x?xf64>, tensor<4x150x1xf64>) {
  %max = ten.reduce max %x dims [2] keepdim : tensor<4x150x?xf64> -> tensor<4x150x1xf64>
  %y = ten.sub %x, %max : (tensor<4x150x?xf64>, tensor<4x150x1xf64>) -> tensor<4x150x?xf64>
  return %y, %max : tensor<4x150x?xf64>, tensor<4x150x1xf64>
}

// Every size dynamic, as a framework that compiles once for any batch hands
// them over. The CPU pipeline computes each chain a block of rows at a
// time whatever the sizes (ten-fuse-reductions reads the sizes that the
// broadcast checks ask for from the input, so that nothing computes a
// reduction a second time outside the blocks), prefetches each next block
// with its indices clamped to that block's sizes, and runs a row of a
// length that is not a multiple of 16 in whole strips and a rest. 37 rows
// leave a short last block; 1000 columns a rest of 8.
// NUMPY @softmax_dynamic: x = rand(37, 1000, low=-4, high=4)
// NUMPY @softmax_dynamic: args = [x]; results = [np.exp(x - x.max(1, keepdims=True)) / np.exp(x - x.max(1, keepdims=True)).sum(1, keepdims=True)]; rtol = 1e-5; atol = 1e-7
func.func @softmax_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %max = ten.reduce max %x dims [1] keepdim : tensor<?x?xf32> -> tensor<?x1xf32>
  %shifted = ten.sub %x, %max : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %e = ten.exp %shifted : tensor<?x?xf32>
  %sum = ten.reduce sum %e dims [1] keepdim : tensor<?x?xf32> -> tensor<?x1xf32>
  %y = ten.div %e, %sum : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// NUMPY @layer_norm_dynamic: x = rand(131, 1027, low=-3, high=5); g = rand(1027); b = rand(1027)
// NUMPY @layer_norm_dynamic: args = [x, g, b]; results = [(x - x.mean(1, keepdims=True)) / np.sqrt(((x - x.mean(1, keepdims=True)) ** 2).mean(1, keepdims=True) + 1e-5) * g + b]; rtol = 1e-4; atol = 1e-5
func.func @layer_norm_dynamic(%x: tensor<?x?xf32>, %g: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %mean = ten.reduce mean %x dims [1] keepdim : tensor<?x?xf32> -> tensor<?x1xf32>
  %d = ten.sub %x, %mean : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %sq = ten.mul %d, %d : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %var = ten.reduce mean %sq dims [1] keepdim : tensor<?x?xf32> -> tensor<?x1xf32>
  %eps = ten.constant dense<1.0e-5> : tensor<f32>
  %ve = ten.add %var, %eps : (tensor<?x1xf32>, tensor<f32>) -> tensor<?x1xf32>
  %inv = ten.rsqrt %ve : tensor<?x1xf32>
  %n = ten.mul %d, %inv : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %s = ten.mul %n, %g : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %y = ten.add %s, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// A sum over rows of a dynamic count that 4 does not divide: the whole
// groups of four rows jammed (ten-jam-reduction-loops), then the rest.
// NUMPY @column_sum_dynamic: x = rand(103, 77, dtype=f64)
// NUMPY @column_sum_dynamic: args = [x]; results = [x.sum(0)]; rtol = 1e-12
func.func @column_sum_dynamic(%x: tensor<?x?xf64>) -> tensor<?xf64> {
  %s = ten.reduce sum %x dims [0] : tensor<?x?xf64> -> tensor<?xf64>
  return %s : tensor<?xf64>
}
