// ten.fft against numpy.fft on the same inputs: forward and inverse
// complex transforms (unnormalized: NumPy's ifft times n), real ones
// (rfft, irfft times n, of even and odd lengths), along the last dimension
// and others; lengths of small prime factors (the mixed-radix stages: 8,
// 12, 1000, 1024), primes above 13 (Bluestein's convolution: 17, 1009), 1
// and 0; batches, an empty one; both precisions; lengths known only at run
// time, each path.
// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// NUMPY @complex_f64: x = rand(3, 8, dtype=f64) + 1j * rand(3, 8, dtype=f64); y = rand(2, 12, dtype=f64) + 1j * rand(2, 12, dtype=f64); args = [x, y]; results = [np.fft.fft(x), np.fft.ifft(x) * 8, np.fft.fft(y), np.fft.ifft(y) * 12, np.fft.fft(x, axis=0)]; rtol = 1e-10; atol = 1e-10
func.func @complex_f64(%x: tensor<3x8xcomplex<f64>>, %y: tensor<2x12xcomplex<f64>>) -> (tensor<3x8xcomplex<f64>>, tensor<3x8xcomplex<f64>>, tensor<2x12xcomplex<f64>>, tensor<2x12xcomplex<f64>>, tensor<3x8xcomplex<f64>>) {
  %a = ten.fft forward %x dim 1 : tensor<3x8xcomplex<f64>> -> tensor<3x8xcomplex<f64>>
  %b = ten.fft inverse %x dim 1 : tensor<3x8xcomplex<f64>> -> tensor<3x8xcomplex<f64>>
  %c = ten.fft forward %y dim 1 : tensor<2x12xcomplex<f64>> -> tensor<2x12xcomplex<f64>>
  %d = ten.fft inverse %y dim 1 : tensor<2x12xcomplex<f64>> -> tensor<2x12xcomplex<f64>>
  %e = ten.fft forward %x dim 0 : tensor<3x8xcomplex<f64>> -> tensor<3x8xcomplex<f64>>
  return %a, %b, %c, %d, %e : tensor<3x8xcomplex<f64>>, tensor<3x8xcomplex<f64>>, tensor<2x12xcomplex<f64>>, tensor<2x12xcomplex<f64>>, tensor<3x8xcomplex<f64>>
}

// Long lines: 1024 (five stages of 4), 1000 (4, 2, 5, 5, 5), and the
// primes 17 and 1009 (convolutions of 64 and 2048).
// NUMPY @long_lines: x = (rand(2, 1024) + 1j * rand(2, 1024)).astype(np.complex64); y = rand(1000, dtype=f64) + 1j * rand(1000, dtype=f64); p = rand(3, 17, dtype=f64) + 1j * rand(3, 17, dtype=f64); q = rand(1009, dtype=f64) + 1j * rand(1009, dtype=f64); args = [x, y, p, q]; results = [np.fft.fft(x).astype(np.complex64), np.fft.fft(y), np.fft.ifft(p) * 17, np.fft.fft(q)]; rtol = 1e-4; atol = 2e-3
func.func @long_lines(%x: tensor<2x1024xcomplex<f32>>, %y: tensor<1000xcomplex<f64>>, %p: tensor<3x17xcomplex<f64>>, %q: tensor<1009xcomplex<f64>>) -> (tensor<2x1024xcomplex<f32>>, tensor<1000xcomplex<f64>>, tensor<3x17xcomplex<f64>>, tensor<1009xcomplex<f64>>) {
  %a = ten.fft forward %x dim 1 : tensor<2x1024xcomplex<f32>> -> tensor<2x1024xcomplex<f32>>
  %b = ten.fft forward %y dim 0 : tensor<1000xcomplex<f64>> -> tensor<1000xcomplex<f64>>
  %c = ten.fft inverse %p dim 1 : tensor<3x17xcomplex<f64>> -> tensor<3x17xcomplex<f64>>
  %d = ten.fft forward %q dim 0 : tensor<1009xcomplex<f64>> -> tensor<1009xcomplex<f64>>
  return %a, %b, %c, %d : tensor<2x1024xcomplex<f32>>, tensor<1000xcomplex<f64>>, tensor<3x17xcomplex<f64>>, tensor<1009xcomplex<f64>>
}

