// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-vectorize-elementwise))' -split-input-file | FileCheck %s

#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
#row = affine_map<(i, j) -> (i)>

// Mixed widths: the widest element (f32) sets 4 points per iteration; f16
// is read 4 at a time too (8 bytes, aligned to 8). A bias along the
// innermost loop is a vector load; a per-row value is one load, broadcast
// where it is used.
// CHECK-LABEL: func.func @mixed
// CHECK-SAME: (%[[H:.*]]: memref<8x64xf16>, %[[B:.*]]: memref<64xf32>, %[[R:.*]]: memref<8xf32>, %[[OUT:.*]]: memref<8x64xf32>)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%[[C8]], %[[C16]]) step
// CHECK:   %[[COL:.*]] = arith.muli %[[J]], %[[C4]] : index
// CHECK:   %[[HV:.*]] = vector.load %[[H]][%[[I]], %[[COL]]] {alignment = 8 : i64} : memref<8x64xf16>, vector<4xf16>
// CHECK:   %[[BV:.*]] = vector.load %[[B]][%[[COL]]] {alignment = 16 : i64} : memref<64xf32>, vector<4xf32>
// CHECK:   %[[RS:.*]] = memref.load %[[R]][%[[I]]] : memref<8xf32>
// CHECK:   %[[EXT:.*]] = arith.extf %[[HV]] : vector<4xf16> to vector<4xf32>
// CHECK:   %[[SUM:.*]] = arith.addf %[[EXT]], %[[BV]] : vector<4xf32>
// CHECK:   %[[RV:.*]] = vector.broadcast %[[RS]] : f32 to vector<4xf32>
// CHECK:   %[[MUL:.*]] = arith.mulf %[[SUM]], %[[RV]] : vector<4xf32>
// CHECK:   vector.store %[[MUL]], %[[OUT]][%[[I]], %[[COL]]] {alignment = 16 : i64} : memref<8x64xf32>, vector<4xf32>
// CHECK-NOT: linalg.generic
func.func @mixed(%h: memref<8x64xf16>, %b: memref<64xf32>, %r: memref<8xf32>, %out: memref<8x64xf32>) {
  linalg.generic {indexing_maps = [#id, #col, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h, %b, %r : memref<8x64xf16>, memref<64xf32>, memref<8xf32>) outs(%out : memref<8x64xf32>) {
  ^bb0(%x: f16, %bias: f32, %scale: f32, %o: f32):
    %e = arith.extf %x : f16 to f32
    %s = arith.addf %e, %bias : f32
    %m = arith.mulf %s, %scale : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// A fill: the scalar broadcast, stored 4 at a time; a value defined outside
// the body (a compare against it yields i1 vectors in registers) is
// broadcast too.
// CHECK-LABEL: func.func @fill_and_relu
// CHECK: scf.parallel
// CHECK: %[[SPLAT:.*]] = vector.broadcast %{{.*}} : f32 to vector<4xf32>
// CHECK: vector.store %[[SPLAT]]
// CHECK: scf.parallel
// CHECK: %[[V:.*]] = vector.load
// CHECK: %[[ZERO:.*]] = vector.broadcast %{{.*}} : f32 to vector<4xf32>
// CHECK: %[[NEG:.*]] = arith.cmpf olt, %[[V]], %[[ZERO]] : vector<4xf32>
// CHECK: arith.select %[[NEG]], %{{.*}}, %[[V]] : vector<4xi1>, vector<4xf32>
func.func @fill_and_relu(%x: memref<256xf32>, %out: memref<256xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<256xf32>)
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%x : memref<256xf32>) outs(%out : memref<256xf32>) {
  ^bb0(%in: f32, %o: f32):
    %neg = arith.cmpf olt, %in, %zero : f32
    %r = arith.select %neg, %zero, %in : f32
    linalg.yield %r : f32
  }
  return
}

// -----

#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>

// A dynamic innermost size: the vector loop runs when 4 divides the size
// (every row then starts 16-byte aligned and no point is left over), the
// op as it was otherwise.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[X:.*]]: memref<?x?xf32>, %[[B:.*]]: memref<?xf32>, %[[OUT:.*]]: memref<?x?xf32>)
// CHECK: %[[ROWS:.*]] = memref.dim %[[X]], %{{.*}}
// CHECK: %[[COLS:.*]] = memref.dim %[[X]], %{{.*}}
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[REM:.*]] = arith.remui %[[COLS]], %[[C4]] : index
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[DIVIDES:.*]] = arith.cmpi eq, %[[REM]], %[[C0]] : index
// CHECK: scf.if %[[DIVIDES]] {
// CHECK:   %[[VECTORS:.*]] = arith.divui %[[COLS]], %{{.*}} : index
// CHECK:   scf.parallel (%[[I:.*]], %[[J:.*]]) = (%{{.*}}, %{{.*}}) to (%[[ROWS]], %[[VECTORS]])
// CHECK:     %[[AT:.*]] = arith.muli %[[J]], %{{.*}} : index
// CHECK:     vector.load %[[X]][%[[I]], %[[AT]]] {alignment = 16 : i64} : memref<?x?xf32>, vector<4xf32>
// CHECK:     vector.load %[[B]][%[[AT]]] {alignment = 16 : i64} : memref<?xf32>, vector<4xf32>
// CHECK:     vector.store %{{.*}}, %[[OUT]][%[[I]], %[[AT]]] {alignment = 16 : i64}
// CHECK: } else {
// CHECK:   linalg.generic
// CHECK-SAME: ins(%[[X]], %[[B]] : memref<?x?xf32>, memref<?xf32>) outs(%[[OUT]] : memref<?x?xf32>)
// CHECK:     arith.addf %{{.*}}, %{{.*}} : f32
func.func @dynamic(%x: memref<?x?xf32>, %b: memref<?xf32>, %out: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : memref<?x?xf32>, memref<?xf32>) outs(%out : memref<?x?xf32>) {
  ^bb0(%in: f32, %bias: f32, %o: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Left alone: an innermost size not divisible by the vector length, a
// transposed input, an i1 buffer, a strided buffer, and a reduction.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: vector.
// CHECK-COUNT-5: linalg.generic
// CHECK-NOT: vector.
func.func @left_alone(%odd: memref<6xf32>, %odd2: memref<6xf32>,
                      %sq: memref<8x8xf32>, %sq2: memref<8x8xf32>, %bits: memref<8xi1>, %bits2: memref<8xi1>,
                      %strided: memref<8xf32, strided<[2]>>, %v: memref<8xf32>, %acc: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%odd : memref<6xf32>) outs(%odd2 : memref<6xf32>) {
  ^bb0(%in: f32, %o: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%sq : memref<8x8xf32>) outs(%sq2 : memref<8x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%bits : memref<8xi1>) outs(%bits2 : memref<8xi1>) {
  ^bb0(%in: i1, %o: i1):
    linalg.yield %in : i1
  }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%strided : memref<8xf32, strided<[2]>>) outs(%v : memref<8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>], iterator_types = ["reduction"]}
      ins(%v : memref<8xf32>) outs(%acc : memref<f32>) {
  ^bb0(%in: f32, %o: f32):
    %s = arith.addf %in, %o : f32
    linalg.yield %s : f32
  }
  return
}
