// RUN: tensor-opt %s -ten-share-contraction-kernels | FileCheck %s

// Contractions of the same shapes and layout call one private function
// that holds the op and the fill the kernel folds; operands that differ
// from its types only by their offsets are cast. The group spans functions.

// CHECK-LABEL: func.func @same_shapes(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<?x?xf32>, %[[B:[a-z0-9]+]]: memref<?x?xf32>, %[[C:[a-z0-9]+]]: memref<?x?xf32>, %[[I:[a-z0-9]+]]: index
// CHECK-DAG: %[[CA:.+]] = memref.cast %[[A]] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-DAG: %[[CB:.+]] = memref.cast %[[B]] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK-DAG: %[[CC:.+]] = memref.cast %[[C]] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK: call @[[$KERNEL:ten_contraction_kernel[_0-9]*]](%[[CA]], %[[CB]], %[[CC]])
// CHECK: %[[PART:.+]] = memref.subview %[[C]]
// CHECK-NOT: memref.cast %[[PART]]
// CHECK: call @[[$KERNEL]](%{{.+}}, %{{.+}}, %[[PART]])
// CHECK-NOT: linalg.
// CHECK: return
func.func @same_shapes(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %i: index) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  %m = memref.dim %a, %i : memref<?x?xf32>
  %part = memref.subview %c[%i, 0] [%m, %m] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
  %zero2 = arith.constant 0.0 : f32
  linalg.fill ins(%zero2 : f32) outs(%part : memref<?x?xf32, strided<[?, 1], offset: ?>>)
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%part : memref<?x?xf32, strided<[?, 1], offset: ?>>)
  return
}

// CHECK-LABEL: func.func @other_function(
// CHECK: call @[[$KERNEL]](
// CHECK-NOT: linalg.
// CHECK: return
func.func @other_function(%a: memref<?x?xf32, strided<[?, 1], offset: ?>>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<?x?xf32>)
  linalg.matmul ins(%a, %b : memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

// A fill of a value that is not a constant is passed; contractions without
// a fill share a kernel without one, and one value as two operands (`x @
// x.T`) is passed twice.

// CHECK-LABEL: func.func @fill_values(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<64x32xf64>, %[[Y:[a-z0-9]+]]: memref<64x64xf64>, %[[Z:[a-z0-9]+]]: memref<64x64xf64>, %[[V:[a-z0-9]+]]: f64, %[[W:[a-z0-9]+]]: f64
// CHECK: call @[[$FILLED:ten_contraction_kernel[_0-9]*]](%{{.+}}, %{{.+}}, %{{.+}}, %[[V]])
// CHECK: call @[[$FILLED]](%{{.+}}, %{{.+}}, %{{.+}}, %[[W]])
// CHECK: call @[[$UNFILLED:ten_contraction_kernel[_0-9]*]](%[[XC:.+]], %[[XC]], %{{.+}})
// CHECK: call @[[$UNFILLED]](%[[XC2:.+]], %[[XC2]], %{{.+}})
// CHECK-NOT: linalg.
// CHECK: return
#transposed = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>,
               affine_map<(i, j, k) -> (i, j)>]
func.func @fill_values(%x: memref<64x32xf64>, %y: memref<64x64xf64>, %z: memref<64x64xf64>, %v: f64, %w: f64) {
  linalg.fill ins(%v : f64) outs(%y : memref<64x64xf64>)
  linalg.generic {indexing_maps = #transposed, iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %x : memref<64x32xf64>, memref<64x32xf64>) outs(%y : memref<64x64xf64>) {
  ^bb0(%p: f64, %q: f64, %r: f64):
    %s = arith.mulf %p, %q : f64
    %t = arith.addf %r, %s : f64
    linalg.yield %t : f64
  }
  linalg.fill ins(%w : f64) outs(%z : memref<64x64xf64>)
  linalg.generic {indexing_maps = #transposed, iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %x : memref<64x32xf64>, memref<64x32xf64>) outs(%z : memref<64x64xf64>) {
  ^bb0(%p: f64, %q: f64, %r: f64):
    %s = arith.mulf %p, %q : f64
    %t = arith.addf %r, %s : f64
    linalg.yield %t : f64
  }
  linalg.generic {indexing_maps = #transposed, iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %x : memref<64x32xf64>, memref<64x32xf64>) outs(%y : memref<64x64xf64>) {
  ^bb0(%p: f64, %q: f64, %r: f64):
    %s = arith.mulf %p, %q : f64
    %t = arith.addf %r, %s : f64
    linalg.yield %t : f64
  }
  linalg.generic {indexing_maps = #transposed, iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %x : memref<64x32xf64>, memref<64x32xf64>) outs(%z : memref<64x64xf64>) {
  ^bb0(%p: f64, %q: f64, %r: f64):
    %s = arith.mulf %p, %q : f64
    %t = arith.addf %r, %s : f64
    linalg.yield %t : f64
  }
  return
}

// Left where they are: a contraction that matches no other (other shapes,
// strides, bodies or fills), contractions that the kernel does not take
// (i32, a single row), and bodies that read values from outside them.

// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT: call
// CHECK-COUNT-13: linalg.{{matmul|generic}}
// CHECK-NOT: call
// CHECK: return
func.func @left_alone(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>,
                      %a2: memref<64x32xf32>, %b2: memref<32x64xf32>,
                      %cs: memref<64x64xf32, strided<[128, 1]>>,
                      %ai: memref<64x64xi32>, %ci: memref<64x64xi32>,
                      %row: memref<1x64xf32>, %crow: memref<1x64xf32>, %s: f32) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  // Shapes, strides.
  linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>)
  linalg.matmul ins(%a2, %b2 : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>)
  linalg.matmul ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%cs : memref<64x64xf32, strided<[128, 1]>>)
  // Fills of other constants, or none.
  linalg.fill ins(%zero : f32) outs(%c : memref<64x64xf32>)
  linalg.matmul ins(%a2, %b2 : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>)
  linalg.fill ins(%one : f32) outs(%c : memref<64x64xf32>)
  linalg.matmul ins(%a2, %b2 : memref<64x32xf32>, memref<32x64xf32>) outs(%c : memref<64x64xf32>)
  // Bodies that differ (here only in the order of the sum's operands).
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>) {
  ^bb0(%p: f32, %q: f32, %r: f32):
    %m = arith.mulf %p, %q : f32
    %t = arith.addf %r, %m : f32
    linalg.yield %t : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>) {
  ^bb0(%p: f32, %q: f32, %r: f32):
    %m = arith.mulf %p, %q : f32
    %t = arith.addf %m, %r : f32
    linalg.yield %t : f32
  }
  // Not kernels.
  linalg.matmul ins(%ai, %ai : memref<64x64xi32>, memref<64x64xi32>) outs(%ci : memref<64x64xi32>)
  linalg.matmul ins(%ai, %ai : memref<64x64xi32>, memref<64x64xi32>) outs(%ci : memref<64x64xi32>)
  linalg.matmul ins(%row, %b : memref<1x64xf32>, memref<64x64xf32>) outs(%crow : memref<1x64xf32>)
  linalg.matmul ins(%row, %b : memref<1x64xf32>, memref<64x64xf32>) outs(%crow : memref<1x64xf32>)
  // Bodies that read a value from outside.
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a2, %b2 : memref<64x32xf32>, memref<32x64xf32>) outs(%cs : memref<64x64xf32, strided<[128, 1]>>) {
  ^bb0(%p: f32, %q: f32, %r: f32):
    %m = arith.mulf %p, %q : f32
    %n = arith.mulf %m, %s : f32
    %t = arith.addf %r, %n : f32
    linalg.yield %t : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>,
                                   affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a2, %b2 : memref<64x32xf32>, memref<32x64xf32>) outs(%cs : memref<64x64xf32, strided<[128, 1]>>) {
  ^bb0(%p: f32, %q: f32, %r: f32):
    %m = arith.mulf %p, %q : f32
    %n = arith.mulf %m, %s : f32
    %t = arith.addf %r, %n : f32
    linalg.yield %t : f32
  }
  return
}

// The shared kernels: the op on arguments of dynamic offsets, after its
// fill (of the constant, or of the value passed).

// CHECK: func.func private @[[$KERNEL]](%[[KA:.+]]: memref<?x?xf32, strided<[?, 1], offset: ?>>, %[[KB:.+]]: memref<?x?xf32, strided<[?, 1], offset: ?>>, %[[KC:.+]]: memref<?x?xf32, strided<[?, 1], offset: ?>>)
// CHECK-NEXT: %[[KZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: linalg.fill ins(%[[KZERO]] : f32) outs(%[[KC]] :
// CHECK-NEXT: linalg.matmul ins(%[[KA]], %[[KB]] : {{.+}}) outs(%[[KC]] :
// CHECK-NEXT: return

// CHECK: func.func private @[[$FILLED]](%[[FA:.+]]: memref<64x32xf64, strided<[32, 1], offset: ?>>, %[[FB:.+]]: memref<64x32xf64, strided<[32, 1], offset: ?>>, %[[FC:.+]]: memref<64x64xf64, strided<[64, 1], offset: ?>>, %[[FV:.+]]: f64)
// CHECK-NEXT: linalg.fill ins(%[[FV]] : f64) outs(%[[FC]] :
// CHECK-NEXT: linalg.generic {{.+}} ins(%[[FA]], %[[FB]] : {{.+}}) outs(%[[FC]] :
// CHECK: return

// CHECK: func.func private @[[$UNFILLED]](%[[UA:.+]]: memref<64x32xf64, strided<[32, 1], offset: ?>>, %[[UB:.+]]: memref<64x32xf64, strided<[32, 1], offset: ?>>, %[[UC:.+]]: memref<64x64xf64, strided<[64, 1], offset: ?>>)
// CHECK-NEXT: linalg.generic {{.+}} ins(%[[UA]], %[[UB]] : {{.+}}) outs(%[[UC]] :
// CHECK: return
// CHECK-NOT: func.func
