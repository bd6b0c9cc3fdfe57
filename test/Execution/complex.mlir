// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// Complex numbers against NumPy: arithmetic, comparisons (lexicographic,
// as NumPy orders complex numbers), functions, parts, reductions,
// contractions and conversions, for complex<f32> and complex<f64>; and the
// parts of real numbers and booleans.

// NUMPY @arith_c64: z = lambda *s: (rand(*s, dtype=f64) + 1j * rand(*s, dtype=f64)).astype(np.complex64); a = z(3, 4); b = z(4); a[0, :] = b; a[1, :2] = b[:2].real + 1j * a[1, :2].imag
// NUMPY @arith_c64: args = [a, b]; results = [a + b, a - b, a * b, a / b, -a, a == b, a != b, a < b, a <= b, a > b, a >= b]; rtol = 1e-4; atol = 1e-5
func.func @arith_c64(%a: tensor<3x4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> (tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>) {
  %0 = ten.add %a, %b : (tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  %1 = ten.sub %a, %b : (tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  %2 = ten.mul %a, %b : (tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  %3 = ten.div %a, %b : (tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  %4 = ten.neg %a : tensor<3x4xcomplex<f32>>
  %c0 = ten.cmp eq, %a, %b : (tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<3x4xi1>
  %c1 = ten.cmp ne, %a, %b : (tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<3x4xi1>
  %c2 = ten.cmp lt, %a, %b : (tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<3x4xi1>
  %c3 = ten.cmp le, %a, %b : (tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<3x4xi1>
  %c4 = ten.cmp gt, %a, %b : (tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<3x4xi1>
  %c5 = ten.cmp ge, %a, %b : (tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<3x4xi1>
  return %0, %1, %2, %3, %4, %c0, %c1, %c2, %c3, %c4, %c5 : tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>
}

// NUMPY @functions_c64: z = lambda *s: (rand(*s, dtype=f64) + 1j * rand(*s, dtype=f64)).astype(np.complex64); a = z(3, 4); b = z(4)
// NUMPY @functions_c64: args = [a, b]; results = [np.exp(a), np.log(a), np.sqrt(a), np.sin(a), np.cos(a), np.tanh(a), np.abs(a), a.real, a.imag, np.conj(a), np.angle(a), a ** b]; rtol = 1e-4; atol = 1e-5
func.func @functions_c64(%a: tensor<3x4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> (tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xcomplex<f32>>, tensor<3x4xf32>, tensor<3x4xcomplex<f32>>) {
  %0 = ten.exp %a : tensor<3x4xcomplex<f32>>
  %1 = ten.log %a : tensor<3x4xcomplex<f32>>
  %2 = ten.sqrt %a : tensor<3x4xcomplex<f32>>
  %3 = ten.sin %a : tensor<3x4xcomplex<f32>>
  %4 = ten.cos %a : tensor<3x4xcomplex<f32>>
  %5 = ten.tanh %a : tensor<3x4xcomplex<f32>>
  %6 = ten.abs %a : tensor<3x4xcomplex<f32>>
  %7 = ten.real %a : tensor<3x4xcomplex<f32>>
  %8 = ten.imag %a : tensor<3x4xcomplex<f32>>
  %9 = ten.conj %a : tensor<3x4xcomplex<f32>>
  %10 = ten.angle %a : tensor<3x4xcomplex<f32>>
  %11 = ten.pow %a, %b : (tensor<3x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xcomplex<f32>>, tensor<3x4xf32>, tensor<3x4xcomplex<f32>>
}

// NUMPY @reduce_c64: z = lambda *s: (rand(*s, dtype=f64) + 1j * rand(*s, dtype=f64)).astype(np.complex64); a = z(3, 4); c = z(4, 5)
// NUMPY @reduce_c64: args = [a, c]; results = [a.sum(1), a.prod(0), a.mean(), a @ c, np.einsum('ij,ij->', a, a), np.einsum('ij->j', a)]; rtol = 1e-4; atol = 1e-5
func.func @reduce_c64(%a: tensor<3x4xcomplex<f32>>, %c: tensor<4x5xcomplex<f32>>) -> (tensor<3xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<complex<f32>>, tensor<3x5xcomplex<f32>>, tensor<complex<f32>>, tensor<4xcomplex<f32>>) {
  %0 = ten.reduce sum %a dims [1] : tensor<3x4xcomplex<f32>> -> tensor<3xcomplex<f32>>
  %1 = ten.reduce prod %a dims [0] : tensor<3x4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  %2 = ten.reduce mean %a dims [0, 1] : tensor<3x4xcomplex<f32>> -> tensor<complex<f32>>
  %3 = ten.einsum "ij,jk->ik" (%a, %c) : (tensor<3x4xcomplex<f32>>, tensor<4x5xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
  %4 = ten.einsum "ij,ij->" (%a, %a) : (tensor<3x4xcomplex<f32>>, tensor<3x4xcomplex<f32>>) -> tensor<complex<f32>>
  %5 = ten.einsum "ij->j" (%a) : (tensor<3x4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5 : tensor<3xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<complex<f32>>, tensor<3x5xcomplex<f32>>, tensor<complex<f32>>, tensor<4xcomplex<f32>>
}

// NUMPY @casts_c64: v = np.array([1.5 - 2j, -0.5 + 0j, 0j, 3j, -2.25 - 0.5j, 7 + 1e-3j], np.complex64); x = rand(6); i = randint(6)
// NUMPY @casts_c64: args = [v, x, i]; results = [v.astype(np.complex128), v.real.astype(f32), v.real.astype(i32), v.astype(np.bool_), x.astype(np.complex64), i.astype(np.complex64)]; rtol = 1e-4; atol = 1e-5
func.func @casts_c64(%v: tensor<6xcomplex<f32>>, %x: tensor<6xf32>, %i: tensor<6xi32>) -> (tensor<6xcomplex<f64>>, tensor<6xf32>, tensor<6xi32>, tensor<6xi1>, tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>) {
  %0 = ten.cast %v : tensor<6xcomplex<f32>> -> tensor<6xcomplex<f64>>
  %1 = ten.cast %v : tensor<6xcomplex<f32>> -> tensor<6xf32>
  %2 = ten.cast %v : tensor<6xcomplex<f32>> -> tensor<6xi32>
  %3 = ten.cast %v : tensor<6xcomplex<f32>> -> tensor<6xi1>
  %4 = ten.cast %x : tensor<6xf32> -> tensor<6xcomplex<f32>>
  %5 = ten.cast %i : tensor<6xi32> -> tensor<6xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5 : tensor<6xcomplex<f64>>, tensor<6xf32>, tensor<6xi32>, tensor<6xi1>, tensor<6xcomplex<f32>>, tensor<6xcomplex<f32>>
}

// NUMPY @arith_c128: z = lambda *s: (rand(*s, dtype=f64) + 1j * rand(*s, dtype=f64)).astype(np.complex128); a = z(3, 4); b = z(4); a[0, :] = b; a[1, :2] = b[:2].real + 1j * a[1, :2].imag
// NUMPY @arith_c128: args = [a, b]; results = [a + b, a - b, a * b, a / b, -a, a == b, a != b, a < b, a <= b, a > b, a >= b]; rtol = 1e-9; atol = 1e-12
func.func @arith_c128(%a: tensor<3x4xcomplex<f64>>, %b: tensor<4xcomplex<f64>>) -> (tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>) {
  %0 = ten.add %a, %b : (tensor<3x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  %1 = ten.sub %a, %b : (tensor<3x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  %2 = ten.mul %a, %b : (tensor<3x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  %3 = ten.div %a, %b : (tensor<3x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  %4 = ten.neg %a : tensor<3x4xcomplex<f64>>
  %c0 = ten.cmp eq, %a, %b : (tensor<3x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<3x4xi1>
  %c1 = ten.cmp ne, %a, %b : (tensor<3x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<3x4xi1>
  %c2 = ten.cmp lt, %a, %b : (tensor<3x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<3x4xi1>
  %c3 = ten.cmp le, %a, %b : (tensor<3x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<3x4xi1>
  %c4 = ten.cmp gt, %a, %b : (tensor<3x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<3x4xi1>
  %c5 = ten.cmp ge, %a, %b : (tensor<3x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<3x4xi1>
  return %0, %1, %2, %3, %4, %c0, %c1, %c2, %c3, %c4, %c5 : tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>, tensor<3x4xi1>
}

// NUMPY @functions_c128: z = lambda *s: (rand(*s, dtype=f64) + 1j * rand(*s, dtype=f64)).astype(np.complex128); a = z(3, 4); b = z(4)
// NUMPY @functions_c128: args = [a, b]; results = [np.exp(a), np.log(a), np.sqrt(a), np.sin(a), np.cos(a), np.tanh(a), np.abs(a), a.real, a.imag, np.conj(a), np.angle(a), a ** b]; rtol = 1e-9; atol = 1e-12
func.func @functions_c128(%a: tensor<3x4xcomplex<f64>>, %b: tensor<4xcomplex<f64>>) -> (tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xf64>, tensor<3x4xf64>, tensor<3x4xf64>, tensor<3x4xcomplex<f64>>, tensor<3x4xf64>, tensor<3x4xcomplex<f64>>) {
  %0 = ten.exp %a : tensor<3x4xcomplex<f64>>
  %1 = ten.log %a : tensor<3x4xcomplex<f64>>
  %2 = ten.sqrt %a : tensor<3x4xcomplex<f64>>
  %3 = ten.sin %a : tensor<3x4xcomplex<f64>>
  %4 = ten.cos %a : tensor<3x4xcomplex<f64>>
  %5 = ten.tanh %a : tensor<3x4xcomplex<f64>>
  %6 = ten.abs %a : tensor<3x4xcomplex<f64>>
  %7 = ten.real %a : tensor<3x4xcomplex<f64>>
  %8 = ten.imag %a : tensor<3x4xcomplex<f64>>
  %9 = ten.conj %a : tensor<3x4xcomplex<f64>>
  %10 = ten.angle %a : tensor<3x4xcomplex<f64>>
  %11 = ten.pow %a, %b : (tensor<3x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>, tensor<3x4xf64>, tensor<3x4xf64>, tensor<3x4xf64>, tensor<3x4xcomplex<f64>>, tensor<3x4xf64>, tensor<3x4xcomplex<f64>>
}

// NUMPY @reduce_c128: z = lambda *s: (rand(*s, dtype=f64) + 1j * rand(*s, dtype=f64)).astype(np.complex128); a = z(3, 4); c = z(4, 5)
// NUMPY @reduce_c128: args = [a, c]; results = [a.sum(1), a.prod(0), a.mean(), a @ c, np.einsum('ij,ij->', a, a), np.einsum('ij->j', a)]; rtol = 1e-9; atol = 1e-12
func.func @reduce_c128(%a: tensor<3x4xcomplex<f64>>, %c: tensor<4x5xcomplex<f64>>) -> (tensor<3xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<complex<f64>>, tensor<3x5xcomplex<f64>>, tensor<complex<f64>>, tensor<4xcomplex<f64>>) {
  %0 = ten.reduce sum %a dims [1] : tensor<3x4xcomplex<f64>> -> tensor<3xcomplex<f64>>
  %1 = ten.reduce prod %a dims [0] : tensor<3x4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %2 = ten.reduce mean %a dims [0, 1] : tensor<3x4xcomplex<f64>> -> tensor<complex<f64>>
  %3 = ten.einsum "ij,jk->ik" (%a, %c) : (tensor<3x4xcomplex<f64>>, tensor<4x5xcomplex<f64>>) -> tensor<3x5xcomplex<f64>>
  %4 = ten.einsum "ij,ij->" (%a, %a) : (tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f64>>) -> tensor<complex<f64>>
  %5 = ten.einsum "ij->j" (%a) : (tensor<3x4xcomplex<f64>>) -> tensor<4xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5 : tensor<3xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<complex<f64>>, tensor<3x5xcomplex<f64>>, tensor<complex<f64>>, tensor<4xcomplex<f64>>
}

// NUMPY @casts_c128: v = np.array([1.5 - 2j, -0.5 + 0j, 0j, 3j, -2.25 - 0.5j, 7 + 1e-3j], np.complex128); x = rand(6); i = randint(6)
// NUMPY @casts_c128: args = [v, x, i]; results = [v.astype(np.complex64), v.real.astype(f32), v.real.astype(i32), v.astype(np.bool_), x.astype(np.complex128), i.astype(np.complex128)]; rtol = 1e-9; atol = 1e-12
func.func @casts_c128(%v: tensor<6xcomplex<f64>>, %x: tensor<6xf32>, %i: tensor<6xi32>) -> (tensor<6xcomplex<f32>>, tensor<6xf32>, tensor<6xi32>, tensor<6xi1>, tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>) {
  %0 = ten.cast %v : tensor<6xcomplex<f64>> -> tensor<6xcomplex<f32>>
  %1 = ten.cast %v : tensor<6xcomplex<f64>> -> tensor<6xf32>
  %2 = ten.cast %v : tensor<6xcomplex<f64>> -> tensor<6xi32>
  %3 = ten.cast %v : tensor<6xcomplex<f64>> -> tensor<6xi1>
  %4 = ten.cast %x : tensor<6xf32> -> tensor<6xcomplex<f64>>
  %5 = ten.cast %i : tensor<6xi32> -> tensor<6xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5 : tensor<6xcomplex<f32>>, tensor<6xf32>, tensor<6xi32>, tensor<6xi1>, tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>
}

// Real numbers' parts: themselves, 0, themselves, and atan2(0, x).
// NUMPY @real_parts: x = np.array([1.5, -2, 0, -0.0, np.inf, -np.inf, np.nan], f32); p = np.array([True, False, True])
// NUMPY @real_parts: args = [x, p]; results = [np.real(x), np.imag(x), np.conj(x), np.angle(x).astype(f32), np.real(p), np.imag(p)]
func.func @real_parts(%x: tensor<7xf32>, %p: tensor<3xi1>) -> (tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<3xi1>, tensor<3xi1>) {
  %0 = ten.real %x : tensor<7xf32>
  %1 = ten.imag %x : tensor<7xf32>
  %2 = ten.conj %x : tensor<7xf32>
  %3 = ten.angle %x : tensor<7xf32>
  %4 = ten.real %p : tensor<3xi1>
  %5 = ten.imag %p : tensor<3xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<3xi1>, tensor<3xi1>
}

// ten.complex joins parts, broadcasting; an infinite part leaves the other
// as it is (NumPy's re + 1j * im would make it NaN: the reference is
// Python's complex(re, im)).
// NUMPY @join: re = rand(3, 4, dtype=f64); im = rand(4, dtype=f64); re[0, 0] = np.inf; im[1] = -np.inf; im[2] = np.nan
// NUMPY @join: J = np.vectorize(complex, otypes=[np.complex128])
// NUMPY @join: args = [re, im, re.astype(f32)]; results = [J(re, im), J(re.astype(f32), 2).astype(np.complex64)]
func.func @join(%re: tensor<3x4xf64>, %im: tensor<4xf64>, %re32: tensor<3x4xf32>) -> (tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f32>>) {
  %two = ten.constant dense<2.0> : tensor<f32>
  %0 = ten.complex %re, %im : (tensor<3x4xf64>, tensor<4xf64>) -> tensor<3x4xcomplex<f64>>
  %1 = ten.complex %re32, %two : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xcomplex<f32>>
  return %0, %1 : tensor<3x4xcomplex<f64>>, tensor<3x4xcomplex<f32>>
}

// Contractions large enough for the GEMM kernels (ten-split-complex-einsum
// makes them real ones), with a dynamic size and a batch.
// NUMPY @gemms: z = lambda *s: rand(*s, dtype=f64) + 1j * rand(*s, dtype=f64); a = z(64, 48).astype(np.complex64); b = z(48, 40).astype(np.complex64); c = z(3, 17, 9); d = z(3, 9, 11); x = z(100)
// NUMPY @gemms: args = [a, b, c, d, x]; results = [a @ b, c @ d, np.dot(x, x), np.einsum("bij,bik->jk", c, c)]; rtol = 1e-4; atol = 1e-4
func.func @gemms(%a: tensor<64x48xcomplex<f32>>, %b: tensor<48x?xcomplex<f32>>, %c: tensor<3x17x9xcomplex<f64>>, %d: tensor<3x9x11xcomplex<f64>>, %x: tensor<100xcomplex<f64>>) -> (tensor<64x?xcomplex<f32>>, tensor<3x17x11xcomplex<f64>>, tensor<complex<f64>>, tensor<9x9xcomplex<f64>>) {
  %0 = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<64x48xcomplex<f32>>, tensor<48x?xcomplex<f32>>) -> tensor<64x?xcomplex<f32>>
  %1 = ten.einsum "bij,bjk->bik" (%c, %d) : (tensor<3x17x9xcomplex<f64>>, tensor<3x9x11xcomplex<f64>>) -> tensor<3x17x11xcomplex<f64>>
  %2 = ten.einsum "i,i->" (%x, %x) : (tensor<100xcomplex<f64>>, tensor<100xcomplex<f64>>) -> tensor<complex<f64>>
  %3 = ten.einsum "bij,bik->jk" (%c, %c) : (tensor<3x17x9xcomplex<f64>>, tensor<3x17x9xcomplex<f64>>) -> tensor<9x9xcomplex<f64>>
  return %0, %1, %2, %3 : tensor<64x?xcomplex<f32>>, tensor<3x17x11xcomplex<f64>>, tensor<complex<f64>>, tensor<9x9xcomplex<f64>>
}

// Extrema and their indices order lexicographically, as NumPy's: ties in
// the real part go by the imaginary part, the first NaN (in either part)
// wins, the first of equal values gives the index.
// NUMPY @extrema: R = lambda *s: rng.integers(-2, 3, size=s).astype(f64); a = R(5, 6) + 1j * R(5, 6); a[1, 2] = complex(np.nan, 1); a[1, 4] = complex(5, np.nan); a[2, 3] = complex(1, np.nan); a[3, :] = complex(np.inf, -np.inf); a[4, 5] = complex(-np.inf, 0)
// NUMPY @extrema: args = [a, a.astype(np.complex64)]; results = [a.max(1), a.min(0), a.argmax(1), a.argmin(1), a.astype(np.complex64).max(0), a.astype(np.complex64).argmin(0)]
func.func @extrema(%a: tensor<5x6xcomplex<f64>>, %b: tensor<5x6xcomplex<f32>>) -> (tensor<5xcomplex<f64>>, tensor<6xcomplex<f64>>, tensor<5xi64>, tensor<5xi64>, tensor<6xcomplex<f32>>, tensor<6xi64>) {
  %0 = ten.reduce max %a dims [1] : tensor<5x6xcomplex<f64>> -> tensor<5xcomplex<f64>>
  %1 = ten.reduce min %a dims [0] : tensor<5x6xcomplex<f64>> -> tensor<6xcomplex<f64>>
  %2 = ten.reduce argmax %a dims [1] : tensor<5x6xcomplex<f64>> -> tensor<5xi64>
  %3 = ten.reduce argmin %a dims [1] : tensor<5x6xcomplex<f64>> -> tensor<5xi64>
  %4 = ten.reduce max %b dims [0] : tensor<5x6xcomplex<f32>> -> tensor<6xcomplex<f32>>
  %5 = ten.reduce argmin %b dims [0] : tensor<5x6xcomplex<f32>> -> tensor<6xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<5xcomplex<f64>>, tensor<6xcomplex<f64>>, tensor<5xi64>, tensor<5xi64>, tensor<6xcomplex<f32>>, tensor<6xi64>
}

// C99 special values (as NumPy computes them) of the complex functions on
// every pair of parts from 0, -0, 1, -1, 2.5, inf, -inf and NaN: an infinite
// part makes |z| and log|z| infinite beside a NaN; e^z, the trigonometric and
// hyperbolic functions keep the exact zero or infinite part where a product
// with a NaN factor would be NaN; sign(z) is the unit along an infinite part;
// 1 / z is NumPy's quotient (NaN in both parts for 0 and for two infinite
// parts).
// NUMPY @special_values_c128: np.seterr(all="ignore"); p = [0.0, -0.0, 1.0, -1.0, 2.5, np.inf, -np.inf, np.nan]; z = np.array([complex(x, y) for x in p for y in p], np.complex128)
// NUMPY @special_values_c128: args = [z]; results = [np.exp(z), np.log(z), np.sqrt(z), np.sin(z), np.cos(z), np.tan(z), np.sinh(z), np.cosh(z), np.tanh(z), np.sign(z), np.reciprocal(z), np.expm1(z), np.log1p(z), np.exp2(z), np.log2(z), np.log10(z), np.abs(z)]; rtol = 1e-9; atol = 1e-12
func.func @special_values_c128(%z: tensor<64xcomplex<f64>>) -> (tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xf64>) {
  %0 = ten.exp %z : tensor<64xcomplex<f64>>
  %1 = ten.log %z : tensor<64xcomplex<f64>>
  %2 = ten.sqrt %z : tensor<64xcomplex<f64>>
  %3 = ten.sin %z : tensor<64xcomplex<f64>>
  %4 = ten.cos %z : tensor<64xcomplex<f64>>
  %5 = ten.tan %z : tensor<64xcomplex<f64>>
  %6 = ten.sinh %z : tensor<64xcomplex<f64>>
  %7 = ten.cosh %z : tensor<64xcomplex<f64>>
  %8 = ten.tanh %z : tensor<64xcomplex<f64>>
  %9 = ten.sign %z : tensor<64xcomplex<f64>>
  %10 = ten.reciprocal %z : tensor<64xcomplex<f64>>
  %11 = ten.expm1 %z : tensor<64xcomplex<f64>>
  %12 = ten.log1p %z : tensor<64xcomplex<f64>>
  %13 = ten.exp2 %z : tensor<64xcomplex<f64>>
  %14 = ten.log2 %z : tensor<64xcomplex<f64>>
  %15 = ten.log10 %z : tensor<64xcomplex<f64>>
  %a = ten.abs %z : tensor<64xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %a : tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xf64>
}

// NUMPY @special_values_c64: np.seterr(all="ignore"); p = [0.0, -0.0, 1.0, -1.0, 2.5, np.inf, -np.inf, np.nan]; z = np.array([complex(x, y) for x in p for y in p], np.complex64)
// NUMPY @special_values_c64: args = [z]; results = [np.exp(z), np.log(z), np.sqrt(z), np.sin(z), np.cos(z), np.tan(z), np.sinh(z), np.cosh(z), np.tanh(z), np.sign(z), np.reciprocal(z), np.expm1(z), np.log1p(z), np.exp2(z), np.log2(z), np.log10(z), np.abs(z)]; rtol = 1e-4; atol = 1e-5
func.func @special_values_c64(%z: tensor<64xcomplex<f32>>) -> (tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xf32>) {
  %0 = ten.exp %z : tensor<64xcomplex<f32>>
  %1 = ten.log %z : tensor<64xcomplex<f32>>
  %2 = ten.sqrt %z : tensor<64xcomplex<f32>>
  %3 = ten.sin %z : tensor<64xcomplex<f32>>
  %4 = ten.cos %z : tensor<64xcomplex<f32>>
  %5 = ten.tan %z : tensor<64xcomplex<f32>>
  %6 = ten.sinh %z : tensor<64xcomplex<f32>>
  %7 = ten.cosh %z : tensor<64xcomplex<f32>>
  %8 = ten.tanh %z : tensor<64xcomplex<f32>>
  %9 = ten.sign %z : tensor<64xcomplex<f32>>
  %10 = ten.reciprocal %z : tensor<64xcomplex<f32>>
  %11 = ten.expm1 %z : tensor<64xcomplex<f32>>
  %12 = ten.log1p %z : tensor<64xcomplex<f32>>
  %13 = ten.exp2 %z : tensor<64xcomplex<f32>>
  %14 = ten.log2 %z : tensor<64xcomplex<f32>>
  %15 = ten.log10 %z : tensor<64xcomplex<f32>>
  %a = ten.abs %z : tensor<64xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %a : tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xf32>
}

// The inverse trigonometric and hyperbolic functions on the same parts: the
// parts that C99 keeps beside a NaN part (asin(0 + i NaN) = 0 + i NaN,
// acos(inf + i NaN) = NaN - i inf, atan(inf + i NaN) = pi/2 + i0, ...).
// NUMPY @inverse_special_values_c128: np.seterr(all="ignore"); p = [0.0, -0.0, 1.0, -1.0, 2.5, np.inf, -np.inf, np.nan]; z = np.array([complex(x, y) for x in p for y in p], np.complex128)
// NUMPY @inverse_special_values_c128: args = [z]; results = [np.arcsin(z), np.arccos(z), np.arctan(z), np.arcsinh(z), np.arccosh(z), np.arctanh(z)]; rtol = 1e-9; atol = 1e-12
func.func @inverse_special_values_c128(%z: tensor<64xcomplex<f64>>) -> (tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>) {
  %0 = ten.asin %z : tensor<64xcomplex<f64>>
  %1 = ten.acos %z : tensor<64xcomplex<f64>>
  %2 = ten.atan %z : tensor<64xcomplex<f64>>
  %3 = ten.asinh %z : tensor<64xcomplex<f64>>
  %4 = ten.acosh %z : tensor<64xcomplex<f64>>
  %5 = ten.atanh %z : tensor<64xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5 : tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>, tensor<64xcomplex<f64>>
}

// NUMPY @inverse_special_values_c64: np.seterr(all="ignore"); p = [0.0, -0.0, 1.0, -1.0, 2.5, np.inf, -np.inf, np.nan]; z = np.array([complex(x, y) for x in p for y in p], np.complex64)
// NUMPY @inverse_special_values_c64: args = [z]; results = [np.arcsin(z), np.arccos(z), np.arctan(z), np.arcsinh(z), np.arccosh(z), np.arctanh(z)]; rtol = 1e-4; atol = 1e-5
func.func @inverse_special_values_c64(%z: tensor<64xcomplex<f32>>) -> (tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>) {
  %0 = ten.asin %z : tensor<64xcomplex<f32>>
  %1 = ten.acos %z : tensor<64xcomplex<f32>>
  %2 = ten.atan %z : tensor<64xcomplex<f32>>
  %3 = ten.asinh %z : tensor<64xcomplex<f32>>
  %4 = ten.acosh %z : tensor<64xcomplex<f32>>
  %5 = ten.atanh %z : tensor<64xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5 : tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>, tensor<64xcomplex<f32>>
}

// a / b on every pair of 0, -0, 1, -2.5, inf, -inf and NaN parts (49 x 49
// pairs): NumPy's quotient, which does not recover infinities (0 / (inf +
// i inf) is NaN + i NaN) and divides by a zero divisor part by part.
// NUMPY @divide_special_values_c128: np.seterr(all="ignore"); p = [0.0, -0.0, 1.0, -2.5, np.inf, -np.inf, np.nan]; z = np.array([complex(x, y) for x in p for y in p], np.complex128); a = np.repeat(z, 49); b = np.tile(z, 49)
// NUMPY @divide_special_values_c128: args = [a, b]; results = [a / b]; rtol = 1e-9; atol = 1e-12
func.func @divide_special_values_c128(%a: tensor<2401xcomplex<f64>>, %b: tensor<2401xcomplex<f64>>) -> tensor<2401xcomplex<f64>> {
  %0 = ten.div %a, %b : (tensor<2401xcomplex<f64>>, tensor<2401xcomplex<f64>>) -> tensor<2401xcomplex<f64>>
  return %0 : tensor<2401xcomplex<f64>>
}

// NUMPY @divide_special_values_c64: np.seterr(all="ignore"); p = [0.0, -0.0, 1.0, -2.5, np.inf, -np.inf, np.nan]; z = np.array([complex(x, y) for x in p for y in p], np.complex64); a = np.repeat(z, 49); b = np.tile(z, 49)
// NUMPY @divide_special_values_c64: args = [a, b]; results = [a / b]; rtol = 1e-4; atol = 1e-5
func.func @divide_special_values_c64(%a: tensor<2401xcomplex<f32>>, %b: tensor<2401xcomplex<f32>>) -> tensor<2401xcomplex<f32>> {
  %0 = ten.div %a, %b : (tensor<2401xcomplex<f32>>, tensor<2401xcomplex<f32>>) -> tensor<2401xcomplex<f32>>
  return %0 : tensor<2401xcomplex<f32>>
}

// a ** b on the same 49 x 49 pairs: NumPy's power, 1 for b = 0, 0 or NaN
// for a = 0, products for an integral real b, e^(b log a) otherwise with
// C99's special values (the product b log a recovering infinities).
// NUMPY @power_special_values_c128: np.seterr(all="ignore"); p = [0.0, -0.0, 1.0, -2.5, np.inf, -np.inf, np.nan]; z = np.array([complex(x, y) for x in p for y in p], np.complex128); a = np.repeat(z, 49); b = np.tile(z, 49)
// NUMPY @power_special_values_c128: args = [a, b]; results = [a ** b]; rtol = 1e-9; atol = 1e-12
func.func @power_special_values_c128(%a: tensor<2401xcomplex<f64>>, %b: tensor<2401xcomplex<f64>>) -> tensor<2401xcomplex<f64>> {
  %0 = ten.pow %a, %b : (tensor<2401xcomplex<f64>>, tensor<2401xcomplex<f64>>) -> tensor<2401xcomplex<f64>>
  return %0 : tensor<2401xcomplex<f64>>
}

// NUMPY @power_special_values_c64: np.seterr(all="ignore"); p = [0.0, -0.0, 1.0, -2.5, np.inf, -np.inf, np.nan]; z = np.array([complex(x, y) for x in p for y in p], np.complex64); a = np.repeat(z, 49); b = np.tile(z, 49)
// NUMPY @power_special_values_c64: args = [a, b]; results = [a ** b]; rtol = 1e-4; atol = 1e-5
func.func @power_special_values_c64(%a: tensor<2401xcomplex<f32>>, %b: tensor<2401xcomplex<f32>>) -> tensor<2401xcomplex<f32>> {
  %0 = ten.pow %a, %b : (tensor<2401xcomplex<f32>>, tensor<2401xcomplex<f32>>) -> tensor<2401xcomplex<f32>>
  return %0 : tensor<2401xcomplex<f32>>
}

// Integral real exponents below 100 in size are products, exactly NumPy's
// (1j ** 2 is -1, not -1 + 1.2e-16j): checked with no tolerance.
// NUMPY @integer_powers: z = (rand(8, dtype=f64) * 4 - 2) + 1j * (rand(8, dtype=f64) * 4 - 2); a = np.repeat(z[:, None], 12, 1); a[0] = 1j; a[1] = -2.5j; b = np.array([1, 2, 3, 4, 5, 7, -1, -2, -3, 50, -99, 99], np.complex128)
// NUMPY @integer_powers: args = [a, b]; results = [a ** b]; rtol = 0; atol = 0
func.func @integer_powers(%a: tensor<8x12xcomplex<f64>>, %b: tensor<12xcomplex<f64>>) -> tensor<8x12xcomplex<f64>> {
  %0 = ten.pow %a, %b : (tensor<8x12xcomplex<f64>>, tensor<12xcomplex<f64>>) -> tensor<8x12xcomplex<f64>>
  return %0 : tensor<8x12xcomplex<f64>>
}

// The mean of complex numbers divides the sum by count + 0i as NumPy does
// (Smith's quotient): an infinite part makes the other part NaN (the mean
// of inf + 1j is inf + NaN j), and each part is multiplied by 1 / count.
// NUMPY @mean_special_values: np.seterr(all="ignore"); p = [0.0, -0.0, 1.0, -2.5, np.inf, -np.inf, np.nan]; a = np.array([[complex(x, y) for y in p] for x in p]); a[1] = 1.5 - 0.25j; a[2, :3] = 3 + 1j
// NUMPY @mean_special_values: args = [a, a.astype(np.complex64)]; results = [a.mean(1), a.mean(0), a.astype(np.complex64).mean(1)]; rtol = 1e-6; atol = 1e-6
func.func @mean_special_values(%a: tensor<7x7xcomplex<f64>>, %b: tensor<7x7xcomplex<f32>>) -> (tensor<7xcomplex<f64>>, tensor<7xcomplex<f64>>, tensor<7xcomplex<f32>>) {
  %0 = ten.reduce mean %a dims [1] : tensor<7x7xcomplex<f64>> -> tensor<7xcomplex<f64>>
  %1 = ten.reduce mean %a dims [0] : tensor<7x7xcomplex<f64>> -> tensor<7xcomplex<f64>>
  %2 = ten.reduce mean %b dims [1] : tensor<7x7xcomplex<f32>> -> tensor<7xcomplex<f32>>
  return %0, %1, %2 : tensor<7xcomplex<f64>>, tensor<7xcomplex<f64>>, tensor<7xcomplex<f32>>
}

// Parts far from 1: tiny parts that e^x - 1, (e^2z - 1) / (e^2z + 1) or
// e^x cos y - 1 would round away (tanh(1e-30 + 0j) is 1e-30), x where e^|x|
// overflows but its products with sin y and cos y need not (sinh(100 +
// 1e-30j) in complex64 is inf + 1.3e13j) or are inf times 0 (expm1(100 +
// 0j) is inf + nanj, sinh(1000 + 0j) inf + 0j), and parts so large that
// |z| overflows (log(3e38 + 3e38j) in complex64 is 88.9 + 0.785j).
// NUMPY @extreme_parts_c128: np.seterr(all="ignore"); p = [0.0, -0.0, 1e-30, -1e-30, 1.0, 100.0, -100.0, 710.0, 1000.0, -1000.0, 1e300, np.pi / 2]; z = np.array([complex(x, y) for x in p for y in p], np.complex128)
// NUMPY @extreme_parts_c128: args = [z]; results = [np.sinh(z), np.cosh(z), np.sin(z), np.cos(z), np.tanh(z), np.tan(z), np.expm1(z), np.log(z), np.sqrt(z), np.arcsin(z), np.arccosh(z), np.sign(z)]; rtol = 1e-9; atol = 0
func.func @extreme_parts_c128(%z: tensor<144xcomplex<f64>>) -> (tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>) {
  %0 = ten.sinh %z : tensor<144xcomplex<f64>>
  %1 = ten.cosh %z : tensor<144xcomplex<f64>>
  %2 = ten.sin %z : tensor<144xcomplex<f64>>
  %3 = ten.cos %z : tensor<144xcomplex<f64>>
  %4 = ten.tanh %z : tensor<144xcomplex<f64>>
  %5 = ten.tan %z : tensor<144xcomplex<f64>>
  %6 = ten.expm1 %z : tensor<144xcomplex<f64>>
  %7 = ten.log %z : tensor<144xcomplex<f64>>
  %8 = ten.sqrt %z : tensor<144xcomplex<f64>>
  %9 = ten.asin %z : tensor<144xcomplex<f64>>
  %10 = ten.acosh %z : tensor<144xcomplex<f64>>
  %11 = ten.sign %z : tensor<144xcomplex<f64>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>, tensor<144xcomplex<f64>>
}

// NUMPY @extreme_parts_c64: np.seterr(all="ignore"); p = [0.0, -0.0, 1e-30, -1e-30, 1.0, 89.0, -89.0, 100.0, 1000.0, -1000.0, 3e38, np.pi / 2]; z = np.array([complex(x, y) for x in p for y in p], np.complex64)
// NUMPY @extreme_parts_c64: args = [z]; results = [np.sinh(z), np.cosh(z), np.sin(z), np.cos(z), np.tanh(z), np.tan(z), np.expm1(z), np.log(z), np.sqrt(z), np.arcsin(z), np.arccosh(z)]; rtol = 1e-5; atol = 0
func.func @extreme_parts_c64(%z: tensor<144xcomplex<f32>>) -> (tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>) {
  %0 = ten.sinh %z : tensor<144xcomplex<f32>>
  %1 = ten.cosh %z : tensor<144xcomplex<f32>>
  %2 = ten.sin %z : tensor<144xcomplex<f32>>
  %3 = ten.cos %z : tensor<144xcomplex<f32>>
  %4 = ten.tanh %z : tensor<144xcomplex<f32>>
  %5 = ten.tan %z : tensor<144xcomplex<f32>>
  %6 = ten.expm1 %z : tensor<144xcomplex<f32>>
  %7 = ten.log %z : tensor<144xcomplex<f32>>
  %8 = ten.sqrt %z : tensor<144xcomplex<f32>>
  %9 = ten.asin %z : tensor<144xcomplex<f32>>
  %10 = ten.acosh %z : tensor<144xcomplex<f32>>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>, tensor<144xcomplex<f32>>
}
