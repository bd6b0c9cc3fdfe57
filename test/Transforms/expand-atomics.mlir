// RUN: tensor-opt %s --ten-expand-atomics | FileCheck %s

// An atomic integer product, which LLVM has no atomicrmw for, becomes a
// compare-and-swap loop that multiplies.
// CHECK-LABEL: func.func @product
// CHECK-SAME: (%[[M:.*]]: memref<8xi32>, %[[I:.*]]: index, %[[V:.*]]: i32)
// CHECK: %[[OLD:.*]] = memref.generic_atomic_rmw %[[M]][%[[I]]] : memref<8xi32> {
// CHECK: ^bb0(%[[CURRENT:.*]]: i32):
// CHECK:   %[[NEW:.*]] = arith.muli %[[CURRENT]], %[[V]] : i32
// CHECK:   memref.atomic_yield %[[NEW]] : i32
// CHECK: return %[[OLD]]
func.func @product(%m: memref<8xi32>, %i: index, %v: i32) -> i32 {
  %0 = memref.atomic_rmw muli %v, %m[%i] : (i32, memref<8xi32>) -> i32
  return %0 : i32
}

// Left alone: kinds LLVM has, and float products (the LLVM dialect's
// cmpxchg takes integers only).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: generic_atomic_rmw
// CHECK: memref.atomic_rmw addi
// CHECK: memref.atomic_rmw maxu
// CHECK: memref.atomic_rmw mulf
// CHECK-NOT: generic_atomic_rmw
func.func @left_alone(%m: memref<8xi32>, %f: memref<8xf32>, %i: index, %v: i32, %w: f32) {
  %0 = memref.atomic_rmw addi %v, %m[%i] : (i32, memref<8xi32>) -> i32
  %1 = memref.atomic_rmw maxu %v, %m[%i] : (i32, memref<8xi32>) -> i32
  %2 = memref.atomic_rmw mulf %w, %f[%i] : (f32, memref<8xf32>) -> f32
  return
}
