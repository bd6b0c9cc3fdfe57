// RUN: tensor-opt %s --split-input-file --verify-diagnostics --ten-lower-collectives=backend=nccl
// RUN: echo 'shard.grid @g(shape = 2)' | not tensor-opt --ten-lower-collectives=backend=gloo 2>&1 | FileCheck %s --check-prefix=BACKEND
// BACKEND: error: ten-lower-collectives: unknown backend 'gloo' (mpi or nccl)

module {
  shard.grid @g(shape = 2)
  func.func @fp8(%x: tensor<4xf8E4M3FN>) -> tensor<8xf8E4M3FN> {
    // expected-error @+1 {{the NCCL collectives do not move elements of 'f8E4M3FN'}}
    %r = shard.all_gather %x on @g grid_axes = [0] gather_axis = 0 : tensor<4xf8E4M3FN> -> tensor<8xf8E4M3FN>
    return %r : tensor<8xf8E4M3FN>
  }
}
