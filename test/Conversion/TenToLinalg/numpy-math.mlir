// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file | FileCheck %s

// The scalar bodies of NumPy's math beyond arithmetic: each op is one
// elementwise linalg.generic; what NumPy defines apart from the hardware
// (shift amounts past the width, division by zero, rounding of integers,
// small arguments of expm1) is spelled out in the body.

// Shifts by an amount read as unsigned: in range, the shift; past the
// width, 0, or the sign for a signed right shift. The shift itself sees an
// amount of 0 there (an arith shift past the width is poison).
// CHECK-LABEL: func.func @shifts
// CHECK: ^bb0(%[[X:.*]]: i8, %[[S:.*]]: i8, %{{.*}}: i8):
// CHECK: %[[IN:.*]] = arith.cmpi ult, %[[S]], %{{.*}} : i8
// CHECK: %[[AMOUNT:.*]] = arith.select %[[IN]], %[[S]], %[[ZERO:.*]] : i8
// CHECK: %[[SHL:.*]] = arith.shli %[[X]], %[[AMOUNT]] : i8
// CHECK: arith.select %[[IN]], %[[SHL]], %[[ZERO]] : i8
// CHECK: arith.shrsi
// CHECK: %[[NEG:.*]] = arith.cmpi slt
// CHECK: %[[SIGN:.*]] = arith.select %[[NEG]], %{{.*}}, %{{.*}} : i8
// CHECK: arith.select %{{.*}}, %{{.*}}, %[[SIGN]] : i8
// CHECK: arith.shrui
// CHECK-NOT: arith.shrsi
func.func @shifts(%a: tensor<4xi8>, %b: tensor<4xi8>, %u: tensor<4xui8>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xui8>) {
  %0 = ten.shl %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %1 = ten.shr %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %2 = ten.shr %u, %u : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %0, %1, %2 : tensor<4xi8>, tensor<4xi8>, tensor<4xui8>
}

// -----

// Integer remainders never trap: the divisor is 1 where it is 0 or -1, and
// the result 0 there; NumPy's % then moves a remainder to the divisor's
// sign, fmod keeps the truncated one. Unsigned remainders are remui.
// CHECK-LABEL: func.func @integer_remainders
// CHECK: %[[SAFE:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
// CHECK: %[[REM:.*]] = arith.remsi %{{.*}}, %[[SAFE]] : i32
// CHECK: %[[TRUNCATED:.*]] = arith.select %{{.*}}, %{{.*}}, %[[REM]] : i32
// CHECK: %[[MOVED:.*]] = arith.addi %[[TRUNCATED]], %{{.*}} : i32
// CHECK: arith.select %{{.*}}, %[[MOVED]], %[[TRUNCATED]] : i32
// CHECK: linalg.generic
// CHECK: arith.remsi
// CHECK-NOT: arith.addi
// CHECK: linalg.generic
// CHECK: arith.remui
func.func @integer_remainders(%a: tensor<4xi32>, %b: tensor<4xi32>, %u: tensor<4xui16>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xui16>) {
  %0 = ten.rem %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = ten.fmod %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = ten.rem %u, %u : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xui16>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xui16>
}

// -----

// Float floor division is NumPy's divmod: C's fmod, then the quotient of
// what remains, floored; a zero divisor gives the true quotient. fmod is
// arith.remf.
// CHECK-LABEL: func.func @float_division
// CHECK: %[[FMOD:.*]] = arith.remf %[[X:.*]], %[[Y:.*]] : f64
// CHECK: %[[REST:.*]] = arith.subf %[[X]], %[[FMOD]] : f64
// CHECK: arith.divf %[[REST]], %[[Y]] : f64
// CHECK: math.floor
// CHECK: %[[TRUE:.*]] = arith.divf %[[X]], %[[Y]] : f64
// CHECK: arith.select %{{.*}}, %[[TRUE]], %{{.*}} : f64
// CHECK: linalg.generic
// CHECK: arith.remf
// CHECK-NEXT: linalg.yield
func.func @float_division(%a: tensor<4xf64>, %b: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %0 = ten.floordiv %a, %b : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  %1 = ten.fmod %a, %b : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %0, %1 : tensor<4xf64>, tensor<4xf64>
}

// -----

// Rounding of integers is the integer itself; floats round with math ops
// (halves to even for round). Classification of integers is a constant.
// CHECK-LABEL: func.func @rounding_and_classification
// CHECK: ^bb0(%[[I:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: linalg.yield %[[I]] : i32
// CHECK: math.roundeven %{{.*}} : f32
// CHECK: arith.cmpf uno
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: linalg.yield %[[TRUE]] : i1
func.func @rounding_and_classification(%i: tensor<4xi32>, %f: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>) {
  %0 = ten.floor %i : tensor<4xi32>
  %1 = ten.round %f : tensor<4xf32>
  %2 = ten.isnan %f : tensor<4xf32>
  %3 = ten.isfinite %i : tensor<4xi32>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>
}

// -----

// expm1 is Kahan's (u - 1) (x / log(u)) with u = e^x, not e^x - 1; x /
// log(u) first, which is near 1, so that nothing overflows before e^x.
// CHECK-LABEL: func.func @expm1
// CHECK: %[[U:.*]] = math.exp %[[X:.*]] : f64
// CHECK-DAG: %[[UM1:.*]] = arith.subf %[[U]], %{{.*}} : f64
// CHECK-DAG: %[[L:.*]] = math.log %[[U]] : f64
// CHECK-DAG: %[[R:.*]] = arith.divf %[[X]], %[[L]] : f64
// CHECK: arith.mulf %[[UM1]], %[[R]] : f64
func.func @expm1(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = ten.expm1 %x : tensor<4xf64>
  return %0 : tensor<4xf64>
}
