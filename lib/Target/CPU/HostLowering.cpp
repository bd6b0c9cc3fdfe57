//===- HostLowering.cpp - a module to LLVM IR for the host CPU ------------===//

#include "HostLowering.h"
#include "ten/Target/HostOptimizer.h"

#include "ten/Execution/IRPrinting.h"
#include "ten/Execution/PipelineOptions.h"
#include "ten/Execution/RunPipeline.h"
#include "ten/Target/CPU/Pipeline.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::ten;

llvm::Error mlir::ten::lowerForHost(ModuleOp module,
                                    const TargetOptions &options,
                                    int64_t threads) {
  MLIRContext *context = module.getContext();
  PassManager pm(context);
  if (options.printAfterAll)
    printAfterEveryPass(pm, *options.printAfterAll);
  TenCPUPipelineOptions pipelineOptions;
  pipelineOptions.threads = threads;
  pipelineOptions.explain = options.explain;
  pipelineOptions.vectorBits = getHostVectorBits();
  // The contraction kernel's shape from the host's: accumulators in 3/4 of
  // the vector registers, two per row (12 rows with AVX-512's 32, 6 with
  // AVX2's 16), the rest for a row of B, A's broadcasts and what LLVM keeps
  // there; a packed block of B in 3/8 of the L2 cache, whose rest holds the
  // rows of A, the tiles of C and the next block's prefetched rows
  // (bench/run.py's W7 2048 f32 on an AVX-512 host with 2 MiB of L2: 41.9
  // ms, against 51.2 with 6 rows and 384 KiB).
  pipelineOptions.registerRows = getHostVectorRegisters() * 3 / 8;
  if (int64_t l2Bytes = getHostL2CacheBytes())
    pipelineOptions.blockKiB = std::max<int64_t>(l2Bytes * 3 / 8 / 1024, 64);
  // A block of rows computed with its reductions (a layer norm's rows: the
  // mean, the variance and the result) in a third of the L1 cache, so that
  // the passes after the first read the block's input from there and not
  // from L2 (W11 on a host of 48 KiB of L1: 0.57 ms with 16 KiB blocks, 0.62
  // with 32, 0.67 with 64).
  if (int64_t l1Bytes = getHostL1DataCacheBytes())
    pipelineOptions.fuseBlockKiB = std::max<int64_t>(l1Bytes / 3 / 1024, 4);
  if (llvm::Error err = parsePipelineOptions(
          pipelineOptions, options.pipelineOptions, "ten-cpu-pipeline"))
    return err;
  std::string pipelineError;
  if (failed(buildTenCPUPipeline(pm, pipelineOptions, pipelineError)))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "ten-cpu-pipeline: " + pipelineError);
  if (llvm::Error err = runPipeline(pm, module))
    return err;
  if (options.printFinal)
    module.print(*options.printFinal);

  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  context->appendDialectRegistry(registry);
  return llvm::Error::success();
}
