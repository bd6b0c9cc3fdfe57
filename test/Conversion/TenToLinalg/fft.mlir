// RUN: tensor-opt %s --convert-ten-to-linalg="host-reads-buffers=false" --canonicalize --split-input-file | FileCheck %s

// Where the host does not read buffers (the CUDA target), a transform is
// data-parallel stages (fft-host.mlir: the CPU's runtime calls).

// A known length whose prime factors are small: one table of the n
// factors exp(-2 pi i m / n) (computed in f64, rounded once), then a
// Stockham stage per radix, fours first (8 = 4 * 2): each one generic that
// sums its radix's terms, gathered from the stage before, each times a
// factor of the table (plain real arithmetic, no complex.mul, whose
// lowering may treat infinities apart).
// CHECK-LABEL: func.func @mixed_radix
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xcomplex<f32>>)
// CHECK: %[[TABLE:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<8xcomplex<f32>>)
// CHECK: math.cos %{{.*}} : f64
// CHECK: math.sin %{{.*}} : f64
// CHECK: arith.truncf
// CHECK: %[[FIRST:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<4x8xcomplex<f32>>)
// CHECK-NOT: complex.mul
// CHECK-COUNT-4: tensor.extract %[[X]]
// CHECK: %[[SECOND:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<4x8xcomplex<f32>>)
// CHECK: %[[A:.*]] = tensor.extract %[[FIRST]]
// CHECK: %[[B:.*]] = tensor.extract %[[FIRST]]
// CHECK: %[[W:.*]] = tensor.extract %[[TABLE]]
// CHECK-DAG: %[[WR:.*]] = complex.re %[[W]]
// CHECK-DAG: %[[WI:.*]] = complex.im %[[W]]
// CHECK-DAG: %[[BR:.*]] = complex.re %[[B]]
// CHECK-DAG: %[[BI:.*]] = complex.im %[[B]]
// CHECK-DAG: %[[RR:.*]] = arith.mulf %[[WR]], %[[BR]]
// CHECK-DAG: %[[II:.*]] = arith.mulf %[[WI]], %[[BI]]
// CHECK: arith.subf %[[RR]], %[[II]]
// CHECK: %[[PRODUCT:.*]] = complex.create
// CHECK: complex.add %[[A]], %[[PRODUCT]]
// CHECK-NOT: linalg.generic
// CHECK: return %[[SECOND]]
func.func @mixed_radix(%x: tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>> {
  %a = ten.fft forward %x dim 1 : tensor<4x8xcomplex<f32>> -> tensor<4x8xcomplex<f32>>
  return %a : tensor<4x8xcomplex<f32>>
}

// -----

// 12 = 4 * 3: two stages, of 4 and 3 terms.
// CHECK-LABEL: func.func @twelve
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<12xcomplex<f64>>)
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<12xcomplex<f64>>)
// CHECK-COUNT-3: complex.add
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<12xcomplex<f64>>)
// CHECK-COUNT-2: complex.add
// CHECK-NOT: linalg.generic
func.func @twelve(%x: tensor<12xcomplex<f64>>) -> tensor<12xcomplex<f64>> {
  %a = ten.fft inverse %x dim 0 : tensor<12xcomplex<f64>> -> tensor<12xcomplex<f64>>
  return %a : tensor<12xcomplex<f64>>
}

// -----

// A prime factor above 13: Bluestein's convolution by transforms of
// 64 >= 2 * 17 - 1 elements (three stages of radix 4 each): the chirp
// (j^2 mod 34 in integers), the weighted line zero-padded, the kernel, two
// forward transforms and an inverse one, and the chirp again.
// CHECK-LABEL: func.func @bluestein
// CHECK-NOT: complex.mul
// CHECK-DAG: %[[TWICE_N:.*]] = arith.constant 34 : i64
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<17xcomplex<f64>>)
// CHECK: arith.muli %{{.*}}, %{{.*}} : i64
// CHECK: arith.remui %{{.*}}, %[[TWICE_N]] : i64
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<64xcomplex<f64>>)
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<64xcomplex<f64>>)
// CHECK: complex.conj
// CHECK-COUNT-9: linalg.generic {{.*}} outs(%{{.*}} : tensor<64xcomplex<f64>>)
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<17xcomplex<f64>>)
// CHECK-NOT: scf.if
func.func @bluestein(%x: tensor<17xcomplex<f64>>) -> tensor<17xcomplex<f64>> {
  %a = ten.fft inverse %x dim 0 : tensor<17xcomplex<f64>> -> tensor<17xcomplex<f64>>
  return %a : tensor<17xcomplex<f64>>
}

// -----

// A length known at run time: a loop of radix-2 stages where it is a power
// of two, Bluestein's convolution otherwise, chosen then.
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
// CHECK: cf.assert %{{.*}}, "ten.fft at {{.*}}: real_inverse to 9 reals needs 5 elements along dim 1"
// CHECK: complex.conj
// CHECK: complex.re
func.func @real(%x: tensor<3x10xf64>, %s: tensor<3x?xcomplex<f64>>) -> (tensor<3x6xcomplex<f64>>, tensor<3x9xf64>) {
  %a = ten.fft real_forward %x dim 1 : tensor<3x10xf64> -> tensor<3x6xcomplex<f64>>
  %b = ten.fft real_inverse %s dim 1 : tensor<3x?xcomplex<f64>> -> tensor<3x9xf64>
  return %a, %b : tensor<3x6xcomplex<f64>>, tensor<3x9xf64>
}
