// RUN: tensor-opt %s --split-input-file --ten-prefetch-next-block | FileCheck %s

// A softmax's row is read by two loop nests: the maximum (which accumulates,
// left as it is) and the exponentials, whose loop runs in strips of 16
// columns, each after a prefetch of the next row (this one in the last
// iteration).
// CHECK-LABEL: func.func @softmax_rows
// CHECK-SAME: (%[[X:.*]]: memref<64x4096xf32>, %[[Y:.*]]: memref<64x4096xf32>)
// CHECK-DAG: %[[STRIP:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C4096:.*]] = arith.constant 4096 : index
// CHECK: scf.parallel (%[[I:.*]]) = (%[[C0]]) to (%[[C64]]) step (%[[C1]])
// CHECK: %[[NEXT:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK: %[[HAS_NEXT:.*]] = arith.cmpi slt, %[[NEXT]], %[[C64]] : index
// CHECK: %[[NEXT_I:.*]] = arith.select %[[HAS_NEXT]], %[[NEXT]], %[[I]] : index
// CHECK: %[[NEXT_ROW:.*]] = memref.subview %[[X]][%[[NEXT_I]], 0] [1, 4096] [1, 1]
// CHECK: %[[ROW:.*]] = memref.subview %[[X]][%[[I]], 0] [1, 4096] [1, 1]
// The maximum: unchanged.
// CHECK: scf.for %[[J:.*]] = %[[C0]] to %[[C4096]] step %[[C1]] {
// CHECK-NEXT: memref.load %[[ROW]][%[[C0]], %[[J]]]
// CHECK-NOT: memref.prefetch
// CHECK: arith.maximumf
// The exponentials: a prefetch per strip.
// CHECK: scf.for %[[S:.*]] = %[[C0]] to %[[C4096]] step %[[STRIP]] {
// CHECK-NEXT: memref.prefetch %[[NEXT_ROW]][%[[C0]], %[[S]]], read, locality<3>, data
// CHECK-NEXT: %[[END:.*]] = arith.addi %[[S]], %[[STRIP]] : index
// CHECK-NEXT: scf.for %[[J2:.*]] = %[[S]] to %[[END]] step %[[C1]] {
// CHECK-NEXT: memref.load %[[ROW]][%[[C0]], %[[J2]]]
// CHECK: math.exp
// CHECK-NOT: memref.prefetch
// CHECK: scf.reduce
func.func @softmax_rows(%x: memref<64x4096xf32>, %y: memref<64x4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  %cst = arith.constant 0xFF800000 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %row = memref.subview %x[%i, 0] [1, 4096] [1, 1] : memref<64x4096xf32> to memref<1x4096xf32, strided<[4096, 1], offset: ?>>
    %out = memref.subview %y[%i, 0] [1, 4096] [1, 1] : memref<64x4096xf32> to memref<1x4096xf32, strided<[4096, 1], offset: ?>>
    %max = memref.alloca() : memref<1xf32>
    memref.store %cst, %max[%c0] : memref<1xf32>
    scf.for %j = %c0 to %c4096 step %c1 {
      %v = memref.load %row[%c0, %j] : memref<1x4096xf32, strided<[4096, 1], offset: ?>>
      %m = memref.load %max[%c0] : memref<1xf32>
      %n = arith.maximumf %m, %v : f32
      memref.store %n, %max[%c0] : memref<1xf32>
    }
    scf.for %j = %c0 to %c4096 step %c1 {
      %v = memref.load %row[%c0, %j] : memref<1x4096xf32, strided<[4096, 1], offset: ?>>
      %m = memref.load %max[%c0] : memref<1xf32>
      %d = arith.subf %v, %m : f32
      %e = math.exp %d : f32
      memref.store %e, %out[%c0, %j] : memref<1x4096xf32, strided<[4096, 1], offset: ?>>
    }
    scf.reduce
  }
  return
}

// -----

