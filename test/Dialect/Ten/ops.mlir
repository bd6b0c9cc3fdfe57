// RUN: tensor-opt %s | tensor-opt | FileCheck %s
// RUN: tensor-opt %s --verify-roundtrip > /dev/null
// RUN: tensor-opt %s --mlir-print-op-generic | tensor-opt | FileCheck %s

// Every op of the dialect in every form of its assembly.

// Every element type, each through an op that takes any of them.
// CHECK-LABEL: func.func @element_types
// CHECK: ten.transpose %{{.*}} [1, 0] : tensor<2x3xi16> -> tensor<3x2xi16>
// CHECK: ten.transpose %{{.*}} [1, 0] : tensor<2x3xui8> -> tensor<3x2xui8>
// CHECK: ten.transpose %{{.*}} [1, 0] : tensor<2x3xui16> -> tensor<3x2xui16>
// CHECK: ten.transpose %{{.*}} [1, 0] : tensor<2x3xui32> -> tensor<3x2xui32>
// CHECK: ten.transpose %{{.*}} [1, 0] : tensor<2x3xui64> -> tensor<3x2xui64>
// CHECK: ten.constant dense<[0, 255]> : tensor<2xui8>
// CHECK: ten.add %{{.*}}, %{{.*}} : (tensor<2x3xui64>, tensor<3xui64>) -> tensor<2x3xui64>
func.func @element_types(%a: tensor<2x3xi16>, %b: tensor<2x3xui8>,
                         %c: tensor<2x3xui16>, %d: tensor<2x3xui32>,
                         %e: tensor<2x3xui64>, %f: tensor<3xui64>) {
  %0 = ten.transpose %a [1, 0] : tensor<2x3xi16> -> tensor<3x2xi16>
  %1 = ten.transpose %b [1, 0] : tensor<2x3xui8> -> tensor<3x2xui8>
  %2 = ten.transpose %c [1, 0] : tensor<2x3xui16> -> tensor<3x2xui16>
  %3 = ten.transpose %d [1, 0] : tensor<2x3xui32> -> tensor<3x2xui32>
  %4 = ten.transpose %e [1, 0] : tensor<2x3xui64> -> tensor<3x2xui64>
  %5 = ten.constant dense<[0, 255]> : tensor<2xui8>
  %6 = ten.add %e, %f : (tensor<2x3xui64>, tensor<3xui64>) -> tensor<2x3xui64>
  return
}

