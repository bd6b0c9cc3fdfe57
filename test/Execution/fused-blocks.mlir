// RUN: %check-numpy %s --num-threads=2 | FileCheck %s
// RUN: %check-numpy %s --num-threads=1 | FileCheck %s
// RUN: %check-numpy %s --num-threads=2 --pipeline-options="fuse-block-kib=64" | FileCheck %s
// CHECK: 0 failed

// Row chains large enough (8 MiB and more) that ten-fuse-reductions computes
// them a block of rows at a time, with the blocks' per-row scalars on the
// stack (ten-stack-buffers, ten-hoist-stack-buffers): row counts that no
// block size divides, so that the last block is shorter and its scalars'
// buffers have a size known only at run time; blocks of the host's size and
// of 64 KiB, on one thread and two.

// NUMPY @layer_norm: x = rand(2101, 1003, low=-3, high=5); g = rand(1003); b = rand(1003)
// NUMPY @layer_norm: args = [x, g, b]; results = [(x - x.mean(1, keepdims=True)) / np.sqrt(((x - x.mean(1, keepdims=True)) ** 2).mean(1, keepdims=True) + 1e-5) * g + b]; rtol = 1e-4; atol = 1e-5
func.func @layer_norm(%x: tensor<2101x1003xf32>, %g: tensor<1003xf32>, %b: tensor<1003xf32>) -> tensor<2101x1003xf32> {
  %mean = ten.reduce mean %x dims [1] keepdim : tensor<2101x1003xf32> -> tensor<2101x1xf32>
  %d = ten.sub %x, %mean : (tensor<2101x1003xf32>, tensor<2101x1xf32>) -> tensor<2101x1003xf32>
  %sq = ten.mul %d, %d : (tensor<2101x1003xf32>, tensor<2101x1003xf32>) -> tensor<2101x1003xf32>
  %var = ten.reduce mean %sq dims [1] keepdim : tensor<2101x1003xf32> -> tensor<2101x1xf32>
  %eps = ten.constant dense<1.0e-5> : tensor<f32>
  %ve = ten.add %var, %eps : (tensor<2101x1xf32>, tensor<f32>) -> tensor<2101x1xf32>
  %inv = ten.rsqrt %ve : tensor<2101x1xf32>
  %n = ten.mul %d, %inv : (tensor<2101x1003xf32>, tensor<2101x1xf32>) -> tensor<2101x1003xf32>
  %s = ten.mul %n, %g : (tensor<2101x1003xf32>, tensor<1003xf32>) -> tensor<2101x1003xf32>
  %y = ten.add %s, %b : (tensor<2101x1003xf32>, tensor<1003xf32>) -> tensor<2101x1003xf32>
  return %y : tensor<2101x1003xf32>
}

// NUMPY @softmax_f64: x = rand(1037, 1031, low=-4, high=4, dtype=f64)
// NUMPY @softmax_f64: args = [x]; results = [np.exp(x - x.max(1, keepdims=True)) / np.exp(x - x.max(1, keepdims=True)).sum(1, keepdims=True)]; rtol = 1e-10; atol = 1e-14
func.func @softmax_f64(%x: tensor<1037x1031xf64>) -> tensor<1037x1031xf64> {
  %max = ten.reduce max %x dims [1] keepdim : tensor<1037x1031xf64> -> tensor<1037x1xf64>
  %shifted = ten.sub %x, %max : (tensor<1037x1031xf64>, tensor<1037x1xf64>) -> tensor<1037x1031xf64>
  %e = ten.exp %shifted : tensor<1037x1031xf64>
  %sum = ten.reduce sum %e dims [1] keepdim : tensor<1037x1031xf64> -> tensor<1037x1xf64>
  %y = ten.div %e, %sum : (tensor<1037x1031xf64>, tensor<1037x1xf64>) -> tensor<1037x1031xf64>
  return %y : tensor<1037x1031xf64>
}
