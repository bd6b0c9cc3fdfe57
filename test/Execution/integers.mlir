// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// The integer types against NumPy: every pair of the values that integer
// arithmetic treats apart (0, 1, -1, the extremes, the top bit's
// neighbours: `extremes`), for each op whose meaning depends on signedness
// or width, and contractions, which wrap. Division by zero gives 0 and the
// most negative value // -1 wraps, as in NumPy; unsigned powers take
// exponents with the top bit set; conversions from floats keep the low bits
// of a conversion through i32 (i64 for ui32), as NumPy's do on x86 (out of
// that range, NumPy's own results depend on its loop: not checked).

// NUMPY @binary_i16: e = extremes(i16); a = np.repeat(e[:, None], 12, 1); b = e
// NUMPY @binary_i16: args = [a, b]; results = [np.floor_divide(a, b), a + b, a - b, a * b, np.maximum(a, b), np.minimum(a, b), a < b, a <= b, a > b, a >= b, a == b, a != b]
func.func @binary_i16(%a: tensor<12x12xi16>, %b: tensor<12xi16>) -> (tensor<12x12xi16>, tensor<12x12xi16>, tensor<12x12xi16>, tensor<12x12xi16>, tensor<12x12xi16>, tensor<12x12xi16>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>) {
  %0 = ten.div %a, %b : (tensor<12x12xi16>, tensor<12xi16>) -> tensor<12x12xi16>
  %1 = ten.add %a, %b : (tensor<12x12xi16>, tensor<12xi16>) -> tensor<12x12xi16>
  %2 = ten.sub %a, %b : (tensor<12x12xi16>, tensor<12xi16>) -> tensor<12x12xi16>
  %3 = ten.mul %a, %b : (tensor<12x12xi16>, tensor<12xi16>) -> tensor<12x12xi16>
  %4 = ten.max %a, %b : (tensor<12x12xi16>, tensor<12xi16>) -> tensor<12x12xi16>
  %5 = ten.min %a, %b : (tensor<12x12xi16>, tensor<12xi16>) -> tensor<12x12xi16>
  %c0 = ten.cmp lt, %a, %b : (tensor<12x12xi16>, tensor<12xi16>) -> tensor<12x12xi1>
  %c1 = ten.cmp le, %a, %b : (tensor<12x12xi16>, tensor<12xi16>) -> tensor<12x12xi1>
  %c2 = ten.cmp gt, %a, %b : (tensor<12x12xi16>, tensor<12xi16>) -> tensor<12x12xi1>
  %c3 = ten.cmp ge, %a, %b : (tensor<12x12xi16>, tensor<12xi16>) -> tensor<12x12xi1>
  %c4 = ten.cmp eq, %a, %b : (tensor<12x12xi16>, tensor<12xi16>) -> tensor<12x12xi1>
  %c5 = ten.cmp ne, %a, %b : (tensor<12x12xi16>, tensor<12xi16>) -> tensor<12x12xi1>
  return %0, %1, %2, %3, %4, %5, %c0, %c1, %c2, %c3, %c4, %c5 : tensor<12x12xi16>, tensor<12x12xi16>, tensor<12x12xi16>, tensor<12x12xi16>, tensor<12x12xi16>, tensor<12x12xi16>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>
}

// NUMPY @unary_i16: e = extremes(i16); a = np.repeat(e[:, None], 12, 1); p = np.arange(12).astype(i16)
// NUMPY @unary_i16: args = [a, p]; results = [-a, np.abs(a), np.maximum(a, 0), a ** p]
func.func @unary_i16(%a: tensor<12x12xi16>, %p: tensor<12xi16>) -> (tensor<12x12xi16>, tensor<12x12xi16>, tensor<12x12xi16>, tensor<12x12xi16>) {
  %0 = ten.neg %a : tensor<12x12xi16>
  %1 = ten.abs %a : tensor<12x12xi16>
  %2 = ten.relu %a : tensor<12x12xi16>
  %3 = ten.pow %a, %p : (tensor<12x12xi16>, tensor<12xi16>) -> tensor<12x12xi16>
  return %0, %1, %2, %3 : tensor<12x12xi16>, tensor<12x12xi16>, tensor<12x12xi16>, tensor<12x12xi16>
}

