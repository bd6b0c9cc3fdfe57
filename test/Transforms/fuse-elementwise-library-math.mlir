// RUN: tensor-opt %s --ten-fuse-elementwise='library-math=true inline-math=math.exp' -split-input-file | FileCheck %s
// RUN: tensor-opt %s --ten-fuse-elementwise -split-input-file | FileCheck %s --check-prefix=RECOMPUTED

// With a library's math functions, whose vector variant and scalar function
// may round an element differently in two loops, p = exp(x) in f64, read
// by its row maximum and by the comparison with it, is computed once: both
// read the same values. Without `library-math`, it is recomputed in each.
// CHECK-LABEL: func.func @compare_with_max
// CHECK: %[[P:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK: math.exp
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} ins(%[[P]] : tensor<64x128xf64>)
// CHECK-NOT: math.exp
// CHECK: linalg.generic {{.*}} ins(%[[P]], %[[MAX]] : tensor<64x128xf64>, tensor<64xf64>)
// CHECK-NOT: math.exp
// CHECK: return
// RECOMPUTED-LABEL: func.func @compare_with_max
// RECOMPUTED: %[[MAX:.*]] = linalg.generic {{.*}} ins(%[[X:.*]] : tensor<64x128xf64>)
// RECOMPUTED: math.exp
// RECOMPUTED: linalg.generic {{.*}} ins(%[[X]], %[[MAX]] : tensor<64x128xf64>, tensor<64xf64>)
// RECOMPUTED: math.exp
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @compare_with_max(%x: tensor<64x128xf64>) -> tensor<64x128xi1> {
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %e0 = tensor.empty() : tensor<64x128xf64>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x128xf64>) outs(%e0 : tensor<64x128xf64>) {
  ^bb0(%a: f64, %o: f64):
    %r = math.exp %a : f64
    linalg.yield %r : f64
  } -> tensor<64x128xf64>
  %re = tensor.empty() : tensor<64xf64>
  %me = linalg.fill ins(%ninf : f64) outs(%re : tensor<64xf64>) -> tensor<64xf64>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : tensor<64x128xf64>) outs(%me : tensor<64xf64>) {
  ^bb0(%a: f64, %m: f64):
    %r = arith.maximumf %m, %a : f64
    linalg.yield %r : f64
  } -> tensor<64xf64>
  %b0 = tensor.empty() : tensor<64x128xi1>
  %eq = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %max : tensor<64x128xf64>, tensor<64xf64>) outs(%b0 : tensor<64x128xi1>) {
  ^bb0(%a: f64, %m: f64, %o: i1):
    %r = arith.cmpf oeq, %a, %m : f64
    linalg.yield %r : i1
  } -> tensor<64x128xi1>
  return %eq : tensor<64x128xi1>
}

// -----

// The same in f32, whose exp the pipeline expands in-line (`inline-math`):
// every loop computes it alike, and it is recomputed in each user.
// CHECK-LABEL: func.func @inline_exp
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} ins(%[[X:.*]] : tensor<64x128xf32>)
// CHECK: math.exp
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[MAX]] : tensor<64x128xf32>, tensor<64xf32>)
// CHECK: math.exp
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @inline_exp(%x: tensor<64x128xf32>) -> tensor<64x128xi1> {
  %ninf = arith.constant 0xFF800000 : f32
  %e0 = tensor.empty() : tensor<64x128xf32>
  %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x128xf32>) outs(%e0 : tensor<64x128xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.exp %a : f32
    linalg.yield %r : f32
  } -> tensor<64x128xf32>
  %re = tensor.empty() : tensor<64xf32>
  %me = linalg.fill ins(%ninf : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%p : tensor<64x128xf32>) outs(%me : tensor<64xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %m, %a : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %b0 = tensor.empty() : tensor<64x128xi1>
  %eq = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %max : tensor<64x128xf32>, tensor<64xf32>) outs(%b0 : tensor<64x128xi1>) {
  ^bb0(%a: f32, %m: f32, %o: i1):
    %r = arith.cmpf oeq, %a, %m : f32
    linalg.yield %r : i1
  } -> tensor<64x128xi1>
  return %eq : tensor<64x128xi1>
}
