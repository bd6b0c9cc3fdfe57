// tensor-opt carries the upstream dialects and passes that the CPU lowering
// goes through: linalg on tensors, one-shot bufferization, loops, and the
// LLVM dialect. This chain takes a linalg program all the way down.
// RUN: tensor-opt %s \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries" \
// RUN:   --convert-linalg-to-loops --lower-affine --convert-scf-to-cf \
// RUN:   --convert-math-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm \
// RUN:   --finalize-memref-to-llvm --convert-func-to-llvm \
// RUN:   --reconcile-unrealized-casts | FileCheck %s

// CHECK-LABEL: llvm.func @exp_sum
// CHECK: llvm.intr.exp
// CHECK: llvm.fadd
// CHECK-NOT: linalg.
// CHECK-NOT: memref.
#id = affine_map<(i) -> (i)>
#all = affine_map<(i) -> ()>
func.func @exp_sum(%x: tensor<16xf32>, %acc: tensor<f32>) -> tensor<f32> {
  %0 = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction"]}
      ins(%x : tensor<16xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %e = math.exp %in : f32
    %s = arith.addf %e, %out : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %0 : tensor<f32>
}
