// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file | FileCheck %s

// ten.bitcast: a generic whose body reads each element's bits as the new
// type. Types whose lowered forms agree (ui32 and i32, fp8 and i8) need no
// operation at all.

// CHECK-LABEL: func.func @float_to_int
// CHECK: linalg.generic
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: i32):
// CHECK-NEXT: %[[BITS:.*]] = arith.bitcast %[[X]] : f32 to i32
// CHECK-NEXT: linalg.yield %[[BITS]] : i32
func.func @float_to_int(%x: tensor<?x4xf32>) -> tensor<?x4xui32> {
  %0 = ten.bitcast %x : tensor<?x4xf32> -> tensor<?x4xui32>
  return %0 : tensor<?x4xui32>
}

// -----

// CHECK-LABEL: func.func @same_lowered_type
// CHECK: ^bb0(%[[X:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT: linalg.yield %[[X]] : i8
// CHECK: ^bb0(%[[Y:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT: linalg.yield %[[Y]] : i8
func.func @same_lowered_type(%x: tensor<3xf8E4M3FN>, %y: tensor<3xi8>) -> (tensor<3xui8>, tensor<3xf8E5M2>) {
  %0 = ten.bitcast %x : tensor<3xf8E4M3FN> -> tensor<3xui8>
  %1 = ten.bitcast %y : tensor<3xi8> -> tensor<3xf8E5M2>
  return %0, %1 : tensor<3xui8>, tensor<3xf8E5M2>
}

// -----

// A boolean is the byte 0 or 1; a byte is true where any bit is set.
// CHECK-LABEL: func.func @booleans
// CHECK: ^bb0(%[[B:.*]]: i1, %{{.*}}: i8):
// CHECK-NEXT: %[[BYTE:.*]] = arith.extui %[[B]] : i1 to i8
// CHECK-NEXT: linalg.yield %[[BYTE]] : i8
// CHECK: ^bb0(%[[E:.*]]: i8, %{{.*}}: i1):
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK-NEXT: %[[SET:.*]] = arith.cmpi ne, %[[E]], %[[ZERO]] : i8
// CHECK-NEXT: linalg.yield %[[SET]] : i1
func.func @booleans(%b: tensor<5xi1>, %e: tensor<5xf8E5M2>) -> (tensor<5xui8>, tensor<5xi1>) {
  %0 = ten.bitcast %b : tensor<5xi1> -> tensor<5xui8>
  %1 = ten.bitcast %e : tensor<5xf8E5M2> -> tensor<5xi1>
  return %0, %1 : tensor<5xui8>, tensor<5xi1>
}

// -----

// complex<f32> is 64 bits, the real part the low half.
// CHECK-LABEL: func.func @complex
// CHECK: ^bb0(%[[C:.*]]: complex<f32>, %{{.*}}: f64):
// CHECK-NEXT: %[[RE:.*]] = complex.re %[[C]] : complex<f32>
// CHECK-NEXT: %[[RE_BITS:.*]] = arith.bitcast %[[RE]] : f32 to i32
// CHECK-NEXT: %[[LOW:.*]] = arith.extui %[[RE_BITS]] : i32 to i64
// CHECK-NEXT: %[[IM:.*]] = complex.im %[[C]] : complex<f32>
// CHECK-NEXT: %[[IM_BITS:.*]] = arith.bitcast %[[IM]] : f32 to i32
// CHECK-NEXT: %[[HIGH:.*]] = arith.extui %[[IM_BITS]] : i32 to i64
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : i64
// CHECK-NEXT: %[[SHIFTED:.*]] = arith.shli %[[HIGH]], %[[C32]] : i64
// CHECK-NEXT: %[[BITS:.*]] = arith.ori %[[LOW]], %[[SHIFTED]] : i64
// CHECK-NEXT: %[[F:.*]] = arith.bitcast %[[BITS]] : i64 to f64
// CHECK-NEXT: linalg.yield %[[F]] : f64
// CHECK: ^bb0(%[[I:.*]]: i64, %{{.*}}: complex<f32>):
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : i64
// CHECK-NEXT: %[[LOW:.*]] = arith.trunci %[[I]] : i64 to i32
// CHECK-NEXT: %[[RE:.*]] = arith.bitcast %[[LOW]] : i32 to f32
// CHECK-NEXT: %[[TOP:.*]] = arith.shrui %[[I]], %[[C32]] : i64
// CHECK-NEXT: %[[HIGH:.*]] = arith.trunci %[[TOP]] : i64 to i32
// CHECK-NEXT: %[[IM:.*]] = arith.bitcast %[[HIGH]] : i32 to f32
// CHECK-NEXT: %[[Z:.*]] = complex.create %[[RE]], %[[IM]] : complex<f32>
// CHECK-NEXT: linalg.yield %[[Z]] : complex<f32>
func.func @complex(%c: tensor<2xcomplex<f32>>, %i: tensor<2xi64>) -> (tensor<2xf64>, tensor<2xcomplex<f32>>) {
  %0 = ten.bitcast %c : tensor<2xcomplex<f32>> -> tensor<2xf64>
  %1 = ten.bitcast %i : tensor<2xi64> -> tensor<2xcomplex<f32>>
  return %0, %1 : tensor<2xf64>, tensor<2xcomplex<f32>>
}
