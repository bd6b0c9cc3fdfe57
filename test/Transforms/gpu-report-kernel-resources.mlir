// REQUIRES: cuda-target
// REQUIRES: cuda-toolkit
// RUN: tensor-opt %s --ten-gpu-report-kernel-resources --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s

// A remark at each launch: a constant block size gives an occupancy, one
// set at run time does not; dynamic shared memory counts with the static.
// A module without an NVVM target is not assembled, and says so. The IR is
// left as it was.

// CHECK: :[[#@LINE+23]]:5: remark: kernel @kernels::@copy on sm_80: {{[0-9]+}} registers, 0 bytes of shared memory, no local memory; blocks of 128 threads: 16 per SM, occupancy 100% (64 of 64 warps), limited by threads
// CHECK: :[[#@LINE+23]]:5: remark: kernel @kernels::@copy on sm_80: {{[0-9]+}} registers, 0 bytes of shared memory, no local memory; blocks sized at run time: occupancy not known
// CHECK: :[[#@LINE+23]]:5: remark: kernel @kernels::@copy on sm_80: {{[0-9]+}} registers, 49152 bytes of shared memory, no local memory; blocks of 128 threads: 3 per SM, occupancy 19% (12 of 64 warps), limited by shared memory
// CHECK: :[[#@LINE+23]]:5: remark: kernel @untargeted::@copy: resources not known: the module has no NVVM target
// CHECK: gpu.module @kernels [#nvvm.target<chip = "sm_80">]
// CHECK-COUNT-4: gpu.launch_func
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_80">] {
    llvm.func @copy(%from: !llvm.ptr<1>, %to: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %value = llvm.load %from : !llvm.ptr<1> -> f32
      llvm.store %value, %to : f32, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @untargeted {
    llvm.func @copy(%from: !llvm.ptr<1>, %to: !llvm.ptr<1>) attributes {gpu.kernel} {
      llvm.return
    }
  }
  func.func @host(%from: !llvm.ptr<1>, %to: !llvm.ptr<1>, %threads: index) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %shared = arith.constant 49152 : i32
    gpu.launch_func @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%from : !llvm.ptr<1>, %to : !llvm.ptr<1>)
    gpu.launch_func @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%from : !llvm.ptr<1>, %to : !llvm.ptr<1>)
    gpu.launch_func @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) dynamic_shared_memory_size %shared args(%from : !llvm.ptr<1>, %to : !llvm.ptr<1>)
    gpu.launch_func @untargeted::@copy blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%from : !llvm.ptr<1>, %to : !llvm.ptr<1>)
    return
  }
}
