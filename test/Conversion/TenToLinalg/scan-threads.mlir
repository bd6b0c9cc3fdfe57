// RUN: tensor-opt %s --convert-ten-to-linalg="threads=2" -canonicalize -cse -split-input-file | FileCheck %s
// RUN: tensor-opt %s --convert-ten-to-linalg -canonicalize -cse -split-input-file | FileCheck %s --check-prefix=ONE

// A host of 2 threads splits a long line in 16 blocks (8 a thread): a view
// of the line as blocks, each block's total (a reduction), the totals
// scanned in order, each block's start the total of the blocks before it
// (the identity for the first), and each block scanned from its start,
// viewed as the line again. One thread scans the line in order.
// CHECK-LABEL: func.func @long
// CHECK-SAME: (%[[X:.*]]: tensor<131072xf32>)
// CHECK: %[[BLOCKS:.*]] = tensor.expand_shape %[[X]] {{\[\[}}0, 1]] output_shape [16, 8192]
// CHECK: %[[TOTALS:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[BLOCKS]] : tensor<16x8192xf32>) outs(%{{.*}} : tensor<16xf32>)
// CHECK:   arith.addf
// CHECK: %[[SCANNED:.*]]:2 = linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[TOTALS]] : tensor<16xf32>)
// CHECK: %[[STARTS:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<16xf32>)
// CHECK:   %[[B:.*]] = linalg.index 0
// CHECK:   %[[FIRST:.*]] = arith.cmpi eq, %[[B]], %c0
// CHECK:   %[[PREVIOUS:.*]] = arith.subi %[[B]], %c1
// CHECK:   %[[P:.*]] = arith.select %[[FIRST]], %c0, %[[PREVIOUS]]
// CHECK:   %[[TOTAL:.*]] = tensor.extract %[[SCANNED]]#1[%[[P]]]
// CHECK:   arith.select %[[FIRST]], %cst, %[[TOTAL]]
// CHECK: %[[SCANS:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[BLOCKS]] : tensor<16x8192xf32>) outs(%[[STARTS]], %{{.*}} : tensor<16xf32>, tensor<16x8192xf32>)
// CHECK: %[[LINE:.*]] = tensor.collapse_shape %[[SCANS]]#1 {{\[\[}}0, 1]] : tensor<16x8192xf32> into tensor<131072xf32>
// CHECK: return %[[LINE]]
// ONE-LABEL: func.func @long
// ONE-NOT: expand_shape
// ONE: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%{{.*}} : tensor<131072xf32>)
// ONE-NOT: linalg.generic
// ONE: return
func.func @long(%x: tensor<131072xf32>) -> tensor<131072xf32> {
  %0 = ten.scan sum %x dim 0 : tensor<131072xf32>
  return %0 : tensor<131072xf32>
}

// -----

// Left alone (in order): lines shorter than 2^16, as many lines as threads
// (the lines go to threads already), dynamic lines, lines along a leading
// dimension, and lengths no count of 16 to 64 blocks divides.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: expand_shape
// CHECK: return
func.func @left_alone(%short: tensor<65535xf32>, %rows: tensor<2x131072xf32>, %dynamic: tensor<?xf32>, %leading: tensor<131072x1xf32>, %prime: tensor<131071xf32>)
    -> (tensor<65535xf32>, tensor<2x131072xf32>, tensor<?xf32>, tensor<131072x1xf32>, tensor<131071xf32>) {
  %0 = ten.scan sum %short dim 0 : tensor<65535xf32>
  %1 = ten.scan sum %rows dim 1 : tensor<2x131072xf32>
  %2 = ten.scan sum %dynamic dim 0 : tensor<?xf32>
  %3 = ten.scan sum %leading dim 0 : tensor<131072x1xf32>
  %4 = ten.scan sum %prime dim 0 : tensor<131071xf32>
  return %0, %1, %2, %3, %4 : tensor<65535xf32>, tensor<2x131072xf32>, tensor<?xf32>, tensor<131072x1xf32>, tensor<131071xf32>
}

// -----

// A complex product's blocks: its identity (1 + 0i) changes an infinite
// element, so each block's total starts from the block's first element (a
// select on the index within the block), and the line from its first (a
// select where both the block and the index within it are 0).
// CHECK-LABEL: func.func @complex_product
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<16x8192xcomplex<f32>>) outs(%{{.*}} : tensor<16xcomplex<f32>>)
// CHECK:   ^bb0(%[[E:.*]]: complex<f32>, %[[T:.*]]: complex<f32>):
// CHECK:   %[[P:.*]] = complex.mul %[[T]], %[[E]]
// CHECK:   %[[W:.*]] = linalg.index 1
// CHECK:   %[[BLOCK_START:.*]] = arith.cmpi eq, %[[W]], %c0
// CHECK:   arith.select %[[BLOCK_START]], %[[E]], %[[P]]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<16x8192xcomplex<f32>>) outs(%{{.*}}, %{{.*}} : tensor<16xcomplex<f32>>, tensor<16x8192xcomplex<f32>>)
// CHECK:   ^bb0(%[[IN:.*]]: complex<f32>, %[[ACC:.*]]: complex<f32>, %{{.*}}: complex<f32>):
// CHECK:   %[[STEP:.*]] = complex.mul %[[ACC]], %[[IN]]
// CHECK:   %[[IB:.*]] = linalg.index 0
// CHECK:   %[[FIRST_BLOCK:.*]] = arith.cmpi eq, %[[IB]], %c0
// CHECK:   %[[IW:.*]] = linalg.index 1
// CHECK:   %[[FIRST_IN_BLOCK:.*]] = arith.cmpi eq, %[[IW]], %c0
// CHECK:   %[[LINE_START:.*]] = arith.andi %[[FIRST_BLOCK]], %[[FIRST_IN_BLOCK]]
// CHECK:   arith.select %[[LINE_START]], %[[IN]], %[[STEP]]
func.func @complex_product(%x: tensor<131072xcomplex<f32>>) -> tensor<131072xcomplex<f32>> {
  %0 = ten.scan prod %x dim 0 : tensor<131072xcomplex<f32>>
  return %0 : tensor<131072xcomplex<f32>>
}
