// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(ten-gpu-dispatch-gemm,cse)' -split-input-file | FileCheck %s
// RUN: tensor-opt %s -pass-pipeline='builtin.module(ten-gpu-dispatch-gemm{allow-tf32},cse)' -split-input-file | FileCheck %s --check-prefix=TF32

// A matmul after a zero fill: one call, no transposes, the fill erased and
// C not accumulated. Addresses and leading dimensions come from the
// buffers' strided metadata; the stream is the runtime's current one.
// CHECK-LABEL: func.func private @tenCudaCurrentStream() -> !llvm.ptr
// CHECK-NEXT: func.func private @tenCudaGemmStridedBatched(i32, i32, i32, index, index, index, index, index, index, index, index, index, index, index, index, index, i32, !llvm.ptr)
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: memref<64x32xf32>, %[[B:.*]]: memref<32x16xf32>, %[[C:.*]]: memref<64x16xf32>)
// CHECK-NOT: linalg.fill
// CHECK-DAG: %[[F32:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[M:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[N:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[K:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[SA:.*]]:2 = memref.extract_strided_metadata %[[A]]
// CHECK: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: %[[ADDRA:.*]] = arith.addi %[[PA]], %{{.*}} : index
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[SB:.*]]:2 = memref.extract_strided_metadata %[[B]]
// CHECK: %[[ADDRB:.*]] = arith.addi
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[SC:.*]]:2 = memref.extract_strided_metadata %[[C]]
// CHECK: %[[ADDRC:.*]] = arith.addi
// CHECK: %[[STREAM:.*]] = call @tenCudaCurrentStream() : () -> !llvm.ptr
// CHECK: call @tenCudaGemmStridedBatched(%[[F32]], %[[F32]], %[[F32]], %[[M]], %[[N]], %[[K]], %[[ONE]], %[[ADDRA]], %[[SA]]#0, %[[ZERO]], %[[ADDRB]], %[[SB]]#0, %[[ZERO]], %[[ADDRC]], %[[SC]]#0, %[[ZERO]], %[[F32]], %[[STREAM]])
// CHECK-NOT: linalg.matmul
func.func @matmul(%a: memref<64x32xf32>, %b: memref<32x16xf32>, %c: memref<64x16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<64x16xf32>)
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x16xf32>) outs(%c : memref<64x16xf32>)
  return
}

// -----

#q = affine_map<(b, h, i, j, d) -> (b, h, i, d)>
#k = affine_map<(b, h, i, j, d) -> (b, h, j, d)>
#s = affine_map<(b, h, i, j, d) -> (b, h, i, j)>

// Attention scores bhqd,bhkd->bhqk in f64: B is stored transposed (the op
// flag, ldb is its row stride: no copy); the two batch loops of contiguous
// buffers make one batch of 2*8 with the stride of h. No fill: C
// accumulates.
// CHECK-LABEL: func.func @scores
// CHECK-SAME: (%[[Q:.*]]: memref<2x8x100x64xf64>, %[[K:.*]]: memref<2x8x100x64xf64>, %[[S:.*]]: memref<2x8x100x100xf64>)
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[BATCH:.*]] = arith.constant 16 : index
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:4, %[[SQ:.*]]:4 = memref.extract_strided_metadata %[[Q]]
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:4, %[[SK:.*]]:4 = memref.extract_strided_metadata %[[K]]
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:4, %[[SS:.*]]:4 = memref.extract_strided_metadata %[[S]]
// dtype f64 (1), A as is (0), B transposed (1), ..., C accumulates (1).
// CHECK: call @tenCudaGemmStridedBatched(%[[ONE]], %[[ZERO]], %[[ONE]], %{{.*}}, %{{.*}}, %{{.*}}, %[[BATCH]], %{{.*}}, %[[SQ]]#2, %[[SQ]]#1, %{{.*}}, %[[SK]]#2, %[[SK]]#1, %{{.*}}, %[[SS]]#2, %[[SS]]#1, %[[ONE]], %{{.*}})
func.func @scores(%q: memref<2x8x100x64xf64>, %k: memref<2x8x100x64xf64>, %s: memref<2x8x100x100xf64>) {
  linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : memref<2x8x100x64xf64>, memref<2x8x100x64xf64>) outs(%s : memref<2x8x100x100xf64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %p = arith.mulf %x, %y : f64
    %r = arith.addf %acc, %p : f64
    linalg.yield %r : f64
  }
  return
}

// -----

#at = affine_map<(b, i, j, k) -> (b, k, i)>
#w = affine_map<(b, i, j, k) -> (k, j)>
#out = affine_map<(b, i, j, k) -> (b, i, j)>