// Blocks of 4 rows at offset 4 * i, of f64: a strip of 16 columns spans two
// cache lines, each prefetched; the row index of the load is kept, and the
// next block's offset is computed again from the next iteration.
// CHECK-LABEL: func.func @f64_blocks
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C99:.*]] = arith.constant 99 : index
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : index
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK: %[[NEXT_I:.*]] = arith.select
// CHECK: %[[OFFSET:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK: %[[NEXT_OFFSET:.*]] = affine.apply #{{.*}}(%[[NEXT_I]])
// CHECK: %[[NEXT:.*]] = memref.subview %{{.*}}[%[[NEXT_OFFSET]], 0] [4, 100] [1, 1]
// CHECK: %[[BLOCK:.*]] = memref.subview %{{.*}}[%[[OFFSET]], 0] [4, 100] [1, 1]
// CHECK: scf.for %[[R:.*]] =
// CHECK: scf.for %[[S:.*]] = %{{.*}} to %[[C100]] step %[[STRIP:.*]] {
// CHECK-NEXT: memref.prefetch %[[NEXT]][%[[R]], %[[S]]]
// 100 columns are not a multiple of 16: the second line's column stays
// within the row, and so does the strip's end.
// CHECK-NEXT: %[[SECOND:.*]] = arith.addi %[[S]], %[[C8]] : index
// CHECK-NEXT: %[[CLAMPED:.*]] = arith.minsi %[[SECOND]], %[[C99]] : index
// CHECK-NEXT: memref.prefetch %[[NEXT]][%[[R]], %[[CLAMPED]]]
// CHECK-NEXT: %[[END:.*]] = arith.addi %[[S]], %[[STRIP]] : index
// CHECK-NEXT: %[[BOUNDED_END:.*]] = arith.minsi %[[END]], %[[C100]] : index
// CHECK-NEXT: scf.for %{{.*}} = %[[S]] to %[[BOUNDED_END]]
// CHECK-NEXT: memref.load %[[BLOCK]][%[[R]],
// CHECK-NOT: memref.prefetch
// CHECK: scf.reduce
func.func @f64_blocks(%x: memref<64x100xf64>, %y: memref<64x100xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c100 = arith.constant 100 : index
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    %offset = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %block = memref.subview %x[%offset, 0] [4, 100] [1, 1] : memref<64x100xf64> to memref<4x100xf64, strided<[100, 1], offset: ?>>
    %out = memref.subview %y[%offset, 0] [4, 100] [1, 1] : memref<64x100xf64> to memref<4x100xf64, strided<[100, 1], offset: ?>>
    scf.for %r = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c100 step %c1 {
        %v = memref.load %block[%r, %j] : memref<4x100xf64, strided<[100, 1], offset: ?>>
        memref.store %v, %out[%r, %j] : memref<4x100xf64, strided<[100, 1], offset: ?>>
      }
    }
    scf.for %r = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c100 step %c1 {
        %v = memref.load %block[%r, %j] : memref<4x100xf64, strided<[100, 1], offset: ?>>
        %o = memref.load %out[%r, %j] : memref<4x100xf64, strided<[100, 1], offset: ?>>
        %s = arith.addf %v, %o : f64
        memref.store %s, %out[%r, %j] : memref<4x100xf64, strided<[100, 1], offset: ?>>
      }
    }
    scf.reduce
  }
  return
}

// -----

// Blocks of dynamic sizes: the next block may be shorter (the last one), so
// each prefetched index is clamped to its last row and column, and to this
// block's where the next one is empty. The row, of dynamic length, runs in
// whole strips of 16, each after its prefetch, then the rest on its own.
// CHECK-LABEL: func.func @dynamic_blocks
// CHECK-SAME: (%[[D:.*]]: memref<?x?xf32>, %[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK: %[[NEXT:.*]] = arith.addi %[[I]], %c8
// CHECK: %[[HAS:.*]] = arith.cmpi slt, %[[NEXT]], %[[N]]
// CHECK: %[[NEXT_I:.*]] = arith.select %[[HAS]], %[[NEXT]], %[[I]]
// CHECK: %[[SIZE:.*]] = affine.min #{{.*}}(%[[I]])
// CHECK: %[[NEXT_SIZE:.*]] = affine.min #{{.*}}(%[[NEXT_I]])
// CHECK: %[[NEXT_VIEW:.*]] = memref.subview %[[D]][%[[NEXT_I]], 0] [%[[NEXT_SIZE]], %[[M]]]
// CHECK: %[[NEXT_ROWS:.*]] = memref.dim %[[NEXT_VIEW]], %{{.*}}
// CHECK: %[[HAS_ROWS:.*]] = arith.cmpi sgt, %[[NEXT_ROWS]]
// CHECK: %[[NEXT_COLS:.*]] = memref.dim %[[NEXT_VIEW]], %{{.*}}
// CHECK: %[[HAS_COLS:.*]] = arith.cmpi sgt, %[[NEXT_COLS]]
// CHECK: %[[NON_EMPTY:.*]] = arith.andi %[[HAS_ROWS]], %[[HAS_COLS]]
// CHECK: %[[VIEW:.*]] = memref.subview %[[D]][%[[I]], 0] [%[[SIZE]], %[[M]]]
// CHECK: %[[TARGET:.*]] = arith.select %[[NON_EMPTY]], %[[NEXT_VIEW]], %[[VIEW]]
// CHECK: %[[ROWS:.*]] = arith.select %[[NON_EMPTY]], %[[NEXT_ROWS]], %{{.*}}
// CHECK: %[[LAST_ROW:.*]] = arith.subi %[[ROWS]], %{{.*}}
// CHECK: %[[COLS:.*]] = arith.select %[[NON_EMPTY]], %[[NEXT_COLS]], %{{.*}}
// CHECK: %[[LAST_COL:.*]] = arith.subi %[[COLS]], %{{.*}}
// CHECK: scf.for %[[R:.*]] = %[[C0]] to %[[SIZE]]
// CHECK-NEXT: %[[ROW:.*]] = arith.minsi %[[R]], %[[LAST_ROW]]
// CHECK-NEXT: %[[LEN:.*]] = arith.subi %[[M]], %[[C0]]
// CHECK-NEXT: %[[STRIPS:.*]] = arith.divsi %[[LEN]], %[[C16]]
// CHECK-NEXT: %[[WHOLE:.*]] = arith.muli %[[STRIPS]], %[[C16]]
// CHECK-NEXT: %[[END:.*]] = arith.addi %[[C0]], %[[WHOLE]]
// CHECK-NEXT: scf.for %[[S:.*]] = %[[C0]] to %[[END]] step %[[C16]] {
// CHECK-NEXT: %[[COL:.*]] = arith.minsi %[[S]], %[[LAST_COL]]
// CHECK-NEXT: memref.prefetch %[[TARGET]][%[[ROW]], %[[COL]]], read, locality<3>, data
// CHECK-NEXT: %[[S_END:.*]] = arith.addi %[[S]], %[[C16]]
// CHECK-NEXT: scf.for %[[J:.*]] = %[[S]] to %[[S_END]] step %{{.*}} {
// CHECK-NEXT: memref.load %[[VIEW]][%[[R]], %[[J]]]
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %[[J:.*]] = %[[END]] to %[[M]] step %{{.*}} {
// CHECK-NEXT: memref.load %[[VIEW]][%[[R]], %[[J]]]
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
// CHECK-NEXT: }
// The second pass reads from the cache, unchanged.
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.load %[[VIEW]]
// CHECK-NEXT: arith.addf
// CHECK-NOT: memref.prefetch
// CHECK: return
func.func @dynamic_blocks(%d: memref<?x?xf32>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c8) {
    %size = affine.min affine_map<(d0)[s0] -> (8, s0 - d0)>(%i)[%n]
    %block = memref.subview %d[%i, 0] [%size, %m] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    scf.for %r = %c0 to %size step %c1 {
      scf.for %j = %c0 to %m step %c1 {
        %v = memref.load %block[%r, %j] : memref<?x?xf32, strided<[?, 1], offset: ?>>
        %w = arith.mulf %v, %v : f32
        memref.store %w, %block[%r, %j] : memref<?x?xf32, strided<[?, 1], offset: ?>>
      }
    }
    scf.for %r = %c0 to %size step %c1 {
      scf.for %j = %c0 to %m step %c1 {
        %v = memref.load %block[%r, %j] : memref<?x?xf32, strided<[?, 1], offset: ?>>
        %w = arith.addf %v, %v : f32
        memref.store %w, %block[%r, %j] : memref<?x?xf32, strided<[?, 1], offset: ?>>
      }
    }
    scf.reduce
  }
  return
}

