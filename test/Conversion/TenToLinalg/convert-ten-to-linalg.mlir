// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file | FileCheck %s

// Broadcasting lives in the indexing maps: no broadcast tensor.
// CHECK-DAG: #[[$ID2:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @add_bias
// CHECK-SAME: (%[[M:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<8xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: linalg.generic {indexing_maps = [#[[$ID2]], #[[$ROW]], #[[$ID2]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: ins(%[[M]], %[[B]] : tensor<4x8xf32>, tensor<8xf32>) outs(%[[E]] : tensor<4x8xf32>)
// CHECK: arith.addf
// CHECK-NOT: ten.
func.func @add_bias(%m: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %0 = ten.add %m, %b : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A static size 1 is read at index 0; dynamic sizes come from tensor.dim and
// are checked against each other at run time.
// CHECK-DAG: #[[$COL:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @dynamic_broadcast
// CHECK-SAME: (%[[A:.*]]: tensor<?x1xf64>, %[[B:.*]]: tensor<?x5xf64>)
// CHECK: %[[D:.*]] = tensor.dim %[[A]], %{{.*}} : tensor<?x1xf64>
// CHECK: %[[D1:.*]] = tensor.dim %[[B]], %{{.*}} : tensor<?x5xf64>
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[D1]], %[[D]] : index
// CHECK: cf.assert %[[SAME]], "ten.sub at {{.*}}: dimension 0 of operand 1 does not have the size of the dimensions it meets (a dynamic dimension does not broadcast)"
// CHECK: tensor.empty(%[[D]]) : tensor<?x5xf64>
// CHECK: linalg.generic {indexing_maps = [#[[$COL]], {{.*}}]
// CHECK: arith.subf
func.func @dynamic_broadcast(%a: tensor<?x1xf64>, %b: tensor<?x5xf64>) -> tensor<?x5xf64> {
  %0 = ten.sub %a, %b : (tensor<?x1xf64>, tensor<?x5xf64>) -> tensor<?x5xf64>
  return %0 : tensor<?x5xf64>
}

// -----

