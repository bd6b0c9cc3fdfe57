// RUN: tensor-opt %s --split-input-file --verify-diagnostics --ten-lower-collectives

module {
  shard.grid @g(shape = 2)
  func.func @gather(%x: tensor<2xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{'shard.gather' is not supported in a sharded program yet}}
    %r = shard.gather %x on @g grid_axes = [0] gather_axis = 0 root = [0] : (tensor<2xf32>) -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

// -----

module {
  shard.grid @g(shape = 2)
  func.func @average(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{a reduction by average is not supported}}
    %r = shard.all_reduce %x on @g grid_axes = [0] reduction = average : tensor<4xf32> -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

// -----

module {
  shard.grid @g(shape = 2)
  func.func @scatter_average(%x: tensor<4xf32>) -> tensor<2xf32> {
    // expected-error @+1 {{a reduction by average is not supported}}
    %r = shard.reduce_scatter %x on @g grid_axes = [0] reduction = average scatter_axis = 0 : tensor<4xf32> -> tensor<2xf32>
    return %r : tensor<2xf32>
  }
}

// -----

module {
  shard.grid @g(shape = 2x2)
  func.func @unordered(%x: tensor<4xf32>) -> tensor<16xf32> {
    // expected-error @+1 {{a collective over grid axes that are not in increasing order is not supported}}
    %r = shard.all_gather %x on @g grid_axes = [1, 0] gather_axis = 0 : tensor<4xf32> -> tensor<16xf32>
    return %r : tensor<16xf32>
  }
}

// -----

module {
  shard.grid @g(shape = 2)
  func.func @dynamic_root(%x: tensor<4xf32>, %root: index) -> tensor<4xf32> {
    // expected-error @+1 {{a broadcast from a root known only when the program runs is not supported}}
    %r = shard.broadcast %x on @g grid_axes = [0] root = [%root] : (tensor<4xf32>, index) -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
}


// -----

module {
  shard.grid @g(shape = 2)
  func.func @fp8(%x: tensor<4xf8E4M3FN>) -> tensor<8xf8E4M3FN> {
    // expected-error @+1 {{the MPI collectives do not move elements of 'f8E4M3FN'}}
    %r = shard.all_gather %x on @g grid_axes = [0] gather_axis = 0 : tensor<4xf8E4M3FN> -> tensor<8xf8E4M3FN>
    return %r : tensor<8xf8E4M3FN>
  }
}
