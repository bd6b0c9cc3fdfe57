// REQUIRES: cuda-target
// RUN: tensor-opt %s -ten-gpu-one-stream -split-input-file -verify-diagnostics | FileCheck %s

// What gpu-async-region leaves: a stream per run of GPU ops, waited for
// before the host call and at the end. Afterwards every op is on the
// runtime's current stream, fetched once at the entry, and nothing waits.
// CHECK-LABEL: func.func private @tenCudaCurrentStream() -> !llvm.ptr
// CHECK-LABEL: func.func @two_runs
// CHECK-NEXT: %[[STREAM:.*]] = call @tenCudaCurrentStream() : () -> !llvm.ptr
// CHECK-NEXT: %[[TOKEN:.*]] = builtin.unrealized_conversion_cast %[[STREAM]] : !llvm.ptr to !gpu.async.token
// CHECK-NOT: gpu.wait
// CHECK: %[[BUFFER:.*]], %{{.*}} = gpu.alloc async [%[[TOKEN]]] (%{{.*}}) : memref<?xf32>
// CHECK: gpu.launch_func async [%{{.*}}] @kernels::@fill
// CHECK: call @host_work()
// CHECK: gpu.memcpy async [%[[TOKEN]]] %{{.*}}, %[[BUFFER]]
// CHECK: gpu.dealloc async [%{{.*}}] %[[BUFFER]]
// CHECK-NOT: gpu.wait
// CHECK: return
// The kernels are left alone.
// CHECK: gpu.module @kernels
// CHECK: gpu.func @fill
module attributes {gpu.container_module} {
  func.func private @host_work()
  func.func @two_runs(%n: index, %out: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %buffer, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %t2 = gpu.launch_func async [%t1] @kernels::@fill
        blocks in (%n, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%buffer : memref<?xf32>)
    gpu.wait [%t2]
    func.call @host_work() : () -> ()
    %t3 = gpu.wait async
    %t4 = gpu.memcpy async [%t3] %out, %buffer : memref<?xf32>, memref<?xf32>
    %t5 = gpu.dealloc async [%t4] %buffer : memref<?xf32>
    gpu.wait [%t5]
    return
  }
  gpu.module @kernels {
    gpu.func @fill(%buffer: memref<?xf32>) kernel {
      gpu.return
    }
  }
}

// -----

// A join of two tokens is the stream's order too.
// CHECK-LABEL: func.func @join
// CHECK: %[[TOKEN:.*]] = builtin.unrealized_conversion_cast
// CHECK-NOT: gpu.wait
// CHECK: gpu.memcpy async [%[[TOKEN]]]
module attributes {gpu.container_module} {
  func.func @join(%a: memref<4xf32>, %b: memref<4xf32>) {
    %t0 = gpu.wait async
    %x, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
    %t2 = gpu.wait async
    %y, %t3 = gpu.alloc async [%t2] () : memref<4xf32>
    %t4 = gpu.wait async [%t1, %t3]
    %t5 = gpu.memcpy async [%t4] %x, %y : memref<4xf32>, memref<4xf32>
    gpu.wait [%t5]
    return
  }
}

// -----

// Left alone: a function without GPU work, and a declaration.
// CHECK-NOT: tenCudaCurrentStream
// CHECK-LABEL: func.func @host_only
// CHECK-NEXT: arith.addf
// CHECK-NEXT: return
func.func private @external(memref<4xf32>)
func.func @host_only(%x: f32) -> f32 {
  %y = arith.addf %x, %x : f32
  return %y : f32
}

// -----

// Two tokens that no wait joins: one stream cannot give the order asked.
func.func @two_tokens(%a: memref<4xf32>, %b: memref<4xf32>) {
  %t0 = gpu.wait async
  %x, %t1 = gpu.alloc async [%t0] () : memref<4xf32>
  %y, %t2 = gpu.alloc async [%t0] () : memref<4xf32>
  // expected-error @+1 {{'gpu.memcpy' op depends on 2 tokens: one stream cannot order it (ten-gpu-one-stream)}}
  %t3 = gpu.memcpy async [%t1, %t2] %x, %y : memref<4xf32>, memref<4xf32>
  return
}
