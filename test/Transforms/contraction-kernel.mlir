// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-contraction-kernel))' -split-input-file | FileCheck %s
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-contraction-kernel{vector-bits=512 register-rows=4 depth-block=128 block-kib=64}))' -split-input-file | FileCheck %s --check-prefix=WIDE
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-contraction-kernel{vector-bits=512 register-rows=4 depth-block=256 block-kib=64}))' -split-input-file | FileCheck %s --check-prefix=DEEP

// A row-major f32 GEMM: B is packed one masked row at a time into panels of
// 16 columns (two 256-bit vectors); a 5x16 tile of C (73 rows are 15 tiles
// of 5 padding 2, where 6 rows would pad 5) stays in registers over a depth
// block of 128 (half of depth-block: 73 rows are few), with one broadcast
// element of A and one FMA per row; a whole tile stores C without masks,
// a tile at an edge with them. Each row tile first packs its 5 rows of A in
// the depth block, a vector of 8 at a time (plain loads and stores, then
// the last part masked), into a buffer of [row][depth] that the broadcasts
// read. (At most 64 rows of f32 would read B where it lies:
// @few_rows_direct below.)
// With few rows and more than one block, B's blocks go into two buffers in
// turn: the first block of the columns is packed before its tiles, in
// groups of 8 rows, each group a panel at a time; every later one by the
// tiles of the block before it, each tile against each panel its share
// of the rows.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: memref<73x300xf32>, %[[B:.*]]: memref<300x40xf32>, %[[C:.*]]: memref<73x40xf32>)
// CHECK: %[[EVEN:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3x128x16xf32>
// CHECK: %[[ODD:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3x128x16xf32>
// CHECK: %[[PACKEDA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<5x128xf32>
// CHECK: scf.for %[[N0:.*]] = %{{.*}} to %{{.*}} step %c768
// CHECK: scf.for %[[K0:.*]] = %{{.*}} to %{{.*}} step %c128
// CHECK: %[[PARITY:.*]] = arith.trunci %{{.*}} : i64 to i1
// CHECK: %[[PACKED:.*]] = arith.select %[[PARITY]], %[[ODD]], %[[EVEN]] : memref<3x128x16xf32>
// CHECK: %[[NEXT:.*]] = arith.select %[[PARITY]], %[[EVEN]], %[[ODD]] : memref<3x128x16xf32>
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %{{.*}}, %c0
// CHECK: scf.if %[[FIRST]] {
// CHECK: scf.for %[[GROUP:.*]] = %{{.*}} to %{{.*}} step %c8
// CHECK: scf.for %[[PANEL:.*]] = %{{.*}} to %{{.*}} step %c1
// CHECK: vector.create_mask %{{.*}} : vector<16xi1>
// CHECK: scf.for %[[ROW:.*]] = %[[GROUP]] to
// CHECK: %[[LOADED:.*]] = vector.maskedload %[[B]]
// CHECK: vector.store %[[LOADED]], %[[PACKED]][%[[PANEL]], %[[ROW]], %c0
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c5
// CHECK: scf.for %[[WD:.*]] = %c0 to %[[WHOLED:.*]] step %c8
// CHECK-COUNT-5: vector.store %{{.*}}, %[[PACKEDA]][%{{.*}}, %[[WD]]] : memref<5x128xf32>, vector<8xf32>
// CHECK: scf.for %[[D:.*]] = %[[WHOLED]] to %{{.*}} step %c8
// CHECK: %[[AMASK:.*]] = vector.create_mask %{{.*}} : vector<8xi1>
// CHECK-COUNT-5: vector.maskedstore %[[PACKEDA]][%{{.*}}, %[[D]]], %[[AMASK]]
// Each row tile prefetches its share of the rows of B that the tiles of
// the next depth block pack, two blocks on, one line of 64 bytes (16 f32)
// at a time...
// CHECK: %[[NEXTK:.*]] = arith.addi %[[K0]], %c128
// CHECK: %[[AFTERK:.*]] = arith.addi %[[NEXTK]], %c128
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1
// CHECK: %[[AHEAD:.*]] = arith.addi %[[AFTERK]], %{{.*}}
// CHECK: memref.prefetch %[[B]][%[[AHEAD]], %{{.*}}], read, locality<2>, data : memref<300x40xf32>
// CHECK-NOT: memref.prefetch
// CHECK: }
// ...and packs its share of the next block's rows (as even as whole rows
// make the shares), in groups of at most 8.
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c8
// CHECK: %[[NEXTROW:.*]] = vector.maskedload %[[B]]
// CHECK: vector.store %[[NEXTROW]], %[[NEXT]]
// CHECK: %[[NARROW:.*]] = arith.cmpi sle, %{{.*}}, %c8
// CHECK: scf.if %[[NARROW]] {
// CHECK-COUNT-5: vector.maskedload %[[C]]{{.*}} into vector<8xf32>
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// CHECK: vector.load %[[PACKED]]{{.*}} vector<8xf32>
// CHECK: scf.if
// CHECK-COUNT-5: vector.store %{{.*}}, %[[C]]{{.*}} vector<8xf32>
// CHECK: } else {
// CHECK-COUNT-5: vector.maskedstore %[[C]]
// CHECK: } else {
// CHECK-COUNT-5: vector.maskedload %[[C]]
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: vector.load %[[PACKED]]
// CHECK: memref.load %[[PACKEDA]][%c0{{.*}}, %[[K:.*]]]
// CHECK: vector.broadcast
// CHECK: vector.fma
// CHECK: memref.load %[[PACKEDA]][%c1{{.*}}, %[[K]]]
// CHECK: vector.broadcast
// CHECK: vector.fma
// CHECK: memref.load %[[PACKEDA]][%c2{{.*}}, %[[K]]]
// CHECK: vector.broadcast
// CHECK: vector.fma
// CHECK: memref.load %[[PACKEDA]][%c3{{.*}}, %[[K]]]
// CHECK: vector.broadcast
// CHECK: vector.fma
// CHECK: memref.load %[[PACKEDA]][%c4{{.*}}, %[[K]]]
// CHECK: vector.broadcast
// CHECK: vector.fma
// CHECK: scf.yield
// CHECK: %[[ALLROWS:.*]] = arith.cmpi sge, %{{.*}}, %c5
// CHECK: %[[ALLCOLUMNS:.*]] = arith.cmpi sge, %{{.*}}, %c16
// CHECK: %[[WHOLE:.*]] = arith.andi %[[ALLROWS]], %[[ALLCOLUMNS]]
// CHECK: scf.if %[[WHOLE]] {
// CHECK-COUNT-5: vector.store %{{.*}}, %[[C]]{{.*}} : memref<73x40xf32>, vector<16xf32>
// CHECK-NEXT: } else {
// CHECK-COUNT-5: vector.maskedstore %[[C]]
// CHECK: memref.dealloc %[[EVEN]]
// CHECK: memref.dealloc %[[ODD]]
// CHECK: memref.dealloc %[[PACKEDA]]
// CHECK-NOT: linalg.matmul
// With 256-bit vectors a quarter of the panel (4 columns) would be a
// 128-bit tile, which costs as much as the 256-bit one: no third width.
// CHECK-NOT: -> (vector<4xf32>
// With 512-bit vectors the panels are 32 columns wide; the last 8 (40 =
// 32 + 8) run in a quarter-width tile of one 256-bit vector a row, which
// cores that split 512-bit FMAs in two (Zen 4) run in half the time of
// the half-width tile's.
// WIDE-LABEL: func.func @matmul
// WIDE: memref.alloc() {alignment = 64 : i64} : memref<2x64x32xf32>
// WIDE: step %c4
// WIDE: %[[HALF:.*]] = arith.cmpi sle, %[[LEFT:.*]], %c16
// WIDE: scf.if %[[HALF]] {
// WIDE: %[[QUARTER:.*]] = arith.cmpi sle, %[[LEFT]], %c8
// WIDE: scf.if %[[QUARTER]] {
// WIDE: iter_args({{.*}}) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// WIDE: } else {
// WIDE: iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// WIDE: } else {
// WIDE: iter_args({{.*}}) -> (vector<32xf32>, vector<32xf32>, vector<32xf32>, vector<32xf32>)
func.func @matmul(%a: memref<73x300xf32>, %b: memref<300x40xf32>, %c: memref<73x40xf32>) {
  linalg.matmul ins(%a, %b : memref<73x300xf32>, memref<300x40xf32>) outs(%c : memref<73x40xf32>)
  return
}

