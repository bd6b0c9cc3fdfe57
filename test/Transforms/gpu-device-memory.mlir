// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-device-memory))' | FileCheck %s

memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

// Host allocations, frees and copies become the gpu dialect's; a constant
// global (and a view of it) that a kernel reads is read inside the kernel,
// while the host's own use of it (a copy to the device) stays.
// CHECK-LABEL: func.func @buffers
// CHECK-SAME: (%[[X:.*]]: memref<?xf32>, %[[N:.*]]: index)
// CHECK: %[[HOSTTABLE:.*]] = memref.get_global @table : memref<4xf32>
// CHECK: %[[BUF:.*]] = gpu.alloc (%[[N]]) : memref<?xf32>
// CHECK: %[[TMP:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: gpu.memcpy %[[TMP]], %[[HOSTTABLE]] : memref<4xf32>, memref<4xf32>
// CHECK: gpu.memcpy %[[BUF]], %[[X]] : memref<?xf32>, memref<?xf32>
// CHECK: gpu.launch
// CHECK-NEXT: %[[TABLE:.*]] = memref.get_global @table : memref<4xf32>
// CHECK-NEXT: %[[VIEW:.*]] = memref.expand_shape %[[TABLE]] {{\[}}[0, 1]] output_shape [2, 2]
// CHECK-NOT: memref.get_global
// CHECK: memref.load %[[TABLE]]
// CHECK: memref.load %[[VIEW]]
// Inside the kernel, allocations stay what they are.
// CHECK: memref.alloca
// CHECK: gpu.terminator
// CHECK: gpu.dealloc %[[TMP]] : memref<4xf32>
// CHECK: gpu.dealloc %[[BUF]] : memref<?xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.dealloc
// CHECK-NOT: memref.copy
func.func @buffers(%x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %table = memref.get_global @table : memref<4xf32>
  %view = memref.expand_shape %table [[0, 1]] output_shape [2, 2] : memref<4xf32> into memref<2x2xf32>
  %buf = memref.alloc(%n) : memref<?xf32>
  %tmp = memref.alloc() : memref<4xf32>
  memref.copy %table, %tmp : memref<4xf32> to memref<4xf32>
  memref.copy %x, %buf : memref<?xf32> to memref<?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %a = memref.load %table[%tx] : memref<4xf32>
    %b = memref.load %view[%tx, %tx] : memref<2x2xf32>
    %s = arith.addf %a, %b : f32
    %scratch = memref.alloca() : memref<1xf32>
    memref.store %s, %scratch[%c0] : memref<1xf32>
    %t = memref.load %scratch[%c0] : memref<1xf32>
    memref.store %t, %buf[%tx] : memref<?xf32>
    gpu.terminator
  }
  memref.dealloc %tmp : memref<4xf32>
  memref.dealloc %buf : memref<?xf32>
  return
}
