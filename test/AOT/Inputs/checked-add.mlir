// Dynamic sizes that must agree: a run-time check of the compiled code.
func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %c = ten.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %c : tensor<?xf32>
}
