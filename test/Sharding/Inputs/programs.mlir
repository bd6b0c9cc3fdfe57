// Programs that test/Sharding/run-sharded.test runs over grids of processes,
// each checked against its single-process result.
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x6xf32>) -> tensor<4x6xf32> {
  %c = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<4x8xf32>, tensor<8x6xf32>) -> tensor<4x6xf32>
  return %c : tensor<4x6xf32>
}
func.func @chain(%x: tensor<8x6xf64>, %y: tensor<8x6xf64>) -> tensor<8x6xf64> {
  %two = ten.constant dense<2.0> : tensor<f64>
  %d = ten.mul %x, %two : (tensor<8x6xf64>, tensor<f64>) -> tensor<8x6xf64>
  %s = ten.add %d, %y : (tensor<8x6xf64>, tensor<8x6xf64>) -> tensor<8x6xf64>
  %r = ten.relu %s : tensor<8x6xf64>
  return %r : tensor<8x6xf64>
}
func.func @reductions(%x: tensor<8x6xf32>) -> (tensor<6xf32>, tensor<8xf32>, tensor<f32>) {
  %e = ten.exp %x : tensor<8x6xf32>
  %s0 = ten.reduce sum %e dims [0] : tensor<8x6xf32> -> tensor<6xf32>
  %m1 = ten.reduce max %e dims [1] : tensor<8x6xf32> -> tensor<8xf32>
  %s = ten.reduce sum %e dims [0, 1] : tensor<8x6xf32> -> tensor<f32>
  return %s0, %m1, %s : tensor<6xf32>, tensor<8xf32>, tensor<f32>
}
func.func @softmax(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %m = ten.reduce max %x dims [1] keepdim : tensor<8x6xf32> -> tensor<8x1xf32>
  %d = ten.sub %x, %m : (tensor<8x6xf32>, tensor<8x1xf32>) -> tensor<8x6xf32>
  %e = ten.exp %d : tensor<8x6xf32>
  %s = ten.reduce sum %e dims [1] keepdim : tensor<8x6xf32> -> tensor<8x1xf32>
  %p = ten.div %e, %s : (tensor<8x6xf32>, tensor<8x1xf32>) -> tensor<8x6xf32>
  return %p : tensor<8x6xf32>
}
func.func @attention(%q: tensor<4x8x16xf32>, %k: tensor<4x8x16xf32>) -> tensor<4x8x8xf32> {
  %s = ten.einsum "bqd,bkd->bqk" (%q, %k) : (tensor<4x8x16xf32>, tensor<4x8x16xf32>) -> tensor<4x8x8xf32>
  return %s : tensor<4x8x8xf32>
}
func.func @integers(%x: tensor<8x6xi32>) -> tensor<6xi32> {
  %s = ten.reduce sum %x dims [0] : tensor<8x6xi32> -> tensor<6xi32>
  return %s : tensor<6xi32>
}
func.func @checked(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %limit = ten.constant dense<100.0> : tensor<f32>
  %below = ten.cmp lt, %x, %limit : (tensor<8x6xf32>, tensor<f32>) -> tensor<8x6xi1>
  ten.assert %below, "values must be below 100" : tensor<8x6xi1>
  %r = ten.relu %x : tensor<8x6xf32>
  return %r : tensor<8x6xf32>
}
func.func @split_result(%x: tensor<8x6xf32> {ten.sharding = array<i64: 0, -1>}) -> (tensor<8x6xf32> {ten.sharding = array<i64: 0, -1>}) {
  %e = ten.exp %x : tensor<8x6xf32>
  return %e : tensor<8x6xf32>
}
// Intermediates laid out by ten.shard: a split moved from one dimension to
// another (an all_to_all), gathered whole, split again, reduced along the
// split dimension.
func.func @layouts(%x: tensor<8x4x8xf32>) -> tensor<8x4x8xf32> {
  %e = ten.exp %x : tensor<8x4x8xf32>
  %a = ten.shard %e [-1, 0, -1] : tensor<8x4x8xf32>
  %b = ten.mul %a, %a : (tensor<8x4x8xf32>, tensor<8x4x8xf32>) -> tensor<8x4x8xf32>
  %c = ten.shard %b [-1, -1, -1] : tensor<8x4x8xf32>
  %n = ten.neg %c : tensor<8x4x8xf32>
  %d = ten.shard %n [-1, -1, 0] : tensor<8x4x8xf32>
  %s = ten.reduce sum %d dims [2] keepdim : tensor<8x4x8xf32> -> tensor<8x4x1xf32>
  %r = ten.add %d, %s : (tensor<8x4x8xf32>, tensor<8x4x1xf32>) -> tensor<8x4x8xf32>
  return %r : tensor<8x4x8xf32>
}
