// RUN: tensor-opt %s --split-input-file --ten-lower-collectives=backend=nccl | FileCheck %s

// backend=nccl: the CUDA runtime's entry points (tenCuda..., one per element
// type), with the arguments the host runtime's take.

// CHECK-LABEL: module {
// CHECK: func.func private @tenCudaAllReduceF32(memref<*xf32>, memref<*xf32>, memref<*xi64>, i64, i32, i32) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @sum(
// CHECK-DAG: %[[MASK:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[SUM:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[F32:.*]] = arith.constant 9 : i32
// CHECK: call @tenCudaAllReduceF32(%{{.*}}, %{{.*}}, %{{.*}}, %[[MASK]], %[[F32]], %[[SUM]])
// CHECK-NOT: linalg
module {
  shard.grid @g(shape = 2)
  func.func @sum(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %r = shard.all_reduce %x on @g grid_axes = [0] : tensor<4x4xf32> -> tensor<4x4xf32>
    return %r : tensor<4x4xf32>
  }
}

// -----

// Gathered along an inner dimension: along a new leading one (NCCL joins
// the parts one after the other), then moved before the gathered dimension
// and joined with it. f16, which MPI lacks, NCCL moves.

// CHECK-LABEL: func.func @gather(
// CHECK-SAME: %[[X:.*]]: tensor<4x3x5xf16>
// CHECK-DAG: %[[LEADING:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[F16:.*]] = arith.constant 13 : i32
// CHECK: %[[ONE:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0, 1], [2], [3]] output_shape [1, 4, 3, 5]
// CHECK: bufferization.to_buffer %[[ONE]]
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<2x4x3x5xf16>
// CHECK: call @tenCudaAllGatherF16(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[LEADING]], %[[F16]])
// CHECK: %[[PARTS:.*]] = bufferization.to_tensor %[[OUT]]
// CHECK: %[[MOVED:.*]] = linalg.transpose ins(%[[PARTS]] : tensor<2x4x3x5xf16>) outs(%{{.*}} : tensor<4x2x3x5xf16>) permutation = [1, 0, 2, 3]
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[MOVED]] {{\[\[}}0], [1, 2], [3]] : tensor<4x2x3x5xf16> into tensor<4x6x5xf16>
// CHECK: return %[[R]]
module {
  shard.grid @g(shape = 2)
  func.func @gather(%x: tensor<4x3x5xf16>) -> tensor<4x6x5xf16> {
    %r = shard.all_gather %x on @g grid_axes = [0] gather_axis = 1 : tensor<4x3x5xf16> -> tensor<4x6x5xf16>
    return %r : tensor<4x6x5xf16>
  }
}

// -----

// Scattered along an inner dimension: the dimension split into (parts,
// rest), the parts moved to the front and scattered there.

// CHECK-LABEL: func.func @scatter(
// CHECK-SAME: %[[X:.*]]: tensor<4x6xf32>
// CHECK: %[[SPLIT:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0], [1, 2]] output_shape [4, 2, 3]
// CHECK: %[[MOVED:.*]] = linalg.transpose ins(%[[SPLIT]] : tensor<4x2x3xf32>) outs(%{{.*}} : tensor<2x4x3xf32>) permutation = [1, 0, 2]
// CHECK: bufferization.to_buffer %[[MOVED]]
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<1x4x3xf32>
// CHECK: call @tenCudaReduceScatterF32(
// CHECK: %[[PART:.*]] = bufferization.to_tensor %[[OUT]]
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[PART]] {{\[\[}}0, 1], [2]] : tensor<1x4x3xf32> into tensor<4x3xf32>
// CHECK: return %[[R]]
module {
  shard.grid @g(shape = 2)
  func.func @scatter(%x: tensor<4x6xf32>) -> tensor<4x3xf32> {
    %r = shard.reduce_scatter %x on @g grid_axes = [0] scatter_axis = 1 : tensor<4x6xf32> -> tensor<4x3xf32>
    return %r : tensor<4x3xf32>
  }
}

// -----

// An all_to_all split along an inner dimension: the parts moved to the
// front, exchanged along it (split and concat 0), and what comes back moved
// before the concat dimension and joined with it.

// CHECK-LABEL: func.func @exchange(
// CHECK-SAME: %[[X:.*]]: tensor<4x6xf32>
// CHECK-DAG: %[[LEADING:.*]] = arith.constant 0 : i64
// CHECK: %[[SPLIT:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0], [1, 2]] output_shape [4, 2, 3]
// CHECK: %[[MOVED:.*]] = linalg.transpose ins(%[[SPLIT]] : tensor<4x2x3xf32>) outs(%{{.*}} : tensor<2x4x3xf32>) permutation = [1, 0, 2]
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<2x4x3xf32>
// CHECK: call @tenCudaAllToAllF32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[LEADING]], %[[LEADING]], %{{.*}})
// CHECK: %[[PARTS:.*]] = bufferization.to_tensor %[[OUT]]
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[PARTS]] {{\[\[}}0, 1], [2]] : tensor<2x4x3xf32> into tensor<8x3xf32>
// CHECK: return %[[R]]
module {
  shard.grid @g(shape = 2)
  func.func @exchange(%x: tensor<4x6xf32>) -> tensor<8x3xf32> {
    %r = shard.all_to_all %x on @g grid_axes = [0] split_axis = 1 concat_axis = 0 : tensor<4x6xf32> -> tensor<8x3xf32>
    return %r : tensor<8x3xf32>
  }
}

