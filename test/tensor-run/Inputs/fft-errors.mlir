func.func @rfft(%x: tensor<?xf64>) -> tensor<?xcomplex<f64>> {
  %s = ten.fft real_forward %x dim 0 : tensor<?xf64> -> tensor<?xcomplex<f64>>
  return %s : tensor<?xcomplex<f64>>
}

func.func @irfft(%s: tensor<2x?xcomplex<f64>>) -> tensor<2x8xf64> {
  %x = ten.fft real_inverse %s dim 1 : tensor<2x?xcomplex<f64>> -> tensor<2x8xf64>
  return %x : tensor<2x8xf64>
}
