// tensor-reduce shrinks a module while its interestingness test holds (the
// script exits 1): here, while the module still has a ten.exp. What the
// test does not need goes: the functions without one, and the ops of the
// kept function that nothing reads.
// RUN: printf '#!/bin/sh\ngrep -q "ten.exp" "$1" && exit 1\nexit 0\n' > %t.sh
// RUN: chmod +x %t.sh
// RUN: tensor-reduce %s -reduction-tree='traversal-mode=0 test=%t.sh' | FileCheck %s --implicit-check-not=func.func --implicit-check-not=ten.

// CHECK: func.func @keep
// CHECK: ten.exp
func.func @keep(%x: tensor<4xf32>) -> tensor<4xf32> {
  %unused = ten.neg %x : tensor<4xf32>
  %e = ten.exp %x : tensor<4xf32>
  return %e : tensor<4xf32>
}

func.func @other(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %c = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %c : tensor<2x4xf32>
}

func.func @third(%x: tensor<8xf32>) -> tensor<8xf32> {
  %r = ten.relu %x : tensor<8xf32>
  return %r : tensor<8xf32>
}