// -----

// B indexed [n, k] (attention scores), f64 in 256-bit vectors: panels of 8
// columns, whose whole blocks of 4 x 4 (4 columns and 4 depths) are read as
// 4 vectors along the depth and transposed in registers (unpacks of pairs
// within each 128-bit lane, then moves of whole lanes) into 4 rows of the
// panel; the depths past the last whole block (34 = 8 x 4 + 2) go a column
// at a time, the innermost loop reading B along its contiguous depth, and
// columns past the end are zero. The batch loops run around the kernel. 25
// rows (more than dot products take) are five tiles of 5; the last column
// (9 = 8 + 1) runs as dot products of a row against 4 columns.
// CHECK-LABEL: func.func @transposed_rhs_batched
// CHECK-NOT: memref.prefetch
// CHECK: %[[PACKED:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x34x8xf64>
// CHECK: scf.for %[[BATCH:.*]] = %c0{{.*}} to %c2{{.*}} step %c1
// CHECK: scf.for %[[HEAD:.*]] = %c0{{.*}} to %c3{{.*}} step %c1
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %{{.*}} step %c4
// CHECK-COUNT-4: vector.load %arg1{{.*}} : memref<2x3x9x34xf64>, vector<4xf64>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 4, 2, 6] : vector<4xf64>, vector<4xf64>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [1, 5, 3, 7] : vector<4xf64>, vector<4xf64>
// CHECK-COUNT-2: vector.shuffle
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 4, 5] : vector<4xf64>, vector<4xf64>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [2, 3, 6, 7] : vector<4xf64>, vector<4xf64>
// CHECK-COUNT-2: vector.shuffle
// CHECK-COUNT-4: vector.store %{{.*}}, %[[PACKED]]
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %c8{{.*}} step %c1
// CHECK: %[[INSIDE:.*]] = arith.cmpi slt
// CHECK: scf.if %[[INSIDE]] {
// CHECK: scf.for
// CHECK: %[[ELEMENT:.*]] = memref.load %arg1
// CHECK: memref.store %[[ELEMENT]], %[[PACKED]]
// CHECK: } else {
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[PACKED]]
// Each GEMM of the batch is small (the first block's 25 + 9 rows of 34 f64
// fit the cache twice over): in its last block, each tile (a row tile
// against a panel) prefetches its share of the rows of A and of B of the
// next GEMM into the L2 cache (locality<2>), the inner batch loop counting
// up and carrying into the outer one, a line of 8 f64 at a time: the row
// tile's index times the panels plus the panel's, of 5 row tiles times the
// panels.
// CHECK: %[[HEADUP:.*]] = arith.addi %[[HEAD]], %c1
// CHECK: %[[WRAPS:.*]] = arith.cmpi sge, %[[HEADUP]], %c3
// CHECK: %[[NEXTHEAD:.*]] = arith.select %[[WRAPS]], %c0{{.*}}, %[[HEADUP]]
// CHECK: %[[BATCHUP:.*]] = arith.addi %[[BATCH]], %c1
// CHECK: %[[BATCHWRAPS:.*]] = arith.cmpi sge, %[[BATCHUP]], %c2
// CHECK: %[[BATCHSTEPPED:.*]] = arith.select %[[BATCHWRAPS]], %c0{{.*}}, %[[BATCHUP]]
// CHECK: %[[NEXTBATCH:.*]] = arith.select %[[WRAPS]], %[[BATCHSTEPPED]], %[[BATCH]]
// CHECK: %[[TILES:.*]] = arith.muli %{{.*}}, %c5
// CHECK: %[[ROWTILE:.*]] = arith.divsi
// CHECK: %[[FIRSTOFROW:.*]] = arith.muli %[[ROWTILE]]
// CHECK: %[[TILE:.*]] = arith.addi %[[FIRSTOFROW]], %[[PANEL:.*]] : index
// CHECK: arith.ceildivsi %c25{{.*}}, %[[TILES]]
// CHECK: scf.for %[[AROW:.*]] = %{{.*}} to %{{.*}} step %c1
// CHECK: scf.for %[[ALINE:.*]] = %c0{{.*}} to %c34{{.*}} step %c8
// CHECK: memref.prefetch %arg0[%[[NEXTBATCH]], %[[NEXTHEAD]], %[[AROW]], %[[ALINE]]], read, locality<2>, data
// CHECK: scf.for %[[BROW:.*]] = %{{.*}} to %{{.*}} step %c1
// CHECK: scf.for %[[BLINE:.*]] = %c0{{.*}} to %c34{{.*}} step %c8
// CHECK: memref.prefetch %arg1[%[[NEXTBATCH]], %[[NEXTHEAD]], %[[BROW]], %[[BLINE]]], read, locality<2>, data
// CHECK-NOT: memref.prefetch
// CHECK: iter_args({{.*}}) -> (vector<4xf64>, vector<4xf64>, vector<4xf64>, vector<4xf64>, vector<4xf64>)
// CHECK: iter_args({{.*}}) -> (vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<8xf64>)
// CHECK: iter_args({{.*}}) -> (vector<4xf64>, vector<4xf64>, vector<4xf64>, vector<4xf64>)
// CHECK-NOT: linalg.generic
func.func @transposed_rhs_batched(%q: memref<2x3x25x34xf64>, %k: memref<2x3x9x34xf64>, %s: memref<2x3x25x9xf64>) {
  linalg.generic {indexing_maps = [affine_map<(b, h, q, k, d) -> (b, h, q, d)>,
                                   affine_map<(b, h, q, k, d) -> (b, h, k, d)>,
                                   affine_map<(b, h, q, k, d) -> (b, h, q, k)>],
                  iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : memref<2x3x25x34xf64>, memref<2x3x9x34xf64>) outs(%s : memref<2x3x25x9xf64>) {
  ^bb0(%x: f64, %y: f64, %z: f64):
    %p = arith.mulf %x, %y : f64
    %t = arith.addf %z, %p : f64
    linalg.yield %t : f64
  }
  return
}

// -----

