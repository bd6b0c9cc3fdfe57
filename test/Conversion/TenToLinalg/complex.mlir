// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file | FileCheck %s

// Complex numbers compute with the complex dialect's ops; what NumPy defines
// on them beyond those (ordering, parts of real numbers, conversions) is
// built from their parts.

// CHECK-LABEL: func.func @arithmetic
// CHECK: complex.mul %{{.*}}, %{{.*}} : complex<f32>
// a / b is NumPy's quotient (Smith's), not complex.div: the branch chosen
// by |Re b| >= |Im b|.
// CHECK-NOT: complex.div
// CHECK: %[[REALLARGER:.*]] = arith.cmpf oge, %{{.*}}, %{{.*}} : f32
// CHECK: arith.select %[[REALLARGER]]
// |z| is complex.abs, infinite where a part is, even beside a NaN (as
// hypot is).
// CHECK: %[[ABS:.*]] = complex.abs %[[Z:.*]] : complex<f32>
// CHECK: %[[IM:.*]] = complex.im %[[Z]] : complex<f32>
// CHECK: %[[ABSIM:.*]] = math.absf %[[IM]] : f32
// CHECK: %[[INFIM:.*]] = arith.cmpf oeq, %[[ABSIM]], %{{.*}} : f32
// CHECK: %[[RE:.*]] = complex.re %[[Z]] : complex<f32>
// CHECK: %[[ABSRE:.*]] = math.absf %[[RE]] : f32
// CHECK: %[[INFRE:.*]] = arith.cmpf oeq, %[[ABSRE]], %{{.*}} : f32
// CHECK: %[[EITHER:.*]] = arith.ori %[[INFRE]], %[[INFIM]] : i1
// CHECK: %[[R:.*]] = arith.select %[[EITHER]], %{{.*}}, %[[ABS]] : f32
// CHECK-NEXT: linalg.yield %[[R]] : f32
// e^z is complex.exp, but where x is infinite and y is not finite, inf +
// i NaN for x = inf and 0 + i copysign(0, y) for x = -inf.
// CHECK: %[[EXP:.*]] = complex.exp %{{.*}} : complex<f32>
// CHECK: %[[EXPRE:.*]] = complex.re %[[EXP]] : complex<f32>
// CHECK: %[[EXPIM:.*]] = complex.im %[[EXP]] : complex<f32>
// CHECK: %[[UNBOUNDED:.*]] = arith.cmpf uge, %{{.*}}, %{{.*}} : f32
// CHECK: %[[UP:.*]] = arith.andi %{{.*}}, %[[UNBOUNDED]] : i1
// CHECK: %[[DOWN:.*]] = arith.andi %{{.*}}, %[[UNBOUNDED]] : i1
// CHECK: arith.select %[[DOWN]], %{{.*}}, %[[EXPRE]] : f32
// CHECK: math.copysign
// CHECK: arith.select %[[DOWN]], %{{.*}}, %[[EXPIM]] : f32
// CHECK: complex.create
func.func @arithmetic(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<4xf32>, tensor<4xcomplex<f32>>) {
  %0 = ten.mul %a, %b : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %1 = ten.div %a, %b : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %2 = ten.abs %a : tensor<4xcomplex<f32>>
  %3 = ten.exp %a : tensor<4xcomplex<f32>>
  return %0, %1, %2, %3 : tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<4xf32>, tensor<4xcomplex<f32>>
}

// -----