// Integer floor division never divides by 0 or -1: those divisors give
// NumPy's values (0, and -x, which wraps), the division sees 1.
// CHECK-LABEL: func.func @integer_division
// CHECK: linalg.generic
// CHECK: ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %{{.*}}: i8):
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i8
// CHECK: %[[BY_ZERO:.*]] = arith.cmpi eq, %[[B]], %[[ZERO]] : i8
// CHECK: %[[MINUS_ONE:.*]] = arith.constant -1 : i8
// CHECK: %[[BY_MINUS_ONE:.*]] = arith.cmpi eq, %[[B]], %[[MINUS_ONE]] : i8
// CHECK: %[[SPECIAL:.*]] = arith.ori %[[BY_ZERO]], %[[BY_MINUS_ONE]] : i1
// CHECK: %[[DIVISOR:.*]] = arith.select %[[SPECIAL]], %[[ONE]], %[[B]] : i8
// CHECK: %[[QUOTIENT:.*]] = arith.floordivsi %[[A]], %[[DIVISOR]] : i8
// CHECK: %[[NEGATED:.*]] = arith.subi %[[ZERO]], %[[A]] : i8
// CHECK: %[[RESULT:.*]] = arith.select %[[BY_MINUS_ONE]], %[[NEGATED]], %[[QUOTIENT]] : i8
// CHECK: %[[FINAL:.*]] = arith.select %[[BY_ZERO]], %[[ZERO]], %[[RESULT]] : i8
// CHECK: linalg.yield %[[FINAL]] : i8
func.func @integer_division(%a: tensor<4xi8>, %b: tensor<4xi8>) -> tensor<4xi8> {
  %0 = ten.div %a, %b : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// NumPy's float32 and float64 power loop, given a scalar exponent (one
// element: stride 0 in its inner loop), computes -1, 0, 0.5, 1 and 2
// directly (sqrt keeps -0 and makes -inf NaN, where pow gives +0 and +inf):
// selects on the exponent, which fold for a constant one. An exponent of
// several elements (even one broadcast along the last dimension: NumPy's
// iterator may or may not make that its inner loop), and float16, keep
// math.powf alone.
// CHECK-LABEL: func.func @power_fast_paths
// CHECK: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64, %{{.*}}: f64):
// CHECK: %[[POW:.*]] = math.powf %[[X]], %[[Y]] : f64
// CHECK: %[[SQUARE:.*]] = arith.mulf %[[X]], %[[X]] : f64
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f64
// CHECK: %[[IS_TWO:.*]] = arith.cmpf oeq, %[[Y]], %[[TWO]] : f64
// CHECK: %[[R2:.*]] = arith.select %[[IS_TWO]], %[[SQUARE]], %[[POW]] : f64
// CHECK: %[[IS_ONE:.*]] = arith.cmpf oeq, %[[Y]]
// CHECK: %[[R1:.*]] = arith.select %[[IS_ONE]], %[[X]], %[[R2]] : f64
// CHECK: %[[ROOT:.*]] = math.sqrt %[[X]] : f64
// CHECK: %[[HALF:.*]] = arith.constant 5.000000e-01 : f64
// CHECK: %[[IS_HALF:.*]] = arith.cmpf oeq, %[[Y]], %[[HALF]] : f64
// CHECK: %[[R05:.*]] = arith.select %[[IS_HALF]], %[[ROOT]], %[[R1]] : f64
// CHECK: %[[IS_ZERO:.*]] = arith.cmpf oeq, %[[Y]]
// CHECK: %[[R0:.*]] = arith.select %[[IS_ZERO]], %{{.*}}, %[[R05]] : f64
// CHECK: %[[INVERSE:.*]] = arith.divf %{{.*}}, %[[X]] : f64
// CHECK: %[[MINUS_ONE:.*]] = arith.constant -1.000000e+00 : f64
// CHECK: %[[IS_MINUS_ONE:.*]] = arith.cmpf oeq, %[[Y]], %[[MINUS_ONE]] : f64
// CHECK: %[[RESULT:.*]] = arith.select %[[IS_MINUS_ONE]], %[[INVERSE]], %[[R0]] : f64
// CHECK: linalg.yield %[[RESULT]] : f64
// CHECK: linalg.generic
// CHECK-NOT: math.sqrt
// CHECK: math.powf
// CHECK-NOT: math.sqrt
// CHECK: linalg.generic
// CHECK-NOT: math.sqrt
// CHECK: math.powf
// CHECK-NOT: math.sqrt
// CHECK: linalg.generic
// CHECK-NOT: math.sqrt
// CHECK: math.powf
// CHECK-NOT: math.sqrt
// CHECK: return
func.func @power_fast_paths(%x: tensor<4xf64>, %y: tensor<f64>, %rows: tensor<2x4xf32>, %e: tensor<2x1xf32>, %row: tensor<4xf32>, %h: tensor<4xf16>, %hy: tensor<f16>)
    -> (tensor<4xf64>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<4xf16>) {
  %0 = ten.pow %x, %y : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
  %1 = ten.pow %rows, %e : (tensor<2x4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %2 = ten.pow %rows, %row : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %3 = ten.pow %h, %hy : (tensor<4xf16>, tensor<f16>) -> tensor<4xf16>
  return %0, %1, %2, %3 : tensor<4xf64>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<4xf16>
}

// -----

// math.ipowi sees exponents of 0 or more; a negative one selects PyTorch's
// value (1, +-1 or 0) instead.
// CHECK-LABEL: func.func @integer_power
// CHECK: ^bb0(%[[A:.*]]: i64, %[[B:.*]]: i64, %{{.*}}: i64):
// CHECK: %[[NEGATIVE:.*]] = arith.cmpi slt, %[[B]], %{{.*}} : i64
// CHECK: %[[EXPONENT:.*]] = arith.select %[[NEGATIVE]], %{{.*}}, %[[B]] : i64
// CHECK: %[[POWER:.*]] = math.ipowi %[[A]], %[[EXPONENT]] : i64
// CHECK: %[[ODD:.*]] = arith.trunci %[[B]] : i64 to i1
// CHECK: %[[RESULT:.*]] = arith.select %[[NEGATIVE]], %{{.*}}, %[[POWER]] : i64
// CHECK: linalg.yield %[[RESULT]] : i64
func.func @integer_power(%a: tensor<4xi64>, %b: tensor<4xi64>) -> tensor<4xi64> {
  %0 = ten.pow %a, %b : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// Float division and power are left as they are.
// CHECK-LABEL: func.func @float_division
// CHECK: ^bb0(%[[A:.*]]: f64, %[[B:.*]]: f64, %{{.*}}: f64):
// CHECK-NEXT: %[[Q:.*]] = arith.divf %[[A]], %[[B]] : f64
// CHECK-NEXT: linalg.yield %[[Q]] : f64
func.func @float_division(%a: tensor<4xf64>, %b: tensor<4xf64>) -> tensor<4xf64> {
  %0 = ten.div %a, %b : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// Each op's scalar body.
// CHECK-LABEL: func.func @bodies
// CHECK: arith.mulf
// CHECK: arith.divf
// CHECK: arith.floordivsi
// CHECK: math.powf
// CHECK: math.ipowi
// CHECK: arith.maximumf
// CHECK: arith.minsi
// CHECK: arith.ori
// CHECK: arith.cmpf olt
// CHECK: arith.cmpf une
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi ugt
// CHECK: arith.select
func.func @bodies(%f: tensor<4xf32>, %i: tensor<4xi32>, %b: tensor<4xi1>,
                  %g: tensor<4xf32>, %j: tensor<4xi32>, %c: tensor<4xi1>) {
  %0 = ten.mul %f, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = ten.div %f, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = ten.div %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %3 = ten.pow %f, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %4 = ten.pow %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %5 = ten.max %f, %g : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %6 = ten.min %i, %j : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %7 = ten.max %b, %c : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %8 = ten.cmp lt, %f, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %9 = ten.cmp ne, %f, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %10 = ten.cmp ge, %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %11 = ten.cmp gt, %b, %b : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %12 = ten.select %b, %f, %g : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// f16 and bf16 compute in f32 and round once.
// CHECK-LABEL: func.func @unary_half
// CHECK: ^bb0(%[[IN:.*]]: f16, %{{.*}}: f16):
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[IN]] : f16 to f32
// CHECK-NEXT: %[[T:.*]] = math.tanh %[[W]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[T]] : f32 to f16
// CHECK-NEXT: linalg.yield %[[R]] : f16
// CHECK: math.exp
// CHECK: math.log
// CHECK: math.sqrt
// CHECK: math.rsqrt
// CHECK: math.sin
// CHECK: math.cos
// CHECK: math.erf
// CHECK: math.erfc
// CHECK: arith.negf
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: math.absi
// CHECK: arith.cmpi slt
// CHECK: arith.select
// CHECK: arith.subi
func.func @unary_half(%h: tensor<3xf16>, %f: tensor<3xf32>, %i: tensor<3xi8>) {
  %0 = ten.tanh %h : tensor<3xf16>
  %1 = ten.exp %f : tensor<3xf32>
  %2 = ten.log %f : tensor<3xf32>
  %3 = ten.sqrt %f : tensor<3xf32>
  %4 = ten.rsqrt %f : tensor<3xf32>
  %5 = ten.sin %f : tensor<3xf32>
  %6 = ten.cos %f : tensor<3xf32>
  %7 = ten.erf %f : tensor<3xf32>
  %erfc = ten.erfc %f : tensor<3xf32>
  %8 = ten.sigmoid %f : tensor<3xf32>
  %9 = ten.abs %i : tensor<3xi8>
  %10 = ten.relu %i : tensor<3xi8>
  %11 = ten.neg %i : tensor<3xi8>
  return
}

// -----

// CHECK-LABEL: func.func @casts
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// CHECK: arith.cmpf une
// CHECK: arith.uitofp %{{.*}} : i1 to f64
// CHECK: arith.extui %{{.*}} : i1 to i8
// CHECK: arith.trunci %{{.*}} : i64 to i8
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-NEXT: arith.truncf %{{.*}} : f32 to bf16
func.func @casts(%f: tensor<2xf32>, %b: tensor<2xi1>, %l: tensor<2xi64>, %h: tensor<2xf16>) {
  %0 = ten.cast %f : tensor<2xf32> -> tensor<2xi32>
  %1 = ten.cast %f : tensor<2xf32> -> tensor<2xi1>
  %2 = ten.cast %b : tensor<2xi1> -> tensor<2xf64>
  %3 = ten.cast %b : tensor<2xi1> -> tensor<2xi8>
  %4 = ten.cast %l : tensor<2xi64> -> tensor<2xi8>
  %5 = ten.cast %h : tensor<2xf16> -> tensor<2xbf16>
  return
}

// -----

// Exactly matmul and batch_matmul become the named ops.
// CHECK-LABEL: func.func @named_contractions
// CHECK: %[[Z:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x4xf32>)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<2x3xf32>, tensor<3x4xf32>) outs(%[[Z]] : tensor<2x4xf32>)
// CHECK: linalg.batch_matmul ins({{.*}} : tensor<5x2x3xf64>, tensor<5x3x4xf64>)
func.func @named_contractions(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>,
                              %c: tensor<5x2x3xf64>, %d: tensor<5x3x4xf64>) {
  %0 = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = ten.einsum "bij,bjk->bik" (%c, %d) : (tensor<5x2x3xf64>, tensor<5x3x4xf64>) -> tensor<5x2x4xf64>
  return
}

// -----

// Other einsums are one generic: output labels parallel, the rest summed;
// a diagonal reads one loop twice; a size 1 that broadcasts reads index 0.
// CHECK-DAG: #[[$Q:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d4)>
// CHECK-DAG: #[[$K:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
// CHECK-DAG: #[[$S:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[$DIAG:.*]] = affine_map<(d0) -> (d0, d0)>
// CHECK-DAG: #[[$BCAST:.*]] = affine_map<(d0, d1, d2) -> (0, d1)>
// CHECK-LABEL: func.func @generic_contractions
// CHECK: linalg.generic {indexing_maps = [#[[$Q]], #[[$K]], #[[$S]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: linalg.generic {indexing_maps = [#[[$DIAG]], {{.*}}], iterator_types = ["parallel"]}
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]]
// CHECK: linalg.generic {indexing_maps = [{{.*}}, #[[$BCAST]], {{.*}}]
func.func @generic_contractions(%q: tensor<2x3x4x8xf32>, %k: tensor<2x3x5x8xf32>,
                                %m: tensor<4x4xf32>, %a: tensor<2x3xf32>,
                                %e: tensor<1x4xf32>) {
  %0 = ten.einsum "bhqd,bhkd->bhqk" (%q, %k) : (tensor<2x3x4x8xf32>, tensor<2x3x5x8xf32>) -> tensor<2x3x4x5xf32>
  %1 = ten.einsum "ii->i" (%m) : (tensor<4x4xf32>) -> tensor<4xf32>
  %2 = ten.einsum "ij,jk->ik" (%a, %e) : (tensor<2x3xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @reductions
// CHECK: linalg.fill ins(%{{.*}} : f32)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.addf
// CHECK: arith.divf
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [4, 1] : tensor<4xf32> into tensor<4x1xf32>
// An argmax of floats: the maximum (NaN if a line has one), then the least
// index of an element equal to it or NaN, from the largest i64.
// CHECK: %[[NEGINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: linalg.fill ins(%[[NEGINF]] : f32)
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%{{.*}} : tensor<4x6xf32>) outs(%{{.*}} : tensor<6xf32>)
// CHECK: arith.maximumf
// CHECK: %[[NONE:.*]] = arith.constant 9223372036854775807 : i64
// CHECK: linalg.fill ins(%[[NONE]] : i64)
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]} ins(%{{.*}}, %[[MAX]] : tensor<4x6xf32>, tensor<6xf32>) outs(%{{.*}} : tensor<6xi64>)
// CHECK-DAG: arith.cmpf oeq
// CHECK-DAG: arith.cmpf uno
// CHECK: linalg.index 0
// CHECK: arith.select
// CHECK: arith.minsi
func.func @reductions(%x: tensor<4x6xf32>) -> (tensor<4x1xf32>, tensor<6xi64>) {
  %0 = ten.reduce mean %x dims [1] keepdim : tensor<4x6xf32> -> tensor<4x1xf32>
  %1 = ten.reduce argmax %x dims [0] : tensor<4x6xf32> -> tensor<6xi64>
  return %0, %1 : tensor<4x1xf32>, tensor<6xi64>
}

// -----

// f16 accumulates in f32.
// CHECK-LABEL: func.func @half_sum
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<8x16xf16>) outs(%{{.*}} : tensor<8xf32>)
// CHECK: arith.extf
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @half_sum(%x: tensor<8x16xf16>) -> tensor<8xf16> {
  %0 = ten.reduce sum %x dims [1] : tensor<8x16xf16> -> tensor<8xf16>
  return %0 : tensor<8xf16>
}

