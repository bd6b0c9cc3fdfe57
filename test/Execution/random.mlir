// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// ten.random_bits is Philox-4x32-10 of each row-major position: the first
// case is the Random123 library's published answer for a zero counter and a
// zero key; the others are the algorithm's words for the counters
// (i, 0, stream, 0), computed with a Python model of it
// (python/tests/test_random.py checks the model against the published
// answers). Every target gives these bits, whatever the threads.

// NUMPY @known_answer: k = np.array([0, 0], dtype=np.uint32); args = [k]; results = [np.array([0x6627e8d5], dtype=np.uint32), np.array(0xe169c58d6627e8d5, dtype=np.uint64)]
func.func @known_answer(%key: tensor<2xui32>) -> (tensor<1xui32>, tensor<ui64>) {
  %0 = ten.random_bits %key : tensor<2xui32> -> tensor<1xui32>
  %1 = ten.random_bits %key : tensor<2xui32> -> tensor<ui64>
  return %0, %1 : tensor<1xui32>, tensor<ui64>
}

// NUMPY @positions: k = np.array([0xa4093822, 0x299f31d0], dtype=np.uint32); args = [k]; results = [np.array([[0x0e847852, 0xf9a58d27, 0x658ae437], [0xb122d057, 0x5f9f258e, 0x1f87c94c]], dtype=np.uint32), np.array([0xaddb136a0e847852, 0xa8e41926f9a58d27, 0xd561d708658ae437], dtype=np.uint64), np.array([0xbbfebe76, 0xea8b7561], dtype=np.uint32)]
func.func @positions(%key: tensor<2xui32>) -> (tensor<2x3xui32>, tensor<3xui64>, tensor<2xui32>) {
  %0 = ten.random_bits %key : tensor<2xui32> -> tensor<2x3xui32>
  %1 = ten.random_bits %key : tensor<2xui32> -> tensor<3xui64>
  %2 = ten.random_bits %key stream 7 : tensor<2xui32> -> tensor<2xui32>
  return %0, %1, %2 : tensor<2x3xui32>, tensor<3xui64>, tensor<2xui32>
}

// Uniform numbers are arithmetic on the bits, fused with them.
// NUMPY @uniform: k = np.array([0xa4093822, 0x299f31d0], dtype=np.uint32); args = [k]; results = [(np.array([0x0e847852, 0xf9a58d27, 0x658ae437, 0xb122d057], dtype=np.uint32) >> 8).astype(np.float32) * np.float32(2.0**-24)]
func.func @uniform(%key: tensor<2xui32>) -> tensor<4xf32> {
  %bits = ten.random_bits %key : tensor<2xui32> -> tensor<4xui32>
  %c8 = ten.constant dense<8> : tensor<ui32>
  %top = ten.shr %bits, %c8 : (tensor<4xui32>, tensor<ui32>) -> tensor<4xui32>
  %f = ten.cast %top : tensor<4xui32> -> tensor<4xf32>
  %scale = ten.constant dense<5.96046448e-08> : tensor<f32>
  %u = ten.mul %f, %scale : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}
