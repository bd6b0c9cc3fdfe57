// REQUIRES: cuda-target
// RUN: tensor-opt %s --ten-gpu-host-reads | FileCheck %s

// The host reads a 0-d GPU buffer through a copy into its own frame, after
// waiting for the stream that the copy is enqueued on.
// CHECK: func.func private @tenCudaSynchronize()
// CHECK-LABEL: func.func @read_flag
// CHECK-SAME: (%[[FLAG:.*]]: memref<i1>)
// CHECK: %[[HOST:.*]] = memref.alloca() : memref<i1>
// CHECK: memref.copy %[[FLAG]], %[[HOST]] : memref<i1> to memref<i1>
// CHECK-NEXT: call @tenCudaSynchronize() : () -> ()
// CHECK-NEXT: %[[VALUE:.*]] = memref.load %[[HOST]][] : memref<i1>
// CHECK-NEXT: cf.assert %[[VALUE]]
func.func @read_flag(%flag: memref<i1>) {
  %ok = memref.load %flag[] : memref<i1>
  cf.assert %ok, "checked"
  return
}

// An element of a larger buffer: a kernel of one thread copies it into a
// 0-d buffer of its own first, freed once copied. The host copy is made in
// the function's frame even when the read is in a loop.
// CHECK-LABEL: func.func @read_element
// CHECK-SAME: (%[[X:.*]]: memref<?xi64>, %[[N:.*]]: index)
// CHECK: %[[HOST:.*]] = memref.alloca() : memref<i64>
// CHECK: scf.for %[[I:[^ ]*]] =
// CHECK:   %[[STAGED:.*]] = memref.alloc() : memref<i64>
// CHECK:   gpu.launch
// CHECK:     %[[E:.*]] = memref.load %[[X]][%[[I]]] : memref<?xi64>
// CHECK:     memref.store %[[E]], %[[STAGED]][] : memref<i64>
// CHECK:     gpu.terminator
// CHECK:   memref.copy %[[STAGED]], %[[HOST]]
// CHECK:   memref.dealloc %[[STAGED]]
// CHECK:   call @tenCudaSynchronize()
// CHECK:   memref.load %[[HOST]][] : memref<i64>
func.func @read_element(%x: memref<?xi64>, %n: index) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
    %e = memref.load %x[%i] : memref<?xi64>
    %s = arith.addi %acc, %e : i64
    scf.yield %s : i64
  }
  return %sum : i64
}

// Left alone: loads in kernels and in loops that become kernels, and loads
// of the host's own memory (its stack, constant globals).
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: call
// CHECK-NOT: memref.copy
// CHECK: return
func.func @left_alone(%x: memref<4xf32>, %y: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %e = memref.load %x[%c0] : memref<4xf32>
    memref.store %e, %y[%c0] : memref<4xf32>
    gpu.terminator
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %e = memref.load %x[%i] : memref<4xf32>
    memref.store %e, %y[%i] : memref<4xf32>
    scf.reduce
  }
  %host = memref.alloca() : memref<f32>
  %v = memref.load %host[] : memref<f32>
  %table = memref.get_global @table : memref<2xf32>
  %w = memref.load %table[%c1] : memref<2xf32>
  %s = arith.addf %v, %w : f32
  return %s : f32
}

memref.global "private" constant @table : memref<2xf32> = dense<[1.0, 2.0]>
