// ten.fft's stages in each vector width of the host runtime: AVX-512's,
// AVX2's, SSE2's and scalar code (TEN_HOST_VECTOR_BITS=512, 256, 128, 0
// caps the host's). Each width is checked against NumPy, and bit for bit
// against the scalar code: the same operations in the same order, no FMA.
// The lengths take every path: radix-8 stages first and later (2048 = 8 x
// 8 x 8 x 4), radix-4 first stages whose groups are no multiple of a
// vector (500 = 4 x 125), stages shorter than a vector that run in
// narrower ones (252's length-4 stage in f32, 6 = 2 x 3), the odd radices
// (252 = 4 x 3 x 3 x 7, 420 = 4 x 3 x 5 x 7), Bluestein's (17), real
// transforms contiguous and strided, and their inverses.
// RUN: env TEN_HOST_VECTOR_BITS=512 %check-numpy %s | FileCheck %s
// RUN: env TEN_HOST_VECTOR_BITS=256 %check-numpy %s | FileCheck %s
// RUN: env TEN_HOST_VECTOR_BITS=128 %check-numpy %s | FileCheck %s
// RUN: env TEN_HOST_VECTOR_BITS=0 %check-numpy %s | FileCheck %s
// CHECK: 1 passed, 0 failed

// RUN: %PYTHON -c "import numpy as np; g = np.random.default_rng(7); c = lambda *s, t: (g.uniform(-1, 1, s) + 1j * g.uniform(-1, 1, s)).astype(t); r = lambda *s, t: g.uniform(-1, 1, s).astype(t); [np.save('%t-' + str(i) + '.npy', a) for i, a in enumerate([c(3, 2048, t=np.complex64), c(2, 500, t=np.complex128), c(2, 252, t=np.complex64), c(2, 420, t=np.complex128), c(2, 6, t=np.complex128), c(96, 5, t=np.complex64), c(2, 17, t=np.complex128), r(3, 4096, t=np.float32), r(3, 1000, t=np.float64), r(64, 3, t=np.float32), r(2, 10, t=np.float64)])]"
// DEFINE: %{inputs} = --input=%t-0.npy --input=%t-1.npy --input=%t-2.npy --input=%t-3.npy --input=%t-4.npy --input=%t-5.npy --input=%t-6.npy --input=%t-7.npy --input=%t-8.npy --input=%t-9.npy --input=%t-10.npy
// DEFINE: %{outputs} = --output=%t-r0.npy --output=%t-r1.npy --output=%t-r2.npy --output=%t-r3.npy --output=%t-r4.npy --output=%t-r5.npy --output=%t-r6.npy --output=%t-r7.npy --output=%t-r8.npy --output=%t-r9.npy --output=%t-r10.npy --output=%t-r11.npy --output=%t-r12.npy --output=%t-r13.npy
// DEFINE: %{checks} = --check=%t-r0.npy --check=%t-r1.npy --check=%t-r2.npy --check=%t-r3.npy --check=%t-r4.npy --check=%t-r5.npy --check=%t-r6.npy --check=%t-r7.npy --check=%t-r8.npy --check=%t-r9.npy --check=%t-r10.npy --check=%t-r11.npy --check=%t-r12.npy --check=%t-r13.npy
// RUN: env TEN_HOST_VECTOR_BITS=0 tensor-run %s %{inputs} %{outputs}
// RUN: env TEN_HOST_VECTOR_BITS=512 tensor-run %s %{inputs} %{checks} --rtol=0 --atol=0
// RUN: env TEN_HOST_VECTOR_BITS=256 tensor-run %s %{inputs} %{checks} --rtol=0 --atol=0
// RUN: env TEN_HOST_VECTOR_BITS=128 tensor-run %s %{inputs} %{checks} --rtol=0 --atol=0

