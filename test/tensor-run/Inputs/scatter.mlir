func.func @main(%x: tensor<?xf32>, %i: tensor<?xi64>, %u: tensor<?xf32>) -> tensor<?xf32> {
  %0 = ten.scatter add %x, %i, %u dim 0 : (tensor<?xf32>, tensor<?xi64>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
