//===- UnsplitLoops.cpp - the ten-unsplit-loops pass ----------------------===//
//
// Loops the partitioner cannot split, made whole; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Passes.h"
#include "ten/Codegen/Common/Scans.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallBitVector.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENUNSPLITLOOPSPASS
#include "ten/Codegen/Common/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// Whether `op` reduces as the partitioner can split: one result, which no
/// reduction loop indexes, whose body reads no reduction loop's position,
/// accumulated by a sum, product, maximum or minimum
/// of its output and a value that does not read the output; each process
/// then reduces its part and an all_reduce of the same kind combines them.
bool isSplittableReduction(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 1 || op->getNumResults() != 1 ||
      op->getNumRegions() != 1)
    return false;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  AffineMap output = op.getIndexingMapMatchingResult(op->getResult(0));
  for (AffineExpr expr : output.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim || iterators[dim.getPosition()] == utils::IteratorType::reduction)
      return false;
  }
  Block &body = op->getRegion(0).front();
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!yield || yield.getNumOperands() != 1)
    return false;
  // A reduction loop's position (linalg.index: an argmax's least index of
  // the maximum) would count from the start of each process's part.
  if (ten::readsReductionPosition(op))
    return false;
  // The partitioner's all_reduce knows max and min but not how they
  // compare: after ten-to-linalg integers are signless and the runtime
  // compares them as signed, and its float max propagates NaN. An unsigned
  // maximum (maxui: max(1, 200) of u8 would be 1) or a NaN-ignoring one
  // (maxnumf) therefore cannot be split.
  Operation *combiner = yield.getOperand(0).getDefiningOp();
  if (!combiner || !isa<arith::AddFOp, arith::AddIOp, arith::MulFOp,
                        arith::MulIOp, arith::MaximumFOp, arith::MinimumFOp,
                        arith::MaxSIOp, arith::MinSIOp>(combiner))
    return false;
  BlockArgument accumulator = body.getArguments().back();
  return accumulator.hasOneUse() && combiner->getNumOperands() == 2 &&
         llvm::is_contained(combiner->getOperands(), accumulator);
}

/// A sharding op before `before` on `like`'s grid splitting by `axes`
/// (trailing whole dimensions dropped, as the dialect prints them).
Value createSharding(shard::ShardingOp like,
                     SmallVector<shard::GridAxesAttr> axes, Operation *before) {
  while (axes.size() > 1 && axes.back().empty())
    axes.pop_back();
  OpBuilder builder(before);
  return shard::ShardingOp::create(builder, like.getLoc(), like.getGridAttr(),
                                   axes);
}

/// `sharding`'s split axes without those of the dimensions in `whole`, as a
/// new sharding op before `before`; none if nothing changes.
Value withoutSplits(Value sharding, const llvm::SmallBitVector &whole,
                    Operation *before) {
  auto op = sharding.getDefiningOp<shard::ShardingOp>();
  if (!op)
    return {};
  SmallVector<shard::GridAxesAttr> axes(op.getSplitAxes().getAxes());
  bool changed = false;
  for (size_t dim = 0; dim < axes.size() && dim < whole.size(); ++dim) {
    if (whole[dim] && !axes[dim].empty()) {
      axes[dim] = DenseI16ArrayAttr::get(op.getContext(), {});
      changed = true;
    }
  }
  if (!changed)
    return {};
  return createSharding(op, axes, before);
}

/// `sharding` with each whole dimension that `map` indexes by a loop split
/// over `loopAxes` split over those axes, as a new sharding op before
/// `before`; none if nothing changes (or an axis is already taken).
Value withLoopSplits(Value sharding, AffineMap map,
                     ArrayRef<std::optional<SmallVector<int16_t>>> loopAxes,
                     Operation *before) {
  auto op = sharding.getDefiningOp<shard::ShardingOp>();
  if (!op || !op.getStaticHaloSizes().empty() ||
      !op.getStaticShardedDimsOffsets().empty())
    return {};
  SmallVector<shard::GridAxesAttr> axes(op.getSplitAxes().getAxes());
  axes.resize(map.getNumResults(), DenseI16ArrayAttr::get(op.getContext(), {}));
  llvm::SmallDenseSet<int16_t> taken;
  for (shard::GridAxesAttr dimAxes : axes)
    taken.insert(dimAxes.asArrayRef().begin(), dimAxes.asArrayRef().end());
  bool changed = false;
  for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
    auto loop = dyn_cast<AffineDimExpr>(expr);
    if (!loop || !axes[dim].empty())
      continue;
    const std::optional<SmallVector<int16_t>> &split =
        loopAxes[loop.getPosition()];
    if (!split || split->empty() ||
        llvm::any_of(*split, [&](int16_t axis) { return taken.count(axis); }))
      continue;
    axes[dim] = DenseI16ArrayAttr::get(op.getContext(), *split);
    taken.insert(split->begin(), split->end());
    changed = true;
  }
  if (!changed)
    return {};
  return createSharding(op, axes, before);
}

