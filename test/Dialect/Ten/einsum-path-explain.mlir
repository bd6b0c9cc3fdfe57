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

// Dynamic sizes: the order at the assumed size, and the orders chosen
// among at run time.
// CHECK: scf.index_switch
// REMARK: einsum-path-explain.mlir:[[# @LINE + 9]]:8: remark: einsum "ij,jk,kl->il" in 2 pairwise steps (optimal order at dynamic sizes of 64): {{.*}}; at run time, the one of 2 orders (the cheapest with each dynamic size 16 or 4096) that takes the fewest FLOP at the operands' sizes
// REMARK-NEXT: order 1:
// REMARK-NEXT: step 1: "ij,jk->ik" (operands 0, 1), 5.24e+05 FLOP, result 4.1e+03 elements
// REMARK-NEXT: step 2: "ik,kl->il" (operands 0, 1), 5.24e+05 FLOP, result 4.1e+03 elements
// REMARK-NEXT: order 2:
// REMARK-NEXT: step 1: "jk,kl->jl" (operands 1, 2){{$}}
// REMARK-NEXT: step 2: "ij,jl->il" (operands 0, 1){{$}}
func.func @explained_dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-remark @below {{at run time, the one of 2 orders}}
  %y = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
