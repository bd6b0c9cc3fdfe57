// RUN: tensor-opt %s -ten-share-contraction-kernels=explain=true -verify-diagnostics -o /dev/null

// --explain names the shared kernel at each contraction that calls it, and
// says nothing of a contraction that keeps its own.
func.func @explained(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %d: memref<?x?xf32, strided<[?, 1], offset: ?>>,
                     %e: memref<8x16xf32>, %f: memref<16x32xf32>, %g: memref<8x32xf32>) {
  // expected-remark @below {{contraction calls @ten_contraction_kernel, the one kernel of the 2 contractions of the same shapes and layout}}
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  // expected-remark @below {{contraction calls @ten_contraction_kernel, the one kernel of the 2 contractions of the same shapes and layout}}
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%d : memref<?x?xf32, strided<[?, 1], offset: ?>>)
  linalg.matmul ins(%e, %f : memref<8x16xf32>, memref<16x32xf32>) outs(%g : memref<8x32xf32>)
  return
}
