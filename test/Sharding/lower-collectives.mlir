// RUN: tensor-opt %s --split-input-file --ten-lower-collectives | FileCheck %s

// An all_reduce: a call of the runtime's entry point for its element type on
// the input's buffer, a new one and the grid's sizes, with the axes' mask,
// the type and the reduction; the grid declaration goes.

// CHECK-LABEL: module {
// CHECK-NOT: shard.grid
// CHECK-DAG: func.func private @tenrtAllReduceF32(memref<*xf32>, memref<*xf32>, memref<*xi64>, i64, i32, i32) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @tenrtAllReduceI64(memref<*xi64>, memref<*xi64>, memref<*xi64>, i64, i32, i32) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @sum(
// CHECK-SAME: %[[X:.*]]: tensor<4x4xf32>
// CHECK-DAG: %[[GRID:.*]] = arith.constant dense<[2, 3]> : tensor<2xi64>
// CHECK-DAG: %[[MASK:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[F32:.*]] = arith.constant 9 : i32
// CHECK-DAG: %[[SUM:.*]] = arith.constant 0 : i32
// CHECK: %[[IN:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<4x4xf32> to memref<4x4xf32>
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK: %[[G:.*]] = bufferization.to_buffer %[[GRID]] read_only
// CHECK: %[[IN1:.*]] = memref.cast %[[IN]] : memref<4x4xf32> to memref<*xf32>
// CHECK: %[[OUT1:.*]] = memref.cast %[[OUT]] : memref<4x4xf32> to memref<*xf32>
// CHECK: %[[G1:.*]] = memref.cast %[[G]] : memref<2xi64> to memref<*xi64>
// CHECK: call @tenrtAllReduceF32(%[[IN1]], %[[OUT1]], %[[G1]], %[[MASK]], %[[F32]], %[[SUM]])
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<4x4xf32> to tensor<4x4xf32>
// CHECK: return %[[R]]
// CHECK-LABEL: func.func @max(
// CHECK: %[[MAX:.*]] = arith.constant 2 : i32
// CHECK: call @tenrtAllReduceI64({{.*}}, %[[MAX]])
module {
  shard.grid @g(shape = 2x3)
  func.func @sum(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %r = shard.all_reduce %x on @g grid_axes = [1] : tensor<4x4xf32> -> tensor<4x4xf32>
    return %r : tensor<4x4xf32>
  }
  func.func @max(%x: tensor<4xi64>) -> tensor<4xi64> {
    %r = shard.all_reduce %x on @g grid_axes = [0, 1] reduction = max : tensor<4xi64> -> tensor<4xi64>
    return %r : tensor<4xi64>
  }
}

// -----

// An all_gather: the gather axis after the mask, then the type.

// CHECK-LABEL: func.func @gather(
// CHECK-DAG: %[[MASK:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[AXIS:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[F64:.*]] = arith.constant 10 : i32
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<4x8xf64>
// CHECK: call @tenrtAllGatherF64(%{{.*}}, %{{.*}}, %{{.*}}, %[[MASK]], %[[AXIS]], %[[F64]])
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable : memref<4x8xf64> to tensor<4x8xf64>
module {
  shard.grid @g(shape = 3x2)
  func.func @gather(%x: tensor<4x4xf64>) -> tensor<4x8xf64> {
    %r = shard.all_gather %x on @g grid_axes = [1] gather_axis = 1 : tensor<4x4xf64> -> tensor<4x8xf64>
    return %r : tensor<4x8xf64>
  }
}

// -----

// A reduce_scatter: the scatter axis, the type and the reduction.

// CHECK-LABEL: func.func @reduce_scatter(
// CHECK-DAG: %[[MASK:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[AXIS:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[F32:.*]] = arith.constant 9 : i32
// CHECK-DAG: %[[MIN:.*]] = arith.constant 3 : i32
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<4x3xf32>
// CHECK: call @tenrtReduceScatterF32(%{{.*}}, %{{.*}}, %{{.*}}, %[[MASK]], %[[AXIS]], %[[F32]], %[[MIN]])
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable : memref<4x3xf32> to tensor<4x3xf32>
module {
  shard.grid @g(shape = 3x2)
  func.func @reduce_scatter(%x: tensor<4x6xf32>) -> tensor<4x3xf32> {
    %r = shard.reduce_scatter %x on @g grid_axes = [1] reduction = min scatter_axis = 1 : tensor<4x6xf32> -> tensor<4x3xf32>
    return %r : tensor<4x3xf32>
  }
}

// -----

// An all_to_all: the split axis, then the concatenation axis.

