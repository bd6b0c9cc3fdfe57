func.func @main(%x: tensor<?xf32>, %i: tensor<?xi64>) -> tensor<?xf32> {
  %0 = ten.take raise %x, %i dim 0 : (tensor<?xf32>, tensor<?xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