/// The dimensions of a value indexed by `map` that reduction loops index.
llvm::SmallBitVector getReducedDims(AffineMap map,
                                    ArrayRef<utils::IteratorType> iterators) {
  llvm::SmallBitVector dims(map.getNumResults());
  for (auto [dim, expr] : llvm::enumerate(map.getResults()))
    if (auto loop = dyn_cast<AffineDimExpr>(expr))
      dims[dim] =
          iterators[loop.getPosition()] == utils::IteratorType::reduction;
  return dims;
}

/// The grid of the annotations around `op`, else the module's only grid;
/// none where there is neither.
FlatSymbolRefAttr getGrid(Operation *op) {
  auto fromSharding = [](Value sharding) -> FlatSymbolRefAttr {
    auto defining = sharding.getDefiningOp<shard::ShardingOp>();
    return defining ? defining.getGridAttr() : FlatSymbolRefAttr();
  };
  for (Value operand : op->getOperands())
    if (auto annotation = operand.getDefiningOp<shard::ShardOp>())
      if (FlatSymbolRefAttr grid = fromSharding(annotation.getSharding()))
        return grid;
  for (Value result : op->getResults())
    for (Operation *user : result.getUsers())
      if (auto annotation = dyn_cast<shard::ShardOp>(user))
        if (FlatSymbolRefAttr grid = fromSharding(annotation.getSharding()))
          return grid;
  // An op that propagation left alone (a fill whose result a matmul reads
  // whole): the module's grid, where it has one.
  auto module = op->getParentOfType<ModuleOp>();
  if (!module)
    return {};
  auto grids = module.getOps<shard::GridOp>();
  if (grids.empty() || std::next(grids.begin()) != grids.end())
    return {};
  return FlatSymbolRefAttr::get((*grids.begin()).getSymNameAttr());
}

