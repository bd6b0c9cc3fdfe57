//===- ReplicatedSharding.cpp - ops partitioned whole ---------------------===//
//
// Upstream sharding propagation refuses an op without a sharding model, and
// MLIR 22 has none for reshapes, slices, a tensor's sizes, calls, the
// buffers of runtime calls, loops or branches. Such ops
// get a model here that keeps every tensor they read and make whole on
// every process: the partitioner gathers what reaches them split and slices
// what leaves them for users that want it split. Correct for any program;
// fast where they are not on the hot path.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace {

/// A sharding that keeps a value whole on every process of `grid`.
shard::Sharding getReplicated(FlatSymbolRefAttr grid) {
  return shard::Sharding::get(grid,
                              {DenseI16ArrayAttr::get(grid.getContext(), {})});
}

template <typename Op>
struct ReplicatedModel
    : shard::ShardingInterface::ExternalModel<ReplicatedModel<Op>, Op> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *) const {
    return {};
  }

  SmallVector<AffineMap> getIndexingMaps(Operation *) const { return {}; }

  /// Whole, on the grid of any annotated operand or result.
  FailureOr<shard::ShardingOption>
  getShardingOption(Operation *, ArrayRef<shard::Sharding> operandShardings,
                    ArrayRef<shard::Sharding> resultShardings) const {
    for (ArrayRef<shard::Sharding> shardings :
         {operandShardings, resultShardings})
      for (const shard::Sharding &sharding : shardings)
        if (sharding.getGridAttr())
          return shard::ShardingOption({}, sharding.getGridAttr());
    return shard::ShardingOption::makeEmpty();
  }

  FailureOr<std::vector<shard::Sharding>>
  getShardingAnnotations(Operation *op,
                         const shard::ShardingOption &option) const {
    std::vector<shard::Sharding> shardings;
    auto add = [&](Type type) {
      shardings.push_back(option.grid && isa<RankedTensorType>(type)
                              ? getReplicated(option.grid)
                              : shard::Sharding());
    };
    for (Type type : op->getOperandTypes())
      add(type);
    for (Type type : op->getResultTypes())
      add(type);
    return shardings;
  }

  LogicalResult
  addShardingAnnotations(Operation *op, OpBuilder &builder,
                         const shard::ShardingOption &option) const {
    if (option.empty || !option.grid)
      return success();
    shard::Sharding replicated = getReplicated(option.grid);
    for (OpResult result : op->getResults())
      if (isa<RankedTensorType>(result.getType()))
        shard::maybeInsertTargetShardingAnnotation(replicated, result, builder);
    for (OpOperand &operand : op->getOpOperands())
      if (isa<RankedTensorType>(operand.get().getType()))
        shard::maybeInsertSourceShardingAnnotation(replicated, operand,
                                                   builder);
    return success();
  }
  // partition: the interface's default, a clone of the op on whole values.
};

template <typename... Ops>
void attach(MLIRContext *context) {
  (Ops::template attachInterface<ReplicatedModel<Ops>>(*context), ...);
}

} // namespace

void mlir::ten::registerReplicatedShardingModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, tensor::TensorDialect *) {
    attach<tensor::CollapseShapeOp, tensor::ExpandShapeOp,
           tensor::ExtractSliceOp, tensor::InsertSliceOp, tensor::PadOp,
           tensor::DimOp, tensor::ExtractOp, tensor::FromElementsOp,
           tensor::ConcatOp, tensor::ReshapeOp, tensor::GenerateOp,
           tensor::BitcastOp, tensor::CastOp>(context);
  });
  registry.addExtension(
      +[](MLIRContext *context, bufferization::BufferizationDialect *) {
        attach<bufferization::ToBufferOp, bufferization::ToTensorOp>(context);
      });
  registry.addExtension(+[](MLIRContext *context, func::FuncDialect *) {
    attach<func::CallOp>(context);
  });
  // Loops and branches on tensors (the GPU's sorting network, an einsum's
  // order chosen at run time): run whole, their bodies as they are (the
  // partitioner clones them and does not look inside).
  registry.addExtension(+[](MLIRContext *context, scf::SCFDialect *) {
    attach<scf::ForOp, scf::WhileOp, scf::IfOp, scf::IndexSwitchOp>(context);
  });
  // Run-time checks (ten.assert's, an index's): of a scalar every process
  // has.
  registry.addExtension(+[](MLIRContext *context, cf::ControlFlowDialect *) {
    attach<cf::AssertOp>(context);
  });
  // The buffers of runtime calls on tensors (a sort's).
  registry.addExtension(+[](MLIRContext *context, memref::MemRefDialect *) {
    attach<memref::AllocOp, memref::CastOp>(context);
  });
}
