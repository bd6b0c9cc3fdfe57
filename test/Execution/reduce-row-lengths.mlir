// RUN: %check-numpy %s | FileCheck %s
// CHECK: 0 failed

// Every kind of reduction along a last axis of lengths 1 to 1025, over 37
// rows, in six element types: on a GPU (utils/gpu-suite.py runs this file
// too) such rows take a group of 2 to 32 lanes each, reading elements or
// 128-bit vectors, or a block past max-lane-vectors per lane; the last
// warp or block holds rows past the end. NaN in a row wins its max, min,
// argmax and argmin.

// NUMPY @rows_of_1: x = rand(37, 1, low=-1, high=1); x[3, 0] = np.nan; h = rand(37, 1, dtype=f16, low=0, high=1); d = rand(37, 1, dtype=f64); d[5, 0] = np.nan
// NUMPY @rows_of_1: i = rand(37, 1, dtype=i8); u = rand(37, 1, dtype=u8); b = rand(37, 1, dtype=bool); args = [x, h, d, i, u, b]
// NUMPY @rows_of_1: results = [x.sum(1), x.max(1), x.argmax(1), x.argmin(1), h.astype(f32).sum(1).astype(f16), h.min(1), d.min(1), d.argmin(1), d.mean(1), i.sum(1, dtype=i8), i.max(1), u.min(1), u.max(1), b.any(1), b.all(1)]; rtol = 2e-3
func.func @rows_of_1(%x: tensor<37x1xf32>, %h: tensor<37x1xf16>, %d: tensor<37x1xf64>,
    %i: tensor<37x1xi8>, %u: tensor<37x1xui8>, %b: tensor<37x1xi1>)
    -> (tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>) {
  %0 = ten.reduce sum %x dims [1] : tensor<37x1xf32> -> tensor<37xf32>
  %1 = ten.reduce max %x dims [1] : tensor<37x1xf32> -> tensor<37xf32>
  %2 = ten.reduce argmax %x dims [1] : tensor<37x1xf32> -> tensor<37xi64>
  %3 = ten.reduce argmin %x dims [1] : tensor<37x1xf32> -> tensor<37xi64>
  %4 = ten.reduce sum %h dims [1] : tensor<37x1xf16> -> tensor<37xf16>
  %5 = ten.reduce min %h dims [1] : tensor<37x1xf16> -> tensor<37xf16>
  %6 = ten.reduce min %d dims [1] : tensor<37x1xf64> -> tensor<37xf64>
  %7 = ten.reduce argmin %d dims [1] : tensor<37x1xf64> -> tensor<37xi64>
  %8 = ten.reduce mean %d dims [1] : tensor<37x1xf64> -> tensor<37xf64>
  %9 = ten.reduce sum %i dims [1] : tensor<37x1xi8> -> tensor<37xi8>
  %10 = ten.reduce max %i dims [1] : tensor<37x1xi8> -> tensor<37xi8>
  %11 = ten.reduce min %u dims [1] : tensor<37x1xui8> -> tensor<37xui8>
  %12 = ten.reduce max %u dims [1] : tensor<37x1xui8> -> tensor<37xui8>
  %13 = ten.reduce any %b dims [1] : tensor<37x1xi1> -> tensor<37xi1>
  %14 = ten.reduce all %b dims [1] : tensor<37x1xi1> -> tensor<37xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14
      : tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>
}