// NUMPY @main: c = lambda *s: rand(*s, dtype=f64) + 1j * rand(*s, dtype=f64); a = c(3, 2048).astype(np.complex64); b = c(2, 500); p = c(2, 252).astype(np.complex64); q = c(2, 420); s = c(2, 6); t = c(96, 5).astype(np.complex64); u = c(2, 17); x = rand(3, 4096); y = rand(3, 1000, dtype=f64); z = rand(64, 3); w = rand(2, 10, dtype=f64)
// NUMPY @main: fx = np.fft.rfft(x).astype(np.complex64); fy = np.fft.rfft(y); args = [a, b, p, q, s, t, u, x, y, z, w]
// NUMPY @main: results = [np.fft.fft(a).astype(np.complex64), np.fft.ifft(a).astype(np.complex64) * 2048, np.fft.fft(b), np.fft.fft(p).astype(np.complex64), np.fft.ifft(q) * 420, np.fft.fft(s), np.fft.fft(t, axis=0).astype(np.complex64), np.fft.fft(u), fx, fy, np.fft.rfft(z, axis=0).astype(np.complex64), np.fft.rfft(w), (np.fft.irfft(fx) * 4096).astype(f32), np.fft.irfft(fy) * 1000]
// NUMPY @main: rtol = 1e-4; atol = 3e-2
func.func @main(%a: tensor<3x2048xcomplex<f32>>, %b: tensor<2x500xcomplex<f64>>, %p: tensor<2x252xcomplex<f32>>, %q: tensor<2x420xcomplex<f64>>, %s: tensor<2x6xcomplex<f64>>, %t: tensor<96x5xcomplex<f32>>, %u: tensor<2x17xcomplex<f64>>, %x: tensor<3x4096xf32>, %y: tensor<3x1000xf64>, %z: tensor<64x3xf32>, %w: tensor<2x10xf64>)
    -> (tensor<3x2048xcomplex<f32>>, tensor<3x2048xcomplex<f32>>, tensor<2x500xcomplex<f64>>, tensor<2x252xcomplex<f32>>, tensor<2x420xcomplex<f64>>, tensor<2x6xcomplex<f64>>, tensor<96x5xcomplex<f32>>, tensor<2x17xcomplex<f64>>, tensor<3x2049xcomplex<f32>>, tensor<3x501xcomplex<f64>>, tensor<33x3xcomplex<f32>>, tensor<2x6xcomplex<f64>>, tensor<3x4096xf32>, tensor<3x1000xf64>) {
  %0 = ten.fft forward %a dim 1 : tensor<3x2048xcomplex<f32>> -> tensor<3x2048xcomplex<f32>>
  %1 = ten.fft inverse %a dim 1 : tensor<3x2048xcomplex<f32>> -> tensor<3x2048xcomplex<f32>>
  %2 = ten.fft forward %b dim 1 : tensor<2x500xcomplex<f64>> -> tensor<2x500xcomplex<f64>>
  %3 = ten.fft forward %p dim 1 : tensor<2x252xcomplex<f32>> -> tensor<2x252xcomplex<f32>>
  %4 = ten.fft inverse %q dim 1 : tensor<2x420xcomplex<f64>> -> tensor<2x420xcomplex<f64>>
  %5 = ten.fft forward %s dim 1 : tensor<2x6xcomplex<f64>> -> tensor<2x6xcomplex<f64>>
  %6 = ten.fft forward %t dim 0 : tensor<96x5xcomplex<f32>> -> tensor<96x5xcomplex<f32>>
  %7 = ten.fft forward %u dim 1 : tensor<2x17xcomplex<f64>> -> tensor<2x17xcomplex<f64>>
  %8 = ten.fft real_forward %x dim 1 : tensor<3x4096xf32> -> tensor<3x2049xcomplex<f32>>
  %9 = ten.fft real_forward %y dim 1 : tensor<3x1000xf64> -> tensor<3x501xcomplex<f64>>
  %10 = ten.fft real_forward %z dim 0 : tensor<64x3xf32> -> tensor<33x3xcomplex<f32>>
  %11 = ten.fft real_forward %w dim 1 : tensor<2x10xf64> -> tensor<2x6xcomplex<f64>>
  %12 = ten.fft real_inverse %8 dim 1 : tensor<3x2049xcomplex<f32>> -> tensor<3x4096xf32>
  %13 = ten.fft real_inverse %9 dim 1 : tensor<3x501xcomplex<f64>> -> tensor<3x1000xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : tensor<3x2048xcomplex<f32>>, tensor<3x2048xcomplex<f32>>, tensor<2x500xcomplex<f64>>, tensor<2x252xcomplex<f32>>, tensor<2x420xcomplex<f64>>, tensor<2x6xcomplex<f64>>, tensor<96x5xcomplex<f32>>, tensor<2x17xcomplex<f64>>, tensor<3x2049xcomplex<f32>>, tensor<3x501xcomplex<f64>>, tensor<33x3xcomplex<f32>>, tensor<2x6xcomplex<f64>>, tensor<3x4096xf32>, tensor<3x1000xf64>
}
