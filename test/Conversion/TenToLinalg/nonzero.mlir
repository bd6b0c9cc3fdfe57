// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file | FileCheck %s

// A nonzero converts its input to i1 (as ten.cast does), flattens it,
// counts the true elements into an i64, allocates that many positions and
// fills them in one scf.for that carries the result and the next slot.

// CHECK-LABEL: func.func @nonzero_2d
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xf32>) -> tensor<?xi64>
// CHECK: %[[MASK:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<4x5xf32>) outs(%{{.*}} : tensor<4x5xi1>)
// CHECK: arith.cmpf une
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[MASK]] {{\[\[}}0, 1]] : tensor<4x5xi1> into tensor<20xi1>
// CHECK: %[[COUNT:.*]] = linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[FLAT]] : tensor<20xi1>) outs(%{{.*}} : tensor<i64>)
// CHECK: arith.extui
// CHECK: arith.addi
// CHECK: %[[N:.*]] = tensor.extract %[[COUNT]][] : tensor<i64>
// CHECK: %[[SIZE:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[SIZE]]) : tensor<?xi64>
// CHECK: %[[LOOP:.*]]:2 = scf.for %[[AT:.*]] = %c0 to %{{.*}} step %c1 iter_args(%[[RESULT:.*]] = %[[EMPTY]], %[[SLOT:.*]] = %c0) -> (tensor<?xi64>, index)
// CHECK: %[[SET:.*]] = tensor.extract %[[FLAT]][%[[AT]]] : tensor<20xi1>
// CHECK: scf.if %[[SET]] -> (tensor<?xi64>, index)
// CHECK: %[[POSITION:.*]] = arith.index_cast %[[AT]] : index to i64
// CHECK: %[[WRITTEN:.*]] = tensor.insert %[[POSITION]] into %[[RESULT]][%[[SLOT]]] : tensor<?xi64>
// CHECK: %[[NEXT:.*]] = arith.addi %[[SLOT]], %c1
// CHECK: scf.yield %[[WRITTEN]], %[[NEXT]]
// CHECK: } else {
// CHECK: scf.yield %[[RESULT]], %[[SLOT]]
// CHECK: return %[[LOOP]]#0 : tensor<?xi64>
func.func @nonzero_2d(%x: tensor<4x5xf32>) -> tensor<?xi64> {
  %0 = ten.nonzero %x : tensor<4x5xf32>
  return %0 : tensor<?xi64>
}

// -----

// A 1-d mask needs no reshape; a 0-d input becomes one element.
// CHECK-LABEL: func.func @nonzero_shapes
// CHECK-NOT: tensor.collapse_shape
// CHECK: tensor.expand_shape %{{.*}} [] output_shape [1] : tensor<i1> into tensor<1xi1>
func.func @nonzero_shapes(%b: tensor<?xi1>, %s: tensor<i32>) -> (tensor<?xi64>, tensor<?xi64>) {
  %0 = ten.nonzero %b : tensor<?xi1>
  %1 = ten.nonzero %s : tensor<i32>
  return %0, %1 : tensor<?xi64>, tensor<?xi64>
}