// NUMPY @rows_of_2: x = rand(37, 2, low=-1, high=1); x[3, 1] = np.nan; h = rand(37, 2, dtype=f16, low=0, high=1); d = rand(37, 2, dtype=f64); d[5, 1] = np.nan
// NUMPY @rows_of_2: i = rand(37, 2, dtype=i8); u = rand(37, 2, dtype=u8); b = rand(37, 2, dtype=bool); args = [x, h, d, i, u, b]
// NUMPY @rows_of_2: results = [x.sum(1), x.max(1), x.argmax(1), x.argmin(1), h.astype(f32).sum(1).astype(f16), h.min(1), d.min(1), d.argmin(1), d.mean(1), i.sum(1, dtype=i8), i.max(1), u.min(1), u.max(1), b.any(1), b.all(1)]; rtol = 2e-3
func.func @rows_of_2(%x: tensor<37x2xf32>, %h: tensor<37x2xf16>, %d: tensor<37x2xf64>,
    %i: tensor<37x2xi8>, %u: tensor<37x2xui8>, %b: tensor<37x2xi1>)
    -> (tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>) {
  %0 = ten.reduce sum %x dims [1] : tensor<37x2xf32> -> tensor<37xf32>
  %1 = ten.reduce max %x dims [1] : tensor<37x2xf32> -> tensor<37xf32>
  %2 = ten.reduce argmax %x dims [1] : tensor<37x2xf32> -> tensor<37xi64>
  %3 = ten.reduce argmin %x dims [1] : tensor<37x2xf32> -> tensor<37xi64>
  %4 = ten.reduce sum %h dims [1] : tensor<37x2xf16> -> tensor<37xf16>
  %5 = ten.reduce min %h dims [1] : tensor<37x2xf16> -> tensor<37xf16>
  %6 = ten.reduce min %d dims [1] : tensor<37x2xf64> -> tensor<37xf64>
  %7 = ten.reduce argmin %d dims [1] : tensor<37x2xf64> -> tensor<37xi64>
  %8 = ten.reduce mean %d dims [1] : tensor<37x2xf64> -> tensor<37xf64>
  %9 = ten.reduce sum %i dims [1] : tensor<37x2xi8> -> tensor<37xi8>
  %10 = ten.reduce max %i dims [1] : tensor<37x2xi8> -> tensor<37xi8>
  %11 = ten.reduce min %u dims [1] : tensor<37x2xui8> -> tensor<37xui8>
  %12 = ten.reduce max %u dims [1] : tensor<37x2xui8> -> tensor<37xui8>
  %13 = ten.reduce any %b dims [1] : tensor<37x2xi1> -> tensor<37xi1>
  %14 = ten.reduce all %b dims [1] : tensor<37x2xi1> -> tensor<37xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14
      : tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>
}

// NUMPY @rows_of_3: x = rand(37, 3, low=-1, high=1); x[3, 2] = np.nan; h = rand(37, 3, dtype=f16, low=0, high=1); d = rand(37, 3, dtype=f64); d[5, 1] = np.nan
// NUMPY @rows_of_3: i = rand(37, 3, dtype=i8); u = rand(37, 3, dtype=u8); b = rand(37, 3, dtype=bool); args = [x, h, d, i, u, b]
// NUMPY @rows_of_3: results = [x.sum(1), x.max(1), x.argmax(1), x.argmin(1), h.astype(f32).sum(1).astype(f16), h.min(1), d.min(1), d.argmin(1), d.mean(1), i.sum(1, dtype=i8), i.max(1), u.min(1), u.max(1), b.any(1), b.all(1)]; rtol = 2e-3
func.func @rows_of_3(%x: tensor<37x3xf32>, %h: tensor<37x3xf16>, %d: tensor<37x3xf64>,
    %i: tensor<37x3xi8>, %u: tensor<37x3xui8>, %b: tensor<37x3xi1>)
    -> (tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>) {
  %0 = ten.reduce sum %x dims [1] : tensor<37x3xf32> -> tensor<37xf32>
  %1 = ten.reduce max %x dims [1] : tensor<37x3xf32> -> tensor<37xf32>
  %2 = ten.reduce argmax %x dims [1] : tensor<37x3xf32> -> tensor<37xi64>
  %3 = ten.reduce argmin %x dims [1] : tensor<37x3xf32> -> tensor<37xi64>
  %4 = ten.reduce sum %h dims [1] : tensor<37x3xf16> -> tensor<37xf16>
  %5 = ten.reduce min %h dims [1] : tensor<37x3xf16> -> tensor<37xf16>
  %6 = ten.reduce min %d dims [1] : tensor<37x3xf64> -> tensor<37xf64>
  %7 = ten.reduce argmin %d dims [1] : tensor<37x3xf64> -> tensor<37xi64>
  %8 = ten.reduce mean %d dims [1] : tensor<37x3xf64> -> tensor<37xf64>
  %9 = ten.reduce sum %i dims [1] : tensor<37x3xi8> -> tensor<37xi8>
  %10 = ten.reduce max %i dims [1] : tensor<37x3xi8> -> tensor<37xi8>
  %11 = ten.reduce min %u dims [1] : tensor<37x3xui8> -> tensor<37xui8>
  %12 = ten.reduce max %u dims [1] : tensor<37x3xui8> -> tensor<37xui8>
  %13 = ten.reduce any %b dims [1] : tensor<37x3xi1> -> tensor<37xi1>
  %14 = ten.reduce all %b dims [1] : tensor<37x3xi1> -> tensor<37xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14
      : tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>
}

