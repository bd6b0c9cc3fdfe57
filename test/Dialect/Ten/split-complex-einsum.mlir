// RUN: tensor-opt %s -ten-split-complex-einsum -split-input-file | FileCheck %s

// A complex matrix product becomes four real ones of the parts, joined.

// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: tensor<8x4xcomplex<f32>>, %[[B:.*]]: tensor<4x?xcomplex<f32>>)
// CHECK-DAG: %[[AR:.*]] = ten.real %[[A]] : tensor<8x4xcomplex<f32>>
// CHECK-DAG: %[[AI:.*]] = ten.imag %[[A]] : tensor<8x4xcomplex<f32>>
// CHECK-DAG: %[[BR:.*]] = ten.real %[[B]] : tensor<4x?xcomplex<f32>>
// CHECK-DAG: %[[BI:.*]] = ten.imag %[[B]] : tensor<4x?xcomplex<f32>>
// CHECK-DAG: %[[RR:.*]] = ten.einsum "ij,jk->ik" (%[[AR]], %[[BR]]) : (tensor<8x4xf32>, tensor<4x?xf32>) -> tensor<8x?xf32>
// CHECK-DAG: %[[II:.*]] = ten.einsum "ij,jk->ik" (%[[AI]], %[[BI]]) : (tensor<8x4xf32>, tensor<4x?xf32>) -> tensor<8x?xf32>
// CHECK-DAG: %[[RI:.*]] = ten.einsum "ij,jk->ik" (%[[AR]], %[[BI]]) : (tensor<8x4xf32>, tensor<4x?xf32>) -> tensor<8x?xf32>
// CHECK-DAG: %[[IR:.*]] = ten.einsum "ij,jk->ik" (%[[AI]], %[[BR]]) : (tensor<8x4xf32>, tensor<4x?xf32>) -> tensor<8x?xf32>
// CHECK-DAG: %[[RE:.*]] = ten.sub %[[RR]], %[[II]] : (tensor<8x?xf32>, tensor<8x?xf32>) -> tensor<8x?xf32>
// CHECK-DAG: %[[IM:.*]] = ten.add %[[RI]], %[[IR]] : (tensor<8x?xf32>, tensor<8x?xf32>) -> tensor<8x?xf32>
// CHECK: %[[C:.*]] = ten.complex %[[RE]], %[[IM]] : (tensor<8x?xf32>, tensor<8x?xf32>) -> tensor<8x?xcomplex<f32>>
// CHECK: return %[[C]]
func.func @matmul(%a: tensor<8x4xcomplex<f32>>, %b: tensor<4x?xcomplex<f32>>) -> tensor<8x?xcomplex<f32>> {
  %0 = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<8x4xcomplex<f32>>, tensor<4x?xcomplex<f32>>) -> tensor<8x?xcomplex<f32>>
  return %0 : tensor<8x?xcomplex<f32>>
}

// -----

// Batched products and dots of complex<f64> too.

// CHECK-LABEL: func.func @batched_and_dot
// CHECK-COUNT-4: ten.einsum "bij,bjk->bik" ({{.*}}) : (tensor<2x3x4xf64>, tensor<2x4x5xf64>) -> tensor<2x3x5xf64>
// CHECK: ten.complex %{{.*}}, %{{.*}} : (tensor<2x3x5xf64>, tensor<2x3x5xf64>) -> tensor<2x3x5xcomplex<f64>>
// CHECK-COUNT-4: ten.einsum "i,i->" ({{.*}}) : (tensor<7xf64>, tensor<7xf64>) -> tensor<f64>
// CHECK: ten.complex %{{.*}}, %{{.*}} : (tensor<f64>, tensor<f64>) -> tensor<complex<f64>>
// CHECK-NOT: complex<f64>>) ->
func.func @batched_and_dot(%a: tensor<2x3x4xcomplex<f64>>, %b: tensor<2x4x5xcomplex<f64>>, %x: tensor<7xcomplex<f64>>) -> (tensor<2x3x5xcomplex<f64>>, tensor<complex<f64>>) {
  %0 = ten.einsum "bij,bjk->bik" (%a, %b) : (tensor<2x3x4xcomplex<f64>>, tensor<2x4x5xcomplex<f64>>) -> tensor<2x3x5xcomplex<f64>>
  %1 = ten.einsum "i,i->" (%x, %x) : (tensor<7xcomplex<f64>>, tensor<7xcomplex<f64>>) -> tensor<complex<f64>>
  return %0, %1 : tensor<2x3x5xcomplex<f64>>, tensor<complex<f64>>
}

// -----

// Left alone: products that sum no label of both operands (outer,
// elementwise, a label summed in one operand only), one-operand sums,
// einsums of more operands (ten-einsum-path pairs them first) and real
// contractions.

// CHECK-LABEL: func.func @left_alone
// CHECK-NEXT: ten.einsum "i,j->ij"
// CHECK-NEXT: ten.einsum "ij,ij->ij"
// CHECK-NEXT: ten.einsum "ij,k->k"
// CHECK-NEXT: ten.einsum "ij->j"
// CHECK-NEXT: ten.einsum "ij,jk,kl->il"
// CHECK-NEXT: ten.einsum "ij,jk->ik"
// CHECK-NEXT: return
func.func @left_alone(%x: tensor<3xcomplex<f32>>, %m: tensor<3x3xcomplex<f32>>, %r: tensor<3x3xf32>) -> (tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<3x3xf32>) {
  %0 = ten.einsum "i,j->ij" (%x, %x) : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
  %1 = ten.einsum "ij,ij->ij" (%m, %m) : (tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
  %2 = ten.einsum "ij,k->k" (%m, %x) : (tensor<3x3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %3 = ten.einsum "ij->j" (%m) : (tensor<3x3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  %4 = ten.einsum "ij,jk,kl->il" (%m, %m, %m) : (tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
  %5 = ten.einsum "ij,jk->ik" (%r, %r) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<3x3xf32>
}
