// Programs whose collectives a backend cannot run as they are asked
// (run-sharded.test and run-sharded-cuda.test run them over 2 processes):
// reductions of 16-bit floats (MPI has none) and integers (NCCL has none)
// over a split dimension, float maxima and minima (NCCL's drop NaNs), and a
// bf16 result gathered along an inner dimension (NCCL joins parts one after
// the other; MPI moves bf16 as bits).
func.func @half(%x: tensor<8x6xf16>) -> (tensor<6xf16>, tensor<6xf16>, tensor<6xf16>) {
  %s = ten.reduce sum %x dims [0] : tensor<8x6xf16> -> tensor<6xf16>
  %m = ten.reduce max %x dims [0] : tensor<8x6xf16> -> tensor<6xf16>
  %n = ten.reduce min %x dims [0] : tensor<8x6xf16> -> tensor<6xf16>
  return %s, %m, %n : tensor<6xf16>, tensor<6xf16>, tensor<6xf16>
}
func.func @short(%x: tensor<8x6xi16>) -> (tensor<6xi16>, tensor<6xi16>) {
  %s = ten.reduce sum %x dims [0] : tensor<8x6xi16> -> tensor<6xi16>
  %m = ten.reduce max %x dims [0] : tensor<8x6xi16> -> tensor<6xi16>
  return %s, %m : tensor<6xi16>, tensor<6xi16>
}
func.func @extrema(%x: tensor<8x6xf64>) -> (tensor<6xf64>, tensor<6xf64>) {
  %m = ten.reduce max %x dims [0] : tensor<8x6xf64> -> tensor<6xf64>
  %n = ten.reduce min %x dims [0] : tensor<8x6xf64> -> tensor<6xf64>
  return %m, %n : tensor<6xf64>, tensor<6xf64>
}
func.func @columns(%x: tensor<4x8x6xbf16>) -> tensor<4x8x6xbf16> {
  %e = ten.neg %x : tensor<4x8x6xbf16>
  return %e : tensor<4x8x6xbf16>
}
