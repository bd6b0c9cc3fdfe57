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
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/ShardingInterfaceImpl.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/Extensions/ShardingExtensions.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/SetVector.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENPARTITIONPASS
#include "ten/Codegen/Common/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

namespace {

/// Rewrites each linalg op on 0-d tensors (a scalar's cast, say) as one on
/// tensors of one element: MLIR 22's propagation gives an op without loops
/// annotations of no grid (an invalid sharding); with one loop of size 1 it
/// keeps it whole, as 0-d values are on every process anyway.
void expandZeroRankOps(func::FuncOp function) {
  SmallVector<linalg::GenericOp> ops;
  function.walk([&](linalg::GenericOp op) {
    if (op.getNumLoops() == 0 && op.hasPureTensorSemantics())
      ops.push_back(op);
  });
  for (linalg::GenericOp op : ops) {
    OpBuilder builder(op);
    Location loc = op.getLoc();
    auto expand = [&](Value value) -> Value {
      auto type = cast<RankedTensorType>(value.getType());
      return tensor::ExpandShapeOp::create(
          builder, loc, RankedTensorType::get({1}, type.getElementType()),
          value, ArrayRef<ReassociationIndices>{});
    };
    SmallVector<Value> inputs, inits;
    for (Value input : op.getDpsInputs())
      inputs.push_back(expand(input));
    for (Value init : op.getDpsInits())
      inits.push_back(expand(init));
    SmallVector<Type> resultTypes;
    for (Value init : inits)
      resultTypes.push_back(init.getType());
    AffineMap identity = builder.getDimIdentityMap();
    SmallVector<AffineMap> maps(inputs.size() + inits.size(), identity);
    auto expanded = linalg::GenericOp::create(
        builder, loc, resultTypes, inputs, inits, maps,
        SmallVector<utils::IteratorType>{utils::IteratorType::parallel});
    expanded.getRegion().takeBody(op.getRegion());
    SmallVector<Value> results;
    for (auto [result, type] :
         llvm::zip(expanded->getResults(), op->getResultTypes()))
      results.push_back(tensor::CollapseShapeOp::create(
          builder, loc, type, result, ArrayRef<ReassociationIndices>{}));
    op->replaceAllUsesWith(results);
    op->erase();
  }
}

/// Makes whole the tensors a linalg op reads from inside its body (a gather
/// extracts from the tensor it takes from at computed positions): the
/// partitioner sees only operands, and would leave such a tensor a
/// process's block, read at global positions. Each gets an annotation,
/// whole, before the op, which the body then reads.
void wholeCapturedTensors(func::FuncOp function, FlatSymbolRefAttr grid) {
  function.walk([&](linalg::LinalgOp op) {
    // An op inside a loop runs whole with it (ReplicatedSharding.cpp): the
    // partitioner does not look inside.
    if (op->getParentOp() != function.getOperation())
      return;
    llvm::SetVector<Value> captured;
    op->walk([&](Operation *inner) {
      if (inner == op.getOperation())
        return;
      for (Value operand : inner->getOperands())
        if (isa<RankedTensorType>(operand.getType()) &&
            !op->isAncestor(operand.getParentBlock()->getParentOp()))
          captured.insert(operand);
    });
    for (Value value : captured) {
      OpBuilder builder(op);
      Value whole = shard::ShardingOp::create(
          builder, op.getLoc(), grid,
          ArrayRef<shard::GridAxesAttr>{
              DenseI16ArrayAttr::get(op->getContext(), {})});
      Value made = shard::ShardOp::create(builder, op.getLoc(), value, whole,
                                          /*annotate_for_users=*/false);
      Value read = shard::ShardOp::create(builder, op.getLoc(), made, whole,
                                          /*annotate_for_users=*/true);
      value.replaceUsesWithIf(read, [&](OpOperand &use) {
        return op->isProperAncestor(use.getOwner());
      });
    }
  });
}

/// Removes the annotations that propagation left inside loops and branches:
/// the partitioner runs those whole (ReplicatedSharding.cpp) and does not
/// look inside, so the values there are whole and the annotations say
/// nothing.
void dropNestedAnnotations(func::FuncOp function) {
  function.walk([&](shard::ShardOp op) {
    if (op->getParentOp() == function.getOperation())
      return;
    Operation *sharding = op.getSharding().getDefiningOp();
    op.getResult().replaceAllUsesWith(op.getSrc());
    op->erase();
    if (sharding && sharding->use_empty())
      sharding->erase();
  });
}

/// Rewrites each branch on a process's position that chooses between
/// tensors (the partitioner's initial value of a reduction split across
/// processes: the init on the first process, zeros on the others) into
/// both values and an elementwise select. Bufferized, the branch yields one
/// of two buffers, and the deallocation pipeline then decides at run time
/// which to free from lists it builds in host memory it writes, which on
/// the GPU pipeline would be device memory; the select makes a buffer of
/// its own. Branches with effects, or of tensors with dynamic sizes, are
/// left alone.
void selectBranches(func::FuncOp function) {
  SmallVector<scf::IfOp> branches;
  for (auto branch : function.getBody().getOps<scf::IfOp>())
    branches.push_back(branch);
  for (scf::IfOp branch : branches) {
    if (branch.getNumResults() == 0 || !branch.elseBlock() ||
        !llvm::all_of(branch.getResultTypes(),
                      [](Type type) {
                        auto tensor = dyn_cast<RankedTensorType>(type);
                        return tensor && tensor.hasStaticShape();
                      }) ||
        !isMemoryEffectFree(branch.getOperation()))
      continue;
    SmallVector<Value> thenValues(branch.thenYield().getOperands());
    SmallVector<Value> elseValues(branch.elseYield().getOperands());
    Block *parent = branch->getBlock();
    for (Block *block : {branch.thenBlock(), branch.elseBlock()}) {
      block->getTerminator()->erase();
      parent->getOperations().splice(branch->getIterator(),
                                     block->getOperations());
    }
    OpBuilder builder(branch);
    Location loc = branch.getLoc();
    Value condition = branch.getCondition();
    SmallVector<Value> selected;
    for (auto [thenValue, elseValue] : llvm::zip(thenValues, elseValues)) {
      if (thenValue == elseValue) {
        selected.push_back(thenValue);
        continue;
      }
      auto type = cast<RankedTensorType>(thenValue.getType());
      Value init = tensor::EmptyOp::create(builder, loc, type.getShape(),
                                           type.getElementType());
      AffineMap identity = builder.getMultiDimIdentityMap(type.getRank());
      SmallVector<utils::IteratorType> iterators(type.getRank(),
                                                 utils::IteratorType::parallel);
      auto select = linalg::GenericOp::create(
          builder, loc, type, ValueRange{thenValue, elseValue}, init,
          ArrayRef<AffineMap>{identity, identity, identity}, iterators,
          [&](OpBuilder &body, Location at, ValueRange values) {
            linalg::YieldOp::create(body, at,
                                    arith::SelectOp::create(body, at, condition,
                                                            values[0],
                                                            values[1])
                                        .getResult());
          });
      selected.push_back(select.getResult(0));
    }
    branch.replaceAllUsesWith(selected);
    branch.erase();
  }
}

struct TenPartitionPass : ten::impl::TenPartitionPassBase<TenPartitionPass> {
  using TenPartitionPassBase::TenPartitionPassBase;

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
    // ten-shard-arguments alone drops the attributes of a single process.
    OpPassManager arguments(ModuleOp::getOperationName());
    arguments.addPass(createTenShardArgumentsPass());
    if (failed(runPipeline(arguments, module)))
      return signalPassFailure();
    if (processes == 1)
      return;
    // Each function with a body partitioned (the partitioner refuses the
    // declarations of the runtime's entry points, which have none).
    OpPassManager functions(func::FuncOp::getOperationName());
    // Forward first: the computation follows the arguments' layouts and
    // the results are gathered at the end (a reduction over a split
    // dimension reduces each part, then all_reduces the partial results),
    // rather than the results' layouts (replicated by default) pulling
    // whole inputs to every process first.
    shard::ShardingPropagationOptions propagation;
    propagation.traversal = shard::TraversalOrder::ForwardBackward;
    functions.addPass(shard::createShardingPropagation(propagation));
    functions.addPass(createTenUnsplitLoopsPass());
    functions.addPass(createTenStepwiseReshardingPass());
    functions.addPass(shard::createPartition());
    for (auto function :
         llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
      if (function.isExternal())
        continue;
      expandZeroRankOps(function);
      wholeCapturedTensors(function,
                           FlatSymbolRefAttr::get(&getContext(), kGridName));
      if (failed(runPipeline(functions, function)))
        return signalPassFailure();
      dropNestedAnnotations(function);
      selectBranches(function);
    }
    OpPassManager collectives(ModuleOp::getOperationName());
    collectives.addPass(createCanonicalizerPass());
    TenLowerCollectivesPassOptions lowering;
    lowering.backend = backend;
    collectives.addPass(createTenLowerCollectivesPass(lowering));
    collectives.addPass(createCanonicalizerPass());
    if (failed(runPipeline(collectives, module)))
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
