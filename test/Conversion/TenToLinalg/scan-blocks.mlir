// RUN: tensor-opt %s --convert-ten-to-linalg="host-reads-buffers=false" -canonicalize -cse -split-input-file | FileCheck %s
// RUN: tensor-opt %s --convert-ten-to-linalg -canonicalize -cse -split-input-file | FileCheck %s --check-prefix=HOST

// Where the host does not read buffers (the CUDA target), a long line is
// scanned in blocks of 32: the line as 157 blocks padded with the identity,
// each block scanned in order, the blocks' totals (their last elements)
// scanned (157 are few: in order), and each element its block's scan after
// the total of the blocks before. The CPU target scans the line in order.
// CHECK-LABEL: func.func @long
// CHECK-SAME: (%[[X:.*]]: tensor<5000xf32>)
// CHECK: %[[BLOCKED:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<157x32xf32>)
// CHECK:   %[[B:.*]] = linalg.index 0
// CHECK:   %[[S:.*]] = linalg.index 1
// CHECK:   %[[START:.*]] = arith.muli %[[B]], %c32
// CHECK:   %[[I:.*]] = arith.addi %[[START]], %[[S]]
// CHECK:   %[[IN:.*]] = arith.cmpi ult, %[[I]], %c5000
// CHECK:   %[[J:.*]] = arith.select %[[IN]], %[[I]], %c0
// CHECK:   %[[E:.*]] = tensor.extract %[[X]][%[[J]]]
// CHECK:   arith.select %[[IN]], %[[E]], %cst
// CHECK: %[[SCANS:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[BLOCKED]] : tensor<157x32xf32>)
// CHECK: %[[TOTALS:.*]] = tensor.extract_slice %[[SCANS]]#1[0, 31] [157, 1] [1, 1] : tensor<157x32xf32> to tensor<157xf32>
// CHECK: %[[TOTAL_SCANS:.*]]:2 = linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[TOTALS]] : tensor<157xf32>)
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<5000xf32>)
// CHECK:   %[[K:.*]] = linalg.index 0
// CHECK:   %[[BLOCK:.*]] = arith.divui %[[K]], %c32
// CHECK:   %[[WITHIN:.*]] = arith.remui %[[K]], %c32
// CHECK:   %[[MINE:.*]] = tensor.extract %[[SCANS]]#1[%[[BLOCK]], %[[WITHIN]]]
// CHECK:   %[[FIRST:.*]] = arith.cmpi eq, %[[BLOCK]], %c0
// CHECK:   %[[PREVIOUS:.*]] = arith.subi %[[BLOCK]], %c1
// CHECK:   %[[P:.*]] = arith.select %[[FIRST]], %c0, %[[PREVIOUS]]
// CHECK:   %[[BEFORE:.*]] = tensor.extract %[[TOTAL_SCANS]]#1[%[[P]]]
// CHECK:   %[[SUM:.*]] = arith.addf %[[BEFORE]], %[[MINE]]
// CHECK:   arith.select %[[FIRST]], %[[MINE]], %[[SUM]]
// HOST-LABEL: func.func @long
// HOST: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%{{.*}} : tensor<5000xf32>)
// HOST-NOT: linalg.generic
// HOST: return
func.func @long(%x: tensor<5000xf32>) -> tensor<5000xf32> {
  %0 = ten.scan sum %x dim 0 : tensor<5000xf32>
  return %0 : tensor<5000xf32>
}

// -----

// A dynamic line may be long: blocks, whose count is worked out at run
// time, up to four levels deep.
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[N:.*]] = tensor.dim
// CHECK: %[[BLOCKS:.*]] = arith.ceildivui %[[N]], %c32
// CHECK: tensor.empty(%[[BLOCKS]]) : tensor<3x?x32xi64>
// CHECK-COUNT-3: arith.ceildivui
// CHECK-NOT: arith.ceildivui
// CHECK: return
func.func @dynamic(%x: tensor<3x?xi64>) -> tensor<3x?xi64> {
  %0 = ten.scan max %x dim 1 : tensor<3x?xi64>
  return %0 : tensor<3x?xi64>
}

// -----

// Left alone: lines of up to 1024 elements, scanned in order by a thread
// each.
// CHECK-LABEL: func.func @short
// CHECK-NOT: tensor.extract
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel"]
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @short(%x: tensor<1024x8xf32>) -> tensor<1024x8xf32> {
  %0 = ten.scan prod %x dim 0 : tensor<1024x8xf32>
  return %0 : tensor<1024x8xf32>
}
