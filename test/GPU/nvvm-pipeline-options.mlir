// The options of ten-nvvm-pipeline: each one it cannot honour is one error
// line, and nothing is compiled.
// RUN: not tensor-opt %s --ten-nvvm-pipeline="chip=sm_75" 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: ten-nvvm-pipeline: unknown chip 'sm_75' (sm_80, sm_86, sm_87, sm_89, sm_90 or sm_90a)
// RUN: not tensor-opt %s --ten-nvvm-pipeline="format=ptx" 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: error: ten-nvvm-pipeline: unknown format 'ptx' (isa, bin or fatbin)
// RUN: not tensor-opt %s --ten-nvvm-pipeline="opt-level=4" 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: error: ten-nvvm-pipeline: opt-level 4 is not one of 0 to 3
// RUN: not tensor-opt %s --ten-nvvm-pipeline="block-size=2048" 2>&1 | FileCheck %s --check-prefix=BLOCK
// BLOCK: error: ten-nvvm-pipeline: block-size 2048 is not one of 1 to 1024
// RUN: not tensor-opt %s --ten-nvvm-pipeline="max-lane-vectors=-1" 2>&1 | FileCheck %s --check-prefix=LANES
// LANES: error: ten-nvvm-pipeline: max-lane-vectors -1 is below 0

// The PTX version follows the chip (NVIDIA's PTX ISA release notes: the
// first version that knows it).
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_86 format=isa" | FileCheck %s --check-prefix=SM86
// SM86: #nvvm.target<O = 3, chip = "sm_86", features = "+ptx71">
// SM86-SAME: .version 7.1\0A.target sm_86
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_90a format=isa opt-level=1" | FileCheck %s --check-prefix=SM90A
// SM90A: #nvvm.target<O = 1, chip = "sm_90a", features = "+ptx80">
// SM90A-SAME: .version 8.0\0A.target sm_90a

// The block size sets the threads of each launch and the kernel's bound.
// RUN: tensor-opt %s --ten-nvvm-pipeline="format=isa block-size=64" | FileCheck %s --check-prefix=BS64
// BS64: %[[THREADS:.*]] = llvm.mlir.constant(64 : index) : i64
// BS64: gpu.launch_func {{.*}} threads in (%[[THREADS]],
// BS64: .maxntid 64, 1, 1

// max-lane-vectors: rows of 512 vectors (16 per lane of a warp) get a warp
// each where it allows 16, and a block each (shared memory, a barrier) by
// default.
// RUN: tensor-opt %s --ten-nvvm-pipeline="format=isa max-lane-vectors=16" | %ptx-text | FileCheck %s --check-prefix=WARP
// WARP-LABEL: .entry rowmax_kernel(
// WARP-NOT: bar.sync
// WARP: ret;
// RUN: tensor-opt %s --ten-nvvm-pipeline="format=isa" | %ptx-text | FileCheck %s --check-prefix=BLOCK-ROWS
// BLOCK-ROWS-LABEL: .entry rowmax_kernel(
// BLOCK-ROWS: bar.sync 0;

// Without libdevice at cuda-path, a math function is an error at compile
// time instead of a module that fails to load on the GPU.
// RUN: not tensor-opt %s --ten-nvvm-pipeline="format=isa cuda-path=%t.none" 2>&1 | FileCheck %s --check-prefix=NO-LIBDEVICE
// NO-LIBDEVICE: error: kernels call '__nv_expf', which nothing defines: libdevice is not at '{{.*}}.none/nvvm/libdevice/libdevice.10.bc' (set cuda-path)

func.func @exp(%x: tensor<100xf32>) -> tensor<100xf32> {
  %y = ten.exp %x : tensor<100xf32>
  return %y : tensor<100xf32>
}

func.func @rowmax(%x: tensor<512x2048xf32>) -> tensor<512xf32> {
  %y = ten.reduce max %x dims [1] : tensor<512x2048xf32> -> tensor<512xf32>
  return %y : tensor<512xf32>
}
