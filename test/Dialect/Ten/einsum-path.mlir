// RUN: tensor-opt %s -ten-einsum-path -split-input-file | FileCheck %s
// RUN: tensor-opt %s -ten-einsum-path="memory-limit=100" -split-input-file | FileCheck %s --check-prefix=LIMIT
// RUN: tensor-opt %s -ten-einsum-path="max-optimal=2" -split-input-file | FileCheck %s --check-prefix=GREEDY
// RUN: tensor-opt %s -ten-einsum-path="max-runtime-orders=1" -split-input-file | FileCheck %s --check-prefix=ONE

// A thin left operand: (A B) C costs 4.2e6 FLOP, A (B C) 2.7e8.
// CHECK-LABEL: func.func @chain_left_first
// CHECK-SAME: (%[[A:.*]]: tensor<4x512xf32>, %[[B:.*]]: tensor<512x512xf32>, %[[C:.*]]: tensor<512x512xf32>)
// CHECK-NEXT: %[[AB:.*]] = ten.einsum "ij,jk->ik" (%[[A]], %[[B]]) : (tensor<4x512xf32>, tensor<512x512xf32>) -> tensor<4x512xf32>
// CHECK-NEXT: %[[Y:.*]] = ten.einsum "ik,kl->il" (%[[AB]], %[[C]]) : (tensor<4x512xf32>, tensor<512x512xf32>) -> tensor<4x512xf32>
// CHECK-NEXT: return %[[Y]]
// The only order within 100 elements per intermediate is none: left alone.
// LIMIT-LABEL: func.func @chain_left_first
// LIMIT-NEXT: ten.einsum "ij,jk,kl->il"
// The greedy order finds the same chain.
// GREEDY-LABEL: func.func @chain_left_first
// GREEDY-NEXT: ten.einsum "ij,jk->ik"
// GREEDY-NEXT: ten.einsum "ik,kl->il"
func.func @chain_left_first(%a: tensor<4x512xf32>, %b: tensor<512x512xf32>, %c: tensor<512x512xf32>) -> tensor<4x512xf32> {
  %y = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<4x512xf32>, tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<4x512xf32>
  return %y : tensor<4x512xf32>
}

// -----

// A thin right operand: A (B C).
// CHECK-LABEL: func.func @chain_right_first
// CHECK-SAME: (%[[A:.*]]: tensor<512x512xf64>, %[[B:.*]]: tensor<512x512xf64>, %[[C:.*]]: tensor<512x4xf64>)
// CHECK-NEXT: %[[BC:.*]] = ten.einsum "jk,kl->jl" (%[[B]], %[[C]]) : (tensor<512x512xf64>, tensor<512x4xf64>) -> tensor<512x4xf64>
// CHECK-NEXT: %[[Y:.*]] = ten.einsum "ij,jl->il" (%[[A]], %[[BC]]) : (tensor<512x512xf64>, tensor<512x4xf64>) -> tensor<512x4xf64>
// CHECK-NEXT: return %[[Y]]
func.func @chain_right_first(%a: tensor<512x512xf64>, %b: tensor<512x512xf64>, %c: tensor<512x4xf64>) -> tensor<512x4xf64> {
  %y = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<512x512xf64>, tensor<512x512xf64>, tensor<512x4xf64>) -> tensor<512x4xf64>
  return %y : tensor<512x4xf64>
}

// -----

