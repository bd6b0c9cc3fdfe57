func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %v, %i = ten.partition %x dim 0 kth [0, 1, 3] : tensor<?xf32> -> tensor<?xf32>, tensor<?xi64>
  return %v : tensor<?xf32>
}