// Lines whose radix-4 stages combine transforms a multiple of a vector long
// (AVX2 vectors of whole complex numbers, where the host has AVX2), both
// precisions, both directions, contiguous and strided; real transforms of
// f32 lines whose reals are complex numbers already (contiguous), and
// strided ones.
// NUMPY @vector_stages: x = rand(2, 256, dtype=f64) + 1j * rand(2, 256, dtype=f64); c = (rand(64, 3) + 1j * rand(64, 3)).astype(np.complex64); r = rand(3, 4096).astype(f32); q = rand(256, 2).astype(f32); s = np.fft.rfft(r).astype(np.complex64); args = [x, c, r, q, s]; results = [np.fft.fft(x), np.fft.ifft(x) * 256, np.fft.fft(c, axis=0).astype(np.complex64), np.fft.rfft(r).astype(np.complex64), np.fft.rfft(q, axis=0).astype(np.complex64), (np.fft.irfft(s) * 4096).astype(f32)]; rtol = 1e-4; atol = 2e-2
func.func @vector_stages(%x: tensor<2x256xcomplex<f64>>, %c: tensor<64x3xcomplex<f32>>, %r: tensor<3x4096xf32>, %q: tensor<256x2xf32>, %s: tensor<3x2049xcomplex<f32>>) -> (tensor<2x256xcomplex<f64>>, tensor<2x256xcomplex<f64>>, tensor<64x3xcomplex<f32>>, tensor<3x2049xcomplex<f32>>, tensor<129x2xcomplex<f32>>, tensor<3x4096xf32>) {
  %a = ten.fft forward %x dim 1 : tensor<2x256xcomplex<f64>> -> tensor<2x256xcomplex<f64>>
  %b = ten.fft inverse %x dim 1 : tensor<2x256xcomplex<f64>> -> tensor<2x256xcomplex<f64>>
  %d = ten.fft forward %c dim 0 : tensor<64x3xcomplex<f32>> -> tensor<64x3xcomplex<f32>>
  %e = ten.fft real_forward %r dim 1 : tensor<3x4096xf32> -> tensor<3x2049xcomplex<f32>>
  %f = ten.fft real_forward %q dim 0 : tensor<256x2xf32> -> tensor<129x2xcomplex<f32>>
  %g = ten.fft real_inverse %s dim 1 : tensor<3x2049xcomplex<f32>> -> tensor<3x4096xf32>
  return %a, %b, %d, %e, %f, %g : tensor<2x256xcomplex<f64>>, tensor<2x256xcomplex<f64>>, tensor<64x3xcomplex<f32>>, tensor<3x2049xcomplex<f32>>, tensor<129x2xcomplex<f32>>, tensor<3x4096xf32>
}

// Odd radices after a radix-4 stage, in vectors: 252 = 4 x 3 x 3 x 7 in
// f32 (4 complex numbers a vector), 420 = 4 x 3 x 5 x 7 in f64 (2).
// NUMPY @vector_odd_radices: x = (rand(2, 252) + 1j * rand(2, 252)).astype(np.complex64); y = rand(2, 420, dtype=f64) + 1j * rand(2, 420, dtype=f64); args = [x, y]; results = [np.fft.fft(x).astype(np.complex64), np.fft.ifft(x).astype(np.complex64) * 252, np.fft.fft(y), np.fft.ifft(y) * 420]; rtol = 1e-4; atol = 2e-3
func.func @vector_odd_radices(%x: tensor<2x252xcomplex<f32>>, %y: tensor<2x420xcomplex<f64>>) -> (tensor<2x252xcomplex<f32>>, tensor<2x252xcomplex<f32>>, tensor<2x420xcomplex<f64>>, tensor<2x420xcomplex<f64>>) {
  %a = ten.fft forward %x dim 1 : tensor<2x252xcomplex<f32>> -> tensor<2x252xcomplex<f32>>
  %b = ten.fft inverse %x dim 1 : tensor<2x252xcomplex<f32>> -> tensor<2x252xcomplex<f32>>
  %c = ten.fft forward %y dim 1 : tensor<2x420xcomplex<f64>> -> tensor<2x420xcomplex<f64>>
  %d = ten.fft inverse %y dim 1 : tensor<2x420xcomplex<f64>> -> tensor<2x420xcomplex<f64>>
  return %a, %b, %c, %d : tensor<2x252xcomplex<f32>>, tensor<2x252xcomplex<f32>>, tensor<2x420xcomplex<f64>>, tensor<2x420xcomplex<f64>>
}

