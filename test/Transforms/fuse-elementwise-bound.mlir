// RUN: tensor-opt %s --convert-ten-to-linalg --ten-fuse-elementwise | FileCheck %s
// RUN: tensor-opt %s --convert-ten-to-linalg --ten-fuse-elementwise --debug-only=ten-fuse-elementwise -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRACE

// Producers with several users are recomputed in each, but not into a
// consumer whose body would pass 512 operations: in a chain x, y = y, x + y
// every step has two users, and fusing without a bound made the last step
// compute 2584 additions per element at 16 steps (376 at 12, 986 at 14; 27
// s to compile at 16). With the bound, the work grows with the steps, not
// with the paths through them: 538 additions here, 546 at 20 steps, 566 at
// 30, 626 at 60.

// CHECK-LABEL: func.func @fibonacci
// CHECK: linalg.generic
// CHECK-COUNT-538: arith.addf
// CHECK-NOT: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: return
// TRACE: a producer with several users that would make the consumer too large: computed once, not in each
func.func @fibonacci(%x: tensor<8xf32>, %y: tensor<8xf32>) -> tensor<8xf32> {
  %s0 = ten.add %x, %y : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s1 = ten.add %y, %s0 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s2 = ten.add %s0, %s1 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s3 = ten.add %s1, %s2 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s4 = ten.add %s2, %s3 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s5 = ten.add %s3, %s4 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s6 = ten.add %s4, %s5 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s7 = ten.add %s5, %s6 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s8 = ten.add %s6, %s7 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s9 = ten.add %s7, %s8 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s10 = ten.add %s8, %s9 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s11 = ten.add %s9, %s10 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s12 = ten.add %s10, %s11 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s13 = ten.add %s11, %s12 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s14 = ten.add %s12, %s13 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %s15 = ten.add %s13, %s14 : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %s15 : tensor<8xf32>
}
