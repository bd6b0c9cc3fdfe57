// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-contraction-kernel{vector-bits=512 register-rows=12 explain=true}))' -verify-diagnostics -o /dev/null

// The rows of the register tile: register-rows where the last tile pads at
// most a sixteenth of the rows, else, down to half of it, the rows that
// pad the fewest (a tile's rows past the end compute and store nothing).
// The depth block: depth-block (256), halved for up to 128 rows (rows
// unknown until run time: chosen then).
func.func @rows(%a100: memref<100x64xf32>, %b: memref<64x128xf32>, %c100: memref<100x128xf32>,
                %a64: memref<64x64xf32>, %c64: memref<64x128xf32>,
                %a2048: memref<2048x64xf32>, %c2048: memref<2048x128xf32>,
                %a7: memref<7x64xf32>, %c7: memref<7x128xf32>,
                %ad: memref<?x64xf32>, %cd: memref<?x128xf32>,
                %a128: memref<128x64xf32>, %c128: memref<128x128xf32>,
                %a129: memref<129x64xf32>, %c129: memref<129x128xf32>) {
  // 100 rows: tiles of 12 would pad 8, of 10 none.
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 10 rows x 32 columns in registers, depth blocks of 128}}
  linalg.matmul ins(%a100, %b : memref<100x64xf32>, memref<64x128xf32>) outs(%c100 : memref<100x128xf32>)
  // 64 rows: tiles of 8.
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 8 rows x 32 columns in registers, depth blocks of 128}}
  linalg.matmul ins(%a64, %b : memref<64x64xf32>, memref<64x128xf32>) outs(%c64 : memref<64x128xf32>)
  // 2048 rows: tiles of 12 pad 4 rows of 2048, which the wider tile is worth.
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 12 rows x 32 columns in registers, depth blocks of 256}}
  linalg.matmul ins(%a2048, %b : memref<2048x64xf32>, memref<64x128xf32>) outs(%c2048 : memref<2048x128xf32>)
  // 7 rows: one tile of 7 (12 would pad 5).
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 7 rows x 32 columns in registers, depth blocks of 128}}
  linalg.matmul ins(%a7, %b : memref<7x64xf32>, memref<64x128xf32>) outs(%c7 : memref<7x128xf32>)
  // Rows unknown until the program runs: register-rows, and depth blocks
  // chosen at run time.
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 12 rows x 32 columns in registers, depth blocks of 256 (128 for at most 128 rows)}}
  linalg.matmul ins(%ad, %b : memref<?x64xf32>, memref<64x128xf32>) outs(%cd : memref<?x128xf32>)
  // 128 rows are few, 129 not.
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 12 rows x 32 columns in registers, depth blocks of 128}}
  linalg.matmul ins(%a128, %b : memref<128x64xf32>, memref<64x128xf32>) outs(%c128 : memref<128x128xf32>)
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 12 rows x 32 columns in registers, depth blocks of 256}}
  linalg.matmul ins(%a129, %b : memref<129x64xf32>, memref<64x128xf32>) outs(%c129 : memref<129x128xf32>)
  return
}