// Real transforms: rfft of even and odd lengths; irfft back to both.
// NUMPY @real_f64: x = rand(4, 10, dtype=f64); y = rand(3, 7, dtype=f64); s = np.fft.rfft(x); t = np.fft.rfft(y); args = [x, y, s, t]; results = [s, t, np.fft.irfft(s, 10) * 10, np.fft.irfft(t, 7) * 7]; rtol = 1e-10; atol = 1e-10
func.func @real_f64(%x: tensor<4x10xf64>, %y: tensor<3x7xf64>, %s: tensor<4x6xcomplex<f64>>, %t: tensor<3x4xcomplex<f64>>) -> (tensor<4x6xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<4x10xf64>, tensor<3x7xf64>) {
  %a = ten.fft real_forward %x dim 1 : tensor<4x10xf64> -> tensor<4x6xcomplex<f64>>
  %b = ten.fft real_forward %y dim 1 : tensor<3x7xf64> -> tensor<3x4xcomplex<f64>>
  %c = ten.fft real_inverse %s dim 1 : tensor<4x6xcomplex<f64>> -> tensor<4x10xf64>
  %d = ten.fft real_inverse %t dim 1 : tensor<3x4xcomplex<f64>> -> tensor<3x7xf64>
  return %a, %b, %c, %d : tensor<4x6xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<4x10xf64>, tensor<3x7xf64>
}

// irfft ignores the imaginary parts of the first element and, for an even
// length, of the last: these have some.
// NUMPY @real_inverse_ignores: s = (rand(2, 5) + 1j * rand(2, 5)).astype(np.complex64); args = [s]; results = [(np.fft.irfft(s, 8) * 8).astype(f32), (np.fft.irfft(s, 9) * 9).astype(f32)]; rtol = 1e-4; atol = 1e-4
func.func @real_inverse_ignores(%s: tensor<2x5xcomplex<f32>>) -> (tensor<2x8xf32>, tensor<2x9xf32>) {
  %a = ten.fft real_inverse %s dim 1 : tensor<2x5xcomplex<f32>> -> tensor<2x8xf32>
  %b = ten.fft real_inverse %s dim 1 : tensor<2x5xcomplex<f32>> -> tensor<2x9xf32>
  return %a, %b : tensor<2x8xf32>, tensor<2x9xf32>
}

// Lengths 1 and 0, and an empty batch.
// NUMPY @short: x = rand(3, 1, dtype=f64) + 0j; e = np.zeros((4, 0), np.complex128); z = np.zeros((0, 6)); args = [x, e, z]; results = [x, e, np.zeros((0, 4), np.complex128)]
func.func @short(%x: tensor<3x1xcomplex<f64>>, %e: tensor<4x0xcomplex<f64>>, %z: tensor<0x6xf64>) -> (tensor<3x1xcomplex<f64>>, tensor<4x0xcomplex<f64>>, tensor<0x4xcomplex<f64>>) {
  %a = ten.fft forward %x dim 1 : tensor<3x1xcomplex<f64>> -> tensor<3x1xcomplex<f64>>
  %b = ten.fft inverse %e dim 1 : tensor<4x0xcomplex<f64>> -> tensor<4x0xcomplex<f64>>
  %c = ten.fft real_forward %z dim 1 : tensor<0x6xf64> -> tensor<0x4xcomplex<f64>>
  return %a, %b, %c : tensor<3x1xcomplex<f64>>, tensor<4x0xcomplex<f64>>, tensor<0x4xcomplex<f64>>
}

// Lengths known at run time: a power of two, a prime, one; irfft to
// NumPy's default length 2(m - 1).
// NUMPY @dynamic: x = rand(2, 16, dtype=f64) + 1j * rand(2, 16, dtype=f64); y = rand(13, dtype=f64) + 1j * rand(13, dtype=f64); o = rand(1, dtype=f64) + 0j; r = rand(3, 11, dtype=f64); s = np.fft.rfft(r); args = [x, y, o, r, s]; results = [np.fft.fft(x), np.fft.ifft(y) * 13, o, s, np.fft.irfft(s) * 10]; rtol = 1e-10; atol = 1e-10
func.func @dynamic(%x: tensor<?x?xcomplex<f64>>, %y: tensor<?xcomplex<f64>>, %o: tensor<?xcomplex<f64>>, %r: tensor<?x?xf64>, %s: tensor<?x?xcomplex<f64>>) -> (tensor<?x?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xf64>) {
  %a = ten.fft forward %x dim 1 : tensor<?x?xcomplex<f64>> -> tensor<?x?xcomplex<f64>>
  %b = ten.fft inverse %y dim 0 : tensor<?xcomplex<f64>> -> tensor<?xcomplex<f64>>
  %c = ten.fft forward %o dim 0 : tensor<?xcomplex<f64>> -> tensor<?xcomplex<f64>>
  %d = ten.fft real_forward %r dim 1 : tensor<?x?xf64> -> tensor<?x?xcomplex<f64>>
  %e = ten.fft real_inverse %s dim 1 : tensor<?x?xcomplex<f64>> -> tensor<?x?xf64>
  return %a, %b, %c, %d, %e : tensor<?x?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?xcomplex<f64>>, tensor<?x?xcomplex<f64>>, tensor<?x?xf64>
}

