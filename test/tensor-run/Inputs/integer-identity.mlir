// Returns its integer arguments: max(x, x) is x.
func.func @main(%a: tensor<3xi16>, %b: tensor<3xui8>, %c: tensor<3xui16>, %d: tensor<3xui32>, %e: tensor<3xui64>) -> (tensor<3xi16>, tensor<3xui8>, tensor<3xui16>, tensor<3xui32>, tensor<3xui64>) {
  %0 = ten.max %a, %a : (tensor<3xi16>, tensor<3xi16>) -> tensor<3xi16>
  return %0, %b, %c, %d, %e : tensor<3xi16>, tensor<3xui8>, tensor<3xui16>, tensor<3xui32>, tensor<3xui64>
}