// NUMPY @reduce_i16: e = extremes(i16); a = rng.permuted(np.tile(e, (12, 1)), axis=1)
// NUMPY @reduce_i16: args = [a]; results = [a.sum(0, dtype=i16), a.prod(1, dtype=i16), a.max(1), a.min(0), a.argmax(1), a.argmin(0), a.max(), a.min(), a @ a, np.einsum('ii->i', a), np.einsum('ij,ij->', a, a)]
func.func @reduce_i16(%a: tensor<12x12xi16>) -> (tensor<12xi16>, tensor<12xi16>, tensor<12xi16>, tensor<12xi16>, tensor<12xi64>, tensor<12xi64>, tensor<i16>, tensor<i16>, tensor<12x12xi16>, tensor<12xi16>, tensor<i16>) {
  %0 = ten.reduce sum %a dims [0] : tensor<12x12xi16> -> tensor<12xi16>
  %1 = ten.reduce prod %a dims [1] : tensor<12x12xi16> -> tensor<12xi16>
  %2 = ten.reduce max %a dims [1] : tensor<12x12xi16> -> tensor<12xi16>
  %3 = ten.reduce min %a dims [0] : tensor<12x12xi16> -> tensor<12xi16>
  %4 = ten.reduce argmax %a dims [1] : tensor<12x12xi16> -> tensor<12xi64>
  %5 = ten.reduce argmin %a dims [0] : tensor<12x12xi16> -> tensor<12xi64>
  %6 = ten.reduce max %a dims [0, 1] : tensor<12x12xi16> -> tensor<i16>
  %7 = ten.reduce min %a dims [0, 1] : tensor<12x12xi16> -> tensor<i16>
  %8 = ten.einsum "ij,jk->ik" (%a, %a) : (tensor<12x12xi16>, tensor<12x12xi16>) -> tensor<12x12xi16>
  %9 = ten.einsum "ii->i" (%a) : (tensor<12x12xi16>) -> tensor<12xi16>
  %10 = ten.einsum "ij,ij->" (%a, %a) : (tensor<12x12xi16>, tensor<12x12xi16>) -> tensor<i16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<12xi16>, tensor<12xi16>, tensor<12xi16>, tensor<12xi16>, tensor<12xi64>, tensor<12xi64>, tensor<i16>, tensor<i16>, tensor<12x12xi16>, tensor<12xi16>, tensor<i16>
}

// NUMPY @binary_ui8: e = extremes(u8); a = np.repeat(e[:, None], 12, 1); b = e
// NUMPY @binary_ui8: args = [a, b]; results = [np.floor_divide(a, b), a + b, a - b, a * b, np.maximum(a, b), np.minimum(a, b), a < b, a <= b, a > b, a >= b, a == b, a != b]
func.func @binary_ui8(%a: tensor<12x12xui8>, %b: tensor<12xui8>) -> (tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>) {
  %0 = ten.div %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xui8>
  %1 = ten.add %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xui8>
  %2 = ten.sub %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xui8>
  %3 = ten.mul %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xui8>
  %4 = ten.max %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xui8>
  %5 = ten.min %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xui8>
  %c0 = ten.cmp lt, %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xi1>
  %c1 = ten.cmp le, %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xi1>
  %c2 = ten.cmp gt, %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xi1>
  %c3 = ten.cmp ge, %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xi1>
  %c4 = ten.cmp eq, %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xi1>
  %c5 = ten.cmp ne, %a, %b : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xi1>
  return %0, %1, %2, %3, %4, %5, %c0, %c1, %c2, %c3, %c4, %c5 : tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>
}

// NUMPY @unary_ui8: e = extremes(u8); a = np.repeat(e[:, None], 12, 1); p = np.array([0, 1, 2, 3, 7, 8, 64, 100, np.iinfo(u8).max, np.iinfo(u8).max - 1, np.iinfo(u8).max // 2, np.iinfo(u8).max // 2 + 1], u8)
// NUMPY @unary_ui8: args = [a, p]; results = [-a, a, a, a ** p]
func.func @unary_ui8(%a: tensor<12x12xui8>, %p: tensor<12xui8>) -> (tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>) {
  %0 = ten.neg %a : tensor<12x12xui8>
  %1 = ten.abs %a : tensor<12x12xui8>
  %2 = ten.relu %a : tensor<12x12xui8>
  %3 = ten.pow %a, %p : (tensor<12x12xui8>, tensor<12xui8>) -> tensor<12x12xui8>
  return %0, %1, %2, %3 : tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>, tensor<12x12xui8>
}

// NUMPY @reduce_ui8: e = extremes(u8); a = rng.permuted(np.tile(e, (12, 1)), axis=1)
// NUMPY @reduce_ui8: args = [a]; results = [a.sum(0, dtype=u8), a.prod(1, dtype=u8), a.max(1), a.min(0), a.argmax(1), a.argmin(0), a.max(), a.min(), a @ a, np.einsum('ii->i', a), np.einsum('ij,ij->', a, a)]
func.func @reduce_ui8(%a: tensor<12x12xui8>) -> (tensor<12xui8>, tensor<12xui8>, tensor<12xui8>, tensor<12xui8>, tensor<12xi64>, tensor<12xi64>, tensor<ui8>, tensor<ui8>, tensor<12x12xui8>, tensor<12xui8>, tensor<ui8>) {
  %0 = ten.reduce sum %a dims [0] : tensor<12x12xui8> -> tensor<12xui8>
  %1 = ten.reduce prod %a dims [1] : tensor<12x12xui8> -> tensor<12xui8>
  %2 = ten.reduce max %a dims [1] : tensor<12x12xui8> -> tensor<12xui8>
  %3 = ten.reduce min %a dims [0] : tensor<12x12xui8> -> tensor<12xui8>
  %4 = ten.reduce argmax %a dims [1] : tensor<12x12xui8> -> tensor<12xi64>
  %5 = ten.reduce argmin %a dims [0] : tensor<12x12xui8> -> tensor<12xi64>
  %6 = ten.reduce max %a dims [0, 1] : tensor<12x12xui8> -> tensor<ui8>
  %7 = ten.reduce min %a dims [0, 1] : tensor<12x12xui8> -> tensor<ui8>
  %8 = ten.einsum "ij,jk->ik" (%a, %a) : (tensor<12x12xui8>, tensor<12x12xui8>) -> tensor<12x12xui8>
  %9 = ten.einsum "ii->i" (%a) : (tensor<12x12xui8>) -> tensor<12xui8>
  %10 = ten.einsum "ij,ij->" (%a, %a) : (tensor<12x12xui8>, tensor<12x12xui8>) -> tensor<ui8>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<12xui8>, tensor<12xui8>, tensor<12xui8>, tensor<12xui8>, tensor<12xi64>, tensor<12xi64>, tensor<ui8>, tensor<ui8>, tensor<12x12xui8>, tensor<12xui8>, tensor<ui8>
}

