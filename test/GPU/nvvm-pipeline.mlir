// REQUIRES: cuda-toolkit
// Compile-only: ten programs through ten-nvvm-pipeline to PTX for sm_80 and
// sm_90. The host function allocates and launches on the runtime's current
// stream through the mgpu* runtime calls, and never waits (its caller
// synchronizes the stream). Each op becomes one kernel: its points
// spread over blocks of 256 threads, consecutive threads on consecutive
// elements; constants, shapes and the index arithmetic they fix are folded
// into the kernels.
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_80 format=isa" | %ptx-text | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_90 format=isa" | %ptx-text | FileCheck %s --check-prefixes=CHECK,SM90

// x**2 + 3*x: one kernel for the fused chain, the constant 3 in the code;
// each thread loads and stores 4 consecutive floats with one 128-bit access
// (1000 points: 250 threads, one block of 256).
// CHECK-LABEL: llvm.func @fused
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-DAG: %[[THREADS:.*]] = llvm.mlir.constant(256 : index) : i64
// CHECK: %[[STREAM:.*]] = llvm.call @tenCudaCurrentStream()
// CHECK: %[[RESULT:.*]] = llvm.call @mgpuMemAlloc(%{{.*}}, %[[STREAM]], %{{.*}})
// CHECK: gpu.launch_func <%[[STREAM]] : !llvm.ptr> @fused_kernel::@fused_kernel blocks in (%[[ONE]], %[[ONE]], %[[ONE]]) threads in (%[[THREADS]], %[[ONE]], %[[ONE]]) : i64 args(%{{.*}}, %[[RESULT]] : !llvm.ptr
// CHECK-NOT: gpu.launch_func
// CHECK-NOT: mgpuStream
// CHECK: llvm.return
// CHECK: gpu.binary @fused_kernel
// SM80: .version 7.0
// SM80-NEXT: .target sm_80
// SM90: .version 7.8
// SM90-NEXT: .target sm_90
// CHECK: .visible .entry fused_kernel(
// CHECK: .maxntid 256, 1, 1
// CHECK: mov.u32 %r{{[0-9]+}}, %tid.x;
// CHECK: setp.gt.u32 %p{{[0-9]+}}, %r{{[0-9]+}}, 249;
// CHECK: ld.global.v4.b32 {[[X0:%r[0-9]+]], [[X1:%r[0-9]+]], [[X2:%r[0-9]+]], [[X3:%r[0-9]+]]}
// CHECK-DAG: mul.rn.f32 %r{{[0-9]+}}, [[X0]], 0f40400000;
// CHECK-DAG: mul.rn.f32 %r{{[0-9]+}}, [[X3]], [[X3]];
// CHECK: st.global.v4.b32
// CHECK-NOT: ld.global
// CHECK: ret;
func.func @fused(%x: tensor<1000xf32>) -> tensor<1000xf32> {
  %two = ten.constant dense<2.0> : tensor<f32>
  %three = ten.constant dense<3.0> : tensor<f32>
  %sq = ten.pow %x, %two : (tensor<1000xf32>, tensor<f32>) -> tensor<1000xf32>
  %tx = ten.mul %x, %three : (tensor<1000xf32>, tensor<f32>) -> tensor<1000xf32>
  %y = ten.add %sq, %tx : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  return %y : tensor<1000xf32>
}

// A 2-d broadcast, vectorized: the bias is read 4 columns at a time at the
// element's column, a remainder by the constant 512 (a mask: no division).
// CHECK-LABEL: llvm.func @bias_relu
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @bias_relu_kernel::@bias_relu_kernel
// CHECK-NOT: gpu.launch_func
// CHECK: .visible .entry bias_relu_kernel(
// CHECK-NOT: div.
// CHECK: and.b64 %{{.*}}, 508;
// CHECK: ld.global.v4.b32
// CHECK: ld.global.v4.b32
// CHECK: add.rn.f32 [[S:%r[0-9]+]]
// CHECK: setp.lt.f32 [[NEG:%p[0-9]+]], [[S]], 0f00000000;
// CHECK: selp.f32 %r{{[0-9]+}}, 0f00000000, [[S]], [[NEG]];
// CHECK: st.global.v4.b32
func.func @bias_relu(%m: tensor<1000x512xf32>, %b: tensor<512xf32>) -> tensor<1000x512xf32> {
  %s = ten.add %m, %b : (tensor<1000x512xf32>, tensor<512xf32>) -> tensor<1000x512xf32>
  %r = ten.relu %s : tensor<1000x512xf32>
  return %r : tensor<1000x512xf32>
}

