// RUN: tensor-opt %s --convert-ten-to-linalg="host-reads-buffers=false" -canonicalize -split-input-file | FileCheck %s

// A target whose host cannot read its buffers (the CUDA target's) sorts
// with a network of generics instead of the host runtime's sort
// (sort-network.mlir). Everything else lowers as on the CPU: the checks of
// indices reduce them to a flag that the host reads (ten-gpu-host-reads
// copies it). Scatters and nonzero write in parallel.

// CHECK-LABEL: func.func @sort
// CHECK-NOT: call
// CHECK: scf.for
// CHECK: scf.for
// CHECK: linalg.generic
func.func @sort(%x: tensor<8xf32>) -> tensor<8xf32> {
  %v, %i = ten.sort %x dim 0 : tensor<8xf32> -> tensor<8xf32>, tensor<8xi64>
  return %v : tensor<8xf32>
}

// -----

// CHECK-LABEL: func.func @take_raise
// CHECK: %[[IN_RANGE:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// CHECK: cf.assert %[[IN_RANGE]], "ten.take {{.*}}: an index is out of range for dimension 0"
func.func @take_raise(%x: tensor<8xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {
  %0 = ten.take raise %x, %i dim 0 : (tensor<8xf32>, tensor<2xi64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// Updates in parallel into a copy of the destination: accumulations as
// atomic read-modify-writes at the clamped index.
// CHECK-LABEL: func.func @scatter
// CHECK-SAME: (%[[X:.*]]: tensor<8xf32>, %[[I:.*]]: tensor<2x3xi64>, %[[U:.*]]: tensor<2x3xf32>)
// CHECK: cf.assert
// CHECK: %[[COPY:.*]] = memref.alloc() : memref<8xf32>
// CHECK: bufferization.materialize_in_destination %[[X]] in restrict writable %[[COPY]]
// CHECK: scf.parallel (%[[A:.*]], %[[B:.*]]) = (%c0, %c0) to (%c2, %c3)
// CHECK:   %[[INDEX:.*]] = tensor.extract %[[I]][%[[A]], %[[B]]]
// CHECK:   %[[AT:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:   %[[UPDATE:.*]] = tensor.extract %[[U]][%[[A]], %[[B]]]
// CHECK:   memref.atomic_rmw addf %[[UPDATE]], %[[COPY]][%[[AT]]]
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[COPY]] restrict writable
// CHECK: return %[[R]]
func.func @scatter(%x: tensor<8xf32>, %i: tensor<2x3xi64>, %u: tensor<2x3xf32>) -> tensor<8xf32> {
  %0 = ten.scatter add %x, %i, %u dim 0 : (tensor<8xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// An assignment: for each element, the largest row-major position of the
// updates written there (an atomic maximum, -1 where none is); then each
// update writes if it is that last one.
// CHECK-LABEL: func.func @scatter_assign
// CHECK: %[[COPY:.*]] = memref.alloc() : memref<8xf32>
// CHECK: bufferization.materialize_in_destination
// CHECK: %[[LAST:.*]] = memref.alloc() : memref<8xi64>
// CHECK: linalg.fill ins(%c-1_i64 : i64) outs(%[[LAST]] : memref<8xi64>)
// CHECK: scf.parallel (%[[A:.*]], %[[B:.*]]) =
// CHECK:   %[[AT:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:   %[[ROW:.*]] = arith.muli %[[A]], %c3
// CHECK:   %[[POS:.*]] = arith.addi %[[ROW]], %[[B]]
// CHECK:   %[[POS64:.*]] = arith.index_cast %[[POS]] : index to i64
// CHECK:   memref.atomic_rmw maxs %[[POS64]], %[[LAST]][%[[AT]]]
// CHECK: scf.parallel (%[[C:.*]], %[[D:.*]]) =
// CHECK:   %[[AT2:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:   %[[WINNER:.*]] = memref.load %[[LAST]][%[[AT2]]]
// CHECK:   %[[IS_LAST:.*]] = arith.cmpi eq, %[[WINNER]], %{{.*}} : i64
// CHECK:   scf.if %[[IS_LAST]] {
// CHECK:     %[[V:.*]] = tensor.extract
// CHECK:     memref.store %[[V]], %[[COPY]][%[[AT2]]]
func.func @scatter_assign(%x: tensor<8xf32>, %i: tensor<2x3xi64>, %u: tensor<2x3xf32>) -> tensor<8xf32> {
  %0 = ten.scatter assign %x, %i, %u dim 0 : (tensor<8xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// The atomic of each kind and type: unsigned extrema compare unsigned,
// float extrema propagate NaN, integer products multiply.
// CHECK-LABEL: func.func @scatter_kinds
// CHECK: memref.atomic_rmw maxu
// CHECK: memref.atomic_rmw minimumf
// CHECK: memref.atomic_rmw muli
func.func @scatter_kinds(%a: tensor<8xui16>, %f: tensor<8xf16>, %n: tensor<8xi32>, %i: tensor<2xi64>, %ua: tensor<2xui16>, %uf: tensor<2xf16>, %un: tensor<2xi32>) -> (tensor<8xui16>, tensor<8xf16>, tensor<8xi32>) {
  %0 = ten.scatter max %a, %i, %ua dim 0 : (tensor<8xui16>, tensor<2xi64>, tensor<2xui16>) -> tensor<8xui16>
  %1 = ten.scatter min %f, %i, %uf dim 0 : (tensor<8xf16>, tensor<2xi64>, tensor<2xf16>) -> tensor<8xf16>
  %2 = ten.scatter mul %n, %i, %un dim 0 : (tensor<8xi32>, tensor<2xi64>, tensor<2xi32>) -> tensor<8xi32>
  return %0, %1, %2 : tensor<8xui16>, tensor<8xf16>, tensor<8xi32>
}

// -----

// No atomic combines i1 elements, complex numbers or float products: the
// loop nest in row-major order (a kernel of one thread).
// CHECK-LABEL: func.func @scatter_serial
// CHECK-NOT: scf.parallel
// CHECK-NOT: atomic
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: atomic
// CHECK: return
func.func @scatter_serial(%b: tensor<8xi1>, %c: tensor<8xcomplex<f32>>, %f: tensor<8xf32>, %i: tensor<2xi64>, %ub: tensor<2xi1>, %uc: tensor<2xcomplex<f32>>, %uf: tensor<2xf32>) -> (tensor<8xi1>, tensor<8xcomplex<f32>>, tensor<8xf32>) {
  %0 = ten.scatter add %b, %i, %ub dim 0 : (tensor<8xi1>, tensor<2xi64>, tensor<2xi1>) -> tensor<8xi1>
  %1 = ten.scatter add %c, %i, %uc dim 0 : (tensor<8xcomplex<f32>>, tensor<2xi64>, tensor<2xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  %2 = ten.scatter mul %f, %i, %uf dim 0 : (tensor<8xf32>, tensor<2xi64>, tensor<2xf32>) -> tensor<8xf32>
  return %0, %1, %2 : tensor<8xi1>, tensor<8xcomplex<f32>>, tensor<8xf32>
}

// -----

// A nonzero: the host reads the count to allocate the result; each true
// element's slot is the scan of the mask (a count up to it) less one,
// written in parallel.
// CHECK-LABEL: func.func @nonzero
// CHECK: %[[MASK:.*]] = linalg.generic
// CHECK: %[[COUNT:.*]] = tensor.extract %{{.*}}[] : tensor<i64>
// CHECK: %[[SIZE:.*]] = arith.index_cast %[[COUNT]]
// CHECK: %[[SCAN:.*]]:2 = linalg.generic {{.*}} iterator_types = ["reduction"]}
// CHECK: %[[POSITIONS:.*]] = memref.alloc(%[[SIZE]]) : memref<?xi64>
// CHECK: scf.parallel (%[[I:.*]]) = (%c0) to (%c8) step (%c1) {
// CHECK:   %[[TRUE:.*]] = tensor.extract %[[MASK]][%[[I]]]
// CHECK:   scf.if %[[TRUE]] {
// CHECK:     %[[UP_TO:.*]] = tensor.extract %[[SCAN]]#1[%[[I]]]
// CHECK:     %[[SLOT:.*]] = arith.subi %[[UP_TO]], %c1_i64
// CHECK:     %[[AT:.*]] = arith.index_cast %[[SLOT]]
// CHECK:     %[[POSITION:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK:     memref.store %[[POSITION]], %[[POSITIONS]][%[[AT]]]
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[POSITIONS]] restrict writable
// CHECK: return %[[R]]
func.func @nonzero(%x: tensor<8xf32>) -> tensor<?xi64> {
  %0 = ten.nonzero %x : tensor<8xf32>
  return %0 : tensor<?xi64>
}
