// Contractions that run as the packed, register-tiled kernel
// (ten-contraction-kernel): sizes that leave partial tiles in every
// direction, more than one depth block (K > 256, or K > 128 for at most
// 128 rows) and column block (N > 384), each operand transposed, the
// result contiguous along the first operand, batch dimensions anywhere,
// extra m, n and k dimensions, f64, dynamic sizes, last columns as dot
// products, and a GEMM large enough for the prefetches of A and C; and
// those of few rows whose operands are both contiguous along the depth,
// which run as dot products (at most 24 rows: those of more rows above run
// as tiles). Checked against NumPy with two threads and with one, and with
// the vectors of other hosts: 256-bit (AVX2: 8 x 8 f32 and 4 x 4 f64
// transposes, dot products of 2 rows x 4 columns of f32) and 128-bit;
// TEN_HOST_VECTOR_BITS compiles those as for such a host (no AVX-512, or
// no AVX, in the code LLVM emits).
// RUN: %check-numpy %s --num-threads=2 | FileCheck %s
// RUN: %check-numpy %s --num-threads=1 | FileCheck %s
// RUN: %check-numpy %s --num-threads=2 '--pipeline-options=vector-bits=256 register-rows=6' | FileCheck %s
// RUN: env TEN_HOST_VECTOR_BITS=256 %check-numpy %s --num-threads=2 | FileCheck %s
// RUN: env TEN_HOST_VECTOR_BITS=128 %check-numpy %s --num-threads=2 '--pipeline-options=vector-bits=128 register-rows=4' | FileCheck %s
// CHECK: 0 failed

// NUMPY @edges: a = rand(7, 300); b = rand(300, 401); args = [a, b]; results = [a @ b]; rtol = 1e-4; atol = 1e-5
func.func @edges(%a: tensor<7x300xf32>, %b: tensor<300x401xf32>) -> tensor<7x401xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<7x300xf32>, tensor<300x401xf32>) -> tensor<7x401xf32>
  return %y : tensor<7x401xf32>
}

// NUMPY @one_by_one: a = rand(1, 1); b = rand(1, 1); args = [a, b]; results = [a @ b]
func.func @one_by_one(%a: tensor<1x1xf32>, %b: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  return %y : tensor<1x1xf32>
}

// NUMPY @rhs_transposed: a = rand(29, 70); b = rand(35, 70); args = [a, b]; results = [a @ b.T]; rtol = 1e-4; atol = 1e-5
func.func @rhs_transposed(%a: tensor<29x70xf32>, %b: tensor<35x70xf32>) -> tensor<29x35xf32> {
  %y = ten.einsum "ik,jk->ij" (%a, %b) : (tensor<29x70xf32>, tensor<35x70xf32>) -> tensor<29x35xf32>
  return %y : tensor<29x35xf32>
}

// NUMPY @lhs_transposed: a = rand(70, 13); b = rand(70, 35); args = [a, b]; results = [a.T @ b]; rtol = 1e-4; atol = 1e-5
func.func @lhs_transposed(%a: tensor<70x13xf32>, %b: tensor<70x35xf32>) -> tensor<13x35xf32> {
  %y = ten.einsum "ki,kj->ij" (%a, %b) : (tensor<70x13xf32>, tensor<70x35xf32>) -> tensor<13x35xf32>
  return %y : tensor<13x35xf32>
}

// NUMPY @lhs_transposed_f64_blocks: a = rand(600, 50, dtype=f64); b = rand(600, 70, dtype=f64); args = [a, b]; results = [a.T @ b]; rtol = 1e-12
func.func @lhs_transposed_f64_blocks(%a: tensor<600x50xf64>, %b: tensor<600x70xf64>) -> tensor<50x70xf64> {
  %y = ten.einsum "ki,kj->ij" (%a, %b) : (tensor<600x50xf64>, tensor<600x70xf64>) -> tensor<50x70xf64>
  return %y : tensor<50x70xf64>
}

// NUMPY @lhs_every_other: a = rand(64, 600); b = rand(300, 40); args = [a, b]; results = [a[::2, ::2] @ b]; rtol = 1e-4; atol = 1e-5
func.func @lhs_every_other(%a: tensor<64x600xf32>, %b: tensor<300x40xf32>) -> tensor<32x40xf32> {
  %s = ten.slice %a [::2, ::2] : tensor<64x600xf32> -> tensor<32x300xf32>
  %y = ten.einsum "ij,jk->ik" (%s, %b) : (tensor<32x300xf32>, tensor<300x40xf32>) -> tensor<32x40xf32>
  return %y : tensor<32x40xf32>
}

