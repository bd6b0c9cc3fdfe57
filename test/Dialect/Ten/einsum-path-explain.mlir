// RUN: tensor-opt %s -ten-einsum-path="explain=true" -verify-diagnostics | FileCheck %s
// RUN: tensor-opt %s -ten-einsum-path="explain=true" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// CHECK: ten.einsum "ij,jk->ik"
// REMARK: einsum-path-explain.mlir:[[# @LINE + 5]]:8: remark: einsum "ij,jk,kl->il" in 2 pairwise steps (optimal order): 4.19e+06 FLOP instead of 1.61e+09 in one loop nest (384x fewer), largest intermediate 2.05e+03 elements
// REMARK-NEXT: step 1: "ij,jk->ik" (operands 0, 1), 2.1e+06 FLOP, result 2.05e+03 elements
// REMARK-NEXT: step 2: "ik,kl->il" (operands 0, 1), 2.1e+06 FLOP, result 2.05e+03 elements
func.func @explained(%a: tensor<4x512xf32>, %b: tensor<512x512xf32>, %c: tensor<512x512xf32>) -> tensor<4x512xf32> {
  // expected-remark @below {{einsum "ij,jk,kl->il" in 2 pairwise steps (optimal order)}}
  %y = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<4x512xf32>, tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<4x512xf32>
  return %y : tensor<4x512xf32>
}
