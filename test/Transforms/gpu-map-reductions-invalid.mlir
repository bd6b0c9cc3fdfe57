// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-map-reductions{block-size=0}))' -verify-diagnostics

// expected-error @below {{ten-gpu-map-reductions: block-size must be 1 to 1024, not 0}}
func.func @bad_block_size() {
  return
}
