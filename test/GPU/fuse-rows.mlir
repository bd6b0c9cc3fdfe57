// REQUIRES: cuda-toolkit
// Compile-only: with enough rows (1024), softmax's three ops are one kernel
// of a block per row (ten-gpu-fuse-rows), the input read from memory once;
// fuse-rows=false gives the three kernels of one op each. The fused
// kernel's reductions are warp shuffles (`shfl.sync.bfly`) and shared
// memory across warps.
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_90 format=isa" | FileCheck %s
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_90 format=isa fuse-rows=false" | FileCheck %s --check-prefix=UNFUSED

// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @main_kernel::@main_kernel blocks in
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.binary @main_kernel
// CHECK-SAME: shfl.sync.bfly
// CHECK-SAME: bar.sync
// CHECK-NOT: gpu.binary
// UNFUSED-COUNT-3: gpu.launch_func
// UNFUSED-NOT: gpu.launch_func
func.func @main(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %max = ten.reduce max %x dims [1] keepdim : tensor<1024x1024xf32> -> tensor<1024x1xf32>
  %shifted = ten.sub %x, %max : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  %e = ten.exp %shifted : tensor<1024x1024xf32>
  %sum = ten.reduce sum %e dims [1] keepdim : tensor<1024x1024xf32> -> tensor<1024x1xf32>
  %y = ten.div %e, %sum : (tensor<1024x1024xf32>, tensor<1024x1xf32>) -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}
