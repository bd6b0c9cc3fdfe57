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

using Layout = SmallVector<SmallVector<shard::GridAxis>>;

/// The layouts between `from` and `to` (neither included) of a resharding
/// in steps that each change one dimension or move one dimension's split
/// to another (whole before): the partitioner does either right, a move
/// in one all_to_all. Moves come first, then splits that go are gathered,
/// then new ones sliced; no layout on the way splits two dimensions over
/// one axis.
SmallVector<Layout> planSteps(const Layout &from, const Layout &to) {
  SmallVector<Layout> steps;
  Layout current = from;
  size_t rank = from.size();
  auto move = [&]() {
    for (size_t b = 0; b < rank; ++b) {
      if (to[b].empty() || !current[b].empty())
        continue;
      for (size_t a = 0; a < rank; ++a)
        if (a != b && current[a] == to[b] && to[a] != current[a]) {
          current[a].clear();
          current[b] = to[b];
          return true;
        }
    }
    return false;
  };
  auto gather = [&]() {
    for (size_t a = 0; a < rank; ++a)
      if (!current[a].empty() && current[a] != to[a]) {
        current[a].clear();
        return true;
      }
    return false;
  };
  auto slice = [&]() {
    for (size_t b = 0; b < rank; ++b)
      if (current[b] != to[b]) {
        current[b] = to[b];
        return true;
      }
    return false;
  };
  while (move() || gather() || slice())
    steps.push_back(current);
  if (!steps.empty())
    steps.pop_back();
  return steps;
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
      SmallVector<Layout> steps = planSteps(*from, *to);
      if (steps.empty())
        continue;
      // Each step a pair of annotations that goes on alternating as the two
      // around it do.
      auto grid =
          source.getSharding().getDefiningOp<shard::ShardingOp>().getGridAttr();
      OpBuilder builder(target);
      Location loc = target.getLoc();
      Value value = source.getResult();
      for (const Layout &step : steps) {
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
