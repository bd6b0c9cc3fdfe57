// RUN: tensor-opt %s --ten-nvvm-pipeline="emulate-kernels=true" | FileCheck %s --implicit-check-not=gpu.container_module --implicit-check-not=gpu.binary --implicit-check-not=gpu.module --implicit-check-not=mgpuLaunchKernel --implicit-check-not=mgpuModuleLoad

// With emulate-kernels the kernels are the same as for the GPU up to their
// lowering, then host code: LLVM functions that take their thread last, a
// wrapper each, and launches through tenCudaLaunchHostKernel on the
// function's stream. Nothing is left for a GPU anywhere in the output (the
// implicit checks): no kernel module, no binary, no module loads or CUDA
// launches, and the module is no longer a container of kernels.
// CHECK: llvm.func @softmax(
// CHECK: %[[STREAM:.*]] = llvm.call @tenCudaCurrentStream()
// CHECK: llvm.call @tenCudaLaunchHostKernel(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[STREAM]], %{{.*}})
// CHECK: llvm.func @softmax_kernel_softmax_kernel({{.*}}, %{{[^:]*}}: !llvm.ptr) attributes {gpu.kernel}
// CHECK: llvm.func @softmax_kernel_softmax_kernel_host(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// The exponentials are libm's.
// CHECK: llvm.func @expf(f32) -> f32
// CHECK: llvm.func @softmax_kernel_0_softmax_kernel(
// CHECK: llvm.call @expf
// CHECK-NOT: gpu.{{[a-jl-z]}}
func.func @softmax(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %max = ten.reduce max %x dims [1] keepdim : tensor<64x128xf32> -> tensor<64x1xf32>
  %shifted = ten.sub %x, %max : (tensor<64x128xf32>, tensor<64x1xf32>) -> tensor<64x128xf32>
  %e = ten.exp %shifted : tensor<64x128xf32>
  %sum = ten.reduce sum %e dims [1] keepdim : tensor<64x128xf32> -> tensor<64x1xf32>
  %y = ten.div %e, %sum : (tensor<64x128xf32>, tensor<64x1xf32>) -> tensor<64x128xf32>
  return %y : tensor<64x128xf32>
}
