//===- StepwiseResharding.cpp - the ten-stepwise-resharding pass ----------===//
//
// A change of sharding in several dimensions, as steps of one; see
// Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Passes.h"

#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/Builders.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENSTEPWISERESHARDINGPASS
#include "ten/Codegen/Common/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// The split axes of `sharding` per dimension of a tensor of rank `rank`
/// (the dialect leaves trailing replicated dimensions out); none where it
/// has halos or explicit offsets, or is not a shard.sharding op.
std::optional<SmallVector<SmallVector<shard::GridAxis>>>
getSplitAxes(Value sharding, int64_t rank) {
  auto op = sharding.getDefiningOp<shard::ShardingOp>();
  if (!op || !op.getStaticHaloSizes().empty() ||
      !op.getStaticShardedDimsOffsets().empty() ||
      !op.getDynamicHaloSizes().empty() ||
      !op.getDynamicShardedDimsOffsets().empty())
    return std::nullopt;
  SmallVector<SmallVector<shard::GridAxis>> axes(rank);
  for (auto [dim, split] : llvm::enumerate(op.getSplitAxes().getAxes()))
    if (static_cast<int64_t>(dim) < rank)
      axes[dim] = llvm::to_vector(split.asArrayRef());
  return axes;
}

struct TenStepwiseReshardingPass
    : ten::impl::TenStepwiseReshardingPassBase<TenStepwiseReshardingPass> {
  void runOnOperation() override {
    SmallVector<shard::ShardOp> targets;
    getOperation().walk([&](shard::ShardOp op) { targets.push_back(op); });
    for (shard::ShardOp target : targets) {
      auto source = target.getSrc().getDefiningOp<shard::ShardOp>();
      if (!source)
        continue;
      int64_t rank = target.getSrc().getType().getRank();
      auto from = getSplitAxes(source.getSharding(), rank);
      auto to = getSplitAxes(target.getSharding(), rank);
      if (!from || !to)
        continue;
      SmallVector<int64_t> changed;
      for (int64_t dim = 0; dim < rank; ++dim)
        if ((*from)[dim] != (*to)[dim])
          changed.push_back(dim);
      if (changed.size() < 2)
        continue;
      // One dimension at a time, each step a pair of annotations that goes
      // on alternating as the two around it do.
      auto grid =
          source.getSharding().getDefiningOp<shard::ShardingOp>().getGridAttr();
      OpBuilder builder(target);
      Location loc = target.getLoc();
      SmallVector<SmallVector<shard::GridAxis>> step = *from;
      Value value = source.getResult();
      for (int64_t dim : ArrayRef<int64_t>(changed).drop_back()) {
        step[dim] = (*to)[dim];
        SmallVector<shard::GridAxesAttr> axes;
        for (const SmallVector<shard::GridAxis> &split : step)
          axes.push_back(DenseI16ArrayAttr::get(&getContext(), split));
        Value sharding = shard::ShardingOp::create(builder, loc, grid, axes);
        value = shard::ShardOp::create(builder, loc, value, sharding,
                                       target.getAnnotateForUsers());
        value = shard::ShardOp::create(builder, loc, value, sharding,
                                       source.getAnnotateForUsers());
      }
      target.getSrcMutable().assign(value);
    }
  }
};

} // namespace
