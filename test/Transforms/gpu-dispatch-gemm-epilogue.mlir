// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(ten-gpu-dispatch-gemm,cse)' -split-input-file | FileCheck %s
// RUN: tensor-opt %s -pass-pipeline='builtin.module(ten-gpu-dispatch-gemm{fast-relu},cse)' -split-input-file | FileCheck %s --check-prefix=FAST

#rows = affine_map<(i, j) -> (i, j)>
#cols = affine_map<(i, j) -> (j)>

// A bias added along the product's columns, in place: one call of the
// runtime's GEMM with an epilogue (1: bias), the bias's address last before
// the stream; the fill and the elementwise op are gone.
// CHECK-LABEL: func.func private @tenCudaGemmEpilogue(i32, i32, i32, index, index, index, index, index, index, index, index, index, index, index, index, index, i32, index, !llvm.ptr)
// CHECK-LABEL: func.func @bias
// CHECK-SAME: (%[[A:.*]]: memref<64x32xf32>, %[[B:.*]]: memref<32x16xf32>, %[[BIAS:.*]]: memref<16xf32>, %[[C:.*]]: memref<64x16xf32>)
// CHECK-NOT: linalg
// CHECK: %[[F32:.*]] = arith.constant 0 : i32
// CHECK: memref.extract_aligned_pointer_as_index %[[C]]
// CHECK: %[[ADDRC:.*]] = arith.addi
// CHECK: %[[BASE:.*]], %[[OFFSET:.*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[BIAS]]
// CHECK: %[[PBIAS:.*]] = memref.extract_aligned_pointer_as_index %[[BIAS]]
// CHECK: %[[OFFSET_BYTES:.*]] = arith.muli %[[OFFSET]], %c4
// CHECK: %[[ADDRBIAS:.*]] = arith.addi %[[PBIAS]], %[[OFFSET_BYTES]]
// CHECK: %[[STREAM:.*]] = call @tenCudaCurrentStream()
// CHECK: call @tenCudaGemmEpilogue(%[[F32]], %[[F32]], %[[F32]], {{.*}}, %[[ADDRC]], %{{.*}}, %{{.*}}, %c1_i32, %[[ADDRBIAS]], %[[STREAM]])
// CHECK-NOT: linalg
// CHECK-NOT: tenCudaGemmStridedBatched
func.func @bias(%a: memref<64x32xf32>, %b: memref<32x16xf32>, %bias: memref<16xf32>, %c: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<64x16xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>) outs(%c : memref<64x16xf32>)
  linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : memref<64x16xf32>, memref<16xf32>) outs(%c : memref<64x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %y, %x : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#cols = affine_map<(i, j) -> (j)>

// ReLUs that map NaN to 0 themselves (maxnumf, x > 0 ? x : 0, unordered
// x < 0 ? 0 : x) are cuBLASLt's bias and ReLU epilogue (2); the product,
// written into another buffer that exists before the GEMM, has no use
// left and is erased.
// CHECK-LABEL: func.func @relu_drops_nan
// CHECK-SAME: (%{{.*}}: memref<64x32xf32>, %{{.*}}: memref<32x16xf32>, %{{.*}}: memref<16xf32>, %[[OUT1:.*]]: memref<64x16xf32>, %[[OUT2:.*]]: memref<64x16xf32>, %[[OUT3:.*]]: memref<64x16xf32>)
// CHECK-NOT: memref.alloc
// CHECK-NOT: linalg
// CHECK: memref.extract_aligned_pointer_as_index %[[OUT1]]
// CHECK: call @tenCudaGemmEpilogue({{.*}}, %c2_i32, %{{.*}}, %{{.*}})
// CHECK: memref.extract_aligned_pointer_as_index %[[OUT2]]
// CHECK: call @tenCudaGemmEpilogue({{.*}}, %c2_i32, %{{.*}}, %{{.*}})
// CHECK: memref.extract_aligned_pointer_as_index %[[OUT3]]
// CHECK: call @tenCudaGemmEpilogue({{.*}}, %c2_i32, %{{.*}}, %{{.*}})
// CHECK-NOT: linalg
// CHECK-NOT: memref.dealloc
func.func @relu_drops_nan(%a: memref<64x32xf32>, %b: memref<32x16xf32>, %bias: memref<16xf32>,
                          %out1: memref<64x16xf32>, %out2: memref<64x16xf32>, %out3: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %c1 = memref.alloc() : memref<64x16xf32>
  linalg.fill ins(%zero : f32) outs(%c1 : memref<64x16xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>) outs(%c1 : memref<64x16xf32>)
  linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%c1, %bias : memref<64x16xf32>, memref<16xf32>) outs(%out1 : memref<64x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %r = arith.maxnumf %s, %zero : f32
    linalg.yield %r : f32
  }
  memref.dealloc %c1 : memref<64x16xf32>
  %c2 = memref.alloc() : memref<64x16xf32>
  linalg.fill ins(%zero : f32) outs(%c2 : memref<64x16xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>) outs(%c2 : memref<64x16xf32>)
  linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%c2, %bias : memref<64x16xf32>, memref<16xf32>) outs(%out2 : memref<64x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %p = arith.cmpf ogt, %s, %zero : f32
    %r = arith.select %p, %s, %zero : f32
    linalg.yield %r : f32
  }
  memref.dealloc %c2 : memref<64x16xf32>
  %c3 = memref.alloc() : memref<64x16xf32>
  linalg.fill ins(%zero : f32) outs(%c3 : memref<64x16xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>) outs(%c3 : memref<64x16xf32>)
  linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%c3, %bias : memref<64x16xf32>, memref<16xf32>) outs(%out3 : memref<64x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %n = arith.cmpf ult, %s, %zero : f32
    %r = arith.select %n, %zero, %s : f32
    linalg.yield %r : f32
  }
  memref.dealloc %c3 : memref<64x16xf32>
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#cols = affine_map<(i, j) -> (j)>

