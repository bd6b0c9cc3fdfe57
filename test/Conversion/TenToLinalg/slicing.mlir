// RUN: tensor-opt %s --convert-ten-to-linalg --canonicalize | FileCheck %s

// Forward slices are views: one tensor.extract_slice, offsets and sizes
// folded where the sizes are static.
// CHECK-LABEL: func.func @slice_forward
// CHECK: tensor.extract_slice %{{.*}}[1, 0, 2] [3, 4, 1] [2, 1, 1] : tensor<8x4x3xf32> to tensor<3x4x1xf32>
// CHECK-NOT: linalg.generic
func.func @slice_forward(%x: tensor<8x4x3xf32>) -> tensor<3x4x1xf32> {
  %0 = ten.slice %x [1:7:2, :, -1:] : tensor<8x4x3xf32> -> tensor<3x4x1xf32>
  return %0 : tensor<3x4x1xf32>
}

// A backward step is a view from the lowest selected element (5:1:-2 selects
// rows 5 and 3: from row 3, stride 2), reversed: element i reads element
// count - 1 - i of the view.
// CHECK-LABEL: func.func @slice_backward
// CHECK-SAME: (%[[X:.*]]: tensor<7x4xi64>)
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[VIEW:.*]] = tensor.extract_slice %[[X]][3, 0] [2, 4] [2, 1] : tensor<7x4xi64> to tensor<2x4xi64>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x4xi64>)
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[ROW:.*]] = arith.subi %[[C1]], %[[I]] : index
// CHECK: %[[J:.*]] = linalg.index 1 : index
// CHECK: %[[E:.*]] = tensor.extract %[[VIEW]][%[[ROW]], %[[J]]] : tensor<2x4xi64>
// CHECK: linalg.yield %[[E]] : i64
func.func @slice_backward(%x: tensor<7x4xi64>) -> tensor<2x4xi64> {
  %0 = ten.slice %x [5:1:-2, :] : tensor<7x4xi64> -> tensor<2x4xi64>
  return %0 : tensor<2x4xi64>
}

// A dynamic dimension's bounds are NumPy's, computed from its size: -2
// counts from the end, clamped to [0, size].
// CHECK-LABEL: func.func @slice_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?xf32>
// CHECK: %[[FROM_END:.*]] = arith.addi %[[N]], %{{.*}} : index
// CHECK: %[[LOW:.*]] = arith.maxsi %[[FROM_END]], %{{.*}} : index
// CHECK: %[[FIRST:.*]] = arith.minsi %[[LOW]], %[[N]] : index
// CHECK: tensor.extract_slice %[[X]][%{{.*}}] [%{{.*}}] [1] : tensor<?xf32> to tensor<?xf32>
func.func @slice_dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = ten.slice %x [-2:] : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// A bound of run time is read from its 0-d tensor and adjusted as NumPy
// adjusts one: from the end where negative, then clamped to [0, size].
// CHECK-LABEL: func.func @slice_run_time_start
// CHECK-SAME: (%[[X:.*]]: tensor<8xf32>, %[[I:.*]]: tensor<i64>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[E:.*]] = tensor.extract %[[I]][] : tensor<i64>
// CHECK: %[[START:.*]] = arith.index_cast %[[E]] : i64 to index
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[START]], %[[C0]] : index
// CHECK: %[[FROM_END:.*]] = arith.addi %[[START]], %[[C8]] : index
// CHECK: %[[ADJ:.*]] = arith.select %[[NEG]], %[[FROM_END]], %[[START]] : index
// CHECK: %[[LOW:.*]] = arith.maxsi %[[ADJ]], %[[C0]] : index
// CHECK: %[[FIRST:.*]] = arith.minsi %[[LOW]], %[[C8]] : index
// CHECK: tensor.extract_slice %[[X]][%{{.*}}] [%{{.*}}] [1] : tensor<8xf32> to tensor<?xf32>
func.func @slice_run_time_start(%x: tensor<8xf32>, %i: tensor<i64>) -> tensor<?xf32> {
  %0 = ten.slice %x [%i:] : tensor<8xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// An insertion at run-time bounds checks the source's size when it runs.
// CHECK-LABEL: func.func @insert_slice_run_time_stop
// CHECK: %[[STOP:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: arith.minsi
// CHECK: %[[COUNT:.*]] = arith.maxsi %{{.*}}, %{{.*}} : index
// CHECK: %[[DIM:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?xf32>
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[DIM]], %[[COUNT]] : index
// CHECK: cf.assert %[[SAME]], "ten.insert_slice at {{.*}}: dimension 0 of the source does not have the size of the slice it replaces"
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0] [%[[COUNT]]] [1] : tensor<?xf32> into tensor<8xf32>
func.func @insert_slice_run_time_stop(%x: tensor<8xf32>, %v: tensor<?xf32>, %i: tensor<i64>) -> tensor<8xf32> {
  %0 = ten.insert_slice %v into %x [:%i] : tensor<?xf32> into tensor<8xf32>
  return %0 : tensor<8xf32>
}

