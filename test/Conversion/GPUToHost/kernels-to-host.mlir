// RUN: tensor-opt %s -split-input-file -pass-pipeline='builtin.module(gpu.module(ten-gpu-kernels-to-host))' | FileCheck %s

// Ids and sizes are loads from the thread (TenHostThread: four arrays of
// three i64, the lane, the barrier and shuffle functions, the runner), its
// pointer the kernel's last argument; a barrier is a call through the
// thread; workgroup memory is a global of the module, private memory a
// stack allocation.
// CHECK-LABEL: gpu.module @kernels attributes {ten.host_kernels}
// CHECK: llvm.func @ids(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %[[THREAD:.*]]: !llvm.ptr) attributes {gpu.kernel}
// CHECK: llvm.mlir.addressof @ids_workgroup0
// CHECK: llvm.alloca %{{.*}} x f32
// CHECK: %[[TX:.*]] = llvm.getelementptr %[[THREAD]][0, 0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(array<3 x i64>, array<3 x i64>, array<3 x i64>, array<3 x i64>, i64, ptr, ptr, ptr)>
// CHECK: llvm.load %[[TX]] : !llvm.ptr -> i64
// CHECK: llvm.getelementptr %[[THREAD]][0, 1, 1]
// CHECK: llvm.getelementptr %[[THREAD]][0, 2, 0]
// CHECK: llvm.getelementptr %[[THREAD]][0, 3, 2]
// CHECK: llvm.getelementptr %[[THREAD]][0, 4] :
// CHECK: %[[BARRIER_FIELD:.*]] = llvm.getelementptr %[[THREAD]][0, 5]
// CHECK: %[[BARRIER:.*]] = llvm.load %[[BARRIER_FIELD]] : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.call %[[BARRIER]](%[[THREAD]]) : !llvm.ptr, (!llvm.ptr) -> ()
// CHECK: llvm.return
// CHECK: llvm.mlir.global private @ids_workgroup0() {addr_space = 0 : i32, alignment = 16 : i64} : !llvm.array<32 x f32>
// CHECK-NOT: gpu.
gpu.module @kernels {
  gpu.func @ids(%out: memref<?xf32>) workgroup(%shared: memref<32xf32, #gpu.address_space<workgroup>>) private(%own: memref<1xf32, #gpu.address_space<private>>) kernel {
    %tx = gpu.thread_id x
    %by = gpu.block_id y
    %bdx = gpu.block_dim x
    %gz = gpu.grid_dim z
    %lane = gpu.lane_id
    %sum0 = arith.addi %tx, %by : index
    %sum1 = arith.addi %sum0, %bdx : index
    %sum2 = arith.addi %sum1, %gz : index
    %sum = arith.addi %sum2, %lane : index
    %i = arith.index_cast %sum : index to i32
    %f = arith.sitofp %i : i32 to f32
    %c0 = arith.constant 0 : index
    memref.store %f, %own[%c0] : memref<1xf32, #gpu.address_space<private>>
    %v = memref.load %own[%c0] : memref<1xf32, #gpu.address_space<private>>
    memref.store %v, %shared[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %shared[%c0] : memref<32xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%tx] : memref<?xf32>
    gpu.return
  }
}

// -----

