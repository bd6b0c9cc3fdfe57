// Programs of run-sharded.test whose ops the partitioner cannot split
// (run whole along the loops it cannot split) or has no model for (run on
// whole values): each must match its single-process result.
func.func @argmax(%x: tensor<8x6xf32>) -> tensor<6xi64> {
  %r = ten.reduce argmax %x dims [0] : tensor<8x6xf32> -> tensor<6xi64>
  return %r : tensor<6xi64>
}
func.func @cumsum(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %r = ten.scan sum %x dim 0 : tensor<8x6xf32>
  return %r : tensor<8x6xf32>
}
func.func @complex_sum(%x: tensor<8x6xcomplex<f32>>) -> tensor<6xcomplex<f32>> {
  %r = ten.reduce sum %x dims [0] : tensor<8x6xcomplex<f32>> -> tensor<6xcomplex<f32>>
  return %r : tensor<6xcomplex<f32>>
}
func.func @any(%x: tensor<8x6xi1>) -> tensor<6xi1> {
  %r = ten.reduce any %x dims [0] : tensor<8x6xi1> -> tensor<6xi1>
  return %r : tensor<6xi1>
}
func.func @reshape(%x: tensor<8x6xf32>) -> tensor<48xf32> {
  %e = ten.exp %x : tensor<8x6xf32>
  %r = ten.reshape %e : tensor<8x6xf32> -> tensor<48xf32>
  return %r : tensor<48xf32>
}
func.func @slice(%x: tensor<8x6xf32>) -> tensor<4x6xf32> {
  %r = ten.slice %x [2:6, :] : tensor<8x6xf32> -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}
func.func private @helper(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %s = ten.shard %x [-1, 0] : tensor<8x6xf32>
  %e = ten.exp %s : tensor<8x6xf32>
  return %e : tensor<8x6xf32>
}
func.func @call(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %y = func.call @helper(%x) : (tensor<8x6xf32>) -> tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}
func.func @sort(%x: tensor<8x6xf32>) -> (tensor<8x6xf32>, tensor<8x6xi64>) {
  %v, %i = ten.sort %x dim 0 : tensor<8x6xf32> -> tensor<8x6xf32>, tensor<8x6xi64>
  return %v, %i : tensor<8x6xf32>, tensor<8x6xi64>
}
// Layouts that conflict (x's rows and w, broadcast along x's columns, both
// over axis 0): w is read whole.
func.func @conflict(%x: tensor<8x6xf32>, %w: tensor<6xf32>) -> tensor<8x6xf32> {
  %y = ten.mul %x, %w : (tensor<8x6xf32>, tensor<6xf32>) -> tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}
// An op on 0-d tensors (a scalar's cast).
func.func @scalar(%x: tensor<8x6xf32>, %s: tensor<f64>) -> tensor<8x6xf32> {
  %c = ten.cast %s : tensor<f64> -> tensor<f32>
  %y = ten.add %x, %c : (tensor<8x6xf32>, tensor<f32>) -> tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}
// A gather: its body reads the tensor it takes from at computed positions,
// which the partitioner does not see as an operand (it is made whole).
func.func @take(%x: tensor<8x6xf32>, %i: tensor<3xi64>) -> tensor<8x3xf32> {
  %r = ten.take clip %x, %i dim 1 : (tensor<8x6xf32>, tensor<3xi64>) -> tensor<8x3xf32>
  return %r : tensor<8x3xf32>
}
// Unsigned maxima and minima over the split rows: run whole (an all_reduce
// of signless integers would compare them as signed: max(90, 210) of u8
// would be 90).
func.func @unsigned(%x: tensor<8x6xui8>) -> (tensor<6xui8>, tensor<6xui8>) {
  %m = ten.reduce max %x dims [0] : tensor<8x6xui8> -> tensor<6xui8>
  %n = ten.reduce min %x dims [0] : tensor<8x6xui8> -> tensor<6xui8>
  return %m, %n : tensor<6xui8>, tensor<6xui8>
}
