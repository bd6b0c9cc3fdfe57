// W14: the real FFT of 1000 lines of 1000 doubles (a length of factors 2
// and 5).
func.func @main(%x: tensor<1000x1000xf64>) -> tensor<1000x501xcomplex<f64>> {
  %s = ten.fft real_forward %x dim 1 : tensor<1000x1000xf64> -> tensor<1000x501xcomplex<f64>>
  return %s : tensor<1000x501xcomplex<f64>>
}
