// What ten-cpu-pipeline decides, pinned on the IR just before the loops are
// lowered (the buffers and ops it ends with; one thread, so that the
// functions print in order): a fusion or a kernel that
// silently stops happening fails here, not only in a benchmark.
// RUN: tensor-opt %s --ten-cpu-pipeline --mlir-disable-threading --mlir-print-ir-before=convert-linalg-to-loops -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=memref.alloc --implicit-check-not=linalg.matmul

// An elementwise chain with a broadcast is one loop nest: one linalg.generic
// that reads the inputs and writes the result, and no buffer but the result.
// CHECK-LABEL: func.func @chain(
// CHECK:         %[[OUT:.*]] = memref.alloc() {{.*}} : memref<64x256xf32>
// CHECK-NOT:     {{linalg\.(generic|fill|map|reduce|copy|transpose|matmul)}}
// CHECK:         linalg.generic {{.*}} ins(%arg0, %arg1 : memref<64x256xf32>, memref<256xf32>) outs(%[[OUT]] : memref<64x256xf32>)
// CHECK-NOT:     {{linalg\.(generic|fill|map|reduce|copy|transpose|matmul)}}
// CHECK:         return %[[OUT]]
func.func @chain(%x: tensor<64x256xf32>, %y: tensor<256xf32>) -> tensor<64x256xf32> {
  %e = ten.exp %x : tensor<64x256xf32>
  %s = ten.add %e, %y : (tensor<64x256xf32>, tensor<256xf32>) -> tensor<64x256xf32>
  %r = ten.relu %s : tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}

// A softmax too large for the cache is one loop over blocks of rows: in
// each, the row max, the exponentials written straight into the result's
// rows, their sum read back from there and the division in place. Only the
// result is allocated on the heap; the per-row scalars are on the stack.
// CHECK-LABEL: func.func @softmax(
// CHECK:         %[[RESULT:.*]] = memref.alloc() {{.*}} : memref<4096x4096xf32>
// CHECK:         scf.parallel
// CHECK:           %[[MAX:.*]] = memref.alloca() {{.*}} : memref<1xf32>
// CHECK:           linalg.fill {{.*}} outs(%[[MAX]]
// CHECK:           linalg.generic {{.*}}"reduction"]} ins({{.*}}) outs(%[[MAX]]
// CHECK:           %[[ROWS:.*]] = memref.subview %[[RESULT]]
// CHECK:           linalg.generic {{.*}}"parallel"]} ins({{.*}}, %[[MAX]] {{.*}} outs(%[[ROWS]]
// CHECK:           %[[SUM:.*]] = memref.alloca() {{.*}} : memref<1xf32>
// CHECK:           linalg.fill {{.*}} outs(%[[SUM]]
// CHECK:           linalg.generic {{.*}}"reduction"]} ins(%[[ROWS]] {{.*}} outs(%[[SUM]]
// CHECK:           linalg.generic {{.*}}"parallel"]} ins(%[[ROWS]], %[[SUM]] {{.*}} outs(%[[ROWS]]
// CHECK:           scf.reduce
// CHECK:         return %[[RESULT]]
func.func @softmax(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %max = ten.reduce max %x dims [1] keepdim : tensor<4096x4096xf32> -> tensor<4096x1xf32>
  %shifted = ten.sub %x, %max : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x4096xf32>
  %e = ten.exp %shifted : tensor<4096x4096xf32>
  %sum = ten.reduce sum %e dims [1] keepdim : tensor<4096x4096xf32> -> tensor<4096x1xf32>
  %y = ten.div %e, %sum : (tensor<4096x4096xf32>, tensor<4096x1xf32>) -> tensor<4096x4096xf32>
  return %y : tensor<4096x4096xf32>
}

// A GEMM is the packed kernel: B's panels packed into a buffer of 16-wide
// column strips (vector-bits=256: two 8-lane registers per row) and a row
// tile's 6 rows of A into a buffer of their depth block, then a 6 x 16
// register tile accumulated with vector FMAs over the packed depth; no
// linalg op is left for the loop lowering.
// CHECK-LABEL: func.func @gemm(
// CHECK:         %[[C:.*]] = memref.alloc() {{.*}} : memref<256x384xf32>
// CHECK:         %[[PANEL:.*]] = memref.alloc() {{.*}} : memref<24x256x16xf32>
// CHECK:         %[[ROWS:.*]] = memref.alloc() {{.*}} : memref<6x256xf32>
// CHECK:         vector.store {{.*}}, %[[PANEL]]
// CHECK:         vector.maskedstore %[[ROWS]]
// CHECK:         scf.for {{.*}} iter_args({{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK:           vector.load %[[PANEL]]
// CHECK-COUNT-6:   vector.fma
// CHECK-NOT:     {{linalg\.(generic|fill|map|reduce|copy|transpose|matmul)}}
// CHECK:         return %[[C]]
func.func @gemm(%a: tensor<256x512xf32>, %b: tensor<512x384xf32>) -> tensor<256x384xf32> {
  %c = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<256x512xf32>, tensor<512x384xf32>) -> tensor<256x384xf32>
  return %c : tensor<256x384xf32>
}
