// GEMM-like contractions through cuBLAS (use-cublas, the default): the host
// calls the runtime's strided-batched GEMM on the kernels' stream, with no
// wait before or after it;
// a transposed operand is an op flag, never a copy or a kernel. With
// use-cublas=false the contraction is a generated kernel.
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_90 format=isa" | FileCheck %s
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_90 format=isa use-cublas=false" | FileCheck %s --check-prefix=KERNEL
// allow-tf32 makes the f32 GEMM the runtime's tf32 type (4).
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_90 format=isa allow-tf32" | FileCheck %s --check-prefix=TF32
// TF32: %[[TF32:.*]] = llvm.mlir.constant(4 : i32) : i32
// TF32: llvm.call @tenCudaGemmStridedBatched(%[[TF32]],

// x @ w^T (w stored as (out, in), as a linear layer keeps it), then relu:
// one GEMM call with B transposed and no accumulation (its zero fill is
// gone), then one kernel for the relu.
// The runtime function, declared once.
// CHECK: llvm.func @tenCudaGemmStridedBatched(i32, i32, i32, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i32, !llvm.ptr)
// CHECK-LABEL: llvm.func @linear_t
// CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[M:.*]] = llvm.mlir.constant(256 : index) : i64
// CHECK-DAG: %[[NK:.*]] = llvm.mlir.constant(1024 : index) : i64
// CHECK-DAG: %[[BATCH:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK: %[[STREAM:.*]] = llvm.call @tenCudaCurrentStream()
// CHECK-NOT: mgpuStream
// CHECK: %[[GEMM_STREAM:.*]] = llvm.call @tenCudaCurrentStream()
// CHECK-NOT: mgpuStream
// CHECK: llvm.call @tenCudaGemmStridedBatched(%[[ZERO]], %[[ZERO]], %[[ONE]], %[[M]], %[[NK]], %[[NK]], %[[BATCH]], %{{.*}}, %[[NK]], %{{.*}}, %{{.*}}, %[[NK]], %{{.*}}, %{{.*}}, %[[NK]], %{{.*}}, %[[ZERO]], %[[GEMM_STREAM]])
// CHECK-NOT: mgpuStream
// CHECK: gpu.launch_func <%[[STREAM]] : !llvm.ptr>
// CHECK-NOT: mgpuStream
// CHECK-NOT: gpu.launch_func
// The only kernel is the relu's: no transpose, no copy, no GEMM kernel.
// CHECK-COUNT-1: gpu.binary
// CHECK-NOT: gpu.binary
// KERNEL-LABEL: llvm.func @linear_t
// KERNEL-NOT: tenCudaGemmStridedBatched
// KERNEL-COUNT-2: gpu.launch_func
// KERNEL-NOT: gpu.launch_func
func.func @linear_t(%x: tensor<256x1024xf32>, %w: tensor<1024x1024xf32>) -> tensor<256x1024xf32> {
  %y = ten.einsum "ik,jk->ij" (%x, %w) : (tensor<256x1024xf32>, tensor<1024x1024xf32>) -> tensor<256x1024xf32>
  %r = ten.relu %y : tensor<256x1024xf32>
  return %r : tensor<256x1024xf32>
}