// a < b: the real parts order (unless an imaginary part is NaN), or tie
// and the imaginary parts order.
// CHECK-LABEL: func.func @less
// CHECK: ^bb0(%[[A:.*]]: complex<f64>, %[[B:.*]]: complex<f64>, %{{.*}}: i1):
// CHECK: %[[AR:.*]] = complex.re %[[A]] : complex<f64>
// CHECK: %[[AI:.*]] = complex.im %[[A]] : complex<f64>
// CHECK: %[[BR:.*]] = complex.re %[[B]] : complex<f64>
// CHECK: %[[BI:.*]] = complex.im %[[B]] : complex<f64>
// CHECK: %[[ORD:.*]] = arith.cmpf ord, %[[AI]], %[[BI]] : f64
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[AR]], %[[BR]] : f64
// CHECK: %[[REALS:.*]] = arith.andi %[[LT]], %[[ORD]] : i1
// CHECK: %[[EQ:.*]] = arith.cmpf oeq, %[[AR]], %[[BR]] : f64
// CHECK: %[[ILT:.*]] = arith.cmpf olt, %[[AI]], %[[BI]] : f64
// CHECK: %[[TIE:.*]] = arith.andi %[[EQ]], %[[ILT]] : i1
// CHECK: %[[R:.*]] = arith.ori %[[REALS]], %[[TIE]] : i1
// CHECK: linalg.yield %[[R]] : i1
func.func @less(%a: tensor<4xcomplex<f64>>, %b: tensor<4xcomplex<f64>>) -> tensor<4xi1> {
  %0 = ten.cmp lt, %a, %b : (tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// Real numbers' parts: the number, 0, and atan2(0, x).
// CHECK-LABEL: func.func @real_parts
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[X]] : f32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: linalg.yield %[[ZERO]] : f32
// CHECK: ^bb0(%[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: math.atan2 %[[Z]], %[[Y]] : f32
func.func @real_parts(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = ten.real %x : tensor<4xf32>
  %1 = ten.imag %x : tensor<4xf32>
  %2 = ten.angle %x : tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// To complex: the real part, and 0; from complex: the real part (NumPy
// drops the imaginary one), or both parts tested for non-zero.
// CHECK-LABEL: func.func @casts
// CHECK: ^bb0(%[[I:.*]]: i32, %{{.*}}: complex<f64>):
// CHECK: %[[RE:.*]] = arith.sitofp %[[I]] : i32 to f64
// CHECK: %[[IM:.*]] = arith.constant 0.000000e+00 : f64
// CHECK: complex.create %[[RE]], %[[IM]] : complex<f64>
// CHECK: ^bb0(%[[Z:.*]]: complex<f64>, %{{.*}}: f32):
// CHECK: %[[ZRE:.*]] = complex.re %[[Z]] : complex<f64>
// CHECK: arith.truncf %[[ZRE]] : f64 to f32
// CHECK: ^bb0(%[[W:.*]]: complex<f64>, %{{.*}}: i1):
// CHECK: complex.re %[[W]]
// CHECK: complex.im %[[W]]
// CHECK: arith.ori
func.func @casts(%i: tensor<4xi32>) -> (tensor<4xcomplex<f64>>, tensor<4xf32>, tensor<4xi1>) {
  %0 = ten.cast %i : tensor<4xi32> -> tensor<4xcomplex<f64>>
  %1 = ten.cast %0 : tensor<4xcomplex<f64>> -> tensor<4xf32>
  %2 = ten.cast %0 : tensor<4xcomplex<f64>> -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xcomplex<f64>>, tensor<4xf32>, tensor<4xi1>
}

// -----

// A complex GEMM is a generic (the named GEMMs are for real numbers). A
// complex sum is the sums of the real parts and of the imaginary parts
// (reductions of floats, which vectorize), joined; a mean divides it by
// count + 0i as NumPy's quotient: both parts times 1 / count (an infinite
// part's product with the 0 makes the other NaN).
// CHECK-LABEL: func.func @contract
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic
// CHECK: complex.mul
// CHECK: complex.add
// CHECK: %[[REALS:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<4x8xcomplex<f32>>) outs(%{{.*}} : tensor<f32>)
// CHECK: complex.re
// CHECK: arith.addf {{.*}} fastmath<reassoc>
// CHECK: %[[IMAGS:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<4x8xcomplex<f32>>) outs(%{{.*}} : tensor<f32>)
// CHECK: complex.im
// CHECK: arith.addf {{.*}} fastmath<reassoc>
// CHECK: linalg.generic {{.*}} ins(%[[REALS]], %[[IMAGS]] : tensor<f32>, tensor<f32>)
// CHECK: complex.create
// CHECK: %[[COUNT:.*]] = arith.sitofp %{{.*}} : i64 to f32
// CHECK: ^bb0(%[[SUM:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK: %[[DIVISOR:.*]] = complex.create %[[COUNT]], %{{.*}} : complex<f32>
// CHECK: %[[RE:.*]] = complex.re %[[SUM]] : complex<f32>
// CHECK: %[[IM:.*]] = complex.im %[[SUM]] : complex<f32>
// CHECK: %[[RATIO:.*]] = arith.divf %{{.*}}, %{{.*}} : f32
// CHECK: %[[SCALE:.*]] = arith.divf %{{.*}}, %{{.*}} : f32
// CHECK: %[[IMRATIO:.*]] = arith.mulf %[[IM]], %[[RATIO]] : f32
// CHECK: %[[REPART:.*]] = arith.addf %[[RE]], %[[IMRATIO]] : f32
// CHECK: arith.mulf %[[REPART]], %[[SCALE]] : f32
// CHECK: complex.create
func.func @contract(%a: tensor<4x8xcomplex<f32>>, %b: tensor<8x2xcomplex<f32>>) -> (tensor<4x2xcomplex<f32>>, tensor<complex<f32>>) {
  %0 = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<4x8xcomplex<f32>>, tensor<8x2xcomplex<f32>>) -> tensor<4x2xcomplex<f32>>
  %1 = ten.reduce mean %a dims [0, 1] : tensor<4x8xcomplex<f32>> -> tensor<complex<f32>>
  return %0, %1 : tensor<4x2xcomplex<f32>>, tensor<complex<f32>>
}

// -----

// ten.complex: one generic that creates each number from its parts,
// broadcasting the scalar.

// CHECK-LABEL: func.func @join
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], iterator_types = ["parallel"]}
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<4xf32>, tensor<f32>)
// CHECK: ^bb0(%[[RE:.*]]: f32, %[[IM:.*]]: f32, %{{.*}}: complex<f32>):
// CHECK: %[[Z:.*]] = complex.create %[[RE]], %[[IM]] : complex<f32>
// CHECK: linalg.yield %[[Z]] : complex<f32>
func.func @join(%re: tensor<4xf32>, %im: tensor<f32>) -> tensor<4xcomplex<f32>> {
  %0 = ten.complex %re, %im : (tensor<4xf32>, tensor<f32>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// Complex extrema reduce from both parts infinite, keeping the accumulator
// where it orders first or has a NaN part (the first NaN stays); argmin
// takes a strictly smaller element, or the first with a NaN part.

// CHECK-LABEL: func.func @extrema
// CHECK: %[[LOWEST:.*]] = complex.constant [0xFF800000 : f32, 0xFF800000 : f32] : complex<f32>
// CHECK: linalg.fill ins(%[[LOWEST]] : complex<f32>)
// CHECK: ^bb0(%[[IN:.*]]: complex<f32>, %[[ACC:.*]]: complex<f32>):
// CHECK: %[[ORDERED:.*]] = arith.ori
// CHECK: %[[NAN:.*]] = arith.cmpf uno
// CHECK: %[[KEEP:.*]] = arith.ori %[[ORDERED]], %[[NAN]] : i1
// CHECK: arith.select %[[KEEP]], %[[ACC]], %[[IN]] : complex<f32>
// CHECK: %[[HIGHEST:.*]] = complex.constant [0x7F800000 : f32, 0x7F800000 : f32] : complex<f32>
// CHECK: ^bb0(%[[EL:.*]]: complex<f32>, %[[VAL:.*]]: complex<f32>, %[[IDX:.*]]: i64):
// CHECK: %[[SMALLER:.*]] = arith.ori
// CHECK: %[[FIRSTNAN:.*]] = arith.andi
// CHECK: %[[BETTER:.*]] = arith.ori %[[SMALLER]], %[[FIRSTNAN]] : i1
// CHECK: arith.select %[[BETTER]], %[[EL]], %[[VAL]] : complex<f32>
// CHECK: arith.select %[[BETTER]], %{{.*}}, %[[IDX]] : i64
func.func @extrema(%x: tensor<4x3xcomplex<f32>>) -> (tensor<4xcomplex<f32>>, tensor<3xi64>) {
  %0 = ten.reduce max %x dims [1] : tensor<4x3xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %1 = ten.reduce argmin %x dims [0] : tensor<4x3xcomplex<f32>> -> tensor<3xi64>
  return %0, %1 : tensor<4xcomplex<f32>>, tensor<3xi64>
}

// -----

// 1 / z is NumPy's quotient (Smith's), not complex.div: the ratio of the
// smaller part to the larger, the branch chosen by |y| <= |x|. sin z is
// -i sinh(iz) from real functions of the parts, not complex.sin, so that
// C99's special values hold.
// CHECK-LABEL: func.func @reciprocal_and_sin
// CHECK-NOT: complex.div
// CHECK: %[[REALLARGER:.*]] = arith.cmpf ole, %{{.*}}, %{{.*}} : f64
// CHECK: arith.divf
// CHECK: arith.select %[[REALLARGER]]
// CHECK-NOT: complex.sin
// CHECK: math.sinh
// CHECK: math.cosh
// CHECK-NOT: complex.sin
// CHECK: return
func.func @reciprocal_and_sin(%a: tensor<4xcomplex<f64>>) -> (tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>) {
  %0 = ten.reciprocal %a : tensor<4xcomplex<f64>>
  %1 = ten.sin %a : tensor<4xcomplex<f64>>
  return %0, %1 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
}

// -----

// a ** b is NumPy's power, not complex.pow: e^(b log a) in general, and for
// an integral real b below 100 in size, products by squaring (seven bits,
// each product taken where the exponent's bit is set); 1 for b = 0.
// CHECK-LABEL: func.func @power
// CHECK-NOT: complex.pow
// CHECK: complex.exp
// CHECK: math.trunc
// CHECK: %[[MAGNITUDE:.*]] = arith.fptosi %{{.*}} : f32 to i32
// CHECK-COUNT-7: arith.andi %[[MAGNITUDE]]
// CHECK-NOT: complex.pow
// CHECK: return
func.func @power(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = ten.pow %a, %b : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}