struct TenUnsplitLoopsPass
    : ten::impl::TenUnsplitLoopsPassBase<TenUnsplitLoopsPass> {
  /// Gives each tensor result of a linalg op that propagation left without
  /// an annotation of how it is made (MLIR 22 leaves a linalg.fill of a complex
  /// constant so, and then crashes partitioning it) the layout its users read
  /// it in when they agree, else whole.
  void annotateBareResults() {
    SmallVector<OpResult> bare;
    getOperation().walk([&](Operation *op) {
      if (!isa<linalg::LinalgOp>(op))
        return;
      for (OpResult result : op->getResults()) {
        if (!isa<RankedTensorType>(result.getType()) || result.use_empty())
          continue;
        bool made = llvm::any_of(result.getUsers(), [](Operation *user) {
          auto annotation = dyn_cast<shard::ShardOp>(user);
          return annotation && !annotation.getAnnotateForUsers();
        });
        if (!made)
          bare.push_back(result);
      }
    });
    for (OpResult result : bare) {
      // The split axes the users agree on, or none (whole).
      std::optional<SmallVector<shard::GridAxesAttr>> agreed;
      FlatSymbolRefAttr grid;
      for (Operation *user : result.getUsers()) {
        auto annotation = dyn_cast<shard::ShardOp>(user);
        auto read =
            annotation
                ? annotation.getSharding().getDefiningOp<shard::ShardingOp>()
                : nullptr;
        SmallVector<shard::GridAxesAttr> axes;
        if (read)
          axes = llvm::to_vector(read.getSplitAxes().getAxes());
        if (!read || (agreed && *agreed != axes)) {
          agreed.reset();
          break;
        }
        agreed = axes;
        grid = read.getGridAttr();
      }
      if (!agreed) {
        grid = getGrid(result.getOwner());
        agreed = SmallVector<shard::GridAxesAttr>{
            DenseI16ArrayAttr::get(result.getContext(), {})};
      }
      if (!grid)
        continue;
      OpBuilder builder(result.getContext());
      builder.setInsertionPointAfter(result.getOwner());
      Value sharding =
          shard::ShardingOp::create(builder, result.getLoc(), grid, *agreed);
      auto made =
          shard::ShardOp::create(builder, result.getLoc(), result, sharding,
                                 /*annotate_for_users=*/false);
      result.replaceAllUsesExcept(made, made);
    }
  }

  /// Gives each tensor operand of a linalg op that propagation left
  /// without an annotation of how the op reads it one: a destination as its
  /// tied result is made, any other operand whole.
  void annotateBareOperands() {
    getOperation().walk([&](Operation *op) {
      if (!isa<linalg::LinalgOp>(op))
        return;
      FlatSymbolRefAttr grid = getGrid(op);
      if (!grid)
        return;
      auto destinations = dyn_cast<DestinationStyleOpInterface>(op);
      for (OpOperand &operand : op->getOpOperands()) {
        if (!isa<RankedTensorType>(operand.get().getType()))
          continue;
        auto annotation = operand.get().getDefiningOp<shard::ShardOp>();
        if (annotation && annotation.getAnnotateForUsers())
          continue;
        SmallVector<shard::GridAxesAttr> axes = {
            DenseI16ArrayAttr::get(op->getContext(), {})};
        if (destinations && destinations.isDpsInit(&operand)) {
          OpResult tied = destinations.getTiedOpResult(&operand);
          for (Operation *user : tied.getUsers())
            if (auto made = dyn_cast<shard::ShardOp>(user))
              if (auto sharding =
                      made.getSharding().getDefiningOp<shard::ShardingOp>())
                if (!made.getAnnotateForUsers())
                  axes = llvm::to_vector(sharding.getSplitAxes().getAxes());
        }
        OpBuilder builder(op);
        Value sharding =
            shard::ShardingOp::create(builder, op->getLoc(), grid, axes);
        operand.set(shard::ShardOp::create(builder, op->getLoc(), operand.get(),
                                           sharding,
                                           /*annotate_for_users=*/true));
      }
    });
  }

  /// Makes the operands of each linalg op agree on which grid axis splits
  /// which loop: propagation keeps conflicting layouts the user stated (the
  /// rows of `x` and a `w` broadcast along its columns both split over axis
  /// 0, in `x * w`), and the partitioner then makes operands of different
  /// shapes. The destinations' layouts (the result's) come first, then the
  /// inputs' in order; an operand dimension that would split a loop another
  /// way (or one a destination keeps whole), or over an axis another loop
  /// has, is read whole.
  void agreeOnLoops() {
    getOperation().walk([&](linalg::LinalgOp op) {
      SmallVector<OpOperand *> operands;
      for (OpOperand &init : op.getDpsInitsMutable())
        operands.push_back(&init);
      for (OpOperand *input : op.getDpsInputOperands())
        operands.push_back(input);
      // The grid axes of each loop, and the loop of each axis.
      SmallVector<std::optional<SmallVector<int16_t>>> loopAxes(
          op.getNumLoops());
      llvm::DenseMap<int16_t, unsigned> axisLoop;
      for (OpOperand *operand : operands) {
        auto annotation = operand->get().getDefiningOp<shard::ShardOp>();
        if (!annotation || !annotation.getAnnotateForUsers())
          continue;
        auto sharding =
            annotation.getSharding().getDefiningOp<shard::ShardingOp>();
        if (!sharding)
          continue;
        AffineMap map = op.getMatchingIndexingMap(operand);
        ArrayRef<shard::GridAxesAttr> split = sharding.getSplitAxes().getAxes();
        llvm::SmallBitVector conflicting(map.getNumResults());
        for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
          auto loop = dyn_cast<AffineDimExpr>(expr);
          ArrayRef<int16_t> axes = dim < split.size() ? split[dim].asArrayRef()
                                                      : ArrayRef<int16_t>();
          if (!loop)
            continue;
          unsigned at = loop.getPosition();
          // A destination whole along a loop keeps it whole: the op makes
          // its result so.
          if (axes.empty()) {
            if (op.isDpsInit(operand) && !loopAxes[at])
              loopAxes[at] = SmallVector<int16_t>();
            continue;
          }
          bool agrees = !loopAxes[at] || *loopAxes[at] == axes;
          for (int16_t axis : axes) {
            auto owner = axisLoop.find(axis);
            agrees &= owner == axisLoop.end() || owner->second == at;
          }
          if (!agrees) {
            conflicting[dim] = true;
            continue;
          }
          loopAxes[at] = SmallVector<int16_t>(axes);
          for (int16_t axis : axes)
            axisLoop[axis] = at;
        }
        if (conflicting.none())
          continue;
        Value whole = withoutSplits(annotation.getSharding(), conflicting, op);
        OpBuilder builder(op);
        operand->set(shard::ShardOp::create(builder, annotation.getLoc(),
                                            annotation.getSrc(), whole,
                                            /*annotate_for_users=*/true));
      }
      // An input whole along a loop that another operand splits is split
      // the same way (the partitioner slices it, locally): MLIR 22 crashes
      // partitioning a matmul whose A is split along k and B is whole.
      for (OpOperand *operand : op.getDpsInputOperands()) {
        auto annotation = operand->get().getDefiningOp<shard::ShardOp>();
        if (!annotation || !annotation.getAnnotateForUsers())
          continue;
        if (Value split = withLoopSplits(annotation.getSharding(),
                                         op.getMatchingIndexingMap(operand),
                                         loopAxes, op)) {
          OpBuilder builder(op);
          operand->set(shard::ShardOp::create(builder, annotation.getLoc(),
                                              annotation.getSrc(), split,
                                              /*annotate_for_users=*/true));
        }
      }
    });
  }

  void runOnOperation() override {
    annotateBareResults();
    annotateBareOperands();
    agreeOnLoops();
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op->getNumResults() > 1 ||
          (op.getNumReductionLoops() && !isSplittableReduction(op)))
        ops.push_back(op);
    });
    for (linalg::LinalgOp op : ops) {
      SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
      // An op of several results (an argmax's value and index, a scan's
      // total and prefixes) runs whole: MLIR 22 partitions them only when
      // every result is annotated, and leaves unused ones bare.
      if (op->getNumResults() > 1)
        iterators.assign(iterators.size(), utils::IteratorType::reduction);
      // Each operand read whole along the reduction loops: a new annotation
      // for this op alone.
      for (OpOperand &operand : op->getOpOperands()) {
        auto annotation = operand.get().getDefiningOp<shard::ShardOp>();
        if (!annotation || !annotation.getAnnotateForUsers() ||
            !isa<RankedTensorType>(operand.get().getType()))
          continue;
        Value sharding = withoutSplits(
            annotation.getSharding(),
            getReducedDims(op.getMatchingIndexingMap(&operand), iterators), op);
        if (!sharding)
          continue;
        OpBuilder builder(op);
        operand.set(shard::ShardOp::create(builder, annotation.getLoc(),
                                           annotation.getSrc(), sharding,
                                           /*annotate_for_users=*/true));
      }
      // Each result made whole along them.
      for (OpResult result : op->getResults()) {
        llvm::SmallBitVector reduced =
            getReducedDims(op.getIndexingMapMatchingResult(result), iterators);
        if (result.use_empty() && isa<RankedTensorType>(result.getType())) {
          // An unused result, annotated whole.
          FlatSymbolRefAttr grid = getGrid(op);
          if (!grid)
            continue;
          OpBuilder builder(op->getContext());
          builder.setInsertionPointAfter(op);
          Value whole = shard::ShardingOp::create(
              builder, op.getLoc(), grid,
              ArrayRef<shard::GridAxesAttr>{
                  DenseI16ArrayAttr::get(op->getContext(), {})});
          shard::ShardOp::create(builder, op.getLoc(), result, whole,
                                 /*annotate_for_users=*/false);
          continue;
        }
        for (Operation *user : result.getUsers()) {
          auto annotation = dyn_cast<shard::ShardOp>(user);
          if (!annotation || annotation.getAnnotateForUsers())
            continue;
          if (Value sharding =
                  withoutSplits(annotation.getSharding(), reduced, annotation))
            annotation.getShardingMutable().assign(sharding);
        }
      }
    }
  }
};

} // namespace
