// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-map-loops{block-size=2048}))' -verify-diagnostics

// expected-error @below {{ten-gpu-map-loops: block-size must be 1 to 1024, not 2048}}
func.func @bad_block_size() {
  return
}
