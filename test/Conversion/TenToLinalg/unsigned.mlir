// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file | FileCheck %s

// Unsigned integers become signless ones of their width, signatures, calls
// and returns included; the ops whose meaning depends on signedness take
// the unsigned arith operations. Signed integers keep the signed ones.

// CHECK-LABEL: func.func @signature
// CHECK-SAME: (%[[X:.*]]: tensor<4xi8>) -> tensor<4xi8>
// CHECK: %[[R:.*]] = call @callee(%[[X]]) : (tensor<4xi8>) -> tensor<4xi8>
// CHECK: return %[[R]] : tensor<4xi8>
// CHECK-LABEL: func.func private @callee(tensor<4xi8>) -> tensor<4xi8>
func.func @signature(%x: tensor<4xui8>) -> tensor<4xui8> {
  %0 = func.call @callee(%x) : (tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}
func.func private @callee(tensor<4xui8>) -> tensor<4xui8>

// -----

// x // 0 is 0; no quotient overflows.
// CHECK-LABEL: func.func @divide
// CHECK: ^bb0(%[[A:.*]]: i16, %[[B:.*]]: i16, %{{.*}}: i16):
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i16
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i16
// CHECK: %[[BY_ZERO:.*]] = arith.cmpi eq, %[[B]], %[[ZERO]] : i16
// CHECK: %[[DIVISOR:.*]] = arith.select %[[BY_ZERO]], %[[ONE]], %[[B]] : i16
// CHECK: %[[Q:.*]] = arith.divui %[[A]], %[[DIVISOR]] : i16
// CHECK: %[[R:.*]] = arith.select %[[BY_ZERO]], %[[ZERO]], %[[Q]] : i16
// CHECK: linalg.yield %[[R]] : i16
// CHECK-LABEL: func.func @divide_signed
// CHECK: arith.floordivsi
func.func @divide(%a: tensor<4xui16>, %b: tensor<4xui16>) -> tensor<4xui16> {
  %0 = ten.div %a, %b : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xui16>
  return %0 : tensor<4xui16>
}
func.func @divide_signed(%a: tensor<4xi16>, %b: tensor<4xi16>) -> tensor<4xi16> {
  %0 = ten.div %a, %b : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

// CHECK-LABEL: func.func @order
// CHECK: arith.maxui %{{.*}}, %{{.*}} : i32
// CHECK: arith.minui %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i32
// CHECK: arith.cmpi uge, %{{.*}}, %{{.*}} : i32
// CHECK-LABEL: func.func @order_signed
// CHECK: arith.maxsi
// CHECK: arith.minsi
// CHECK: arith.cmpi slt
func.func @order(%a: tensor<4xui32>, %b: tensor<4xui32>) -> (tensor<4xui32>, tensor<4xui32>, tensor<4xi1>, tensor<4xi1>) {
  %0 = ten.max %a, %b : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>
  %1 = ten.min %a, %b : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>
  %2 = ten.cmp lt, %a, %b : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  %3 = ten.cmp ge, %a, %b : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  return %0, %1, %2, %3 : tensor<4xui32>, tensor<4xui32>, tensor<4xi1>, tensor<4xi1>
}
func.func @order_signed(%a: tensor<4xi16>, %b: tensor<4xi16>) -> (tensor<4xi16>, tensor<4xi16>, tensor<4xi1>) {
  %0 = ten.max %a, %b : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi16>
  %1 = ten.min %a, %b : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi16>
  %2 = ten.cmp lt, %a, %b : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi16>, tensor<4xi16>, tensor<4xi1>
}

// -----

// abs and relu of unsigned numbers are the numbers; negation wraps.
// CHECK-LABEL: func.func @unary
// CHECK: ^bb0(%[[X:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT: linalg.yield %[[X]] : i8
// CHECK: ^bb0(%[[Y:.*]]: i8, %{{.*}}: i8):
// CHECK-NEXT: linalg.yield %[[Y]] : i8
// CHECK: arith.subi
func.func @unary(%x: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xui8>, tensor<4xui8>) {
  %0 = ten.abs %x : tensor<4xui8>
  %1 = ten.relu %x : tensor<4xui8>
  %2 = ten.neg %x : tensor<4xui8>
  return %0, %1, %2 : tensor<4xui8>, tensor<4xui8>, tensor<4xui8>
}

// -----

// An exponent with its top bit set is reduced modulo 2^(n-2), plus 2^(n-2):
// math.ipowi reads exponents as signed. No negative-exponent case.
// CHECK-LABEL: func.func @power
// CHECK: ^bb0(%[[X:.*]]: i8, %[[E:.*]]: i8, %{{.*}}: i8):
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: %[[TOP:.*]] = arith.cmpi slt, %[[E]], %[[ZERO]] : i8
// CHECK: %[[PERIOD:.*]] = arith.constant 64 : i8
// CHECK: %[[LOW:.*]] = arith.constant 63 : i8
// CHECK: %[[RESIDUE:.*]] = arith.andi %[[E]], %[[LOW]] : i8
// CHECK: %[[REDUCED:.*]] = arith.ori %[[RESIDUE]], %[[PERIOD]] : i8
// CHECK: %[[EXP:.*]] = arith.select %[[TOP]], %[[REDUCED]], %[[E]] : i8
// CHECK: %[[P:.*]] = math.ipowi %[[X]], %[[EXP]] : i8
// CHECK-NEXT: linalg.yield %[[P]] : i8
func.func @power(%x: tensor<4xui8>, %e: tensor<4xui8>) -> tensor<4xui8> {
  %0 = ten.pow %x, %e : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// Conversions read unsigned sources as unsigned; floats to unsigned types go
// through a signed conversion to i32 or i64, and to ui64 in two halves
// around 2^63. Same-width integer casts are the same bits.
// CHECK-LABEL: func.func @casts
// CHECK: arith.uitofp %{{.*}} : i16 to f32
// CHECK: arith.extui %{{.*}} : i16 to i64
// CHECK: ^bb0(%[[S:.*]]: i16, %{{.*}}: i16):
// CHECK-NEXT: linalg.yield %[[S]] : i16
// CHECK: %[[W:.*]] = arith.fptosi %{{.*}} : f32 to i32
// CHECK: arith.trunci %[[W]] : i32 to i16
// CHECK: %[[W32:.*]] = arith.fptosi %{{.*}} : f32 to i64
// CHECK: arith.trunci %[[W32]] : i64 to i32
// CHECK: ^bb0(%[[F:.*]]: f32, %{{.*}}: i64):
// CHECK: %[[TWO63:.*]] = arith.constant 9.22337203E+18 : f32
// CHECK: %[[LARGE:.*]] = arith.cmpf oge, %[[F]], %[[TWO63]] : f32
// CHECK: %[[LOW:.*]] = arith.fptosi %[[F]] : f32 to i64
// CHECK: %[[REST:.*]] = arith.subf %[[F]], %[[TWO63]] : f32
// CHECK: %[[SIGN:.*]] = arith.constant -9223372036854775808 : i64
// CHECK: %[[HIGH_BITS:.*]] = arith.fptosi %[[REST]] : f32 to i64
// CHECK: %[[HIGH:.*]] = arith.xori %[[HIGH_BITS]], %[[SIGN]] : i64
// CHECK: arith.select %[[LARGE]], %[[HIGH]], %[[LOW]] : i64
// CHECK-LABEL: func.func @casts_signed
// CHECK: arith.sitofp %{{.*}} : i16 to f32
// CHECK: arith.extsi %{{.*}} : i16 to i64
func.func @casts(%u: tensor<4xui16>, %f: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi64>, tensor<4xi16>, tensor<4xui16>, tensor<4xui32>, tensor<4xui64>) {
  %0 = ten.cast %u : tensor<4xui16> -> tensor<4xf32>
  %1 = ten.cast %u : tensor<4xui16> -> tensor<4xi64>
  %2 = ten.cast %u : tensor<4xui16> -> tensor<4xi16>
  %3 = ten.cast %f : tensor<4xf32> -> tensor<4xui16>
  %4 = ten.cast %f : tensor<4xf32> -> tensor<4xui32>
  %5 = ten.cast %f : tensor<4xf32> -> tensor<4xui64>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xi64>, tensor<4xi16>, tensor<4xui16>, tensor<4xui32>, tensor<4xui64>
}
func.func @casts_signed(%s: tensor<4xi16>) -> (tensor<4xf32>, tensor<4xi64>) {
  %0 = ten.cast %s : tensor<4xi16> -> tensor<4xf32>
  %1 = ten.cast %s : tensor<4xi16> -> tensor<4xi64>
  return %0, %1 : tensor<4xf32>, tensor<4xi64>
}

// -----

// The extrema start from the unsigned identities and compare unsigned; an
// argmax reduces the unsigned maximum first, then the least index of it.
// CHECK-LABEL: func.func @reduce
// CHECK: %[[MIN_ID:.*]] = arith.constant -1 : i8
// CHECK: linalg.fill ins(%[[MIN_ID]] : i8)
// CHECK: arith.minui
// CHECK: %[[MAX_ID:.*]] = arith.constant 0 : i8
// CHECK: linalg.fill ins(%[[MAX_ID]] : i8)
// CHECK: %[[MAX:.*]] = linalg.generic
// CHECK: arith.maxui
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[MAX]] : tensor<4x8xi8>, tensor<4xi8>) outs(%{{.*}} : tensor<4xi64>)
// CHECK: arith.cmpi eq
// CHECK: linalg.index 1
// CHECK: arith.minsi
func.func @reduce(%x: tensor<4x8xui8>) -> (tensor<4xui8>, tensor<4xi64>) {
  %0 = ten.reduce min %x dims [1] : tensor<4x8xui8> -> tensor<4xui8>
  %1 = ten.reduce argmax %x dims [1] : tensor<4x8xui8> -> tensor<4xi64>
  return %0, %1 : tensor<4xui8>, tensor<4xi64>
}

// -----

// Constants keep their bits.
// CHECK-LABEL: func.func @constants
// CHECK-DAG: arith.constant dense<[1, -1, -128, 0]> : tensor<4xi8>
// CHECK-DAG: %[[SPLAT:.*]] = arith.constant -56 : i8
// CHECK: linalg.fill ins(%[[SPLAT]] : i8) outs(%{{.*}} : tensor<4xi8>)
func.func @constants() -> (tensor<4xui8>, tensor<4xui8>) {
  %0 = ten.constant dense<[1, 255, 128, 0]> : tensor<4xui8>
  %1 = ten.constant dense<200> : tensor<4xui8>
  return %0, %1 : tensor<4xui8>, tensor<4xui8>
}

// -----

// gcd: Euclid's steps in a loop of the element's own, on the magnitudes
// (signed: math.absi, whose most negative value's bits read as unsigned
// are its magnitude), with the unsigned remainder.
// CHECK-LABEL: func.func @gcd_signed
// CHECK: linalg.generic
// CHECK: ^bb0(%[[A:.*]]: i64, %[[B:.*]]: i64, %{{.*}}: i64):
// CHECK-DAG: %[[MA:.*]] = math.absi %[[A]] : i64
// CHECK-DAG: %[[MB:.*]] = math.absi %[[B]] : i64
// CHECK: %[[G:.*]]:2 = scf.while (%[[X:.*]] = %[[MA]], %[[Y:.*]] = %[[MB]]) : (i64, i64) -> (i64, i64) {
// CHECK: %[[MORE:.*]] = arith.cmpi ne, %[[Y]], %{{.*}} : i64
// CHECK: scf.condition(%[[MORE]]) %[[X]], %[[Y]] : i64, i64
// CHECK: } do {
// CHECK: ^bb0(%[[P:.*]]: i64, %[[Q:.*]]: i64):
// CHECK: %[[R:.*]] = arith.remui %[[P]], %[[Q]] : i64
// CHECK: scf.yield %[[Q]], %[[R]] : i64, i64
// CHECK: linalg.yield %[[G]]#0 : i64
// CHECK-LABEL: func.func @gcd_unsigned
// CHECK-NOT: math.absi
// CHECK: scf.while
func.func @gcd_signed(%a: tensor<4xi64>, %b: tensor<4xi64>) -> tensor<4xi64> {
  %0 = ten.gcd %a, %b : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}
func.func @gcd_unsigned(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xui8> {
  %0 = ten.gcd %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}
