// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// A chain whose every step has two users (x, y = y, x + y, 30 steps):
// ten-fuse-elementwise bounds what it recomputes, so this compiles in
// milliseconds (unbounded, 16 steps took 27 s) and computes what NumPy does.
// NUMPY @fibonacci: x = rand(1000, low=0, high=1); y = rand(1000, low=0, high=1); args = [x, y]
// NUMPY @fibonacci: results = [__import__("functools").reduce(lambda p, _: (p[1], p[0] + p[1]), range(30), (x, y))[1]]
func.func @fibonacci(%x: tensor<1000xf32>, %y: tensor<1000xf32>) -> tensor<1000xf32> {
  %s0 = ten.add %x, %y : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s1 = ten.add %y, %s0 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s2 = ten.add %s0, %s1 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s3 = ten.add %s1, %s2 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s4 = ten.add %s2, %s3 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s5 = ten.add %s3, %s4 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s6 = ten.add %s4, %s5 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s7 = ten.add %s5, %s6 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s8 = ten.add %s6, %s7 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s9 = ten.add %s7, %s8 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s10 = ten.add %s8, %s9 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s11 = ten.add %s9, %s10 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s12 = ten.add %s10, %s11 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s13 = ten.add %s11, %s12 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s14 = ten.add %s12, %s13 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s15 = ten.add %s13, %s14 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s16 = ten.add %s14, %s15 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s17 = ten.add %s15, %s16 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s18 = ten.add %s16, %s17 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s19 = ten.add %s17, %s18 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s20 = ten.add %s18, %s19 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s21 = ten.add %s19, %s20 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s22 = ten.add %s20, %s21 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s23 = ten.add %s21, %s22 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s24 = ten.add %s22, %s23 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s25 = ten.add %s23, %s24 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s26 = ten.add %s24, %s25 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s27 = ten.add %s25, %s26 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s28 = ten.add %s26, %s27 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  %s29 = ten.add %s27, %s28 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
  return %s29 : tensor<1000xf32>
}
