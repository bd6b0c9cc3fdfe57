// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-stack-buffers))' -split-input-file | FileCheck %s
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-stack-buffers{max-buffer-bytes=16}))' -split-input-file | FileCheck %s --check-prefix=SMALL
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-stack-buffers{max-function-bytes=40}))' -split-input-file | FileCheck %s --check-prefix=BUDGET

// A block's small buffers, read and written through loads, stores, a copy,
// a linalg op and a view, go on the stack; their deallocations go. The
// alloca stays where the alloc was (ten-hoist-stack-buffers moves it).
// CHECK-LABEL: func.func @block_buffers
// CHECK-NOT: memref.alloc()
// CHECK-NOT: memref.dealloc
// CHECK: scf.for
// CHECK: %[[SUMS:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[SUMS]] : memref<8xf32>)
// CHECK: %[[COPY:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8xf32>
// CHECK: memref.copy %[[SUMS]], %[[COPY]]
// CHECK: %[[HALF:.*]] = memref.subview %[[COPY]][0] [4] [1]
// CHECK: memref.load %[[HALF]]
// SMALL-LABEL: func.func @block_buffers
// SMALL-COUNT-2: memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// SMALL-COUNT-2: memref.dealloc
// BUDGET-LABEL: func.func @block_buffers
// BUDGET: memref.alloca() {alignment = 64 : i64} : memref<8xf32>
// BUDGET: memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// BUDGET: memref.dealloc
func.func @block_buffers(%out: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    %sums = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    linalg.fill ins(%zero : f32) outs(%sums : memref<8xf32>)
    %copy = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
    memref.copy %sums, %copy : memref<8xf32> to memref<8xf32>
    %half = memref.subview %copy[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
    %v = memref.load %half[%i] : memref<4xf32, strided<[1]>>
    memref.store %v, %out[%i, %i] : memref<4x4xf32>
    memref.dealloc %sums : memref<8xf32>
    memref.dealloc %copy : memref<8xf32>
  }
  return
}

// -----

// Buffers that outlive the function or may: returned, passed to a call,
// its address taken as an integer, yielded by a loop; and one that an op
// other than memref.dealloc frees. Left on the heap.
// CHECK-LABEL: func.func @escaping
// CHECK-NOT: memref.alloca
// CHECK-COUNT-5: memref.alloc()
// CHECK-NOT: memref.alloca
func.func private @keep(memref<4xf32>)
func.func @escaping(%n: index, %owned: i1) -> (memref<4xf32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %returned = memref.alloc() : memref<4xf32>
  %passed = memref.alloc() : memref<4xf32>
  func.call @keep(%passed) : (memref<4xf32>) -> ()
  %pointed = memref.alloc() : memref<4xf32>
  %address = memref.extract_aligned_pointer_as_index %pointed : memref<4xf32> -> index
  %first = memref.alloc() : memref<4xf32>
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%b = %first) -> (memref<4xf32>) {
    scf.yield %b : memref<4xf32>
  }
  %x = memref.load %last[%c0] : memref<4xf32>
  %freed = memref.alloc() : memref<4xf32>
  memref.store %x, %freed[%c0] : memref<4xf32>
  bufferization.dealloc (%freed : memref<4xf32>) if (%owned)
  return %returned, %address : memref<4xf32>, index
}

// -----

// Too large, of a size known only at run time, or in a layout or memory
// space of its own: left on the heap.
// CHECK-LABEL: func.func @not_small_or_static
// CHECK-NOT: memref.alloca
// CHECK: memref.alloc() : memref<2048xf32>
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.alloc() : memref<4xf32, 1>
// CHECK-NOT: memref.alloca
func.func @not_small_or_static(%n: index, %i: index) -> f32 {
  %large = memref.alloc() : memref<2048xf32>
  %dynamic = memref.alloc(%n) : memref<?xf32>
  %spaced = memref.alloc() : memref<4xf32, 1>
  %a = memref.load %large[%i] : memref<2048xf32>
  %b = memref.load %dynamic[%i] : memref<?xf32>
  %c = memref.load %spaced[%i] : memref<4xf32, 1>
  %ab = arith.addf %a, %b : f32
  %abc = arith.addf %ab, %c : f32
  memref.dealloc %large : memref<2048xf32>
  memref.dealloc %dynamic : memref<?xf32>
  memref.dealloc %spaced : memref<4xf32, 1>
  return %abc : f32
}

// -----

// A block's buffers sized by the block (the last block is shorter): on the
// stack at the size's bound, as a view of the block's size; a size read
// from such a buffer is bounded the same way.
// CHECK-LABEL: func.func @bounded_block
// CHECK-SAME: (%[[X:.*]]: memref<100x16xf32>, %[[I:.*]]: index)
// CHECK: %[[N:.*]] = affine.min
// CHECK: %[[A:.*]] = memref.alloca() : memref<7xf32>
// CHECK: %[[AV:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [%[[N]]], strides: [1] : memref<7xf32> to memref<?xf32>
// CHECK: %[[D:.*]] = memref.dim %[[AV]]
// CHECK: %[[B:.*]] = memref.alloca() : memref<7x16xf32>
// CHECK: memref.reinterpret_cast %[[B]] to offset: [0], sizes: [%[[D]], 16], strides: [16, 1] : memref<7x16xf32> to memref<?x16xf32>
// CHECK: memref.alloc(%[[I]]) : memref<?xf32>
// CHECK: memref.alloc(%[[N]]) : memref<4x?xf32>
// CHECK-NOT: memref.alloca
#block = affine_map<(d0) -> (-d0 + 100, 7)>
func.func @bounded_block(%x: memref<100x16xf32>, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  %n = affine.min #block(%i)
  %a = memref.alloc(%n) : memref<?xf32>
  %d = memref.dim %a, %c0 : memref<?xf32>
  %b = memref.alloc(%d) : memref<?x16xf32>
  %unbounded = memref.alloc(%i) : memref<?xf32>
  %inner = memref.alloc(%n) : memref<4x?xf32>
  %va = memref.load %a[%c0] : memref<?xf32>
  %vb = memref.load %b[%c0, %c0] : memref<?x16xf32>
  %vu = memref.load %unbounded[%c0] : memref<?xf32>
  %vi = memref.load %inner[%c0, %c0] : memref<4x?xf32>
  %s0 = arith.addf %va, %vb : f32
  %s1 = arith.addf %s0, %vu : f32
  %s2 = arith.addf %s1, %vi : f32
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %b : memref<?x16xf32>
  memref.dealloc %unbounded : memref<?xf32>
  memref.dealloc %inner : memref<4x?xf32>
  return %s2 : f32
}
