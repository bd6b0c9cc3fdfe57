func.func @solve(%a: tensor<?x?x?xf64>, %b: tensor<?xf64>) -> tensor<?x?xf64> {
  %x = ten.linalg.solve %a, %b : (tensor<?x?x?xf64>, tensor<?xf64>) -> tensor<?x?xf64>
  return %x : tensor<?x?xf64>
}

func.func @inv(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %i = ten.linalg.inv %a : tensor<?x?xf32> -> tensor<?x?xf32>
  return %i : tensor<?x?xf32>
}

func.func @cholesky(%a: tensor<?x?x?xcomplex<f64>>) -> tensor<?x?x?xcomplex<f64>> {
  %l = ten.linalg.cholesky %a : tensor<?x?x?xcomplex<f64>> -> tensor<?x?x?xcomplex<f64>>
  return %l : tensor<?x?x?xcomplex<f64>>
}

func.func @det(%a: tensor<?x?xf64>) -> tensor<f64> {
  %d = ten.linalg.det %a : tensor<?x?xf64> -> tensor<f64>
  return %d : tensor<f64>
}

func.func @svd(%a: tensor<?x?xf64>) -> tensor<?xf64> {
  %u, %s, %vh = ten.linalg.svd %a : tensor<?x?xf64> -> tensor<?x?xf64>, tensor<?xf64>, tensor<?x?xf64>
  return %s : tensor<?xf64>
}

func.func @svdvals(%a: tensor<?x?xf64>) -> tensor<?xf64> {
  %s = ten.linalg.svdvals %a : tensor<?x?xf64> -> tensor<?xf64>
  return %s : tensor<?xf64>
}

func.func @eig(%a: tensor<?x?x?xf64>) -> (tensor<?x?xcomplex<f64>>, tensor<?x?x?xcomplex<f64>>) {
  %w, %v = ten.linalg.eig %a : tensor<?x?x?xf64> -> tensor<?x?xcomplex<f64>>, tensor<?x?x?xcomplex<f64>>
  return %w, %v : tensor<?x?xcomplex<f64>>, tensor<?x?x?xcomplex<f64>>
}

func.func @eigvals(%a: tensor<?x?xcomplex<f32>>) -> tensor<?xcomplex<f32>> {
  %w = ten.linalg.eigvals %a : tensor<?x?xcomplex<f32>> -> tensor<?xcomplex<f32>>
  return %w : tensor<?xcomplex<f32>>
}