// ten's ReLU (x < 0 ? 0 : x) and maximumf keep NaN: left to a kernel after
// a plain GEMM unless fast-relu folds them all the same.
// CHECK-LABEL: func.func @relu_keeps_nan
// CHECK-COUNT-2: call @tenCudaGemmStridedBatched
// CHECK-NOT: call @tenCudaGemmEpilogue
// FAST-LABEL: func.func @relu_keeps_nan
// FAST-NOT: linalg
// FAST-COUNT-2: call @tenCudaGemmEpilogue({{.*}}, %c2_i32, %{{.*}}, %{{.*}})
// FAST-NOT: linalg
func.func @relu_keeps_nan(%a: memref<64x32xf32>, %b: memref<32x16xf32>, %bias: memref<16xf32>,
                          %c: memref<64x16xf32>, %d: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<64x16xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>) outs(%c : memref<64x16xf32>)
  linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : memref<64x16xf32>, memref<16xf32>) outs(%c : memref<64x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %n = arith.cmpf olt, %s, %zero : f32
    %r = arith.select %n, %zero, %s : f32
    linalg.yield %r : f32
  }
  linalg.fill ins(%zero : f32) outs(%d : memref<64x16xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>) outs(%d : memref<64x16xf32>)
  linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%d, %bias : memref<64x16xf32>, memref<16xf32>) outs(%d : memref<64x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return
}

// -----

#a3 = affine_map<(b, i, j, k) -> (b, i, k)>
#b3 = affine_map<(b, i, j, k) -> (k, j)>
#c3 = affine_map<(b, i, j, k) -> (b, i, j)>
#rows3 = affine_map<(b, i, j) -> (b, i, j)>
#cols3 = affine_map<(b, i, j) -> (j)>