// A shuffle of an f32 calls the thread's shuffle function with its bits,
// the offset, the width and the mode (xor 0, down 1, up 2, index 3): the
// value comes back in the low 32 bits, the valid flag in bit 32. A 64-bit
// shuffle is two of 32 bits.
// CHECK-LABEL: gpu.module @shuffles
// CHECK: llvm.func @shuffle(
// CHECK-SAME: %[[THREAD:[^:]*]]: !llvm.ptr) attributes {gpu.kernel}
// CHECK: %[[BITS:.*]] = llvm.bitcast %{{.*}} : f32 to i32
// CHECK: %[[XOR:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[FIELD:.*]] = llvm.getelementptr %[[THREAD]][0, 6]
// CHECK: %[[SHUFFLE:.*]] = llvm.load %[[FIELD]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[PACKED:.*]] = llvm.call %[[SHUFFLE]](%[[THREAD]], %[[BITS]], %{{.*}}, %{{.*}}, %[[XOR]]) : !llvm.ptr, (!llvm.ptr, i32, i32, i32, i32) -> i64
// CHECK: llvm.trunc %[[PACKED]] : i64 to i32
// CHECK: llvm.lshr %[[PACKED]]
// CHECK: %[[DOWN:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: llvm.call %{{.*}}(%[[THREAD]], %{{.*}}, %{{.*}}, %{{.*}}, %[[DOWN]])
// CHECK: %[[DOWN2:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: llvm.call %{{.*}}(%[[THREAD]], %{{.*}}, %{{.*}}, %{{.*}}, %[[DOWN2]])
// CHECK-NOT: llvm.call %{{.*}}(%[[THREAD]]
// CHECK: llvm.return
gpu.module @shuffles {
  gpu.func @shuffle(%x: f32, %y: i64, %out: memref<2xf32>, %flags: memref<2xi1>, %wide: memref<1xi64>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %offset = arith.constant 1 : i32
    %width = arith.constant 32 : i32
    %s, %valid = gpu.shuffle xor %x, %offset, %width : f32
    %t, %valid2 = gpu.shuffle down %y, %offset, %width : i64
    memref.store %s, %out[%c0] : memref<2xf32>
    memref.store %valid, %flags[%c0] : memref<2xi1>
    memref.store %valid2, %flags[%c1] : memref<2xi1>
    memref.store %t, %wide[%c0] : memref<1xi64>
    gpu.return
  }
}

// -----

// A block-wide reduction is first rewritten as the NVVM lowering does:
// shuffles within warps, a workgroup buffer of the warps' partial sums,
// barriers.
// CHECK-LABEL: gpu.module @reductions
// CHECK: llvm.func @all_sum(
// CHECK: llvm.getelementptr %{{.*}}[0, 6]
// CHECK: llvm.getelementptr %{{.*}}[0, 5]
// CHECK: llvm.mlir.global private @all_sum_workgroup0()
// CHECK-NOT: gpu.
gpu.module @reductions {
  gpu.func @all_sum(%x: f32, %out: memref<1xf32>) kernel {
    %sum = gpu.all_reduce add %x uniform {} : (f32) -> f32
    %c0 = arith.constant 0 : index
    memref.store %sum, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

// Math functions call the host's libm, but rsqrt, which libm lacks, is a
// division by sqrt; other functions of the module are lowered and
// otherwise left alone.
// CHECK-LABEL: gpu.module @math
// CHECK-NOT: rsqrtf
// CHECK-DAG: llvm.func @tanhf(f32) -> f32
// CHECK-DAG: llvm.func @sqrtf(f32) -> f32
// CHECK-DAG: llvm.func @helper(%{{.*}}: f32) -> f32
// CHECK: llvm.func @tanh_kernel(
// CHECK: llvm.call @helper
// CHECK: llvm.call @tanhf
// CHECK: %[[ROOT:.*]] = llvm.call @sqrtf
// CHECK: llvm.fdiv %{{.*}}, %[[ROOT]]
// CHECK-NOT: rsqrtf
gpu.module @math {
  func.func @helper(%x: f32) -> f32 {
    %y = arith.mulf %x, %x : f32
    return %y : f32
  }
  gpu.func @tanh_kernel(%x: f32, %out: memref<1xf32>) kernel {
    %h = func.call @helper(%x) : (f32) -> f32
    %t = math.tanh %h : f32
    %r = math.rsqrt %t : f32
    %c0 = arith.constant 0 : index
    memref.store %r, %out[%c0] : memref<1xf32>
    gpu.return
  }
}