// NUMPY @result_along_first: a = rand(19, 33); b = rand(33, 11); args = [a, b]; results = [(a @ b).T]; rtol = 1e-4; atol = 1e-5
func.func @result_along_first(%a: tensor<19x33xf32>, %b: tensor<33x11xf32>) -> tensor<11x19xf32> {
  %y = ten.einsum "ij,jk->ki" (%a, %b) : (tensor<19x33xf32>, tensor<33x11xf32>) -> tensor<11x19xf32>
  return %y : tensor<11x19xf32>
}

// NUMPY @attention_scores: q = rand(2, 3, 27, 16); k = rand(2, 3, 9, 16); args = [q, k]; results = [np.einsum('bhqd,bhkd->bhqk', q, k)]; rtol = 1e-4; atol = 1e-5
func.func @attention_scores(%q: tensor<2x3x27x16xf32>, %k: tensor<2x3x9x16xf32>) -> tensor<2x3x27x9xf32> {
  %y = ten.einsum "bhqd,bhkd->bhqk" (%q, %k) : (tensor<2x3x27x16xf32>, tensor<2x3x9x16xf32>) -> tensor<2x3x27x9xf32>
  return %y : tensor<2x3x27x9xf32>
}

// NUMPY @batch_inside: a = rand(9, 4, 20); b = rand(4, 20, 18); args = [a, b]; results = [np.einsum('ibj,bjk->bik', a, b)]; rtol = 1e-4; atol = 1e-5
func.func @batch_inside(%a: tensor<9x4x20xf32>, %b: tensor<4x20x18xf32>) -> tensor<4x9x18xf32> {
  %y = ten.einsum "ibj,bjk->bik" (%a, %b) : (tensor<9x4x20xf32>, tensor<4x20x18xf32>) -> tensor<4x9x18xf32>
  return %y : tensor<4x9x18xf32>
}

// NUMPY @extra_dims: a = rand(3, 5, 6, 7); b = rand(6, 7, 4, 17); args = [a, b]; results = [np.einsum('ahkl,klnj->ahnj', a, b)]; rtol = 1e-4; atol = 1e-5
func.func @extra_dims(%a: tensor<3x5x6x7xf32>, %b: tensor<6x7x4x17xf32>) -> tensor<3x5x4x17xf32> {
  %y = ten.einsum "ahkl,klnj->ahnj" (%a, %b) : (tensor<3x5x6x7xf32>, tensor<6x7x4x17xf32>) -> tensor<3x5x4x17xf32>
  return %y : tensor<3x5x4x17xf32>
}

// 128 rows are few: depth blocks of 128, the last of them one deep (257).
// NUMPY @few_rows_last_depth: a = rand(128, 257); b = rand(257, 70); args = [a, b]; results = [a @ b]; rtol = 1e-4; atol = 1e-5
func.func @few_rows_last_depth(%a: tensor<128x257xf32>, %b: tensor<257x70xf32>) -> tensor<128x70xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<128x257xf32>, tensor<257x70xf32>) -> tensor<128x70xf32>
  return %y : tensor<128x70xf32>
}

// At most 128 rows (and more than 64 of f32) and more than one block: each
// block of B is packed under the tiles of the one before it, into the other
// of two buffers, here across depth blocks (300 = 128 + 128 + 44) and from
// the last depth block of one column block (768 columns of f32 where
// blocks are 384 KiB) to the first of the next.
// NUMPY @packed_under_tiles: a = rand(100, 300); b = rand(300, 1000); args = [a, b]; results = [a @ b]; rtol = 1e-4; atol = 1e-5
func.func @packed_under_tiles(%a: tensor<100x300xf32>, %b: tensor<300x1000xf32>) -> tensor<100x1000xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<100x300xf32>, tensor<300x1000xf32>) -> tensor<100x1000xf32>
  return %y : tensor<100x1000xf32>
}

// NUMPY @packed_under_tiles_f64: a = rand(37, 300, dtype=f64); b = rand(300, 500, dtype=f64); args = [a, b]; results = [a @ b]; rtol = 1e-12
func.func @packed_under_tiles_f64(%a: tensor<37x300xf64>, %b: tensor<300x500xf64>) -> tensor<37x500xf64> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<37x300xf64>, tensor<300x500xf64>) -> tensor<37x500xf64>
  return %y : tensor<37x500xf64>
}

