// RUN: tensor-opt %s -split-input-file -pass-pipeline='builtin.module(gpu.module(ten-gpu-kernels-to-host))' -verify-diagnostics

gpu.module @device_function {
  // expected-error @+1 {{'gpu.func' op is not a kernel: only kernels can be compiled for the host}}
  gpu.func @helper(%x: f32) {
    gpu.return
  }
}

// -----

gpu.module @printing {
  gpu.func @print(%x: f32) kernel {
    // expected-error @+1 {{'gpu.printf' op cannot run on the host}}
    gpu.printf "%f", %x : f32
    gpu.return
  }
}

// -----

gpu.module @half_shuffle {
  gpu.func @shuffle(%x: f16, %out: memref<1xf16>) kernel {
    %offset = arith.constant 1 : i32
    %width = arith.constant 32 : i32
    // expected-error @+1 {{'gpu.shuffle' op of 'f16' cannot run on the host (32-bit values only)}}
    %s, %valid = gpu.shuffle xor %x, %offset, %width : f16
    %c0 = arith.constant 0 : index
    memref.store %s, %out[%c0] : memref<1xf16>
    gpu.return
  }
}
