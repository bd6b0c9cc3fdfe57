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