// Last panels of 8 f32 and 4 f64 columns (520 = 16 x 32 + 8, 100 = 6 x 16
// + 4): a quarter-width tile of 256-bit vectors with AVX-512, the half
// width with AVX2. The batch's C (6.5 MB) is large enough that the first
// depth block prefetches it for writing (above 3 MiB on a 1 MiB L2, 6 MiB
// on a 2 MiB one; per thread with two, 3.3 MB).
// NUMPY @quarter_tiles: a = rand(32, 100, 64); b = rand(32, 64, 520); c = rand(70, 90, dtype=f64); d = rand(90, 100, dtype=f64); args = [a, b, c, d]; results = [a @ b, c @ d]; rtol = 1e-4; atol = 1e-5
func.func @quarter_tiles(%a: tensor<32x100x64xf32>, %b: tensor<32x64x520xf32>, %c: tensor<70x90xf64>, %d: tensor<90x100xf64>) -> (tensor<32x100x520xf32>, tensor<70x100xf64>) {
  %y = ten.einsum "bij,bjk->bik" (%a, %b) : (tensor<32x100x64xf32>, tensor<32x64x520xf32>) -> tensor<32x100x520xf32>
  %z = ten.einsum "ij,jk->ik" (%c, %d) : (tensor<70x90xf64>, tensor<90x100xf64>) -> tensor<70x100xf64>
  return %y, %z : tensor<32x100x520xf32>, tensor<70x100xf64>
}

// The same in each of a batch: the first iteration packs its first block
// itself, and each iteration's last block packs the next one's first.
// NUMPY @packed_under_tiles_batched: a = rand(3, 70, 300); b = rand(3, 300, 50); args = [a, b]; results = [a @ b]; rtol = 1e-4; atol = 1e-5
func.func @packed_under_tiles_batched(%a: tensor<3x70x300xf32>, %b: tensor<3x300x50xf32>) -> tensor<3x70x50xf32> {
  %y = ten.einsum "bij,bjk->bik" (%a, %b) : (tensor<3x70x300xf32>, tensor<3x300x50xf32>) -> tensor<3x70x50xf32>
  return %y : tensor<3x70x50xf32>
}

// A reduction over the batch (an outer loop): each iteration's last block
// packs the next one's first, and the fill is folded into the first block
// of the first iteration only.
// NUMPY @packed_under_tiles_outer_sum: a = rand(3, 20, 300, dtype=f64); b = rand(3, 300, 50, dtype=f64); args = [a, b]; results = [np.einsum("bij,bjk->ik", a, b)]; rtol = 1e-10
func.func @packed_under_tiles_outer_sum(%a: tensor<3x20x300xf64>, %b: tensor<3x300x50xf64>) -> tensor<20x50xf64> {
  %y = ten.einsum "bij,bjk->ik" (%a, %b) : (tensor<3x20x300xf64>, tensor<3x300x50xf64>) -> tensor<20x50xf64>
  return %y : tensor<20x50xf64>
}

// One block in each iteration of two batch loops, which A's layout keeps
// apart (W4's shape): each block is packed under the tiles of the one in
// the iteration before, the inner batch loop carrying into the outer.
// NUMPY @packed_under_tiles_two_batches: a = rand(2, 70, 3, 64); b = rand(2, 3, 64, 48); args = [a, b]; results = [np.einsum("aibj,abjk->abik", a, b)]; rtol = 1e-4; atol = 1e-5
func.func @packed_under_tiles_two_batches(%a: tensor<2x70x3x64xf32>, %b: tensor<2x3x64x48xf32>) -> tensor<2x3x70x48xf32> {
  %y = ten.einsum "aibj,abjk->abik" (%a, %b) : (tensor<2x70x3x64xf32>, tensor<2x3x64x48xf32>) -> tensor<2x3x70x48xf32>
  return %y : tensor<2x3x70x48xf32>
}

// The same with the batch's size known only when it runs.
// NUMPY @packed_under_tiles_dynamic_batch: a = rand(5, 70, 64); b = rand(5, 64, 48); args = [a, b]; results = [a @ b]; rtol = 1e-4; atol = 1e-5
func.func @packed_under_tiles_dynamic_batch(%a: tensor<?x70x64xf32>, %b: tensor<?x64x48xf32>) -> tensor<?x70x48xf32> {
  %y = ten.einsum "bij,bjk->bik" (%a, %b) : (tensor<?x70x64xf32>, tensor<?x64x48xf32>) -> tensor<?x70x48xf32>
  return %y : tensor<?x70x48xf32>
}

