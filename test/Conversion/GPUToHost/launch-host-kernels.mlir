// RUN: tensor-opt %s -ten-gpu-launch-host-kernels -split-input-file | FileCheck %s

// After ten-gpu-kernels-to-host and gpu-to-llvm. The kernel module's
// definitions move into the host module named after it, its declaration of
// expf merges with the host's; the kernel gets a wrapper that loads each
// argument through the parameter array; the launch becomes a call of
// tenCudaLaunchHostKernel with the wrapper, the kernel's name, the grid,
// the block, the shared bytes and the stream, its arguments stored in
// slots allocated at the function's entry. The host code around it stays.
// CHECK-LABEL: module {
// CHECK: llvm.func @expf(f32) -> f32
// CHECK: llvm.func @host(%[[P:.*]]: !llvm.ptr, %[[N:.*]]: i64, %[[STREAM:.*]]: !llvm.ptr)
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-DAG: %[[COUNT:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK: %[[PARAMS:.*]] = llvm.alloca %[[COUNT]] x !llvm.ptr : (i64) -> !llvm.ptr
// CHECK: %[[SLOT0:.*]] = llvm.alloca %[[ONE]] x !llvm.ptr
// CHECK: %[[SLOT1:.*]] = llvm.alloca %[[ONE]] x i64
// CHECK: llvm.call @before()
// CHECK: llvm.store %[[P]], %[[SLOT0]] : !llvm.ptr, !llvm.ptr
// CHECK: %[[PARAM0:.*]] = llvm.getelementptr %[[PARAMS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: llvm.store %[[SLOT0]], %[[PARAM0]] : !llvm.ptr, !llvm.ptr
// CHECK: llvm.store %[[N]], %[[SLOT1]] : i64, !llvm.ptr
// CHECK: %[[PARAM1:.*]] = llvm.getelementptr %[[PARAMS]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: llvm.store %[[SLOT1]], %[[PARAM1]] : !llvm.ptr, !llvm.ptr
// CHECK: %[[SHARED:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: %[[WRAPPER:.*]] = llvm.mlir.addressof @kernels_scale_host : !llvm.ptr
// CHECK: %[[NAME:.*]] = llvm.mlir.addressof @kernels_scale_name : !llvm.ptr
// CHECK: llvm.call @tenCudaLaunchHostKernel(%[[WRAPPER]], %[[NAME]], %[[N]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SHARED]], %[[STREAM]], %[[PARAMS]])
// CHECK-NEXT: llvm.call @after()
// CHECK-NOT: gpu.launch_func
// CHECK-NOT: llvm.func @expf
// CHECK: llvm.mlir.global private @kernels_scale_workgroup0()
// CHECK: llvm.func @kernels_helper(%{{.*}}: f32) -> f32
// CHECK: llvm.call @expf
// CHECK: llvm.func @kernels_scale(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: !llvm.ptr) attributes {gpu.kernel}
// CHECK: llvm.mlir.addressof @kernels_scale_workgroup0
// CHECK: llvm.call @kernels_helper
// CHECK: llvm.func @kernels_scale_host(%[[ARGS:.*]]: !llvm.ptr, %[[THREAD:.*]]: !llvm.ptr)
// CHECK: %[[A0:.*]] = llvm.getelementptr %[[ARGS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[P0:.*]] = llvm.load %[[A0]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[V0:.*]] = llvm.load %[[P0]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[A1:.*]] = llvm.getelementptr %[[ARGS]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[P1:.*]] = llvm.load %[[A1]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[V1:.*]] = llvm.load %[[P1]] : !llvm.ptr -> i64
// CHECK: llvm.call @kernels_scale(%[[V0]], %[[V1]], %[[THREAD]])
// CHECK: llvm.mlir.global internal constant @kernels_scale_name("scale\00")
// CHECK: llvm.func @tenCudaLaunchHostKernel(!llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32, !llvm.ptr, !llvm.ptr)
// CHECK-NOT: gpu.module
module attributes {gpu.container_module} {
  llvm.func @before()
  llvm.func @after()
  llvm.func @expf(f32) -> f32
  llvm.func @host(%p: !llvm.ptr, %n: i64, %stream: !llvm.ptr) {
    %c1 = llvm.mlir.constant(1 : index) : i64
    %c32 = llvm.mlir.constant(32 : index) : i64
    llvm.call @before() : () -> ()
    gpu.launch_func <%stream : !llvm.ptr> @kernels::@scale blocks in (%n, %c1, %c1) threads in (%c32, %c1, %c1) : i64 args(%p : !llvm.ptr, %n : i64)
    llvm.call @after() : () -> ()
    llvm.return
  }
  gpu.module @kernels attributes {ten.host_kernels} {
    llvm.func @expf(f32) -> f32
    llvm.mlir.global private @scale_workgroup0() {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<4 x f32>
    llvm.func @helper(%x: f32) -> f32 {
      %e = llvm.call @expf(%x) : (f32) -> f32
      llvm.return %e : f32
    }
    llvm.func @scale(%p: !llvm.ptr, %n: i64, %thread: !llvm.ptr) attributes {gpu.kernel} {
      %shared = llvm.mlir.addressof @scale_workgroup0 : !llvm.ptr
      %x = llvm.load %p : !llvm.ptr -> f32
      %y = llvm.call @helper(%x) : (f32) -> f32
      llvm.store %y, %shared : f32, !llvm.ptr
      llvm.return
    }
  }
}

// -----

// A name the host already has, or one the kernel module has: the moved
// definition takes the next free one, and each call keeps its callee.
// CHECK-LABEL: module {
// CHECK: llvm.func @k_noop()
// CHECK: llvm.func @k_helper_1()
// CHECK: llvm.func @k_k_helper()
// CHECK: llvm.func @k_noop_1(%{{.*}}: !llvm.ptr) attributes {gpu.kernel}
// CHECK-NEXT: llvm.call @k_helper_1()
// CHECK-NEXT: llvm.call @k_k_helper()
// CHECK: llvm.func @k_noop_1_host(
// CHECK: llvm.call @k_noop_1(
module attributes {gpu.container_module} {
  llvm.func @k_noop() {
    llvm.return
  }
  llvm.func @host() {
    %c1 = llvm.mlir.constant(1 : index) : i64
    gpu.launch_func @k::@noop blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    llvm.return
  }
  gpu.module @k attributes {ten.host_kernels} {
    llvm.func @helper() {
      llvm.return
    }
    llvm.func @k_helper() {
      llvm.return
    }
    llvm.func @noop(%thread: !llvm.ptr) attributes {gpu.kernel} {
      llvm.call @helper() : () -> ()
      llvm.call @k_helper() : () -> ()
      llvm.return
    }
  }
}

// -----

// A kernel module not compiled for the host, which nothing launches, is
// left alone, and the module stays a container of kernels.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.module @gpu_kernels
// CHECK: gpu.func @k() kernel
module attributes {gpu.container_module} {
  gpu.module @gpu_kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}