// CHECK-LABEL: func.func @all_to_all(
// CHECK-DAG: %[[MASK:.*]] = arith.constant 3 : i64
// CHECK-DAG: %[[SPLIT:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[CONCAT:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[I32:.*]] = arith.constant 3 : i32
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<16x2xi32>
// CHECK: call @tenrtAllToAllI32(%{{.*}}, %{{.*}}, %{{.*}}, %[[MASK]], %[[SPLIT]], %[[CONCAT]], %[[I32]])
module {
  shard.grid @g(shape = 2x2)
  func.func @all_to_all(%x: tensor<4x8xi32>) -> tensor<16x2xi32> {
    %r = shard.all_to_all %x on @g grid_axes = [0, 1] split_axis = 1 concat_axis = 0 : tensor<4x8xi32> -> tensor<16x2xi32>
    return %r : tensor<16x2xi32>
  }
}

// -----

// A broadcast: the root's position in its group (row-major over its axes:
// [1, 2] of a 2x3 group is 5).

// CHECK-LABEL: func.func @broadcast(
// CHECK-DAG: %[[MASK:.*]] = arith.constant 3 : i64
// CHECK-DAG: %[[ROOT:.*]] = arith.constant 5 : i64
// CHECK-DAG: %[[F64:.*]] = arith.constant 10 : i32
// CHECK: call @tenrtBroadcastF64(%{{.*}}, %{{.*}}, %{{.*}}, %[[MASK]], %[[ROOT]], %[[F64]])
module {
  shard.grid @g(shape = 2x3)
  func.func @broadcast(%x: tensor<4xf64>) -> tensor<4xf64> {
    %r = shard.broadcast %x on @g grid_axes = [0, 1] root = [1, 2] : (tensor<4xf64>) -> tensor<4xf64>
    return %r : tensor<4xf64>
  }
}

// -----

// A shift: the grid axis, the offset, whether it rotates.

// CHECK-LABEL: func.func @shift(
// CHECK-DAG: %[[MASK:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[AXIS:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[OFFSET:.*]] = arith.constant -1 : i64
// CHECK-DAG: %[[ROTATE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[U8:.*]] = arith.constant 5 : i32
// CHECK: call @tenrtShiftU8(%{{.*}}, %{{.*}}, %{{.*}}, %[[MASK]], %[[AXIS]], %[[OFFSET]], %[[ROTATE]], %[[U8]])
module {
  shard.grid @g(shape = 2x4)
  func.func @shift(%x: tensor<4xui8>) -> tensor<4xui8> {
    %r = shard.shift %x on @g grid_axes = [1] shift_axis = 1 offset = -1 rotate : tensor<4xui8> -> tensor<4xui8>
    return %r : tensor<4xui8>
  }
}

// -----

// An all_slice: this process's part, at its position (the runtime's rank).

// CHECK-LABEL: func.func @slice(
// CHECK: %[[RANK:.*]] = call @tenrtProcessRank() : () -> i64
// CHECK: arith.index_cast %[[RANK]] : i64 to index
// CHECK: %[[AT:.*]] = arith.muli
// CHECK: tensor.extract_slice %{{.*}}[%[[AT]], 0] [%{{.*}}, %{{.*}}] [1, 1] : tensor<4x4xf32>
// CHECK-NOT: shard.
module {
  shard.grid @g(shape = 2)
  func.func @slice(%x: tensor<4x4xf32>) -> tensor<2x4xf32> {
    %r = shard.all_slice %x on @g grid_axes = [0] slice_axis = 0 : tensor<4x4xf32> -> tensor<2x4xf32>
    return %r : tensor<2x4xf32>
  }
}

// -----

// Without a grid, nothing to do.

// CHECK-LABEL: func.func @plain(
// CHECK-NEXT: return
func.func @plain(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// f16 and bf16, which MPI lacks: a reduction of their f32 extensions,
// rounded back; any other collective moves their bits as i16.

// CHECK-LABEL: func.func @half(
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: call @tenrtAllReduceF32(
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK: arith.bitcast %{{.*}} : bf16 to i16
// CHECK: call @tenrtAllGatherI16(
// CHECK: arith.bitcast %{{.*}} : i16 to bf16
module {
  shard.grid @g(shape = 2)
  func.func @half(%x: tensor<4xf16>, %y: tensor<4xbf16>) -> (tensor<4xf16>, tensor<8xbf16>) {
    %r = shard.all_reduce %x on @g grid_axes = [0] reduction = max : tensor<4xf16> -> tensor<4xf16>
    %g = shard.all_gather %y on @g grid_axes = [0] gather_axis = 0 : tensor<4xbf16> -> tensor<8xbf16>
    return %r, %g : tensor<4xf16>, tensor<8xbf16>
  }
}
