// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// Constants whose data the module holds as a resource blob (as tools that
// export large weights write them), next to splats of several elements,
// which lower to fills.

// NUMPY @add_resource: x = rand(4); args = [x]; results = [x + np.array([1, 2, 3, 4], f32)]
func.func @add_resource(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = ten.constant dense_resource<one_to_four> : tensor<4xf32>
  %0 = ten.add %x, %c : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// NUMPY @scale_by_splat: x = randint(3, 5, dtype=i64); args = [x]; results = [x * 3, np.full((2, 3), 7, i8)]
func.func @scale_by_splat(%x: tensor<3x5xi64>) -> (tensor<3x5xi64>, tensor<2x3xi8>) {
  %three = ten.constant dense<3> : tensor<3x5xi64>
  %0 = ten.mul %x, %three : (tensor<3x5xi64>, tensor<3x5xi64>) -> tensor<3x5xi64>
  %seven = ten.constant dense<7> : tensor<2x3xi8>
  return %0, %seven : tensor<3x5xi64>, tensor<2x3xi8>
}

{-#
  dialect_resources: {
    builtin: {
      one_to_four: "0x040000000000803F000000400000404000008040"
    }
  }
#-}
