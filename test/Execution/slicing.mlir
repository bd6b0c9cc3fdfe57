// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// Forward steps are views (tensor.extract_slice); a backward step reads at
// computed indices. Every bound NumPy accepts: negative, past the end, empty.

// NUMPY @slice_forward: x = rand(8, 5, 3); args = [x]; results = [x[1:7:2, :, 1:], x[-3:, 10:, :], x[::3, 1:-1, :2]]
func.func @slice_forward(%x: tensor<8x5x3xf32>) -> (tensor<3x5x2xf32>, tensor<3x0x3xf32>, tensor<3x3x2xf32>) {
  %0 = ten.slice %x [1:7:2, :, 1:] : tensor<8x5x3xf32> -> tensor<3x5x2xf32>
  %1 = ten.slice %x [-3:, 10:, :] : tensor<8x5x3xf32> -> tensor<3x0x3xf32>
  %2 = ten.slice %x [::3, 1:-1, :2] : tensor<8x5x3xf32> -> tensor<3x3x2xf32>
  return %0, %1, %2 : tensor<3x5x2xf32>, tensor<3x0x3xf32>, tensor<3x3x2xf32>
}

// NUMPY @slice_backward: x = randint(7, 4, dtype=i64); args = [x]; results = [x[::-1, :], x[5:1:-2, ::-3], x[-1:-100:-1, 2:0:-1], x[1:5:-1, :]]
func.func @slice_backward(%x: tensor<7x4xi64>) -> (tensor<7x4xi64>, tensor<2x2xi64>, tensor<7x2xi64>, tensor<0x4xi64>) {
  %0 = ten.slice %x [::-1, :] : tensor<7x4xi64> -> tensor<7x4xi64>
  %1 = ten.slice %x [5:1:-2, ::-3] : tensor<7x4xi64> -> tensor<2x2xi64>
  %2 = ten.slice %x [-1:-100:-1, 2:0:-1] : tensor<7x4xi64> -> tensor<7x2xi64>
  %3 = ten.slice %x [1:5:-1, :] : tensor<7x4xi64> -> tensor<0x4xi64>
  return %0, %1, %2, %3 : tensor<7x4xi64>, tensor<2x2xi64>, tensor<7x2xi64>, tensor<0x4xi64>
}

// A dynamic dimension's slice is worked out when the program runs.
// NUMPY @slice_dynamic: x = rand(9, 3, dtype=f64); args = [x]; results = [x[2:-1], x[::-2, ::-1], x[-4:100:3]]
func.func @slice_dynamic(%x: tensor<?x3xf64>) -> (tensor<?x3xf64>, tensor<?x3xf64>, tensor<?x3xf64>) {
  %0 = ten.slice %x [2:-1, :] : tensor<?x3xf64> -> tensor<?x3xf64>
  %1 = ten.slice %x [::-2, ::-1] : tensor<?x3xf64> -> tensor<?x3xf64>
  %2 = ten.slice %x [-4:100:3, :] : tensor<?x3xf64> -> tensor<?x3xf64>
  return %0, %1, %2 : tensor<?x3xf64>, tensor<?x3xf64>, tensor<?x3xf64>
}

// NUMPY @slice_dynamic_short: x = rand(1, 3, dtype=f64); args = [x]; results = [x[2:-1], x[::-2, ::-1], x[-4:100:3]]
func.func @slice_dynamic_short(%x: tensor<?x3xf64>) -> (tensor<?x3xf64>, tensor<?x3xf64>, tensor<?x3xf64>) {
  %0 = ten.slice %x [2:-1, :] : tensor<?x3xf64> -> tensor<?x3xf64>
  %1 = ten.slice %x [::-2, ::-1] : tensor<?x3xf64> -> tensor<?x3xf64>
  %2 = ten.slice %x [-4:100:3, :] : tensor<?x3xf64> -> tensor<?x3xf64>
  return %0, %1, %2 : tensor<?x3xf64>, tensor<?x3xf64>, tensor<?x3xf64>
}