// NUMPY @binary_ui16: e = extremes(u16); a = np.repeat(e[:, None], 12, 1); b = e
// NUMPY @binary_ui16: args = [a, b]; results = [np.floor_divide(a, b), a + b, a - b, a * b, np.maximum(a, b), np.minimum(a, b), a < b, a <= b, a > b, a >= b, a == b, a != b]
func.func @binary_ui16(%a: tensor<12x12xui16>, %b: tensor<12xui16>) -> (tensor<12x12xui16>, tensor<12x12xui16>, tensor<12x12xui16>, tensor<12x12xui16>, tensor<12x12xui16>, tensor<12x12xui16>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>) {
  %0 = ten.div %a, %b : (tensor<12x12xui16>, tensor<12xui16>) -> tensor<12x12xui16>
  %1 = ten.add %a, %b : (tensor<12x12xui16>, tensor<12xui16>) -> tensor<12x12xui16>
  %2 = ten.sub %a, %b : (tensor<12x12xui16>, tensor<12xui16>) -> tensor<12x12xui16>
  %3 = ten.mul %a, %b : (tensor<12x12xui16>, tensor<12xui16>) -> tensor<12x12xui16>
  %4 = ten.max %a, %b : (tensor<12x12xui16>, tensor<12xui16>) -> tensor<12x12xui16>
  %5 = ten.min %a, %b : (tensor<12x12xui16>, tensor<12xui16>) -> tensor<12x12xui16>
  %c0 = ten.cmp lt, %a, %b : (tensor<12x12xui16>, tensor<12xui16>) -> tensor<12x12xi1>
  %c1 = ten.cmp le, %a, %b : (tensor<12x12xui16>, tensor<12xui16>) -> tensor<12x12xi1>
  %c2 = ten.cmp gt, %a, %b : (tensor<12x12xui16>, tensor<12xui16>) -> tensor<12x12xi1>
  %c3 = ten.cmp ge, %a, %b : (tensor<12x12xui16>, tensor<12xui16>) -> tensor<12x12xi1>
  %c4 = ten.cmp eq, %a, %b : (tensor<12x12xui16>, tensor<12xui16>) -> tensor<12x12xi1>
  %c5 = ten.cmp ne, %a, %b : (tensor<12x12xui16>, tensor<12xui16>) -> tensor<12x12xi1>
  return %0, %1, %2, %3, %4, %5, %c0, %c1, %c2, %c3, %c4, %c5 : tensor<12x12xui16>, tensor<12x12xui16>, tensor<12x12xui16>, tensor<12x12xui16>, tensor<12x12xui16>, tensor<12x12xui16>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>
}

// NUMPY @unary_ui16: e = extremes(u16); a = np.repeat(e[:, None], 12, 1); p = np.array([0, 1, 2, 3, 7, 8, 64, 100, np.iinfo(u16).max, np.iinfo(u16).max - 1, np.iinfo(u16).max // 2, np.iinfo(u16).max // 2 + 1], u16)
// NUMPY @unary_ui16: args = [a, p]; results = [-a, a, a, a ** p]
func.func @unary_ui16(%a: tensor<12x12xui16>, %p: tensor<12xui16>) -> (tensor<12x12xui16>, tensor<12x12xui16>, tensor<12x12xui16>, tensor<12x12xui16>) {
  %0 = ten.neg %a : tensor<12x12xui16>
  %1 = ten.abs %a : tensor<12x12xui16>
  %2 = ten.relu %a : tensor<12x12xui16>
  %3 = ten.pow %a, %p : (tensor<12x12xui16>, tensor<12xui16>) -> tensor<12x12xui16>
  return %0, %1, %2, %3 : tensor<12x12xui16>, tensor<12x12xui16>, tensor<12x12xui16>, tensor<12x12xui16>
}

