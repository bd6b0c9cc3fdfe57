// RUN: tensor-opt %s -ten-widen-fp8 -split-input-file | FileCheck %s

// Ops that compute on fp8 take their operands cast to f32 and cast f32
// results back; results of other types (i1, the index of argmax) stay.

// CHECK-LABEL: func.func @computes
// CHECK-SAME: (%[[A:.*]]: tensor<4xf8E4M3FN>, %[[B:.*]]: tensor<4xf8E5M2>)
// CHECK: %[[A32:.*]] = ten.cast %[[A]] : tensor<4xf8E4M3FN> -> tensor<4xf32>
// CHECK: %[[A32B:.*]] = ten.cast %[[A]] : tensor<4xf8E4M3FN> -> tensor<4xf32>
// CHECK: %[[MUL:.*]] = ten.mul %[[A32]], %[[A32B]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[PRODUCT:.*]] = ten.cast %[[MUL]] : tensor<4xf32> -> tensor<4xf8E4M3FN>
// CHECK: %[[B32:.*]] = ten.cast %[[B]] : tensor<4xf8E5M2> -> tensor<4xf32>
// CHECK: %[[EXP:.*]] = ten.exp %[[B32]] : tensor<4xf32>
// CHECK: %[[E:.*]] = ten.cast %[[EXP]] : tensor<4xf32> -> tensor<4xf8E5M2>
// CHECK: %[[P32:.*]] = ten.cast %[[PRODUCT]] : tensor<4xf8E4M3FN> -> tensor<4xf32>
// CHECK: %[[LT:.*]] = ten.cmp lt, %[[P32]], %{{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK: %[[ARG:.*]] = ten.reduce argmax %{{.*}} dims [0] : tensor<4xf32> -> tensor<i64>
// CHECK: %[[DOT:.*]] = ten.einsum "i,i->" (%{{.*}}, %{{.*}}) : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
// CHECK: %[[D:.*]] = ten.cast %[[DOT]] : tensor<f32> -> tensor<f8E4M3FN>
// CHECK: return %[[PRODUCT]], %[[E]], %[[LT]], %[[ARG]], %[[D]]
func.func @computes(%a: tensor<4xf8E4M3FN>, %b: tensor<4xf8E5M2>) -> (tensor<4xf8E4M3FN>, tensor<4xf8E5M2>, tensor<4xi1>, tensor<i64>, tensor<f8E4M3FN>) {
  %0 = ten.mul %a, %a : (tensor<4xf8E4M3FN>, tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN>
  %1 = ten.exp %b : tensor<4xf8E5M2>
  %2 = ten.cmp lt, %0, %a : (tensor<4xf8E4M3FN>, tensor<4xf8E4M3FN>) -> tensor<4xi1>
  %3 = ten.reduce argmax %1 dims [0] : tensor<4xf8E5M2> -> tensor<i64>
  %4 = ten.einsum "i,i->" (%a, %0) : (tensor<4xf8E4M3FN>, tensor<4xf8E4M3FN>) -> tensor<f8E4M3FN>
  return %0, %1, %2, %3, %4 : tensor<4xf8E4M3FN>, tensor<4xf8E5M2>, tensor<4xi1>, tensor<i64>, tensor<f8E4M3FN>
}

// -----

// Casts, bitcasts, constants and the ops that only move elements keep their
// fp8 types; so does every op on other types.

// CHECK-LABEL: func.func @moves
// CHECK-NEXT: ten.constant dense<{{.*}}> : tensor<2xf8E4M3FN>
// CHECK-NEXT: ten.cast %{{.*}} : tensor<2x3xf32> -> tensor<2x3xf8E4M3FN>
// CHECK-NEXT: ten.transpose %{{.*}} [1, 0] : tensor<2x3xf8E4M3FN> -> tensor<3x2xf8E4M3FN>
// CHECK-NEXT: ten.reshape %{{.*}} : tensor<3x2xf8E4M3FN> -> tensor<6xf8E4M3FN>
// CHECK-NEXT: ten.broadcast %{{.*}} : tensor<2xf8E4M3FN> -> tensor<3x2xf8E4M3FN>
// CHECK-NEXT: ten.select %{{.*}}, %{{.*}}, %{{.*}} : (tensor<3x2xi1>, tensor<3x2xf8E4M3FN>, tensor<3x2xf8E4M3FN>) -> tensor<3x2xf8E4M3FN>
// CHECK-NEXT: ten.add %{{.*}}, %{{.*}} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: ten.bitcast %{{.*}} : tensor<6xf8E4M3FN> -> tensor<6xui8>
// CHECK-NEXT: ten.bitcast %{{.*}} : tensor<6xui8> -> tensor<6xf8E5M2>
// CHECK-NEXT: return
func.func @moves(%x: tensor<2x3xf32>, %p: tensor<3x2xi1>) -> (tensor<6xf8E4M3FN>, tensor<3x2xf8E4M3FN>, tensor<2x3xf32>, tensor<6xf8E5M2>) {
  %c = ten.constant dense<[1.0, 2.0]> : tensor<2xf8E4M3FN>
  %0 = ten.cast %x : tensor<2x3xf32> -> tensor<2x3xf8E4M3FN>
  %1 = ten.transpose %0 [1, 0] : tensor<2x3xf8E4M3FN> -> tensor<3x2xf8E4M3FN>
  %2 = ten.reshape %1 : tensor<3x2xf8E4M3FN> -> tensor<6xf8E4M3FN>
  %3 = ten.broadcast %c : tensor<2xf8E4M3FN> -> tensor<3x2xf8E4M3FN>
  %4 = ten.select %p, %1, %3 : (tensor<3x2xi1>, tensor<3x2xf8E4M3FN>, tensor<3x2xf8E4M3FN>) -> tensor<3x2xf8E4M3FN>
  %5 = ten.add %x, %x : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = ten.bitcast %2 : tensor<6xf8E4M3FN> -> tensor<6xui8>
  %7 = ten.bitcast %6 : tensor<6xui8> -> tensor<6xf8E5M2>
  return %2, %4, %5, %7 : tensor<6xf8E4M3FN>, tensor<3x2xf8E4M3FN>, tensor<2x3xf32>, tensor<6xf8E5M2>
}
