// REQUIRES: asserts
// The passes trace their decisions under their names: --debug-only picks
// the passes whose traces print, --debug prints all, neither prints none.
// RUN: tensor-opt %s --ten-cpu-pipeline=threads=2 --debug-only=ten-einsum-path,ten-parallelize -o /dev/null 2>&1 | FileCheck %s --check-prefix=SOME --implicit-check-not=ten-fuse-elementwise
// RUN: tensor-opt %s --ten-cpu-pipeline=threads=2 --debug -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: tensor-opt %s --ten-cpu-pipeline=threads=2 -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=NONE
// RUN: %if cuda-target %{ tensor-opt %s --ten-nvvm-pipeline=format=isa --debug-only=ten-gpu-map-reductions -o /dev/null 2>&1 | FileCheck %s --check-prefix=GPU %}

// SOME: [ten-einsum-path] "ij,jk,kl->il" at loc({{.*}}debug-traces.mlir":[[#@LINE+11]]:8): optimal order of 2 steps, 49152 FLOP against 786432 in one loop nest
// SOME: [ten-parallelize] linalg.matmul at {{.*}}: parallel loop none, reduction loop to split none (2 threads, grain 32768)
// SOME-NEXT: [ten-parallelize]   left on one thread
// SOME: [ten-parallelize] linalg.generic at loc({{.*}}debug-traces.mlir":[[#@LINE+10]]:8): parallel loop 0, reduction loop to split none
// SOME-NEXT: [ten-parallelize]   splits parallel loop 0
// ALL-DAG: [ten-einsum-path]
// ALL-DAG: [ten-parallelize]
// ALL-DAG: [ten-fuse-elementwise]
// NONE-NOT: [ten-
// GPU: [ten-gpu-map-reductions] linalg.generic at loc({{.*}}debug-traces.mlir":[[#@LINE+5]]:8): 32 lanes per row
func.func @main(%a: tensor<16x32xf32>, %b: tensor<32x32xf32>, %c: tensor<32x16xf32>, %x: tensor<4096x256xf32>) -> (tensor<16x16xf32>, tensor<4096x256xf32>, tensor<4096xf32>) {
  %0 = ten.einsum "ij,jk,kl->il" (%a, %b, %c) : (tensor<16x32xf32>, tensor<32x32xf32>, tensor<32x16xf32>) -> tensor<16x16xf32>
  %1 = ten.exp %x : tensor<4096x256xf32>
  %2 = ten.add %1, %x : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<4096x256xf32>
  %3 = ten.reduce sum %x dims [1] : tensor<4096x256xf32> -> tensor<4096xf32>
  return %0, %2, %3 : tensor<16x16xf32>, tensor<4096x256xf32>, tensor<4096xf32>
}