// NUMPY @rows_of_8: x = rand(37, 8, low=-1, high=1); x[3, 7] = np.nan; h = rand(37, 8, dtype=f16, low=0, high=1); d = rand(37, 8, dtype=f64); d[5, 4] = np.nan
// NUMPY @rows_of_8: i = rand(37, 8, dtype=i8); u = rand(37, 8, dtype=u8); b = rand(37, 8, dtype=bool); args = [x, h, d, i, u, b]
// NUMPY @rows_of_8: results = [x.sum(1), x.max(1), x.argmax(1), x.argmin(1), h.astype(f32).sum(1).astype(f16), h.min(1), d.min(1), d.argmin(1), d.mean(1), i.sum(1, dtype=i8), i.max(1), u.min(1), u.max(1), b.any(1), b.all(1)]; rtol = 2e-3
func.func @rows_of_8(%x: tensor<37x8xf32>, %h: tensor<37x8xf16>, %d: tensor<37x8xf64>,
    %i: tensor<37x8xi8>, %u: tensor<37x8xui8>, %b: tensor<37x8xi1>)
    -> (tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>) {
  %0 = ten.reduce sum %x dims [1] : tensor<37x8xf32> -> tensor<37xf32>
  %1 = ten.reduce max %x dims [1] : tensor<37x8xf32> -> tensor<37xf32>
  %2 = ten.reduce argmax %x dims [1] : tensor<37x8xf32> -> tensor<37xi64>
  %3 = ten.reduce argmin %x dims [1] : tensor<37x8xf32> -> tensor<37xi64>
  %4 = ten.reduce sum %h dims [1] : tensor<37x8xf16> -> tensor<37xf16>
  %5 = ten.reduce min %h dims [1] : tensor<37x8xf16> -> tensor<37xf16>
  %6 = ten.reduce min %d dims [1] : tensor<37x8xf64> -> tensor<37xf64>
  %7 = ten.reduce argmin %d dims [1] : tensor<37x8xf64> -> tensor<37xi64>
  %8 = ten.reduce mean %d dims [1] : tensor<37x8xf64> -> tensor<37xf64>
  %9 = ten.reduce sum %i dims [1] : tensor<37x8xi8> -> tensor<37xi8>
  %10 = ten.reduce max %i dims [1] : tensor<37x8xi8> -> tensor<37xi8>
  %11 = ten.reduce min %u dims [1] : tensor<37x8xui8> -> tensor<37xui8>
  %12 = ten.reduce max %u dims [1] : tensor<37x8xui8> -> tensor<37xui8>
  %13 = ten.reduce any %b dims [1] : tensor<37x8xi1> -> tensor<37xi1>
  %14 = ten.reduce all %b dims [1] : tensor<37x8xi1> -> tensor<37xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14
      : tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>
}