// -----

// CHECK-LABEL: func.func @layout
// CHECK: linalg.transpose ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<3x2xf32>) permutation = [1, 0]
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1, 2]] output_shape [1, 3, 2]
// CHECK: arith.constant dense<[1, 2]> : tensor<2xi32>
func.func @layout(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<1x3x2xf32>, tensor<2xi32>) {
  %0 = ten.transpose %x [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  %1 = ten.reshape %x : tensor<2x3xf32> -> tensor<1x3x2xf32>
  %2 = ten.constant dense<[1, 2]> : tensor<2xi32>
  return %0, %1, %2 : tensor<3x2xf32>, tensor<1x3x2xf32>, tensor<2xi32>
}

// -----

// A splat of more than one element is a fill of an empty tensor, whatever
// its size (a constant of 10^12 elements would be materialized by the code
// generator); a 0-d or one-element splat and other constants stay constants.
// CHECK-LABEL: func.func @splats
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<1000000x1000000xf32>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[ONE]] : f32) outs(%[[EMPTY]] : tensor<1000000x1000000xf32>) -> tensor<1000000x1000000xf32>
// CHECK: %[[SCALAR:.*]] = arith.constant dense<2> : tensor<i8>
// CHECK: %[[SINGLE:.*]] = arith.constant dense<3> : tensor<1x1xi64>
// CHECK: %[[LIST:.*]] = arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK: return %[[FILL]], %[[SCALAR]], %[[SINGLE]], %[[LIST]]
func.func @splats() -> (tensor<1000000x1000000xf32>, tensor<i8>, tensor<1x1xi64>, tensor<2xi32>) {
  %0 = ten.constant dense<1.0> : tensor<1000000x1000000xf32>
  %1 = ten.constant dense<2> : tensor<i8>
  %2 = ten.constant dense<3> : tensor<1x1xi64>
  %3 = ten.constant dense<[1, 2]> : tensor<2xi32>
  return %0, %1, %2, %3 : tensor<1000000x1000000xf32>, tensor<i8>, tensor<1x1xi64>, tensor<2xi32>
}

