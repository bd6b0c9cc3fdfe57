// RUN: tensor-opt %s --convert-ten-to-linalg --split-input-file | FileCheck %s
// RUN: tensor-opt %s --convert-ten-to-linalg="threads=4" --split-input-file | FileCheck %s --check-prefix=FOUR

// A sort is a call of the runtime's sort of its element type on the
// input's buffer (read only) and two fresh buffers, which become the
// results. The flags say what to write: 2 (values) + 4 (indices), and 1
// for descending; the last argument, how many threads may sort lines (the
// pass's threads option, 1 by default).

// CHECK: func.func private @tenrtSortF32(memref<*xf32>, memref<*xf32>, memref<*xi64>, i64, i32, i32)
// CHECK-LABEL: func.func @sort_rows
// CHECK-SAME: (%[[X:.*]]: tensor<3x?xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %c1
// CHECK: %[[IN:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<3x?xf32> to memref<3x?xf32>
// CHECK: %[[VALUES:.*]] = memref.alloc(%[[N]]) : memref<3x?xf32>
// CHECK: %[[INDICES:.*]] = memref.alloc(%[[N]]) : memref<3x?xi64>
// CHECK: %[[DIM:.*]] = arith.constant 1 : i64
// CHECK: %[[FLAGS:.*]] = arith.constant 6 : i32
// CHECK: %[[WORKERS:.*]] = arith.constant 1 : i32
// CHECK: call @tenrtSortF32(%{{.*}}, %{{.*}}, %{{.*}}, %[[DIM]], %[[FLAGS]], %[[WORKERS]])
// FOUR-LABEL: func.func @sort_rows
// FOUR: %[[WORKERS:.*]] = arith.constant 4 : i32
// FOUR: call @tenrtSortF32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[WORKERS]])
// CHECK: %[[V:.*]] = bufferization.to_tensor %[[VALUES]] restrict writable
// CHECK: %[[I:.*]] = bufferization.to_tensor %[[INDICES]] restrict writable
// CHECK: return %[[V]], %[[I]]
func.func @sort_rows(%x: tensor<3x?xf32>) -> (tensor<3x?xf32>, tensor<3x?xi64>) {
  %v, %i = ten.sort %x dim 1 : tensor<3x?xf32> -> tensor<3x?xf32>, tensor<3x?xi64>
  return %v, %i : tensor<3x?xf32>, tensor<3x?xi64>
}

// -----

// Unsigned integers have their own sort; an unused result is not written
// (indices only, descending: 4 + 1).
// CHECK: func.func private @tenrtSortU16(memref<*xi16>, memref<*xi16>, memref<*xi64>, i64, i32, i32)
// CHECK-LABEL: func.func @argsort_descending
// CHECK: %[[FLAGS:.*]] = arith.constant 5 : i32
// CHECK: call @tenrtSortU16(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[FLAGS]], %{{.*}})
func.func @argsort_descending(%x: tensor<8xui16>) -> tensor<8xi64> {
  %v, %i = ten.sort %x dim 0 descending : tensor<8xui16> -> tensor<8xui16>, tensor<8xi64>
  return %i : tensor<8xi64>
}

// -----

// The runtime orders a line's positions as 32-bit integers: where the
// positions are used and the line may be longer than 2^32 - 1 elements,
// the run checks its length first; a line known to be shorter needs no
// check, nor do sorted values alone.
// CHECK-LABEL: func.func @positions_of_long_lines
// CHECK: memref.alloc
// CHECK: %[[N:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?xf32>
// CHECK-NEXT: %[[MOST:.*]] = arith.constant 4294967295 : index
// CHECK-NEXT: %[[FITS:.*]] = arith.cmpi ule, %[[N]], %[[MOST]] : index
// CHECK: cf.assert %[[FITS]], "ten.sort at {{.*}}: the positions of a line of more than 4294967295 elements are not supported on the CPU target"
// CHECK: call @tenrtSortF32
// CHECK-NOT: cf.assert
// CHECK: call @tenrtSortF32
// CHECK-NOT: cf.assert
// CHECK: call @tenrtSortF32
// CHECK: return
func.func @positions_of_long_lines(%x: tensor<?xf32>, %y: tensor<8xf32>) -> (tensor<?xi64>, tensor<8xi64>, tensor<?xf32>) {
  %v, %i = ten.sort %x dim 0 : tensor<?xf32> -> tensor<?xf32>, tensor<?xi64>
  %w, %j = ten.sort %y dim 0 : tensor<8xf32> -> tensor<8xf32>, tensor<8xi64>
  %u, %k = ten.sort %x dim 0 : tensor<?xf32> -> tensor<?xf32>, tensor<?xi64>
  return %i, %j, %u : tensor<?xi64>, tensor<8xi64>, tensor<?xf32>
}
