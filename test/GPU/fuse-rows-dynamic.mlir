// REQUIRES: cuda-toolkit
// Compile-only: a layer norm of dynamic sizes is one kernel, as a static
// one is. The checks that sizes agree are resolved from where the sizes
// came from where they can be (a keepdim mean's rows are the input's rows:
// no check), and the checks on the scale's and shift's lengths run before
// the launch (ten-gpu-fuse-rows moves them), not between its stages.
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_90 format=isa" | FileCheck %s

// CHECK-LABEL: llvm.func @main
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @main_kernel::@main_kernel blocks in
// CHECK-NOT: gpu.launch_func
// CHECK: gpu.binary @main_kernel
// CHECK-NOT: gpu.binary
func.func @main(%x: tensor<?x?xf32>, %g: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?x?xf32> {
  %mean = ten.reduce mean %x dims [1] keepdim : tensor<?x?xf32> -> tensor<?x1xf32>
  %d = ten.sub %x, %mean : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %sq = ten.mul %d, %d : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %var = ten.reduce mean %sq dims [1] keepdim : tensor<?x?xf32> -> tensor<?x1xf32>
  %eps = ten.constant dense<1.0e-5> : tensor<f32>
  %ve = ten.add %var, %eps : (tensor<?x1xf32>, tensor<f32>) -> tensor<?x1xf32>
  %inv = ten.rsqrt %ve : tensor<?x1xf32>
  %n = ten.mul %d, %inv : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  %s = ten.mul %n, %g : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %y = ten.add %s, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