// NUMPY @reduce_ui16: e = extremes(u16); a = rng.permuted(np.tile(e, (12, 1)), axis=1)
// NUMPY @reduce_ui16: args = [a]; results = [a.sum(0, dtype=u16), a.prod(1, dtype=u16), a.max(1), a.min(0), a.argmax(1), a.argmin(0), a.max(), a.min(), a @ a, np.einsum('ii->i', a), np.einsum('ij,ij->', a, a)]
func.func @reduce_ui16(%a: tensor<12x12xui16>) -> (tensor<12xui16>, tensor<12xui16>, tensor<12xui16>, tensor<12xui16>, tensor<12xi64>, tensor<12xi64>, tensor<ui16>, tensor<ui16>, tensor<12x12xui16>, tensor<12xui16>, tensor<ui16>) {
  %0 = ten.reduce sum %a dims [0] : tensor<12x12xui16> -> tensor<12xui16>
  %1 = ten.reduce prod %a dims [1] : tensor<12x12xui16> -> tensor<12xui16>
  %2 = ten.reduce max %a dims [1] : tensor<12x12xui16> -> tensor<12xui16>
  %3 = ten.reduce min %a dims [0] : tensor<12x12xui16> -> tensor<12xui16>
  %4 = ten.reduce argmax %a dims [1] : tensor<12x12xui16> -> tensor<12xi64>
  %5 = ten.reduce argmin %a dims [0] : tensor<12x12xui16> -> tensor<12xi64>
  %6 = ten.reduce max %a dims [0, 1] : tensor<12x12xui16> -> tensor<ui16>
  %7 = ten.reduce min %a dims [0, 1] : tensor<12x12xui16> -> tensor<ui16>
  %8 = ten.einsum "ij,jk->ik" (%a, %a) : (tensor<12x12xui16>, tensor<12x12xui16>) -> tensor<12x12xui16>
  %9 = ten.einsum "ii->i" (%a) : (tensor<12x12xui16>) -> tensor<12xui16>
  %10 = ten.einsum "ij,ij->" (%a, %a) : (tensor<12x12xui16>, tensor<12x12xui16>) -> tensor<ui16>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<12xui16>, tensor<12xui16>, tensor<12xui16>, tensor<12xui16>, tensor<12xi64>, tensor<12xi64>, tensor<ui16>, tensor<ui16>, tensor<12x12xui16>, tensor<12xui16>, tensor<ui16>
}

// NUMPY @binary_ui32: e = extremes(u32); a = np.repeat(e[:, None], 12, 1); b = e
// NUMPY @binary_ui32: args = [a, b]; results = [np.floor_divide(a, b), a + b, a - b, a * b, np.maximum(a, b), np.minimum(a, b), a < b, a <= b, a > b, a >= b, a == b, a != b]
func.func @binary_ui32(%a: tensor<12x12xui32>, %b: tensor<12xui32>) -> (tensor<12x12xui32>, tensor<12x12xui32>, tensor<12x12xui32>, tensor<12x12xui32>, tensor<12x12xui32>, tensor<12x12xui32>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>) {
  %0 = ten.div %a, %b : (tensor<12x12xui32>, tensor<12xui32>) -> tensor<12x12xui32>
  %1 = ten.add %a, %b : (tensor<12x12xui32>, tensor<12xui32>) -> tensor<12x12xui32>
  %2 = ten.sub %a, %b : (tensor<12x12xui32>, tensor<12xui32>) -> tensor<12x12xui32>
  %3 = ten.mul %a, %b : (tensor<12x12xui32>, tensor<12xui32>) -> tensor<12x12xui32>
  %4 = ten.max %a, %b : (tensor<12x12xui32>, tensor<12xui32>) -> tensor<12x12xui32>
  %5 = ten.min %a, %b : (tensor<12x12xui32>, tensor<12xui32>) -> tensor<12x12xui32>
  %c0 = ten.cmp lt, %a, %b : (tensor<12x12xui32>, tensor<12xui32>) -> tensor<12x12xi1>
  %c1 = ten.cmp le, %a, %b : (tensor<12x12xui32>, tensor<12xui32>) -> tensor<12x12xi1>
  %c2 = ten.cmp gt, %a, %b : (tensor<12x12xui32>, tensor<12xui32>) -> tensor<12x12xi1>
  %c3 = ten.cmp ge, %a, %b : (tensor<12x12xui32>, tensor<12xui32>) -> tensor<12x12xi1>
  %c4 = ten.cmp eq, %a, %b : (tensor<12x12xui32>, tensor<12xui32>) -> tensor<12x12xi1>
  %c5 = ten.cmp ne, %a, %b : (tensor<12x12xui32>, tensor<12xui32>) -> tensor<12x12xi1>
  return %0, %1, %2, %3, %4, %5, %c0, %c1, %c2, %c3, %c4, %c5 : tensor<12x12xui32>, tensor<12x12xui32>, tensor<12x12xui32>, tensor<12x12xui32>, tensor<12x12xui32>, tensor<12x12xui32>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>
}

// NUMPY @unary_ui32: e = extremes(u32); a = np.repeat(e[:, None], 12, 1); p = np.array([0, 1, 2, 3, 7, 8, 64, 100, np.iinfo(u32).max, np.iinfo(u32).max - 1, np.iinfo(u32).max // 2, np.iinfo(u32).max // 2 + 1], u32)
// NUMPY @unary_ui32: args = [a, p]; results = [-a, a, a, a ** p]
func.func @unary_ui32(%a: tensor<12x12xui32>, %p: tensor<12xui32>) -> (tensor<12x12xui32>, tensor<12x12xui32>, tensor<12x12xui32>, tensor<12x12xui32>) {
  %0 = ten.neg %a : tensor<12x12xui32>
  %1 = ten.abs %a : tensor<12x12xui32>
  %2 = ten.relu %a : tensor<12x12xui32>
  %3 = ten.pow %a, %p : (tensor<12x12xui32>, tensor<12xui32>) -> tensor<12x12xui32>
  return %0, %1, %2, %3 : tensor<12x12xui32>, tensor<12x12xui32>, tensor<12x12xui32>, tensor<12x12xui32>
}

