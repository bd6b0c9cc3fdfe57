// REQUIRES: cuda-target
// RUN: tensor-opt %s -split-input-file -verify-diagnostics -pass-pipeline='builtin.module(gpu.module(ten-gpu-check-external-calls{cuda-path=%t.no-toolkit}))'
// RUN: mkdir -p %t.toolkit/nvvm/libdevice && touch %t.toolkit/nvvm/libdevice/libdevice.10.bc
// RUN: tensor-opt %s -split-input-file -pass-pipeline='builtin.module(gpu.module(ten-gpu-check-external-calls{cuda-path=%t.toolkit}))' | FileCheck %s

// With no libdevice at cuda-path, each declared function is reported;
// LLVM intrinsics and defined functions are not.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @below {{kernels call '__nv_expf', which nothing defines: libdevice is not at}}
    llvm.func @__nv_expf(f32) -> f32
    llvm.func @llvm.nvvm.barrier0()
    llvm.func @defined(%x: f32) -> f32 {
      %y = llvm.call @__nv_expf(%x) : (f32) -> f32
      llvm.return %y : f32
    }
  }
}

// -----

// Nothing declared: nothing to report, libdevice or not.
// CHECK-LABEL: gpu.module @self_contained
module attributes {gpu.container_module} {
  gpu.module @self_contained {
    llvm.func @defined(%x: f32) -> f32 {
      llvm.return %x : f32
    }
  }
}

// -----

// With libdevice at cuda-path, the module is left alone (the first RUN
// line, with none, reports the declaration).
// CHECK-LABEL: gpu.module @with_libdevice
// CHECK: llvm.func @__nv_expf(f32) -> f32
module attributes {gpu.container_module} {
  gpu.module @with_libdevice {
    // expected-error @below {{kernels call '__nv_expf'}}
    llvm.func @__nv_expf(f32) -> f32
  }
}