// A concat inserts each input at its offset; unsigned elements move as their
// signless type.
// CHECK-LABEL: func.func @concat
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x7xi8>
// CHECK: %[[A:.*]] = tensor.insert_slice %{{.*}} into %[[EMPTY]][0, 0] [2, 3] [1, 1] : tensor<2x3xi8> into tensor<2x7xi8>
// CHECK: %[[B:.*]] = tensor.insert_slice %{{.*}} into %[[A]][0, 3] [2, 4] [1, 1] : tensor<2x4xi8> into tensor<2x7xi8>
// CHECK: return %[[B]]
func.func @concat(%a: tensor<2x3xui8>, %b: tensor<2x4xui8>) -> tensor<2x7xui8> {
  %0 = ten.concat %a, %b along 1 : tensor<2x3xui8>, tensor<2x4xui8> -> tensor<2x7xui8>
  return %0 : tensor<2x7xui8>
}

// Sizes only run time knows are checked there.
// CHECK-LABEL: func.func @concat_dynamic
// CHECK: %[[N0:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x?xf32>
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %{{.*}}, %c3 : index
// CHECK: cf.assert %[[SAME]], "ten.concat at {{.*}}: input 1 has another size along dimension 1 than the inputs before it; only dimension 0 may differ"
// CHECK: tensor.insert_slice
// CHECK: tensor.insert_slice
func.func @concat_dynamic(%a: tensor<2x3xf32>, %b: tensor<?x?xf32>) -> tensor<?x3xf32> {
  %0 = ten.concat %a, %b along 0 : tensor<2x3xf32>, tensor<?x?xf32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// An insert_slice with forward steps is a tensor.insert_slice; backward
// steps insert the source, reversed, at the lowest element they replace.
// CHECK-LABEL: func.func @insert_slice
// CHECK-SAME: (%[[V:.*]]: tensor<3x4xf32>, %[[X:.*]]: tensor<8x4xf32>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3x4xf32>)
// CHECK: tensor.extract %[[V]]
// CHECK: tensor.insert_slice %[[R]] into %[[X]][1, 0] [3, 4] [2, 1] : tensor<3x4xf32> into tensor<8x4xf32>
// CHECK: tensor.insert_slice %[[V]] into %[[X]][1, 0] [3, 4] [2, 1] : tensor<3x4xf32> into tensor<8x4xf32>
func.func @insert_slice(%v: tensor<3x4xf32>, %x: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0 = ten.insert_slice %v into %x [5:0:-2, :] : tensor<3x4xf32> into tensor<8x4xf32>
  %1 = ten.insert_slice %v into %x [1:7:2, :] : tensor<3x4xf32> into tensor<8x4xf32>
  return %0, %1 : tensor<8x4xf32>, tensor<8x4xf32>
}