// NUMPY @reduce_ui32: e = extremes(u32); a = rng.permuted(np.tile(e, (12, 1)), axis=1)
// NUMPY @reduce_ui32: args = [a]; results = [a.sum(0, dtype=u32), a.prod(1, dtype=u32), a.max(1), a.min(0), a.argmax(1), a.argmin(0), a.max(), a.min(), a @ a, np.einsum('ii->i', a), np.einsum('ij,ij->', a, a)]
func.func @reduce_ui32(%a: tensor<12x12xui32>) -> (tensor<12xui32>, tensor<12xui32>, tensor<12xui32>, tensor<12xui32>, tensor<12xi64>, tensor<12xi64>, tensor<ui32>, tensor<ui32>, tensor<12x12xui32>, tensor<12xui32>, tensor<ui32>) {
  %0 = ten.reduce sum %a dims [0] : tensor<12x12xui32> -> tensor<12xui32>
  %1 = ten.reduce prod %a dims [1] : tensor<12x12xui32> -> tensor<12xui32>
  %2 = ten.reduce max %a dims [1] : tensor<12x12xui32> -> tensor<12xui32>
  %3 = ten.reduce min %a dims [0] : tensor<12x12xui32> -> tensor<12xui32>
  %4 = ten.reduce argmax %a dims [1] : tensor<12x12xui32> -> tensor<12xi64>
  %5 = ten.reduce argmin %a dims [0] : tensor<12x12xui32> -> tensor<12xi64>
  %6 = ten.reduce max %a dims [0, 1] : tensor<12x12xui32> -> tensor<ui32>
  %7 = ten.reduce min %a dims [0, 1] : tensor<12x12xui32> -> tensor<ui32>
  %8 = ten.einsum "ij,jk->ik" (%a, %a) : (tensor<12x12xui32>, tensor<12x12xui32>) -> tensor<12x12xui32>
  %9 = ten.einsum "ii->i" (%a) : (tensor<12x12xui32>) -> tensor<12xui32>
  %10 = ten.einsum "ij,ij->" (%a, %a) : (tensor<12x12xui32>, tensor<12x12xui32>) -> tensor<ui32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<12xui32>, tensor<12xui32>, tensor<12xui32>, tensor<12xui32>, tensor<12xi64>, tensor<12xi64>, tensor<ui32>, tensor<ui32>, tensor<12x12xui32>, tensor<12xui32>, tensor<ui32>
}

// NUMPY @binary_ui64: e = extremes(u64); a = np.repeat(e[:, None], 12, 1); b = e
// NUMPY @binary_ui64: args = [a, b]; results = [np.floor_divide(a, b), a + b, a - b, a * b, np.maximum(a, b), np.minimum(a, b), a < b, a <= b, a > b, a >= b, a == b, a != b]
func.func @binary_ui64(%a: tensor<12x12xui64>, %b: tensor<12xui64>) -> (tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>) {
  %0 = ten.div %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xui64>
  %1 = ten.add %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xui64>
  %2 = ten.sub %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xui64>
  %3 = ten.mul %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xui64>
  %4 = ten.max %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xui64>
  %5 = ten.min %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xui64>
  %c0 = ten.cmp lt, %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xi1>
  %c1 = ten.cmp le, %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xi1>
  %c2 = ten.cmp gt, %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xi1>
  %c3 = ten.cmp ge, %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xi1>
  %c4 = ten.cmp eq, %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xi1>
  %c5 = ten.cmp ne, %a, %b : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xi1>
  return %0, %1, %2, %3, %4, %5, %c0, %c1, %c2, %c3, %c4, %c5 : tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>, tensor<12x12xi1>
}

// NUMPY @unary_ui64: e = extremes(u64); a = np.repeat(e[:, None], 12, 1); p = np.array([0, 1, 2, 3, 7, 8, 64, 100, np.iinfo(u64).max, np.iinfo(u64).max - 1, np.iinfo(u64).max // 2, np.iinfo(u64).max // 2 + 1], u64)
// NUMPY @unary_ui64: args = [a, p]; results = [-a, a, a, a ** p]
func.func @unary_ui64(%a: tensor<12x12xui64>, %p: tensor<12xui64>) -> (tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>) {
  %0 = ten.neg %a : tensor<12x12xui64>
  %1 = ten.abs %a : tensor<12x12xui64>
  %2 = ten.relu %a : tensor<12x12xui64>
  %3 = ten.pow %a, %p : (tensor<12x12xui64>, tensor<12xui64>) -> tensor<12x12xui64>
  return %0, %1, %2, %3 : tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>, tensor<12x12xui64>
}

