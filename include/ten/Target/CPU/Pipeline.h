//===- Pipeline.h - ten-cpu-pipeline ----------------------------*- C++ -*-===//

#ifndef TEN_TARGET_CPU_PIPELINE_H
#define TEN_TARGET_CPU_PIPELINE_H

#include "ten/Target/CPU/Passes.h"

#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"

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
  PassOptions::Option<bool> shareKernels{
      *this, "share-kernels",
      llvm::cl::desc("Compile one contraction kernel for all contractions "
                     "of the same shapes and layout, which call it "
                     "(ten-share-contraction-kernels)"),
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
  // The contraction kernel's shape, by default the pass's own defaults.
  PassOptions::Option<int64_t> vectorBits{
      *this, "vector-bits",
      llvm::cl::desc("Width of the target's vector registers in bits"),
      llvm::cl::init(TenContractionKernelPassOptions().vectorBits)};
  PassOptions::Option<int64_t> registerRows{
      *this, "register-rows",
      llvm::cl::desc("Most rows of a contraction kernel's tile of results in "
                     "vector registers (ten-contraction-kernel)"),
      llvm::cl::init(TenContractionKernelPassOptions().registerRows)};
  PassOptions::Option<int64_t> depthBlock{
      *this, "depth-block",
      llvm::cl::desc("Depth of a contraction kernel's block of the "
                     "reduction, in f32 elements (as many bytes of other "
                     "types)"),
      llvm::cl::init(TenContractionKernelPassOptions().depthBlock)};
  PassOptions::Option<int64_t> blockKiB{
      *this, "block-kib",
      llvm::cl::desc("KiB of a contraction kernel's packed block of B"),
      llvm::cl::init(TenContractionKernelPassOptions().blockKiB)};
  PassOptions::Option<int64_t> fuseBlockKiB{
      *this, "fuse-block-kib",
      llvm::cl::desc("KiB of a block of rows that ten-fuse-reductions "
                     "computes with its reductions"),
      llvm::cl::init(TenFuseReductionsPassOptions().blockKiB)};
};

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

/// Registers `ten-cpu-pipeline` for tools that run pipelines by name.
void registerTenCPUPipeline();

} // namespace ten
} // namespace mlir

#endif // TEN_TARGET_CPU_PIPELINE_H
