// RUN: tensor-opt %s --split-input-file --ten-jam-reduction-loops | FileCheck %s
// RUN: tensor-opt %s --split-input-file --ten-jam-reduction-loops=factor=2 | FileCheck %s --check-prefix=TWO

// A sum over axis 0: four rows per iteration of the outer loop, the
// accumulator loaded once and stored once per four additions, which it
// takes in the order of the rows.
// CHECK-LABEL: func.func @column_sum
// CHECK-SAME: (%[[X:.*]]: memref<64x256xf32>)
// CHECK: %[[ACC:.*]] = memref.alloc() : memref<256xf32>
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %c4{{.*}} {
// CHECK-NEXT: scf.for %[[J:.*]] =
// CHECK-NEXT: %[[X0:.*]] = memref.load %[[X]][%[[I]], %[[J]]]
// CHECK-NEXT: %[[A:.*]] = memref.load %[[ACC]][%[[J]]]
// CHECK-NEXT: %[[S0:.*]] = arith.addf %[[A]], %[[X0]]
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[I1:.*]] = arith.addi %[[I]], %[[C1]]
// CHECK-NEXT: %[[X1:.*]] = memref.load %[[X]][%[[I1]], %[[J]]]
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[S0]], %[[X1]]
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[I2:.*]] = arith.addi %[[I]], %[[C2]]
// CHECK-NEXT: %[[X2:.*]] = memref.load %[[X]][%[[I2]], %[[J]]]
// CHECK-NEXT: %[[S2:.*]] = arith.addf %[[S1]], %[[X2]]
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[I3:.*]] = arith.addi %[[I]], %[[C3]]
// CHECK-NEXT: %[[X3:.*]] = memref.load %[[X]][%[[I3]], %[[J]]]
// CHECK-NEXT: %[[S3:.*]] = arith.addf %[[S2]], %[[X3]]
// CHECK-NEXT: memref.store %[[S3]], %[[ACC]][%[[J]]]
// CHECK-NEXT: }
// TWO-LABEL: func.func @column_sum
// TWO: scf.for
// TWO-COUNT-2: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<64x256xf32>
// TWO-NOT: memref.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<64x256xf32>
// TWO: memref.store
func.func @column_sum(%x: memref<64x256xf32>) -> memref<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %acc = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c256 step %c1 {
      %v = memref.load %x[%i, %j] : memref<64x256xf32>
      %a = memref.load %acc[%j] : memref<256xf32>
      %s = arith.addf %a, %v : f32
      memref.store %s, %acc[%j] : memref<256xf32>
    }
  }
  return %acc : memref<256xf32>
}

// -----

// Through a view of the allocation, as bufferization leaves it: a
// contraction's k loop around its j loop (C[i, j] += A[i, k] * B[k, j]).
// CHECK-LABEL: func.func @matvec_rows
// CHECK: scf.for %{{.*}} step %c4
// CHECK-COUNT-4: arith.muli
// CHECK-NOT: memref.store
// CHECK: memref.store
// CHECK-NOT: memref.store
// CHECK: return
func.func @matvec_rows(%a: memref<8x32xi32>, %b: memref<32x16xi32>, %i: index) -> memref<8x16xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c = memref.alloc() : memref<8x16xi32>
  %row = memref.subview %c[%i, 0] [1, 16] [1, 1] : memref<8x16xi32> to memref<16xi32, strided<[1], offset: ?>>
  scf.for %k = %c0 to %c32 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %x = memref.load %a[%i, %k] : memref<8x32xi32>
      %y = memref.load %b[%k, %j] : memref<32x16xi32>
      %p = arith.muli %x, %y : i32
      %o = memref.load %row[%j] : memref<16xi32, strided<[1], offset: ?>>
      %s = arith.addi %o, %p : i32
      memref.store %s, %row[%j] : memref<16xi32, strided<[1], offset: ?>>
    }
  }
  return %c : memref<8x16xi32>
}

// -----

