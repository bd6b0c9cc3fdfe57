// RUN: tensor-opt %s --split-input-file --verify-diagnostics --ten-lower-collectives

module {
  shard.grid @g(shape = 2)
  func.func @scatter(%x: tensor<4xf32>) -> tensor<2xf32> {
    // expected-error @+1 {{'shard.reduce_scatter' is not supported in a sharded program yet}}
    %r = shard.reduce_scatter %x on @g grid_axes = [0] scatter_axis = 0 : tensor<4xf32> -> tensor<2xf32>
    return %r : tensor<2xf32>
  }
}

// -----

module {
  shard.grid @g(shape = 2)
  func.func @average(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{an all_reduce by average is not supported}}
    %r = shard.all_reduce %x on @g grid_axes = [0] reduction = average : tensor<4xf32> -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

// -----

module {
  shard.grid @g(shape = 2)
  func.func @half(%x: tensor<4xf16>) -> tensor<4xf16> {
    // expected-error @+1 {{the MPI collectives do not move elements of 'f16'}}
    %r = shard.all_reduce %x on @g grid_axes = [0] : tensor<4xf16> -> tensor<4xf16>
    return %r : tensor<4xf16>
  }
}
