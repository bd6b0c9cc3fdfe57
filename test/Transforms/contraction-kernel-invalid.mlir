// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-contraction-kernel{vector-bits=192}))' -verify-diagnostics -split-input-file
// RUN: tensor-opt %s -pass-pipeline='builtin.module(func.func(ten-contraction-kernel{register-rows=0}))' -verify-diagnostics -split-input-file

// Vectors of other than a power of two bits (at least 64), and sizes that
// are not positive, are refused: dot products sum a vector's lanes in
// halves, and the pipeline takes only such vectors.
// expected-error @below {{ten-contraction-kernel: vector-bits must be a power of two of at least 64 and the other sizes positive}}
func.func @f() {
  return
}
