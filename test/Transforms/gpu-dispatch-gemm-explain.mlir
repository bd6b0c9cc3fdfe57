// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(ten-gpu-dispatch-gemm{explain})' -verify-diagnostics
// RUN: tensor-opt %s -pass-pipeline='builtin.module(ten-gpu-dispatch-gemm{explain allow-tf32})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=TF32
// TF32: remark: contraction runs on cuBLAS: cublasGemmStridedBatchedEx, f32 into f32 on tf32 tensor cores, B transposed

// With explain, each contraction's fate is a remark: the cuBLAS call it
// becomes, or why a generated kernel runs it.
#x = affine_map<(b, i, j, k) -> (b, i, k)>
#w = affine_map<(b, i, j, k) -> (b, j, k)>
#y = affine_map<(b, i, j, k) -> (b, i, j)>
func.func @explained(%a: memref<2x8x4xf32>, %b: memref<2x8x4xf32>, %c: memref<2x8x8xf32>,
                     %ai: memref<8x4xi32>, %bi: memref<4x8xi32>, %ci: memref<8x8xi32>) {
  // expected-remark @below {{contraction runs on cuBLAS: cublasSgemmStridedBatched, f32 into f32, B transposed, 1 batch loop}}
  linalg.generic {indexing_maps = [#x, #w, #y], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<2x8x4xf32>, memref<2x8x4xf32>) outs(%c : memref<2x8x8xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  // expected-remark @below {{contraction left to a generated kernel: element type is not f32, f64, complex<f32>, complex<f64>, or f16 or bf16 into itself or f32}}
  linalg.matmul ins(%ai, %bi : memref<8x4xi32>, memref<4x8xi32>) outs(%ci : memref<8x8xi32>)
  return
}

func.func @complex(%a: memref<8x4xcomplex<f64>>, %b: memref<4x8xcomplex<f64>>, %c: memref<8x8xcomplex<f64>>) {
  // expected-remark @below {{contraction runs on cuBLAS: cublasZgemmStridedBatched, complex<f64> into complex<f64>}}
  linalg.matmul ins(%a, %b : memref<8x4xcomplex<f64>>, memref<4x8xcomplex<f64>>) outs(%c : memref<8x8xcomplex<f64>>)
  return
}

// An op after the contraction that reads the product: folded into
// cuBLASLt's epilogue, or the reason it is not.
#rows = affine_map<(i, j) -> (i, j)>
#cols = affine_map<(i, j) -> (j)>
func.func @epilogues(%a: memref<8x4xf32>, %b: memref<4x8xf32>, %bias: memref<8xf32>,
                     %c: memref<8x8xf32>, %d: memref<8x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<8x8xf32>)
  // expected-remark @below {{contraction runs on cuBLASLt: cublasLtMatmul with the bias epilogue, f32 into f32}}
  linalg.matmul ins(%a, %b : memref<8x4xf32>, memref<4x8xf32>) outs(%c : memref<8x8xf32>)
  linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : memref<8x8xf32>, memref<8xf32>) outs(%c : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zero : f32) outs(%d : memref<8x8xf32>)
  // expected-remark @below {{contraction runs on cuBLAS: cublasSgemmStridedBatched, f32 into f32; the op after it runs as a kernel: its ReLU keeps NaN, which cuBLASLt's ReLU epilogue does not promise (fast-relu allows it)}}
  linalg.matmul ins(%a, %b : memref<8x4xf32>, memref<4x8xf32>) outs(%d : memref<8x8xf32>)
  linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%d, %bias : memref<8x8xf32>, memref<8xf32>) outs(%d : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return
}
