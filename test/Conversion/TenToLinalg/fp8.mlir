// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file | FileCheck %s

// fp8 tensors become tensors of their i8 bits, signatures and constants
// included; casts convert with integer arithmetic (no target computes in
// fp8). Ops that compute on fp8 are ten-widen-fp8's, before this pass.

// CHECK-LABEL: func.func @to_fp8
// CHECK-SAME: (%{{.*}}: tensor<4xf32>) -> tensor<4xi8>
// CHECK: linalg.generic
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: i8):
// CHECK: %[[BITS:.*]] = arith.bitcast %[[IN]] : f32 to i32
// Normal values round on the bits: the lowest kept bit and 2^19 - 1 added.
// CHECK: arith.constant 524287 : i32
// Subnormal ones in units of 2^-9, rounded to nearest even, below 2^-6.
// CHECK: arith.constant 5.120000e+02 : f32
// CHECK: math.roundeven
// CHECK: arith.constant 1.562500e-02 : f32
// Beyond 448 (0x7E), and NaN: NaN (0x7F).
// CHECK: %[[OVER:.*]] = arith.cmpi ugt, %{{.*}}, %c126_i32 : i32
// CHECK: arith.select %[[OVER]], %c127_i32
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[IN]], %[[IN]] : f32
// CHECK: arith.select %[[NAN]]
// CHECK: %[[OUT:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK: linalg.yield %[[OUT]] : i8
func.func @to_fp8(%x: tensor<4xf32>) -> tensor<4xf8E4M3FN> {
  %0 = ten.cast %x : tensor<4xf32> -> tensor<4xf8E4M3FN>
  return %0 : tensor<4xf8E4M3FN>
}

// -----

// f8E5M2 to f64 goes through f32: exponent rebiased by 112 (448 = 112 << 2),
// subnormals from 2^-16 units, the top exponent to f32's (infinity, NaN).

// CHECK-LABEL: func.func @from_fp8
// CHECK-SAME: (%{{.*}}: tensor<4xi8>) -> tensor<4xf64>
// CHECK: ^bb0(%[[IN:.*]]: i8, %{{.*}}: f64):
// CHECK: arith.extui %[[IN]] : i8 to i32
// CHECK: arith.constant 448 : i32
// CHECK: arith.constant 1.52587891E-5 : f32
// CHECK: arith.cmpi eq, %{{.*}}, %c31_i32 : i32
// CHECK: arith.constant 2139095040 : i32
// CHECK: %[[F32:.*]] = arith.bitcast %{{.*}} : i32 to f32
// CHECK: %[[F64:.*]] = arith.extf %[[F32]] : f32 to f64
// CHECK: linalg.yield %[[F64]] : f64
func.func @from_fp8(%x: tensor<4xf8E5M2>) -> tensor<4xf64> {
  %0 = ten.cast %x : tensor<4xf8E5M2> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Constants are their bits; moves move bits.

// CHECK-LABEL: func.func @bits
// CHECK: %[[C:.*]] = arith.constant dense<[56, 126, -1]> : tensor<3xi8>
// CHECK: linalg.transpose ins(%{{.*}} : tensor<3x2xi8>) outs(%{{.*}} : tensor<2x3xi8>)
func.func @bits(%x: tensor<3x2xf8E4M3FN>) -> (tensor<3xf8E4M3FN>, tensor<2x3xf8E4M3FN>) {
  %c = ten.constant dense<[1.0, 448.0, 0xFF]> : tensor<3xf8E4M3FN>
  %t = ten.transpose %x [1, 0] : tensor<3x2xf8E4M3FN> -> tensor<2x3xf8E4M3FN>
  return %c, %t : tensor<3xf8E4M3FN>, tensor<2x3xf8E4M3FN>
}