// NUMPY @rows_of_12: x = rand(37, 12, low=-1, high=1); x[3, 11] = np.nan; h = rand(37, 12, dtype=f16, low=0, high=1); d = rand(37, 12, dtype=f64); d[5, 6] = np.nan
// NUMPY @rows_of_12: i = rand(37, 12, dtype=i8); u = rand(37, 12, dtype=u8); b = rand(37, 12, dtype=bool); args = [x, h, d, i, u, b]
// NUMPY @rows_of_12: results = [x.sum(1), x.max(1), x.argmax(1), x.argmin(1), h.astype(f32).sum(1).astype(f16), h.min(1), d.min(1), d.argmin(1), d.mean(1), i.sum(1, dtype=i8), i.max(1), u.min(1), u.max(1), b.any(1), b.all(1)]; rtol = 2e-3
func.func @rows_of_12(%x: tensor<37x12xf32>, %h: tensor<37x12xf16>, %d: tensor<37x12xf64>,
    %i: tensor<37x12xi8>, %u: tensor<37x12xui8>, %b: tensor<37x12xi1>)
    -> (tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>) {
  %0 = ten.reduce sum %x dims [1] : tensor<37x12xf32> -> tensor<37xf32>
  %1 = ten.reduce max %x dims [1] : tensor<37x12xf32> -> tensor<37xf32>
  %2 = ten.reduce argmax %x dims [1] : tensor<37x12xf32> -> tensor<37xi64>
  %3 = ten.reduce argmin %x dims [1] : tensor<37x12xf32> -> tensor<37xi64>
  %4 = ten.reduce sum %h dims [1] : tensor<37x12xf16> -> tensor<37xf16>
  %5 = ten.reduce min %h dims [1] : tensor<37x12xf16> -> tensor<37xf16>
  %6 = ten.reduce min %d dims [1] : tensor<37x12xf64> -> tensor<37xf64>
  %7 = ten.reduce argmin %d dims [1] : tensor<37x12xf64> -> tensor<37xi64>
  %8 = ten.reduce mean %d dims [1] : tensor<37x12xf64> -> tensor<37xf64>
  %9 = ten.reduce sum %i dims [1] : tensor<37x12xi8> -> tensor<37xi8>
  %10 = ten.reduce max %i dims [1] : tensor<37x12xi8> -> tensor<37xi8>
  %11 = ten.reduce min %u dims [1] : tensor<37x12xui8> -> tensor<37xui8>
  %12 = ten.reduce max %u dims [1] : tensor<37x12xui8> -> tensor<37xui8>
  %13 = ten.reduce any %b dims [1] : tensor<37x12xi1> -> tensor<37xi1>
  %14 = ten.reduce all %b dims [1] : tensor<37x12xi1> -> tensor<37xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14
      : tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>
}

// NUMPY @rows_of_17: x = rand(37, 17, low=-1, high=1); x[3, 16] = np.nan; h = rand(37, 17, dtype=f16, low=0, high=1); d = rand(37, 17, dtype=f64); d[5, 8] = np.nan
// NUMPY @rows_of_17: i = rand(37, 17, dtype=i8); u = rand(37, 17, dtype=u8); b = rand(37, 17, dtype=bool); args = [x, h, d, i, u, b]
// NUMPY @rows_of_17: results = [x.sum(1), x.max(1), x.argmax(1), x.argmin(1), h.astype(f32).sum(1).astype(f16), h.min(1), d.min(1), d.argmin(1), d.mean(1), i.sum(1, dtype=i8), i.max(1), u.min(1), u.max(1), b.any(1), b.all(1)]; rtol = 2e-3
func.func @rows_of_17(%x: tensor<37x17xf32>, %h: tensor<37x17xf16>, %d: tensor<37x17xf64>,
    %i: tensor<37x17xi8>, %u: tensor<37x17xui8>, %b: tensor<37x17xi1>)
    -> (tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>) {
  %0 = ten.reduce sum %x dims [1] : tensor<37x17xf32> -> tensor<37xf32>
  %1 = ten.reduce max %x dims [1] : tensor<37x17xf32> -> tensor<37xf32>
  %2 = ten.reduce argmax %x dims [1] : tensor<37x17xf32> -> tensor<37xi64>
  %3 = ten.reduce argmin %x dims [1] : tensor<37x17xf32> -> tensor<37xi64>
  %4 = ten.reduce sum %h dims [1] : tensor<37x17xf16> -> tensor<37xf16>
  %5 = ten.reduce min %h dims [1] : tensor<37x17xf16> -> tensor<37xf16>
  %6 = ten.reduce min %d dims [1] : tensor<37x17xf64> -> tensor<37xf64>
  %7 = ten.reduce argmin %d dims [1] : tensor<37x17xf64> -> tensor<37xi64>
  %8 = ten.reduce mean %d dims [1] : tensor<37x17xf64> -> tensor<37xf64>
  %9 = ten.reduce sum %i dims [1] : tensor<37x17xi8> -> tensor<37xi8>
  %10 = ten.reduce max %i dims [1] : tensor<37x17xi8> -> tensor<37xi8>
  %11 = ten.reduce min %u dims [1] : tensor<37x17xui8> -> tensor<37xui8>
  %12 = ten.reduce max %u dims [1] : tensor<37x17xui8> -> tensor<37xui8>
  %13 = ten.reduce any %b dims [1] : tensor<37x17xi1> -> tensor<37xi1>
  %14 = ten.reduce all %b dims [1] : tensor<37x17xi1> -> tensor<37xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14
      : tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>
}

