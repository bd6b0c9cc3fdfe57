//===- PrefetchNextBlock.cpp - the ten-prefetch-next-block pass -----------===//
//
// In a parallel loop over blocks that reads each block in several passes, the
// first pass prefetches the next block; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CPU/Passes.h"

#include "WholeChunks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENPREFETCHNEXTBLOCKPASS
#include "ten/Target/CPU/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// The bytes one prefetch brings in: a cache line.
constexpr int64_t kCacheLineBytes = 64;
/// Elements of the strip of the innermost loop that runs between two
/// prefetches, at least: a loop of fewer iterations is not vectorized.
constexpr int64_t kMinStripElements = 16;
/// Iterations of a parallel loop, at least, for its next block to be worth
/// prefetching: the iterations of a shorter one are the threads' shares,
/// and the next one is another thread's.
constexpr int64_t kMinBlocks = 16;

/// The ops of `body` that `view` is computed from, in order: `view` and the
/// pure ops of `body` that its operands come from. Empty when one of them
/// has side effects or regions.
SmallVector<Operation *> getBlockComputation(memref::SubViewOp view,
                                             Block *body) {
  SetVector<Operation *> ops;
  SmallVector<Operation *> worklist = {view};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!ops.insert(op))
      continue;
    if (op != view && (!isPure(op) || op->getNumRegions() != 0))
      return {};
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp();
          def && def->getBlock() == body)
        worklist.push_back(def);
  }
  SmallVector<Operation *> ordered(ops.begin(), ops.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

/// The top-level ops of `body` that load from `view`, in order.
SmallVector<Operation *> getReaders(memref::SubViewOp view, Block *body) {
  SmallVector<Operation *> readers;
  for (Operation *user : view->getUsers()) {
    if (!isa<memref::LoadOp>(user))
      continue;
    Operation *reader = body->findAncestorOpInBlock(*user);
    if (reader && !llvm::is_contained(readers, reader))
      readers.push_back(reader);
  }
  llvm::sort(readers,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return readers;
}

/// Whether `loop` stores to an element that stays the same across its
/// iterations: it accumulates a reduction there, which the vectorizer keeps
/// in a register only across a loop that is not strip-mined.
bool accumulates(scf::ForOp loop) {
  WalkResult result = loop.getBody()->walk([&](memref::StoreOp store) {
    if (llvm::all_of(store.getIndices(), [&](Value index) {
          return loop.isDefinedOutsideOfLoop(index);
        }))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// A load of `reader` from `view` whose innermost index is the induction
/// variable of the scf.for around it, with unit step, every other index
/// defined outside that loop, and which accumulates no reduction.
memref::LoadOp findStreamingLoad(Operation *reader, memref::SubViewOp view) {
  memref::LoadOp found;
  reader->walk([&](memref::LoadOp load) {
    if (load.getMemref() != view.getResult() || load.getIndices().empty())
      return WalkResult::advance();
    auto loop = dyn_cast<scf::ForOp>(load->getParentOp());
    if (!loop || load.getIndices().back() != loop.getInductionVar())
      return WalkResult::advance();
    std::optional<int64_t> step = getConstantIntValue(loop.getStep());
    if (!step || *step != 1 || accumulates(loop))
      return WalkResult::advance();
    if (llvm::any_of(load.getIndices().drop_back(), [&](Value index) {
          return !loop.isDefinedOutsideOfLoop(index);
        }))
      return WalkResult::advance();
    found = load;
    return WalkResult::interrupt();
  });
  return found;
}

/// Runs `loop` in strips of `strip` iterations, each strip preceded by the
/// ops that `prefetch` builds for its first iteration; the last strip is
/// cut at the loop's end when `shortLastStrip`. A loop of dynamic bounds
/// runs its whole strips, then the rest in a loop of its own without
/// prefetches: strips of a constant trip count vectorize without a
/// remainder each. Constants go where `constants` builds.
void stripMine(scf::ForOp loop, int64_t strip, bool shortLastStrip,
               OpBuilder &constants,
               function_ref<void(OpBuilder &, Value)> prefetch) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value stripStep = arith::ConstantIndexOp::create(constants, loc, strip);
  if (!getConstantIntValue(loop.getLowerBound()) ||
      !getConstantIntValue(loop.getUpperBound()))
    ten::splitOffRest(loop, stripStep);
  auto strips = scf::ForOp::create(b, loc, loop.getLowerBound(),
                                   loop.getUpperBound(), stripStep);
  b.setInsertionPointToStart(strips.getBody());
  Value start = strips.getInductionVar();
  prefetch(b, start);
  Value end = arith::AddIOp::create(b, loc, start, stripStep);
  if (shortLastStrip)
    end = arith::MinSIOp::create(b, loc, end, loop.getUpperBound());
  loop->moveBefore(strips.getBody()->getTerminator());
  loop.getLowerBoundMutable().assign(start);
  loop.getUpperBoundMutable().assign(end);
}

/// Prefetches, in the first pass over `view` in `loop`, the block that the
/// next iteration reads. Returns whether it did.
bool prefetchNextBlock(scf::ParallelOp loop, memref::SubViewOp view) {
  Block *body = loop.getBody();
  auto viewType = view.getType();
  // A block of static sizes: the next one has the same, so every index of
  // this one is valid there. With dynamic sizes, the indices are clamped to
  // the next block's.
  if (viewType.getRank() == 0 || !viewType.getElementType().isIntOrFloat() ||
      !llvm::all_of(view.getStaticStrides(),
                    [](int64_t stride) { return stride == 1; }))
    return false;
  Value iv = loop.getInductionVars().front();
  if (view.getSource().getParentBlock() == body)
    return false;
  SmallVector<Operation *> computation = getBlockComputation(view, body);
  if (computation.empty() || llvm::none_of(computation, [&](Operation *op) {
        return llvm::is_contained(op->getOperands(), iv);
      }))
    return false;
  // One pass streams a block once, and the hardware prefetcher follows it.
  SmallVector<Operation *> readers = getReaders(view, body);
  if (readers.size() < 2)
    return false;
  memref::LoadOp load;
  for (Operation *reader : readers)
    if ((load = findStreamingLoad(reader, view)))
      break;
  if (!load)
    return false;

  // The next iteration's block, or this one's in the last iteration.
  OpBuilder constants(loop);
  OpBuilder b(computation.front());
  Location loc = loop.getLoc();
  Value step = loop.getStep().front();
  Value next = arith::AddIOp::create(b, loc, iv, step);
  Value hasNext = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, next,
                                        loop.getUpperBound().front());
  Value nextIv = arith::SelectOp::create(b, loc, hasNext, next, iv);
  IRMapping mapping;
  mapping.map(iv, nextIv);
  b.setInsertionPoint(view);
  for (Operation *op : computation)
    b.clone(*op, mapping);
  Value nextView = mapping.lookup(view.getResult());
  // Dynamic sizes: the next block may be smaller (the last, short block) or,
  // in principle, empty; an empty one is not prefetched (this one is, and
  // then brings nothing new in).
  SmallVector<Value> lastIndices;
  if (!viewType.hasStaticShape()) {
    b.setInsertionPointAfterValue(nextView);
    Value zero = arith::ConstantIndexOp::create(constants, loc, 0);
    Value one = arith::ConstantIndexOp::create(constants, loc, 1);
    Value nonEmpty;
    SmallVector<Value> nextSizes;
    for (int64_t dim = 0; dim < viewType.getRank(); ++dim) {
      Value size = memref::DimOp::create(b, loc, nextView, dim);
      nextSizes.push_back(size);
      Value positive =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, size, zero);
      nonEmpty =
          nonEmpty
              ? arith::AndIOp::create(b, loc, nonEmpty, positive).getResult()
              : positive;
    }
    b.setInsertionPointAfter(view);
    nextView =
        arith::SelectOp::create(b, loc, nonEmpty, nextView, view.getResult());
    for (int64_t dim = 0; dim < viewType.getRank(); ++dim) {
      Value size = arith::SelectOp::create(
          b, loc, nonEmpty, nextSizes[dim],
          memref::DimOp::create(b, loc, view.getResult(), dim));
      lastIndices.push_back(arith::SubIOp::create(b, loc, size, one));
    }
  }

  int64_t elementBytes =
      std::max<int64_t>(1, viewType.getElementTypeBitWidth() / 8);
  int64_t lineElements = std::max<int64_t>(1, kCacheLineBytes / elementBytes);
  int64_t strip = std::max(kMinStripElements, lineElements);
  auto inner = cast<scf::ForOp>(load->getParentOp());
  std::optional<int64_t> lower = getConstantIntValue(inner.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(inner.getUpperBound());
  // Constant bounds: the strips cover the loop, the last one maybe short;
  // dynamic bounds: stripMine leaves the rest of the whole strips to a loop
  // of its own.
  bool shortLastStrip = lower && upper && (*upper - *lower) % strip != 0;
  SmallVector<Value> indices(load.getIndices());
  // In a block smaller than this one, the rows (and columns) past its end
  // are not prefetched: each index is clamped to the block's last.
  if (!lastIndices.empty()) {
    OpBuilder before(inner);
    for (auto [index, last] :
         llvm::zip(MutableArrayRef<Value>(indices).drop_back(), lastIndices))
      index = arith::MinSIOp::create(before, loc, index, last);
  }
  stripMine(
      inner, strip, shortLastStrip, constants,
      [&](OpBuilder &builder, Value start) {
        for (int64_t offset = 0; offset < strip; offset += lineElements) {
          Value column = start;
          if (offset != 0)
            column = arith::AddIOp::create(
                builder, loc, start,
                arith::ConstantIndexOp::create(constants, loc, offset));
          // A short last strip: its lines past the loop's end are not read.
          if (shortLastStrip && offset != 0)
            column = arith::MinSIOp::create(
                builder, loc, column,
                arith::ConstantIndexOp::create(constants, loc, *upper - 1));
          if (!lastIndices.empty())
            column = arith::MinSIOp::create(builder, loc, column,
                                            lastIndices.back());
          indices.back() = column;
          memref::PrefetchOp::create(builder, loc, nextView, indices,
                                     /*isWrite=*/false, /*localityHint=*/3,
                                     /*isDataCache=*/true);
        }
      });
  return true;
}

struct TenPrefetchNextBlockPass
    : ten::impl::TenPrefetchNextBlockPassBase<TenPrefetchNextBlockPass> {
  void runOnOperation() override {
    getOperation()->walk([&](scf::ParallelOp loop) {
      if (loop.getNumLoops() != 1)
        return;
      std::optional<int64_t> lower =
          getConstantIntValue(loop.getLowerBound().front());
      std::optional<int64_t> upper =
          getConstantIntValue(loop.getUpperBound().front());
      std::optional<int64_t> step = getConstantIntValue(loop.getStep().front());
      if (lower && upper && step && *step > 0 &&
          llvm::divideCeil(*upper - *lower, *step) < kMinBlocks)
        return;
      SmallVector<memref::SubViewOp> views;
      for (Operation &op : *loop.getBody())
        if (auto view = dyn_cast<memref::SubViewOp>(op))
          views.push_back(view);
      for (memref::SubViewOp view : views)
        prefetchNextBlock(loop, view);
    });
  }
};

} // namespace
