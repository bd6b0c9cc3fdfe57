// A function of dynamic shapes, which run-sharded.test runs over a grid.
func.func @main(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %e = ten.exp %x : tensor<?x8xf32>
  return %e : tensor<?x8xf32>
}
