//===- InitAllPasses.h - every pass tensor-opt knows ------------*- C++ -*-===//

#ifndef TEN_INITALLPASSES_H
#define TEN_INITALLPASSES_H

#include "ten/Codegen/Common/Passes.h"
#include "ten/Conversion/Passes.h"
#include "ten/Dialect/Ten/Transforms/Passes.h"
#include "ten/Target/CPU/Passes.h"
#include "ten/Target/CPU/Pipeline.h"
#ifdef TEN_ENABLE_CUDA
#include "ten/Target/CUDA/Passes.h"
#include "ten/Target/CUDA/Pipeline.h"
#endif

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

namespace mlir {
namespace ten {

/// The project's passes, and the upstream ones that its CPU lowering runs, so
/// that every step of a pipeline can be run and tested on its own.
inline void registerAllTenPasses() {
  registerTenConversionPasses();
  registerTenDialectTransformsPasses();
  registerTenCodegenPasses();
  registerTenCPUPasses();
  registerTenCPUPipeline();
#ifdef TEN_ENABLE_CUDA
  registerTenCUDAPasses();
  registerTenNVVMPipeline();
#endif
  // canonicalize, cse, inline, symbol-dce, loop-invariant-code-motion, ...
  registerTransformsPasses();
  // linalg fusion, generalization, lowering to loops.
  registerLinalgPasses();
  // one-shot-bufferize and the buffer deallocation pipeline.
  bufferization::registerBufferizationPasses();
  bufferization::registerBufferizationPipelines();
  // From loops, memrefs and vectors down to the LLVM dialect.
  registerLowerAffinePass();
  registerSCFToControlFlowPass();
  registerConvertControlFlowToLLVMPass();
  registerArithToLLVMConversionPass();
  registerConvertMathToLLVMPass();
  registerConvertFuncToLLVMPass();
  registerFinalizeMemRefToLLVMConversionPass();
  registerConvertVectorToSCFPass();
  registerConvertVectorToLLVMPass();
  registerReconcileUnrealizedCastsPass();
  // Thread tiles to OpenMP.
  registerSCFPasses();
  registerConvertSCFToOpenMPPass();
  registerConvertOpenMPToLLVMPass();
  registerConvertParallelLoopToGpuPass();
  registerGPUPasses();
  // Sharded programs' propagation and partitioning.
  shard::registerShardPasses();
}

} // namespace ten
} // namespace mlir

#endif // TEN_INITALLPASSES_H
