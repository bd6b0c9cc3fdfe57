// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// ten.bitcast against NumPy's view between dtypes of one item size, for
// every kind of element type; bit for bit (rtol and atol 0).

// Signs, zeros, infinities, NaN and subnormals keep their bits.
// NUMPY @float32: x = rand(3, 4); x[0, :] = [-0.0, np.inf, -np.inf, np.nan]; x[1, 0] = 1e-40; x[1, 1] = -1e-45
// NUMPY @float32: args = [x]; results = [x.view(i32), x.view(u32)]; rtol = 0; atol = 0
func.func @float32(%x: tensor<3x4xf32>) -> (tensor<3x4xi32>, tensor<3x4xui32>) {
  %0 = ten.bitcast %x : tensor<3x4xf32> -> tensor<3x4xi32>
  %1 = ten.bitcast %x : tensor<3x4xf32> -> tensor<3x4xui32>
  return %0, %1 : tensor<3x4xi32>, tensor<3x4xui32>
}

// NUMPY @from_int64: d = rand(5, dtype=f64, low=-1e6, high=1e6); d[0] = -0.0; d[1] = 5e-324; i = d.view(i64); u = d.view(u64)
// NUMPY @from_int64: args = [i, u]; results = [d, d, i.view(u64)]; rtol = 0; atol = 0
func.func @from_int64(%i: tensor<5xi64>, %u: tensor<5xui64>) -> (tensor<5xf64>, tensor<5xf64>, tensor<5xui64>) {
  %0 = ten.bitcast %i : tensor<5xi64> -> tensor<5xf64>
  %1 = ten.bitcast %u : tensor<5xui64> -> tensor<5xf64>
  %2 = ten.bitcast %i : tensor<5xi64> -> tensor<5xui64>
  return %0, %1, %2 : tensor<5xf64>, tensor<5xf64>, tensor<5xui64>
}

// The 16-bit floats, one read as the other (magnitudes up to 1: no NaN
// either way).
// NUMPY @half: h = rand(6, dtype=f16); b = rand(6, dtype=bf16)
// NUMPY @half: args = [h, b]; results = [h.view(i16), h.view(bf16), b.view(u16), b.view(f16)]; rtol = 0; atol = 0
func.func @half(%h: tensor<6xf16>, %b: tensor<6xbf16>) -> (tensor<6xi16>, tensor<6xbf16>, tensor<6xui16>, tensor<6xf16>) {
  %0 = ten.bitcast %h : tensor<6xf16> -> tensor<6xi16>
  %1 = ten.bitcast %h : tensor<6xf16> -> tensor<6xbf16>
  %2 = ten.bitcast %b : tensor<6xbf16> -> tensor<6xui16>
  %3 = ten.bitcast %b : tensor<6xbf16> -> tensor<6xf16>
  return %0, %1, %2, %3 : tensor<6xi16>, tensor<6xbf16>, tensor<6xui16>, tensor<6xf16>
}

// NUMPY @fp8: e4 = ml_dtypes.float8_e4m3fn; e = rand(6).astype(e4); e[0] = -0.0; u = randint(6, dtype=u8, low=0, high=255); u[0] = 0x7c
// NUMPY @fp8: args = [e, u]; results = [e.view(u8), e.view(i8), e.view(ml_dtypes.float8_e5m2), u.view(e4)]; rtol = 0; atol = 0
func.func @fp8(%e: tensor<6xf8E4M3FN>, %u: tensor<6xui8>) -> (tensor<6xui8>, tensor<6xi8>, tensor<6xf8E5M2>, tensor<6xf8E4M3FN>) {
  %0 = ten.bitcast %e : tensor<6xf8E4M3FN> -> tensor<6xui8>
  %1 = ten.bitcast %e : tensor<6xf8E4M3FN> -> tensor<6xi8>
  %2 = ten.bitcast %e : tensor<6xf8E4M3FN> -> tensor<6xf8E5M2>
  %3 = ten.bitcast %u : tensor<6xui8> -> tensor<6xf8E4M3FN>
  return %0, %1, %2, %3 : tensor<6xui8>, tensor<6xi8>, tensor<6xf8E5M2>, tensor<6xf8E4M3FN>
}

