// RUN: tensor-opt %s -ten-gpu-launch-host-kernels -split-input-file -verify-diagnostics

module attributes {gpu.container_module} {
  func.func @host(%n: index) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op launches @gpu_kernels::@k, which was not compiled for the host (ten-gpu-kernels-to-host)}}
    gpu.launch_func @gpu_kernels::@k blocks in (%n, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  gpu.module @gpu_kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  func.func @host(%n: index) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op must be in an LLVM function: lower the host code first (gpu-to-llvm)}}
    gpu.launch_func @k::@noop blocks in (%n, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  gpu.module @k attributes {ten.host_kernels} {
    llvm.func @noop(%thread: !llvm.ptr) attributes {gpu.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  llvm.func @expf(f64) -> f64
  llvm.func @host() {
    %c1 = llvm.mlir.constant(1 : index) : i64
    gpu.launch_func @k::@noop blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    llvm.return
  }
  gpu.module @k attributes {ten.host_kernels} {
    // expected-error @+1 {{'llvm.func' op declares "expf" unlike the host module's symbol of that name}}
    llvm.func @expf(f32) -> f32
    llvm.func @noop(%thread: !llvm.ptr) attributes {gpu.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  llvm.func @host() {
    %c1 = llvm.mlir.constant(1 : index) : i64
    // expected-error @+1 {{'gpu.launch_func' op launches @k::@unlowered, which is not an LLVM function (ten-gpu-kernels-to-host lowers kernels to them)}}
    gpu.launch_func @k::@unlowered blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    llvm.return
  }
  gpu.module @k attributes {ten.host_kernels} {
    func.func @unlowered() attributes {gpu.kernel} {
      return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  llvm.func @host() {
    %c1 = llvm.mlir.constant(1 : index) : i64
    %token = gpu.wait async
    // expected-error @+1 {{'gpu.launch_func' op has async tokens: lower the host code first (gpu-to-llvm)}}
    gpu.launch_func [%token] @k::@noop blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    llvm.return
  }
  gpu.module @k attributes {ten.host_kernels} {
    llvm.func @noop(%thread: !llvm.ptr) attributes {gpu.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  llvm.func @host() {
    %c1 = llvm.mlir.constant(1 : index) : i64
    // expected-error @+1 {{'gpu.launch_func' op has a cluster size, which the host has not}}
    gpu.launch_func @k::@noop clusters in (%c1, %c1, %c1) blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    llvm.return
  }
  gpu.module @k attributes {ten.host_kernels} {
    llvm.func @noop(%thread: !llvm.ptr) attributes {gpu.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  llvm.func @host() {
    %c1 = llvm.mlir.constant(1 : index) : i64
    %buffer = memref.alloca() : memref<4xf32>
    // expected-error @+1 {{'gpu.launch_func' op has a kernel operand of type 'memref<4xf32>', not an LLVM type: lower the host code first (gpu-to-llvm)}}
    gpu.launch_func @k::@noop blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64 args(%buffer : memref<4xf32>)
    llvm.return
  }
  gpu.module @k attributes {ten.host_kernels} {
    llvm.func @noop(%thread: !llvm.ptr) attributes {gpu.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  llvm.func @host() {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op has a size of type 'index', not an LLVM type: lower the host code first (gpu-to-llvm)}}
    gpu.launch_func @k::@noop blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    llvm.return
  }
  gpu.module @k attributes {ten.host_kernels} {
    llvm.func @noop(%thread: !llvm.ptr) attributes {gpu.kernel} {
      llvm.return
    }
  }
}
