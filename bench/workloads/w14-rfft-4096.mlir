// W14: the real FFT of 1000 lines of 4096 floats (NumPy's rfft).
func.func @main(%x: tensor<1000x4096xf32>) -> tensor<1000x2049xcomplex<f32>> {
  %s = ten.fft real_forward %x dim 1 : tensor<1000x4096xf32> -> tensor<1000x2049xcomplex<f32>>
  return %s : tensor<1000x2049xcomplex<f32>>
}
