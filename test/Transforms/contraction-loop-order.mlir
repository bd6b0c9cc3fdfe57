// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-contraction-loop-order))' -split-input-file | FileCheck %s

// C[i,j] += A[i,k] * B[k,j] runs as i, k, j.
// CHECK-DAG: #[[$A:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$B:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$C:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @matmul
// CHECK: linalg.generic {indexing_maps = [#[[$A]], #[[$B]], #[[$C]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-NOT: linalg.matmul
func.func @matmul(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %y = linalg.matmul ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %y : tensor<8x32xf32>
}

// -----

// A batched product keeps the batch loop outermost: b, i, k, j.
// CHECK-LABEL: func.func @batch_matmul
// CHECK: iterator_types = ["parallel", "parallel", "reduction", "parallel"]
func.func @batch_matmul(%a: tensor<2x8x16xf32>, %b: tensor<2x16x32xf32>, %c: tensor<2x8x32xf32>) -> tensor<2x8x32xf32> {
  %y = linalg.batch_matmul ins(%a, %b : tensor<2x8x16xf32>, tensor<2x16x32xf32>) outs(%c : tensor<2x8x32xf32>) -> tensor<2x8x32xf32>
  return %y : tensor<2x8x32xf32>
}

// -----

// Left alone: a contraction already in that order, an elementwise op, a
// one-operand reduction, and a dot product (its result has no dimension).
// CHECK-LABEL: func.func @left_alone
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction", "parallel"]
// CHECK: linalg.add
// CHECK: linalg.reduce
// CHECK: linalg.dot
func.func @left_alone(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %c: tensor<8x32xf32>,
                      %v: tensor<16xf32>, %s: tensor<f32>, %r: tensor<8xf32>)
    -> (tensor<8x32xf32>, tensor<8x32xf32>, tensor<8xf32>, tensor<f32>) {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>],
                       iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : tensor<8x16xf32>, tensor<16x32xf32>) outs(%c : tensor<8x32xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %m = arith.mulf %x, %y : f32
    %s2 = arith.addf %z, %m : f32
    linalg.yield %s2 : f32
  } -> tensor<8x32xf32>
  %1 = linalg.add ins(%c, %c : tensor<8x32xf32>, tensor<8x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  %2 = linalg.reduce ins(%a : tensor<8x16xf32>) outs(%r : tensor<8xf32>) dimensions = [1]
    (%x: f32, %y: f32) {
      %s3 = arith.addf %x, %y : f32
      linalg.yield %s3 : f32
    }
  %3 = linalg.dot ins(%v, %v : tensor<16xf32>, tensor<16xf32>) outs(%s : tensor<f32>) -> tensor<f32>
  return %0, %1, %2, %3 : tensor<8x32xf32>, tensor<8x32xf32>, tensor<8xf32>, tensor<f32>
}

// -----

// Not a contraction: a two-operand reduction whose body is not a multiply
// and add (the sum of exp(x - max) in a softmax) keeps its loops, rows
// outermost, so that each row is read with unit stride.
// CHECK-LABEL: func.func @two_operand_reduction
// CHECK: iterator_types = ["parallel", "reduction"]
func.func @two_operand_reduction(%x: tensor<64x128xf32>, %m: tensor<64xf32>, %s: tensor<64xf32>) -> tensor<64xf32> {
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x, %m : tensor<64x128xf32>, tensor<64xf32>) outs(%s : tensor<64xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %d = arith.subf %a, %b : f32
    %e = math.exp %d : f32
    %t = arith.addf %c, %e : f32
    linalg.yield %t : f32
  } -> tensor<64xf32>
  return %y : tensor<64xf32>
}

// -----

// Rows of W times a vector (W @ x): no input is contiguous along the
// result's loop, so the reduction stays innermost, a dot product along each
// row of W, rather than walking down W's columns. A vector times W (x @ W)
// streams W's rows along the result's loop: reordered, the reduction first.
// CHECK-LABEL: func.func @matrix_vector
// CHECK: linalg.matvec
// CHECK-LABEL: func.func @vector_matrix
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "parallel"]
// CHECK-NOT: linalg.vecmat
func.func @matrix_vector(%w: tensor<64x128xf32>, %x: tensor<128xf32>, %y: tensor<64xf32>) -> tensor<64xf32> {
  %r = linalg.matvec ins(%w, %x : tensor<64x128xf32>, tensor<128xf32>) outs(%y : tensor<64xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @vector_matrix(%x: tensor<64xf32>, %w: tensor<64x128xf32>, %y: tensor<128xf32>) -> tensor<128xf32> {
  %r = linalg.vecmat ins(%x, %w : tensor<64xf32>, tensor<64x128xf32>) outs(%y : tensor<128xf32>) -> tensor<128xf32>
  return %r : tensor<128xf32>
}
