// A Monte-Carlo pi over 10^7 points, as @ten.jit traces it from
// ten.random.split/uniform (python/tests/test_random.py): the generation,
// the test and the count are one loop per thread, and the samples never
// reach memory. The program's only buffers, just before the loops become
// LLVM, are the two split keys and the threads' partial counts (on the
// stack) and the result.
// RUN: tensor-opt %s --ten-cpu-pipeline="threads=2" --mlir-disable-threading --mlir-print-ir-before=lower-affine -o /dev/null 2>&1 | FileCheck %s --implicit-check-not='memref<10000000'
// RUN: tensor-opt %s --ten-cpu-pipeline="threads=1" --mlir-disable-threading --mlir-print-ir-before=lower-affine -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE --implicit-check-not='memref<10000000'

// CHECK-LABEL: func.func @jit_pi(
// CHECK-NOT: memref.alloc
// CHECK: memref.alloca() {{.*}} : memref<2x2xi32>
// CHECK-NOT: memref.alloc
// CHECK: memref.alloc() {{.*}} : memref<f64>
// CHECK-NOT: memref.alloc
// CHECK: memref.alloca() {{.*}} : memref<2xf64>
// CHECK-NOT: memref.alloc
// CHECK: omp.parallel
// CHECK-NOT: memref.alloc
// CHECK: return
// ONE-LABEL: func.func @jit_pi(
// ONE-NOT: memref.alloc
// ONE: memref.alloca() {{.*}} : memref<2x2xi32>
// ONE-NOT: memref.alloc
// ONE: memref.alloc() {{.*}} : memref<f64>
// ONE-NOT: memref.alloc
// ONE: return
func.func @jit_pi(%arg0: tensor<2xui32>) -> tensor<f64> {
  %0 = ten.random_bits %arg0 stream 1 : tensor<2xui32> -> tensor<2x2xui32>
  %1 = ten.slice %0 [:1, :2] : tensor<2x2xui32> -> tensor<1x2xui32>
  %2 = ten.reshape %1 : tensor<1x2xui32> -> tensor<2xui32>
  %3 = ten.slice %0 [1:2, :2] : tensor<2x2xui32> -> tensor<1x2xui32>
  %4 = ten.reshape %3 : tensor<1x2xui32> -> tensor<2xui32>
  %5 = ten.random_bits %2 : tensor<2xui32> -> tensor<10000000xui32>
  %6 = ten.constant dense<8> : tensor<ui32>
  %7 = ten.shr %5, %6 : (tensor<10000000xui32>, tensor<ui32>) -> tensor<10000000xui32>
  %8 = ten.cast %7 : tensor<10000000xui32> -> tensor<10000000xf32>
  %9 = ten.constant dense<5.96046448E-8> : tensor<f32>
  %10 = ten.mul %8, %9 : (tensor<10000000xf32>, tensor<f32>) -> tensor<10000000xf32>
  %11 = ten.random_bits %4 : tensor<2xui32> -> tensor<10000000xui32>
  %12 = ten.constant dense<8> : tensor<ui32>
  %13 = ten.shr %11, %12 : (tensor<10000000xui32>, tensor<ui32>) -> tensor<10000000xui32>
  %14 = ten.cast %13 : tensor<10000000xui32> -> tensor<10000000xf32>
  %15 = ten.constant dense<5.96046448E-8> : tensor<f32>
  %16 = ten.mul %14, %15 : (tensor<10000000xf32>, tensor<f32>) -> tensor<10000000xf32>
  %17 = ten.mul %10, %10 : (tensor<10000000xf32>, tensor<10000000xf32>) -> tensor<10000000xf32>
  %18 = ten.mul %16, %16 : (tensor<10000000xf32>, tensor<10000000xf32>) -> tensor<10000000xf32>
  %19 = ten.add %17, %18 : (tensor<10000000xf32>, tensor<10000000xf32>) -> tensor<10000000xf32>
  %20 = ten.constant dense<1.000000e+00> : tensor<f32>
  %21 = ten.cmp lt, %19, %20 : (tensor<10000000xf32>, tensor<f32>) -> tensor<10000000xi1>
  %22 = ten.cast %21 : tensor<10000000xi1> -> tensor<10000000xf64>
  %23 = ten.reduce mean %22 dims [0] : tensor<10000000xf64> -> tensor<f64>
  %24 = ten.constant dense<4.000000e+00> : tensor<f64>
  %25 = ten.mul %24, %23 : (tensor<f64>, tensor<f64>) -> tensor<f64>
  return %25 : tensor<f64>
}

