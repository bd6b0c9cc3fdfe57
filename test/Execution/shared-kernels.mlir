// Contractions of the same shapes and layout that call one shared kernel
// (ten-share-contraction-kernels): an einsum of three operands with every
// size dynamic (both of its orders, each GEMM split over threads in two
// ways), layers of a dynamic batch, static GEMMs with and without a fill,
// one operand twice (`x @ x.T`), and f64. Checked against NumPy with two
// threads and with one, and with sharing turned off.
// RUN: %check-numpy %s --num-threads=2 | FileCheck %s
// RUN: %check-numpy %s --num-threads=1 | FileCheck %s
// RUN: %check-numpy %s --num-threads=2 '--pipeline-options=share-kernels=false' | FileCheck %s
// CHECK: 0 failed

// Each function's contractions do share a kernel (the remarks of
// --explain, in the order of the functions).
// RUN: tensor-opt %s '--ten-cpu-pipeline=threads=2 vector-bits=512 explain=true' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHARED

// The sites of both functions share one kernel.
// NUMPY @chain: a = rand(37, 300); b = rand(300, 45); c = rand(45, 70); args = [a, b, c]; results = [a @ b @ c]; rtol = 1e-4; atol = 1e-4
// SHARED-COUNT-8: shared-kernels.mlir:[[@LINE+2]]:{{.*}}calls @ten_contraction_kernel{{.*}}of the 16 contractions
func.func @chain(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// One row, which the shared kernel leaves to its copy of the loop lowering.
// NUMPY @chain_one_row: a = rand(1, 30); b = rand(30, 45); c = rand(45, 7); args = [a, b, c]; results = [a @ b @ c]; rtol = 1e-4; atol = 1e-5
// SHARED-COUNT-8: shared-kernels.mlir:[[@LINE+2]]:{{.*}}calls @ten_contraction_kernel{{.*}}of the 16 contractions
func.func @chain_one_row(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// NUMPY @layers: x = rand(300, 64); w1 = rand(64, 64); w2 = rand(64, 64); args = [x, w1, w2]; results = [(x @ w1) @ w2 + x @ w2]; rtol = 1e-4; atol = 1e-4
// SHARED: shared-kernels.mlir:[[@LINE+4]]:{{.*}}calls @ten_contraction_kernel{{.*}}of the 4 contractions
// SHARED: shared-kernels.mlir:[[@LINE+4]]:{{.*}}calls @ten_contraction_kernel{{.*}}of the 4 contractions
func.func @layers(%x: tensor<?x64xf32>, %w1: tensor<64x64xf32>, %w2: tensor<64x64xf32>) -> tensor<?x64xf32> {
  %h = ten.einsum "bi,io->bo" (%x, %w1) : (tensor<?x64xf32>, tensor<64x64xf32>) -> tensor<?x64xf32>
  %y = ten.einsum "bi,io->bo" (%h, %w2) : (tensor<?x64xf32>, tensor<64x64xf32>) -> tensor<?x64xf32>
  %z = ten.einsum "bi,io->bo" (%x, %w2) : (tensor<?x64xf32>, tensor<64x64xf32>) -> tensor<?x64xf32>
  %s = ten.add %y, %z : (tensor<?x64xf32>, tensor<?x64xf32>) -> tensor<?x64xf32>
  return %s : tensor<?x64xf32>
}

// NUMPY @static_pair: a = rand(50, 70); b = rand(70, 40); c = rand(50, 70); d = rand(70, 40); args = [a, b, c, d]; results = [a @ b - c @ d]; rtol = 1e-4; atol = 1e-5
// SHARED: shared-kernels.mlir:[[@LINE+3]]:{{.*}}calls @ten_contraction_kernel{{.*}}of the 2 contractions
// SHARED: shared-kernels.mlir:[[@LINE+3]]:{{.*}}calls @ten_contraction_kernel{{.*}}of the 2 contractions
func.func @static_pair(%a: tensor<50x70xf32>, %b: tensor<70x40xf32>, %c: tensor<50x70xf32>, %d: tensor<70x40xf32>) -> tensor<50x40xf32> {
  %ab = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<50x70xf32>, tensor<70x40xf32>) -> tensor<50x40xf32>
  %cd = ten.einsum "ij,jk->ik" (%c, %d) : (tensor<50x70xf32>, tensor<70x40xf32>) -> tensor<50x40xf32>
  %y = ten.sub %ab, %cd : (tensor<50x40xf32>, tensor<50x40xf32>) -> tensor<50x40xf32>
  return %y : tensor<50x40xf32>
}

// NUMPY @self_transposed: x = rand(30, 50); y = rand(30, 50); args = [x, y]; results = [x @ x.T + y @ y.T]; rtol = 1e-4; atol = 1e-5
// SHARED: shared-kernels.mlir:[[@LINE+3]]:{{.*}}calls @ten_contraction_kernel{{.*}}of the 2 contractions
// SHARED: shared-kernels.mlir:[[@LINE+3]]:{{.*}}calls @ten_contraction_kernel{{.*}}of the 2 contractions
func.func @self_transposed(%x: tensor<30x50xf32>, %y: tensor<30x50xf32>) -> tensor<30x30xf32> {
  %xx = ten.einsum "ik,jk->ij" (%x, %x) : (tensor<30x50xf32>, tensor<30x50xf32>) -> tensor<30x30xf32>
  %yy = ten.einsum "ik,jk->ij" (%y, %y) : (tensor<30x50xf32>, tensor<30x50xf32>) -> tensor<30x30xf32>
  %s = ten.add %xx, %yy : (tensor<30x30xf32>, tensor<30x30xf32>) -> tensor<30x30xf32>
  return %s : tensor<30x30xf32>
}

// NUMPY @f64: a = rand(40, 33, dtype=f64); b = rand(33, 21, dtype=f64); c = rand(40, 33, dtype=f64); args = [a, b, c]; results = [a @ b * (c @ b)]; rtol = 1e-10; atol = 1e-12
// SHARED: shared-kernels.mlir:[[@LINE+3]]:{{.*}}calls @ten_contraction_kernel{{.*}}of the 2 contractions
// SHARED: shared-kernels.mlir:[[@LINE+3]]:{{.*}}calls @ten_contraction_kernel{{.*}}of the 2 contractions
func.func @f64(%a: tensor<?x33xf64>, %b: tensor<33x21xf64>, %c: tensor<?x33xf64>) -> tensor<?x21xf64> {
  %ab = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<?x33xf64>, tensor<33x21xf64>) -> tensor<?x21xf64>
  %cb = ten.einsum "ij,jk->ik" (%c, %b) : (tensor<?x33xf64>, tensor<33x21xf64>) -> tensor<?x21xf64>
  %y = ten.mul %ab, %cb : (tensor<?x21xf64>, tensor<?x21xf64>) -> tensor<?x21xf64>
  return %y : tensor<?x21xf64>
}
