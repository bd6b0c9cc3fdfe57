//===- Pipeline.h - ten-nvvm-pipeline ---------------------------*- C++ -*-===//

#ifndef TEN_TARGET_CUDA_PIPELINE_H
#define TEN_TARGET_CUDA_PIPELINE_H

#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>

namespace mlir {
class OpPassManager;

namespace ten {

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
                     "which contractions run on cuBLAS) and each kernel's "
                     "registers, shared and local memory and occupancy "
                     "(assembled with ptxas) as remarks"),
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
  PassOptions::Option<int64_t> maxLaneVectors{
      *this, "max-lane-vectors",
      llvm::cl::desc("Row reductions of static rows of at most this many "
                     "16-byte vectors per lane of a warp get a group of "
                     "lanes per row, combined by warp shuffles, rather than "
                     "a block (0: a block per row always)"),
      llvm::cl::init(8)};
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

/// Registers `ten-nvvm-pipeline` for tools that run pipelines by name.
void registerTenNVVMPipeline();

} // namespace ten
} // namespace mlir

#endif // TEN_TARGET_CUDA_PIPELINE_H