// The result is contiguous along a dimension of the first operand: the
// operands swap roles, so the second one is read by broadcasts. It is
// contiguous along the tile's rows (A transposed): each depth's rows are
// one masked load (rows past the 11th as zeros) into a [depth][row] buffer.
// CHECK-LABEL: func.func @result_along_first
// CHECK-SAME: (%[[A:.*]]: memref<19x33xf32>, %[[B:.*]]: memref<33x11xf32>, %[[C:.*]]: memref<11x19xf32>)
// CHECK: %[[PACKEDB:.*]] = memref.alloc() {alignment = 64 : i64} : memref<33x6xf32>
// CHECK: memref.load %[[A]]
// CHECK: memref.store {{.*}} : memref<2x33x16xf32>
// CHECK: %[[ROWS:.*]] = vector.maskedload %[[B]]{{.*}} into vector<6xf32>
// CHECK-NEXT: vector.store %[[ROWS]], %[[PACKEDB]]
// CHECK: memref.load %[[PACKEDB]][%[[D:.*]], %c0{{.*}}]
// CHECK-NEXT: vector.broadcast
func.func @result_along_first(%a: memref<19x33xf32>, %b: memref<33x11xf32>, %c: memref<11x19xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j)>,
                                   affine_map<(i, j, k) -> (j, k)>,
                                   affine_map<(i, j, k) -> (k, i)>],
                  iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%a, %b : memref<19x33xf32>, memref<33x11xf32>) outs(%c : memref<11x19xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %t = arith.addf %z, %p : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// A GEMM too large for its operands to stay in the cache between two uses:
// besides its share of B, each tile prefetches its panel's share of the rows
// of A that the next row tile reads (locality 3), then the tile of C that
// comes next (for writing: a line of 16 f32 per row), then runs its own
// kernel. The small @matmul above has none of these. Many rows amortize
// packing over many tiles: one buffer, each block packed before its tiles,
// a panel at a time.
// CHECK-LABEL: func.func @large
// CHECK-SAME: (%[[A:.*]]: memref<1024x1024xf32>, %[[B:.*]]: memref<1024x1024xf32>, %[[C:.*]]: memref<1024x1024xf32>)
// CHECK: %[[PACKED:.*]] = memref.alloc() {alignment = 64 : i64} : memref<24x256x16xf32>
// CHECK-NOT: memref<24x256x16xf32>
// CHECK: scf.for %[[PANEL:.*]] = %{{.*}} to %{{.*}} step %c1
// CHECK: scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %c1
// CHECK: vector.store %{{.*}}, %[[PACKED]][%[[PANEL]], %[[ROW]], %c0
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c6
// CHECK: memref.prefetch %[[B]]{{.*}}, read, locality<2>, data
// CHECK: memref.prefetch %[[A]]{{.*}}, read, locality<3>, data
// CHECK-COUNT-6: memref.prefetch %[[C]]{{.*}}, write, locality<3>, data
// CHECK-NOT: memref.prefetch
// CHECK: vector.fma
func.func @large(%a: memref<1024x1024xf32>, %b: memref<1024x1024xf32>, %c: memref<1024x1024xf32>) {
  linalg.matmul ins(%a, %b : memref<1024x1024xf32>, memref<1024x1024xf32>) outs(%c : memref<1024x1024xf32>)
  return
}

// -----

// Between two uses of a tile's rows of A pass 600 x (256 depths + 384
// columns) f32 of A and C, at most twice 2 x 384 KiB (393216 f32): A is
// still in the cache and not prefetched; the sweep of C alone, 600 x 384
// f32, is more than 2 x 384 KiB, and the next tile of C is.
// CHECK-LABEL: func.func @lhs_still_cached
// CHECK-SAME: (%[[A:.*]]: memref<600x512xf32>, %[[B:.*]]: memref<512x512xf32>, %[[C:.*]]: memref<600x512xf32>)
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c6
// CHECK-NOT: memref.prefetch %[[A]]
// CHECK: memref.prefetch %[[C]]{{.*}}, write, locality<3>, data
// CHECK-NOT: memref.prefetch %[[A]]
// CHECK: vector.fma
func.func @lhs_still_cached(%a: memref<600x512xf32>, %b: memref<512x512xf32>, %c: memref<600x512xf32>) {
  linalg.matmul ins(%a, %b : memref<600x512xf32>, memref<512x512xf32>) outs(%c : memref<600x512xf32>)
  return
}

// -----

// 700 rows: 700 x (256 + 384) f32 pass between two uses, more than twice 2
// x 384 KiB, though A's block alone (700 x 256) is less than 2 x 384 KiB:
// the sweep of C pushes A out of the cache, and the tiles prefetch it.
// CHECK-LABEL: func.func @lhs_pushed_out
// CHECK-SAME: (%[[A:.*]]: memref<700x512xf32>, %[[B:.*]]: memref<512x512xf32>, %[[C:.*]]: memref<700x512xf32>)
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c6
// CHECK: memref.prefetch %[[A]]{{.*}}, read, locality<3>, data
// CHECK: memref.prefetch %[[C]]{{.*}}, write, locality<3>, data
// CHECK: vector.fma
func.func @lhs_pushed_out(%a: memref<700x512xf32>, %b: memref<512x512xf32>, %c: memref<700x512xf32>) {
  linalg.matmul ins(%a, %b : memref<700x512xf32>, memref<512x512xf32>) outs(%c : memref<700x512xf32>)
  return
}

// -----

// At most 64 rows of f32, known at compile time, in a few row tiles (12
// rows, 2 tiles of 6; more tiles of panels as small run under each panel
// in turn, below): every tile reads B where it lies, a row of its panel
// at each depth (a plain load, masked only in a tile at the right edge),
// and prefetches the panel that runs next; B is not packed. f64 GEMMs of
// 48 rows pack B, in depth blocks of 64 (as many bytes as f32's of 128).
// CHECK-LABEL: func.func @few_rows_direct
// CHECK-SAME: (%[[A:.*]]: memref<12x300xf32>, %[[B:.*]]: memref<300x40xf32>, %[[C:.*]]: memref<12x40xf32>,
// CHECK-NOT: memref.alloc() {{.*}} : memref<{{.*}}x16xf32>
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %c12{{.*}} step %c6
// CHECK: %[[ALLCOLUMNS:.*]] = arith.cmpi sge, %{{.*}}, %c16
// CHECK: scf.if %[[ALLCOLUMNS]] -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %{{.*}} step %c1
// CHECK: vector.load %[[B]]{{.*}} : memref<300x40xf32>, vector<16xf32>
// CHECK: memref.prefetch %[[B]]
// CHECK: vector.fma
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %{{.*}} step %c1
// CHECK: vector.maskedload %[[B]]
// CHECK: memref.prefetch %[[B]]
// CHECK: vector.fma
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<{{.*}}x64x8xf64>
// CHECK: vector.load
func.func @few_rows_direct(%a: memref<12x300xf32>, %b: memref<300x40xf32>, %c: memref<12x40xf32>,
                           %a64: memref<48x300xf64>, %b64: memref<300x40xf64>, %c64: memref<48x40xf64>) {
  linalg.matmul ins(%a, %b : memref<12x300xf32>, memref<300x40xf32>) outs(%c : memref<12x40xf32>)
  linalg.matmul ins(%a64, %b64 : memref<48x300xf64>, memref<300x40xf64>) outs(%c64 : memref<48x40xf64>)
  return
}

// -----

// A batch of GEMMs too large for the next one's first block to come in
// beside the current one's ((600 + 384 columns) x 256 depths of f32 is
// more than twice 384 KiB): no prefetches of the next iteration, whose
// index of the batch loop steps past its last (nothing else compares it
// with its size).
// CHECK-LABEL: func.func @large_batch
// CHECK-NOT: arith.cmpi sge, %{{.*}}, %c2
// CHECK: vector.fma
// CHECK-NOT: arith.cmpi sge, %{{.*}}, %c2
// CHECK: return
func.func @large_batch(%a: memref<2x600x256xf32>, %b: memref<2x256x400xf32>, %c: memref<2x600x400xf32>) {
  linalg.batch_matmul ins(%a, %b : memref<2x600x256xf32>, memref<2x256x400xf32>) outs(%c : memref<2x600x400xf32>)
  return
}

// -----

// A batch whose C, all its GEMMs together, is more than 4 x 2 x 64 KiB
// (16 x 100 x 100 f32 of 131072): in the first depth block, with the fill
// folded, each tile prefetches the next tile's lines of C for writing (4
// rows x 2 lines of 16 f32), since C is where the code before the op left
// it. A single GEMM's sweep of C (100 x 100) stays in the cache, so later
// blocks do not.
// WIDE-LABEL: func.func @first_block_prefetches_out
// WIDE-SAME: %[[C:[^:]*]]: memref<16x100x100xf32>
// WIDE: scf.for %[[K0:[^ ]*]] = %c0 to %c64 step %c64
// WIDE: %[[FIRST:.*]] = arith.cmpi eq, %[[K0]], %c0 : index
// WIDE: scf.if %[[FIRST]] {
// WIDE-COUNT-8: memref.prefetch %[[C]]{{.*}}, write, locality<3>, data
// WIDE-NOT: memref.prefetch %[[C]]
// WIDE: return
func.func @first_block_prefetches_out(%a: memref<16x100x64xf32>, %b: memref<16x64x100xf32>, %c: memref<16x100x100xf32>, %v: f32) {
  linalg.fill ins(%v : f32) outs(%c : memref<16x100x100xf32>)
  linalg.batch_matmul ins(%a, %b : memref<16x100x64xf32>, memref<16x64x100xf32>) outs(%c : memref<16x100x100xf32>)
  return
}

// -----

// Half as many GEMMs (80000 f32 of C): no prefetches of C.
// WIDE-LABEL: func.func @first_block_out_cached
// WIDE-NOT: write, locality
// WIDE: return
func.func @first_block_out_cached(%a: memref<8x100x64xf32>, %b: memref<8x64x100xf32>, %c: memref<8x100x100xf32>, %v: f32) {
  linalg.fill ins(%v : f32) outs(%c : memref<8x100x100xf32>)
  linalg.batch_matmul ins(%a, %b : memref<8x100x64xf32>, memref<8x64x100xf32>) outs(%c : memref<8x100x100xf32>)
  return
}

// -----

// A depth shorter than the block (64 of 128), in a GEMM whose block of A
// leaves the cache (1024 x (64 + 64) f32 of A and C is more than twice
// 2 x 64 KiB): each row's
// prefetched lines are those of its 64 depths, 4 lines of 16 f32, so a tile
// of 4 rows shares 16 lines among its panels (not the 32 of a whole block,
// half of them clamped to the same last line).
// WIDE-LABEL: func.func @short_depth
// WIDE: %[[SHARE:.*]] = arith.ceildivsi %c16, %{{.*}} : index
// WIDE: scf.for
// WIDE: arith.divui %{{.*}}, %c4
// WIDE: arith.remui %{{.*}}, %c4
// WIDE: memref.prefetch %arg0{{.*}}, read, locality<3>, data
// WIDE-COUNT-8: memref.prefetch %arg2{{.*}}, write, locality<3>, data
func.func @short_depth(%a: memref<1024x64xf32>, %b: memref<64x64xf32>, %c: memref<1024x64xf32>) {
  linalg.matmul ins(%a, %b : memref<1024x64xf32>, memref<64x64xf32>) outs(%c : memref<1024x64xf32>)
  return
}

// -----

// Dynamic sizes: the packed buffer's sizes and every bound come from the
// operands at run time. Whether a block of A with a sweep of C (rows x
// (the block's depth + 384 columns)) takes more than twice 2 x 384 KiB
// (393216 f32), and a sweep of C alone more than 2 x 384 KiB (196608), so
// that they leave the cache, is tested then, before the row tiles:
// A's prefetch loop runs empty otherwise, C's prefetches are skipped.
// One row goes to the loop lowering and at most 6 rows (register-rows)
// read B directly (@rows_unknown below); more, the packed kernel, with
// depth blocks of 128 where the rows turn out to be at most 128, else 256
// (the buffer holds the deeper). A last row tile of at most half the
// tile's rows (3 of 6) is half as high, in both tile widths, rather than
// padded.
// WIDE-LABEL: func.func @dynamic
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[ROWS:.*]] = memref.dim %arg0, %c0
// CHECK: %[[DIRECT:.*]] = arith.cmpi sle, %[[ROWS]], %c6
// CHECK: scf.if %[[DIRECT]] {
// CHECK: vector.maskedload %arg1
// CHECK: %[[FEW:.*]] = arith.cmpi sle, %{{.*}}, %c128{{(_[0-9]+)?}} : index
// CHECK: %[[DEPTH:.*]] = arith.select %[[FEW]], %c128{{(_[0-9]+)?}}, %c256{{(_[0-9]+)?}} : index
// CHECK: memref.alloc({{.*}}) {alignment = 64 : i64} : memref<?x?x16xf32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c384
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[DEPTH]]
// CHECK: %[[SWEEP_COLUMNS:.*]] = arith.minsi %{{.*}}, %c384{{.*}} : index
// CHECK: %[[BLOCK_DEPTH:.*]] = arith.minsi %{{.*}}, %[[DEPTH]] : index
// CHECK: %[[A_REUSE:.*]] = arith.addi %[[BLOCK_DEPTH]], %[[SWEEP_COLUMNS]] : index
// CHECK: %[[A_BLOCK:.*]] = arith.muli %[[M:.*]], %[[A_REUSE]] : index
// CHECK: %[[A_STALE:.*]] = arith.cmpi sgt, %[[A_BLOCK]], %c393216{{.*}} : index
// CHECK: %[[C_SWEEP:.*]] = arith.muli %[[M]], %[[SWEEP_COLUMNS]] : index
// CHECK: %[[C_STALE:.*]] = arith.cmpi sgt, %[[C_SWEEP]], %c196608{{.*}} : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[M]] step %c6
// CHECK: %[[A_END:.*]] = arith.select %[[A_STALE]], %{{.*}}, %[[A_FIRST:[^ ]*]] : index
// CHECK: scf.for %{{.*}} = %[[A_FIRST]] to %[[A_END]]
// CHECK: memref.prefetch %arg0{{.*}}, read, locality<3>, data
// CHECK: scf.if %[[C_STALE]] {
// CHECK: memref.prefetch %arg2{{.*}}, write, locality<3>, data
// CHECK: %[[SHORT:.*]] = arith.cmpi sle, %{{.*}}, %c3{{(_[0-9]+)?}} : index
// CHECK: scf.if %[[SHORT]] {
// CHECK-COUNT-3: vector.fma {{.*}} : vector<8xf32>
// CHECK-NEXT: scf.yield {{.*}} : vector<8xf32>, vector<8xf32>, vector<8xf32>{{$}}
// CHECK-COUNT-3: vector.fma {{.*}} : vector<16xf32>
// CHECK-NEXT: scf.yield {{.*}} : vector<16xf32>, vector<16xf32>, vector<16xf32>{{$}}
// CHECK: } else {
// CHECK-COUNT-6: vector.fma {{.*}} : vector<8xf32>
// CHECK-COUNT-6: vector.fma {{.*}} : vector<16xf32>
// CHECK-NOT: linalg.matmul
func.func @dynamic(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

// -----

// Left alone: integers, f16, a matrix-vector product (no n dimension), a
// result whose last dimension is a batch dimension, a result with a strided
// last dimension, and ops on tensors.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: vector.fma
// CHECK: linalg.matmul {{.*}}memref<8x16xi32>
// CHECK: linalg.matmul {{.*}}memref<8x16xf16>
// CHECK: linalg.matvec
// CHECK: linalg.generic
// CHECK: linalg.matmul {{.*}}strided
// CHECK: linalg.matmul {{.*}}tensor
func.func @left_alone(%ai: memref<8x16xi32>, %bi: memref<16x32xi32>, %ci: memref<8x32xi32>,
                      %ah: memref<8x16xf16>, %bh: memref<16x32xf16>, %ch: memref<8x32xf16>,
                      %a: memref<8x16xf32>, %v: memref<16xf32>, %r: memref<8xf32>,
                      %ab: memref<8x16x4xf32>, %bb: memref<16x32x4xf32>, %cb: memref<8x32x4xf32>,
                      %b: memref<16x32xf32>, %cs: memref<8x32xf32, strided<[64, 2]>>,
                      %at: tensor<8x16xf32>, %bt: tensor<16x32xf32>, %ct: tensor<8x32xf32>) -> tensor<8x32xf32> {
  linalg.matmul ins(%ai, %bi : memref<8x16xi32>, memref<16x32xi32>) outs(%ci : memref<8x32xi32>)
  linalg.matmul ins(%ah, %bh : memref<8x16xf16>, memref<16x32xf16>) outs(%ch : memref<8x32xf16>)
  linalg.matvec ins(%a, %v : memref<8x16xf32>, memref<16xf32>) outs(%r : memref<8xf32>)
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
  linalg.matmul ins(%a, %b : memref<8x16xf32>, memref<16x32xf32>) outs(%cs : memref<8x32xf32, strided<[64, 2]>>)
  %y = linalg.matmul ins(%at, %bt : tensor<8x16xf32>, tensor<16x32xf32>) outs(%ct : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %y : tensor<8x32xf32>
}

// -----

// A fill of C right before the contraction is folded: the first depth block
// starts its accumulators from the fill value instead of loading C, later
// blocks load what the earlier ones stored, and the fill itself runs only
// when the reduction is empty (no tile is stored then). Both kernels of the
// rows' choice at run time fold it (checked here in the first, which reads
// B directly; the second has its own copy of the fill).
// CHECK-LABEL: func.func @filled
// CHECK-SAME: (%[[A:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?x?xf32>, %[[C:.*]]: memref<?x?xf32>, %[[V:.*]]: f32)
// CHECK: %[[EMPTY:.*]] = arith.cmpi eq, %[[K:.*]], %c0
// CHECK: scf.if %[[EMPTY]] {
// CHECK-NEXT: linalg.fill ins(%[[V]] : f32) outs(%[[C]] : memref<?x?xf32>)
// CHECK-NEXT: }
// CHECK: scf.for
// CHECK: scf.for %[[K0:[^ ]*]] =
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[K0]], %c0
// CHECK: scf.if %[[FIRST]] -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK-NEXT: %[[SPLAT:.*]] = vector.broadcast %[[V]] : f32 to vector<16xf32>
// CHECK-NEXT: scf.yield %[[SPLAT]], %[[SPLAT]], %[[SPLAT]], %[[SPLAT]], %[[SPLAT]], %[[SPLAT]]
// CHECK-NEXT: } else {
// CHECK-COUNT-6: vector.maskedload %[[C]]
// CHECK: vector.fma
// CHECK: linalg.fill ins(%[[V]] : f32) outs(%[[C]] : memref<?x?xf32>)
// CHECK-NOT: linalg.fill
// CHECK: return
func.func @filled(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %v: f32) {
  linalg.fill ins(%v : f32) outs(%c : memref<?x?xf32>)
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

// -----

// Not folded: a fill of C with a store to C between it and the contraction.
// CHECK-LABEL: func.func @fill_then_store
// CHECK: linalg.fill
// CHECK-NEXT: memref.store
// CHECK-NOT: vector.broadcast %arg3
// CHECK: vector.fma
func.func @fill_then_store(%a: memref<8x8xf32>, %b: memref<8x8xf32>, %c: memref<8x8xf32>, %v: f32) {
  %i = arith.constant 0 : index
  linalg.fill ins(%v : f32) outs(%c : memref<8x8xf32>)
  memref.store %v, %c[%i, %i] : memref<8x8xf32>
  linalg.matmul ins(%a, %b : memref<8x8xf32>, memref<8x8xf32>) outs(%c : memref<8x8xf32>)
  return
}

// -----

// An f32 B contiguous along the depth, in 512-bit vectors: whole blocks of
// 16 depths are read as 16 vectors along the depth, transposed in registers
// (four rounds of 16 two-source shuffles, not a 2-D vector.transpose, which
// the canonicalizer would scalarize) and stored as 16 rows of the panel. A block of 16 columns all inside B is
// read with plain loads; one that ends past the last column with masked
// loads (a column past the end as zeros: a mask of none); one that starts
// past it (the second of a panel of at most 16 columns, which the narrow
// tile alone reads) is not packed. The depths past the last whole block
// (40 = 2 x 16 + 8) go a column at a time. With 256-bit vectors the blocks
// are 8 x 8, in three rounds of 8 shuffles: two within 128-bit lanes, one
// of whole lanes; 40 depths are 5 whole blocks.
// WIDE-LABEL: func.func @transposed_rhs_f32
// WIDE: %[[PACKED:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x40x32xf32>
// WIDE: scf.for %[[D0:.*]] = %{{.*}} to %{{.*}} step %c16
// The first block of columns: whole, or not.
// WIDE: %[[WHOLE:.*]] = arith.cmpi sle, %{{.*}}, %c19
// WIDE: scf.if %[[WHOLE]] {
// WIDE-COUNT-16: vector.load %arg1{{.*}} : memref<19x40xf32>, vector<16xf32>
// The first round interleaves elements within 128-bit lanes, the second
// pairs of them, the last two move whole lanes.
// WIDE: vector.shuffle %{{.*}}, %{{.*}} [0, 16, 1, 17, 4, 20, 5, 21, 8, 24, 9, 25, 12, 28, 13, 29] : vector<16xf32>, vector<16xf32>
// WIDE: vector.shuffle %{{.*}}, %{{.*}} [2, 18, 3, 19, 6, 22, 7, 23, 10, 26, 11, 27, 14, 30, 15, 31]
// WIDE-COUNT-14: vector.shuffle
// WIDE: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29]
// WIDE: vector.shuffle %{{.*}}, %{{.*}} [2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31]
// WIDE-COUNT-14: vector.shuffle
// WIDE: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27]
// WIDE: vector.shuffle %{{.*}}, %{{.*}} [4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31]
// WIDE-COUNT-14: vector.shuffle
// WIDE: %[[ROW:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23]
// WIDE: vector.shuffle %{{.*}}, %{{.*}} [8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31]
// WIDE-COUNT-14: vector.shuffle
// WIDE-NOT: vector.shuffle
// WIDE: vector.store %[[ROW]], %[[PACKED]]
// WIDE: } else {
// WIDE-COUNT-16: vector.maskedload %arg1{{.*}} into vector<16xf32>
// WIDE-COUNT-64: vector.shuffle
// The second: whole, ending past the last column, or not started.
// WIDE: %[[WHOLE2:.*]] = arith.cmpi sle, %{{.*}}, %c19
// WIDE: scf.if %[[WHOLE2]] {
// WIDE-COUNT-16: vector.load %arg1
// WIDE: } else {
// WIDE: %[[STARTED:.*]] = arith.cmpi slt, %{{.*}}, %c19
// WIDE: scf.if %[[STARTED]] {
// WIDE-COUNT-16: vector.maskedload %arg1
// WIDE-COUNT-64: vector.shuffle
// WIDE: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c1
// WIDE: memref.load %arg1
// A last panel of 19 columns is tiled: no dot products.
// WIDE-NOT: vector<4xf32>
// CHECK-LABEL: func.func @transposed_rhs_f32
// CHECK: %[[PACKED:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x40x16xf32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c8
// CHECK-COUNT-8: vector.load %arg1{{.*}} : memref<19x40xf32>, vector<8xf32>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 8, 1, 9, 4, 12, 5, 13] : vector<8xf32>, vector<8xf32>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [2, 10, 3, 11, 6, 14, 7, 15]
// CHECK-COUNT-6: vector.shuffle
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 8, 9, 4, 5, 12, 13]
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [2, 3, 10, 11, 6, 7, 14, 15]
// CHECK-COUNT-6: vector.shuffle
// CHECK: %[[ROW:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 8, 9, 10, 11]
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [4, 5, 6, 7, 12, 13, 14, 15]
// CHECK-COUNT-6: vector.shuffle
// CHECK-NOT: vector.shuffle
// CHECK: vector.store %[[ROW]], %[[PACKED]]
// CHECK: vector.fma
func.func @transposed_rhs_f32(%a: memref<30x40xf32>, %b: memref<19x40xf32>, %c: memref<30x19xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                   affine_map<(m, n, k) -> (n, k)>,
                                   affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<30x40xf32>, memref<19x40xf32>) outs(%c : memref<30x19xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %t = arith.addf %z, %p : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// A and B both contiguous along the depth, with 512-bit vectors: a last
// panel of at most 4 columns (35 = 32 + 3) is neither packed nor tiled but
// computed as dot products along the depth, 4 rows against 4 columns at a
// time (columns past the end read the last one), one vector of partial sums
// per pair. The depths past the last whole vector (40 = 2 x 16 + 8) come
// from masked loads; 15 rounds of two shuffles and an add leave the 16 sums
// in one vector, whose quarters are added to the rows of C under a mask.
// WIDE-LABEL: func.func @dot_columns
// WIDE: %[[LAST:.*]] = arith.cmpi sle, %{{.*}}, %c4 : index
// WIDE: %[[TILED:.*]] = arith.select %[[LAST]], %{{.*}}, %{{.*}} : index
// WIDE: scf.for %{{.*}} = %c0 to %[[TILED]] step %c1
// WIDE: scf.if %[[LAST]] {
// WIDE: %[[C0:.*]] = arith.minsi %{{.*}}, %c34 : index
// WIDE: scf.for %{{.*}} = %c0 to %c25 step %c4
// WIDE: %[[SUMS:.*]]:16 = scf.for {{.*}} -> (vector<16xf32>
// WIDE-COUNT-4: vector.load %arg0
// WIDE: vector.load %arg1[%[[C0]]
// WIDE-COUNT-3: vector.load %arg1
// WIDE-COUNT-16: vector.fma
// WIDE: %[[ALL:.*]]:16 = scf.if
// WIDE: vector.create_mask %{{.*}} : vector<16xi1>
// WIDE-COUNT-8: vector.maskedload
// WIDE-COUNT-16: vector.fma
// WIDE: vector.shuffle %[[ALL]]#0, %[[ALL]]#1 [1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31]
// WIDE: vector.shuffle %[[ALL]]#0, %[[ALL]]#1 [0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30]
// WIDE-COUNT-28: vector.shuffle
// WIDE: %[[OUT:.*]] = arith.addf %{{.*}} : vector<16xf32>
// WIDE-NOT: vector.shuffle
// WIDE: %[[PART:.*]] = vector.extract_strided_slice %[[OUT]] {offsets = [0], sizes = [4], strides = [1]}
// WIDE: %[[MASK:.*]] = vector.create_mask %{{.*}} : vector<4xi1>
// WIDE: %[[BEFORE:.*]] = vector.maskedload %arg2[{{.*}}], %[[MASK]]
// WIDE: %[[AFTER:.*]] = arith.addf %[[BEFORE]], %[[PART]] : vector<4xf32>
// WIDE: vector.maskedstore %arg2[{{.*}}], %[[MASK]], %[[AFTER]]
// WIDE-COUNT-3: vector.maskedstore %arg2
// With 256-bit vectors the panels have 16 columns (35 = 2 x 16 + 3): the
// last 3 columns run as dot products of 2 rows against 4 columns in vectors
// of 8.
// CHECK-LABEL: func.func @dot_columns
// CHECK: %[[LAST:.*]] = arith.cmpi sle, %{{.*}}, %c4 : index
// CHECK: vector.fma
// CHECK: scf.if %[[LAST]] {
// CHECK: scf.for %{{.*}} = %c0 to %c25 step %c2
// CHECK: scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// CHECK: vector.maskedstore %arg2{{.*}} : memref<25x35xf32>, vector<4xi1>, vector<4xf32>
func.func @dot_columns(%a: memref<25x40xf32>, %b: memref<35x40xf32>, %c: memref<25x35xf32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                   affine_map<(m, n, k) -> (n, k)>,
                                   affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<25x40xf32>, memref<35x40xf32>) outs(%c : memref<25x35xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %t = arith.addf %z, %p : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// Few rows, A and B both contiguous along the depth (x @ W.T): every column
// runs as dot products along the depth, with neither operand packed nor a
// tile in registers (up to 24 rows). The depth comes in blocks of 2 KiB of
// each row (512 f32). Each
// round takes a vector's lanes of outputs: with 512-bit vectors 4 rows
// against 4 columns (16 sums of 16 lanes), with 256-bit ones 2 rows
// against 4 columns (8 of 8); columns and rows past the end read the last
// one, and C is read and written with masks only where rows or columns run
// out. The fill before the op is folded: the first depth block adds the
// sums to the fill value instead of C.
// WIDE-LABEL: func.func @dot_products
// WIDE-NOT: memref.alloc
// WIDE: %[[EMPTY:.*]] = arith.cmpi eq, %c40{{.*}}, %c0
// WIDE: scf.if %[[EMPTY]] {
// WIDE-NEXT: linalg.fill
// WIDE: scf.for %[[DEPTH0:.*]] = %c0 to %c40 step %c512
// WIDE: %[[FIRST:.*]] = arith.cmpi eq, %[[DEPTH0]], %c0
// WIDE: scf.for %[[COLUMN:.*]] = %{{.*}} to %{{.*}} step %c4
// WIDE: %[[C0:.*]] = arith.minsi %[[COLUMN]], %c34
// WIDE: scf.for %[[ROW:.*]] = %c0 to %c8 step %c4
// WIDE: %[[R0:.*]] = arith.minsi %[[ROW]], %c7
// WIDE: %[[SUMS:.*]]:16 = scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// WIDE: vector.load %arg0[%[[R0]], %{{.*}}] : memref<8x40xf32>, vector<16xf32>
// WIDE-COUNT-3: vector.load %arg0
// WIDE: vector.load %arg1[%[[C0]], %{{.*}}] : memref<35x40xf32>, vector<16xf32>
// WIDE-COUNT-3: vector.load %arg1
// WIDE-COUNT-16: vector.fma
// WIDE: scf.if
// WIDE-COUNT-8: vector.maskedload
// WIDE-COUNT-16: vector.fma
// WIDE-COUNT-30: vector.shuffle
// WIDE: %[[WHOLE:.*]] = arith.andi
// WIDE: scf.if %[[WHOLE]] {
// WIDE: vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [4], strides = [1]} : vector<16xf32> to vector<4xf32>
// WIDE-NEXT: vector.load %arg2[%[[R0]], %[[COLUMN]]] : memref<8x35xf32>, vector<4xf32>
// WIDE: vector.store %{{.*}}, %arg2[%[[R0]], %[[COLUMN]]] : memref<8x35xf32>, vector<4xf32>
// WIDE-COUNT-3: vector.store %{{.*}}, %arg2
// WIDE-NEXT: } else {
// WIDE: %[[PART:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0], sizes = [4], strides = [1]} : vector<16xf32> to vector<4xf32>
// WIDE: %[[BEFORE:.*]] = vector.maskedload %arg2[%[[R0]], %[[COLUMN]]]
// WIDE: %[[FILLED:.*]] = vector.broadcast %arg3 : f32 to vector<4xf32>
// WIDE: %[[START:.*]] = arith.select %[[FIRST]], %[[FILLED]], %[[BEFORE]] : vector<4xf32>
// WIDE: %[[AFTER:.*]] = arith.addf %[[START]], %[[PART]] : vector<4xf32>
// WIDE: vector.maskedstore %arg2[%[[R0]], %[[COLUMN]]], %{{.*}}, %[[AFTER]]
// WIDE-COUNT-3: vector.maskedstore %arg2
// WIDE-NOT: vector.fma
// WIDE-NOT: linalg.generic
// CHECK-LABEL: func.func @dot_products
// CHECK-NOT: memref.alloc
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c2
// CHECK: scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// CHECK-COUNT-2: vector.load %arg0
// CHECK-COUNT-4: vector.load %arg1
// CHECK-COUNT-8: vector.fma
// CHECK-NOT: linalg.generic
func.func @dot_products(%a: memref<8x40xf32>, %b: memref<35x40xf32>, %c: memref<8x35xf32>, %v: f32) {
  linalg.fill ins(%v : f32) outs(%c : memref<8x35xf32>)
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
  return
}

// -----

// The most rows that run as dot products, 24, of f64: a row against 4
// columns in vectors of 4 with 256-bit vectors, 2 rows in vectors of 8 with
// 512-bit ones; depth blocks of 256 (2 KiB of f64).
// WIDE-LABEL: func.func @dot_products_most_rows
// WIDE-NOT: memref.alloc
// WIDE: scf.for %{{.*}} = %c0 to %c40 step %c256
// WIDE: scf.for %{{.*}} = %c0 to %c24 step %c2
// WIDE: scf.for {{.*}} -> (vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<8xf64>, vector<8xf64>)
// WIDE-COUNT-2: vector.load %arg0{{.*}} : memref<24x40xf64>, vector<8xf64>
// WIDE-COUNT-4: vector.load %arg1{{.*}} : memref<11x40xf64>, vector<8xf64>
// WIDE-COUNT-8: vector.fma
// CHECK-LABEL: func.func @dot_products_most_rows
// CHECK-NOT: memref.alloc
// CHECK: scf.for %{{.*}} = %c0 to %c40 step %c256
// CHECK: scf.for %{{.*}} = %c0 to %c24 step %c1
// CHECK: scf.for {{.*}} -> (vector<4xf64>, vector<4xf64>, vector<4xf64>, vector<4xf64>)
// CHECK-COUNT-1: vector.load %arg0{{.*}} : memref<24x40xf64>, vector<4xf64>
// CHECK-COUNT-4: vector.load %arg1{{.*}} : memref<11x40xf64>, vector<4xf64>
// CHECK-COUNT-4: vector.fma
func.func @dot_products_most_rows(%a: memref<24x40xf64>, %b: memref<11x40xf64>, %c: memref<24x11xf64>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                   affine_map<(m, n, k) -> (n, k)>,
                                   affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<24x40xf64>, memref<11x40xf64>) outs(%c : memref<24x11xf64>) {
  ^bb0(%x: f64, %y: f64, %z: f64):
    %p = arith.mulf %x, %y : f64
    %t = arith.addf %z, %p : f64
    linalg.yield %t : f64
  }
  return
}

// -----

// One row more, 25: tiles, whose packing transposes B. With depth-block=128
// (WIDE), f64 blocks are 64 deep (as many bytes as 128 f32), 32 for so few
// rows.
// WIDE-LABEL: func.func @past_dot_products
// WIDE: memref.alloc() {alignment = 64 : i64} : memref<1x32x16xf64>
// WIDE: vector.shuffle
// WIDE: vector.fma %{{.*}} : vector<8xf64>
// CHECK-LABEL: func.func @past_dot_products
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<2x40x8xf64>
// CHECK: vector.shuffle
// CHECK: vector.fma %{{.*}} : vector<4xf64>
func.func @past_dot_products(%a: memref<25x40xf64>, %b: memref<11x40xf64>, %c: memref<25x11xf64>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                   affine_map<(m, n, k) -> (n, k)>,
                                   affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<25x40xf64>, memref<11x40xf64>) outs(%c : memref<25x11xf64>) {
  ^bb0(%x: f64, %y: f64, %z: f64):
    %p = arith.mulf %x, %y : f64
    %t = arith.addf %z, %p : f64
    linalg.yield %t : f64
  }
  return
}

// -----

// A strided along both of its dimensions (a view of every other element):
// its tile is packed an element at a time, [row][depth], and the kernel's
// broadcasts read the packed tile.
// WIDE-LABEL: func.func @strided_lhs
// CHECK-LABEL: func.func @strided_lhs
// CHECK-SAME: (%[[A:.*]]: memref<16x24xf32, strided<[96, 2]>>,
// CHECK: %[[PACKEDA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<{{[0-9]+}}x24xf32>
// CHECK: %[[E:.*]] = memref.load %[[A]]
// CHECK: memref.store %[[E]], %[[PACKEDA]][%{{.*}}, %{{.*}}]
// CHECK: memref.load %[[PACKEDA]]
// CHECK-NEXT: vector.broadcast
// CHECK-NOT: memref.load %[[A]]
// CHECK: memref.dealloc %[[PACKEDA]]
func.func @strided_lhs(%a: memref<16x24xf32, strided<[96, 2]>>, %b: memref<24x32xf32>, %c: memref<16x32xf32>) {
  linalg.matmul ins(%a, %b : memref<16x24xf32, strided<[96, 2]>>, memref<24x32xf32>) outs(%c : memref<16x32xf32>)
  return
}

// -----

// f64 and A transposed (`ji,jk->ik`, contiguous along the tile's rows):
// each depth's 5 rows are one masked load of A's row (rows past the end as
// zeros), stored into a [depth][row] buffer.
// CHECK-LABEL: func.func @transposed_lhs_f64
// CHECK-SAME: (%[[A:.*]]: memref<40x10xf64>,
// CHECK: %[[PACKEDA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<40x5xf64>
// CHECK: %[[MASK:.*]] = vector.create_mask %{{.*}} : vector<5xi1>
// CHECK: scf.for %[[D:.*]] = %{{.*}} to %{{.*}} step %c1
// CHECK: %[[ROWS:.*]] = vector.maskedload %[[A]][%{{.*}}, %{{.*}}], %[[MASK]], %{{.*}} : memref<40x10xf64>, vector<5xi1>, vector<5xf64> into vector<5xf64>
// CHECK-NEXT: vector.store %[[ROWS]], %[[PACKEDA]][%[[D]], %c0{{.*}}]
// CHECK: memref.load %[[PACKEDA]][%{{.*}}, %c4{{.*}}]
func.func @transposed_lhs_f64(%a: memref<40x10xf64>, %b: memref<40x12xf64>, %c: memref<10x12xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, k, j) -> (j, i)>,
                                   affine_map<(i, k, j) -> (j, k)>,
                                   affine_map<(i, k, j) -> (i, k)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<40x10xf64>, memref<40x12xf64>) outs(%c : memref<10x12xf64>) {
  ^bb0(%x: f64, %y: f64, %z: f64):
    %p = arith.mulf %x, %y : f64
    %t = arith.addf %z, %p : f64
    linalg.yield %t : f64
  }
  return
}