// NUMPY @reduce_ui64: e = extremes(u64); a = rng.permuted(np.tile(e, (12, 1)), axis=1)
// NUMPY @reduce_ui64: args = [a]; results = [a.sum(0, dtype=u64), a.prod(1, dtype=u64), a.max(1), a.min(0), a.argmax(1), a.argmin(0), a.max(), a.min(), a @ a, np.einsum('ii->i', a), np.einsum('ij,ij->', a, a)]
func.func @reduce_ui64(%a: tensor<12x12xui64>) -> (tensor<12xui64>, tensor<12xui64>, tensor<12xui64>, tensor<12xui64>, tensor<12xi64>, tensor<12xi64>, tensor<ui64>, tensor<ui64>, tensor<12x12xui64>, tensor<12xui64>, tensor<ui64>) {
  %0 = ten.reduce sum %a dims [0] : tensor<12x12xui64> -> tensor<12xui64>
  %1 = ten.reduce prod %a dims [1] : tensor<12x12xui64> -> tensor<12xui64>
  %2 = ten.reduce max %a dims [1] : tensor<12x12xui64> -> tensor<12xui64>
  %3 = ten.reduce min %a dims [0] : tensor<12x12xui64> -> tensor<12xui64>
  %4 = ten.reduce argmax %a dims [1] : tensor<12x12xui64> -> tensor<12xi64>
  %5 = ten.reduce argmin %a dims [0] : tensor<12x12xui64> -> tensor<12xi64>
  %6 = ten.reduce max %a dims [0, 1] : tensor<12x12xui64> -> tensor<ui64>
  %7 = ten.reduce min %a dims [0, 1] : tensor<12x12xui64> -> tensor<ui64>
  %8 = ten.einsum "ij,jk->ik" (%a, %a) : (tensor<12x12xui64>, tensor<12x12xui64>) -> tensor<12x12xui64>
  %9 = ten.einsum "ii->i" (%a) : (tensor<12x12xui64>) -> tensor<12xui64>
  %10 = ten.einsum "ij,ij->" (%a, %a) : (tensor<12x12xui64>, tensor<12x12xui64>) -> tensor<ui64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<12xui64>, tensor<12xui64>, tensor<12xui64>, tensor<12xui64>, tensor<12xi64>, tensor<12xi64>, tensor<ui64>, tensor<ui64>, tensor<12x12xui64>, tensor<12xui64>, tensor<ui64>
}

// NUMPY @casts_i16: x = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, -40000, -2e9], f32)
// NUMPY @casts_i16: d = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, 1e9, 2e9], f64); i = extremes(i16)
// NUMPY @casts_i16: args = [x, d, i]; results = [x.astype(i16), d.astype(i16), i.astype(f16), i.astype(f32), i.astype(f64), i.astype(i64), i.astype(u64), i.astype(u8), i.astype(i16), i.astype(np.bool_)]
func.func @casts_i16(%x: tensor<16xf32>, %d: tensor<16xf64>, %i: tensor<12xi16>) -> (tensor<16xi16>, tensor<16xi16>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>) {
  %0 = ten.cast %x : tensor<16xf32> -> tensor<16xi16>
  %1 = ten.cast %d : tensor<16xf64> -> tensor<16xi16>
  %c0 = ten.cast %i : tensor<12xi16> -> tensor<12xf16>
  %c1 = ten.cast %i : tensor<12xi16> -> tensor<12xf32>
  %c2 = ten.cast %i : tensor<12xi16> -> tensor<12xf64>
  %c3 = ten.cast %i : tensor<12xi16> -> tensor<12xi64>
  %c4 = ten.cast %i : tensor<12xi16> -> tensor<12xui64>
  %c5 = ten.cast %i : tensor<12xi16> -> tensor<12xui8>
  %c6 = ten.cast %i : tensor<12xi16> -> tensor<12xi16>
  %c7 = ten.cast %i : tensor<12xi16> -> tensor<12xi1>
  return %0, %1, %c0, %c1, %c2, %c3, %c4, %c5, %c6, %c7 : tensor<16xi16>, tensor<16xi16>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>
}

// NUMPY @casts_ui8: x = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, -40000, -2e9], f32)
// NUMPY @casts_ui8: d = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, 1e9, 2e9], f64); i = extremes(u8)
// NUMPY @casts_ui8: args = [x, d, i]; results = [x.astype(u8), d.astype(u8), i.astype(f16), i.astype(f32), i.astype(f64), i.astype(i64), i.astype(u64), i.astype(u8), i.astype(i16), i.astype(np.bool_)]
func.func @casts_ui8(%x: tensor<16xf32>, %d: tensor<16xf64>, %i: tensor<12xui8>) -> (tensor<16xui8>, tensor<16xui8>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>) {
  %0 = ten.cast %x : tensor<16xf32> -> tensor<16xui8>
  %1 = ten.cast %d : tensor<16xf64> -> tensor<16xui8>
  %c0 = ten.cast %i : tensor<12xui8> -> tensor<12xf16>
  %c1 = ten.cast %i : tensor<12xui8> -> tensor<12xf32>
  %c2 = ten.cast %i : tensor<12xui8> -> tensor<12xf64>
  %c3 = ten.cast %i : tensor<12xui8> -> tensor<12xi64>
  %c4 = ten.cast %i : tensor<12xui8> -> tensor<12xui64>
  %c5 = ten.cast %i : tensor<12xui8> -> tensor<12xui8>
  %c6 = ten.cast %i : tensor<12xui8> -> tensor<12xi16>
  %c7 = ten.cast %i : tensor<12xui8> -> tensor<12xi1>
  return %0, %1, %c0, %c1, %c2, %c3, %c4, %c5, %c6, %c7 : tensor<16xui8>, tensor<16xui8>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>
}