// A row reduction of short rows: one kernel, the result's zero fill folded
// into it: a warp per row (64 rows of 128 vectors of 4 floats: each lane
// reads 4 of them with 128-bit loads, a warp's lanes at consecutive
// addresses each time, in straight-line code: the loop is unrolled), the
// lanes' values combined by warp shuffles alone (no shared memory, no
// barrier) and stored by lane 0. Only 64 rows: a warp per block, so that
// 64 blocks run.
// CHECK-LABEL: llvm.func @rowsum
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-DAG: %[[ROWS:.*]] = llvm.mlir.constant(64 : index) : i64
// CHECK-DAG: %[[WARP:.*]] = llvm.mlir.constant(32 : index) : i64
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @rowsum_kernel::@rowsum_kernel blocks in (%[[ROWS]], %[[C1]], %[[C1]]) threads in (%[[WARP]], %[[C1]], %[[C1]])
// CHECK-NOT: gpu.launch_func
// CHECK: .visible .entry rowsum_kernel(
// CHECK: .maxntid 32, 1, 1
// CHECK-NOT: .shared
// CHECK: ld.global.v4.b32 {{.*}}];
// CHECK: ld.global.v4.b32 {{.*}}+512];
// CHECK: ld.global.v4.b32 {{.*}}+1024];
// CHECK: ld.global.v4.b32 {{.*}}+1536];
// CHECK-NOT: bra
// CHECK: shfl.sync.bfly.b32 {{.*}}, 16, 31, -1;
// CHECK-NOT: bar.sync
// CHECK: shfl.sync.bfly.b32 {{.*}}, 1, 31, -1;
// CHECK: st.global.b32
// CHECK-NOT: bar.sync
// CHECK: ret;
func.func @rowsum(%x: tensor<64x512xf32>) -> tensor<64xf32> {
  %s = ten.reduce sum %x dims [1] : tensor<64x512xf32> -> tensor<64xf32>
  return %s : tensor<64xf32>
}

// Long rows (1024 vectors, more than 8 per lane of a warp): one block per
// row (512 blocks of 256 threads, the most a block has), each thread's
// values combined across the block by warp shuffles and shared memory,
// and stored by thread 0.
// CHECK-LABEL: llvm.func @long_rowsum
// CHECK-DAG: %[[C1:.*]] = llvm.mlir.constant(1 : index) : i64
// CHECK-DAG: %[[ROWS:.*]] = llvm.mlir.constant(512 : index) : i64
// CHECK-DAG: %[[BLOCK:.*]] = llvm.mlir.constant(256 : index) : i64
// CHECK: gpu.launch_func <%{{.*}} : !llvm.ptr> @long_rowsum_kernel::@long_rowsum_kernel blocks in (%[[ROWS]], %[[C1]], %[[C1]]) threads in (%[[BLOCK]], %[[C1]], %[[C1]])
// CHECK-NOT: gpu.launch_func
// CHECK: .visible .entry long_rowsum_kernel(
// CHECK: .maxntid 256, 1, 1
// CHECK: .shared .align 4 .b8 __wg_long_rowsum_kernel_0[128];
// CHECK: ld.global.v4.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: add.rn.f32
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.b32
// CHECK: shfl.sync.bfly.b32
// CHECK: st.global.b32
func.func @long_rowsum(%x: tensor<512x4096xf32>) -> tensor<512xf32> {
  %s = ten.reduce sum %x dims [1] : tensor<512x4096xf32> -> tensor<512xf32>
  return %s : tensor<512xf32>
}

// f16 through f32, of dynamic size (not vectorized): loaded and stored as
// 16 bits, computed in f32 with
// libdevice's exp linked in (nothing left external).
// CHECK-LABEL: llvm.func @half_exp
// CHECK: .visible .entry half_exp_kernel(
// CHECK: ld.global.b16
// CHECK: cvt.f32.f16
// CHECK: cvt.rn.f16.f32
// CHECK: st.global.b16
// CHECK-NOT: .extern
func.func @half_exp(%x: tensor<?xf16>) -> tensor<?xf16> {
  %e = ten.exp %x : tensor<?xf16>
  return %e : tensor<?xf16>
}

// A transpose: reads strided, writes consecutive.
// CHECK-LABEL: llvm.func @transpose
// CHECK: .visible .entry transpose_kernel(
// CHECK: ld.global.b32
// CHECK: st.global.b32
func.func @transpose(%x: tensor<4x5x6xi32>) -> tensor<6x4x5xi32> {
  %t = ten.transpose %x [2, 0, 1] : tensor<4x5x6xi32> -> tensor<6x4x5xi32>
  return %t : tensor<6x4x5xi32>
}
