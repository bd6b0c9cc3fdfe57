// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file | FileCheck %s

// A check reduces its condition to whether every element holds (an
// unsigned minimum of i1 from true: an empty condition holds) and asserts
// that with the op's message, after the op's name and location.

// CHECK-DAG: #[[$ALL:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$NONE:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @assert
// CHECK-SAME: (%[[C:.*]]: tensor<?x3xi1>)
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[TRUE]] : i1)
// CHECK: %[[FLAG:.*]] = linalg.generic {indexing_maps = [#[[$ALL]], #[[$NONE]]], iterator_types = ["reduction", "reduction"]} ins(%[[C]] : tensor<?x3xi1>) outs(%[[INIT]] : tensor<i1>)
// CHECK: ^bb0(%[[IN:.*]]: i1, %[[OUT:.*]]: i1):
// CHECK: %[[BOTH:.*]] = arith.minui %[[OUT]], %[[IN]] : i1
// CHECK: linalg.yield %[[BOTH]]
// CHECK: %[[HOLDS:.*]] = tensor.extract %[[FLAG]][] : tensor<i1>
// CHECK: cf.assert %[[HOLDS]], "ten.assert at {{.*}}assert.mlir:{{[0-9]+}}:3: class values must be non-negative"
// CHECK: return %[[C]]
func.func @assert(%c: tensor<?x3xi1>) -> tensor<?x3xi1> {
  ten.assert %c, "class values must be non-negative" : tensor<?x3xi1>
  return %c : tensor<?x3xi1>
}

// -----

// A 0-d condition: a reduction of no loops, the same assert.
// CHECK-LABEL: func.func @assert_scalar
// CHECK: linalg.generic {{.*}}iterator_types = []
// CHECK: cf.assert %{{.*}}, "ten.assert at {{.*}}: sum must be positive"
func.func @assert_scalar(%c: tensor<i1>) {
  ten.assert %c, "sum must be positive" : tensor<i1>
  return
}
