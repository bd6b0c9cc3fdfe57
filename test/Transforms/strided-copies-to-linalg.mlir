// RUN: tensor-opt %s --ten-strided-copies-to-linalg | FileCheck %s
// RUN: tensor-opt %s --ten-strided-copies-to-linalg="contiguous-views=false" | FileCheck %s --check-prefix=WHOLE

// A copy from or into a strided view becomes a linalg.copy.
// CHECK-LABEL: func.func @strided
// CHECK: linalg.copy ins(%{{.*}} : memref<3x4xf32, strided<[16, 2], offset: 1>>) outs(%{{.*}} : memref<3x4xf32>)
// CHECK: linalg.copy ins(%{{.*}} : memref<3x4xf32>) outs(%{{.*}} : memref<3x4xf32, strided<[16, 2], offset: 1>>)
// CHECK: linalg.copy ins(%{{.*}} : memref<?xf32, strided<[1], offset: ?>>) outs(%{{.*}} : memref<?xf32>)
// CHECK-NOT: memref.copy
func.func @strided(%a: memref<8x8xf32>, %b: memref<3x4xf32>, %c: memref<?xf32, strided<[1], offset: ?>>, %d: memref<?xf32>) {
  %view = memref.subview %a[0, 1] [3, 4] [2, 2] : memref<8x8xf32> to memref<3x4xf32, strided<[16, 2], offset: 1>>
  memref.copy %view, %b : memref<3x4xf32, strided<[16, 2], offset: 1>> to memref<3x4xf32>
  memref.copy %b, %view : memref<3x4xf32> to memref<3x4xf32, strided<[16, 2], offset: 1>>
  memref.copy %c, %d : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32>
  return
}

// Copies between whole buffers stay; so do copies between contiguous views
// at an offset, unless contiguous-views=false.
// CHECK-LABEL: func.func @contiguous
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<4x8xf32> to memref<4x8xf32>
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<2x8xf32, strided<[8, 1], offset: 16>> to memref<2x8xf32>
// CHECK-NOT: linalg.copy
// WHOLE-LABEL: func.func @contiguous
// WHOLE: memref.copy %{{.*}}, %{{.*}} : memref<4x8xf32> to memref<4x8xf32>
// WHOLE: linalg.copy ins(%{{.*}} : memref<2x8xf32, strided<[8, 1], offset: 16>>) outs(%{{.*}} : memref<2x8xf32>)
func.func @contiguous(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %c: memref<2x8xf32>) {
  memref.copy %a, %b : memref<4x8xf32> to memref<4x8xf32>
  %rows = memref.subview %a[2, 0] [2, 8] [1, 1] : memref<4x8xf32> to memref<2x8xf32, strided<[8, 1], offset: 16>>
  memref.copy %rows, %c : memref<2x8xf32, strided<[8, 1], offset: 16>> to memref<2x8xf32>
  return
}
