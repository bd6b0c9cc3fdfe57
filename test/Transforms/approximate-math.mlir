// RUN: tensor-opt %s --ten-approximate-math="functions=math.exp,math.log,math.tanh" | FileCheck %s

// exp(x) runs as exp(x + 32 ln 2) * 2^-32 below -87.34, where the result is
// subnormal, then the polynomial replaces the call.
// CHECK-LABEL: func.func @exp
// CHECK-DAG: %[[LIMIT:.*]] = arith.constant -87.33654{{[0-9]*}} : f32
// CHECK-DAG: %[[SHIFT:.*]] = arith.constant 22.18070{{[0-9]*}} : f32
// CHECK-DAG: %[[SCALE:.*]] = arith.constant 2.32830644E-10 : f32
// CHECK: %[[SMALL:.*]] = arith.cmpf olt, %[[X:.*]], %[[LIMIT]] : f32
// CHECK: %[[MOVED:.*]] = arith.addf %[[X]], %[[SHIFT]] : f32
// CHECK: %[[ARG:.*]] = arith.select %[[SMALL]], %[[MOVED]], %[[X]] : f32
// CHECK-NOT: math.exp
// CHECK: %[[UNDONE:.*]] = arith.mulf %[[RESULT:.*]], %[[SCALE]] : f32
// CHECK: %[[FIXED:.*]] = arith.select %[[SMALL]], %[[UNDONE]], %[[RESULT]] : f32
// CHECK: return %[[FIXED]]
func.func @exp(%x: f32) -> f32 {
  %y = math.exp %x : f32
  return %y : f32
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
