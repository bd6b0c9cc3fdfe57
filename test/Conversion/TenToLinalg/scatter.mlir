// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file | FileCheck %s

// A scatter checks its indices on the host (one reduction and cf.assert),
// then runs a nest of scf.for loops over the updates in row-major order,
// carrying the destination: each step reads the index, counts a negative
// one from the end, clamps it, and inserts the update combined with the
// element there (f16 in f32, rounded back at each step).

// CHECK-LABEL: func.func @scatter_add
// CHECK-SAME: (%[[X:.*]]: tensor<5x3xf16>, %[[I:.*]]: tensor<4xi64>, %[[U:.*]]: tensor<4x3xf16>)
// CHECK-NOT: updates dimension
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[I]] : tensor<4xi64>)
// CHECK: cf.assert %{{.*}}, "ten.scatter at {{.*}}: an index is out of range for dimension 0"
// CHECK: %[[RESULT:.*]] = scf.for %[[P:.*]] = %c0 to %c4 step %c1 iter_args(%[[OUTER:.*]] = %[[X]]) -> (tensor<5x3xf16>)
// CHECK: scf.for %[[C:.*]] = %c0 to %c3 step %c1 iter_args(%[[ACC:.*]] = %[[OUTER]]) -> (tensor<5x3xf16>)
// CHECK: %[[INDEX:.*]] = tensor.extract %[[I]][%[[P]]] : tensor<4xi64>
// CHECK: %[[NEGATIVE:.*]] = arith.cmpi slt, %[[INDEX]]
// CHECK: arith.select %[[NEGATIVE]]
// CHECK: arith.minsi
// CHECK: %[[CLAMPED:.*]] = arith.maxsi
// CHECK: %[[ROW:.*]] = arith.index_cast %[[CLAMPED]] : i64 to index
// CHECK: %[[UPDATE:.*]] = tensor.extract %[[U]][%[[P]], %[[C]]] : tensor<4x3xf16>
// CHECK: %[[OLD:.*]] = tensor.extract %[[ACC]][%[[ROW]], %[[C]]] : tensor<5x3xf16>
// CHECK: %[[WIDE_UPDATE:.*]] = arith.extf %[[UPDATE]] : f16 to f32
// CHECK: %[[WIDE_OLD:.*]] = arith.extf %[[OLD]] : f16 to f32
// CHECK: %[[SUM:.*]] = arith.addf %[[WIDE_OLD]], %[[WIDE_UPDATE]] : f32
// CHECK: %[[NEW:.*]] = arith.truncf %[[SUM]] : f32 to f16
// CHECK: %[[INSERTED:.*]] = tensor.insert %[[NEW]] into %[[ACC]][%[[ROW]], %[[C]]]
// CHECK: scf.yield %[[INSERTED]]
// CHECK: return %[[RESULT]]
func.func @scatter_add(%x: tensor<5x3xf16>, %i: tensor<4xi64>, %u: tensor<4x3xf16>) -> tensor<5x3xf16> {
  %0 = ten.scatter add %x, %i, %u dim 0 : (tensor<5x3xf16>, tensor<4xi64>, tensor<4x3xf16>) -> tensor<5x3xf16>
  return %0 : tensor<5x3xf16>
}

// -----

// An assignment reads nothing from the destination; a dynamic size of the
// indices that the updates' static one stands for is checked first.
// CHECK-LABEL: func.func @scatter_assign
// CHECK-SAME: (%[[X:.*]]: tensor<?xi1>, %[[I:.*]]: tensor<?xi64>, %[[U:.*]]: tensor<4xi1>)
// CHECK: %[[COUNT:.*]] = tensor.dim %[[I]]
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %c4, %[[COUNT]]
// CHECK: cf.assert %[[SAME]], "ten.scatter at {{.*}}: updates dimension 0 does not have the size of the destination's or the indices' dimension it stands for"
// CHECK: cf.assert %{{.*}}, "ten.scatter at {{.*}}: an index is out of range for dimension 0"
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[X]]) -> (tensor<?xi1>)
// CHECK: %[[UPDATE:.*]] = tensor.extract %[[U]]
// CHECK-NOT: tensor.extract
// CHECK: tensor.insert %[[UPDATE]] into %[[ACC]]
func.func @scatter_assign(%x: tensor<?xi1>, %i: tensor<?xi64>, %u: tensor<4xi1>) -> tensor<?xi1> {
  %0 = ten.scatter assign %x, %i, %u dim 0 : (tensor<?xi1>, tensor<?xi64>, tensor<4xi1>) -> tensor<?xi1>
  return %0 : tensor<?xi1>
}

// -----

// On i1, add is an or and mul an and; unsigned integers compare unsigned.
// CHECK-LABEL: func.func @scatter_kinds
// CHECK: scf.for
// CHECK: arith.ori
// CHECK: scf.for
// CHECK: arith.andi
// CHECK: scf.for
// CHECK: arith.maxui
// CHECK: scf.for
// CHECK: arith.minsi
func.func @scatter_kinds(%b: tensor<4xi1>, %y: tensor<4xui8>, %z: tensor<4xi8>, %i: tensor<2xi64>, %c: tensor<2xi1>, %v: tensor<2xui8>, %w: tensor<2xi8>)
    -> (tensor<4xi1>, tensor<4xi1>, tensor<4xui8>, tensor<4xi8>) {
  %0 = ten.scatter add %b, %i, %c dim 0 : (tensor<4xi1>, tensor<2xi64>, tensor<2xi1>) -> tensor<4xi1>
  %1 = ten.scatter mul %b, %i, %c dim 0 : (tensor<4xi1>, tensor<2xi64>, tensor<2xi1>) -> tensor<4xi1>
  %2 = ten.scatter max %y, %i, %v dim 0 : (tensor<4xui8>, tensor<2xi64>, tensor<2xui8>) -> tensor<4xui8>
  %3 = ten.scatter min %z, %i, %w dim 0 : (tensor<4xi8>, tensor<2xi64>, tensor<2xi8>) -> tensor<4xi8>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<4xi1>, tensor<4xui8>, tensor<4xi8>
}
