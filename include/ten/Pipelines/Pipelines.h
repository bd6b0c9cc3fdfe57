//===- Pipelines.h - ten's pass pipelines -----------------------*- C++ -*-===//

#ifndef TEN_PIPELINES_PIPELINES_H
#define TEN_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>

namespace mlir {
class OpPassManager;

namespace ten {

/// Options of `ten-cpu-pipeline`.
struct TenCPUPipelineOptions
    : public PassPipelineOptions<TenCPUPipelineOptions> {
  PassOptions::Option<bool> fuseElementwise{
      *this, "fuse-elementwise",
      llvm::cl::desc("Fuse elementwise linalg producers into their consumers"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> fuseReductions{
      *this, "fuse-reductions",
      llvm::cl::desc("Compute the consumers of reductions with them, a "
                     "cache-sized block of rows at a time"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> threads{
      *this, "threads",
      llvm::cl::desc("Threads that large parallel ops are split over (OpenMP); "
                     "1 keeps every op on the calling thread"),
      llvm::cl::init(1)};
  PassOptions::Option<bool> einsumPath{
      *this, "einsum-path",
      llvm::cl::desc("Split einsums of three or more operands into pairwise "
                     "einsums in the cheapest order found"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> explain{
      *this, "explain",
      llvm::cl::desc("Report the decisions of the pipeline (einsum orders) "
                     "as remarks"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> contractionLoopOrder{
      *this, "contraction-loop-order",
      llvm::cl::desc("Run contractions with the result's contiguous dimension "
                     "innermost, for vector code"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> contractionKernel{
      *this, "contraction-kernel",
      llvm::cl::desc("Run f32 and f64 GEMM-like contractions as packed, "
                     "register-tiled vector kernels"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> approximateMath{
      *this, "approximate-math",
      llvm::cl::desc("Evaluate f32 exp, log, tanh, erf... as polynomials "
                     "that vectorize instead of C library calls, and f32 "
                     "divisions by loop invariants as multiplications by "
                     "a reciprocal"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> prefetch{
      *this, "prefetch",
      llvm::cl::desc("Prefetch the next block of rows while a block is read "
                     "again from the cache (ten-prefetch-next-block)"),
      llvm::cl::init(true)};
  PassOptions::Option<int64_t> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Width of the target's vector registers in bits"),
      llvm::cl::init(256)};
};

/// The CUDA toolkit that `ten-nvvm-pipeline` uses when its `cuda-path` is
/// not given: $CUDA_HOME, else $CUDA_PATH, else /usr/local/cuda.
std::string getDefaultCUDAPath();

/// From `ten` ops on tensors to the LLVM dialect, ready for the JIT: lowers
/// to linalg on tensors (N-operand einsums as pairwise ones in the cheapest
/// order), fuses elementwise ops, splits large ops over
/// threads, orders contraction loops for vector code, bufferizes (every
/// function result a fresh buffer that the caller owns and frees), runs GEMM-
/// like contractions as register-tiled vector kernels, lowers the rest to
/// loops and then everything to LLVM, with C-interface wrappers
/// (`_mlir_ciface_<name>`) for every function. Fails, with `error` set, on
/// options it cannot honour.
LogicalResult buildTenCPUPipeline(OpPassManager &pm,
                                  const TenCPUPipelineOptions &options,
                                  std::string &error);

/// Options of `ten-nvvm-pipeline`.
struct TenNVVMPipelineOptions
    : public PassPipelineOptions<TenNVVMPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("The GPU architecture: sm_80, sm_86, sm_87, sm_89, "
                     "sm_90 or sm_90a"),
      llvm::cl::init("sm_90")};
  PassOptions::Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What the gpu.binary holds: isa (PTX text), bin (a "
                     "cubin, through ptxas) or fatbin"),
      llvm::cl::init("fatbin")};
  PassOptions::Option<int64_t> optLevel{
      *this, "opt-level",
      llvm::cl::desc("LLVM's optimization level for the kernels, 0 to 3"),
      llvm::cl::init(3)};
  PassOptions::Option<bool> useCublas{
      *this, "use-cublas",
      llvm::cl::desc("Run GEMM-like f32/f64/f16/bf16 contractions through "
                     "the runtime's cuBLAS GEMM instead of generated kernels"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> allowTF32{
      *this, "allow-tf32",
      llvm::cl::desc("Let cuBLAS round f32 GEMM operands to tf32 on the "
                     "tensor cores (faster, not f32-exact)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> fastRelu{
      *this, "fast-relu",
      llvm::cl::desc("Fold a ReLU after a GEMM into cuBLASLt's epilogue even "
                     "where it keeps NaN, as ten's ReLU does (cuBLASLt's may "
                     "map NaN to 0)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> fuseRows{
      *this, "fuse-rows",
      llvm::cl::desc("Run a row reduction and the ops that use its rows "
                     "(softmax, layer norm) in one kernel of a block per row "
                     "(ten-gpu-fuse-rows)"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> explain{
      *this, "explain",
      llvm::cl::desc("Report the decisions of the pipeline (einsum orders, "
                     "which contractions run on cuBLAS) as remarks"),
      llvm::cl::init(false)};
  PassOptions::Option<std::string> cudaPath{
      *this, "cuda-path",
      llvm::cl::desc("The CUDA toolkit: libdevice for math functions, ptxas "
                     "and fatbinary for bin and fatbin (default: $CUDA_HOME, "
                     "else $CUDA_PATH, else /usr/local/cuda)"),
      llvm::cl::init("")};
  PassOptions::Option<int64_t> blockSize{
      *this, "block-size",
      llvm::cl::desc("Threads per block of the generated kernels"),
      llvm::cl::init(256)};
  PassOptions::Option<bool> einsumPath{
      *this, "einsum-path",
      llvm::cl::desc("Split einsums of three or more operands into pairwise "
                     "einsums in the cheapest order found"),
      llvm::cl::init(true)};
  PassOptions::Option<bool> cInterface{
      *this, "c-interface",
      llvm::cl::desc("Give each host function a _mlir_ciface_ wrapper that "
                     "takes memref descriptors by pointer (for the JIT)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> emulateKernels{
      *this, "emulate-kernels",
      llvm::cl::desc("Compile the kernels for the host instead of the GPU, "
                     "launched through tenCudaLaunchHostKernel: for running "
                     "the generated kernels without a GPU, on a driver that "
                     "runs host kernels (the test driver)"),
      llvm::cl::init(false)};
};

/// The PTX ISA feature (`+ptx78`) that a chip's code needs at least, or
/// nothing for a chip the pipeline does not know. LLVM's NVPTX backend
/// defaults to PTX 6.0, which it refuses for sm_80 and later.
std::optional<std::string> getPTXFeatureForChip(llvm::StringRef chip);

/// The CUDA toolkit that `ten-nvvm-pipeline` uses when its `cuda-path` is
/// not given: $CUDA_HOME, else $CUDA_PATH, else /usr/local/cuda.
std::string getDefaultCUDAPath();

/// From `ten` ops on tensors to a module whose host functions launch kernels
/// that a `gpu.binary` holds, for the NVIDIA GPU `options.chip`: lowers to
/// linalg, fuses elementwise ops, bufferizes into GPU memory, runs each
/// op's loops as a kernel (the innermost dimension over the threads of a
/// block, the others over blocks), and lowers the kernels to NVVM and PTX.
/// Fails, with `error` set, on options it cannot honour.
LogicalResult buildTenNVVMPipeline(OpPassManager &pm,
                                   const TenNVVMPipelineOptions &options,
                                   std::string &error);

/// Registers `ten-cpu-pipeline` and `ten-nvvm-pipeline` for tools that run
/// pipelines by name.
void registerTenPipelines();

} // namespace ten
} // namespace mlir

#endif // TEN_PIPELINES_PIPELINES_H