// A batch of products shares one bias: the epilogue GEMM with its batch
// count, the bias indexed by the last loop.
// CHECK-LABEL: func.func @batched_bias
// FAST-LABEL: func.func @batched_bias
// CHECK: call @tenCudaGemmEpilogue(%{{.*}}, %{{.*}}, %{{.*}}, %c7, %c9, %c8, %c3,
func.func @batched_bias(%q: memref<3x7x8xf32>, %k: memref<8x9xf32>, %bias: memref<9xf32>, %s: memref<3x7x9xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%s : memref<3x7x9xf32>)
  linalg.generic {indexing_maps = [#a3, #b3, #c3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : memref<3x7x8xf32>, memref<8x9xf32>) outs(%s : memref<3x7x9xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %r = arith.addf %acc, %m : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#rows3, #cols3, #rows3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%s, %bias : memref<3x7x9xf32>, memref<9xf32>) outs(%s : memref<3x7x9xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %r = arith.addf %x, %y : f32
    linalg.yield %r : f32
  }
  return
}

// -----

#rows = affine_map<(i, j) -> (i, j)>
#cols = affine_map<(i, j) -> (j)>
#bycol = affine_map<(i, j) -> (i)>

// Left to a plain GEMM and a kernel: a product that accumulates (no fill),
// a bias along the rows, a body that does more than add and ReLU, a strided
// bias, an allocation between the GEMM and the op, a product that other
// ops use when the op writes another buffer, and an f64 product.
// CHECK-LABEL: func.func @not_epilogues
// CHECK-NOT: call @tenCudaGemmEpilogue
// CHECK-COUNT-7: linalg.generic
// CHECK-NOT: call @tenCudaGemmEpilogue
func.func @not_epilogues(%a: memref<64x32xf32>, %b: memref<32x16xf32>, %bias: memref<16xf32>,
                         %rowbias: memref<64xf32>, %strided: memref<16xf32, strided<[2]>>,
                         %c: memref<64x16xf32>, %d: memref<64x16xf32>,
                         %a64: memref<64x32xf64>, %b64: memref<32x16xf64>, %bias64: memref<16xf64>,
                         %c64: memref<64x16xf64>) -> memref<64x16xf32> {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>) outs(%c : memref<64x16xf32>)
  linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : memref<64x16xf32>, memref<16xf32>) outs(%c : memref<64x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zero : f32) outs(%c : memref<64x16xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>) outs(%c : memref<64x16xf32>)
  linalg.generic {indexing_maps = [#rows, #bycol, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%c, %rowbias : memref<64x16xf32>, memref<64xf32>) outs(%c : memref<64x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zero : f32) outs(%c : memref<64x16xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>) outs(%c : memref<64x16xf32>)
  linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : memref<64x16xf32>, memref<16xf32>) outs(%c : memref<64x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.mulf %s, %two : f32
    linalg.yield %t : f32
  }
  linalg.fill ins(%zero : f32) outs(%c : memref<64x16xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>) outs(%c : memref<64x16xf32>)
  linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%c, %strided : memref<64x16xf32>, memref<16xf32, strided<[2]>>) outs(%c : memref<64x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zero : f32) outs(%c : memref<64x16xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>) outs(%c : memref<64x16xf32>)
  %late = memref.alloc() : memref<64x16xf32>
  linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : memref<64x16xf32>, memref<16xf32>) outs(%late : memref<64x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zero : f32) outs(%c : memref<64x16xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>) outs(%c : memref<64x16xf32>)
  linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : memref<64x16xf32>, memref<16xf32>) outs(%d : memref<64x16xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  %zero64 = arith.constant 0.0 : f64
  linalg.fill ins(%zero64 : f64) outs(%c64 : memref<64x16xf64>)
  linalg.matmul ins(%a64, %b64 : memref<64x32xf64>, memref<32x16xf64>) outs(%c64 : memref<64x16xf64>)
  linalg.generic {indexing_maps = [#rows, #cols, #rows], iterator_types = ["parallel", "parallel"]}
      ins(%c64, %bias64 : memref<64x16xf64>, memref<16xf64>) outs(%c64 : memref<64x16xf64>) {
  ^bb0(%x: f64, %y: f64, %out: f64):
    %s = arith.addf %x, %y : f64
    linalg.yield %s : f64
  }
  return %late : memref<64x16xf32>
}