// -----

// A sum of i16 (NCCL has no 16-bit integers): of their sign extensions,
// truncated back.

// CHECK-LABEL: func.func @short(
// CHECK: arith.extsi %{{.*}} : i16 to i32
// CHECK: call @tenCudaAllReduceI32(
// CHECK: arith.trunci %{{.*}} : i32 to i16
module {
  shard.grid @g(shape = 2)
  func.func @short(%x: tensor<4xi16>) -> tensor<4xi16> {
    %r = shard.all_reduce %x on @g grid_axes = [0] : tensor<4xi16> -> tensor<4xi16>
    return %r : tensor<4xi16>
  }
}

// -----

// A float maximum (NCCL's drops NaNs): of integer keys ordered as the floats,
// a NaN the quiet NaN with the sign clear (0x7FC00000, the largest key); a
// minimum's NaN has the sign set (0xFFC00000, the smallest); bf16 as f32.
// Negative keys have their magnitude's bits flipped, there and back.

// CHECK-LABEL: func.func @max(
// CHECK-DAG: %[[MAGNITUDE:.*]] = arith.constant 2147483647 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[NAN:.*]] = arith.constant 2143289344 : i32
// CHECK-DAG: %[[MAX:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[I32:.*]] = arith.constant 3 : i32
// CHECK: linalg.generic
// CHECK: %[[UNORDERED:.*]] = arith.cmpf uno, %[[IN:.*]], %[[IN]] : f32
// CHECK: %[[BITS:.*]] = arith.bitcast %[[IN]] : f32 to i32
// CHECK: %[[WORD:.*]] = arith.select %[[UNORDERED]], %[[NAN]], %[[BITS]] : i32
// CHECK: %[[NEGATIVE:.*]] = arith.cmpi slt, %[[WORD]], %[[ZERO]] : i32
// CHECK: %[[FLIPPED:.*]] = arith.xori %[[WORD]], %[[MAGNITUDE]] : i32
// CHECK: %[[KEY:.*]] = arith.select %[[NEGATIVE]], %[[FLIPPED]], %[[WORD]] : i32
// CHECK: linalg.yield %[[KEY]]
// CHECK: call @tenCudaAllReduceI32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[I32]], %[[MAX]])
// CHECK: linalg.generic
// CHECK: arith.cmpi slt
// CHECK: arith.xori
// CHECK: arith.select
// CHECK: arith.bitcast %{{.*}} : i32 to f32
// CHECK-LABEL: func.func @min(
// CHECK-DAG: %[[NEGATIVE_NAN:.*]] = arith.constant -4194304 : i32
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: arith.select %{{.*}}, %[[NEGATIVE_NAN]], %{{.*}} : i32
// CHECK: call @tenCudaAllReduceI32(
// CHECK: arith.truncf %{{.*}} : f32 to bf16
module {
  shard.grid @g(shape = 2)
  func.func @max(%x: tensor<4xf32>) -> tensor<4xf32> {
    %r = shard.all_reduce %x on @g grid_axes = [0] reduction = max : tensor<4xf32> -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
  func.func @min(%x: tensor<4xbf16>) -> tensor<4xbf16> {
    %r = shard.all_reduce %x on @g grid_axes = [0] reduction = min : tensor<4xbf16> -> tensor<4xbf16>
    return %r : tensor<4xbf16>
  }
}

// -----

// Left alone: parts along the leading dimension, or along one after
// dimensions of size 1 (contiguous either way), and an f64 sum.

// CHECK-LABEL: func.func @contiguous(
// CHECK-NOT: linalg
// CHECK-NOT: tensor.expand_shape
// CHECK: call @tenCudaAllGatherF64(
// CHECK-NOT: linalg
// CHECK: call @tenCudaAllGatherF64(
// CHECK-NOT: linalg
// CHECK: call @tenCudaAllReduceF64(
// CHECK-NOT: linalg
// CHECK: return
module {
  shard.grid @g(shape = 2)
  func.func @contiguous(%x: tensor<4x3xf64>, %y: tensor<1x3xf64>) -> (tensor<8x3xf64>, tensor<1x6xf64>, tensor<4x3xf64>) {
    %a = shard.all_gather %x on @g grid_axes = [0] gather_axis = 0 : tensor<4x3xf64> -> tensor<8x3xf64>
    %b = shard.all_gather %y on @g grid_axes = [0] gather_axis = 1 : tensor<1x3xf64> -> tensor<1x6xf64>
    %c = shard.all_reduce %x on @g grid_axes = [0] : tensor<4x3xf64> -> tensor<4x3xf64>
    return %a, %b, %c : tensor<8x3xf64>, tensor<1x6xf64>, tensor<4x3xf64>
  }
}