// NUMPY @casts_ui16: x = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, -40000, -2e9], f32)
// NUMPY @casts_ui16: d = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, 1e9, 2e9], f64); i = extremes(u16)
// NUMPY @casts_ui16: args = [x, d, i]; results = [x.astype(u16), d.astype(u16), i.astype(f16), i.astype(f32), i.astype(f64), i.astype(i64), i.astype(u64), i.astype(u8), i.astype(i16), i.astype(np.bool_)]
func.func @casts_ui16(%x: tensor<16xf32>, %d: tensor<16xf64>, %i: tensor<12xui16>) -> (tensor<16xui16>, tensor<16xui16>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>) {
  %0 = ten.cast %x : tensor<16xf32> -> tensor<16xui16>
  %1 = ten.cast %d : tensor<16xf64> -> tensor<16xui16>
  %c0 = ten.cast %i : tensor<12xui16> -> tensor<12xf16>
  %c1 = ten.cast %i : tensor<12xui16> -> tensor<12xf32>
  %c2 = ten.cast %i : tensor<12xui16> -> tensor<12xf64>
  %c3 = ten.cast %i : tensor<12xui16> -> tensor<12xi64>
  %c4 = ten.cast %i : tensor<12xui16> -> tensor<12xui64>
  %c5 = ten.cast %i : tensor<12xui16> -> tensor<12xui8>
  %c6 = ten.cast %i : tensor<12xui16> -> tensor<12xi16>
  %c7 = ten.cast %i : tensor<12xui16> -> tensor<12xi1>
  return %0, %1, %c0, %c1, %c2, %c3, %c4, %c5, %c6, %c7 : tensor<16xui16>, tensor<16xui16>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>
}

// NUMPY @casts_ui32: x = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, -40000, -2e9], f32)
// NUMPY @casts_ui32: d = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, 3e9, -2e9], f64); i = extremes(u32)
// NUMPY @casts_ui32: args = [x, d, i]; results = [x.astype(u32), d.astype(u32), i.astype(f16), i.astype(f32), i.astype(f64), i.astype(i64), i.astype(u64), i.astype(u8), i.astype(i16), i.astype(np.bool_)]
func.func @casts_ui32(%x: tensor<16xf32>, %d: tensor<16xf64>, %i: tensor<12xui32>) -> (tensor<16xui32>, tensor<16xui32>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>) {
  %0 = ten.cast %x : tensor<16xf32> -> tensor<16xui32>
  %1 = ten.cast %d : tensor<16xf64> -> tensor<16xui32>
  %c0 = ten.cast %i : tensor<12xui32> -> tensor<12xf16>
  %c1 = ten.cast %i : tensor<12xui32> -> tensor<12xf32>
  %c2 = ten.cast %i : tensor<12xui32> -> tensor<12xf64>
  %c3 = ten.cast %i : tensor<12xui32> -> tensor<12xi64>
  %c4 = ten.cast %i : tensor<12xui32> -> tensor<12xui64>
  %c5 = ten.cast %i : tensor<12xui32> -> tensor<12xui8>
  %c6 = ten.cast %i : tensor<12xui32> -> tensor<12xi16>
  %c7 = ten.cast %i : tensor<12xui32> -> tensor<12xi1>
  return %0, %1, %c0, %c1, %c2, %c3, %c4, %c5, %c6, %c7 : tensor<16xui32>, tensor<16xui32>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>
}

// NUMPY @casts_ui64: x = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, -40000, 1e19], f32)
// NUMPY @casts_ui64: d = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, 3e9, -3e9], f64); i = extremes(u64)
// NUMPY @casts_ui64: args = [x, d, i]; results = [x.astype(u64), d.astype(u64), i.astype(f16), i.astype(f32), i.astype(f64), i.astype(i64), i.astype(u64), i.astype(u8), i.astype(i16), i.astype(np.bool_)]
func.func @casts_ui64(%x: tensor<16xf32>, %d: tensor<16xf64>, %i: tensor<12xui64>) -> (tensor<16xui64>, tensor<16xui64>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>) {
  %0 = ten.cast %x : tensor<16xf32> -> tensor<16xui64>
  %1 = ten.cast %d : tensor<16xf64> -> tensor<16xui64>
  %c0 = ten.cast %i : tensor<12xui64> -> tensor<12xf16>
  %c1 = ten.cast %i : tensor<12xui64> -> tensor<12xf32>
  %c2 = ten.cast %i : tensor<12xui64> -> tensor<12xf64>
  %c3 = ten.cast %i : tensor<12xui64> -> tensor<12xi64>
  %c4 = ten.cast %i : tensor<12xui64> -> tensor<12xui64>
  %c5 = ten.cast %i : tensor<12xui64> -> tensor<12xui8>
  %c6 = ten.cast %i : tensor<12xui64> -> tensor<12xi16>
  %c7 = ten.cast %i : tensor<12xui64> -> tensor<12xi1>
  return %0, %1, %c0, %c1, %c2, %c3, %c4, %c5, %c6, %c7 : tensor<16xui64>, tensor<16xui64>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>
}

// NUMPY @casts_i8: x = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, -40000, -2e9], f32)
// NUMPY @casts_i8: d = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, 1e9, 2e9], f64); i = extremes(i8)
// NUMPY @casts_i8: args = [x, d, i]; results = [x.astype(i8), d.astype(i8), i.astype(f16), i.astype(f32), i.astype(f64), i.astype(i64), i.astype(u64), i.astype(u8), i.astype(i16), i.astype(np.bool_)]
func.func @casts_i8(%x: tensor<16xf32>, %d: tensor<16xf64>, %i: tensor<12xi8>) -> (tensor<16xi8>, tensor<16xi8>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>) {
  %0 = ten.cast %x : tensor<16xf32> -> tensor<16xi8>
  %1 = ten.cast %d : tensor<16xf64> -> tensor<16xi8>
  %c0 = ten.cast %i : tensor<12xi8> -> tensor<12xf16>
  %c1 = ten.cast %i : tensor<12xi8> -> tensor<12xf32>
  %c2 = ten.cast %i : tensor<12xi8> -> tensor<12xf64>
  %c3 = ten.cast %i : tensor<12xi8> -> tensor<12xi64>
  %c4 = ten.cast %i : tensor<12xi8> -> tensor<12xui64>
  %c5 = ten.cast %i : tensor<12xi8> -> tensor<12xui8>
  %c6 = ten.cast %i : tensor<12xi8> -> tensor<12xi16>
  %c7 = ten.cast %i : tensor<12xi8> -> tensor<12xi1>
  return %0, %1, %c0, %c1, %c2, %c3, %c4, %c5, %c6, %c7 : tensor<16xi8>, tensor<16xi8>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>
}

