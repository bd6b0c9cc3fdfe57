// REQUIRES: cuda-target
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-gpu-fuse-rows{block-size=100}))' -verify-diagnostics

// expected-error @below {{ten-gpu-fuse-rows: block-size must be a multiple of 32 from 32 to 1024, not 100}}
func.func @f() {
  return
}
