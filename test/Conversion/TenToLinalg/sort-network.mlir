// RUN: tensor-opt %s --convert-ten-to-linalg="host-reads-buffers=false" -canonicalize | FileCheck %s

// Where the host cannot read buffers (the CUDA target), a sort is a
// bitonic network: each element's position along the line, ceil(log2 n)
// merges (the bits of n - 1), merge p of p + 1 stages, each stage one
// elementwise generic in which position i meets i ^ mask (the block
// reversed in a merge's first stage, i ^ h after) and takes its partner's
// element when the pair's order says so. A partner past the end of the
// line is never taken. Descending swaps the keys' comparison; positions
// break ties, ascending, in both directions.

// CHECK-LABEL: func.func @sort_descending
// CHECK-SAME: (%[[X:.*]]: tensor<4x?xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %c1
// CHECK: %[[POSITIONS:.*]] = linalg.generic
// CHECK:   linalg.index 1
// CHECK: %[[LAST:.*]] = arith.maxsi
// CHECK: %[[ZEROS:.*]] = math.ctlz %[[LAST]] : i64
// CHECK: %[[BITS:.*]] = arith.subi %c64_i64, %[[ZEROS]]
// CHECK: %[[MERGES:.*]] = arith.index_cast %[[BITS]]
// CHECK: scf.for %[[P:.*]] = %c0 to %[[MERGES]] step %c1 iter_args(%{{.*}} = %[[X]], %{{.*}} = %[[POSITIONS]])
// CHECK:   %[[STAGES:.*]] = arith.addi %[[P]], %c1
// CHECK:   scf.for %[[Q:.*]] = %c0 to %[[STAGES]] step %c1 iter_args(%[[KEYS:.*]] = %{{.*}}, %[[ORDER:.*]] = %{{.*}})
// CHECK:     %[[SHIFT:.*]] = arith.subi %[[P]], %[[Q]]
// CHECK:     %[[H:.*]] = arith.shli %c1, %[[SHIFT]]
// CHECK:     %[[H2:.*]] = arith.shli %[[H]], %c1
// CHECK:     %[[REVERSED:.*]] = arith.subi %[[H2]], %c1
// CHECK:     %[[FIRST:.*]] = arith.cmpi eq, %[[Q]], %c0
// CHECK:     %[[MASK:.*]] = arith.select %[[FIRST]], %[[REVERSED]], %[[H]]
// CHECK:     linalg.generic {{.*}} ins(%[[KEYS]], %[[ORDER]] : {{.*}})
// CHECK:     ^bb0(%[[KEY:.*]]: f32, %[[POS:.*]]: i64,
// CHECK:       %[[I:.*]] = linalg.index 1
// CHECK:       %[[PARTNER:.*]] = arith.xori %[[I]], %[[MASK]]
// CHECK:       %[[IN_LINE:.*]] = arith.cmpi ult, %[[PARTNER]], %[[N]]
// CHECK:       %[[J:.*]] = arith.select %[[IN_LINE]], %[[PARTNER]], %[[I]]
// CHECK:       %[[PKEY:.*]] = tensor.extract %[[KEYS]][%{{.*}}, %[[J]]]
// CHECK:       %[[PPOS:.*]] = tensor.extract %[[ORDER]][%{{.*}}, %[[J]]]
// Descending: the partner comes first if the key is below the partner's.
// CHECK:       arith.cmpf olt, %[[KEY]], %[[PKEY]]
// CHECK:       arith.cmpi slt, %[[PPOS]], %[[POS]]
// CHECK:       %[[LOWBIT:.*]] = arith.andi %[[I]], %[[H]]
// CHECK:       %[[LOWER:.*]] = arith.cmpi eq, %[[LOWBIT]], %c0
// CHECK:       %[[AGREE:.*]] = arith.cmpi eq, %[[LOWER]], %{{.*}} : i1
// CHECK:       %[[TAKE:.*]] = arith.andi %[[IN_LINE]], %[[AGREE]]
// CHECK:       %[[NEWKEY:.*]] = arith.select %[[TAKE]], %[[PKEY]], %[[KEY]]
// CHECK:       %[[NEWPOS:.*]] = arith.select %[[TAKE]], %[[PPOS]], %[[POS]]
// CHECK:       linalg.yield %[[NEWKEY]], %[[NEWPOS]]
func.func @sort_descending(%x: tensor<4x?xf32>) -> (tensor<4x?xf32>, tensor<4x?xi64>) {
  %v, %i = ten.sort %x dim 1 descending : tensor<4x?xf32> -> tensor<4x?xf32>, tensor<4x?xi64>
  return %v, %i : tensor<4x?xf32>, tensor<4x?xi64>
}

// Unsigned keys compare unsigned; the runtime's sort is not called.
// CHECK-LABEL: func.func @sort_unsigned
// CHECK-NOT: call
// CHECK: arith.cmpi ult, %{{.*}}, %{{.*}} : i16
// CHECK-NOT: call
// CHECK: return
func.func @sort_unsigned(%x: tensor<9xui16>) -> (tensor<9xui16>, tensor<9xi64>) {
  %v, %i = ten.sort %x dim 0 : tensor<9xui16> -> tensor<9xui16>, tensor<9xi64>
  return %v, %i : tensor<9xui16>, tensor<9xi64>
}
