// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of the ten.linalg ops. Their result types are
// inferred: each reports what is wrong, then that the result type could not
// be inferred.

func.func @element_type(%a: tensor<3x3xf16>) {
  // expected-error @+1 {{'ten.linalg.inv' op operand #0 must be ranked tensor of f32, f64, complex<f32> or complex<f64> values, but got 'tensor<3x3xf16>'}}
  %0 = ten.linalg.inv %a : tensor<3x3xf16> -> tensor<3x3xf16>
  return
}

// -----

func.func @not_matrices(%a: tensor<3xf32>) {
  // expected-error @+2 {{the input must be a stack of matrices (rank 2 or more), not of rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.linalg.cholesky %a : tensor<3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @not_square(%a: tensor<2x3x4xf64>) {
  // expected-error @+2 {{the input has matrices of 3x4, not square ones}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.linalg.det %a : tensor<2x3x4xf64> -> tensor<2xf64>
  return
}

// -----

func.func @solve_not_square(%a: tensor<3x4xf64>, %b: tensor<3xf64>) {
  // expected-error @+2 {{a has matrices of 3x4, not square ones}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.linalg.solve %a, %b : (tensor<3x4xf64>, tensor<3xf64>) -> tensor<3xf64>
  return
}

// -----

func.func @solve_element_types(%a: tensor<3x3xf64>, %b: tensor<3xf32>) {
  // expected-error @+2 {{a has 'f64' elements and b 'f32': both must have one element type}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.linalg.solve %a, %b : (tensor<3x3xf64>, tensor<3xf32>) -> tensor<3xf64>
  return
}

// -----

func.func @solve_scalar(%a: tensor<3x3xf64>, %b: tensor<f64>) {
  // expected-error @+2 {{b must be a vector or a stack of matrices, not a scalar}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.linalg.solve %a, %b : (tensor<3x3xf64>, tensor<f64>) -> tensor<3xf64>
  return
}

// -----

func.func @solve_rows(%a: tensor<3x3xf64>, %b: tensor<4x2xf64>) {
  // expected-error @+2 {{b has 4 rows, a's matrices 3: they must be the same}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.linalg.solve %a, %b : (tensor<3x3xf64>, tensor<4x2xf64>) -> tensor<3x2xf64>
  return
}

// -----

func.func @solve_batch(%a: tensor<2x3x3xf64>, %b: tensor<5x3x1xf64>) {
  // expected-error @+2 {{a's batch [2] and b's batch [5] do not broadcast}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.linalg.solve %a, %b : (tensor<2x3x3xf64>, tensor<5x3x1xf64>) -> tensor<2x3x1xf64>
  return
}

// -----

func.func @wrong_result(%a: tensor<2x3x3xf64>) {
  // expected-error @+2 {{'ten.linalg.slogdet' op inferred type(s) 'tensor<2xf64>', 'tensor<2xf64>' are incompatible with return type(s) of operation 'tensor<2xf64>', 'tensor<2xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %s, %l = ten.linalg.slogdet %a : tensor<2x3x3xf64> -> tensor<2xf64>, tensor<2xf32>
  return
}

// -----

func.func @svd_of_vector(%a: tensor<4xf64>) {
  // expected-error @+2 {{the input must be a stack of matrices (rank 2 or more), not of rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.linalg.svdvals %a : tensor<4xf64> -> tensor<4xf64>
  return
}

// -----

func.func @eigh_not_square(%a: tensor<3x4xf32>) {
  // expected-error @+2 {{the input has matrices of 3x4, not square ones}}
  // expected-error @+1 {{failed to infer returned types}}
  %w, %v = ten.linalg.eigh %a : tensor<3x4xf32> -> tensor<3xf32>, tensor<3x4xf32>
  return
}

// -----

func.func @qr_result(%a: tensor<5x3xf64>) {
  // expected-error @+2 {{'ten.linalg.qr' op inferred type(s) 'tensor<5x3xf64>', 'tensor<3x3xf64>' are incompatible with return type(s) of operation 'tensor<5x5xf64>', 'tensor<5x3xf64>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %q, %r = ten.linalg.qr %a : tensor<5x3xf64> -> tensor<5x5xf64>, tensor<5x3xf64>
  return
}

// -----

func.func @eig_not_square(%a: tensor<2x3x4xf64>) {
  // expected-error @+2 {{the input has matrices of 3x4, not square ones}}
  // expected-error @+1 {{failed to infer returned types}}
  %w, %v = ten.linalg.eig %a : tensor<2x3x4xf64> -> tensor<2x3xcomplex<f64>>, tensor<2x3x4xcomplex<f64>>
  return
}

// -----

func.func @eigvals_vector(%a: tensor<4xf32>) {
  // expected-error @+2 {{the input must be a stack of matrices (rank 2 or more), not of rank 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %w = ten.linalg.eigvals %a : tensor<4xf32> -> tensor<4xcomplex<f32>>
  return
}

// -----

// A real matrix's eigenvalues may be complex: the result type is.
func.func @eigvals_real_result(%a: tensor<4x4xf32>) {
  // expected-error @+1 {{result #0 must be ranked tensor of complex<f32> or complex<f64> values, but got 'tensor<4xf32>'}}
  %w = ten.linalg.eigvals %a : tensor<4x4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @eig_precision(%a: tensor<4x4xf32>) {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{'ten.linalg.eig' op inferred type(s) 'tensor<4xcomplex<f32>>', 'tensor<4x4xcomplex<f32>>' are incompatible with return type(s) of operation 'tensor<4xcomplex<f64>>', 'tensor<4x4xcomplex<f64>>'}}
  %w, %v = ten.linalg.eig %a : tensor<4x4xf32> -> tensor<4xcomplex<f64>>, tensor<4x4xcomplex<f64>>
  return
}
