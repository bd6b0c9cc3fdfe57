// 2^62 x 4 f32: more bytes than a 64-bit address space has.
func.func @main(%x: tensor<4611686018427387904x4xf32>) -> tensor<4611686018427387904x4xf32> {
  return %x : tensor<4611686018427387904x4xf32>
}