// A slice fuses with the elementwise op that reads it.
// NUMPY @slice_then_add: x = rand(6, 6); args = [x]; results = [x[1:, ::2] + x[:-1, 1::2] * x[::-1, ::-2][1:]]
func.func @slice_then_add(%x: tensor<6x6xf32>) -> tensor<5x3xf32> {
  %a = ten.slice %x [1:, ::2] : tensor<6x6xf32> -> tensor<5x3xf32>
  %b = ten.slice %x [:-1, 1::2] : tensor<6x6xf32> -> tensor<5x3xf32>
  %r = ten.slice %x [::-1, ::-2] : tensor<6x6xf32> -> tensor<6x3xf32>
  %c = ten.slice %r [1:, :] : tensor<6x3xf32> -> tensor<5x3xf32>
  %m = ten.mul %b, %c : (tensor<5x3xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
  %s = ten.add %a, %m : (tensor<5x3xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
  return %s : tensor<5x3xf32>
}

// Every element type moves unchanged.
// NUMPY @slice_types: b = randbool(5); u = randint(5, dtype=u16, low=0, high=60000); h = rand(5, dtype=bf16); c = (rand(5, dtype=f32) + 1j * rand(5, dtype=f32)).astype(np.complex64); args = [b, u, h, c]; results = [b[::-2], u[1::2], h[::-1], c[3:0:-1]]
func.func @slice_types(%b: tensor<5xi1>, %u: tensor<5xui16>, %h: tensor<5xbf16>, %c: tensor<5xcomplex<f32>>) -> (tensor<3xi1>, tensor<2xui16>, tensor<5xbf16>, tensor<3xcomplex<f32>>) {
  %0 = ten.slice %b [::-2] : tensor<5xi1> -> tensor<3xi1>
  %1 = ten.slice %u [1::2] : tensor<5xui16> -> tensor<2xui16>
  %2 = ten.slice %h [::-1] : tensor<5xbf16> -> tensor<5xbf16>
  %3 = ten.slice %c [3:0:-1] : tensor<5xcomplex<f32>> -> tensor<3xcomplex<f32>>
  return %0, %1, %2, %3 : tensor<3xi1>, tensor<2xui16>, tensor<5xbf16>, tensor<3xcomplex<f32>>
}

// NUMPY @concat: a = rand(2, 3); b = rand(4, 3); c = rand(2, 1); args = [a, b, c]; results = [np.concatenate([a, b, a]), np.concatenate([a, c, a], axis=1)]
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %c: tensor<2x1xf32>) -> (tensor<8x3xf32>, tensor<2x7xf32>) {
  %0 = ten.concat %a, %b, %a along 0 : tensor<2x3xf32>, tensor<4x3xf32>, tensor<2x3xf32> -> tensor<8x3xf32>
  %1 = ten.concat %a, %c, %a along 1 : tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x3xf32> -> tensor<2x7xf32>
  return %0, %1 : tensor<8x3xf32>, tensor<2x7xf32>
}

// NUMPY @concat_dynamic: a = randint(3, 2, dtype=i8); b = randint(5, 2, dtype=i8); args = [a, b]; results = [np.concatenate([a, b, a]), np.concatenate([b, b], axis=1)]
func.func @concat_dynamic(%a: tensor<?x2xi8>, %b: tensor<?x?xi8>) -> (tensor<?x2xi8>, tensor<?x4xi8>) {
  %0 = ten.concat %a, %b, %a along 0 : tensor<?x2xi8>, tensor<?x?xi8>, tensor<?x2xi8> -> tensor<?x2xi8>
  %1 = ten.concat %b, %b along 1 : tensor<?x?xi8>, tensor<?x?xi8> -> tensor<?x4xi8>
  return %0, %1 : tensor<?x2xi8>, tensor<?x4xi8>
}

// NUMPY @concat_types: b = randbool(3); u = randint(2, dtype=u64, low=0, high=100); z = (rand(2, dtype=f64) + 1j * rand(2, dtype=f64)); h = rand(1, dtype=f16); args = [b, u, z, h]; results = [np.concatenate([b, b]), np.concatenate([u, u[::-1]]), np.concatenate([z, z]), np.concatenate([h, h, h])]
func.func @concat_types(%b: tensor<3xi1>, %u: tensor<2xui64>, %z: tensor<2xcomplex<f64>>, %h: tensor<1xf16>) -> (tensor<6xi1>, tensor<4xui64>, tensor<4xcomplex<f64>>, tensor<3xf16>) {
  %0 = ten.concat %b, %b along 0 : tensor<3xi1>, tensor<3xi1> -> tensor<6xi1>
  %r = ten.slice %u [::-1] : tensor<2xui64> -> tensor<2xui64>
  %1 = ten.concat %u, %r along 0 : tensor<2xui64>, tensor<2xui64> -> tensor<4xui64>
  %2 = ten.concat %z, %z along 0 : tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %3 = ten.concat %h, %h, %h along 0 : tensor<1xf16>, tensor<1xf16>, tensor<1xf16> -> tensor<3xf16>
  return %0, %1, %2, %3 : tensor<6xi1>, tensor<4xui64>, tensor<4xcomplex<f64>>, tensor<3xf16>
}

// Empty inputs and empty parts: no offset of them is in range.
// NUMPY @empty: e = rand(0, 3); a = rand(2, 3); args = [e, a]; results = [e[:, 1:2], e[::-1, ::-1], np.concatenate([a, e]), np.concatenate([e, a, e])]
func.func @empty(%e: tensor<0x3xf32>, %a: tensor<2x3xf32>) -> (tensor<0x1xf32>, tensor<0x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = ten.slice %e [:, 1:2] : tensor<0x3xf32> -> tensor<0x1xf32>
  %1 = ten.slice %e [::-1, ::-1] : tensor<0x3xf32> -> tensor<0x3xf32>
  %2 = ten.concat %a, %e along 0 : tensor<2x3xf32>, tensor<0x3xf32> -> tensor<2x3xf32>
  %3 = ten.concat %e, %a, %e along 0 : tensor<0x3xf32>, tensor<2x3xf32>, tensor<0x3xf32> -> tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<0x1xf32>, tensor<0x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// NUMPY @insert_slice: x = rand(8, 5); v = rand(3, 5); w = rand(4, 2); args = [x, v, w]; results = [(lambda y: (y.__setitem__((slice(1, 7, 2), slice(None)), v), y)[1])(x.copy()), (lambda y: (y.__setitem__((slice(None, None, -2), slice(4, 0, -2)), w), y)[1])(x.copy()), x]
func.func @insert_slice(%x: tensor<8x5xf32>, %v: tensor<3x5xf32>, %w: tensor<4x2xf32>) -> (tensor<8x5xf32>, tensor<8x5xf32>, tensor<8x5xf32>) {
  %0 = ten.insert_slice %v into %x [1:7:2, :] : tensor<3x5xf32> into tensor<8x5xf32>
  %1 = ten.insert_slice %w into %x [::-2, 4:0:-2] : tensor<4x2xf32> into tensor<8x5xf32>
  return %0, %1, %x : tensor<8x5xf32>, tensor<8x5xf32>, tensor<8x5xf32>
}

// NUMPY @insert_slice_dynamic: x = randint(6, 3, dtype=i32); v = randint(2, 3, dtype=i32); args = [x, v]; results = [(lambda y: (y.__setitem__(slice(-2, None), v), y)[1])(x.copy())]
func.func @insert_slice_dynamic(%x: tensor<?x3xi32>, %v: tensor<?x3xi32>) -> tensor<?x3xi32> {
  %0 = ten.insert_slice %v into %x [-2:, :] : tensor<?x3xi32> into tensor<?x3xi32>
  return %0 : tensor<?x3xi32>
}

// Bounds of run time mean what NumPy's do: from the end where negative,
// clamped, a backward slice from a computed start; empty where they cross.
// NUMPY @slice_run_time_bounds: x = rand(8, 5); i = np.array(3); j = np.array(-2); k = np.array(-100); m = np.array(100); n = np.array(-1); args = [x, i, j, k, m, n]
// NUMPY @slice_run_time_bounds: results = [x[i:j], x[k:m], x[m:k:-1], x[j:i], x[n::-2, i:], x[:j:3, j:k:-1]]
func.func @slice_run_time_bounds(%x: tensor<8x5xf32>, %i: tensor<i64>, %j: tensor<i64>, %k: tensor<i64>, %m: tensor<i64>, %n: tensor<i64>)
    -> (tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = ten.slice %x [%i:%j, :] : tensor<8x5xf32> -> tensor<?x5xf32>
  %1 = ten.slice %x [%k:%m, :] : tensor<8x5xf32> -> tensor<?x5xf32>
  %2 = ten.slice %x [%m:%k:-1, :] : tensor<8x5xf32> -> tensor<?x5xf32>
  %3 = ten.slice %x [%j:%i, :] : tensor<8x5xf32> -> tensor<?x5xf32>
  %4 = ten.slice %x [%n::-2, %i:] : tensor<8x5xf32> -> tensor<?x?xf32>
  %5 = ten.slice %x [:%j:3, %j:%k:-1] : tensor<8x5xf32> -> tensor<?x?xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x5xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// A window of a computed start in a dimension only run time knows, of
// every element type.
// NUMPY @slice_run_time_window: x = randint(9, dtype=i16); b = randbool(9); c = (rand(9) + 1j * rand(9)).astype(np.complex64); i = np.array(-4); args = [x, b, c, i]
// NUMPY @slice_run_time_window: results = [x[i:i + 3], b[i::-1], c[:i]]
func.func @slice_run_time_window(%x: tensor<?xi16>, %b: tensor<9xi1>, %c: tensor<9xcomplex<f32>>, %i: tensor<i64>) -> (tensor<?xi16>, tensor<?xi1>, tensor<?xcomplex<f32>>) {
  %three = ten.constant dense<3> : tensor<i64>
  %end = ten.add %i, %three : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %0 = ten.slice %x [%i:%end] : tensor<?xi16> -> tensor<?xi16>
  %1 = ten.slice %b [%i::-1] : tensor<9xi1> -> tensor<?xi1>
  %2 = ten.slice %c [:%i] : tensor<9xcomplex<f32>> -> tensor<?xcomplex<f32>>
  return %0, %1, %2 : tensor<?xi16>, tensor<?xi1>, tensor<?xcomplex<f32>>
}

// An assignment to a slice of run-time bounds, forwards and backwards.
// NUMPY @insert_slice_run_time_bounds: x = rand(8, 5, dtype=f64); v = rand(3, 5, dtype=f64); w = rand(3, 2, dtype=f64); i = np.array(2); j = np.array(-3); args = [x, v, w, i, j]
// NUMPY @insert_slice_run_time_bounds: results = [(lambda y: (y.__setitem__(slice(i, j), v), y)[1])(x.copy()), (lambda y: (y.__setitem__((slice(j, None, -2), slice(None, i)), w), y)[1])(x.copy())]
func.func @insert_slice_run_time_bounds(%x: tensor<8x5xf64>, %v: tensor<?x5xf64>, %w: tensor<3x2xf64>, %i: tensor<i64>, %j: tensor<i64>) -> (tensor<8x5xf64>, tensor<8x5xf64>) {
  %0 = ten.insert_slice %v into %x [%i:%j, :] : tensor<?x5xf64> into tensor<8x5xf64>
  %1 = ten.insert_slice %w into %x [%j::-2, :%i] : tensor<3x2xf64> into tensor<8x5xf64>
  return %0, %1 : tensor<8x5xf64>, tensor<8x5xf64>
}