// Rows known, depth and columns not (the blocks' count known only when
// the op runs).
// NUMPY @packed_under_tiles_dynamic: a = rand(20, 300, dtype=f64); b = rand(300, 450, dtype=f64); args = [a, b]; results = [a @ b]; rtol = 1e-10
func.func @packed_under_tiles_dynamic(%a: tensor<20x?xf64>, %b: tensor<?x?xf64>) -> tensor<20x?xf64> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<20x?xf64>, tensor<?x?xf64>) -> tensor<20x?xf64>
  return %y : tensor<20x?xf64>
}

// At most 64 rows of f32 in several row tiles: every tile reads B where it
// lies, over several depth and column blocks.
// Few rows in many tiles (64 rows: 11 tiles of 6 with 256-bit vectors, 16
// of 4 with 128-bit ones): every tile under each panel, the first reading
// B and packing the panel; A transposed too (packed depth-major).
// NUMPY @tiles_under_panels: a = rand(64, 300); b = rand(300, 1000); t = rand(300, 59); args = [a, b, t]; results = [a @ b, t.T @ b]; rtol = 1e-4; atol = 1e-5
func.func @tiles_under_panels(%a: tensor<64x300xf32>, %b: tensor<300x1000xf32>, %t: tensor<300x59xf32>) -> (tensor<64x1000xf32>, tensor<59x1000xf32>) {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<64x300xf32>, tensor<300x1000xf32>) -> tensor<64x1000xf32>
  %z = ten.einsum "ji,jk->ik" (%t, %b) : (tensor<300x59xf32>, tensor<300x1000xf32>) -> tensor<59x1000xf32>
  return %y, %z : tensor<64x1000xf32>, tensor<59x1000xf32>
}

// NUMPY @few_rows_direct: a = rand(45, 300); b = rand(300, 1000); args = [a, b]; results = [a @ b]; rtol = 1e-4; atol = 1e-5
func.func @few_rows_direct(%a: tensor<45x300xf32>, %b: tensor<300x1000xf32>) -> tensor<45x1000xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<45x300xf32>, tensor<300x1000xf32>) -> tensor<45x1000xf32>
  return %y : tensor<45x1000xf32>
}

// NUMPY @f64_blocks: a = rand(8, 260, dtype=f64); b = rand(260, 200, dtype=f64); args = [a, b]; results = [a @ b]; rtol = 1e-12
func.func @f64_blocks(%a: tensor<8x260xf64>, %b: tensor<260x200xf64>) -> tensor<8x200xf64> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<8x260xf64>, tensor<260x200xf64>) -> tensor<8x200xf64>
  return %y : tensor<8x200xf64>
}