// NUMPY @rows_of_64: x = rand(37, 64, low=-1, high=1); x[3, 63] = np.nan; h = rand(37, 64, dtype=f16, low=0, high=1); d = rand(37, 64, dtype=f64); d[5, 32] = np.nan
// NUMPY @rows_of_64: i = rand(37, 64, dtype=i8); u = rand(37, 64, dtype=u8); b = rand(37, 64, dtype=bool); args = [x, h, d, i, u, b]
// NUMPY @rows_of_64: results = [x.sum(1), x.max(1), x.argmax(1), x.argmin(1), h.astype(f32).sum(1).astype(f16), h.min(1), d.min(1), d.argmin(1), d.mean(1), i.sum(1, dtype=i8), i.max(1), u.min(1), u.max(1), b.any(1), b.all(1)]; rtol = 2e-3
func.func @rows_of_64(%x: tensor<37x64xf32>, %h: tensor<37x64xf16>, %d: tensor<37x64xf64>,
    %i: tensor<37x64xi8>, %u: tensor<37x64xui8>, %b: tensor<37x64xi1>)
    -> (tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>) {
  %0 = ten.reduce sum %x dims [1] : tensor<37x64xf32> -> tensor<37xf32>
  %1 = ten.reduce max %x dims [1] : tensor<37x64xf32> -> tensor<37xf32>
  %2 = ten.reduce argmax %x dims [1] : tensor<37x64xf32> -> tensor<37xi64>
  %3 = ten.reduce argmin %x dims [1] : tensor<37x64xf32> -> tensor<37xi64>
  %4 = ten.reduce sum %h dims [1] : tensor<37x64xf16> -> tensor<37xf16>
  %5 = ten.reduce min %h dims [1] : tensor<37x64xf16> -> tensor<37xf16>
  %6 = ten.reduce min %d dims [1] : tensor<37x64xf64> -> tensor<37xf64>
  %7 = ten.reduce argmin %d dims [1] : tensor<37x64xf64> -> tensor<37xi64>
  %8 = ten.reduce mean %d dims [1] : tensor<37x64xf64> -> tensor<37xf64>
  %9 = ten.reduce sum %i dims [1] : tensor<37x64xi8> -> tensor<37xi8>
  %10 = ten.reduce max %i dims [1] : tensor<37x64xi8> -> tensor<37xi8>
  %11 = ten.reduce min %u dims [1] : tensor<37x64xui8> -> tensor<37xui8>
  %12 = ten.reduce max %u dims [1] : tensor<37x64xui8> -> tensor<37xui8>
  %13 = ten.reduce any %b dims [1] : tensor<37x64xi1> -> tensor<37xi1>
  %14 = ten.reduce all %b dims [1] : tensor<37x64xi1> -> tensor<37xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14
      : tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>
}

