// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-contraction-kernel{explain=true}))' -verify-diagnostics -split-input-file -o /dev/null

// --explain says which contractions get the kernel, and why the others
// do not.
func.func @explained(%a: memref<50x300xf32>, %b: memref<300x40xf32>, %c: memref<50x40xf32>,
                     %a12: memref<12x300xf32>, %c12: memref<12x40xf32>,
                     %ad: memref<5x30xf64>, %bd: memref<30x4xf64>, %cd: memref<5x4xf64>,
                     %ai: memref<8x16xi32>, %bi: memref<16x32xi32>, %ci: memref<8x32xi32>,
                     %v: memref<300xf32>, %r: memref<50xf32>,
                     %ab: memref<8x16x4xf32>, %bb: memref<16x32x4xf32>, %cb: memref<8x32x4xf32>,
                     %cs: memref<50x40xf32, strided<[80, 2]>>,
                     %at: tensor<8x16xf32>, %bt: tensor<16x32xf32>, %ct: tensor<8x32xf32>) -> tensor<8x32xf32> {
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 5 rows x 16 columns in registers, depth blocks of 128; every row tile under each packed panel in turn}}
  linalg.matmul ins(%a, %b : memref<50x300xf32>, memref<300x40xf32>) outs(%c : memref<50x40xf32>)
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 6 rows x 16 columns in registers, depth blocks of 128; B read where it lies (few rows of f32)}}
  linalg.matmul ins(%a12, %b : memref<12x300xf32>, memref<300x40xf32>) outs(%c12 : memref<12x40xf32>)
  // f64: depth blocks of as many bytes as f32's, 64 deep for few rows.
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 5 rows x 8 columns in registers, depth blocks of 64; B read where it lies (one row tile)}}
  linalg.matmul ins(%ad, %bd : memref<5x30xf64>, memref<30x4xf64>) outs(%cd : memref<5x4xf64>)
  // expected-remark @below {{contraction left to the loop lowering: element type is not f32 or f64}}
  linalg.matmul ins(%ai, %bi : memref<8x16xi32>, memref<16x32xi32>) outs(%ci : memref<8x32xi32>)
  // expected-remark @below {{contraction left to the loop lowering: no m, n and k dimensions}}
  linalg.matvec ins(%a, %v : memref<50x300xf32>, memref<300xf32>) outs(%r : memref<50xf32>)
  // expected-remark @below {{contraction left to the loop lowering: the result is not contiguous along an m or n dimension}}
  linalg.generic {indexing_maps = [affine_map<(i, j, k, b) -> (i, k, b)>,
                                   affine_map<(i, j, k, b) -> (k, j, b)>,
                                   affine_map<(i, j, k, b) -> (i, j, b)>],
                  iterator_types = ["parallel", "parallel", "reduction", "parallel"]}
      ins(%ab, %bb : memref<8x16x4xf32>, memref<16x32x4xf32>) outs(%cb : memref<8x32x4xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %t = arith.addf %z, %p : f32
    linalg.yield %t : f32
  }
  // expected-remark @below {{contraction left to the loop lowering: the result's last dimension is not contiguous}}
  linalg.matmul ins(%a, %b : memref<50x300xf32>, memref<300x40xf32>) outs(%cs : memref<50x40xf32, strided<[80, 2]>>)
  // expected-remark @below {{contraction left to the loop lowering: not a two-operand op on buffers}}
  %y = linalg.matmul ins(%at, %bt : tensor<8x16xf32>, tensor<16x32xf32>) outs(%ct : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %y : tensor<8x32xf32>
}

// -----

// Few rows against a B contiguous along the depth run as dot products; rows
// unknown until run time say which kernels they may take.
func.func @dot_products(%a: memref<8x40xf32>, %b: memref<35x40xf32>, %c: memref<8x35xf32>,
                        %ad: memref<?x40xf32>, %cd: memref<?x35xf32>) {
  // expected-remark @below {{contraction runs as dot products along the depth: 2 rows x 4 columns at a time, depth blocks of 512}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                   affine_map<(m, n, k) -> (n, k)>,
                                   affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<8x40xf32>, memref<35x40xf32>) outs(%c : memref<8x35xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %t = arith.addf %z, %p : f32
    linalg.yield %t : f32
  }
  // expected-remark @below {{contraction runs as a packed, register-tiled kernel: 6 rows x 16 columns in registers, depth blocks of 256 (128 for at most 128 rows); one row left to the loop lowering, at most 24 rows run as dot products along the depth}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                   affine_map<(m, n, k) -> (n, k)>,
                                   affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%ad, %b : memref<?x40xf32>, memref<35x40xf32>) outs(%cd : memref<?x35xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %t = arith.addf %z, %p : f32
    linalg.yield %t : f32
  }
  return
}
