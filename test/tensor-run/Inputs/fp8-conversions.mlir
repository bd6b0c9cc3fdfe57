// The casts of fp8-npy.test: every conversion to and from f8E4M3FN and
// f8E5M2 (floats of every width, integers, bool, each other).
func.func @main(%f32: tensor<?xf32>, %f64: tensor<?xf64>, %f16: tensor<?xf16>, %bf16: tensor<?xbf16>, %i32: tensor<?xi32>, %e4m3: tensor<256xf8E4M3FN>, %e5m2: tensor<256xf8E5M2>) -> (tensor<?xf8E4M3FN>, tensor<?xf8E5M2>, tensor<?xf8E4M3FN>, tensor<?xf8E5M2>, tensor<?xf8E4M3FN>, tensor<?xf8E5M2>, tensor<?xf8E4M3FN>, tensor<?xf8E5M2>, tensor<256xf32>, tensor<256xf32>, tensor<256xf64>, tensor<256xf16>, tensor<256xbf16>, tensor<256xf8E5M2>, tensor<256xf8E4M3FN>, tensor<256xi32>, tensor<256xi8>, tensor<256xui8>, tensor<256xi1>, tensor<256xf8E5M2>, tensor<256xf8E4M3FN>) {
  %0 = ten.cast %f32 : tensor<?xf32> -> tensor<?xf8E4M3FN>
  %1 = ten.cast %f32 : tensor<?xf32> -> tensor<?xf8E5M2>
  %2 = ten.cast %f64 : tensor<?xf64> -> tensor<?xf8E4M3FN>
  %3 = ten.cast %f64 : tensor<?xf64> -> tensor<?xf8E5M2>
  %4 = ten.cast %f16 : tensor<?xf16> -> tensor<?xf8E4M3FN>
  %5 = ten.cast %bf16 : tensor<?xbf16> -> tensor<?xf8E5M2>
  %6 = ten.cast %i32 : tensor<?xi32> -> tensor<?xf8E4M3FN>
  %7 = ten.cast %i32 : tensor<?xi32> -> tensor<?xf8E5M2>
  %8 = ten.cast %e4m3 : tensor<256xf8E4M3FN> -> tensor<256xf32>
  %9 = ten.cast %e5m2 : tensor<256xf8E5M2> -> tensor<256xf32>
  %10 = ten.cast %e4m3 : tensor<256xf8E4M3FN> -> tensor<256xf64>
  %11 = ten.cast %e5m2 : tensor<256xf8E5M2> -> tensor<256xf16>
  %12 = ten.cast %e4m3 : tensor<256xf8E4M3FN> -> tensor<256xbf16>
  %13 = ten.cast %e4m3 : tensor<256xf8E4M3FN> -> tensor<256xf8E5M2>
  %14 = ten.cast %e5m2 : tensor<256xf8E5M2> -> tensor<256xf8E4M3FN>
  %15 = ten.cast %e4m3 : tensor<256xf8E4M3FN> -> tensor<256xi32>
  %16 = ten.cast %e5m2 : tensor<256xf8E5M2> -> tensor<256xi8>
  %17 = ten.cast %e5m2 : tensor<256xf8E5M2> -> tensor<256xui8>
  %18 = ten.cast %e4m3 : tensor<256xf8E4M3FN> -> tensor<256xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %e5m2, %e4m3 : tensor<?xf8E4M3FN>, tensor<?xf8E5M2>, tensor<?xf8E4M3FN>, tensor<?xf8E5M2>, tensor<?xf8E4M3FN>, tensor<?xf8E5M2>, tensor<?xf8E4M3FN>, tensor<?xf8E5M2>, tensor<256xf32>, tensor<256xf32>, tensor<256xf64>, tensor<256xf16>, tensor<256xbf16>, tensor<256xf8E5M2>, tensor<256xf8E4M3FN>, tensor<256xi32>, tensor<256xi8>, tensor<256xui8>, tensor<256xi1>, tensor<256xf8E5M2>, tensor<256xf8E4M3FN>
}