// -----

// Left alone: a block read by one loop nest (the hardware prefetcher streams
// it), the blocks of a loop of two iterations (each a thread's share: the
// next block is the other thread's), and a block whose every reading loop
// accumulates.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: memref.prefetch
// CHECK-NOT: step %c16
// CHECK: return
func.func @left_alone(%x: memref<64x256xf32>, %acc: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %row = memref.subview %x[%i, 0] [1, 256] [1, 1] : memref<64x256xf32> to memref<1x256xf32, strided<[256, 1], offset: ?>>
    scf.for %j = %c0 to %c256 step %c1 {
      %v = memref.load %row[%c0, %j] : memref<1x256xf32, strided<[256, 1], offset: ?>>
      memref.store %v, %row[%c0, %j] : memref<1x256xf32, strided<[256, 1], offset: ?>>
    }
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c2) step (%c1) {
    %half = arith.muli %i, %c32 : index
    %block = memref.subview %x[%half, 0] [32, 256] [1, 1] : memref<64x256xf32> to memref<32x256xf32, strided<[256, 1], offset: ?>>
    scf.for %r = %c0 to %c32 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        %v = memref.load %block[%r, %j] : memref<32x256xf32, strided<[256, 1], offset: ?>>
        memref.store %v, %block[%r, %j] : memref<32x256xf32, strided<[256, 1], offset: ?>>
      }
    }
    scf.for %r = %c0 to %c32 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        %v = memref.load %block[%r, %j] : memref<32x256xf32, strided<[256, 1], offset: ?>>
        memref.store %v, %block[%r, %j] : memref<32x256xf32, strided<[256, 1], offset: ?>>
      }
    }
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %row = memref.subview %x[%i, 0] [1, 256] [1, 1] : memref<64x256xf32> to memref<1x256xf32, strided<[256, 1], offset: ?>>
    scf.for %j = %c0 to %c256 step %c1 {
      %v = memref.load %row[%c0, %j] : memref<1x256xf32, strided<[256, 1], offset: ?>>
      %a = memref.load %acc[%i] : memref<64xf32>
      %s = arith.addf %a, %v : f32
      memref.store %s, %acc[%i] : memref<64xf32>
    }
    scf.for %j = %c0 to %c256 step %c1 {
      %v = memref.load %row[%c0, %j] : memref<1x256xf32, strided<[256, 1], offset: ?>>
      %a = memref.load %acc[%i] : memref<64xf32>
      %s = arith.maximumf %a, %v : f32
      memref.store %s, %acc[%i] : memref<64xf32>
    }
    scf.reduce
  }
  return
}
