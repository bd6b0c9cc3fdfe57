// ij,jk,kl->il of dynamic sizes: ten-einsum-path builds (a b) c and
// a (b c) and chooses at run time by the operands' sizes.
func.func @main(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
