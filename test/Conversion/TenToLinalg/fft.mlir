// RUN: tensor-opt %s --convert-ten-to-linalg --canonicalize --split-input-file | FileCheck %s

// A length that is a power of two: one table of n/2 twiddle factors
// (computed in f64, rounded once), then log2 n Stockham stages, each one
// generic reading two elements of the stage before and a factor, its
// positions from shifts and masks (no division).
// CHECK-LABEL: func.func @power_of_two
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xcomplex<f32>>)
// CHECK-DAG: %[[STAGES:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[HALF:.*]] = arith.constant 4 : index
// CHECK: %[[TABLE:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<4xcomplex<f32>>)
// CHECK: math.cos %{{.*}} : f64
// CHECK: math.sin %{{.*}} : f64
// CHECK: arith.truncf
// CHECK: %[[RESULT:.*]] = scf.for %{{.*}} = %{{.*}} to %[[STAGES]] step %{{.*}} iter_args(%[[LINE:.*]] = %[[X]])
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<4x8xcomplex<f32>>)
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK: arith.andi
// CHECK: arith.shrui
// CHECK: %[[J:.*]] = arith.addi
// CHECK: %[[EVEN:.*]] = tensor.extract %[[LINE]][%{{.*}}, %[[J]]]
// CHECK: %[[K:.*]] = arith.addi %[[J]], %[[HALF]]
// CHECK: %[[ODD:.*]] = tensor.extract %[[LINE]][%{{.*}}, %[[K]]]
// CHECK: %[[W:.*]] = tensor.extract %[[TABLE]]
// CHECK: %[[PRODUCT:.*]] = complex.mul %[[W]], %[[ODD]]
// CHECK: complex.add %[[EVEN]], %[[PRODUCT]]
// CHECK: complex.sub %[[EVEN]], %[[PRODUCT]]
// CHECK: return %[[RESULT]]
func.func @power_of_two(%x: tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>> {
  %a = ten.fft forward %x dim 1 : tensor<4x8xcomplex<f32>> -> tensor<4x8xcomplex<f32>>
  return %a : tensor<4x8xcomplex<f32>>
}

// -----

// Any other length: Bluestein's convolution by transforms of 32 >= 2 * 12
// - 1 elements: the chirp (j^2 mod 24 in integers), the weighted line
// zero-padded, the kernel, two forward transforms of 5 stages and an
// inverse one, and the chirp again.
// CHECK-LABEL: func.func @bluestein
// CHECK-DAG: %[[TWICE_N:.*]] = arith.constant 24 : i64
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<12xcomplex<f64>>)
// CHECK: arith.muli %{{.*}}, %{{.*}} : i64
// CHECK: arith.remui %{{.*}}, %[[TWICE_N]] : i64
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<32xcomplex<f64>>)
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<32xcomplex<f64>>)
// CHECK: complex.conj
// CHECK-COUNT-3: scf.for %{{.*}} = %{{.*}} to %c5
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<12xcomplex<f64>>)
// CHECK-NOT: scf.if
func.func @bluestein(%x: tensor<12xcomplex<f64>>) -> tensor<12xcomplex<f64>> {
  %a = ten.fft inverse %x dim 0 : tensor<12xcomplex<f64>> -> tensor<12xcomplex<f64>>
  return %a : tensor<12xcomplex<f64>>
}

// -----

// A length known at run time: the two algorithms, chosen then.
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[N:.*]] = tensor.dim
// CHECK: arith.andi %[[N]]
// CHECK: scf.if
// CHECK: scf.for
// CHECK: } else {
// CHECK: math.ctlz
// CHECK: scf.for
func.func @dynamic(%x: tensor<?xcomplex<f64>>) -> tensor<?xcomplex<f64>> {
  %a = ten.fft forward %x dim 0 : tensor<?xcomplex<f64>> -> tensor<?xcomplex<f64>>
  return %a : tensor<?xcomplex<f64>>
}

// -----

// Real transforms: the real line as complex numbers, its n/2 + 1 first
// transformed elements; back, the Hermitian line (conjugates mirrored),
// whose inverse's real parts are the result, after a check of the size at
// run time.
// CHECK-LABEL: func.func @real
// CHECK: complex.create %{{.*}}, %{{.*}} : complex<f64>
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [3, 6] [1, 1] : tensor<3x10xcomplex<f64>> to tensor<3x6xcomplex<f64>>
// CHECK: cf.assert %{{.*}}, "ten.fft at {{.*}}: dimension 1 of operand 0 does not have the size
// CHECK: complex.conj
// CHECK: complex.re
func.func @real(%x: tensor<3x10xf64>, %s: tensor<3x?xcomplex<f64>>) -> (tensor<3x6xcomplex<f64>>, tensor<3x9xf64>) {
  %a = ten.fft real_forward %x dim 1 : tensor<3x10xf64> -> tensor<3x6xcomplex<f64>>
  %b = ten.fft real_inverse %s dim 1 : tensor<3x?xcomplex<f64>> -> tensor<3x9xf64>
  return %a, %b : tensor<3x6xcomplex<f64>>, tensor<3x9xf64>
}