// -----

// Two rows: a tile of those two rows, and B read where it lies, not
// packed: each element of B is used once. Each step of the kernel loads
// B's row at its depth (masked in the panel of the last columns) and
// prefetches the row of the panel that runs next.
// CHECK-LABEL: func.func @two_rows
// CHECK-SAME: (%[[A:.*]]: memref<2x300xf32>, %[[B:.*]]: memref<300x40xf32>, %[[C:.*]]: memref<2x40xf32>)
// CHECK-NOT: memref.alloc() {{.*}}x16xf32>
// CHECK: %[[PACKEDA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x128xf32>
// CHECK-NOT: memref.alloc
// CHECK: scf.if %{{.*}} -> (vector<16xf32>, vector<16xf32>) {
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>) {
// CHECK-NEXT: arith.addi
// CHECK-NEXT: vector.load %[[B]]
// CHECK: } else {
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>) {
// CHECK-NEXT: arith.addi
// CHECK-NEXT: %[[ROW:.*]] = vector.maskedload %[[B]]
// CHECK: memref.prefetch %[[B]]{{.*}}, read, locality<3>, data
// CHECK: memref.load %[[PACKEDA]]
// CHECK: vector.fma %{{.*}}, %[[ROW]]
// CHECK: vector.maskedstore %[[C]]
// CHECK: memref.dealloc %[[PACKEDA]]
// CHECK-NOT: memref.dealloc
func.func @two_rows(%a: memref<2x300xf32>, %b: memref<300x40xf32>, %c: memref<2x40xf32>) {
  linalg.matmul ins(%a, %b : memref<2x300xf32>, memref<300x40xf32>) outs(%c : memref<2x40xf32>)
  return
}

// 64 rows of f32 in 11 tiles of 6: each tile reading the whole block of B
// would bring it from the L2 cache once per tile, so every tile runs under
// one panel before the next. A's depth block is packed for every tile
// first (66 rows: the last tile's padding); under each panel, the first
// tile reads B where it lies (masked only in the last panel) and stores
// each row of B it reads into a one-panel buffer, which the other tiles,
// from the second on, read, each prefetching its share of the rows of the
// next panel into the L2 cache.
// CHECK-LABEL: func.func @tiles_under_panels
// CHECK-SAME: (%[[A:.*]]: memref<64x300xf32>, %[[B:.*]]: memref<300x40xf32>, %[[C:.*]]: memref<64x40xf32>)
// CHECK: %[[PANEL:.*]] = memref.alloc() {alignment = 64 : i64} : memref<1x128x16xf32>
// CHECK: %[[PACKEDA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<66x128xf32>
// CHECK-NOT: memref.alloc
// CHECK: scf.for %[[TILE:.*]] = %c0 to %c64 step %c6
// CHECK: vector.store %{{.*}}, %[[PACKEDA]][%[[TILE]],
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c1 {
// CHECK: scf.for %[[D:.*]] = %c0 to
// CHECK: %[[ROW:.*]] = vector.load %[[B]]
// CHECK-NEXT: vector.store %[[ROW]], %[[PANEL]][%c0, %[[D]], %c0]
// CHECK-NOT: memref.prefetch
// CHECK: memref.load %[[PACKEDA]][%c0, %[[D]]]
// CHECK: } else {
// CHECK: %[[EDGE:.*]] = vector.maskedload %[[B]]
// CHECK-NEXT: vector.store %[[EDGE]], %[[PANEL]]
// CHECK: scf.for %[[NEXT:.*]] = %c6{{.*}} to %c64 step %c6
// CHECK: memref.prefetch %[[B]]{{.*}} locality<2>
// CHECK-NOT: load %[[B]][
// CHECK: vector.load %[[PANEL]][%c0,
// CHECK-NOT: load %[[B]][
// CHECK: memref.dealloc
func.func @tiles_under_panels(%a: memref<64x300xf32>, %b: memref<300x40xf32>, %c: memref<64x40xf32>) {
  linalg.matmul ins(%a, %b : memref<64x300xf32>, memref<300x40xf32>) outs(%c : memref<64x40xf32>)
  return
}

// Many row tiles whose panels are large (48 rows in 12 tiles of 4, panels
// of 32 columns at a depth of 128: 16 KiB) read B where it lies, and each
// brings in its share of the next depth block's rows of B, a line at a
// time into the L2 cache, before the kernel of each panel; the kernel's
// own prefetches bring the next panel into the L1 cache.
// DEEP-LABEL: func.func @many_tiles_direct
// DEEP-SAME: (%[[A:.*]]: memref<48x300xf32>, %[[B:.*]]: memref<300x40xf32>, %[[C:.*]]: memref<48x40xf32>)
// DEEP-NOT: memref.alloc() {{.*}}x32xf32>
// DEEP: scf.for %{{.*}} = %c0{{.*}} to %c48{{.*}} step %c4
// DEEP: memref.prefetch %[[B]]{{.*}}, read, locality<2>, data
// DEEP: vector.load %[[B]]
// DEEP: memref.prefetch %[[B]]{{.*}}, read, locality<3>, data
func.func @many_tiles_direct(%a: memref<48x300xf32>, %b: memref<300x40xf32>, %c: memref<48x40xf32>) {
  linalg.matmul ins(%a, %b : memref<48x300xf32>, memref<300x40xf32>) outs(%c : memref<48x40xf32>)
  return
}

// One row, a vector times a matrix: left to the loop lowering, which
// streams B row by row into the row of C.
// CHECK-LABEL: func.func @one_row
// CHECK-NEXT: linalg.matmul
// CHECK-NEXT: return
func.func @one_row(%a: memref<1x300xf32>, %b: memref<300x40xf32>, %c: memref<1x40xf32>) {
  linalg.matmul ins(%a, %b : memref<1x300xf32>, memref<300x40xf32>) outs(%c : memref<1x40xf32>)
  return
}

// -----

// Rows unknown until run time: one row is left to the loop lowering (a copy
// of the op after a copy of its fill); at most register-rows (6) of them
// read B directly in tiles of 6; more, the packed kernel in tiles of 6 with
// depth blocks of 256 (128 for at most 128 rows). Each kernel has its own
// fill, run only for an empty depth.
// CHECK-LABEL: func.func @rows_unknown
// CHECK-SAME: (%[[A:.*]]: memref<?x300xf32>, %[[B:.*]]: memref<300x40xf32>, %[[C:.*]]: memref<?x40xf32>)
// CHECK: %[[M:.*]] = memref.dim %[[A]], %c0
// CHECK: %[[ONE:.*]] = arith.cmpi eq, %[[M]], %c1
// CHECK: scf.if %[[ONE]] {
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[C]] : memref<?x40xf32>)
// CHECK-NEXT: linalg.matmul ins(%[[A]], %[[B]] : memref<?x300xf32>, memref<300x40xf32>) outs(%[[C]] : memref<?x40xf32>)
// CHECK-NEXT: } else {
// CHECK: %[[FEW:.*]] = arith.cmpi sle, %[[M]], %c6
// CHECK: scf.if %[[FEW]] {
// CHECK: scf.if
// CHECK-NEXT: linalg.fill
// CHECK-NOT: memref.alloc({{.*}}x16xf32>
// CHECK: vector.maskedstore %{{.*}} : memref<6x128xf32>
// CHECK: vector.maskedload %[[B]]
// CHECK: %[[PACKED:.*]] = memref.alloc() {alignment = 64 : i64} : memref<3x256x16xf32>
// CHECK: linalg.fill
// CHECK: vector.load %[[PACKED]]
// CHECK-NOT: linalg
func.func @rows_unknown(%a: memref<?x300xf32>, %b: memref<300x40xf32>, %c: memref<?x40xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<?x40xf32>)
  linalg.matmul ins(%a, %b : memref<?x300xf32>, memref<300x40xf32>) outs(%c : memref<?x40xf32>)
  return
}

