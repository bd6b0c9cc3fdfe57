// RUN: tensor-opt %s --ten-merge-einsums --split-input-file | FileCheck %s
// RUN: tensor-opt %s --ten-merge-einsums="max-operands=2" --split-input-file | FileCheck %s --check-prefix=TWO
// RUN: tensor-opt %s --ten-merge-einsums="explain=true" --split-input-file 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: tensor-opt %s --ten-merge-einsums --ten-einsum-path --split-input-file | FileCheck %s --check-prefix=PATH

// A product whose operand is a product that nothing else uses: one einsum
// of all their operands, a letter per label; the inner einsum's summed
// label gets a letter of its own. Chains merge all the way.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[A:.*]]: tensor<20x4xf64>, %[[B:.*]]: tensor<4x20xf64>, %[[X:.*]]: tensor<20xf64>, %[[C:.*]]: tensor<3x20xf64>)
// CHECK-NEXT: %[[Y:.*]] = ten.einsum "AB,BC,CD,D->A" (%[[C]], %[[A]], %[[B]], %[[X]]) : (tensor<3x20xf64>, tensor<20x4xf64>, tensor<4x20xf64>, tensor<20xf64>) -> tensor<3xf64>
// CHECK-NEXT: return %[[Y]]
// With at most two operands, nothing merges.
// TWO-LABEL: func.func @chain
// TWO-COUNT-3: ten.einsum
// Ordered as a whole, the chain never forms the 20 x 20 product.
// PATH-LABEL: func.func @chain
// PATH-NOT: tensor<20x20xf64>
// PATH: return
// EXPLAIN: remark: einsum "ik,k->i" merged with "ij,jk->ik", its operand 0: "AB,BC,C->A"
// EXPLAIN: remark: einsum "ni,i->n" merged with "AB,BC,C->A", its operand 1: "AB,BC,CD,D->A"
func.func @chain(%a: tensor<20x4xf64>, %b: tensor<4x20xf64>, %x: tensor<20xf64>, %c: tensor<3x20xf64>) -> tensor<3xf64> {
  %p = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<20x4xf64>, tensor<4x20xf64>) -> tensor<20x20xf64>
  %y = ten.einsum "ik,k->i" (%p, %x) : (tensor<20x20xf64>, tensor<20xf64>) -> tensor<20xf64>
  %z = ten.einsum "ni,i->n" (%c, %y) : (tensor<3x20xf64>, tensor<20xf64>) -> tensor<3xf64>
  return %z : tensor<3xf64>
}

// -----

// Ellipses become letters, aligned on the right; a batch of 1 still
// broadcasts against the other operand's.
// CHECK-LABEL: func.func @ellipsis
// CHECK-NEXT: ten.einsum "ABC,ACD,ED->ABE" (%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<1x5x6xf32>, tensor<3x6x7xf32>, tensor<2x7xf32>) -> tensor<3x5x2xf32>
func.func @ellipsis(%a: tensor<1x5x6xf32>, %b: tensor<3x6x7xf32>, %c: tensor<2x7xf32>) -> tensor<3x5x2xf32> {
  %p = ten.einsum "...ij,...jk->...ik" (%a, %b) : (tensor<1x5x6xf32>, tensor<3x6x7xf32>) -> tensor<3x5x7xf32>
  %y = ten.einsum "...ik,nk->...in" (%p, %c) : (tensor<3x5x7xf32>, tensor<2x7xf32>) -> tensor<3x5x2xf32>
  return %y : tensor<3x5x2xf32>
}

// -----

// Left alone: an inner product used twice, an inner einsum of one operand
// (a transpose), an outer one of one operand (a reduction), and an operand
// whose labels repeat (the diagonal of the inner result).
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-8: ten.einsum
// CHECK-NOT: ten.einsum
func.func @left_alone(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %p = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %y = ten.einsum "ik,kl->il" (%p, %a) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %t = ten.einsum "ij->ji" (%a) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %z = ten.einsum "ij,jk->ik" (%t, %p) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %q = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %s = ten.einsum "ij->i" (%q) : (tensor<4x4xf32>) -> tensor<4xf32>
  %r = ten.einsum "ij,jk->ik" (%b, %a) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %d = ten.einsum "ii,i->i" (%r, %s) : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %y, %z, %s, %d : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>
}
