// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// The examples' programs at these sizes, against NumPy.

// NUMPY @softmax: x = rand(16, 40, low=-4, high=4); e = np.exp(x - x.max(1, keepdims=True))
// NUMPY @softmax: args = [x]; results = [e / e.sum(1, keepdims=True)]
func.func @softmax(%x: tensor<16x40xf32>) -> tensor<16x40xf32> {
  %max = ten.reduce max %x dims [1] keepdim : tensor<16x40xf32> -> tensor<16x1xf32>
  %shifted = ten.sub %x, %max : (tensor<16x40xf32>, tensor<16x1xf32>) -> tensor<16x40xf32>
  %e = ten.exp %shifted : tensor<16x40xf32>
  %sum = ten.reduce sum %e dims [1] keepdim : tensor<16x40xf32> -> tensor<16x1xf32>
  %y = ten.div %e, %sum : (tensor<16x40xf32>, tensor<16x1xf32>) -> tensor<16x40xf32>
  return %y : tensor<16x40xf32>
}

// NUMPY @layer_norm: x = rand(8, 32); g = rand(32); b = rand(32); m = x.mean(1, keepdims=True); v = ((x - m) ** 2).mean(1, keepdims=True)
// NUMPY @layer_norm: args = [x, g, b]; results = [(x - m) / np.sqrt(v + 1e-5) * g + b]; rtol = 1e-4; atol = 1e-5
func.func @layer_norm(%x: tensor<8x32xf32>, %g: tensor<32xf32>, %b: tensor<32xf32>) -> tensor<8x32xf32> {
  %mean = ten.reduce mean %x dims [1] keepdim : tensor<8x32xf32> -> tensor<8x1xf32>
  %d = ten.sub %x, %mean : (tensor<8x32xf32>, tensor<8x1xf32>) -> tensor<8x32xf32>
  %sq = ten.mul %d, %d : (tensor<8x32xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %var = ten.reduce mean %sq dims [1] keepdim : tensor<8x32xf32> -> tensor<8x1xf32>
  %eps = ten.constant dense<1.0e-5> : tensor<f32>
  %ve = ten.add %var, %eps : (tensor<8x1xf32>, tensor<f32>) -> tensor<8x1xf32>
  %inv = ten.rsqrt %ve : tensor<8x1xf32>
  %n = ten.mul %d, %inv : (tensor<8x32xf32>, tensor<8x1xf32>) -> tensor<8x32xf32>
  %s = ten.mul %n, %g : (tensor<8x32xf32>, tensor<32xf32>) -> tensor<8x32xf32>
  %y = ten.add %s, %b : (tensor<8x32xf32>, tensor<32xf32>) -> tensor<8x32xf32>
  return %y : tensor<8x32xf32>
}

// NUMPY @linear_relu: x = rand(5, 16); w = rand(16, 16); b = rand(16); args = [x, w, b]; results = [np.maximum(x @ w + b, 0)]; rtol = 1e-5; atol = 1e-5
func.func @linear_relu(%x: tensor<?x16xf32>, %w: tensor<16x16xf32>, %b: tensor<16xf32>) -> tensor<?x16xf32> {
  %xw = ten.einsum "ij,jk->ik" (%x, %w) : (tensor<?x16xf32>, tensor<16x16xf32>) -> tensor<?x16xf32>
  %biased = ten.add %xw, %b : (tensor<?x16xf32>, tensor<16xf32>) -> tensor<?x16xf32>
  %y = ten.relu %biased : tensor<?x16xf32>
  return %y : tensor<?x16xf32>
}

// NUMPY @fused: x = rand(100); args = [x]; results = [x ** 2 + 3 * x]
func.func @fused(%x: tensor<100xf32>) -> tensor<100xf32> {
  %two = ten.constant dense<2.0> : tensor<f32>
  %three = ten.constant dense<3.0> : tensor<f32>
  %sq = ten.pow %x, %two : (tensor<100xf32>, tensor<f32>) -> tensor<100xf32>
  %tx = ten.mul %x, %three : (tensor<100xf32>, tensor<f32>) -> tensor<100xf32>
  %y = ten.add %sq, %tx : (tensor<100xf32>, tensor<100xf32>) -> tensor<100xf32>
  return %y : tensor<100xf32>
}
