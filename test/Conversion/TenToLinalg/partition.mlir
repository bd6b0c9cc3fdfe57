// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file | FileCheck %s
// RUN: tensor-opt %s --convert-ten-to-linalg="host-reads-buffers=false" --split-input-file | FileCheck %s --check-prefix=NETWORK

// A partition is a call of the runtime's partition of its element type, as
// a sort is of its sort (sort.mlir), with the positions in a constant
// buffer after the results' buffers. A line of static length needs no
// check (the verifier checked the positions).

// CHECK: func.func private @tenrtPartitionF32(memref<*xf32>, memref<*xf32>, memref<*xi64>, memref<*xi64>, i64, i32, i32)
// CHECK-LABEL: func.func @partition_rows
// CHECK-SAME: (%[[X:.*]]: tensor<3x8xf32>)
// CHECK-NOT: cf.assert
// CHECK: %[[KTH:.*]] = arith.constant dense<[2, 5]> : tensor<2xi64>
// CHECK: %[[IN:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<3x8xf32> to memref<3x8xf32>
// CHECK: %[[VALUES:.*]] = memref.alloc() : memref<3x8xf32>
// CHECK: %[[INDICES:.*]] = memref.alloc() : memref<3x8xi64>
// CHECK: %[[DIM:.*]] = arith.constant 1 : i64
// CHECK: %[[FLAGS:.*]] = arith.constant 6 : i32
// CHECK: call @tenrtPartitionF32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[DIM]], %[[FLAGS]], %{{.*}})
// CHECK: %[[V:.*]] = bufferization.to_tensor %[[VALUES]] restrict writable
// CHECK: %[[I:.*]] = bufferization.to_tensor %[[INDICES]] restrict writable
// CHECK: return %[[V]], %[[I]]
// NETWORK-LABEL: func.func @partition_rows
// NETWORK-NOT: call
// NETWORK: scf.for
// NETWORK: linalg.generic
func.func @partition_rows(%x: tensor<3x8xf32>) -> (tensor<3x8xf32>, tensor<3x8xi64>) {
  %v, %i = ten.partition %x dim 1 kth [2, 5] : tensor<3x8xf32> -> tensor<3x8xf32>, tensor<3x8xi64>
  return %v, %i : tensor<3x8xf32>, tensor<3x8xi64>
}

// -----

// A line whose length is known only when the program runs: the run checks
// that the last position is in it, on every target; values alone and
// descending (2 + 1).
// CHECK-LABEL: func.func @partition_dynamic
// CHECK-SAME: (%[[X:.*]]: tensor<?xi16>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK: %[[IN:.*]] = arith.cmpi slt, %c7, %[[N]]
// CHECK: cf.assert %[[IN]], "ten.partition at {{.*}}: kth position 7 is out of range for dim 0"
// CHECK: %[[FLAGS:.*]] = arith.constant 3 : i32
// CHECK: call @tenrtPartitionI16(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[FLAGS]], %{{.*}})
// NETWORK-LABEL: func.func @partition_dynamic
// NETWORK: cf.assert %{{.*}}, "ten.partition at {{.*}}: kth position 7 is out of range for dim 0"
// NETWORK-NOT: call
// NETWORK: scf.for
func.func @partition_dynamic(%x: tensor<?xi16>) -> tensor<?xi16> {
  %v, %i = ten.partition %x dim 0 kth [1, 7] descending : tensor<?xi16> -> tensor<?xi16>, tensor<?xi64>
  return %v : tensor<?xi16>
}

// -----

// No position: a dynamic line needs no check; the runtime gets an empty
// buffer of positions. Complex numbers have their own entry point.
// CHECK-LABEL: func.func @partition_nothing
// CHECK-NOT: cf.assert
// CHECK: arith.constant dense<> : tensor<0xi64>
// CHECK: call @tenrtPartitionC64
func.func @partition_nothing(%x: tensor<?xcomplex<f32>>) -> tensor<?xi64> {
  %v, %i = ten.partition %x dim 0 kth [] : tensor<?xcomplex<f32>> -> tensor<?xcomplex<f32>>, tensor<?xi64>
  return %i : tensor<?xi64>
}