// Four operands; the output keeps the stated order and type, and a label
// summed in one operand only (x) is summed in the first step that reads it.
// CHECK-LABEL: func.func @four_operands
// CHECK-COUNT-3: ten.einsum "{{[a-zA-Z]+}},{{[a-zA-Z]+}}->{{[a-zA-Z]*}}"
// CHECK-NOT: ten.einsum
// CHECK: -> tensor<?x8xf32>
// CHECK-NEXT: return
func.func @four_operands(%a: tensor<8x16x3xf32>, %b: tensor<16x32xf32>, %c: tensor<32x64xf32>, %d: tensor<64x8xf32>) -> tensor<?x8xf32> {
  %y = ten.einsum "ijx,jk,kl,lm->im" (%a, %b, %c, %d) : (tensor<8x16x3xf32>, tensor<16x32xf32>, tensor<32x64xf32>, tensor<64x8xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

// -----

// Ellipsis dimensions get letters of their own, the batch dimension stays in
// every step, and a size-1 label broadcasts as in the original.
// CHECK-LABEL: func.func @ellipsis
// CHECK-NEXT: %[[T:.*]] = ten.einsum "{{[A-Za-z]}}ij,{{[A-Za-z]}}jk->{{[A-Za-z]}}ik"
// CHECK-NEXT: ten.einsum "{{[A-Za-z]}}ik,{{[A-Za-z]}}kl->{{[A-Za-z]}}il" (%[[T]], %{{.*}})
func.func @ellipsis(%a: tensor<6x2x64xf32>, %b: tensor<1x64x64xf32>, %c: tensor<6x64x64xf32>) -> tensor<6x2x64xf32> {
  %y = ten.einsum "...ij,...jk,...kl->...il" (%a, %b, %c) : (tensor<6x2x64xf32>, tensor<1x64x64xf32>, tensor<6x64x64xf32>) -> tensor<6x2x64xf32>
  return %y : tensor<6x2x64xf32>
}

// -----

// Two operands are left alone; an outer product of three vectors costs less
// as two steps (4*5 + 4*5*6 products instead of 2 per point of 4*5*6).
// CHECK-LABEL: func.func @left_alone
// CHECK-NEXT: ten.einsum "ij,jk->ik"
// CHECK-NEXT: %[[XY:.*]] = ten.einsum "i,j->ij"
// CHECK-NEXT: ten.einsum "ij,k->ijk" (%[[XY]], %{{.*}})
// CHECK-NEXT: return
func.func @left_alone(%a: tensor<4x5xf32>, %b: tensor<5x6xf32>, %x: tensor<4xf32>, %y: tensor<5xf32>, %z: tensor<6xf32>) -> (tensor<4x6xf32>, tensor<4x5x6xf32>) {
  %0 = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x6xf32>
  %1 = ten.einsum "i,j,k->ijk" (%x, %y, %z) : (tensor<4xf32>, tensor<5xf32>, tensor<6xf32>) -> tensor<4x5x6xf32>
  return %0, %1 : tensor<4x6xf32>, tensor<4x5x6xf32>
}

// -----

// Dynamic sizes: the order depends on sizes known at run time. (a b) c
// (the order at the assumed 64) is cheapest when c is thin, a (b c) when a
// is: both are built, in the cases of an scf.index_switch over the one of
// fewer FLOPs at the operands' sizes (the sum over the steps of the
// product of their labels' sizes); a tie runs the first.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[A:.*]]: tensor<?x?xf32>, %[[B:.*]]: tensor<?x?xf32>, %[[C:.*]]: tensor<?x?xf32>)
// CHECK: %[[I:.*]] = tensor.dim %[[A]], %c0
// CHECK: %[[I_INT:.*]] = arith.index_castui %[[I]] : index to i64
// CHECK: %[[SI:.*]] = arith.uitofp %[[I_INT]] : i64 to f64
// CHECK: %[[J_A:.*]] = tensor.dim %[[A]], %c1
// CHECK: %[[J_B:.*]] = tensor.dim %[[B]], %c0
// CHECK: %[[J:.*]] = arith.maxsi %[[J_A]], %[[J_B]]
// CHECK: %[[SJ:.*]] = arith.uitofp
// CHECK: %[[IJ:.*]] = arith.mulf %[[SI]], %[[SJ]]
// CHECK: %[[K_B:.*]] = tensor.dim %[[B]], %c1
// CHECK: %[[K_C:.*]] = tensor.dim %[[C]], %c0
// CHECK: %[[K:.*]] = arith.maxsi %[[K_B]], %[[K_C]]
// CHECK: %[[SK:.*]] = arith.uitofp
// CHECK: %[[IJK:.*]] = arith.mulf %[[IJ]], %[[SK]]
// CHECK: %[[L:.*]] = tensor.dim %[[C]], %c1
// CHECK: %[[SL:.*]] = arith.uitofp
// CHECK: %[[KL:.*]] = arith.mulf %[[SK]], %[[SL]]
// CHECK: %[[KLI:.*]] = arith.mulf %[[KL]], %[[SI]]
// CHECK: %[[FIRST:.*]] = arith.addf %[[IJK]], %[[KLI]]
// CHECK: %[[JK:.*]] = arith.mulf %[[SJ]], %[[SK]]
// CHECK: %[[JKL:.*]] = arith.mulf %[[JK]], %[[SL]]
// CHECK: %[[IJ2:.*]] = arith.mulf %[[SI]], %[[SJ]]
// CHECK: %[[IJL:.*]] = arith.mulf %[[IJ2]], %[[SL]]
// CHECK: %[[SECOND:.*]] = arith.addf %[[JKL]], %[[IJL]]
// CHECK: %[[FEWER:.*]] = arith.cmpf olt, %[[SECOND]], %[[FIRST]] : f64
// CHECK: %[[CHOICE:.*]] = arith.select %[[FEWER]], %c1{{.*}}, %c0{{.*}} : index
// CHECK: %[[Y:.*]] = scf.index_switch %[[CHOICE]] -> tensor<?x?xf32>
// CHECK-NEXT: case 1 {
// CHECK-NEXT: %[[BC:.*]] = ten.einsum "jk,kl->jl" (%[[B]], %[[C]])
// CHECK-NEXT: %[[R1:.*]] = ten.einsum "ij,jl->il" (%[[A]], %[[BC]])
// CHECK-NEXT: scf.yield %[[R1]]
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: %[[AB:.*]] = ten.einsum "ij,jk->ik" (%[[A]], %[[B]])
// CHECK-NEXT: %[[R0:.*]] = ten.einsum "ik,kl->il" (%[[AB]], %[[C]])
// CHECK-NEXT: scf.yield %[[R0]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[Y]]
// ONE-LABEL: func.func @dynamic
// ONE-NEXT: ten.einsum "ij,jk->ik"{{.*}} -> tensor<?x?xf32>
// ONE-NEXT: ten.einsum "ik,kl->il"{{.*}} -> tensor<?x?xf32>
// ONE-NEXT: return
func.func @dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// A dynamic batch scales every order alike: one order, no choice.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-NEXT: ten.einsum "bij,bjk->bik"{{.*}} -> tensor<?x4x32xf32>
// CHECK-NEXT: ten.einsum "bik,bkl->bil"{{.*}} -> tensor<?x4x4xf32>
// CHECK-NEXT: return
func.func @dynamic_batch(%a: tensor<?x4x32xf32>, %b: tensor<?x32x32xf32>, %c: tensor<?x32x4xf32>) -> tensor<?x4x4xf32> {
  %y = ten.einsum "bij,bjk,bkl->bil" (%a, %b, %c) : (tensor<?x4x32xf32>, tensor<?x32x32xf32>, tensor<?x32x4xf32>) -> tensor<?x4x4xf32>
  return %y : tensor<?x4x4xf32>
}