// NUMPY @rows_of_129: x = rand(37, 129, low=-1, high=1); x[3, 128] = np.nan; h = rand(37, 129, dtype=f16, low=0, high=1); d = rand(37, 129, dtype=f64); d[5, 64] = np.nan
// NUMPY @rows_of_129: i = rand(37, 129, dtype=i8); u = rand(37, 129, dtype=u8); b = rand(37, 129, dtype=bool); args = [x, h, d, i, u, b]
// NUMPY @rows_of_129: results = [x.sum(1), x.max(1), x.argmax(1), x.argmin(1), h.astype(f32).sum(1).astype(f16), h.min(1), d.min(1), d.argmin(1), d.mean(1), i.sum(1, dtype=i8), i.max(1), u.min(1), u.max(1), b.any(1), b.all(1)]; rtol = 2e-3
func.func @rows_of_129(%x: tensor<37x129xf32>, %h: tensor<37x129xf16>, %d: tensor<37x129xf64>,
    %i: tensor<37x129xi8>, %u: tensor<37x129xui8>, %b: tensor<37x129xi1>)
    -> (tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>) {
  %0 = ten.reduce sum %x dims [1] : tensor<37x129xf32> -> tensor<37xf32>
  %1 = ten.reduce max %x dims [1] : tensor<37x129xf32> -> tensor<37xf32>
  %2 = ten.reduce argmax %x dims [1] : tensor<37x129xf32> -> tensor<37xi64>
  %3 = ten.reduce argmin %x dims [1] : tensor<37x129xf32> -> tensor<37xi64>
  %4 = ten.reduce sum %h dims [1] : tensor<37x129xf16> -> tensor<37xf16>
  %5 = ten.reduce min %h dims [1] : tensor<37x129xf16> -> tensor<37xf16>
  %6 = ten.reduce min %d dims [1] : tensor<37x129xf64> -> tensor<37xf64>
  %7 = ten.reduce argmin %d dims [1] : tensor<37x129xf64> -> tensor<37xi64>
  %8 = ten.reduce mean %d dims [1] : tensor<37x129xf64> -> tensor<37xf64>
  %9 = ten.reduce sum %i dims [1] : tensor<37x129xi8> -> tensor<37xi8>
  %10 = ten.reduce max %i dims [1] : tensor<37x129xi8> -> tensor<37xi8>
  %11 = ten.reduce min %u dims [1] : tensor<37x129xui8> -> tensor<37xui8>
  %12 = ten.reduce max %u dims [1] : tensor<37x129xui8> -> tensor<37xui8>
  %13 = ten.reduce any %b dims [1] : tensor<37x129xi1> -> tensor<37xi1>
  %14 = ten.reduce all %b dims [1] : tensor<37x129xi1> -> tensor<37xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14
      : tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>
}

// NUMPY @rows_of_512: x = rand(37, 512, low=-1, high=1); x[3, 511] = np.nan; h = rand(37, 512, dtype=f16, low=0, high=1); d = rand(37, 512, dtype=f64); d[5, 256] = np.nan
// NUMPY @rows_of_512: i = rand(37, 512, dtype=i8); u = rand(37, 512, dtype=u8); b = rand(37, 512, dtype=bool); args = [x, h, d, i, u, b]
// NUMPY @rows_of_512: results = [x.sum(1), x.max(1), x.argmax(1), x.argmin(1), h.astype(f32).sum(1).astype(f16), h.min(1), d.min(1), d.argmin(1), d.mean(1), i.sum(1, dtype=i8), i.max(1), u.min(1), u.max(1), b.any(1), b.all(1)]; rtol = 2e-3
func.func @rows_of_512(%x: tensor<37x512xf32>, %h: tensor<37x512xf16>, %d: tensor<37x512xf64>,
    %i: tensor<37x512xi8>, %u: tensor<37x512xui8>, %b: tensor<37x512xi1>)
    -> (tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>) {
  %0 = ten.reduce sum %x dims [1] : tensor<37x512xf32> -> tensor<37xf32>
  %1 = ten.reduce max %x dims [1] : tensor<37x512xf32> -> tensor<37xf32>
  %2 = ten.reduce argmax %x dims [1] : tensor<37x512xf32> -> tensor<37xi64>
  %3 = ten.reduce argmin %x dims [1] : tensor<37x512xf32> -> tensor<37xi64>
  %4 = ten.reduce sum %h dims [1] : tensor<37x512xf16> -> tensor<37xf16>
  %5 = ten.reduce min %h dims [1] : tensor<37x512xf16> -> tensor<37xf16>
  %6 = ten.reduce min %d dims [1] : tensor<37x512xf64> -> tensor<37xf64>
  %7 = ten.reduce argmin %d dims [1] : tensor<37x512xf64> -> tensor<37xi64>
  %8 = ten.reduce mean %d dims [1] : tensor<37x512xf64> -> tensor<37xf64>
  %9 = ten.reduce sum %i dims [1] : tensor<37x512xi8> -> tensor<37xi8>
  %10 = ten.reduce max %i dims [1] : tensor<37x512xi8> -> tensor<37xi8>
  %11 = ten.reduce min %u dims [1] : tensor<37x512xui8> -> tensor<37xui8>
  %12 = ten.reduce max %u dims [1] : tensor<37x512xui8> -> tensor<37xui8>
  %13 = ten.reduce any %b dims [1] : tensor<37x512xi1> -> tensor<37xi1>
  %14 = ten.reduce all %b dims [1] : tensor<37x512xi1> -> tensor<37xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14
      : tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>
}

