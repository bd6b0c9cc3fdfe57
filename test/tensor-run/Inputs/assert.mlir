func.func @main(%classes: tensor<?xi64>) -> tensor<?xi64> {
  %zero = ten.constant dense<0> : tensor<i64>
  %count = ten.constant dense<5> : tensor<i64>
  %low = ten.cmp ge, %classes, %zero : (tensor<?xi64>, tensor<i64>) -> tensor<?xi1>
  ten.assert %low, "class values must be non-negative" : tensor<?xi1>
  %high = ten.cmp lt, %classes, %count : (tensor<?xi64>, tensor<i64>) -> tensor<?xi1>
  ten.assert %high, "class values must be smaller than num_classes" : tensor<?xi1>
  %twice = ten.add %classes, %classes : (tensor<?xi64>, tensor<?xi64>) -> tensor<?xi64>
  return %twice : tensor<?xi64>
}
