// RUN: tensor-opt %s --pass-pipeline='builtin.module(func.func(ten-read-only-arguments))' | FileCheck %s

// Tensor arguments become read-only for bufferization; other arguments,
// arguments already marked and declarations are left alone.
// CHECK-LABEL: func.func @marked
// CHECK-SAME: (%{{.*}}: tensor<8xf32> {bufferization.writable = false}, %{{.*}}: index, %{{.*}}: tensor<2xf32> {bufferization.writable = true})
func.func @marked(%x: tensor<8xf32>, %i: index, %y: tensor<2xf32> {bufferization.writable = true}) {
  return
}

// CHECK-LABEL: func.func private @declared(tensor<8xf32>)
func.func private @declared(tensor<8xf32>)
