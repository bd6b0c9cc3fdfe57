// Inputs of check-with-numpy.test: an entry whose NUMPY lines set its case
// twice, and one whose lines set it once between them.
// NUMPY @twice: a = rand(3); args = [a]; results = [a]
// NUMPY @twice: a = rand(4); args = [a]; results = [a]
func.func @twice(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}

// NUMPY @once: a = rand(3); results = [a]
// NUMPY @once: args = [a]; rtol = 1e-3
func.func @once(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}
