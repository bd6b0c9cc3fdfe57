// REQUIRES: cuda-target
// RUN: tensor-opt %s -split-input-file -verify-diagnostics -pass-pipeline='builtin.module(func.func(ten-gpu-device-memory))'

// An element of GPU memory that the host would write: on a GPU it faults
// (the test driver's device memory is host memory, which would hide it),
// so the pass refuses it.
func.func @host_store(%x: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  // expected-error @below {{'memref.store' op accesses a buffer of GPU memory from the host (a kernel or a copy should)}}
  memref.store %v, %x[%c0] : memref<4xf32>
  return
}

// -----

// A read of one, through a view; the host's stack, a constant global and
// kernels are fine.
memref.global "private" constant @table : memref<4xf32> = dense<1.0>

func.func @host_load(%x: memref<8xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %stack = memref.alloca() : memref<f32>
  %s = memref.load %stack[] : memref<f32>
  %table = memref.get_global @table : memref<4xf32>
  %t = memref.load %table[%c0] : memref<4xf32>
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1)
             threads(%t0, %t1, %t2) in (%h0 = %c1, %h1 = %c1, %h2 = %c1) {
    %k = memref.load %x[%c0] : memref<8xf32>
    memref.store %k, %x[%c1] : memref<8xf32>
    gpu.terminator
  }
  %view = memref.subview %x[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  // expected-error @below {{'memref.load' op accesses a buffer of GPU memory from the host (a kernel or a copy should)}}
  %e = memref.load %view[%c0] : memref<4xf32, strided<[1], offset: 4>>
  return %e : f32
}
