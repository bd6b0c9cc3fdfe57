// The same with sizes that only run time knows.
func.func @main(%x: tensor<?x1xf32>, %y: tensor<?xf32>) -> tensor<?x?xf32> {
  %0 = ten.add %x, %y : (tensor<?x1xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
