// REQUIRES: cuda-target
// RUN: tensor-opt %s --ten-split-shared-fills -split-input-file | FileCheck %s

// Two reductions starting from one zero fill (as CSE leaves them): each gets
// its own fill right before it, and the shared one is gone.
// CHECK-LABEL: func.func @two_sums
// CHECK-SAME: (%[[X:.*]]: tensor<8x16xf32>, %[[Y:.*]]: tensor<8x16xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<8xf32>
// CHECK-NEXT: %[[F1:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<8xf32>)
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[X]] : tensor<8x16xf32>) outs(%[[F1]] : tensor<8xf32>)
// CHECK: %[[F2:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<8xf32>)
// CHECK-NEXT: linalg.generic {{.*}} ins(%[[Y]] : tensor<8x16xf32>) outs(%[[F2]] : tensor<8xf32>)
// CHECK-NOT: linalg.fill
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @two_sums(%x: tensor<8x16xf32>, %y: tensor<8x16xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %a = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x16xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<8x16xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %a, %b : tensor<8xf32>, tensor<8xf32>
}

// -----

// Left alone: a fill with one use, and a fill that one op starts from and
// the function also returns.
// CHECK-LABEL: func.func @left_alone
// CHECK-COUNT-2: linalg.fill
// CHECK-NOT: linalg.fill
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @left_alone(%x: tensor<8x16xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %a = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x16xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %one = arith.constant 1.0 : f32
  %g = linalg.fill ins(%one : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x16xf32>) outs(%g : tensor<8xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.mulf %acc, %in : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %a, %b, %g : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
