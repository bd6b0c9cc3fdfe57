// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(gpu.module(ten-gpu-libdevice-remainder))' | FileCheck %s

// Scalar f32 and f64 remainders become libdevice's fmod, declared once in
// the module; an integer remainder and other float ops are left alone.
// CHECK-LABEL: gpu.module @kernels
// CHECK-DAG: llvm.func @__nv_fmodf(f32, f32) -> f32
// CHECK-DAG: llvm.func @__nv_fmod(f64, f64) -> f64
// CHECK-LABEL: gpu.func @remainders
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[P:.*]]: f64, %[[Q:.*]]: f64, %[[I:.*]]: i32)
// CHECK: llvm.call @__nv_fmodf(%[[X]], %[[Y]]) : (f32, f32) -> f32
// CHECK: llvm.call @__nv_fmodf(%[[Y]], %[[X]]) : (f32, f32) -> f32
// CHECK: llvm.call @__nv_fmod(%[[P]], %[[Q]]) : (f64, f64) -> f64
// CHECK: arith.remsi %[[I]], %[[I]] : i32
// CHECK: math.floor %[[X]] : f32
// CHECK-NOT: arith.remf
gpu.module @kernels {
  gpu.func @remainders(%x: f32, %y: f32, %p: f64, %q: f64, %i: i32) kernel {
    %0 = arith.remf %x, %y : f32
    %1 = arith.remf %y, %x : f32
    %2 = arith.remf %p, %q : f64
    %3 = arith.remsi %i, %i : i32
    %4 = math.floor %x : f32
    gpu.return
  }
}