// -----

// Rows of A a whole short depth apart (64 f32, as W4's and W5's): a row
// tile of A is as compact as a packed one, and the broadcasts read A where
// it lies; only B is packed (70 rows: more than read B where it lies).
// Its one block per batch goes into two buffers in turn: the tiles of
// each batch pack their share of the next batch's block (the batch
// stepped, 0 after the last), and the prefetches of the next batch's
// operands leave out B, which that packing reads.
// CHECK-LABEL: func.func @lhs_rows_compact
// CHECK-SAME: (%[[A:.*]]: memref<2x70x64xf32>, %[[B:.*]]: memref<2x64x32xf32>,
// CHECK: %[[EVEN:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x64x16xf32>
// CHECK: %[[ODD:.*]] = memref.alloc() {alignment = 64 : i64} : memref<2x64x16xf32>
// CHECK-NOT: memref.alloc
// CHECK: scf.for %[[BATCH:.*]] = %c0 to %c2 step %c1
// CHECK: %[[PARITY:.*]] = arith.trunci %{{.*}} : i64 to i1
// CHECK: %[[PACKED:.*]] = arith.select %[[PARITY]], %[[ODD]], %[[EVEN]]
// CHECK: %[[NEXT:.*]] = arith.select %[[PARITY]], %[[EVEN]], %[[ODD]]
// CHECK: %[[STEPPED:.*]] = arith.addi %[[BATCH]], %c1
// CHECK: %[[WRAPS:.*]] = arith.cmpi sge, %[[STEPPED]], %c2
// CHECK: %[[WRAPPED:.*]] = arith.select %[[WRAPS]], %c0, %[[STEPPED]]
// CHECK: %[[NEXTBATCH:.*]] = arith.select %{{.*}}, %[[BATCH]], %[[WRAPPED]]
// CHECK: memref.prefetch %[[A]]
// CHECK-NOT: memref.prefetch
// CHECK: memref.prefetch %[[B]][%[[BATCH]],
// CHECK: vector.maskedload %[[B]][%[[NEXTBATCH]],
// CHECK-NEXT: vector.store %{{.*}}, %[[NEXT]]
// CHECK: vector.load %[[PACKED]]
// CHECK-NEXT: arith.addi
// CHECK-NEXT: memref.load %[[A]]
// CHECK-NEXT: vector.broadcast
func.func @lhs_rows_compact(%a: memref<2x70x64xf32>, %b: memref<2x64x32xf32>, %c: memref<2x70x32xf32>) {
  linalg.batch_matmul ins(%a, %b : memref<2x70x64xf32>, memref<2x64x32xf32>) outs(%c : memref<2x70x32xf32>)
  return
}

