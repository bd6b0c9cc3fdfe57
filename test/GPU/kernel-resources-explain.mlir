// REQUIRES: cuda-toolkit
// Each launch's remark, for a chip of each SM size; without explain, none.
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_86 format=isa explain" -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=SM_86
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_90 format=isa explain block-size=1024" -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=SM_90
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_90 format=isa" -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET

// sm_86 holds 48 warps: six blocks of 256 threads.
// SM_86: :[[#@LINE+5]]:8: remark: kernel @exp_kernel::@exp_kernel on sm_86: {{[0-9]+}} registers, 0 bytes of shared memory, no local memory; blocks of 256 threads: 6 per SM, occupancy 100% (48 of 48 warps), limited by threads
// Blocks of 1024 threads: two fill an sm_90's 64 warps.
// SM_90: remark: kernel @exp_kernel::@exp_kernel on sm_90: {{[0-9]+}} registers, 0 bytes of shared memory, no local memory; blocks of 1024 threads: 2 per SM, occupancy 100% (64 of 64 warps), limited by threads
// QUIET-NOT: remark
func.func @exp(%x: tensor<100000xf32>) -> tensor<100000xf32> {
  %y = ten.exp %x : tensor<100000xf32>
  return %y : tensor<100000xf32>
}
