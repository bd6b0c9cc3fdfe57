// RUN: tensor-opt %s --ten-approximate-math="functions=math.exp,math.log,math.tanh,arith.divf" | FileCheck %s

// exp(x): clamped to [-104, 89] (a NaN stays), n = round(x / ln 2) by the
// 1.5 * 2^23 shift, r = x - n ln 2 in two parts, a degree-6 polynomial in r,
// then 2^(n >> 1) and 2^(n - (n >> 1)) as two multiplications.
// CHECK-LABEL: func.func @exp
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK-DAG: %[[HIGH:.*]] = arith.constant 8.900000e+01 : f32
// CHECK-DAG: %[[LOW:.*]] = arith.constant -1.040000e+02 : f32
// CHECK-DAG: %[[SHIFT:.*]] = arith.constant 0x4B400000 : f32
// CHECK-DAG: %[[SHIFT_BITS:.*]] = arith.constant 1262485504 : i32
// CHECK-DAG: %[[LOG2E:.*]] = arith.constant 1.44269502 : f32
// CHECK-DAG: %[[LN2_HIGH:.*]] = arith.constant -0.693359375 : f32
// CHECK-DAG: %[[LN2_LOW:.*]] = arith.constant 2.12194442E-4 : f32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[BIAS:.*]] = arith.constant 127 : i32
// CHECK-DAG: %[[C23:.*]] = arith.constant 23 : i32
// CHECK: %[[ABOVE:.*]] = arith.cmpf ogt, %[[X]], %[[HIGH]] : f32
// CHECK: %[[X1:.*]] = arith.select %[[ABOVE]], %[[HIGH]], %[[X]] : f32
// CHECK: %[[BELOW:.*]] = arith.cmpf olt, %[[X1]], %[[LOW]] : f32
// CHECK: %[[X2:.*]] = arith.select %[[BELOW]], %[[LOW]], %[[X1]] : f32
// CHECK: %[[SHIFTED:.*]] = math.fma %[[X2]], %[[LOG2E]], %[[SHIFT]] : f32
// CHECK: %[[N:.*]] = arith.subf %[[SHIFTED]], %[[SHIFT]] : f32
// CHECK: %[[BITS:.*]] = arith.bitcast %[[SHIFTED]] : f32 to i32
// CHECK: %[[NI:.*]] = arith.subi %[[BITS]], %[[SHIFT_BITS]] : i32
// CHECK: %[[R1:.*]] = math.fma %[[N]], %[[LN2_HIGH]], %[[X2]] : f32
// CHECK: %[[R:.*]] = math.fma %[[N]], %[[LN2_LOW]], %[[R1]] : f32
// CHECK-COUNT-4: math.fma %{{.*}}, %[[R]], %{{.*}} : f32
// CHECK: %[[P1:.*]] = math.fma %{{.*}}, %[[R]], %[[ONE]] : f32
// CHECK: %[[P:.*]] = math.fma %[[P1]], %[[R]], %[[ONE]] : f32
// CHECK: %[[HALF:.*]] = arith.shrsi %[[NI]], %[[C1]] : i32
// CHECK: %[[REST:.*]] = arith.subi %[[NI]], %[[HALF]] : i32
// CHECK: %[[E1:.*]] = arith.addi %[[HALF]], %[[BIAS]] : i32
// CHECK: %[[B1:.*]] = arith.shli %[[E1]], %[[C23]] : i32
// CHECK: %[[S1:.*]] = arith.bitcast %[[B1]] : i32 to f32
// CHECK: %[[Y1:.*]] = arith.mulf %[[P]], %[[S1]] : f32
// CHECK: %[[E2:.*]] = arith.addi %[[REST]], %[[BIAS]] : i32
// CHECK: %[[B2:.*]] = arith.shli %[[E2]], %[[C23]] : i32
// CHECK: %[[S2:.*]] = arith.bitcast %[[B2]] : i32 to f32
// CHECK: %[[Y:.*]] = arith.mulf %[[Y1]], %[[S2]] : f32
// CHECK-NOT: math.exp
// CHECK: return %[[Y]]
func.func @exp(%x: f32) -> f32 {
  %y = math.exp %x : f32
  return %y : f32
}

// On vectors, with vector constants; f16 runs in f32.
// CHECK-LABEL: func.func @exp_vector_f16
// CHECK: arith.select %{{.*}} : vector<8xi1>, vector<8xf32>
// CHECK: arith.shrsi %{{.*}} : vector<8xi32>
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-NOT: math.exp
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @exp_vector_f16(%x: vector<8xf32>, %h: f16) -> (vector<8xf32>, f16) {
  %0 = math.exp %x : vector<8xf32>
  %1 = math.exp %h : f16
  return %0, %1 : vector<8xf32>, f16
}

// log(x) runs as log(x * 2^32) - 32 ln 2 below the smallest normal f32; on
// vectors too.
// CHECK-LABEL: func.func @log
// CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: arith.mulf
// CHECK: arith.select
// CHECK-NOT: math.log
// CHECK: arith.subf
// CHECK: return
func.func @log(%x: vector<8xf32>) -> vector<8xf32> {
  %y = math.log %x : vector<8xf32>
  return %y : vector<8xf32>
}

// f16 runs in f32.
// CHECK-LABEL: func.func @tanh_f16
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-NOT: math.tanh
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @tanh_f16(%x: f16) -> f16 {
  %y = math.tanh %x : f16
  return %y : f16
}

// arith.divf: f32 and narrower divisions allow reciprocals; f64 ones stay
// exact, and so does an existing flag.
// CHECK-LABEL: func.func @divide
// CHECK-NEXT: arith.divf %{{.*}}, %{{.*}} fastmath<arcp> : vector<8xf32>
// CHECK-NEXT: arith.divf %{{.*}}, %{{.*}} fastmath<arcp> : f16
// CHECK-NEXT: arith.divf %{{.*}}, %{{.*}} fastmath<nnan,arcp> : f32
// CHECK-NEXT: arith.divf %{{.*}}, %{{.*}} : f64
// CHECK-NEXT: return
func.func @divide(%x: vector<8xf32>, %h: f16, %s: f32, %d: f64) -> (vector<8xf32>, f16, f32, f64) {
  %0 = arith.divf %x, %x : vector<8xf32>
  %1 = arith.divf %h, %h : f16
  %2 = arith.divf %s, %s fastmath<nnan> : f32
  %3 = arith.divf %d, %d : f64
  return %0, %1, %2, %3 : vector<8xf32>, f16, f32, f64
}

// Left alone: f64, and functions not named.
// CHECK-LABEL: func.func @left_alone
// CHECK-NEXT: math.exp %{{.*}} : f64
// CHECK-NEXT: math.sin %{{.*}} : f32
// CHECK-NEXT: math.erf %{{.*}} : f32
// CHECK-NEXT: return
func.func @left_alone(%d: f64, %x: f32) -> (f64, f32, f32) {
  %0 = math.exp %d : f64
  %1 = math.sin %x : f32
  %2 = math.erf %x : f32
  return %0, %1, %2 : f64, f32, f32
}

// Without arith.divf among the functions, divisions are left alone.
// RUN: tensor-opt %s --ten-approximate-math="functions=math.exp" | FileCheck %s --check-prefix=EXACT
// EXACT-LABEL: func.func @divide
// EXACT-NEXT: arith.divf %{{.*}}, %{{.*}} : vector<8xf32>