// -----

// Rows unknown until run time and B indexed [n, k] (x @ W.T, a linear
// layer's weight): one row is left to the loop lowering; at most 24 (four
// tiles of 6, with 256-bit vectors) run as dot products along the depth;
// more take the packed kernel, which transposes B into its panels (B is
// not contiguous along n, so no kernel reads it where it lies).
// CHECK-LABEL: func.func @rows_unknown_transposed_rhs
// CHECK-SAME: (%[[A:.*]]: memref<?x64xf32>, %[[B:.*]]: memref<40x64xf32>, %[[C:.*]]: memref<?x40xf32>)
// CHECK: %[[M:.*]] = memref.dim %[[A]], %c0
// CHECK: %[[ONE:.*]] = arith.cmpi eq, %[[M]], %c1
// CHECK: scf.if %[[ONE]] {
// CHECK-NEXT: linalg.generic
// CHECK-NOT: arith.cmpi sle, %[[M]], %c6
// CHECK: %[[FEW:.*]] = arith.cmpi sle, %[[M]], %c24
// CHECK: scf.if %[[FEW]] {
// CHECK-NOT: memref.alloc
// CHECK: scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// CHECK: } else {
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<3x64x16xf32>
// CHECK-NOT: linalg.generic
func.func @rows_unknown_transposed_rhs(%a: memref<?x64xf32>, %b: memref<40x64xf32>, %c: memref<?x40xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>,
                                   affine_map<(i, j, k) -> (j, k)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x64xf32>, memref<40x64xf32>) outs(%c : memref<?x40xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %t = arith.addf %z, %p : f32
    linalg.yield %t : f32
  }
  return
}
