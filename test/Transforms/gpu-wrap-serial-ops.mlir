// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-wrap-serial-ops))' | FileCheck %s

// A fill of a 0-d buffer and a reduction to a scalar have no parallel loop:
// each goes into a one-iteration scf.parallel, in order.
// CHECK-LABEL: func.func @sum
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: scf.parallel (%{{.*}}) = (%[[ZERO]]) to (%[[ONE]]) step (%[[ONE]]) {
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: scf.reduce
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK-NEXT: linalg.reduce
// CHECK: scf.reduce
// CHECK: return
func.func @sum(%x: memref<100xf32>, %out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<f32>)
  linalg.reduce ins(%x : memref<100xf32>) outs(%out : memref<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return
}

// Left alone: ops with a parallel loop, ops on tensors, and ops already in
// a parallel loop.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: scf.parallel
// CHECK: linalg.fill
// CHECK: linalg.reduce
// CHECK: linalg.fill
// CHECK: scf.parallel
// CHECK-NEXT: linalg.fill
// CHECK-NOT: scf.parallel
func.func @left_alone(%x: memref<4x100xf32>, %out: memref<4xf32>, %t: tensor<f32>, %s: memref<f32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  linalg.fill ins(%zero : f32) outs(%out : memref<4xf32>)
  linalg.reduce ins(%x : memref<4x100xf32>) outs(%out : memref<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %a = arith.addf %in, %acc : f32
      linalg.yield %a : f32
    }
  %r = linalg.fill ins(%zero : f32) outs(%t : tensor<f32>) -> tensor<f32>
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    linalg.fill ins(%zero : f32) outs(%s : memref<f32>)
  }
  return %r : tensor<f32>
}

// A loop over buffers that a lowering built (a compaction) runs whole in a
// kernel of one thread; what it carries is its own.
// CHECK-LABEL: func.func @compaction
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
// CHECK-NEXT: scf.for
// CHECK: memref.store
// CHECK: scf.reduce
// CHECK: return
func.func @compaction(%mask: memref<8xi1>, %out: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %next = scf.for %i = %c0 to %c8 step %c1 iter_args(%slot = %c0) -> index {
    %m = memref.load %mask[%i] : memref<8xi1>
    %n = scf.if %m -> index {
      %p = arith.index_cast %i : index to i64
      memref.store %p, %out[%slot] : memref<?xi64>
      %s = arith.addi %slot, %c1 : index
      scf.yield %s : index
    } else {
      scf.yield %slot : index
    }
    scf.yield %n : index
  }
  return
}

// Left alone: loops that launch work (linalg ops: a sorting network's
// stages), that allocate, whose result the host uses, or that touch no
// buffer. The allocating loop stays on the host, but its store into the
// allocation (GPU memory) becomes a kernel of its own.
// CHECK-LABEL: func.func @host_loops
// CHECK: scf.for
// CHECK-NEXT: linalg.copy
// CHECK: scf.for
// CHECK-NEXT: memref.alloc
// CHECK: scf.parallel
// CHECK-NEXT: memref.store
// CHECK-NEXT: scf.reduce
// CHECK: memref.dealloc
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @host_loops(%x: memref<8xf32>, %y: memref<8xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    linalg.copy ins(%x : memref<8xf32>) outs(%y : memref<8xf32>)
  }
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<8xf32>
    memref.store %zero, %a[%c0] : memref<8xf32>
    memref.dealloc %a : memref<8xf32>
  }
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %e = memref.load %x[%c0] : memref<8xf32>
    scf.yield %e : f32
  }
  %count = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
    %s = arith.addi %acc, %c1 : index
    scf.yield %s : index
  }
  return %last : f32
}

// An element that a lowering sets under a host condition (the last of a
// 0-d ten.nonzero's indices): the whole scf.if, which launches nothing,
// runs in a kernel of one thread, the load of the count included.
// CHECK-LABEL: func.func @conditional_store
// CHECK: scf.parallel
// CHECK-NEXT: scf.if
// CHECK: memref.load
// CHECK: memref.store
// CHECK: scf.reduce
// CHECK: return
func.func @conditional_store(%flag: i1, %count: memref<1xi64>, %out: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i64
  scf.if %flag {
    %n = memref.load %count[%c0] : memref<1xi64>
    %i = arith.index_cast %n : i64 to index
    memref.store %zero, %out[%i] : memref<?xi64>
  }
  return
}

// Writes of their own: a store after a kernel and an atomic update whose
// old value the host ignores each become a kernel of one thread. Left
// alone: a store into the host's stack, an atomic update whose result the
// host uses (ten-gpu-device-memory rejects it), and loads
// (ten-gpu-host-reads copies the element).
// CHECK-LABEL: func.func @writes
// CHECK: scf.parallel
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<4xf32>
// CHECK-NEXT: scf.reduce
// CHECK: scf.parallel
// CHECK-NEXT: memref.atomic_rmw addf
// CHECK-NEXT: scf.reduce
// CHECK-NOT: scf.parallel
// CHECK: memref.store %{{.*}}, %{{.*}}[] : memref<f32>
// CHECK: memref.atomic_rmw maximumf
// CHECK: memref.load
// CHECK: return
func.func @writes(%x: memref<4xf32>, %v: f32) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  linalg.fill ins(%v : f32) outs(%x : memref<4xf32>)
  memref.store %v, %x[%c0] : memref<4xf32>
  %old = memref.atomic_rmw addf %v, %x[%c0] : (f32, memref<4xf32>) -> f32
  %stack = memref.alloca() : memref<f32>
  memref.store %v, %stack[] : memref<f32>
  %used = memref.atomic_rmw maximumf %v, %x[%c0] : (f32, memref<4xf32>) -> f32
  %read = memref.load %x[%c0] : memref<4xf32>
  return %used, %read : f32, f32
}

// Left alone: serial work on the host's stack, which a kernel cannot reach.
// CHECK-LABEL: func.func @stack_work
// CHECK-NOT: scf.parallel
// CHECK: scf.if
// CHECK-NEXT: memref.store
// CHECK: return
func.func @stack_work(%flag: i1, %v: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %stack = memref.alloca() : memref<1xf32>
  scf.if %flag {
    memref.store %v, %stack[%c0] : memref<1xf32>
  }
  %r = memref.load %stack[%c0] : memref<1xf32>
  return %r : f32
}
