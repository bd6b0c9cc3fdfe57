// RUN: tensor-opt %s -ten-lower-deallocations | FileCheck %s

// Two buffers and a retained view: each buffer is freed where it first
// appears, when an entry of its base owns it and the retained view is not
// of it; the retained view's ownership is the disjunction of the owners of
// its base. All in registers: no arrays, no helper function.
// CHECK-LABEL: func.func @general
// CHECK-SAME: (%[[A:.*]]: memref<4xf32>, %[[B:.*]]: memref<4xf32>, %[[R:.*]]: memref<2xf32, strided<[1], offset: 2>>, %[[CA:.*]]: i1, %[[CB:.*]]: i1)
// CHECK-NOT: memref.alloc
// CHECK-DAG: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-DAG: %[[PB:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
// CHECK-DAG: %[[PR:.*]] = memref.extract_aligned_pointer_as_index %[[R]]
// CHECK: %[[AB:.*]] = arith.cmpi eq, %[[PA]], %[[PB]]
// CHECK: %[[BOWNS:.*]] = arith.andi %[[AB]], %[[CB]]
// CHECK: %[[AOWNED:.*]] = arith.ori %[[CA]], %[[BOWNS]]
// CHECK: %[[ANOTR:.*]] = arith.cmpi ne, %[[PA]], %[[PR]]
// CHECK: %[[FREEA:.*]] = arith.andi %[[AOWNED]], %[[ANOTR]]
// CHECK: scf.if %[[FREEA]] {
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK: %[[BNOTA:.*]] = arith.cmpi ne, %[[PB]], %[[PA]]
// CHECK: %[[BFIRST:.*]] = arith.andi %[[CB]], %[[BNOTA]]
// CHECK: %[[BNOTR:.*]] = arith.cmpi ne, %[[PB]], %[[PR]]
// CHECK: %[[FREEB:.*]] = arith.andi %[[BFIRST]], %[[BNOTR]]
// CHECK: scf.if %[[FREEB]] {
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK: %[[RA:.*]] = arith.cmpi eq, %[[PA]], %[[PR]]
// CHECK: %[[RAOWN:.*]] = arith.andi %[[RA]], %[[CA]]
// CHECK: %[[RB:.*]] = arith.cmpi eq, %[[PB]], %[[PR]]
// CHECK: %[[RBOWN:.*]] = arith.andi %[[RB]], %[[CB]]
// CHECK: %[[U:.*]] = arith.ori %[[RAOWN]], %[[RBOWN]]
// CHECK: return %[[U]]
// CHECK-NOT: func.func private
func.func @general(%a: memref<4xf32>, %b: memref<4xf32>, %r: memref<2xf32, strided<[1], offset: 2>>, %ca: i1, %cb: i1) -> i1 {
  %u = bufferization.dealloc (%a, %b : memref<4xf32>, memref<4xf32>) if (%ca, %cb) retain (%r : memref<2xf32, strided<[1], offset: 2>>)
  return %u : i1
}

// One buffer, nothing retained: freed under its condition.
// CHECK-LABEL: func.func @single
// CHECK-SAME: (%[[A:.*]]: memref<4xf32>, %[[C:.*]]: i1)
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @single(%a: memref<4xf32>, %c: i1) {
  bufferization.dealloc (%a : memref<4xf32>) if (%c)
  return
}

// Retained buffers and no entries: nothing is owned.
// CHECK-LABEL: func.func @nothing_to_free
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: return %[[FALSE]], %[[FALSE]]
func.func @nothing_to_free(%r: memref<4xf32>, %s: memref<4xf32>) -> (i1, i1) {
  %u:2 = bufferization.dealloc retain (%r, %s : memref<4xf32>, memref<4xf32>)
  return %u#0, %u#1 : i1, i1
}

// Left alone: frees and copies that are not bufferization.dealloc.
// CHECK-LABEL: func.func @other_ops
// CHECK-NEXT: memref.copy
// CHECK-NEXT: memref.dealloc
// CHECK-NEXT: return
func.func @other_ops(%a: memref<4xf32>, %b: memref<4xf32>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
