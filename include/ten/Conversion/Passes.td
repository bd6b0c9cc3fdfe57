//===- Passes.td - conversions out of the ten dialect ------*- tablegen -*-===//

#ifndef TEN_CONVERSION_PASSES_TD
#define TEN_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTenToLinalgPass : Pass<"convert-ten-to-linalg"> {
  let summary = "Lower ten ops to linalg, tensor and arith on tensors";
  let description = [{
    Rewrites every `ten` op into linalg on tensors:

    - `einsum` becomes a `linalg.generic` whose indexing maps and iterator
      types come from the subscripts (diagonals, ellipses and size-1
      broadcasting included), or `linalg.matmul` / `linalg.batch_matmul`
      when the subscripts are exactly one of those;
    - elementwise ops become elementwise `linalg.generic`s whose indexing maps
      broadcast the operands: no broadcast tensor is materialized;
    - reductions become `linalg.generic`s whose init is the kind's identity;
      `mean` is a sum then a scale, `argmax`/`argmin` of reals reduce the
      extremum, then the least index of an element equal to it (or NaN):
      two reductions that vectorize and split over threads; of complex
      numbers they carry the extremum and its index; a complex `sum`
      sums the real and the imaginary parts apart; `f16`/`bf16`
      accumulate in `f32`;
    - `transpose` becomes `linalg.transpose`, `reshape` a collapse and an
      expand of `tensor` shapes, `constant` an `arith.constant`.

    Unsigned integers (`ui8` ... `ui64`) become the signless integers of
    their width, in function signatures, calls and returns too; the ops whose
    meaning depends on signedness (division, powers, comparisons, `max`/`min`,
    `abs`, conversions, the reductions' extrema) choose the unsigned `arith`
    operations from the `ten` op's operand types.

    Dynamic dimensions are sized at run time with `tensor.dim`. What the
    verifier could not check — that dynamic sizes agree — is checked at run
    time with `cf.assert`, whose message names the op and its location. A
    dynamic dimension does not broadcast: it must have the size of the
    dimensions it meets.

    `take` becomes an elementwise generic that extracts the input's
    element at each index; with mode `raise`, a reduction over the indices
    checked on the host (`cf.assert`) finds those out of range.

    `sort` becomes a call of the host runtime's `tenrtSort<Suffix>` on the
    input's buffer and fresh result buffers (`bufferization.to_buffer`,
    `memref.alloc`, `bufferization.to_tensor`); `partition`, of
    `tenrtPartition<Suffix>`, with its positions in a constant buffer after
    them (a dynamic line's length checked first with `cf.assert`).

    With `host-reads-buffers=false` (a target whose buffers the host cannot
    read, whose device runs many threads), `sort` is a bitonic sorting
    network of elementwise generics rather than a call of the host
    runtime's sort (and `partition` too: a sorted line is partitioned about
    every position), `scatter` runs its updates in parallel (atomic
    read-modify-writes on a copy of the destination) rather than in a loop
    nest, `scan` cuts lines that may be longer than 1024 elements into
    blocks, and `nonzero` writes its positions in parallel at the slots
    that a scan of the input's flags gives.

    With `threads` above 1 (a host that splits loops over threads), a scan
    of few long lines (static, along the last dimension, at least 2^16
    elements, fewer lines than threads) is split in blocks: each block's
    total (a reduction), the totals scanned, then each block scanned from
    the total of the blocks before it, the blocks of a line at once.
  }];
  let options = [
    Option<"hostReadsBuffers", "host-reads-buffers", "bool",
           /*default=*/"true",
           "The host can read the program's buffers and runs serial loops "
           "well: ten.sort calls the host runtime's sort, ten.scatter and "
           "ten.nonzero run in order, ten.scan scans each line in order; "
           "else sorting networks, parallel updates and blocked scans">,
    Option<"threads", "threads", "int64_t", /*default=*/"1",
           "Threads the host splits loops over: with more than one (and "
           "host-reads-buffers), a scan of a long line is split in blocks "
           "that the threads scan at once, and the host runtime's sort "
           "sorts lines on that many threads">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def TenGPUKernelsToHostPass
    : Pass<"ten-gpu-kernels-to-host", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Compile a gpu.module's kernels for the host CPU";
  let description = [{
    Lowers the kernels of a `gpu.module` to LLVM functions for the host
    instead of NVVM, so that the kernels the GPU pipeline generates run on a
    machine without a GPU, where a runner calls each one once per GPU thread
    on threads that run at the same time (`ten-nvvm-pipeline{emulate-kernels}`
    and the test driver; `ten/Runtime/CUDA/HostKernel.h` is the ABI).

    Each `gpu.func` kernel becomes an `llvm.func` of the same name, still
    marked `gpu.kernel`, whose arguments are the kernel's (memrefs expanded
    as for a GPU kernel) and then a pointer to its `TenHostThread`:
    `gpu.thread_id`, `gpu.block_id`, `gpu.block_dim`, `gpu.grid_dim` and
    `gpu.lane_id` load from it; `gpu.barrier` and `gpu.shuffle` (32-bit
    values) call the functions it holds. Each workgroup attribution becomes
    a global of the module (the runner runs one block at a time), each
    private attribution a stack allocation. As the NVVM lowering does,
    `gpu.all_reduce` first becomes shuffles, barriers and workgroup memory,
    and 64-bit shuffles pairs of 32-bit ones. Math functions become calls
    into the host's libm. The module is marked `ten.host_kernels` for
    `ten-gpu-launch-host-kernels`.

    A GPU op the host cannot run (`gpu.printf`, dynamic shared memory,
    subgroup reductions, shuffles of other types) or a `gpu.func` that is
    not a kernel is an error naming it.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def TenGPULaunchHostKernelsPass
    : Pass<"ten-gpu-launch-host-kernels", "::mlir::ModuleOp"> {
  let summary = "Launch kernels compiled for the host through the runtime";
  let description = [{
    After `ten-gpu-kernels-to-host` and `gpu-to-llvm`: moves the functions
    and globals of each `gpu.module` marked `ten.host_kernels` into the host
    module (definitions renamed `<module>_<name>`, declarations merged with
    the host's), gives each kernel a wrapper `<module>_<kernel>_host(ptr
    params, ptr thread)` that loads its arguments from a `cuLaunchKernel`
    parameter array, and replaces each `gpu.launch_func` with a call of the
    runtime's `tenCudaLaunchHostKernel(wrapper, name, grid, block, shared
    bytes, stream, params)`, the arguments stored in slots of the host
    function's entry block. The `gpu.container_module` attribute goes when
    no kernel module is left.

    A launch of a kernel that was not compiled for the host, or one still
    in the GPU dialect's types (before `gpu-to-llvm`), is an error.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TEN_CONVERSION_PASSES_TD
