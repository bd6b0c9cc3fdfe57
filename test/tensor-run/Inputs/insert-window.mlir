func.func @main(%x: tensor<6xf32>, %v: tensor<2xf32>, %i: tensor<i64>) -> tensor<6xf32> {
  %0 = ten.insert_slice %v into %x [%i:] : tensor<2xf32> into tensor<6xf32>
  return %0 : tensor<6xf32>
}
