// RUN: tensor-opt %s -ten-hoist-stack-buffers -split-input-file | FileCheck %s

// In a worksharing loop (convert-scf-to-openmp wrapped its body in an
// alloca_scope): the buffer moves to the parallel region's entry, once per
// thread; the scope is left empty of allocations.
// CHECK-LABEL: func.func @worksharing
// CHECK: omp.parallel {
// CHECK-NEXT: %[[B:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NEXT: omp.wsloop {
// CHECK: memref.alloca_scope {
// CHECK-NOT: memref.alloca()
// CHECK: memref.store %{{.*}}, %[[B]]
func.func @worksharing(%m: memref<64x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c64) step (%c1) {
        memref.alloca_scope {
          %b = memref.alloca() {alignment = 64 : i64} : memref<8xf32>
          scf.for %j = %c0 to %c8 step %c1 {
            %v = memref.load %m[%i, %j] : memref<64x8xf32>
            memref.store %v, %b[%j] : memref<8xf32>
          }
          scf.for %j = %c0 to %c8 step %c1 {
            %w = memref.load %b[%j] : memref<8xf32>
            memref.store %w, %m[%i, %j] : memref<64x8xf32>
          }
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// -----

// Serial loops, a parallel loop run by one thread (no OpenMP) and a
// conditional: the buffers move to the function's entry.
// CHECK-LABEL: func.func @serial
// CHECK-NEXT: %[[P:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT: %[[F:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NOT: memref.alloca()
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[F]]
// CHECK: scf.parallel
// CHECK: memref.store %{{.*}}, %[[P]]
func.func @serial(%n: index, %x: f32, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.if %flag {
      %f = memref.alloca() : memref<4xf32>
      memref.store %x, %f[%c0] : memref<4xf32>
    }
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %p = memref.alloca() : memref<4xf32>
    memref.store %x, %p[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

// Left alone: a buffer already at the entry, and one of a size known only
// at run time (moving it would take its size out of its loop).
// CHECK-LABEL: func.func @left_alone
// CHECK-NEXT: arith.constant
// CHECK-NEXT: arith.constant
// CHECK-NEXT: memref.alloca() : memref<4xf32>
// CHECK: scf.for %[[I:.*]] =
// CHECK-NEXT: memref.alloca(%[[I]]) : memref<?xf32>
func.func @left_alone(%n: index, %x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %entry = memref.alloca() : memref<4xf32>
  memref.store %x, %entry[%c0] : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %d = memref.alloca(%i) : memref<?xf32>
    memref.store %x, %d[%c0] : memref<?xf32>
  }
  return
}