// NUMPY @rows_of_1025: x = rand(37, 1025, low=-1, high=1); x[3, 1024] = np.nan; h = rand(37, 1025, dtype=f16, low=0, high=1); d = rand(37, 1025, dtype=f64); d[5, 512] = np.nan
// NUMPY @rows_of_1025: i = rand(37, 1025, dtype=i8); u = rand(37, 1025, dtype=u8); b = rand(37, 1025, dtype=bool); args = [x, h, d, i, u, b]
// NUMPY @rows_of_1025: results = [x.sum(1), x.max(1), x.argmax(1), x.argmin(1), h.astype(f32).sum(1).astype(f16), h.min(1), d.min(1), d.argmin(1), d.mean(1), i.sum(1, dtype=i8), i.max(1), u.min(1), u.max(1), b.any(1), b.all(1)]; rtol = 2e-3
func.func @rows_of_1025(%x: tensor<37x1025xf32>, %h: tensor<37x1025xf16>, %d: tensor<37x1025xf64>,
    %i: tensor<37x1025xi8>, %u: tensor<37x1025xui8>, %b: tensor<37x1025xi1>)
    -> (tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>) {
  %0 = ten.reduce sum %x dims [1] : tensor<37x1025xf32> -> tensor<37xf32>
  %1 = ten.reduce max %x dims [1] : tensor<37x1025xf32> -> tensor<37xf32>
  %2 = ten.reduce argmax %x dims [1] : tensor<37x1025xf32> -> tensor<37xi64>
  %3 = ten.reduce argmin %x dims [1] : tensor<37x1025xf32> -> tensor<37xi64>
  %4 = ten.reduce sum %h dims [1] : tensor<37x1025xf16> -> tensor<37xf16>
  %5 = ten.reduce min %h dims [1] : tensor<37x1025xf16> -> tensor<37xf16>
  %6 = ten.reduce min %d dims [1] : tensor<37x1025xf64> -> tensor<37xf64>
  %7 = ten.reduce argmin %d dims [1] : tensor<37x1025xf64> -> tensor<37xi64>
  %8 = ten.reduce mean %d dims [1] : tensor<37x1025xf64> -> tensor<37xf64>
  %9 = ten.reduce sum %i dims [1] : tensor<37x1025xi8> -> tensor<37xi8>
  %10 = ten.reduce max %i dims [1] : tensor<37x1025xi8> -> tensor<37xi8>
  %11 = ten.reduce min %u dims [1] : tensor<37x1025xui8> -> tensor<37xui8>
  %12 = ten.reduce max %u dims [1] : tensor<37x1025xui8> -> tensor<37xui8>
  %13 = ten.reduce any %b dims [1] : tensor<37x1025xi1> -> tensor<37xi1>
  %14 = ten.reduce all %b dims [1] : tensor<37x1025xi1> -> tensor<37xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14
      : tensor<37xf32>, tensor<37xf32>, tensor<37xi64>, tensor<37xi64>, tensor<37xf16>, tensor<37xf16>, tensor<37xf64>, tensor<37xi64>, tensor<37xf64>, tensor<37xi8>, tensor<37xi8>, tensor<37xui8>, tensor<37xui8>, tensor<37xi1>, tensor<37xi1>
}
