//===- ShardArguments.cpp - the ten-shard-arguments pass ------------------===//
//
// The grid and the arguments' and results' shardings, as shard annotations;
// see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Passes.h"
#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Execution/Sharding.h"

#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/ScopeExit.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENSHARDARGUMENTSPASS
#include "ten/Codegen/Common/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

namespace {

/// The split axes of `sharding` (one grid axis or -1 per dimension) as the
/// shard dialect writes them; none for a replicated value.
SmallVector<shard::GridAxesAttr> getSplitAxes(MLIRContext *context,
                                              ArrayRef<int64_t> sharding) {
  SmallVector<shard::GridAxesAttr> axes;
  for (int64_t axis : sharding) {
    SmallVector<shard::GridAxis> split;
    if (axis >= 0)
      split.push_back(static_cast<shard::GridAxis>(axis));
    axes.push_back(DenseI16ArrayAttr::get(context, split));
  }
  // Trailing replicated dimensions are left out, as the dialect prints them.
  while (!axes.empty() && axes.back().empty())
    axes.pop_back();
  if (axes.empty())
    axes.push_back(DenseI16ArrayAttr::get(context, {}));
  return axes;
}

/// Replaces each `ten.shard` in `root` by its input.
void dropLayouts(Operation *root) {
  root->walk([](ShardOp op) {
    op.replaceAllUsesWith(op.getInput());
    op.erase();
  });
}

struct TenShardArgumentsPass
    : ten::impl::TenShardArgumentsPassBase<TenShardArgumentsPass> {
  /// The shard dialect, and the sharding models that the upstream passes
  /// run after this one (from tensor-opt) ask of the program's ops.
  void getDependentDialects(DialectRegistry &registry) const override {
    TenShardArgumentsPassBase::getDependentDialects(registry);
    registerShardingModels(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<SmallVector<int64_t>> grid = getGridShape(module);
    if (failed(grid))
      return signalPassFailure();
    int64_t processes = countProcesses(*grid);
    // The attributes are read here (and by the runners, before lowering):
    // nothing after this pass knows them.
    llvm::scope_exit dropAttributes([&] {
      module->removeAttr(kGridAttrName);
      for (auto function : module.getOps<func::FuncOp>()) {
        for (unsigned i = 0; i < function.getNumArguments(); ++i)
          function.removeArgAttr(i, kShardingAttrName);
        for (unsigned i = 0; i < function.getNumResults(); ++i)
          function.removeResultAttr(
              i, StringAttr::get(&getContext(), kShardingAttrName));
      }
    });
    if (processes == 1) {
      // On one process every layout is the whole value.
      dropLayouts(module);
      return;
    }
    MLIRContext *context = &getContext();
    OpBuilder builder(context);
    builder.setInsertionPointToStart(module.getBody());
    if (!module.lookupSymbol(kGridName))
      shard::GridOp::create(builder, module.getLoc(),
                            builder.getStringAttr(kGridName),
                            builder.getDenseI64ArrayAttr(*grid));
    auto gridSymbol = FlatSymbolRefAttr::get(context, kGridName);

    for (auto function : module.getOps<func::FuncOp>()) {
      if (function.isExternal())
        continue;
      if (function.isPrivate()) {
        // A function the entry calls runs whole on every process (calls are
        // partitioned replicated): layouts inside it say nothing.
        dropLayouts(function);
        continue;
      }
      FailureOr<FunctionShardings> shardings =
          getFunctionShardings(function, *grid);
      if (failed(shardings)) {
        dropAttributes.release();
        return signalPassFailure();
      }
      // MLIR 22's propagation fails on the size computations of dynamic
      // shapes: such functions are refused, each by a clear error.
      FunctionType type = function.getFunctionType();
      for (auto [what, types] : {std::make_pair("argument", type.getInputs()),
                                 std::make_pair("result", type.getResults())}) {
        for (auto [index, valueType] : llvm::enumerate(types)) {
          auto tensor = dyn_cast<RankedTensorType>(valueType);
          if (tensor && !tensor.hasStaticShape()) {
            function.emitError()
                << what << " " << index << " (" << tensor
                << "): a function run over a grid of several processes "
                   "takes and returns tensors of static shapes";
            dropAttributes.release();
            return signalPassFailure();
          }
        }
      }
      Block &entry = function.getBody().front();
      builder.setInsertionPointToStart(&entry);
      for (BlockArgument argument : function.getArguments()) {
        ArrayRef<int64_t> sharding =
            shardings->arguments[argument.getArgNumber()];
        Location loc = argument.getLoc();
        Value spec = shard::ShardingOp::create(builder, loc, gridSymbol,
                                               getSplitAxes(context, sharding));
        auto sharded = shard::ShardOp::create(builder, loc, argument, spec,
                                              /*annotate_for_users=*/false);
        auto forUsers = shard::ShardOp::create(builder, loc, sharded, spec,
                                               /*annotate_for_users=*/true);
        argument.replaceAllUsesExcept(forUsers, sharded);
      }
      // The layouts of intermediates: the users read the value so, and
      // propagation chooses how its producer makes it (the partitioner
      // moves data between the two where they differ). Stating the
      // producer's side too would contradict its operands' layouts.
      WalkResult walked = function.walk([&](ShardOp op) {
        if (failed(verifySharding(op, op.getAxes(), op.getInput().getType(),
                                  "'ten.shard'", *grid)))
          return WalkResult::interrupt();
        builder.setInsertionPoint(op);
        Value spec =
            shard::ShardingOp::create(builder, op.getLoc(), gridSymbol,
                                      getSplitAxes(context, op.getAxes()));
        auto forUsers =
            shard::ShardOp::create(builder, op.getLoc(), op.getInput(), spec,
                                   /*annotate_for_users=*/true);
        op.replaceAllUsesWith(forUsers.getResult());
        op.erase();
        return WalkResult::advance();
      });
      if (walked.wasInterrupted()) {
        dropAttributes.release();
        return signalPassFailure();
      }
      function.walk([&](func::ReturnOp op) {
        builder.setInsertionPoint(op);
        for (OpOperand &operand : op->getOpOperands()) {
          ArrayRef<int64_t> sharding =
              shardings->results[operand.getOperandNumber()];
          Value spec =
              shard::ShardingOp::create(builder, op.getLoc(), gridSymbol,
                                        getSplitAxes(context, sharding));
          operand.set(shard::ShardOp::create(builder, op.getLoc(),
                                             operand.get(), spec,
                                             /*annotate_for_users=*/false));
        }
      });
    }
  }
};

} // namespace
