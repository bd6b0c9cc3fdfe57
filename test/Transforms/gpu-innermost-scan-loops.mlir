// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-innermost-scan-loops))' | FileCheck %s

// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$ROWS:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-DAG: #[[$COLS:.*]] = affine_map<(d0, d1) -> (d1)>

// A scan along the leading dimension: its parallel loop comes first, the
// scanned (reduction) loop last, the maps following the loops.
// CHECK-DAG: #[[$ID_SWAPPED:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-LABEL: func.func @scan_columns
// CHECK: linalg.generic {indexing_maps = [#[[$ID_SWAPPED]], #[[$ROWS]], #[[$ID_SWAPPED]]], iterator_types = ["parallel", "reduction"]}
// CHECK-SAME: ins(%{{.*}} : memref<8x4xf32>) outs(%{{.*}}, %{{.*}} : memref<4xf32>, memref<8x4xf32>)
func.func @scan_columns(%x: memref<8x4xf32>, %carry: memref<4xf32>, %out: memref<8x4xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<8x4xf32>) outs(%carry, %out : memref<4xf32>, memref<8x4xf32>) {
  ^bb0(%in: f32, %acc: f32, %old: f32):
    %next = arith.addf %acc, %in : f32
    linalg.yield %next, %next : f32, f32
  }
  return
}

// Left alone: a scan whose scanned loop is already innermost, a reduction
// along a leading dimension (no init indexed along its reduction loop), a
// scan on tensors, and a scan already in a parallel loop.
// CHECK-LABEL: func.func @left_alone
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$ROWS]], #[[$ID]]], iterator_types = ["parallel", "reduction"]}
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$COLS]]], iterator_types = ["reduction", "parallel"]}
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$COLS]], #[[$ID]]], iterator_types = ["reduction", "parallel"]}
// CHECK-SAME: ins(%{{.*}} : tensor<8x4xf32>)
// CHECK: scf.parallel
// CHECK: linalg.generic {indexing_maps = [#[[$ID]], #[[$COLS]], #[[$ID]]], iterator_types = ["reduction", "parallel"]}
func.func @left_alone(%x: memref<8x4xf32>, %rows: memref<8xf32>, %cols: memref<4xf32>, %out: memref<8x4xf32>, %t: tensor<8x4xf32>, %tc: tensor<4xf32>) -> (tensor<4xf32>, tensor<8x4xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<8x4xf32>) outs(%rows, %out : memref<8xf32>, memref<8x4xf32>) {
  ^bb0(%in: f32, %acc: f32, %old: f32):
    %next = arith.addf %acc, %in : f32
    linalg.yield %next, %next : f32, f32
  }
  linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>],
      iterator_types = ["reduction", "parallel"]}
      ins(%x : memref<8x4xf32>) outs(%cols : memref<4xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %next = arith.addf %acc, %in : f32
    linalg.yield %next : f32
  }
  %empty = tensor.empty() : tensor<8x4xf32>
  %r:2 = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
      iterator_types = ["reduction", "parallel"]}
      ins(%t : tensor<8x4xf32>) outs(%tc, %empty : tensor<4xf32>, tensor<8x4xf32>) {
  ^bb0(%in: f32, %acc: f32, %old: f32):
    %next = arith.addf %acc, %in : f32
    linalg.yield %next, %next : f32, f32
  } -> (tensor<4xf32>, tensor<8x4xf32>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    linalg.generic {
        indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>],
        iterator_types = ["reduction", "parallel"]}
        ins(%x : memref<8x4xf32>) outs(%cols, %out : memref<4xf32>, memref<8x4xf32>) {
    ^bb0(%in: f32, %acc: f32, %old: f32):
      %next = arith.addf %acc, %in : f32
      linalg.yield %next, %next : f32, f32
    }
    scf.reduce
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<8x4xf32>
}
