// RUN: tensor-opt %s --ten-expand-arith | FileCheck %s

// Ops with no LLVM lowering are expanded: floor and ceiling divisions, bf16
// conversions.
// CHECK-LABEL: func.func @expanded
// CHECK-NOT: arith.floordivsi
// CHECK-NOT: arith.ceildivsi
// CHECK-NOT: arith.extf
// CHECK-NOT: arith.truncf
// CHECK: arith.divsi
// CHECK: arith.shli
// CHECK: arith.bitcast
// CHECK: return
func.func @expanded(%a: i32, %b: i32, %h: bf16, %f: f32) -> (i32, i32, f32, bf16) {
  %0 = arith.floordivsi %a, %b : i32
  %1 = arith.ceildivsi %a, %b : i32
  %2 = arith.extf %h : bf16 to f32
  %3 = arith.truncf %f : f32 to bf16
  return %0, %1, %2, %3 : i32, i32, f32, bf16
}

// Float min and max stay: LLVM lowers them to intrinsics that its loop
// vectorizer recognizes as reductions.
// CHECK-LABEL: func.func @kept
// CHECK-NEXT: arith.maximumf
// CHECK-NEXT: arith.minimumf
// CHECK-NEXT: arith.maxnumf
// CHECK-NEXT: arith.minnumf
// CHECK-NEXT: arith.extf %{{.*}} : f16 to f32
// CHECK-NEXT: return
func.func @kept(%x: f32, %y: f32, %h: f16) -> (f32, f32, f32, f32, f32) {
  %0 = arith.maximumf %x, %y : f32
  %1 = arith.minimumf %x, %y : f32
  %2 = arith.maxnumf %x, %y : f32
  %3 = arith.minnumf %x, %y : f32
  %4 = arith.extf %h : f16 to f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}
