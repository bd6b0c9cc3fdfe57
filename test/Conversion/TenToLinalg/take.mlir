// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file | FileCheck %s

// A take is an elementwise generic over the result that reads the index
// and extracts the input's element there. Mode raise first reduces the
// indices to whether all are in range and asserts that; the body
// counts negative indices from the end and clamps all the same. A static,
// non-empty dimension needs no check that it is not empty.

// CHECK-DAG: #[[$ALL:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[$NONE:.*]] = affine_map<(d0) -> ()>
// CHECK-DAG: #[[$INDEX:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[$RESULT:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @take_raise
// CHECK-SAME: (%[[X:.*]]: tensor<4x5xf32>, %[[I:.*]]: tensor<3xi64>)
// CHECK-NOT: which is empty
// CHECK: %[[OUT:.*]] = linalg.generic {indexing_maps = [#[[$ALL]], #[[$NONE]]], iterator_types = ["reduction"]} ins(%[[I]] : tensor<3xi64>)
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi slt
// CHECK: arith.andi
// CHECK: arith.minui
// CHECK: %[[ALL_IN:.*]] = tensor.extract %[[OUT]][] : tensor<i1>
// CHECK-NEXT: cf.assert %[[ALL_IN]], "ten.take at {{.*}}: an index is out of range for dimension 1"
// CHECK: linalg.generic {indexing_maps = [#[[$INDEX]], #[[$RESULT]]], iterator_types = ["parallel", "parallel"]} ins(%[[I]] : tensor<3xi64>) outs(%{{.*}} : tensor<4x3xf32>)
// CHECK: ^bb0(%[[IN:.*]]: i64, %{{.*}}: f32):
// CHECK: %[[NEGATIVE:.*]] = arith.cmpi slt, %[[IN]], %c0_i64
// CHECK: %[[FROM_END:.*]] = arith.addi %[[IN]]
// CHECK: %[[SELECTED:.*]] = arith.select %[[NEGATIVE]], %[[FROM_END]], %[[IN]]
// CHECK: arith.minsi %[[SELECTED]]
// CHECK: %[[ROW:.*]] = linalg.index 0 : index
// CHECK: %[[COLUMN:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[ELEMENT:.*]] = tensor.extract %[[X]][%[[ROW]], %[[COLUMN]]] : tensor<4x5xf32>
// CHECK: linalg.yield %[[ELEMENT]]
func.func @take_raise(%x: tensor<4x5xf32>, %i: tensor<3xi64>) -> tensor<4x3xf32> {
  %0 = ten.take raise %x, %i dim 1 : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// Wrap: no check of the indices, only that a dynamic dimension is not
// empty where there are indices; ((i % n) + n) % n.
// CHECK-LABEL: func.func @take_wrap
// CHECK: cf.assert %{{.*}}, "ten.take at {{.*}}: a take of some indices from dimension 0, which is empty"
// CHECK-NOT: cf.assert
// CHECK: linalg.generic
// CHECK: arith.remsi
// CHECK: arith.addi
// CHECK: arith.remsi
// CHECK: tensor.extract
func.func @take_wrap(%x: tensor<?xi8>, %i: tensor<2x2xi64>) -> tensor<2x2xi8> {
  %0 = ten.take wrap %x, %i dim 0 : (tensor<?xi8>, tensor<2x2xi64>) -> tensor<2x2xi8>
  return %0 : tensor<2x2xi8>
}

// -----

// Clip: no check at all for a static dimension; negative indices clamp to 0.
// CHECK-LABEL: func.func @take_clip
// CHECK-NOT: cf.assert
// CHECK: linalg.generic
// CHECK-NOT: arith.select
// CHECK: arith.minsi
// CHECK: arith.maxsi
func.func @take_clip(%x: tensor<3x7xf64>, %i: tensor<i64>) -> tensor<7xf64> {
  %0 = ten.take clip %x, %i dim 0 : (tensor<3x7xf64>, tensor<i64>) -> tensor<7xf64>
  return %0 : tensor<7xf64>
}
