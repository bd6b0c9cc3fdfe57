// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-map-reductions{block-size=0}))' -verify-diagnostics
// RUN: not tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-map-reductions{target-blocks=0}))' 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-map-reductions{max-lane-vectors=-1}))' 2>&1 | FileCheck %s --check-prefix=LANES

// expected-error @below {{ten-gpu-map-reductions: block-size must be 1 to 1024, not 0}}
func.func @bad_block_size() {
  return
}
// TARGET: error: ten-gpu-map-reductions: target-blocks must be at least 1, not 0
// LANES: error: ten-gpu-map-reductions: max-lane-vectors must be at least 0, not -1
