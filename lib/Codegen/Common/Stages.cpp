//===- Stages.cpp - stages the pipelines share ----------------------------===//

#include "ten/Codegen/Common/Stages.h"

#include "ten/Codegen/Common/Passes.h"
#include "ten/Conversion/Passes.h"
#include "ten/Dialect/Ten/Transforms/Passes.h"

#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::ten::addTenToLinalgStage(OpPassManager &pm, bool einsumPath,
                                    bool explain, bool splitComplexContractions,
                                    bool hostReadsBuffers, int64_t threads) {
  pm.addPass(createTenWidenFp8Pass());
  pm.addPass(createCanonicalizerPass());
  if (einsumPath) {
    // A product of products is ordered as a whole.
    TenMergeEinsumsPassOptions mergeOptions;
    mergeOptions.explain = explain;
    pm.addPass(createTenMergeEinsumsPass(mergeOptions));
    TenEinsumPathPassOptions pathOptions;
    pathOptions.explain = explain;
    pm.addPass(createTenEinsumPathPass(pathOptions));
  }
  if (splitComplexContractions)
    pm.addPass(createTenSplitComplexEinsumPass());
  ConvertTenToLinalgPassOptions lowerOptions;
  lowerOptions.hostReadsBuffers = hostReadsBuffers;
  lowerOptions.threads = threads;
  pm.addPass(createConvertTenToLinalgPass(lowerOptions));
  // With dynamic sizes, the lowering checks that sizes agree by reading
  // them from intermediates (the dim of a keepdim reduction's result);
  // read from where they came from, most such checks compare a size with
  // itself and canonicalize away, and the intermediates are not kept alive
  // by them (a chain of ops over rows would be broken by the checks).
  pm.addPass(memref::createResolveRankedShapeTypeResultDimsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // A keepdim reduction read by a broadcast reaches its consumer through a
  // unit dimension: reading the reduced tensor directly lets its consumers
  // fuse with it.
  pm.addPass(createLinalgFoldUnitExtentDimsPass());
  pm.addPass(createCanonicalizerPass());
}

void mlir::ten::addShardingStage(OpPassManager &pm, llvm::StringRef backend) {
  TenPartitionPassOptions options;
  options.backend = backend.str();
  pm.addPass(createTenPartitionPass(options));
}

void mlir::ten::addBufferizationStage(
    OpPassManager &pm, function_ref<void(OpPassManager &)> beforeDeallocation) {
  bufferization::OneShotBufferizePassOptions bufferizeOptions;
  bufferizeOptions.bufferizeFunctionBoundaries = true;
  bufferizeOptions.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // Buffers whose layout bufferization cannot infer (the results of an
  // scf.index_switch that chooses an einsum's order at run time) are
  // row-major too: a fully dynamic layout would be copied into a row-major
  // result buffer at the return.
  bufferizeOptions.unknownTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // A loop may carry a tensor it recomputes whole each iteration (the
  // stages of a sorting network): each iteration's result is a fresh
  // buffer, which the deallocation pipeline frees once the next exists.
  bufferizeOptions.allowReturnAllocsFromLoops = true;
  // The arguments are the caller's arrays: never written.
  pm.addNestedPass<func::FuncOp>(createTenReadOnlyArgumentsPass());
  pm.addPass(bufferization::createOneShotBufferizePass(bufferizeOptions));
  if (beforeDeallocation)
    beforeDeallocation(pm);
  // Ownership-based deallocation clones a result that aliases an argument
  // or a global, so that the caller owns every result. Its deallocations
  // are lowered by ten's pass, which needs no memory (upstream's general
  // case fills arrays that the GPU target would place on the device).
  pm.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
  pm.addPass(createTenLowerDeallocationsPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  // bufferization.clone and dealloc become memref allocations and copies.
  pm.addPass(createConvertBufferizationToMemRefPass());
}