// A transposed A (stored k x m: lda is its row stride along k) and a B
// shared by every batch (batch stride 0); dynamic sizes.
// CHECK-LABEL: func.func @transposed_a_broadcast_b
// CHECK-SAME: (%[[A:.*]]: memref<?x32x?xf32>, %[[W:.*]]: memref<32x16xf32>, %[[O:.*]]: memref<?x?x16xf32>)
// CHECK-DAG: %[[NOTRANS:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[TRANS:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[BATCH:.*]] = memref.dim %[[A]], %{{.*}} : memref<?x32x?xf32>
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:3, %[[SA:.*]]:3 = memref.extract_strided_metadata %[[A]]
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[SW:.*]]:2 = memref.extract_strided_metadata %[[W]]
// CHECK: call @tenCudaGemmStridedBatched(%[[NOTRANS]], %[[TRANS]], %[[NOTRANS]], %{{.*}}, %{{.*}}, %{{.*}}, %[[BATCH]], %{{.*}}, %[[SA]]#1, %[[SA]]#0, %{{.*}}, %[[SW]]#0, %[[ZERO]],
func.func @transposed_a_broadcast_b(%a: memref<?x32x?xf32>, %w: memref<32x16xf32>, %o: memref<?x?x16xf32>) {
  linalg.generic {indexing_maps = [#at, #w, #out], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %w : memref<?x32x?xf32>, memref<32x16xf32>) outs(%o : memref<?x?x16xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  }
  return
}

// -----

#a = affine_map<(i, j, k) -> (i, k)>
#b = affine_map<(i, j, k) -> (k, j)>
#ct = affine_map<(i, j, k) -> (j, i)>

// C stored transposed, C[j, i] = sum_k A[i, k] B[k, j]: computed as
// C = B^T A^T, the operands swapping roles, both read transposed.
// CHECK-LABEL: func.func @transposed_c
// CHECK-SAME: (%[[A:.*]]: memref<8x4xf32>, %[[B:.*]]: memref<4x6xf32>, %[[C:.*]]: memref<6x8xf32>)
// CHECK-DAG: %[[F32:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[TRANS:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[M:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[N:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[K:.*]] = arith.constant 4 : index
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[SB:.*]]:2 = memref.extract_strided_metadata %[[B]]
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[SA:.*]]:2 = memref.extract_strided_metadata %[[A]]
// CHECK: call @tenCudaGemmStridedBatched(%[[F32]], %[[TRANS]], %[[TRANS]], %[[M]], %[[N]], %[[K]], %{{.*}}, %{{.*}}, %[[SB]]#0, %{{.*}}, %{{.*}}, %[[SA]]#0,
func.func @transposed_c(%a: memref<8x4xf32>, %b: memref<4x6xf32>, %c: memref<6x8xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #ct], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<8x4xf32>, memref<4x6xf32>) outs(%c : memref<6x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// f16 and bf16 GEMMs are calls too, of types 2 and 3 (cuBLAS's GemmEx,
// summed in f32); allow-tf32 makes only the f32 one type 4. The element
// size scales the offsets into bytes.
// CHECK-LABEL: func.func @half_precision
// CHECK: %[[F16:.*]] = arith.constant 2 : i32
// CHECK: %[[NOTRANS:.*]] = arith.constant 0 : i32
// CHECK: %[[TWO_BYTES:.*]] = arith.constant 2 : index
// CHECK: arith.muli %{{.*}}, %[[TWO_BYTES]] : index
// CHECK: call @tenCudaGemmStridedBatched(%[[F16]], %[[NOTRANS]], %[[NOTRANS]],
// CHECK: %[[BF16:.*]] = arith.constant 3 : i32
// CHECK: call @tenCudaGemmStridedBatched(%[[BF16]], %[[NOTRANS]], %[[NOTRANS]],
// CHECK: call @tenCudaGemmStridedBatched(%[[NOTRANS]], %[[NOTRANS]], %[[NOTRANS]],
// TF32-LABEL: func.func @half_precision
// TF32: %[[F16:.*]] = arith.constant 2 : i32
// TF32: call @tenCudaGemmStridedBatched(%[[F16]],
// TF32: %[[BF16:.*]] = arith.constant 3 : i32
// TF32: call @tenCudaGemmStridedBatched(%[[BF16]],
// TF32: %[[TF32:.*]] = arith.constant 4 : i32
// TF32: call @tenCudaGemmStridedBatched(%[[TF32]],
func.func @half_precision(%a: memref<8x4xf16>, %b: memref<4x8xf16>, %c: memref<8x8xf16>,
                          %ab: memref<8x4xbf16>, %bb: memref<4x8xbf16>, %cb: memref<8x8xbf16>,
                          %af: memref<8x4xf32>, %bf: memref<4x8xf32>, %cf: memref<8x8xf32>) {
  linalg.matmul ins(%a, %b : memref<8x4xf16>, memref<4x8xf16>) outs(%c : memref<8x8xf16>)
  linalg.matmul ins(%ab, %bb : memref<8x4xbf16>, memref<4x8xbf16>) outs(%cb : memref<8x8xbf16>)
  linalg.matmul ins(%af, %bf : memref<8x4xf32>, memref<4x8xf32>) outs(%cf : memref<8x8xf32>)
  return
}

// -----

// f16 summed into a zero-filled f32 buffer that is then truncated to f16
// (how ten lowers an f16 einsum): cuBLAS writes the f16 result itself
// (type 2), into the truncation's buffer, allocated before the call now;
// the f32 buffer, its fill, the truncation and the free are gone. Into an
// f32 buffer that is read otherwise, it stays an f32 result (bf16 into
// f32: type 6).
// CHECK-LABEL: func.func @f16_einsum
// CHECK-SAME: (%[[A:.*]]: memref<6x5xf16>, %[[B:.*]]: memref<4x5xf16>)
// CHECK-NOT: f32
// CHECK: %[[NARROW:.*]] = memref.alloc() {alignment = 64 : i64} : memref<6x4xf16>
// CHECK: %[[F16:.*]] = arith.constant 2 : i32
// CHECK-NOT: f32
// CHECK: memref.extract_aligned_pointer_as_index %[[NARROW]]
// CHECK: call @tenCudaGemmStridedBatched(%[[F16]],
// CHECK-NOT: linalg.generic
// CHECK-NOT: memref.dealloc
// CHECK: return %[[NARROW]]
#x = affine_map<(i, j, k) -> (i, k)>
#w = affine_map<(i, j, k) -> (j, k)>
#y = affine_map<(i, j, k) -> (i, j)>
#id = affine_map<(i, j) -> (i, j)>
func.func @f16_einsum(%a: memref<6x5xf16>, %b: memref<4x5xf16>) -> memref<6x4xf16> {
  %zero = arith.constant 0.0 : f32
  %wide = memref.alloc() {alignment = 64 : i64} : memref<6x4xf32>
  linalg.fill ins(%zero : f32) outs(%wide : memref<6x4xf32>)
  linalg.generic {indexing_maps = [#x, #w, #y], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<6x5xf16>, memref<4x5xf16>) outs(%wide : memref<6x4xf32>) {
  ^bb0(%p: f16, %q: f16, %acc: f32):
    %pw = arith.extf %p : f16 to f32
    %qw = arith.extf %q : f16 to f32
    %m = arith.mulf %pw, %qw : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  %narrow = memref.alloc() {alignment = 64 : i64} : memref<6x4xf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%wide : memref<6x4xf32>) outs(%narrow : memref<6x4xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  }
  memref.dealloc %wide : memref<6x4xf32>
  return %narrow : memref<6x4xf16>
}

// CHECK-LABEL: func.func @f32_result_read_again
// CHECK: %[[INTO_F32:.*]] = arith.constant 6 : i32
// CHECK: call @tenCudaGemmStridedBatched(%[[INTO_F32]],
// CHECK: linalg.generic
// CHECK: arith.truncf
func.func @f32_result_read_again(%a: memref<6x5xbf16>, %b: memref<4x5xbf16>,
                                 %narrow: memref<6x4xf16>, %wide: memref<6x4xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%wide : memref<6x4xf32>)
  linalg.generic {indexing_maps = [#x, #w, #y], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<6x5xbf16>, memref<4x5xbf16>) outs(%wide : memref<6x4xf32>) {
  ^bb0(%p: bf16, %q: bf16, %acc: f32):
    %pw = arith.extf %p : bf16 to f32
    %qw = arith.extf %q : bf16 to f32
    %m = arith.mulf %pw, %qw : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%wide : memref<6x4xf32>) outs(%narrow : memref<6x4xf16>) {
  ^bb0(%in: f32, %out: f16):
    %t = arith.truncf %in : f32 to f16
    linalg.yield %t : f16
  }
  return
}

// -----

#bx = affine_map<(b, i, j, k) -> (b, i, k)>
#bw = affine_map<(b, i, j, k) -> (b, j, k)>
#bo = affine_map<(b, i, j, k) -> (b, i, j)>

// Complex GEMMs: complex<f32> is cublasCgemm (7), complex<f64> cublasZgemm
// (8); addresses count 8 and 16 bytes an element. The complex zero fill is
// erased (C not accumulated); without a fill C accumulates.
// CHECK-LABEL: func.func @complex
// CHECK-SAME: (%[[A:.*]]: memref<8x4xcomplex<f32>>, %{{.*}}: memref<4x6xcomplex<f32>>, %{{.*}}: memref<8x6xcomplex<f32>>, %[[X:.*]]: memref<3x8x4xcomplex<f64>>
// CHECK-NOT: linalg.fill
// CHECK-DAG: %[[C64:.*]] = arith.constant 7 : i32
// CHECK-DAG: %[[NO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[BYTES8:.*]] = arith.constant 8 : index
// CHECK: %{{.*}}, %[[OFFSET:.*]], %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[A]]
// CHECK: arith.muli %[[OFFSET]], %[[BYTES8]] : index
// CHECK: call @tenCudaGemmStridedBatched(%[[C64]], %[[NO]], %[[NO]], {{.*}}, %[[NO]], %{{.*}})
// CHECK-DAG: %[[C128:.*]] = arith.constant 8 : i32
// CHECK-DAG: %[[YES:.*]] = arith.constant 1 : i32
// CHECK: %{{.*}}, %[[XOFFSET:.*]], %{{.*}}:3, %{{.*}}:3 = memref.extract_strided_metadata %[[X]]
// CHECK: %[[BYTES16:.*]] = arith.constant 16 : index
// CHECK: arith.muli %[[XOFFSET]], %[[BYTES16]] : index
// CHECK: call @tenCudaGemmStridedBatched(%[[C128]], %[[NO]], %[[YES]], {{.*}}, %[[YES]], %{{.*}})
// CHECK-NOT: linalg.generic
func.func @complex(%a: memref<8x4xcomplex<f32>>, %b: memref<4x6xcomplex<f32>>, %c: memref<8x6xcomplex<f32>>,
                   %x: memref<3x8x4xcomplex<f64>>, %w: memref<3x6x4xcomplex<f64>>, %o: memref<3x8x6xcomplex<f64>>) {
  %zero = complex.constant [0.0 : f32, 0.0 : f32] : complex<f32>
  linalg.fill ins(%zero : complex<f32>) outs(%c : memref<8x6xcomplex<f32>>)
  linalg.matmul ins(%a, %b : memref<8x4xcomplex<f32>>, memref<4x6xcomplex<f32>>) outs(%c : memref<8x6xcomplex<f32>>)
  linalg.generic {indexing_maps = [#bx, #bw, #bo], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<3x8x4xcomplex<f64>>, memref<3x6x4xcomplex<f64>>) outs(%o : memref<3x8x6xcomplex<f64>>) {
  ^bb0(%p: complex<f64>, %q: complex<f64>, %acc: complex<f64>):
    %m = complex.mul %p, %q : complex<f64>
    %r = complex.add %acc, %m : complex<f64>
    linalg.yield %r : complex<f64>
  }
  return
}

// -----

#a = affine_map<(i, j, k) -> (i, k)>
#b = affine_map<(i, j, k) -> (k, j)>
#c = affine_map<(i, j, k) -> (i, j)>
#diag = affine_map<(i, k) -> (i, i)>
#vec = affine_map<(i, k) -> (k)>
#outv = affine_map<(i, k) -> (i)>
#bb = affine_map<(b, i, j, k) -> (b, i, k)>
#bw = affine_map<(b, i, j, k) -> (k, b, j)>
#bo = affine_map<(b, i, j, k) -> (b, i, j)>

// Left alone: an operand with no unit-stride dimension, a contraction that
// reads a diagonal, a batch loop that does not lead an operand's
// dimensions, an i32 matmul and one of f16 operands into f64. No call, no
// declaration.
// CHECK-NOT: tenCudaGemmStridedBatched
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-3: linalg.generic
// CHECK: linalg.matmul
// CHECK: linalg.matmul
// CHECK-NOT: call
func.func @left_alone(%b: memref<4x8xf32>, %c: memref<8x8xf32>,
                      %strided: memref<8x4xf32, strided<[8, 2]>>,
                      %ai: memref<8x4xi32>, %bi: memref<4x8xi32>, %ci: memref<8x8xi32>,
                      %m: memref<8x8xf32>, %v: memref<8xf32>, %o: memref<8xf32>,
                      %x3: memref<2x8x4xf32>, %w3: memref<4x2x8xf32>, %o3: memref<2x8x8xf32>,
                      %ah: memref<8x4xf16>, %bh: memref<4x8xf16>, %cd: memref<8x8xf64>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%strided, %b : memref<8x4xf32, strided<[8, 2]>>, memref<4x8xf32>) outs(%c : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#diag, #vec, #outv], iterator_types = ["parallel", "reduction"]}
      ins(%m, %v : memref<8x8xf32>, memref<8xf32>) outs(%o : memref<8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#bb, #bw, #bo], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x3, %w3 : memref<2x8x4xf32>, memref<4x2x8xf32>) outs(%o3 : memref<2x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  }
  linalg.matmul ins(%ai, %bi : memref<8x4xi32>, memref<4x8xi32>) outs(%ci : memref<8x8xi32>)
  linalg.matmul ins(%ah, %bh : memref<8x4xf16>, memref<4x8xf16>) outs(%cd : memref<8x8xf64>)
  return
}