// NUMPY @casts_i32: x = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, -40000, -2e9], f32)
// NUMPY @casts_i32: d = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, 1e9, 2e9], f64); i = extremes(i32)
// NUMPY @casts_i32: args = [x, d, i]; results = [x.astype(i32), d.astype(i32), i.astype(f16), i.astype(f32), i.astype(f64), i.astype(i64), i.astype(u64), i.astype(u8), i.astype(i16), i.astype(np.bool_)]
func.func @casts_i32(%x: tensor<16xf32>, %d: tensor<16xf64>, %i: tensor<12xi32>) -> (tensor<16xi32>, tensor<16xi32>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>) {
  %0 = ten.cast %x : tensor<16xf32> -> tensor<16xi32>
  %1 = ten.cast %d : tensor<16xf64> -> tensor<16xi32>
  %c0 = ten.cast %i : tensor<12xi32> -> tensor<12xf16>
  %c1 = ten.cast %i : tensor<12xi32> -> tensor<12xf32>
  %c2 = ten.cast %i : tensor<12xi32> -> tensor<12xf64>
  %c3 = ten.cast %i : tensor<12xi32> -> tensor<12xi64>
  %c4 = ten.cast %i : tensor<12xi32> -> tensor<12xui64>
  %c5 = ten.cast %i : tensor<12xi32> -> tensor<12xui8>
  %c6 = ten.cast %i : tensor<12xi32> -> tensor<12xi16>
  %c7 = ten.cast %i : tensor<12xi32> -> tensor<12xi1>
  return %0, %1, %c0, %c1, %c2, %c3, %c4, %c5, %c6, %c7 : tensor<16xi32>, tensor<16xi32>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>
}

// NUMPY @casts_i64: x = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, -40000, -2e9], f32)
// NUMPY @casts_i64: d = np.array([-3.7, -1.5, -0.5, 0, 0.5, 1.5, 100.9, 200.2, 255.9, 300, 1000, 40000, 65535, 70000, 3e9, -3e9], f64); i = extremes(i64)
// NUMPY @casts_i64: args = [x, d, i]; results = [x.astype(i64), d.astype(i64), i.astype(f16), i.astype(f32), i.astype(f64), i.astype(i64), i.astype(u64), i.astype(u8), i.astype(i16), i.astype(np.bool_)]
func.func @casts_i64(%x: tensor<16xf32>, %d: tensor<16xf64>, %i: tensor<12xi64>) -> (tensor<16xi64>, tensor<16xi64>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>) {
  %0 = ten.cast %x : tensor<16xf32> -> tensor<16xi64>
  %1 = ten.cast %d : tensor<16xf64> -> tensor<16xi64>
  %c0 = ten.cast %i : tensor<12xi64> -> tensor<12xf16>
  %c1 = ten.cast %i : tensor<12xi64> -> tensor<12xf32>
  %c2 = ten.cast %i : tensor<12xi64> -> tensor<12xf64>
  %c3 = ten.cast %i : tensor<12xi64> -> tensor<12xi64>
  %c4 = ten.cast %i : tensor<12xi64> -> tensor<12xui64>
  %c5 = ten.cast %i : tensor<12xi64> -> tensor<12xui8>
  %c6 = ten.cast %i : tensor<12xi64> -> tensor<12xi16>
  %c7 = ten.cast %i : tensor<12xi64> -> tensor<12xi1>
  return %0, %1, %c0, %c1, %c2, %c3, %c4, %c5, %c6, %c7 : tensor<16xi64>, tensor<16xi64>, tensor<12xf16>, tensor<12xf32>, tensor<12xf64>, tensor<12xi64>, tensor<12xui64>, tensor<12xui8>, tensor<12xi16>, tensor<12xi1>
}

// gcd of every pair of the extremes (NumPy's wrapping of the most negative
// value's magnitude included), signed and unsigned, broadcast.
// NUMPY @gcd: e = extremes(i64); a = e[:, None]; b = e[None, :]; u = extremes(u8); v = np.arange(0, 256, 7).astype(u8); args = [a, b, u[:, None], v]; results = [np.gcd(a, b), np.gcd(u[:, None], v)]
func.func @gcd(%a: tensor<12x1xi64>, %b: tensor<1x12xi64>, %u: tensor<12x1xui8>, %v: tensor<37xui8>) -> (tensor<12x12xi64>, tensor<12x37xui8>) {
  %0 = ten.gcd %a, %b : (tensor<12x1xi64>, tensor<1x12xi64>) -> tensor<12x12xi64>
  %1 = ten.gcd %u, %v : (tensor<12x1xui8>, tensor<37xui8>) -> tensor<12x37xui8>
  return %0, %1 : tensor<12x12xi64>, tensor<12x37xui8>
}
