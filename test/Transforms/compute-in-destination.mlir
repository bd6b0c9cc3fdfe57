// RUN: tensor-opt %s --split-input-file --ten-compute-in-destination | FileCheck %s

// A softmax block: the exponentials, summed and then divided by the last op
// where they are, are computed in the slice of the output that the block
// inserts.
// CHECK-LABEL: func.func @softmax_block
// CHECK: scf.forall (%[[I:.*]]) in (64) shared_outs(%[[OUT:.*]] = %{{.*}})
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %[[OUT]][%[[I]], 0] [1, 256] [1, 1]
// CHECK: %[[E:.*]] = linalg.generic {{.*}} outs(%[[SLICE]] : tensor<1x256xf32>)
// CHECK: math.exp
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} ins(%[[E]] : tensor<1x256xf32>)
// CHECK: %[[Y:.*]] = linalg.generic {{.*}} ins(%[[E]], %[[SUM]] : tensor<1x256xf32>, tensor<1xf32>) outs(%[[SLICE]] : tensor<1x256xf32>)
// CHECK: tensor.parallel_insert_slice %[[Y]] into %[[OUT]][%[[I]], 0] [1, 256] [1, 1]
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @softmax_block(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<64x256xf32>
  %sums = tensor.empty() : tensor<64xf32>
  %r = scf.forall (%i) in (64) shared_outs(%out = %empty) -> (tensor<64x256xf32>) {
    %row = tensor.extract_slice %x[%i, 0] [1, 256] [1, 1] : tensor<64x256xf32> to tensor<1x256xf32>
    %tmp = tensor.extract_slice %empty[%i, 0] [1, 256] [1, 1] : tensor<64x256xf32> to tensor<1x256xf32>
    %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%row : tensor<1x256xf32>) outs(%tmp : tensor<1x256xf32>) {
    ^bb0(%in: f32, %o: f32):
      %v = math.exp %in : f32
      linalg.yield %v : f32
    } -> tensor<1x256xf32>
    %s0 = tensor.extract_slice %sums[%i] [1] [1] : tensor<64xf32> to tensor<1xf32>
    %s1 = linalg.fill ins(%zero : f32) outs(%s0 : tensor<1xf32>) -> tensor<1xf32>
    %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%e : tensor<1x256xf32>) outs(%s1 : tensor<1xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %v = arith.addf %acc, %in : f32
      linalg.yield %v : f32
    } -> tensor<1xf32>
    %dest = tensor.extract_slice %out[%i, 0] [1, 256] [1, 1] : tensor<64x256xf32> to tensor<1x256xf32>
    %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%e, %s : tensor<1x256xf32>, tensor<1xf32>) outs(%dest : tensor<1x256xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %v = arith.divf %a, %b : f32
      linalg.yield %v : f32
    } -> tensor<1x256xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %out[%i, 0] [1, 256] [1, 1] : tensor<1x256xf32> into tensor<64x256xf32>
    }
  }
  return %r : tensor<64x256xf32>
}

// -----

// Left alone: a producer read through a transpose by the last op, and a
// producer whose body reads its initial value (an accumulation into %acc).
// CHECK-LABEL: func.func @left_alone
// CHECK-SAME: (%{{.*}}: tensor<64x16xf32>, %[[ACC:.*]]: tensor<64x16xf32>)
// CHECK: %[[EMPTY:.*]] = tensor.empty()
// CHECK: %[[TMP:.*]] = tensor.extract_slice %[[EMPTY]][%{{.*}}, 0] [16, 16] [1, 1]
// CHECK: linalg.generic {{.*}} outs(%[[TMP]] : tensor<16x16xf32>)
// CHECK: %[[ACC_SLICE:.*]] = tensor.extract_slice %[[ACC]][%{{.*}}, 0] [16, 16] [1, 1]
// CHECK: linalg.generic {{.*}} outs(%[[ACC_SLICE]] : tensor<16x16xf32>)
#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
func.func @left_alone(%x: tensor<64x16xf32>, %acc: tensor<64x16xf32>) -> (tensor<64x16xf32>, tensor<64x16xf32>) {
  %empty = tensor.empty() : tensor<64x16xf32>
  %r = scf.forall (%i) in (4) shared_outs(%out = %empty) -> (tensor<64x16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %in = tensor.extract_slice %x[%off, 0] [16, 16] [1, 1] : tensor<64x16xf32> to tensor<16x16xf32>
    %tmp = tensor.extract_slice %empty[%off, 0] [16, 16] [1, 1] : tensor<64x16xf32> to tensor<16x16xf32>
    %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%in : tensor<16x16xf32>) outs(%tmp : tensor<16x16xf32>) {
    ^bb0(%a: f32, %o: f32):
      %v = arith.negf %a : f32
      linalg.yield %v : f32
    } -> tensor<16x16xf32>
    %dest = tensor.extract_slice %out[%off, 0] [16, 16] [1, 1] : tensor<64x16xf32> to tensor<16x16xf32>
    %y = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]} ins(%n : tensor<16x16xf32>) outs(%dest : tensor<16x16xf32>) {
    ^bb0(%a: f32, %o: f32):
      linalg.yield %a : f32
    } -> tensor<16x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %out[%off, 0] [16, 16] [1, 1] : tensor<16x16xf32> into tensor<64x16xf32>
    }
  }
  %r2 = scf.forall (%i) in (4) shared_outs(%out = %empty) -> (tensor<64x16xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
    %in = tensor.extract_slice %x[%off, 0] [16, 16] [1, 1] : tensor<64x16xf32> to tensor<16x16xf32>
    %a0 = tensor.extract_slice %acc[%off, 0] [16, 16] [1, 1] : tensor<64x16xf32> to tensor<16x16xf32>
    %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%in : tensor<16x16xf32>) outs(%a0 : tensor<16x16xf32>) {
    ^bb0(%a: f32, %o: f32):
      %v = arith.addf %a, %o : f32
      linalg.yield %v : f32
    } -> tensor<16x16xf32>
    %dest = tensor.extract_slice %out[%off, 0] [16, 16] [1, 1] : tensor<64x16xf32> to tensor<16x16xf32>
    %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%n : tensor<16x16xf32>) outs(%dest : tensor<16x16xf32>) {
    ^bb0(%a: f32, %o: f32):
      %v = arith.negf %a : f32
      linalg.yield %v : f32
    } -> tensor<16x16xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %y into %out[%off, 0] [16, 16] [1, 1] : tensor<16x16xf32> into tensor<64x16xf32>
    }
  }
  return %r, %r2 : tensor<64x16xf32>, tensor<64x16xf32>
}
