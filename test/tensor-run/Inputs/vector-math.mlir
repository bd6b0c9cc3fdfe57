// NUMPY @main: x = rand(4096, low=-100.0, high=100.0); y = rand(4096, dtype=f64, low=-100.0, high=100.0); e = rand(4096, dtype=f64, low=-3.0, high=3.0)
// NUMPY @main: args = [x, y, e]; results = [np.sin(x), np.cos(y), np.power(np.abs(y), e), np.exp(x / 100)]; rtol = 2e-6
func.func @main(%x: tensor<4096xf32>, %y: tensor<4096xf64>, %e: tensor<4096xf64>) -> (tensor<4096xf32>, tensor<4096xf64>, tensor<4096xf64>, tensor<4096xf32>) {
  %s = ten.sin %x : tensor<4096xf32>
  %c = ten.cos %y : tensor<4096xf64>
  %a = ten.abs %y : tensor<4096xf64>
  %p = ten.pow %a, %e : (tensor<4096xf64>, tensor<4096xf64>) -> tensor<4096xf64>
  %hundred = ten.constant dense<100.0> : tensor<f32>
  %q = ten.div %x, %hundred : (tensor<4096xf32>, tensor<f32>) -> tensor<4096xf32>
  %x2 = ten.exp %q : tensor<4096xf32>
  return %s, %c, %p, %x2 : tensor<4096xf32>, tensor<4096xf64>, tensor<4096xf64>, tensor<4096xf32>
}