// A dynamic trip count: the whole groups of four rows jammed, as above, up
// to the count rounded down to a multiple of four; the rest, one row at a
// time, in a copy of the loop after them.
// CHECK-LABEL: func.func @column_sum_dynamic
// CHECK-SAME: (%[[X:.*]]: memref<?x256xf32>, %[[N:.*]]: index)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[LEN:.*]] = arith.subi %[[N]], %[[C0]]
// CHECK: %[[GROUPS:.*]] = arith.divsi %[[LEN]], %[[C4]]
// CHECK: %[[ROUNDED:.*]] = arith.muli %[[GROUPS]], %[[C4]]
// CHECK: %[[END:.*]] = arith.addi %[[C0]], %[[ROUNDED]]
// CHECK: scf.for %[[I:.*]] = %[[C0]] to %[[END]] step %[[C4]] {
// CHECK: scf.for %[[J:.*]] =
// CHECK-COUNT-4: memref.load %[[X]]
// CHECK-NOT: memref.load
// CHECK: memref.store
// CHECK-NOT: memref.store
// CHECK: }
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %{{.*}} = %[[END]] to %[[N]] step %[[C1]] {
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.load %[[X]]
// CHECK-NEXT: memref.load
// CHECK-NEXT: arith.addf
// CHECK-NEXT: memref.store
func.func @column_sum_dynamic(%x: memref<?x256xf32>, %n: index) -> memref<256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %acc = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c256 step %c1 {
      %v = memref.load %x[%i, %j] : memref<?x256xf32>
      %a = memref.load %acc[%j] : memref<256xf32>
      %s = arith.addf %a, %v : f32
      memref.store %s, %acc[%j] : memref<256xf32>
    }
  }
  return %acc : memref<256xf32>
}

// -----

// Left alone: an accumulator indexed by the outer loop (a row sum), a trip
// count that 4 does not divide, a dynamic trip count with an inner loop
// whose bounds depend on the outer one (a triangle), a store to an
// argument (it may alias what the loop reads), a read of another view of
// the accumulator's allocation, and a loop that only copies.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: arith.constant 4 : index
// CHECK: return
func.func @left_alone(%x: memref<64x256xf32>, %y: memref<256xf32>, %n: index) -> (memref<64xf32>, memref<256xf32>, memref<256xf32>, memref<256xf32>, memref<64x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  %c255 = arith.constant 255 : index
  %c256 = arith.constant 256 : index
  %rows = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c256 step %c1 {
      %v = memref.load %x[%i, %j] : memref<64x256xf32>
      %a = memref.load %rows[%i] : memref<64xf32>
      %s = arith.addf %a, %v : f32
      memref.store %s, %rows[%i] : memref<64xf32>
    }
  }
  %acc = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c256 step %c1 {
      %v = memref.load %x[%i, %j] : memref<64x256xf32>
      %a = memref.load %acc[%j] : memref<256xf32>
      %s = arith.addf %a, %v : f32
      memref.store %s, %acc[%j] : memref<256xf32>
    }
  }
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %i step %c1 {
      %v = memref.load %x[%i, %j] : memref<64x256xf32>
      %a = memref.load %acc[%j] : memref<256xf32>
      %s = arith.addf %a, %v : f32
      memref.store %s, %acc[%j] : memref<256xf32>
    }
  }
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c256 step %c1 {
      %v = memref.load %x[%i, %j] : memref<64x256xf32>
      %a = memref.load %y[%j] : memref<256xf32>
      %s = arith.addf %a, %v : f32
      memref.store %s, %y[%j] : memref<256xf32>
    }
  }
  %shifted = memref.alloc() : memref<256xf32>
  %view = memref.subview %shifted[1] [255] [1] : memref<256xf32> to memref<255xf32, strided<[1], offset: 1>>
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c255 step %c1 {
      %v = memref.load %view[%j] : memref<255xf32, strided<[1], offset: 1>>
      %a = memref.load %shifted[%j] : memref<256xf32>
      %s = arith.addf %a, %v : f32
      memref.store %s, %shifted[%j] : memref<256xf32>
    }
  }
  %copy = memref.alloc() : memref<64x256xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c256 step %c1 {
      %v = memref.load %x[%i, %j] : memref<64x256xf32>
      memref.store %v, %copy[%i, %j] : memref<64x256xf32>
    }
  }
  return %rows, %acc, %y, %shifted, %copy : memref<64xf32>, memref<256xf32>, memref<256xf32>, memref<256xf32>, memref<64x256xf32>
}
