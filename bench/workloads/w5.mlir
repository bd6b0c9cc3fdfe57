// W5: bhqd,bhkd->bhqk, (32,8,100,64) twice (attention scores).
func.func @main(%q: tensor<32x8x100x64xf32>, %k: tensor<32x8x100x64xf32>) -> tensor<32x8x100x100xf32> {
  %y = ten.einsum "bhqd,bhkd->bhqk" (%q, %k) : (tensor<32x8x100x64xf32>, tensor<32x8x100x64xf32>) -> tensor<32x8x100x100xf32>
  return %y : tensor<32x8x100x100xf32>
}
