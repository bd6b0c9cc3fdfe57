// RUN: tensor-opt %s --split-input-file --verify-diagnostics --ten-shard-arguments

// expected-error @+1 {{'ten.grid' must be the grid's sizes, each 1 or more (array<i64: 2, 2>)}}
module attributes {ten.grid = array<i64: 2, 0>} {
}

// -----

// expected-error @+1 {{'ten.grid' must be the grid's sizes, each 1 or more (array<i64: 2, 2>)}}
module attributes {ten.grid = 2 : i64} {
}

// -----

module attributes {ten.grid = array<i64: 2>} {
  // expected-error @+1 {{argument 0: 'ten.sharding' must give each of its 2 dimension(s) a grid axis or -1 (array<i64: ...>)}}
  func.func @length(%a: tensor<4x4xf32> {ten.sharding = array<i64: 0>}) -> tensor<4x4xf32> {
    return %a : tensor<4x4xf32>
  }
}

// -----

module attributes {ten.grid = array<i64: 2>} {
  // expected-error @+1 {{argument 0: dimension 1 is split over grid axis 1, and the grid has 1 axis(es)}}
  func.func @axis(%a: tensor<4x4xf32> {ten.sharding = array<i64: -1, 1>}) -> tensor<4x4xf32> {
    return %a : tensor<4x4xf32>
  }
}

// -----

module attributes {ten.grid = array<i64: 2>} {
  // expected-error @+1 {{argument 0: grid axis 0 splits two dimensions}}
  func.func @twice(%a: tensor<4x4xf32> {ten.sharding = array<i64: 0, 0>}) -> tensor<4x4xf32> {
    return %a : tensor<4x4xf32>
  }
}

// -----

module attributes {ten.grid = array<i64: 3>} {
  // expected-error @+1 {{argument 0: dimension 0 of size 4 does not split evenly over the 3 processes of grid axis 0}}
  func.func @uneven(%a: tensor<4x4xf32> {ten.sharding = array<i64: 0, -1>}) -> tensor<4x4xf32> {
    return %a : tensor<4x4xf32>
  }
}

// -----

module attributes {ten.grid = array<i64: 2>} {
  // expected-error @+1 {{argument 0: dimension 0 is split but its size is known only when the program runs}}
  func.func @dynamic(%a: tensor<?x4xf32> {ten.sharding = array<i64: 0, -1>}) -> tensor<?x4xf32> {
    return %a : tensor<?x4xf32>
  }
}

// -----

module attributes {ten.grid = array<i64: 2>} {
  // expected-error @+1 {{result 0: 'ten.sharding' must give each of its 1 dimension(s) a grid axis or -1 (array<i64: ...>)}}
  func.func @result(%a: tensor<4xf32>) -> (tensor<4xf32> {ten.sharding = 0 : i64}) {
    return %a : tensor<4xf32>
  }
}

// -----

module attributes {ten.grid = array<i64: 2>} {
  func.func @shard_axis(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
    // expected-error @+1 {{'ten.shard': dimension 0 is split over grid axis 1, and the grid has 1 axis(es)}}
    %s = ten.shard %x [1, -1] : tensor<8x6xf32>
    return %s : tensor<8x6xf32>
  }
}

// -----

module attributes {ten.grid = array<i64: 4>} {
  func.func @shard_uneven(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
    // expected-error @+1 {{'ten.shard': dimension 1 of size 6 does not split evenly over the 4 processes of grid axis 0}}
    %s = ten.shard %x [-1, 0] : tensor<8x6xf32>
    return %s : tensor<8x6xf32>
  }
}

// -----

module attributes {ten.grid = array<i64: 2>} {
  func.func @shard_dynamic(%x: tensor<8xf32>) -> tensor<8xf32> {
    %n = ten.nonzero %x : tensor<8xf32>
    // expected-error @+1 {{'ten.shard': dimension 0 is split but its size is known only when the program runs}}
    %s = ten.shard %n [0] : tensor<?xi64>
    return %x : tensor<8xf32>
  }
}

// -----

module attributes {ten.grid = array<i64: 2>} {
  // expected-error @+1 {{result 0 ('tensor<?xi64>'): a function run over a grid of several processes takes and returns tensors of static shapes}}
  func.func @dynamic(%x: tensor<8xf32>) -> tensor<?xi64> {
    %n = ten.nonzero %x : tensor<8xf32>
    return %n : tensor<?xi64>
  }
}
