// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file | FileCheck %s

// A search is an elementwise generic over the values whose body runs a
// binary search of the sorted vector: an scf.while over (lo, count) that
// stops at an empty range and otherwise moves past the middle element or
// keeps the half before it. Left moves past elements that come before the
// value (NaN last: a number comes before NaN); right past those the value
// does not come before.

// CHECK-LABEL: func.func @left
// CHECK-SAME: (%[[A:.*]]: tensor<6xf32>, %[[V:.*]]: tensor<2x4xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[V]] : tensor<2x4xf32>) outs(%{{.*}} : tensor<2x4xi64>)
// CHECK: ^bb0(%[[VALUE:.*]]: f32, %{{.*}}: i64):
// CHECK: %[[FOUND:.*]]:2 = scf.while (%[[LO:.*]] = %c0, %[[COUNT:.*]] = %c6)
// CHECK: %[[NONEMPTY:.*]] = arith.cmpi ugt, %[[COUNT]], %c0
// CHECK: scf.condition(%[[NONEMPTY]])
// CHECK: ^bb0(%[[LO2:.*]]: index, %[[COUNT2:.*]]: index):
// CHECK: %[[HALF:.*]] = arith.shrui %[[COUNT2]], %c1
// CHECK: %[[MIDDLE:.*]] = arith.addi %[[LO2]], %[[HALF]]
// CHECK: %[[ELEMENT:.*]] = tensor.extract %[[A]][%[[MIDDLE]]]
// CHECK: %[[LESS:.*]] = arith.cmpf olt, %[[ELEMENT]], %[[VALUE]]
// CHECK: %[[NUMBER:.*]] = arith.cmpf ord, %[[ELEMENT]], %[[ELEMENT]]
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[VALUE]], %[[VALUE]]
// CHECK: %[[BEFORE_NAN:.*]] = arith.andi %[[NUMBER]], %[[NAN]]
// CHECK: %[[PAST:.*]] = arith.ori %[[LESS]], %[[BEFORE_NAN]]
// CHECK: arith.select %[[PAST]]
// CHECK: arith.select %[[PAST]]
// CHECK: %[[INDEX:.*]] = arith.index_cast %[[FOUND]]#0 : index to i64
// CHECK: linalg.yield %[[INDEX]]
func.func @left(%a: tensor<6xf32>, %v: tensor<2x4xf32>) -> tensor<2x4xi64> {
  %0 = ten.searchsorted left %a, %v : (tensor<6xf32>, tensor<2x4xf32>) -> tensor<2x4xi64>
  return %0 : tensor<2x4xi64>
}

// -----

// Right: the negation of "the value comes before the element"; unsigned
// integers compare unsigned; a dynamic vector's size bounds the search.
// CHECK-LABEL: func.func @right
// CHECK-SAME: (%[[A:.*]]: tensor<?xi8>, %[[V:.*]]: tensor<i8>)
// CHECK: %[[SIZE:.*]] = tensor.dim %[[A]], %c0
// CHECK: scf.while (%{{.*}} = %c0{{.*}}, %{{.*}} = %[[SIZE]])
// CHECK: %[[BEFORE:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i8
// CHECK: arith.xori %[[BEFORE]], %true
func.func @right(%a: tensor<?xui8>, %v: tensor<ui8>) -> tensor<i64> {
  %0 = ten.searchsorted right %a, %v : (tensor<?xui8>, tensor<ui8>) -> tensor<i64>
  return %0 : tensor<i64>
}