// Booleans are the bytes 0 and 1. NumPy's view of the byte 2 as a bool
// keeps the byte, a true that is not 1: ten's is 1 (what astype gives).
// NUMPY @booleans: b = randbool(6); u = np.array([0, 1, 2, 255, 0, 128], dtype=u8)
// NUMPY @booleans: args = [b, u]; results = [b.view(u8), b.view(i8), u.astype(np.bool_), u.view(i8).astype(np.bool_)]; rtol = 0; atol = 0
func.func @booleans(%b: tensor<6xi1>, %u: tensor<6xui8>) -> (tensor<6xui8>, tensor<6xi8>, tensor<6xi1>, tensor<6xi1>) {
  %0 = ten.bitcast %b : tensor<6xi1> -> tensor<6xui8>
  %1 = ten.bitcast %b : tensor<6xi1> -> tensor<6xi8>
  %2 = ten.bitcast %u : tensor<6xui8> -> tensor<6xi1>
  %s = ten.bitcast %u : tensor<6xui8> -> tensor<6xi8>
  %3 = ten.bitcast %s : tensor<6xi8> -> tensor<6xi1>
  return %0, %1, %2, %3 : tensor<6xui8>, tensor<6xi8>, tensor<6xi1>, tensor<6xi1>
}

// complex64 and the 64-bit types: the real part is the low half.
// NUMPY @complex: c = (rand(4) + 1j * rand(4)).astype(np.complex64); c[0] = complex(-0.0, np.inf); k = (rand(4, dtype=f64) * 1e3).view(i64)
// NUMPY @complex: args = [c, k]; results = [c.view(i64), c.view(f64), c.view(u64), k.view(np.complex64)]; rtol = 0; atol = 0
func.func @complex(%c: tensor<4xcomplex<f32>>, %k: tensor<4xi64>) -> (tensor<4xi64>, tensor<4xf64>, tensor<4xui64>, tensor<4xcomplex<f32>>) {
  %0 = ten.bitcast %c : tensor<4xcomplex<f32>> -> tensor<4xi64>
  %1 = ten.bitcast %c : tensor<4xcomplex<f32>> -> tensor<4xf64>
  %2 = ten.bitcast %c : tensor<4xcomplex<f32>> -> tensor<4xui64>
  %3 = ten.bitcast %k : tensor<4xi64> -> tensor<4xcomplex<f32>>
  return %0, %1, %2, %3 : tensor<4xi64>, tensor<4xf64>, tensor<4xui64>, tensor<4xcomplex<f32>>
}

// Signed and unsigned integers of one width: the same bits.
// NUMPY @integers: a = extremes(i8); b = extremes(u64); c = extremes(i16)
// NUMPY @integers: args = [a, b, c]; results = [a.view(u8), b.view(i64), c.view(u16)]; rtol = 0; atol = 0
func.func @integers(%a: tensor<12xi8>, %b: tensor<12xui64>, %c: tensor<12xi16>) -> (tensor<12xui8>, tensor<12xi64>, tensor<12xui16>) {
  %0 = ten.bitcast %a : tensor<12xi8> -> tensor<12xui8>
  %1 = ten.bitcast %b : tensor<12xui64> -> tensor<12xi64>
  %2 = ten.bitcast %c : tensor<12xi16> -> tensor<12xui16>
  return %0, %1, %2 : tensor<12xui8>, tensor<12xi64>, tensor<12xui16>
}

// In a fused chain, with dynamic sizes: the exponent field of x + 1.
// NUMPY @fused_dynamic: x = rand(5, 3, low=-100, high=100)
// NUMPY @fused_dynamic: args = [x]; results = [((x + 1).view(u32) >> 23) & 0xff]; rtol = 0; atol = 0
func.func @fused_dynamic(%x: tensor<?x3xf32>) -> tensor<?x3xui32> {
  %one = ten.constant dense<1.0> : tensor<f32>
  %shift = ten.constant dense<23> : tensor<ui32>
  %mask = ten.constant dense<255> : tensor<ui32>
  %0 = ten.add %x, %one : (tensor<?x3xf32>, tensor<f32>) -> tensor<?x3xf32>
  %1 = ten.bitcast %0 : tensor<?x3xf32> -> tensor<?x3xui32>
  %2 = ten.shr %1, %shift : (tensor<?x3xui32>, tensor<ui32>) -> tensor<?x3xui32>
  %3 = ten.and %2, %mask : (tensor<?x3xui32>, tensor<ui32>) -> tensor<?x3xui32>
  return %3 : tensor<?x3xui32>
}
