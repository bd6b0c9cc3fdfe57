// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-promote-carried-scalars))' -split-input-file | FileCheck %s

// A scan along rows: the carry of row i is loaded before the inner loop,
// carried through it and stored after it; the result's stores stay.
// CHECK-LABEL: func.func @row_scan
// CHECK-SAME: (%[[X:.*]]: memref<4x8xf32>)
// CHECK: %[[CARRY:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[Y:.*]] = memref.alloc() : memref<4x8xf32>
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[INIT:.*]] = memref.load %[[CARRY]][%[[I]]]
// CHECK: %[[LAST:.*]] = scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[C:.*]] = %[[INIT]]) -> (f32)
// CHECK-NEXT: %[[E:.*]] = memref.load %[[X]][%[[I]], %[[J]]]
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[C]], %[[E]]
// CHECK-NEXT: memref.store %[[SUM]], %[[Y]][%[[I]], %[[J]]]
// CHECK-NEXT: scf.yield %[[SUM]] : f32
// CHECK: memref.store %[[LAST]], %[[CARRY]][%[[I]]]
func.func @row_scan(%x: memref<4x8xf32>) -> memref<4x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %carry = memref.alloc() : memref<4xf32>
  %y = memref.alloc() : memref<4x8xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %e = memref.load %x[%i, %j] : memref<4x8xf32>
      %c = memref.load %carry[%i] : memref<4xf32>
      %s = arith.addf %c, %e : f32
      memref.store %s, %carry[%i] : memref<4xf32>
      memref.store %s, %y[%i, %j] : memref<4x8xf32>
    }
  }
  memref.dealloc %carry : memref<4xf32>
  return %y : memref<4x8xf32>
}

// -----

// Through a subview of the allocation, and a load after the store in the
// same iteration reads the stored value.
// CHECK-LABEL: func.func @view_and_reload
// CHECK: %[[VIEW:.*]] = memref.subview
// CHECK: %[[INIT:.*]] = memref.load %[[VIEW]][%c0]
// CHECK: scf.for {{.*}} iter_args(%[[C:.*]] = %[[INIT]]) -> (f32)
// CHECK: %[[SUM:.*]] = arith.addf %[[C]], %{{.*}}
// CHECK-NEXT: %[[TWICE:.*]] = arith.addf %[[SUM]], %[[SUM]]
// CHECK-NEXT: memref.store %[[TWICE]], %{{.*}}[%{{.*}}]
// CHECK-NEXT: scf.yield %[[SUM]]
func.func @view_and_reload(%x: memref<8xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %buffer = memref.alloc() : memref<4xf32>
  %view = memref.subview %buffer[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  scf.for %j = %c0 to %c8 step %c1 {
    %e = memref.load %x[%j] : memref<8xf32>
    %c = memref.load %view[%c0] : memref<2xf32, strided<[1], offset: 1>>
    %s = arith.addf %c, %e : f32
    memref.store %s, %view[%c0] : memref<2xf32, strided<[1], offset: 1>>
    %again = memref.load %view[%c0] : memref<2xf32, strided<[1], offset: 1>>
    %t = arith.addf %again, %again : f32
    memref.store %t, %out[%j] : memref<8xf32>
  }
  memref.dealloc %buffer : memref<4xf32>
  return
}

// -----

// Left alone: an element of a function argument (another argument may be
// the same buffer), another view of the same allocation in the loop, an
// element that moves with the loop, and a loop with a call.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: iter_args
func.func private @opaque(f32)
func.func @left_alone(%acc: memref<4xf32>, %x: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %j = %c0 to %c8 step %c1 {
    %e = memref.load %x[%j] : memref<8xf32>
    %c = memref.load %acc[%c0] : memref<4xf32>
    %s = arith.addf %c, %e : f32
    memref.store %s, %acc[%c0] : memref<4xf32>
  }
  %buffer = memref.alloc() : memref<8xf32>
  %view = memref.subview %buffer[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  scf.for %j = %c0 to %c8 step %c1 {
    %c = memref.load %buffer[%c0] : memref<8xf32>
    %s = arith.addf %c, %c : f32
    memref.store %s, %buffer[%c0] : memref<8xf32>
    %k = arith.remui %j, %c1 : index
    memref.store %s, %view[%k] : memref<4xf32, strided<[1]>>
  }
  scf.for %j = %c0 to %c8 step %c1 {
    %c = memref.load %buffer[%j] : memref<8xf32>
    %s = arith.addf %c, %c : f32
    memref.store %s, %buffer[%j] : memref<8xf32>
  }
  scf.for %j = %c0 to %c8 step %c1 {
    %c = memref.load %buffer[%c0] : memref<8xf32>
    %s = arith.addf %c, %c : f32
    memref.store %s, %buffer[%c0] : memref<8xf32>
    func.call @opaque(%s) : (f32) -> ()
  }
  memref.dealloc %buffer : memref<8xf32>
  return
}
