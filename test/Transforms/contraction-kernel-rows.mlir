// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-contraction-kernel{vector-bits=512 register-rows=12 explain=true}))' -verify-diagnostics -o /dev/null

// The rows of the register tile: from register-rows down to two thirds of
// it (8), the rows that pad the fewest, the taller on a tie; where that
// pads more than a sixteenth of the rows, down to half of register-rows (a
// tile's rows past the end compute and store nothing).
// The depth block: depth-block (256), halved for up to 128 rows (rows
// unknown until run time: chosen then).
func.func @rows(%a100: memref<100x64xf32>, %b: memref<64x128xf32>, %c100: memref<100x128xf32>,
                %a64: memref<64x64xf32>, %c64: memref<64x128xf32>,
                %a2048: memref<2048x64xf32>, %c2048: memref<2048x128xf32>,
                %a7: memref<7x64xf32>, %c7: memref<7x128xf32>,
                %ad: memref<?x64xf32>, %cd: memref<?x128xf32>,
                %a128: memref<128x64xf32>, %c128: memref<128x128xf32>,
                %a129: memref<129x64xf32>, %c129: memref<129x128xf32>,
                %a1032: memref<1032x64xf32>, %c1032: memref<1032x128xf32>,
                %a1026: memref<1026x64xf32>, %c1026: memref<1026x128xf32>,
                %a250: memref<250x64xf32>, %c250: memref<250x128xf32>,
                %a13: memref<13x64xf32>, %c13: memref<13x128xf32>) {
  // 100 rows: tiles of 12 would pad 8, of 10 none.
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 10 rows x 32 columns in registers, depth blocks of 128}}
  linalg.matmul ins(%a100, %b : memref<100x64xf32>, memref<64x128xf32>) outs(%c100 : memref<100x128xf32>)
  // 64 rows: tiles of 8.
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 8 rows x 32 columns in registers, depth blocks of 128}}
  linalg.matmul ins(%a64, %b : memref<64x64xf32>, memref<64x128xf32>) outs(%c64 : memref<64x128xf32>)
  // 2048 rows: tiles of 12 would pad 4, of 8 none.
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 8 rows x 32 columns in registers, depth blocks of 256}}
  linalg.matmul ins(%a2048, %b : memref<2048x64xf32>, memref<64x128xf32>) outs(%c2048 : memref<2048x128xf32>)
  // 7 rows: one tile of 7 (12 would pad 5).
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 7 rows x 32 columns in registers, depth blocks of 128}}
  linalg.matmul ins(%a7, %b : memref<7x64xf32>, memref<64x128xf32>) outs(%c7 : memref<7x128xf32>)
  // Rows unknown until the program runs: register-rows, and depth blocks
  // chosen at run time.
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 12 rows x 32 columns in registers, depth blocks of 256 (128 for at most 128 rows)}}
  linalg.matmul ins(%ad, %b : memref<?x64xf32>, memref<64x128xf32>) outs(%cd : memref<?x128xf32>)
  // 128 rows are few, 129 not (tiles of 8 pad none of 128, of 10 one of 129).
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 8 rows x 32 columns in registers, depth blocks of 128}}
  linalg.matmul ins(%a128, %b : memref<128x64xf32>, memref<64x128xf32>) outs(%c128 : memref<128x128xf32>)
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 10 rows x 32 columns in registers, depth blocks of 256}}
  linalg.matmul ins(%a129, %b : memref<129x64xf32>, memref<64x128xf32>) outs(%c129 : memref<129x128xf32>)
  // 1032 rows: whole tiles of 12.
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 12 rows x 32 columns in registers, depth blocks of 256}}
  linalg.matmul ins(%a1032, %b : memref<1032x64xf32>, memref<64x128xf32>) outs(%c1032 : memref<1032x128xf32>)
  // 1026 rows: 12 would pad 6, 10 pad 4, 9 none.
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 9 rows x 32 columns in registers, depth blocks of 256}}
  linalg.matmul ins(%a1026, %b : memref<1026x64xf32>, memref<64x128xf32>) outs(%c1026 : memref<1026x128xf32>)
  // 250 rows: 12 would pad 2, 10 none (8 would pad 6).
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 10 rows x 32 columns in registers, depth blocks of 256}}
  linalg.matmul ins(%a250, %b : memref<250x64xf32>, memref<64x128xf32>) outs(%c250 : memref<250x128xf32>)
  // 13 rows: 8 still pads 3, more than a sixteenth; 7 pads 1.
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 7 rows x 32 columns in registers, depth blocks of 128}}
  linalg.matmul ins(%a13, %b : memref<13x64xf32>, memref<64x128xf32>) outs(%c13 : memref<13x128xf32>)
  return
}