// The runtime keeps the plans of the last 8 lengths of a kind: ten lengths
// evict the first, whose plan is built again.
// NUMPY @plan_cache: c = lambda n: rand(2, n, dtype=f64) + 1j * rand(2, n, dtype=f64); xs = [c(2), c(3), c(4), c(5), c(6), c(7), c(8), c(9), c(10), c(12)]; args = xs; results = [np.fft.fft(x) for x in xs] + [np.fft.fft(xs[0])]; rtol = 1e-10; atol = 1e-10
func.func @plan_cache(%x2: tensor<2x2xcomplex<f64>>, %x3: tensor<2x3xcomplex<f64>>, %x4: tensor<2x4xcomplex<f64>>, %x5: tensor<2x5xcomplex<f64>>, %x6: tensor<2x6xcomplex<f64>>, %x7: tensor<2x7xcomplex<f64>>, %x8: tensor<2x8xcomplex<f64>>, %x9: tensor<2x9xcomplex<f64>>, %x10: tensor<2x10xcomplex<f64>>, %x12: tensor<2x12xcomplex<f64>>) -> (tensor<2x2xcomplex<f64>>, tensor<2x3xcomplex<f64>>, tensor<2x4xcomplex<f64>>, tensor<2x5xcomplex<f64>>, tensor<2x6xcomplex<f64>>, tensor<2x7xcomplex<f64>>, tensor<2x8xcomplex<f64>>, tensor<2x9xcomplex<f64>>, tensor<2x10xcomplex<f64>>, tensor<2x12xcomplex<f64>>, tensor<2x2xcomplex<f64>>) {
  %y2 = ten.fft forward %x2 dim 1 : tensor<2x2xcomplex<f64>> -> tensor<2x2xcomplex<f64>>
  %y3 = ten.fft forward %x3 dim 1 : tensor<2x3xcomplex<f64>> -> tensor<2x3xcomplex<f64>>
  %y4 = ten.fft forward %x4 dim 1 : tensor<2x4xcomplex<f64>> -> tensor<2x4xcomplex<f64>>
  %y5 = ten.fft forward %x5 dim 1 : tensor<2x5xcomplex<f64>> -> tensor<2x5xcomplex<f64>>
  %y6 = ten.fft forward %x6 dim 1 : tensor<2x6xcomplex<f64>> -> tensor<2x6xcomplex<f64>>
  %y7 = ten.fft forward %x7 dim 1 : tensor<2x7xcomplex<f64>> -> tensor<2x7xcomplex<f64>>
  %y8 = ten.fft forward %x8 dim 1 : tensor<2x8xcomplex<f64>> -> tensor<2x8xcomplex<f64>>
  %y9 = ten.fft forward %x9 dim 1 : tensor<2x9xcomplex<f64>> -> tensor<2x9xcomplex<f64>>
  %y10 = ten.fft forward %x10 dim 1 : tensor<2x10xcomplex<f64>> -> tensor<2x10xcomplex<f64>>
  %y12 = ten.fft forward %x12 dim 1 : tensor<2x12xcomplex<f64>> -> tensor<2x12xcomplex<f64>>
  %again = ten.fft forward %x2 dim 1 : tensor<2x2xcomplex<f64>> -> tensor<2x2xcomplex<f64>>
  return %y2, %y3, %y4, %y5, %y6, %y7, %y8, %y9, %y10, %y12, %again : tensor<2x2xcomplex<f64>>, tensor<2x3xcomplex<f64>>, tensor<2x4xcomplex<f64>>, tensor<2x5xcomplex<f64>>, tensor<2x6xcomplex<f64>>, tensor<2x7xcomplex<f64>>, tensor<2x8xcomplex<f64>>, tensor<2x9xcomplex<f64>>, tensor<2x10xcomplex<f64>>, tensor<2x12xcomplex<f64>>, tensor<2x2xcomplex<f64>>
}