// Complex numbers; abs, real, imag and angle infer real results.
// The fp8 storage types, in arithmetic, contractions, casts and constants.
// CHECK-LABEL: func.func @fp8
// CHECK: ten.add %{{.*}}, %{{.*}} : (tensor<2xf8E4M3FN>, tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN>
// CHECK: ten.einsum "i,i->" (%{{.*}}, %{{.*}}) : (tensor<2xf8E5M2>, tensor<2xf8E5M2>) -> tensor<f8E5M2>
// CHECK: ten.cast %{{.*}} : tensor<2xf8E4M3FN> -> tensor<2xf8E5M2>
// CHECK: ten.constant dense<[4.480000e+02, 0xFF]> : tensor<2xf8E4M3FN>
func.func @fp8(%a: tensor<2xf8E4M3FN>, %b: tensor<2xf8E5M2>) -> (tensor<2xf8E4M3FN>, tensor<f8E5M2>, tensor<2xf8E5M2>, tensor<2xf8E4M3FN>) {
  %0 = ten.add %a, %a : (tensor<2xf8E4M3FN>, tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN>
  %1 = ten.einsum "i,i->" (%b, %b) : (tensor<2xf8E5M2>, tensor<2xf8E5M2>) -> tensor<f8E5M2>
  %2 = ten.cast %a : tensor<2xf8E4M3FN> -> tensor<2xf8E5M2>
  %3 = ten.constant dense<[448.0, 0xFF]> : tensor<2xf8E4M3FN>
  return %0, %1, %2, %3 : tensor<2xf8E4M3FN>, tensor<f8E5M2>, tensor<2xf8E5M2>, tensor<2xf8E4M3FN>
}

// CHECK-LABEL: func.func @complex
// CHECK: ten.mul %{{.*}}, %{{.*}} : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
// CHECK: ten.abs %{{.*}} : tensor<2xcomplex<f32>>
// CHECK: ten.real %{{.*}} : tensor<2xcomplex<f64>>
// CHECK: ten.imag %{{.*}} : tensor<2xcomplex<f64>>
// CHECK: ten.conj %{{.*}} : tensor<2xcomplex<f64>>
// CHECK: ten.angle %{{.*}} : tensor<2xcomplex<f64>>
// CHECK: ten.constant dense<[(1.000000e+00,2.000000e+00), (0.000000e+00,-1.000000e+00)]> : tensor<2xcomplex<f32>>
// CHECK: ten.complex %{{.*}}, %{{.*}} : (tensor<2xf64>, tensor<f64>) -> tensor<2xcomplex<f64>>
func.func @complex(%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f64>>) -> (tensor<2xf32>, tensor<2xf64>, tensor<2xf64>, tensor<2xcomplex<f64>>, tensor<2xf64>) {
  %0 = ten.mul %a, %a : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  %1 = ten.abs %0 : tensor<2xcomplex<f32>>
  %2 = ten.real %b : tensor<2xcomplex<f64>>
  %3 = ten.imag %b : tensor<2xcomplex<f64>>
  %4 = ten.conj %b : tensor<2xcomplex<f64>>
  %5 = ten.angle %b : tensor<2xcomplex<f64>>
  %6 = ten.constant dense<[(1.0, 2.0), (0.0, -1.0)]> : tensor<2xcomplex<f32>>
  %zero = ten.constant dense<0.0> : tensor<f64>
  %7 = ten.complex %2, %zero : (tensor<2xf64>, tensor<f64>) -> tensor<2xcomplex<f64>>
  return %1, %2, %3, %4, %5 : tensor<2xf32>, tensor<2xf64>, tensor<2xf64>, tensor<2xcomplex<f64>>, tensor<2xf64>
}

// CHECK-LABEL: func.func @einsum
func.func @einsum(%a: tensor<32x100x64xf32>, %b: tensor<32x64x128xf32>,
                  %m: tensor<4x4xf64>, %x: tensor<8x2x3xi32>,
                  %y: tensor<3x5xi32>, %y1: tensor<3x1xi32>,
                  %v: tensor<7xbf16>,
                  %d: tensor<?x?xf16>, %e: tensor<?x3xf16>,
                  %p: tensor<2x3xi1>, %q: tensor<3xi8>, %s: tensor<i64>) {
  // CHECK: ten.einsum "bij,bjk->bik" (%{{.*}}, %{{.*}}) : (tensor<32x100x64xf32>, tensor<32x64x128xf32>) -> tensor<32x100x128xf32>
  %0 = ten.einsum "bij,bjk->bik" (%a, %b)
         : (tensor<32x100x64xf32>, tensor<32x64x128xf32>) -> tensor<32x100x128xf32>
  // Diagonal, trace, transpose, implicit output.
  // CHECK: ten.einsum "ii->i" ({{.*}}) : (tensor<4x4xf64>) -> tensor<4xf64>
  %1 = ten.einsum "ii->i" (%m) : (tensor<4x4xf64>) -> tensor<4xf64>
  // CHECK: ten.einsum "ii->" ({{.*}}) : (tensor<4x4xf64>) -> tensor<f64>
  %2 = ten.einsum "ii->" (%m) : (tensor<4x4xf64>) -> tensor<f64>
  // CHECK: ten.einsum "ii" ({{.*}}) : (tensor<4x4xf64>) -> tensor<f64>
  %3 = ten.einsum "ii" (%m) : (tensor<4x4xf64>) -> tensor<f64>
  // CHECK: ten.einsum "ji" ({{.*}}) : (tensor<4x4xf64>) -> tensor<4x4xf64>
  %4 = ten.einsum "ji" (%m) : (tensor<4x4xf64>) -> tensor<4x4xf64>
  // Ellipsis broadcasting, implicit output with '...'.
  // CHECK: ten.einsum "...ij,...jk" ({{.*}}) : (tensor<8x2x3xi32>, tensor<3x5xi32>) -> tensor<8x2x5xi32>
  %5 = ten.einsum "...ij,...jk" (%x, %y)
         : (tensor<8x2x3xi32>, tensor<3x5xi32>) -> tensor<8x2x5xi32>
  // CHECK: ten.einsum "i...j,j...->...i" ({{.*}}) : (tensor<8x2x3xi32>, tensor<3x1xi32>) -> tensor<2x8xi32>
  %6 = ten.einsum "i...j,j...->...i" (%x, %y1)
         : (tensor<8x2x3xi32>, tensor<3x1xi32>) -> tensor<2x8xi32>
  // Outer product, one operand summed to a scalar.
  // CHECK: ten.einsum "i,j->ij" ({{.*}}) : (tensor<7xbf16>, tensor<7xbf16>) -> tensor<7x7xbf16>
  %7 = ten.einsum "i,j->ij" (%v, %v) : (tensor<7xbf16>, tensor<7xbf16>) -> tensor<7x7xbf16>
  // CHECK: ten.einsum "i->" ({{.*}}) : (tensor<7xbf16>) -> tensor<bf16>
  %8 = ten.einsum "i->" (%v) : (tensor<7xbf16>) -> tensor<bf16>
  // Four operands, both cases of letters, spaces.
  // CHECK: ten.einsum "Ab, bC, Cd ,dE->AE" ({{.*}}) : (tensor<7x7xbf16>, tensor<7x7xbf16>, tensor<7x7xbf16>, tensor<7x7xbf16>) -> tensor<7x7xbf16>
  %9 = ten.einsum "Ab, bC, Cd ,dE->AE" (%7, %7, %7, %7)
         : (tensor<7x7xbf16>, tensor<7x7xbf16>, tensor<7x7xbf16>, tensor<7x7xbf16>) -> tensor<7x7xbf16>
  // Dynamic sizes, and a stated size that only run time confirms.
  // CHECK: ten.einsum "ij,jk->ik" ({{.*}}) : (tensor<?x?xf16>, tensor<?x3xf16>) -> tensor<?x3xf16>
  %10 = ten.einsum "ij,jk->ik" (%d, %e) : (tensor<?x?xf16>, tensor<?x3xf16>) -> tensor<?x3xf16>
  // CHECK: ten.einsum "ij,jk->ik" ({{.*}}) : (tensor<?x?xf16>, tensor<?x3xf16>) -> tensor<5x3xf16>
  %11 = ten.einsum "ij,jk->ik" (%d, %e) : (tensor<?x?xf16>, tensor<?x3xf16>) -> tensor<5x3xf16>
  // Size-1 labels broadcast.
  // CHECK: ten.einsum "ij,j->ij" ({{.*}}) : (tensor<2x3xi1>, tensor<1xi1>) -> tensor<2x3xi1>
  %one = ten.constant dense<true> : tensor<1xi1>
  %12 = ten.einsum "ij,j->ij" (%p, %one) : (tensor<2x3xi1>, tensor<1xi1>) -> tensor<2x3xi1>
  // Scalars.
  // CHECK: ten.einsum "," ({{.*}}) : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %13 = ten.einsum "," (%s, %s) : (tensor<i64>, tensor<i64>) -> tensor<i64>
  // CHECK: ten.einsum "i->i" ({{.*}}) : (tensor<3xi8>) -> tensor<3xi8>
  %14 = ten.einsum "i->i" (%q) : (tensor<3xi8>) -> tensor<3xi8>
  return
}

// CHECK-LABEL: func.func @broadcast
func.func @broadcast(%bias: tensor<512xf32>, %s: tensor<i8>,
                     %d: tensor<?x1xf64>) {
  // CHECK: ten.broadcast %{{.*}} : tensor<512xf32> -> tensor<1000x512xf32>
  %0 = ten.broadcast %bias : tensor<512xf32> -> tensor<1000x512xf32>
  // CHECK: ten.broadcast %{{.*}} : tensor<i8> -> tensor<2x3xi8>
  %1 = ten.broadcast %s : tensor<i8> -> tensor<2x3xi8>
  // CHECK: ten.broadcast %{{.*}} : tensor<?x1xf64> -> tensor<4x?x6xf64>
  %2 = ten.broadcast %d : tensor<?x1xf64> -> tensor<4x?x6xf64>
  return
}

// CHECK-LABEL: func.func @binary
func.func @binary(%m: tensor<1000x512xf32>, %bias: tensor<512xf32>,
                  %i: tensor<4x1xi32>, %j: tensor<3xi32>,
                  %h: tensor<?x8xf16>, %g: tensor<8xf16>,
                  %b: tensor<2xi1>, %c: tensor<i8>, %l: tensor<5xi64>,
                  %w: tensor<2xbf16>, %f: tensor<f64>) {
  // CHECK: ten.add %{{.*}}, %{{.*}} : (tensor<1000x512xf32>, tensor<512xf32>) -> tensor<1000x512xf32>
  %0 = ten.add %m, %bias : (tensor<1000x512xf32>, tensor<512xf32>) -> tensor<1000x512xf32>
  // CHECK: ten.sub %{{.*}}, %{{.*}} : (tensor<4x1xi32>, tensor<3xi32>) -> tensor<4x3xi32>
  %1 = ten.sub %i, %j : (tensor<4x1xi32>, tensor<3xi32>) -> tensor<4x3xi32>
  // CHECK: ten.mul %{{.*}}, %{{.*}} : (tensor<?x8xf16>, tensor<8xf16>) -> tensor<?x8xf16>
  %2 = ten.mul %h, %g : (tensor<?x8xf16>, tensor<8xf16>) -> tensor<?x8xf16>
  // CHECK: ten.div %{{.*}}, %{{.*}} : (tensor<i8>, tensor<i8>) -> tensor<i8>
  %3 = ten.div %c, %c : (tensor<i8>, tensor<i8>) -> tensor<i8>
  // CHECK: ten.pow %{{.*}}, %{{.*}} : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi64>
  %4 = ten.pow %l, %l : (tensor<5xi64>, tensor<5xi64>) -> tensor<5xi64>
  // CHECK: ten.max %{{.*}}, %{{.*}} : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  %5 = ten.max %b, %b : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  // CHECK: ten.min %{{.*}}, %{{.*}} : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xbf16>
  %6 = ten.min %w, %w : (tensor<2xbf16>, tensor<2xbf16>) -> tensor<2xbf16>
  // CHECK: ten.add %{{.*}}, %{{.*}} : (tensor<f64>, tensor<f64>) -> tensor<f64>
  %7 = ten.add %f, %f : (tensor<f64>, tensor<f64>) -> tensor<f64>
  // A result more static than the operands: checked at run time.
  // CHECK: ten.mul %{{.*}}, %{{.*}} : (tensor<?x8xf16>, tensor<8xf16>) -> tensor<16x8xf16>
  %8 = ten.mul %h, %g : (tensor<?x8xf16>, tensor<8xf16>) -> tensor<16x8xf16>
  return
}

// CHECK-LABEL: func.func @unary
func.func @unary(%x: tensor<4096x4096xf32>, %i: tensor<?xi32>,
                 %h: tensor<2x?xbf16>, %d: tensor<f64>, %e: tensor<3xi8>,
                 %f: tensor<4xf16>, %l: tensor<2xi64>) {
  // CHECK: ten.neg %{{.*}} : tensor<?xi32>
  %0 = ten.neg %i : tensor<?xi32>
  // CHECK: ten.abs %{{.*}} : tensor<3xi8>
  %1 = ten.abs %e : tensor<3xi8>
  // CHECK: ten.relu %{{.*}} : tensor<2xi64>
  %2 = ten.relu %l : tensor<2xi64>
  // CHECK: ten.exp %{{.*}} : tensor<4096x4096xf32>
  %3 = ten.exp %x : tensor<4096x4096xf32>
  // CHECK: ten.log %{{.*}} : tensor<2x?xbf16>
  %4 = ten.log %h : tensor<2x?xbf16>
  // CHECK: ten.sqrt %{{.*}} : tensor<f64>
  %5 = ten.sqrt %d : tensor<f64>
  // CHECK: ten.rsqrt %{{.*}} : tensor<4xf16>
  %6 = ten.rsqrt %f : tensor<4xf16>
  // CHECK: ten.tanh %{{.*}} : tensor<4096x4096xf32>
  %7 = ten.tanh %x : tensor<4096x4096xf32>
  // CHECK: ten.sigmoid %{{.*}} : tensor<4096x4096xf32>
  %8 = ten.sigmoid %x : tensor<4096x4096xf32>
  // CHECK: ten.relu %{{.*}} : tensor<4096x4096xf32>
  %9 = ten.relu %x : tensor<4096x4096xf32>
  // CHECK: ten.sin %{{.*}} : tensor<f64>
  %10 = ten.sin %d : tensor<f64>
  // CHECK: ten.cos %{{.*}} : tensor<4xf16>
  %11 = ten.cos %f : tensor<4xf16>
  // CHECK: ten.erf %{{.*}} : tensor<2x?xbf16>
  %12 = ten.erf %h : tensor<2x?xbf16>
  // CHECK: ten.erfc %{{.*}} : tensor<2x?xbf16>
  %erfc = ten.erfc %h : tensor<2x?xbf16>
  // CHECK: ten.neg %{{.*}} : tensor<4096x4096xf32>
  %13 = ten.neg %x : tensor<4096x4096xf32>
  // CHECK: ten.abs %{{.*}} : tensor<f64>
  %14 = ten.abs %d : tensor<f64>
  return
}

// CHECK-LABEL: func.func @reduce
func.func @reduce(%x: tensor<4096x4096xf32>, %y: tensor<64x512x512xf32>,
                  %i: tensor<?x3xi32>, %b: tensor<2x2xi1>, %h: tensor<8x?xf16>,
                  %z: tensor<0x4xf32>) {
  // CHECK: ten.reduce sum %{{.*}} dims [1] : tensor<4096x4096xf32> -> tensor<4096xf32>
  %0 = ten.reduce sum %x dims [1] : tensor<4096x4096xf32> -> tensor<4096xf32>
  // CHECK: ten.reduce max %{{.*}} dims [2] keepdim : tensor<64x512x512xf32> -> tensor<64x512x1xf32>
  %1 = ten.reduce max %y dims [2] keepdim : tensor<64x512x512xf32> -> tensor<64x512x1xf32>
  // CHECK: ten.reduce mean %{{.*}} dims [0, 2] : tensor<64x512x512xf32> -> tensor<512xf32>
  %2 = ten.reduce mean %y dims [0, 2] : tensor<64x512x512xf32> -> tensor<512xf32>
  // CHECK: ten.reduce prod %{{.*}} dims [0] : tensor<?x3xi32> -> tensor<3xi32>
  %3 = ten.reduce prod %i dims [0] : tensor<?x3xi32> -> tensor<3xi32>
  // CHECK: ten.reduce min %{{.*}} dims [1] keepdim : tensor<?x3xi32> -> tensor<?x1xi32>
  %4 = ten.reduce min %i dims [1] keepdim : tensor<?x3xi32> -> tensor<?x1xi32>
  // CHECK: ten.reduce argmax %{{.*}} dims [1] : tensor<8x?xf16> -> tensor<8xi64>
  %5 = ten.reduce argmax %h dims [1] : tensor<8x?xf16> -> tensor<8xi64>
  // CHECK: ten.reduce argmin %{{.*}} dims [0] keepdim : tensor<8x?xf16> -> tensor<1x?xi64>
  %6 = ten.reduce argmin %h dims [0] keepdim : tensor<8x?xf16> -> tensor<1x?xi64>
  // CHECK: ten.reduce any %{{.*}} dims [0, 1] : tensor<2x2xi1> -> tensor<i1>
  %7 = ten.reduce any %b dims [0, 1] : tensor<2x2xi1> -> tensor<i1>
  // CHECK: ten.reduce all %{{.*}} dims [1] : tensor<4096x4096xf32> -> tensor<4096xi1>
  %8 = ten.reduce all %x dims [1] : tensor<4096x4096xf32> -> tensor<4096xi1>
  // CHECK: ten.reduce sum %{{.*}} dims [] : tensor<?x3xi32> -> tensor<?x3xi32>
  %9 = ten.reduce sum %i dims [] : tensor<?x3xi32> -> tensor<?x3xi32>
  // A sum over zero elements is the identity.
  // CHECK: ten.reduce sum %{{.*}} dims [0] : tensor<0x4xf32> -> tensor<4xf32>
  %10 = ten.reduce sum %z dims [0] : tensor<0x4xf32> -> tensor<4xf32>
  return
}

// CHECK-LABEL: func.func @cmp_select
func.func @cmp_select(%x: tensor<1000x1000xf32>, %t: tensor<f32>,
                      %a: tensor<1000x1000xf32>, %i: tensor<3xi32>,
                      %b: tensor<?x1xi1>) {
  // CHECK: ten.cmp gt, %{{.*}}, %{{.*}} : (tensor<1000x1000xf32>, tensor<f32>) -> tensor<1000x1000xi1>
  %p = ten.cmp gt, %x, %t : (tensor<1000x1000xf32>, tensor<f32>) -> tensor<1000x1000xi1>
  // CHECK: ten.cmp eq, {{.*}} -> tensor<3xi1>
  %0 = ten.cmp eq, %i, %i : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  // CHECK: ten.cmp ne, {{.*}} -> tensor<3xi1>
  %1 = ten.cmp ne, %i, %i : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  // CHECK: ten.cmp lt, {{.*}} -> tensor<3xi1>
  %2 = ten.cmp lt, %i, %i : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  // CHECK: ten.cmp le, {{.*}} -> tensor<3xi1>
  %3 = ten.cmp le, %i, %i : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  // CHECK: ten.cmp ge, {{.*}} : (tensor<?x1xi1>, tensor<?x1xi1>) -> tensor<?x1xi1>
  %4 = ten.cmp ge, %b, %b : (tensor<?x1xi1>, tensor<?x1xi1>) -> tensor<?x1xi1>
  // CHECK: ten.select %{{.*}}, %{{.*}}, %{{.*}} : (tensor<1000x1000xi1>, tensor<1000x1000xf32>, tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  %5 = ten.select %p, %x, %a : (tensor<1000x1000xi1>, tensor<1000x1000xf32>, tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
  // All three operands broadcast.
  // CHECK: ten.select %{{.*}}, %{{.*}}, %{{.*}} : (tensor<?x1xi1>, tensor<3xi32>, tensor<3xi32>) -> tensor<?x3xi32>
  %6 = ten.select %b, %i, %i : (tensor<?x1xi1>, tensor<3xi32>, tensor<3xi32>) -> tensor<?x3xi32>
  return
}

// CHECK-LABEL: func.func @constant_cast_layout
func.func @constant_cast_layout(%x: tensor<8x8xf32>, %y: tensor<3x4xf32>,
                                %d: tensor<?x4xf32>, %i: tensor<2x3x4xi8>) {
  // CHECK: ten.constant dense<3.000000e+00> : tensor<f32>
  %c0 = ten.constant dense<3.0> : tensor<f32>
  // CHECK: ten.constant dense<[1, 2, 3]> : tensor<3xi32>
  %c1 = ten.constant dense<[1, 2, 3]> : tensor<3xi32>
  // CHECK: ten.constant dense<[true, false]> : tensor<2xi1>
  %c2 = ten.constant dense<[true, false]> : tensor<2xi1>
  // CHECK: ten.cast %{{.*}} : tensor<8x8xf32> -> tensor<8x8xbf16>
  %h = ten.cast %x : tensor<8x8xf32> -> tensor<8x8xbf16>
  // CHECK: ten.cast %{{.*}} : tensor<?x4xf32> -> tensor<?x4xi1>
  %b = ten.cast %d : tensor<?x4xf32> -> tensor<?x4xi1>
  // CHECK: ten.cast %{{.*}} : tensor<2x3x4xi8> -> tensor<2x3x4xf64>
  %f = ten.cast %i : tensor<2x3x4xi8> -> tensor<2x3x4xf64>
  // CHECK: ten.transpose %{{.*}} [1, 0] : tensor<3x4xf32> -> tensor<4x3xf32>
  %t = ten.transpose %y [1, 0] : tensor<3x4xf32> -> tensor<4x3xf32>
  // CHECK: ten.transpose %{{.*}} [2, 0, 1] : tensor<2x3x4xi8> -> tensor<4x2x3xi8>
  %t3 = ten.transpose %i [2, 0, 1] : tensor<2x3x4xi8> -> tensor<4x2x3xi8>
  // CHECK: ten.transpose %{{.*}} [1, 0] : tensor<?x4xf32> -> tensor<4x?xf32>
  %td = ten.transpose %d [1, 0] : tensor<?x4xf32> -> tensor<4x?xf32>
  // CHECK: ten.reshape %{{.*}} : tensor<3x4xf32> -> tensor<12xf32>
  %r = ten.reshape %y : tensor<3x4xf32> -> tensor<12xf32>
  // CHECK: ten.reshape %{{.*}} : tensor<?x4xf32> -> tensor<?xf32>
  %rd = ten.reshape %d : tensor<?x4xf32> -> tensor<?xf32>
  // CHECK: ten.reshape %{{.*}} : tensor<3x4xf32> -> tensor<2x?xf32>
  %rq = ten.reshape %y : tensor<3x4xf32> -> tensor<2x?xf32>
  // CHECK: ten.reshape %{{.*}} : tensor<?x4xf32> -> tensor<2x2x2xf32>
  %rs = ten.reshape %d : tensor<?x4xf32> -> tensor<2x2x2xf32>
  // CHECK: ten.reshape %{{.*}} : tensor<3x4xf32> -> tensor<1x12x1xf32>
  %r1 = ten.reshape %y : tensor<3x4xf32> -> tensor<1x12x1xf32>
  return
}

// Bitcasts between every kind of element type of one width.
// CHECK-LABEL: func.func @bitcast
// CHECK: ten.bitcast %{{.*}} : tensor<8x8xf32> -> tensor<8x8xui32>
// CHECK: ten.bitcast %{{.*}} : tensor<?x4xf64> -> tensor<?x4xi64>
// CHECK: ten.bitcast %{{.*}} : tensor<2xcomplex<f32>> -> tensor<2xf64>
// CHECK: ten.bitcast %{{.*}} : tensor<2xf8E4M3FN> -> tensor<2xi1>
// CHECK: ten.bitcast %{{.*}} : tensor<bf16> -> tensor<f16>
// CHECK: ten.bitcast %{{.*}} : tensor<?x4xf64> -> tensor<3x4xcomplex<f32>>
func.func @bitcast(%x: tensor<8x8xf32>, %d: tensor<?x4xf64>, %c: tensor<2xcomplex<f32>>,
                   %e: tensor<2xf8E4M3FN>, %h: tensor<bf16>) {
  %0 = ten.bitcast %x : tensor<8x8xf32> -> tensor<8x8xui32>
  %1 = ten.bitcast %d : tensor<?x4xf64> -> tensor<?x4xi64>
  %2 = ten.bitcast %c : tensor<2xcomplex<f32>> -> tensor<2xf64>
  %3 = ten.bitcast %e : tensor<2xf8E4M3FN> -> tensor<2xi1>
  %4 = ten.bitcast %h : tensor<bf16> -> tensor<f16>
  %5 = ten.bitcast %d : tensor<?x4xf64> -> tensor<3x4xcomplex<f32>>
  return
}

// Constants whose data the module holds as a resource, and the largest
// sizes memory can address (2^63 - 1 bytes; zeros do not count).
// CHECK-LABEL: func.func @resources_and_limits
func.func @resources_and_limits(%x: tensor<9223372036854775807xi8>,
                                %y: tensor<0x2305843009213693951xi32>) {
  // CHECK: ten.constant dense_resource<four_floats> : tensor<4xf32>
  %c = ten.constant dense_resource<four_floats> : tensor<4xf32>
  // CHECK: ten.neg %{{.*}} : tensor<9223372036854775807xi8>
  %n = ten.neg %x : tensor<9223372036854775807xi8>
  // CHECK: ten.abs %{{.*}} : tensor<0x2305843009213693951xi32>
  %a = ten.abs %y : tensor<0x2305843009213693951xi32>
  return
}

{-#
  dialect_resources: {
    builtin: {
      four_floats: "0x040000000000803F0000803F0000803F0000803F"
    }
  }
#-}

// The rest of NumPy's elementwise math: rounding, classification (boolean
// results), transcendental functions, division, bits and shifts.
// CHECK-LABEL: func.func @numpy_math
// CHECK: ten.floor %{{.*}} : tensor<4xf32>
// CHECK: ten.ceil %{{.*}} : tensor<4xi32>
// CHECK: ten.trunc %{{.*}} : tensor<4xi1>
// CHECK: ten.round %{{.*}} : tensor<4xcomplex<f32>>
// CHECK: ten.sign %{{.*}} : tensor<4xui8>
// CHECK: ten.square %{{.*}} : tensor<4xf32>
// CHECK: ten.reciprocal %{{.*}} : tensor<4xi32>
// CHECK: ten.log1p %{{.*}} : tensor<4xf32>
// CHECK: ten.expm1 %{{.*}} : tensor<4xf32>
// CHECK: ten.log2 %{{.*}} : tensor<4xf32>
// CHECK: ten.log10 %{{.*}} : tensor<4xf32>
// CHECK: ten.exp2 %{{.*}} : tensor<4xf32>
// CHECK: ten.cbrt %{{.*}} : tensor<4xf32>
// CHECK: ten.tan %{{.*}} : tensor<4xf32>
// CHECK: ten.asin %{{.*}} : tensor<4xf32>
// CHECK: ten.acos %{{.*}} : tensor<4xf32>
// CHECK: ten.atan %{{.*}} : tensor<4xf32>
// CHECK: ten.sinh %{{.*}} : tensor<4xf32>
// CHECK: ten.cosh %{{.*}} : tensor<4xf32>
// CHECK: ten.asinh %{{.*}} : tensor<4xf32>
// CHECK: ten.acosh %{{.*}} : tensor<4xf32>
// CHECK: ten.atanh %{{.*}} : tensor<4xf32>
// CHECK: ten.isnan %{{.*}} : tensor<4xf32>
// CHECK: ten.isinf %{{.*}} : tensor<4xcomplex<f32>>
// CHECK: ten.isfinite %{{.*}} : tensor<4xi32>
// CHECK: ten.not %{{.*}} : tensor<4xi1>
// CHECK: ten.floordiv %{{.*}}, %{{.*}} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK: ten.rem %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: ten.fmod %{{.*}}, %{{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: ten.atan2 %{{.*}}, %{{.*}} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: ten.and %{{.*}}, %{{.*}} : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
// CHECK: ten.or %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: ten.xor %{{.*}}, %{{.*}} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
// CHECK: ten.shl %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK: ten.shr %{{.*}}, %{{.*}} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
// CHECK: ten.gcd %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
func.func @numpy_math(%f: tensor<4xf32>, %i: tensor<4xi32>, %p: tensor<4xi1>,
                      %c: tensor<4xcomplex<f32>>, %u: tensor<4xui8>, %s: tensor<f32>) {
  %0 = ten.floor %f : tensor<4xf32>
  %1 = ten.ceil %i : tensor<4xi32>
  %2 = ten.trunc %p : tensor<4xi1>
  %3 = ten.round %c : tensor<4xcomplex<f32>>
  %4 = ten.sign %u : tensor<4xui8>
  %5 = ten.square %f : tensor<4xf32>
  %6 = ten.reciprocal %i : tensor<4xi32>
  %7 = ten.log1p %f : tensor<4xf32>
  %8 = ten.expm1 %f : tensor<4xf32>
  %9 = ten.log2 %f : tensor<4xf32>
  %10 = ten.log10 %f : tensor<4xf32>
  %11 = ten.exp2 %f : tensor<4xf32>
  %cube = ten.cbrt %f : tensor<4xf32>
  %12 = ten.tan %f : tensor<4xf32>
  %13 = ten.asin %f : tensor<4xf32>
  %14 = ten.acos %f : tensor<4xf32>
  %15 = ten.atan %f : tensor<4xf32>
  %16 = ten.sinh %f : tensor<4xf32>
  %17 = ten.cosh %f : tensor<4xf32>
  %18 = ten.asinh %f : tensor<4xf32>
  %19 = ten.acosh %f : tensor<4xf32>
  %20 = ten.atanh %f : tensor<4xf32>
  %21 = ten.isnan %f : tensor<4xf32>
  %22 = ten.isinf %c : tensor<4xcomplex<f32>>
  %23 = ten.isfinite %i : tensor<4xi32>
  %24 = ten.not %p : tensor<4xi1>
  %25 = ten.floordiv %f, %s : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %26 = ten.rem %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %27 = ten.fmod %f, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %28 = ten.atan2 %f, %f : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %29 = ten.and %p, %p : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %30 = ten.or %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %31 = ten.xor %u, %u : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %32 = ten.shl %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %33 = ten.shr %u, %u : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %c12 = ten.constant dense<12> : tensor<i32>
  %34 = ten.gcd %i, %c12 : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  return
}

// CHECK-LABEL: func.func @iota
// CHECK: ten.iota 1 : tensor<2x3xf32>
// CHECK: ten.iota 0 : tensor<4xui8>
func.func @iota() -> (tensor<2x3xf32>, tensor<4xui8>) {
  %0 = ten.iota 1 : tensor<2x3xf32>
  %1 = ten.iota 0 : tensor<4xui8>
  return %0, %1 : tensor<2x3xf32>, tensor<4xui8>
}

// A slice prints NumPy's subscripts, leaving out default bounds and steps
// (a start of 0 going forwards is one).
// CHECK-LABEL: func.func @slice
// CHECK: ten.slice %{{.*}} [1:7:2, :, ::-1] : tensor<8x4x3xf32> -> tensor<3x4x3xf32>
// CHECK: ten.slice %{{.*}} [:, -3:-1, 2::-2] : tensor<8x4x3xf32> -> tensor<8x2x2xf32>
// CHECK: ten.slice %{{.*}} [-2:] : tensor<?xui8> -> tensor<?xui8>
// CHECK: ten.slice %{{.*}} [] : tensor<f32> -> tensor<f32>
func.func @slice(%x: tensor<8x4x3xf32>, %y: tensor<?xui8>, %s: tensor<f32>)
    -> (tensor<3x4x3xf32>, tensor<8x2x2xf32>, tensor<?xui8>, tensor<f32>) {
  %0 = ten.slice %x [1:7:2, :, ::-1] : tensor<8x4x3xf32> -> tensor<3x4x3xf32>
  %1 = ten.slice %x [0:, -3:-1:1, 2::-2] : tensor<8x4x3xf32> -> tensor<8x2x2xf32>
  %2 = ten.slice %y [-2:] : tensor<?xui8> -> tensor<?xui8>
  %3 = ten.slice %s [] : tensor<f32> -> tensor<f32>
  return %0, %1, %2, %3 : tensor<3x4x3xf32>, tensor<8x2x2xf32>, tensor<?xui8>, tensor<f32>
}

// CHECK-LABEL: func.func @concat
// CHECK: ten.concat %{{.*}}, %{{.*}} along 0 : tensor<2x3xf32>, tensor<4x3xf32> -> tensor<6x3xf32>
// CHECK: ten.concat %{{.*}} along 1 : tensor<?x?xi1> -> tensor<?x?xi1>
// CHECK: ten.concat %{{.*}}, %{{.*}} along 1 : tensor<?x?xi1>, tensor<2x3xi1> -> tensor<2x?xi1>
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %c: tensor<?x?xi1>,
                  %d: tensor<2x3xi1>)
    -> (tensor<6x3xf32>, tensor<?x?xi1>, tensor<2x?xi1>) {
  %0 = ten.concat %a, %b along 0 : tensor<2x3xf32>, tensor<4x3xf32> -> tensor<6x3xf32>
  %1 = ten.concat %c along 1 : tensor<?x?xi1> -> tensor<?x?xi1>
  %2 = ten.concat %c, %d along 1 : tensor<?x?xi1>, tensor<2x3xi1> -> tensor<2x?xi1>
  return %0, %1, %2 : tensor<6x3xf32>, tensor<?x?xi1>, tensor<2x?xi1>
}

// CHECK-LABEL: func.func @random_bits
// CHECK: ten.random_bits %{{.*}} : tensor<2xui32> -> tensor<4x5xui32>
// CHECK: ten.random_bits %{{.*}} stream 3 : tensor<2xui32> -> tensor<ui64>
func.func @random_bits(%key: tensor<2xui32>) -> (tensor<4x5xui32>, tensor<ui64>) {
  %0 = ten.random_bits %key : tensor<2xui32> -> tensor<4x5xui32>
  %1 = ten.random_bits %key stream 3 : tensor<2xui32> -> tensor<ui64>
  return %0, %1 : tensor<4x5xui32>, tensor<ui64>
}

// CHECK-LABEL: func.func @assert
// CHECK: ten.assert %{{.*}}, "class values must be non-negative" : tensor<?x3xi1>
// CHECK: ten.assert %{{.*}}, "sum must be positive" : tensor<i1>
func.func @assert(%c: tensor<?x3xi1>, %s: tensor<i1>) {
  ten.assert %c, "class values must be non-negative" : tensor<?x3xi1>
  ten.assert %s, "sum must be positive" : tensor<i1>
  return
}

// Bounds of run time are values, wherever a bound may be; the static bound
// below the least a dynamic one marks prints as one above it.
// CHECK-LABEL: func.func @slice_dynamic_bounds
// CHECK-SAME: (%[[X:.*]]: tensor<8x4xf32>, %[[I:.*]]: tensor<i64>, %[[J:.*]]: tensor<i64>,
// CHECK: ten.slice %[[X]] [%[[I]]:%[[J]], :2] : tensor<8x4xf32> -> tensor<?x2xf32>
// CHECK: ten.slice %[[X]] [%[[J]]::-2, %[[I]]:] : tensor<8x4xf32> -> tensor<?x?xf32>
// CHECK: ten.slice %[[X]] [:%[[I]]:3, -9223372036854775807::-1] : tensor<8x4xf32> -> tensor<?x0xf32>
// CHECK: ten.insert_slice %{{.*}} into %[[X]] [%[[I]]:, 1:%[[J]]] : tensor<?x?xf32> into tensor<8x4xf32>
func.func @slice_dynamic_bounds(%x: tensor<8x4xf32>, %i: tensor<i64>, %j: tensor<i64>, %v: tensor<?x?xf32>)
    -> (tensor<?x2xf32>, tensor<?x?xf32>, tensor<?x0xf32>, tensor<8x4xf32>) {
  %0 = ten.slice %x [%i:%j, :2] : tensor<8x4xf32> -> tensor<?x2xf32>
  %1 = ten.slice %x [%j::-2, %i:] : tensor<8x4xf32> -> tensor<?x?xf32>
  %2 = ten.slice %x [:%i:3, -9223372036854775808::-1] : tensor<8x4xf32> -> tensor<?x0xf32>
  %3 = ten.insert_slice %v into %x [%i:, 1:%j] : tensor<?x?xf32> into tensor<8x4xf32>
  return %0, %1, %2, %3 : tensor<?x2xf32>, tensor<?x?xf32>, tensor<?x0xf32>, tensor<8x4xf32>
}

// CHECK-LABEL: func.func @insert_slice
// CHECK: ten.insert_slice %{{.*}} into %{{.*}} [1:7:2, ::-1] : tensor<3x4xf32> into tensor<8x4xf32>
// CHECK: ten.insert_slice %{{.*}} into %{{.*}} [-2:] : tensor<?xi8> into tensor<?xi8>
func.func @insert_slice(%v: tensor<3x4xf32>, %x: tensor<8x4xf32>, %w: tensor<?xi8>, %y: tensor<?xi8>)
    -> (tensor<8x4xf32>, tensor<?xi8>) {
  %0 = ten.insert_slice %v into %x [1:7:2, ::-1] : tensor<3x4xf32> into tensor<8x4xf32>
  %1 = ten.insert_slice %w into %y [-2:] : tensor<?xi8> into tensor<?xi8>
  return %0, %1 : tensor<8x4xf32>, tensor<?xi8>
}

// CHECK-LABEL: func.func @scan
// CHECK: ten.scan sum %{{.*}} dim 1 : tensor<4x5xf32>
// CHECK: ten.scan prod %{{.*}} dim 0 : tensor<?xui8>
// CHECK: ten.scan max %{{.*}} dim 0 : tensor<3x2xi1>
// CHECK: ten.scan min %{{.*}} dim 1 : tensor<3x2xcomplex<f64>>
func.func @scan(%x: tensor<4x5xf32>, %y: tensor<?xui8>, %b: tensor<3x2xi1>, %c: tensor<3x2xcomplex<f64>>)
    -> (tensor<4x5xf32>, tensor<?xui8>, tensor<3x2xi1>, tensor<3x2xcomplex<f64>>) {
  %0 = ten.scan sum %x dim 1 : tensor<4x5xf32>
  %1 = ten.scan prod %y dim 0 : tensor<?xui8>
  %2 = ten.scan max %b dim 0 : tensor<3x2xi1>
  %3 = ten.scan min %c dim 1 : tensor<3x2xcomplex<f64>>
  return %0, %1, %2, %3 : tensor<4x5xf32>, tensor<?xui8>, tensor<3x2xi1>, tensor<3x2xcomplex<f64>>
}

// CHECK-LABEL: func.func @partition
// CHECK: ten.partition %{{.*}} dim 1 kth [0, 3] : tensor<4x5xf32> -> tensor<4x5xf32>, tensor<4x5xi64>
// CHECK: ten.partition %{{.*}} dim 0 kth [2] descending : tensor<?xui8> -> tensor<?xui8>, tensor<?xi64>
// CHECK: ten.partition %{{.*}} dim 0 kth [] : tensor<0xi1> -> tensor<0xi1>, tensor<0xi64>
func.func @partition(%x: tensor<4x5xf32>, %y: tensor<?xui8>, %z: tensor<0xi1>) -> (tensor<4x5xf32>, tensor<4x5xi64>, tensor<?xui8>, tensor<0xi1>) {
  %v, %i = ten.partition %x dim 1 kth [0, 3] : tensor<4x5xf32> -> tensor<4x5xf32>, tensor<4x5xi64>
  %w, %j = ten.partition %y dim 0 kth [2] descending : tensor<?xui8> -> tensor<?xui8>, tensor<?xi64>
  %e, %k = ten.partition %z dim 0 kth [] : tensor<0xi1> -> tensor<0xi1>, tensor<0xi64>
  return %v, %i, %w, %e : tensor<4x5xf32>, tensor<4x5xi64>, tensor<?xui8>, tensor<0xi1>
}

// CHECK-LABEL: func.func @sort
// CHECK: ten.sort %{{.*}} dim 1 : tensor<4x5xf32> -> tensor<4x5xf32>, tensor<4x5xi64>
// CHECK: ten.sort %{{.*}} dim 0 descending : tensor<?xui8> -> tensor<?xui8>, tensor<?xi64>
func.func @sort(%x: tensor<4x5xf32>, %y: tensor<?xui8>) -> (tensor<4x5xf32>, tensor<4x5xi64>, tensor<?xui8>) {
  %v, %i = ten.sort %x dim 1 : tensor<4x5xf32> -> tensor<4x5xf32>, tensor<4x5xi64>
  %w, %j = ten.sort %y dim 0 descending : tensor<?xui8> -> tensor<?xui8>, tensor<?xi64>
  return %v, %i, %w : tensor<4x5xf32>, tensor<4x5xi64>, tensor<?xui8>
}

// CHECK-LABEL: func.func @scatter
// CHECK: ten.scatter assign %{{.*}}, %{{.*}}, %{{.*}} dim 0 : (tensor<5x3xf32>, tensor<4xi64>, tensor<4x3xf32>) -> tensor<5x3xf32>
// CHECK: ten.scatter add %{{.*}}, %{{.*}}, %{{.*}} dim 1 : (tensor<5x3xf32>, tensor<2x?xi64>, tensor<5x2x?xf32>) -> tensor<5x3xf32>
// CHECK: ten.scatter mul %{{.*}}, %{{.*}}, %{{.*}} dim 0 : (tensor<?xi1>, tensor<i64>, tensor<i1>) -> tensor<?xi1>
// CHECK: ten.scatter max %{{.*}}, %{{.*}}, %{{.*}} dim 0 : (tensor<?xui8>, tensor<4xi64>, tensor<?xui8>) -> tensor<?xui8>
// CHECK: ten.scatter min %{{.*}}, %{{.*}}, %{{.*}} dim 0 : (tensor<?xui8>, tensor<4xi64>, tensor<4xui8>) -> tensor<?xui8>
func.func @scatter(%x: tensor<5x3xf32>, %i: tensor<4xi64>, %u: tensor<4x3xf32>, %j: tensor<2x?xi64>, %v: tensor<5x2x?xf32>,
                   %b: tensor<?xi1>, %k: tensor<i64>, %c: tensor<i1>, %y: tensor<?xui8>, %w: tensor<?xui8>, %z: tensor<4xui8>)
    -> (tensor<5x3xf32>, tensor<5x3xf32>, tensor<?xi1>, tensor<?xui8>, tensor<?xui8>) {
  %0 = ten.scatter assign %x, %i, %u dim 0 : (tensor<5x3xf32>, tensor<4xi64>, tensor<4x3xf32>) -> tensor<5x3xf32>
  %1 = ten.scatter add %x, %j, %v dim 1 : (tensor<5x3xf32>, tensor<2x?xi64>, tensor<5x2x?xf32>) -> tensor<5x3xf32>
  %2 = ten.scatter mul %b, %k, %c dim 0 : (tensor<?xi1>, tensor<i64>, tensor<i1>) -> tensor<?xi1>
  %3 = ten.scatter max %y, %i, %w dim 0 : (tensor<?xui8>, tensor<4xi64>, tensor<?xui8>) -> tensor<?xui8>
  %4 = ten.scatter min %y, %i, %z dim 0 : (tensor<?xui8>, tensor<4xi64>, tensor<4xui8>) -> tensor<?xui8>
  return %0, %1, %2, %3, %4 : tensor<5x3xf32>, tensor<5x3xf32>, tensor<?xi1>, tensor<?xui8>, tensor<?xui8>
}

// CHECK-LABEL: func.func @searchsorted
// CHECK: ten.searchsorted left %{{.*}}, %{{.*}} : (tensor<11xf32>, tensor<3x4xf32>) -> tensor<3x4xi64>
// CHECK: ten.searchsorted right %{{.*}}, %{{.*}} : (tensor<?xui16>, tensor<ui16>) -> tensor<i64>
// CHECK: ten.searchsorted left %{{.*}}, %{{.*}} : (tensor<5xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xi64>
func.func @searchsorted(%a: tensor<11xf32>, %v: tensor<3x4xf32>, %b: tensor<?xui16>, %w: tensor<ui16>, %c: tensor<5xcomplex<f64>>, %z: tensor<2xcomplex<f64>>) -> (tensor<3x4xi64>, tensor<i64>, tensor<2xi64>) {
  %0 = ten.searchsorted left %a, %v : (tensor<11xf32>, tensor<3x4xf32>) -> tensor<3x4xi64>
  %1 = ten.searchsorted right %b, %w : (tensor<?xui16>, tensor<ui16>) -> tensor<i64>
  %2 = ten.searchsorted left %c, %z : (tensor<5xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<2xi64>
  return %0, %1, %2 : tensor<3x4xi64>, tensor<i64>, tensor<2xi64>
}

// CHECK-LABEL: func.func @nonzero
// CHECK: ten.nonzero %{{.*}} : tensor<4x5xf32>
// CHECK: ten.nonzero %{{.*}} : tensor<?xi1>
// CHECK: ten.nonzero %{{.*}} : tensor<complex<f64>>
func.func @nonzero(%x: tensor<4x5xf32>, %b: tensor<?xi1>, %c: tensor<complex<f64>>) -> (tensor<?xi64>, tensor<?xi64>, tensor<?xi64>) {
  %0 = ten.nonzero %x : tensor<4x5xf32>
  %1 = ten.nonzero %b : tensor<?xi1>
  %2 = ten.nonzero %c : tensor<complex<f64>>
  return %0, %1, %2 : tensor<?xi64>, tensor<?xi64>, tensor<?xi64>
}

// CHECK-LABEL: func.func @take
// CHECK: ten.take raise %{{.*}}, %{{.*}} dim 1 : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<4x3xf32>
// CHECK: ten.take wrap %{{.*}}, %{{.*}} dim 0 : (tensor<4x5xf32>, tensor<2x?xi64>) -> tensor<2x?x5xf32>
// CHECK: ten.take clip %{{.*}}, %{{.*}} dim 0 : (tensor<?xi1>, tensor<i64>) -> tensor<i1>
func.func @take(%x: tensor<4x5xf32>, %i: tensor<3xi64>, %j: tensor<2x?xi64>, %b: tensor<?xi1>, %k: tensor<i64>)
    -> (tensor<4x3xf32>, tensor<2x?x5xf32>, tensor<i1>) {
  %0 = ten.take raise %x, %i dim 1 : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<4x3xf32>
  %1 = ten.take wrap %x, %j dim 0 : (tensor<4x5xf32>, tensor<2x?xi64>) -> tensor<2x?x5xf32>
  %2 = ten.take clip %b, %k dim 0 : (tensor<?xi1>, tensor<i64>) -> tensor<i1>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<2x?x5xf32>, tensor<i1>
}

// CHECK-LABEL: func.func @shard
// CHECK: ten.shard %{{.*}} [-1, 0] : tensor<8x6xf32>
// CHECK: ten.shard %{{.*}} [] : tensor<f64>
func.func @shard(%x: tensor<8x6xf32>, %s: tensor<f64>) -> (tensor<8x6xf32>, tensor<f64>) {
  %0 = ten.shard %x [-1, 0] : tensor<8x6xf32>
  %1 = ten.shard %s [] : tensor<f64>
  return %0, %1 : tensor<8x6xf32>, tensor<f64>
}

// CHECK-LABEL: func.func @fft
// CHECK: ten.fft forward %{{.*}} dim 1 : tensor<4x8xcomplex<f32>> -> tensor<4x8xcomplex<f32>>
// CHECK: ten.fft inverse %{{.*}} dim 0 : tensor<?xcomplex<f64>> -> tensor<?xcomplex<f64>>
// CHECK: ten.fft real_forward %{{.*}} dim 0 : tensor<10xf64> -> tensor<6xcomplex<f64>>
// CHECK: ten.fft real_inverse %{{.*}} dim 0 : tensor<6xcomplex<f64>> -> tensor<11xf64>
// CHECK: ten.fft real_inverse %{{.*}} dim 1 : tensor<2x?xcomplex<f32>> -> tensor<2x?xf32>
func.func @fft(%x: tensor<4x8xcomplex<f32>>, %y: tensor<?xcomplex<f64>>, %r: tensor<10xf64>, %s: tensor<2x?xcomplex<f32>>) {
  %a = ten.fft forward %x dim 1 : tensor<4x8xcomplex<f32>> -> tensor<4x8xcomplex<f32>>
  %b = ten.fft inverse %y dim 0 : tensor<?xcomplex<f64>> -> tensor<?xcomplex<f64>>
  %c = ten.fft real_forward %r dim 0 : tensor<10xf64> -> tensor<6xcomplex<f64>>
  %d = ten.fft real_inverse %c dim 0 : tensor<6xcomplex<f64>> -> tensor<11xf64>
  %e = ten.fft real_inverse %s dim 1 : tensor<2x?xcomplex<f32>> -> tensor<2x?xf32>
  return
}