// -----

// A dynamic reshape checks the element count at run time.
// CHECK-LABEL: func.func @reshape_dynamic
// CHECK: arith.remui
// CHECK: cf.assert %{{.*}}, "ten.reshape at {{.*}}: the element count is not a multiple of the result's static sizes"
// CHECK: arith.divui
// CHECK: tensor.expand_shape
func.func @reshape_dynamic(%x: tensor<?x6xf32>) -> tensor<4x?xf32> {
  %0 = ten.reshape %x : tensor<?x6xf32> -> tensor<4x?xf32>
  return %0 : tensor<4x?xf32>
}

// -----

// What must stay: ops of other dialects.
// CHECK-LABEL: func.func @others_untouched
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
func.func @others_untouched(%a: f32) -> f32 {
  %0 = arith.addf %a, %a : f32
  return %0 : f32
}

// -----

// An explicit broadcast is a copy through a broadcasting map.
// CHECK-DAG: #[[$LAST:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @broadcast
// CHECK: linalg.generic {indexing_maps = [#[[$LAST]], {{.*}}], iterator_types = ["parallel", "parallel"]} ins(%{{.*}} : tensor<3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
func.func @broadcast(%b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = ten.broadcast %b : tensor<3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Each reduction kind's identity and combiner.
// CHECK-LABEL: func.func @reduce_kinds
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: linalg.fill ins(%[[ONE]] : i32)
// CHECK: arith.muli
// CHECK: %[[MAXI:.*]] = arith.constant 2147483647 : i32
// CHECK: linalg.fill ins(%[[MAXI]] : i32)
// CHECK: arith.minsi
// CHECK: %[[MINI:.*]] = arith.constant -2147483648 : i32
// CHECK: linalg.fill ins(%[[MINI]] : i32)
// CHECK: arith.maxsi
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: linalg.fill ins(%[[FALSE]] : i1)
// CHECK: arith.cmpi ne
// CHECK: arith.ori
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: linalg.fill ins(%[[TRUE]] : i1)
// CHECK: arith.andi
// CHECK: %[[INF:.*]] = arith.constant 0x7FF0000000000000 : f64
// CHECK: linalg.fill ins(%[[INF]] : f64)
// CHECK: arith.minimumf
func.func @reduce_kinds(%i: tensor<3x4xi32>, %d: tensor<5xf64>) {
  %0 = ten.reduce prod %i dims [1] : tensor<3x4xi32> -> tensor<3xi32>
  %1 = ten.reduce min %i dims [0] : tensor<3x4xi32> -> tensor<4xi32>
  %2 = ten.reduce max %i dims [0, 1] : tensor<3x4xi32> -> tensor<i32>
  %3 = ten.reduce any %i dims [1] : tensor<3x4xi32> -> tensor<3xi1>
  %4 = ten.reduce all %i dims [1] : tensor<3x4xi32> -> tensor<3xi1>
  %5 = ten.reduce min %d dims [0] : tensor<5xf64> -> tensor<f64>
  return
}

// -----

// Ellipsis dimensions are loops like any label; i1 einsums or their ands.
// CHECK-DAG: #[[$A:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[$B:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, d2)>
// CHECK-LABEL: func.func @ellipsis_bool
// CHECK: linalg.generic {indexing_maps = [#[[$A]], #[[$B]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK: arith.muli
// CHECK: arith.addi
// CHECK: linalg.generic
// CHECK: arith.andi
// CHECK: arith.ori
func.func @ellipsis_bool(%a: tensor<2x3x4xi64>, %b: tensor<4x5xi64>,
                         %p: tensor<2x3xi1>, %q: tensor<3x2xi1>) {
  %0 = ten.einsum "...ij,jk->...ik" (%a, %b) : (tensor<2x3x4xi64>, tensor<4x5xi64>) -> tensor<2x3x5xi64>
  %1 = ten.einsum "ij,jk->ik" (%p, %q) : (tensor<2x3xi1>, tensor<3x2xi1>) -> tensor<2x2xi1>
  return
}