// NUMPY @dynamic: a = rand(11, 29); b = rand(29, 23); args = [a, b]; results = [a @ b]; rtol = 1e-4; atol = 1e-5
func.func @dynamic(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// Rows unknown until run time: depth blocks of 128 for 100 rows (300 deep:
// 128, 128, 44), of 256 for 300 rows (256, 44).
// NUMPY @dynamic_few_rows: a = rand(100, 300); b = rand(300, 50); args = [a, b]; results = [a @ b]; rtol = 1e-4; atol = 1e-5
func.func @dynamic_few_rows(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// Rows unknown until run time whose last tile holds at most half of a
// tile's rows (61, 63 and 64 rows: 1, 3 and 4 left of tiles of 12; 1 and 3
// of tiles of 6 and 4), which runs a tile half as high, and 71 rows (11
// left), which does not.
// NUMPY @dynamic_short_tile: a = [rand(rows, 300) for rows in (61, 63, 64, 71)]; b = rand(300, 45); args = a + [b]; results = [x @ b for x in a]; rtol = 1e-4; atol = 1e-5
func.func @dynamic_short_tile(%a61: tensor<?x?xf32>, %a63: tensor<?x?xf32>, %a64: tensor<?x?xf32>, %a71: tensor<?x?xf32>, %b: tensor<?x?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %y61 = ten.einsum "ij,jk->ik" (%a61, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %y63 = ten.einsum "ij,jk->ik" (%a63, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %y64 = ten.einsum "ij,jk->ik" (%a64, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %y71 = ten.einsum "ij,jk->ik" (%a71, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y61, %y63, %y64, %y71 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// NUMPY @dynamic_many_rows: a = rand(300, 300); b = rand(300, 40); args = [a, b]; results = [a @ b]; rtol = 1e-4; atol = 1e-5
func.func @dynamic_many_rows(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// Rows unknown until run time against a known matrix: on two threads, 8
// rows split along the matrix's columns (it is the larger input), 1000 rows
// along the rows; the split is chosen when it runs (ten-parallelize), and
// each thread zeroes its own tile of the result.
// NUMPY @rows_unknown_few: x = rand(8, 64); w = rand(64, 256); args = [x, w]; results = [x @ w]; rtol = 1e-4; atol = 1e-5
func.func @rows_unknown_few(%x: tensor<?x64xf32>, %w: tensor<64x256xf32>) -> tensor<?x256xf32> {
  %y = ten.einsum "ij,jk->ik" (%x, %w) : (tensor<?x64xf32>, tensor<64x256xf32>) -> tensor<?x256xf32>
  return %y : tensor<?x256xf32>
}

// NUMPY @rows_unknown_many: x = rand(1000, 64); w = rand(64, 256); args = [x, w]; results = [x @ w]; rtol = 1e-4; atol = 1e-5
func.func @rows_unknown_many(%x: tensor<?x64xf32>, %w: tensor<64x256xf32>) -> tensor<?x256xf32> {
  %y = ten.einsum "ij,jk->ik" (%x, %w) : (tensor<?x64xf32>, tensor<64x256xf32>) -> tensor<?x256xf32>
  return %y : tensor<?x256xf32>
}

// NUMPY @one_row: a = rand(1, 300); b = rand(300, 401); args = [a, b]; results = [a @ b]; rtol = 1e-4; atol = 1e-5
func.func @one_row(%a: tensor<1x300xf32>, %b: tensor<300x401xf32>) -> tensor<1x401xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<1x300xf32>, tensor<300x401xf32>) -> tensor<1x401xf32>
  return %y : tensor<1x401xf32>
}

// NUMPY @vector_matrix_f64: a = rand(700, dtype=f64); b = rand(700, 90, dtype=f64); args = [a, b]; results = [a @ b]; rtol = 1e-12
func.func @vector_matrix_f64(%a: tensor<700xf64>, %b: tensor<700x90xf64>) -> tensor<90xf64> {
  %y = ten.einsum "j,jk->k" (%a, %b) : (tensor<700xf64>, tensor<700x90xf64>) -> tensor<90xf64>
  return %y : tensor<90xf64>
}

// NUMPY @rows_unknown_one: x = rand(1, 300); w = rand(300, 333); args = [x, w]; results = [x @ w]; rtol = 1e-4; atol = 1e-5
func.func @rows_unknown_one(%x: tensor<?x300xf32>, %w: tensor<300x333xf32>) -> tensor<?x333xf32> {
  %y = ten.einsum "ij,jk->ik" (%x, %w) : (tensor<?x300xf32>, tensor<300x333xf32>) -> tensor<?x333xf32>
  return %y : tensor<?x333xf32>
}

// NUMPY @rows_unknown_eleven_f64: x = rand(11, 260, dtype=f64); w = rand(260, 70, dtype=f64); args = [x, w]; results = [x @ w]; rtol = 1e-12
func.func @rows_unknown_eleven_f64(%x: tensor<?x260xf64>, %w: tensor<260x70xf64>) -> tensor<?x70xf64> {
  %y = ten.einsum "ij,jk->ik" (%x, %w) : (tensor<?x260xf64>, tensor<260x70xf64>) -> tensor<?x70xf64>
  return %y : tensor<?x70xf64>
}

// NUMPY @rows_unknown_thirteen: x = rand(13, 64); w = rand(64, 100); args = [x, w]; results = [x @ w]; rtol = 1e-4; atol = 1e-5
func.func @rows_unknown_thirteen(%x: tensor<?x64xf32>, %w: tensor<64x100xf32>) -> tensor<?x100xf32> {
  %y = ten.einsum "ij,jk->ik" (%x, %w) : (tensor<?x64xf32>, tensor<64x100xf32>) -> tensor<?x100xf32>
  return %y : tensor<?x100xf32>
}

// NUMPY @matrix_vector: w = rand(301, 517); x = rand(517); args = [w, x]; results = [w @ x]; rtol = 1e-4; atol = 1e-5
func.func @matrix_vector(%w: tensor<301x517xf32>, %x: tensor<517xf32>) -> tensor<301xf32> {
  %y = ten.einsum "kj,j->k" (%w, %x) : (tensor<301x517xf32>, tensor<517xf32>) -> tensor<301xf32>
  return %y : tensor<301xf32>
}

// NUMPY @matrix_vector_i32: w = randint(70, 90); x = randint(90); args = [w, x]; results = [w @ x]
func.func @matrix_vector_i32(%w: tensor<70x90xi32>, %x: tensor<90xi32>) -> tensor<70xi32> {
  %y = ten.einsum "kj,j->k" (%w, %x) : (tensor<70x90xi32>, tensor<90xi32>) -> tensor<70xi32>
  return %y : tensor<70xi32>
}

// NUMPY @batched_one_row: a = rand(5, 1, 40); b = rand(5, 40, 33); args = [a, b]; results = [a @ b]; rtol = 1e-4; atol = 1e-5
func.func @batched_one_row(%a: tensor<5x1x40xf32>, %b: tensor<5x40x33xf32>) -> tensor<5x1x33xf32> {
  %y = ten.einsum "bij,bjk->bik" (%a, %b) : (tensor<5x1x40xf32>, tensor<5x40x33xf32>) -> tensor<5x1x33xf32>
  return %y : tensor<5x1x33xf32>
}

// NUMPY @batched_rows_unknown: a = rand(3, 7, 40); b = rand(3, 40, 70); args = [a, b]; results = [a @ b]; rtol = 1e-4; atol = 1e-5
func.func @batched_rows_unknown(%a: tensor<3x?x40xf32>, %b: tensor<3x40x70xf32>) -> tensor<3x?x70xf32> {
  %y = ten.einsum "bij,bjk->bik" (%a, %b) : (tensor<3x?x40xf32>, tensor<3x40x70xf32>) -> tensor<3x?x70xf32>
  return %y : tensor<3x?x70xf32>
}

// NUMPY @one_row_empty_depth: a = rand(1, 0); b = rand(0, 7); args = [a, b]; results = [a @ b]
func.func @one_row_empty_depth(%a: tensor<1x0xf32>, %b: tensor<0x7xf32>) -> tensor<1x7xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<1x0xf32>, tensor<0x7xf32>) -> tensor<1x7xf32>
  return %y : tensor<1x7xf32>
}

// NUMPY @rows_unknown_one_transposed_rhs: x = rand(1, 300); w = rand(333, 300); args = [x, w]; results = [x @ w.T]; rtol = 1e-4; atol = 1e-5
func.func @rows_unknown_one_transposed_rhs(%x: tensor<?x300xf32>, %w: tensor<333x300xf32>) -> tensor<?x333xf32> {
  %y = ten.einsum "ij,kj->ik" (%x, %w) : (tensor<?x300xf32>, tensor<333x300xf32>) -> tensor<?x333xf32>
  return %y : tensor<?x333xf32>
}

// NUMPY @rows_unknown_five_transposed_rhs: x = rand(5, 300); w = rand(333, 300); args = [x, w]; results = [x @ w.T]; rtol = 1e-4; atol = 1e-5
func.func @rows_unknown_five_transposed_rhs(%x: tensor<?x300xf32>, %w: tensor<333x300xf32>) -> tensor<?x333xf32> {
  %y = ten.einsum "ij,kj->ik" (%x, %w) : (tensor<?x300xf32>, tensor<333x300xf32>) -> tensor<?x333xf32>
  return %y : tensor<?x333xf32>
}

// NUMPY @empty_depth: a = rand(4, 0); b = rand(0, 5); args = [a, b]; results = [a @ b]
func.func @empty_depth(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// NUMPY @empty_rows: a = rand(0, 6); b = rand(6, 5); args = [a, b]; results = [a @ b]
func.func @empty_rows(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// NUMPY @chain: a = rand(20, 40); b = rand(40, 30); c = rand(30, 25); args = [a, b, c]; results = [a @ b @ c]; rtol = 1e-4; atol = 1e-5
func.func @chain(%a: tensor<20x40xf32>, %b: tensor<40x30xf32>, %c: tensor<30x25xf32>) -> tensor<20x25xf32> {
  %y = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<20x40xf32>, tensor<40x30xf32>, tensor<30x25xf32>) -> tensor<20x25xf32>
  return %y : tensor<20x25xf32>
}

// A B contiguous along the depth whose last panel has one whole block of 16
// columns and none after it (48 = 32 + 16), with whole depth blocks only.
// NUMPY @rhs_transposed_whole_blocks: a = rand(29, 48); b = rand(48, 48); args = [a, b]; results = [a @ b.T]; rtol = 1e-4; atol = 1e-5
func.func @rhs_transposed_whole_blocks(%a: tensor<29x48xf32>, %b: tensor<48x48xf32>) -> tensor<29x48xf32> {
  %y = ten.einsum "ik,jk->ij" (%a, %b) : (tensor<29x48xf32>, tensor<48x48xf32>) -> tensor<29x48xf32>
  return %y : tensor<29x48xf32>
}

// Large enough (per thread) for the prefetches of the next rows of A and
// the next tiles of C; the last row tile and column block are partial.
// NUMPY @prefetched: a = rand(1601, 300); b = rand(300, 401); args = [a, b]; results = [a @ b]; rtol = 1e-4; atol = 1e-5
func.func @prefetched(%a: tensor<1601x300xf32>, %b: tensor<300x401xf32>) -> tensor<1601x401xf32> {
  %y = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<1601x300xf32>, tensor<300x401xf32>) -> tensor<1601x401xf32>
  return %y : tensor<1601x401xf32>
}

// A B contiguous along the depth with a last panel of at most 4 columns:
// those columns run as dot products along the depth (on 512-bit vectors).
// Three columns in all (no tile), a depth of two blocks (300 = 256 + 44,
// the second summed onto the first's), rows not a multiple of 4.
// NUMPY @dot_columns_only: a = rand(29, 300); b = rand(3, 300); args = [a, b]; results = [a @ b.T]; rtol = 1e-4; atol = 1e-5
func.func @dot_columns_only(%a: tensor<29x300xf32>, %b: tensor<3x300xf32>) -> tensor<29x3xf32> {
  %y = ten.einsum "ik,jk->ij" (%a, %b) : (tensor<29x300xf32>, tensor<3x300xf32>) -> tensor<29x3xf32>
  return %y : tensor<29x3xf32>
}

// Attention scores with 36 keys (32 in a tiled panel, 4 as dot products)
// and a depth of one whole vector and a part.
// NUMPY @attention_dot_columns: q = rand(2, 3, 27, 20); k = rand(2, 3, 36, 20); args = [q, k]; results = [np.einsum('bhqd,bhkd->bhqk', q, k)]; rtol = 1e-4; atol = 1e-5
func.func @attention_dot_columns(%q: tensor<2x3x27x20xf32>, %k: tensor<2x3x36x20xf32>) -> tensor<2x3x27x36xf32> {
  %y = ten.einsum "bhqd,bhkd->bhqk" (%q, %k) : (tensor<2x3x27x20xf32>, tensor<2x3x36x20xf32>) -> tensor<2x3x27x36xf32>
  return %y : tensor<2x3x27x36xf32>
}

// The same with every size dynamic, and a depth shorter than a vector.
// NUMPY @attention_dot_columns_dynamic: q = rand(2, 3, 29, 7); k = rand(2, 3, 33, 7); args = [q, k]; results = [np.einsum('bhqd,bhkd->bhqk', q, k)]; rtol = 1e-4; atol = 1e-5
func.func @attention_dot_columns_dynamic(%q: tensor<?x?x?x?xf32>, %k: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %y = ten.einsum "bhqd,bhkd->bhqk" (%q, %k) : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}

// Few rows against a B contiguous along the depth (x @ W.T): dot products
// along the depth, no packing. Three depth blocks of f32 (1100 = 2 x 512 +
// 76, the last ending in a part of a vector), a last round of one row and
// one column (5 rows, 333 columns).
// NUMPY @dot_products: x = rand(5, 1100); w = rand(333, 1100); args = [x, w]; results = [x @ w.T]; rtol = 1e-4; atol = 1e-4
func.func @dot_products(%x: tensor<5x1100xf32>, %w: tensor<333x1100xf32>) -> tensor<5x333xf32> {
  %y = ten.einsum "ij,kj->ik" (%x, %w) : (tensor<5x1100xf32>, tensor<333x1100xf32>) -> tensor<5x333xf32>
  return %y : tensor<5x333xf32>
}

// f64: depth blocks of 256 (600 = 2 x 256 + 88).
// NUMPY @dot_products_f64: x = rand(7, 600, dtype=f64); w = rand(45, 600, dtype=f64); args = [x, w]; results = [x @ w.T]; rtol = 1e-12
func.func @dot_products_f64(%x: tensor<7x600xf64>, %w: tensor<45x600xf64>) -> tensor<7x45xf64> {
  %y = ten.einsum "ij,kj->ik" (%x, %w) : (tensor<7x600xf64>, tensor<45x600xf64>) -> tensor<7x45xf64>
  return %y : tensor<7x45xf64>
}

// 24 rows of f32, the most that run as dot products on any host.
// NUMPY @dot_products_most_rows: x = rand(24, 70); w = rand(50, 70); args = [x, w]; results = [x @ w.T]; rtol = 1e-4; atol = 1e-5
func.func @dot_products_most_rows(%x: tensor<24x70xf32>, %w: tensor<50x70xf32>) -> tensor<24x50xf32> {
  %y = ten.einsum "ij,kj->ik" (%x, %w) : (tensor<24x70xf32>, tensor<50x70xf32>) -> tensor<24x50xf32>
  return %y : tensor<24x50xf32>
}

// Attention scores of 3 queries (a decoding step): the batch loops run
// around the dot products.
// NUMPY @dot_products_attention: q = rand(2, 3, 3, 40); k = rand(2, 3, 37, 40); args = [q, k]; results = [np.einsum('bhqd,bhkd->bhqk', q, k)]; rtol = 1e-4; atol = 1e-5
func.func @dot_products_attention(%q: tensor<2x3x3x40xf32>, %k: tensor<2x3x37x40xf32>) -> tensor<2x3x3x37xf32> {
  %y = ten.einsum "bhqd,bhkd->bhqk" (%q, %k) : (tensor<2x3x3x40xf32>, tensor<2x3x37x40xf32>) -> tensor<2x3x3x37xf32>
  return %y : tensor<2x3x3x37xf32>
}

// An empty depth: the fill alone gives C.
// NUMPY @dot_products_empty_depth: x = rand(3, 0); w = rand(5, 0); args = [x, w]; results = [x @ w.T]
func.func @dot_products_empty_depth(%x: tensor<3x0xf32>, %w: tensor<5x0xf32>) -> tensor<3x5xf32> {
  %y = ten.einsum "ij,kj->ik" (%x, %w) : (tensor<3x0xf32>, tensor<5x0xf32>) -> tensor<3x5xf32>
  return %y : tensor<3x5xf32>
}

// Rows unknown until run time: 24 run as dot products, 25 as tiles.
// NUMPY @rows_unknown_dot_products: x = rand(24, 300); w = rand(333, 300); args = [x, w]; results = [x @ w.T]; rtol = 1e-4; atol = 1e-5
func.func @rows_unknown_dot_products(%x: tensor<?x300xf32>, %w: tensor<333x300xf32>) -> tensor<?x333xf32> {
  %y = ten.einsum "ij,kj->ik" (%x, %w) : (tensor<?x300xf32>, tensor<333x300xf32>) -> tensor<?x333xf32>
  return %y : tensor<?x333xf32>
}

// NUMPY @rows_unknown_past_dot_products: x = rand(25, 300); w = rand(333, 300); args = [x, w]; results = [x @ w.T]; rtol = 1e-4; atol = 1e-5
func.func @rows_unknown_past_dot_products(%x: tensor<?x300xf32>, %w: tensor<333x300xf32>) -> tensor<?x333xf32> {
  %y = ten.einsum "ij,kj->ik" (%x, %w) : (tensor<?x300xf32>, tensor<333x300xf32>) -> tensor<?x333xf32>
  return %y : tensor<?x333xf32>
}

// NaN and infinities in dot products: NaN, inf - inf and inf * 0 give NaN
// where NumPy's do, inf where its sums are infinite.
// NUMPY @dot_products_nan_inf: x = np.array([[np.nan, 1.0, 2.0], [np.inf, 1.0, 0.0], [1.0, 2.0, 3.0]], dtype=np.float32); w = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 1.0], [-np.inf, 0.0, 0.0], [0.0, 0.0, 0.0], [2.0, 2.0, 2.0]], dtype=np.float32); args = [x, w]; results = [x @ w.T]
func.func @dot_products_nan_inf(%x: tensor<3x3xf32>, %w: tensor<5x3xf32>) -> tensor<3x5xf32> {
  %y = ten.einsum "ij,kj->ik" (%x, %w) : (tensor<3x3xf32>, tensor<5x3xf32>) -> tensor<3x5xf32>
  return %y : tensor<3x5xf32>
}

// Every size unknown until run time, few rows.
// NUMPY @dot_products_all_dynamic: x = rand(3, 37); w = rand(21, 37); args = [x, w]; results = [x @ w.T]; rtol = 1e-5; atol = 1e-6
func.func @dot_products_all_dynamic(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %y = ten.einsum "ij,kj->ik" (%x, %w) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
