// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-parallelize{threads=2 grain-size=1024}))' -split-input-file | FileCheck %s
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-parallelize{threads=2 grain-size=1024 explain=true}))' -split-input-file -verify-diagnostics -o /dev/null

// A GEMM of rows unknown until it runs: split along its rows when x is the
// larger input (each thread packs its rows and all of w), along n when w
// is (each thread packs half of w), decided when it runs; the outer loop
// on a tie, as for known sizes. Each branch fills its own threads' tiles:
// no fill of the whole result is left before the choice.
// CHECK-LABEL: func.func @rows_unknown
// CHECK-SAME: (%[[X:.*]]: tensor<?x256xf32>, %[[W:.*]]: tensor<256x512xf32>)
// CHECK-NOT: linalg.fill
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[XSIZE:.*]] = arith.muli %{{.*}}, %[[C256]] : index
// CHECK: %[[WSIZE:.*]] = arith.constant 131072 : index
// CHECK: %[[ALONGROWS:.*]] = arith.cmpi uge, %[[XSIZE]], %[[WSIZE]] : index
// CHECK: scf.if %[[ALONGROWS]] -> (tensor<?x512xf32>) {
// CHECK: scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<?x512xf32>)
// CHECK: linalg.fill {{.*}} -> tensor<?x512xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<?x256xf32>, tensor<256x512xf32>)
// CHECK: } else {
// CHECK: scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<?x512xf32>)
// CHECK: linalg.fill {{.*}} -> tensor<?x256xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<?x256xf32>, tensor<256x256xf32>)
// CHECK-NOT: linalg.fill
// CHECK: return
func.func @rows_unknown(%x: tensor<?x256xf32>, %w: tensor<256x512xf32>) -> tensor<?x512xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %x, %c0 : tensor<?x256xf32>
  %init = tensor.empty(%m) : tensor<?x512xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<?x512xf32>) -> tensor<?x512xf32>
  // expected-remark @below {{split over 2 threads along its loop 0 or 1, whichever indexes the larger input when it runs}}
  %y = linalg.matmul ins(%x, %w : tensor<?x256xf32>, tensor<256x512xf32>) outs(%fill : tensor<?x512xf32>) -> tensor<?x512xf32>
  return %y : tensor<?x512xf32>
}

// -----

// A batch unknown until it runs: the batch loop splits every operand, which
// beats either of the others whatever the sizes: no choice at run time. Its
// fill goes into the loop too (the tiling's read of the result's size no
// longer keeps the whole fill alive).
// CHECK-LABEL: func.func @batch_unknown
// CHECK-NOT: scf.if
// CHECK-NOT: linalg.fill
// CHECK: scf.forall (%{{.*}}) in (2)
// CHECK: linalg.fill
// CHECK: linalg.batch_matmul
// CHECK-NOT: scf.if
func.func @batch_unknown(%a: tensor<?x64x32xf32>, %b: tensor<?x32x64xf32>) -> tensor<?x64x64xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x64x32xf32>
  %init = tensor.empty(%n) : tensor<?x64x64xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<?x64x64xf32>) -> tensor<?x64x64xf32>
  // expected-remark @below {{split over 2 threads along its loop 0 (a size known when it runs)}}
  %y = linalg.batch_matmul ins(%a, %b : tensor<?x64x32xf32>, tensor<?x32x64xf32>) outs(%fill : tensor<?x64x64xf32>) -> tensor<?x64x64xf32>
  return %y : tensor<?x64x64xf32>
}

// -----

// Sizes all known: the static choice, no scf.if (x is the larger: its rows).
// CHECK-LABEL: func.func @sizes_known
// CHECK-NOT: scf.if
// CHECK: scf.forall (%{{.*}}) in (2)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<512x256xf32>, tensor<256x128xf32>)
func.func @sizes_known(%x: tensor<1024x256xf32>, %w: tensor<256x128xf32>) -> tensor<1024x128xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<1024x128xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<1024x128xf32>) -> tensor<1024x128xf32>
  // expected-remark @below {{split over 2 threads along its loop 0 (1024 iterations)}}
  %y = linalg.matmul ins(%x, %w : tensor<1024x256xf32>, tensor<256x128xf32>) outs(%fill : tensor<1024x128xf32>) -> tensor<1024x128xf32>
  return %y : tensor<1024x128xf32>
}

// -----

// A sum over rows unknown until it runs, of short rows: the rows would be
// the better split, but their number may not halve; the columns are split.
// CHECK-LABEL: func.func @column_sum_rows_unknown
// CHECK-NOT: tensor.expand_shape
// CHECK: scf.forall (%{{.*}}) in (2) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<256xf32>)
// CHECK: linalg.reduce ins(%{{.*}} : tensor<?x128xf32>)
func.func @column_sum_rows_unknown(%x: tensor<?x256xf32>, %init: tensor<256xf32>) -> tensor<256xf32> {
  // expected-remark @below {{split over 2 threads along its loop 1 (256 iterations): its reduction does not split into equal parts of rows}}
  %y = linalg.reduce ins(%x : tensor<?x256xf32>) outs(%init : tensor<256xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %y : tensor<256xf32>
}
