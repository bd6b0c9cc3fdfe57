//===- Partition.cpp - the ten-partition pass -----------------------------===//
//
// The sharding stage, for the modules that run over a grid; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Passes.h"
#include "ten/Execution/Sharding.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/ShardingInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/Extensions/ShardingExtensions.h"
#include "mlir/Dialect/Linalg/Transforms/ShardingInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/Extensions/ShardingExtensions.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENPARTITIONPASS
#include "ten/Codegen/Common/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

namespace {

struct TenPartitionPass : ten::impl::TenPartitionPassBase<TenPartitionPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    TenPartitionPassBase::getDependentDialects(registry);
    registerShardingModels(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<SmallVector<int64_t>> grid = getGridShape(module);
    if (failed(grid))
      return signalPassFailure();
    int64_t processes = countProcesses(*grid);
    OpPassManager pipeline(ModuleOp::getOperationName());
    // ten-shard-arguments alone drops the attributes of a single process.
    pipeline.addPass(createTenShardArgumentsPass());
    if (processes > 1) {
      // Forward first: the computation follows the arguments' layouts and
      // the results are gathered at the end (a reduction over a split
      // dimension reduces each part, then all_reduces the partial results),
      // rather than the results' layouts (replicated by default) pulling
      // whole inputs to every process first.
      shard::ShardingPropagationOptions propagation;
      propagation.traversal = shard::TraversalOrder::ForwardBackward;
      pipeline.addNestedPass<func::FuncOp>(
          shard::createShardingPropagation(propagation));
      pipeline.addNestedPass<func::FuncOp>(createTenUnsplitLoopsPass());
      pipeline.addNestedPass<func::FuncOp>(createTenStepwiseReshardingPass());
      pipeline.addNestedPass<func::FuncOp>(shard::createPartition());
      pipeline.addPass(createCanonicalizerPass());
      pipeline.addPass(createTenLowerCollectivesPass());
      pipeline.addPass(createCanonicalizerPass());
    }
    if (failed(runPipeline(pipeline, module)))
      signalPassFailure();
  }
};

} // namespace

void mlir::ten::registerShardingModels(DialectRegistry &registry) {
  arith::registerShardingInterfaceExternalModels(registry);
  func::registerShardingInterfaceExternalModels(registry);
  linalg::registerShardingInterfaceExternalModels(registry);
  tensor::registerShardingInterfaceExternalModels(registry);
  registerReplicatedShardingModels(registry);
}
