// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-split-nan-min-max))' -split-input-file | FileCheck %s

// A maximum carried through a loop: a NaN-ignoring maximum (nnan, nsz: one
// vmaxps) and the largest magnitude's bits, NaN's above infinity's; the
// initial value counts too. After the loop, NaN where one was seen.
// CHECK-LABEL: func.func @row_max
// CHECK-SAME: (%[[X:.*]]: memref<512xf32>, %[[INIT:.*]]: f32)
// CHECK: %[[IBITS:.*]] = arith.bitcast %[[INIT]] : f32 to i32
// CHECK: %[[MASK:.*]] = arith.constant 2147483647 : i32
// CHECK: %[[IMAG:.*]] = arith.andi %[[IBITS]], %[[MASK]] : i32
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]], %[[LARGEST:.*]] = %[[IMAG]]) -> (f32, i32)
// CHECK: %[[E:.*]] = memref.load %[[X]]
// CHECK: %[[M:.*]] = arith.maxnumf %[[ACC]], %[[E]] fastmath<reassoc,nnan,nsz> : f32
// CHECK: %[[EBITS:.*]] = arith.bitcast %[[E]] : f32 to i32
// CHECK: %[[EMAG:.*]] = arith.andi %[[EBITS]], %{{.*}} : i32
// CHECK: %[[L:.*]] = arith.maxui %[[LARGEST]], %[[EMAG]] : i32
// CHECK: scf.yield %[[M]], %[[L]] : f32, i32
// CHECK: %[[INF:.*]] = arith.constant 2139095040 : i32
// CHECK: %[[SEEN:.*]] = arith.cmpi ugt, %[[R]]#1, %[[INF]] : i32
// CHECK: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK: %[[OUT:.*]] = arith.select %[[SEEN]], %[[NAN]], %[[R]]#0 : f32
// CHECK: return %[[OUT]]
func.func @row_max(%x: memref<512xf32>, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %r = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %init) -> (f32) {
    %e = memref.load %x[%i] : memref<512xf32>
    %m = arith.maximumf %acc, %e fastmath<reassoc> : f32
    scf.yield %m : f32
  }
  return %r : f32
}

// -----

// A minimum of f64 whose element comes first: the element is the operand
// that the magnitude reads, whichever side it is on.
// CHECK-LABEL: func.func @row_min_f64
// CHECK: arith.bitcast %{{.*}} : f64 to i64
// CHECK: scf.for {{.*}} -> (f64, i64)
// CHECK: %[[E:.*]] = memref.load
// CHECK: arith.minnumf %{{.*}}, %[[E]] fastmath<nnan,nsz> : f64
// CHECK: arith.bitcast %[[E]] : f64 to i64
// CHECK: arith.constant 9218868437227405312 : i64
// CHECK: arith.constant 0x7FF8000000000000 : f64
func.func @row_min_f64(%x: memref<512xf64>, %init: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %r = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %init) -> (f64) {
    %e = memref.load %x[%i] : memref<512xf64>
    %m = arith.minimumf %e, %acc : f64
    scf.yield %m : f64
  }
  return %r : f64
}

// -----

// Left alone: an accumulator read by something else in the loop, a maximum
// of two values of the iteration, integers, NaN-ignoring maxima, and a
// float without an infinity (f8E4M3FN's NaN is its largest magnitude).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: arith.maxnumf {{.*}}nnan
// CHECK-NOT: arith.bitcast
// CHECK: arith.maximumf %[[A:.*]], %{{.*}} : f32
// CHECK: memref.store %[[A]]
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
// CHECK: arith.maxsi
// CHECK: arith.maxnumf %{{.*}}, %{{.*}} : f32
// CHECK: arith.maximumf %{{.*}}, %{{.*}} : f8E4M3FN
func.func @left_alone(%x: memref<512xf32>, %y: memref<512xf32>, %k: memref<512xi32>, %init: f32, %n: i32, %f8: memref<512xf8E4M3FN>, %h: f8E4M3FN) -> (f32, f32, i32, f32, f8E4M3FN) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %seen = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %init) -> (f32) {
    %e = memref.load %x[%i] : memref<512xf32>
    %m = arith.maximumf %acc, %e : f32
    memref.store %acc, %y[%i] : memref<512xf32>
    scf.yield %m : f32
  }
  %pair = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %init) -> (f32) {
    %e = memref.load %x[%i] : memref<512xf32>
    %f = memref.load %y[%i] : memref<512xf32>
    %m = arith.maximumf %e, %f : f32
    scf.yield %m : f32
  }
  %int = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %n) -> (i32) {
    %e = memref.load %k[%i] : memref<512xi32>
    %m = arith.maxsi %acc, %e : i32
    scf.yield %m : i32
  }
  %num = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %init) -> (f32) {
    %e = memref.load %x[%i] : memref<512xf32>
    %m = arith.maxnumf %acc, %e : f32
    scf.yield %m : f32
  }
  %fp8 = scf.for %i = %c0 to %c512 step %c1 iter_args(%acc = %h) -> (f8E4M3FN) {
    %v = memref.load %f8[%i] : memref<512xf8E4M3FN>
    %m = arith.maximumf %acc, %v : f8E4M3FN
    scf.yield %m : f8E4M3FN
  }
  return %seen, %pair, %int, %num, %fp8 : f32, f32, i32, f32, f8E4M3FN
}
