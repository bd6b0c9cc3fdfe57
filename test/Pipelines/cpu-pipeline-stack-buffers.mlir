// A layer norm in blocks of 2 rows (ten-fuse-reductions) over 2101 rows:
// each block's means and variances are on the stack, allocated once per
// thread at the start of the parallel region (two threads) or once per call
// at the function's entry (one thread), never in the loop over blocks; the
// last, shorter block views the leading rows of the same buffers. No
// memref.alloca_scope is left around the loops, and the only heap buffer
// is the result.
// RUN: tensor-opt %s --ten-cpu-pipeline="threads=2 fuse-block-kib=16" --mlir-disable-threading --mlir-print-ir-before=lower-affine -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=memref.alloca_scope
// RUN: tensor-opt %s --ten-cpu-pipeline="threads=1 fuse-block-kib=16" --mlir-disable-threading --mlir-print-ir-before=lower-affine -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE --implicit-check-not=memref.alloca_scope

// CHECK-LABEL: func.func @layer_norm(
// CHECK-NOT: memref.alloca
// CHECK: %[[Y:.*]] = memref.alloc() {{.*}} : memref<2101x1003xf32>
// CHECK-NOT: memref.alloc
// CHECK: omp.parallel
// CHECK-COUNT-3: memref.alloca() {alignment = 64 : i64} : memref<2xf32>
// CHECK-NEXT: omp.wsloop
// CHECK-NOT: memref.alloc
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<2xf32> to memref<?xf32>
// CHECK-NOT: memref.alloc
// CHECK: return %[[Y]]
// ONE-LABEL: func.func @layer_norm(
// ONE-COUNT-3: memref.alloca() {alignment = 64 : i64} : memref<2xf32>
// ONE-NEXT: %[[Y:.*]] = memref.alloc() {{.*}} : memref<2101x1003xf32>
// ONE-NEXT: scf.parallel
// ONE-NOT: memref.alloc
// ONE: return %[[Y]]
func.func @layer_norm(%x: tensor<2101x1003xf32>) -> tensor<2101x1003xf32> {
  %mean = ten.reduce mean %x dims [1] keepdim : tensor<2101x1003xf32> -> tensor<2101x1xf32>
  %d = ten.sub %x, %mean : (tensor<2101x1003xf32>, tensor<2101x1xf32>) -> tensor<2101x1003xf32>
  %sq = ten.mul %d, %d : (tensor<2101x1003xf32>, tensor<2101x1003xf32>) -> tensor<2101x1003xf32>
  %var = ten.reduce mean %sq dims [1] keepdim : tensor<2101x1003xf32> -> tensor<2101x1xf32>
  %inv = ten.rsqrt %var : tensor<2101x1xf32>
  %n = ten.mul %d, %inv : (tensor<2101x1003xf32>, tensor<2101x1xf32>) -> tensor<2101x1003xf32>
  return %n : tensor<2101x1003xf32>
}
