// REQUIRES: cuda-toolkit
// The binary formats, through the toolkit's ptxas (and fatbinary): a cubin
// is an ELF file, a fatbin starts with its magic number 0xBA55ED50.
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_80 format=bin" | FileCheck %s --check-prefix=BIN
// BIN: gpu.binary @exp_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">, properties = {{{.*}}}, bin = "\7FELF
// RUN: tensor-opt %s --ten-nvvm-pipeline="chip=sm_90" | FileCheck %s --check-prefix=FATBIN
// FATBIN: gpu.binary @exp_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx78">, properties = {{{.*}}}, "P\EDU\BA

func.func @exp(%x: tensor<100xf32>) -> tensor<100xf32> {
  %y = ten.exp %x : tensor<100xf32>
  return %y : tensor<100xf32>
}
