// A module over a grid of 2 GPUs through the GPU pipeline (PTX; nothing
// runs): the matmul split along its contraction dimension runs as a cuBLAS
// GEMM on each process's part, and its partial results are summed by the
// CUDA runtime's NCCL all_reduce on the GEMM's buffer in GPU memory, on the
// run's stream; no host code writes GPU memory (the partitioner's choice of
// the first process's initial value is a kernel, not a branch between
// buffers).
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_90 format=isa" | FileCheck %s

// CHECK: llvm.func @_mlir_ciface_tenCudaAllReduceF32(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i32, i32)
// CHECK-LABEL: llvm.func @matmul(
// CHECK: llvm.call @mgpuMemAlloc
// CHECK: llvm.call @tenCudaGemmStridedBatched(
// CHECK: llvm.call @tenCudaAllReduceF32(
// CHECK-NOT: dealloc_helper
// CHECK: llvm.return
// CHECK: gpu.binary @matmul_kernel
module attributes {ten.grid = array<i64: 2>} {
  func.func @matmul(%a: tensor<4x8xf32> {ten.sharding = array<i64: -1, 0>}, %b: tensor<8x6xf32>) -> tensor<4x6xf32> {
    %c = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<4x8xf32>, tensor<8x6xf32>) -> tensor<4x6xf32>
    return %c : tensor<4x6xf32>
  }
}
