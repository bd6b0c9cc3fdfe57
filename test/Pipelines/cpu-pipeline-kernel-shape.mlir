// ten-cpu-pipeline passes the contraction kernel's shape to
// ten-contraction-kernel: the most rows of its register tile, its depth
// block and its block of B (tensor-run sets them from the host: 3/8 of the
// vector registers as rows, 3/8 of the L2 cache as the block).
// RUN: tensor-opt %s --ten-cpu-pipeline="vector-bits=512 register-rows=12 depth-block=48 block-kib=24 explain=true" --mlir-print-ir-after=ten-contraction-kernel -o /dev/null 2>&1 | FileCheck %s
// RUN: tensor-opt %s --ten-cpu-pipeline="explain=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEFAULT

// 100 rows in tiles of 10 (12 would pad 8); depth blocks of 24 (half of 48
// for 100 rows, few); a block of 24 KiB of B is 256 columns of 24 f32: 8
// panels of 32 columns.
// CHECK: remark: contraction runs as a packed, register-tiled kernel: 10 rows x 32 columns in registers, depth blocks of 24
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<8x24x32xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c100 step %c10

// The defaults: at most 6 rows (100 pad 2: 6 rows), 256-bit vectors, half
// of a depth block of 256.
// DEFAULT: remark: contraction runs as a packed, register-tiled kernel: 6 rows x 16 columns in registers, depth blocks of 128
func.func @main(%a: tensor<100x64xf32>, %b: tensor<64x256xf32>) -> tensor<100x256xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<100x64xf32>, tensor<64x256xf32>) -> tensor<100x256xf32>
  return %y : tensor<100x256xf32>
}
