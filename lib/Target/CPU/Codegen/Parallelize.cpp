//===- Parallelize.cpp - the ten-parallelize pass -------------------------===//
//
// Splits linalg ops on tensors over threads: one scf.forall tile per thread
// along the outermost parallel loop that has enough iterations.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Scans.h"
#include "ten/Codegen/Common/Sizes.h"
#include "ten/Target/CPU/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ten-parallelize"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENPARALLELIZEPASS
#include "ten/Target/CPU/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// The number of elements of `value`'s tensor, counting a dynamic size as
/// large.
int64_t elementCount(Value value) {
  return ten::saturatingElementCount(value.getType());
}

/// How a contraction's parallel loop ranks for splitting: the number of
/// inputs it indexes (a batch loop splits every operand), then the size of
/// the largest of them (each thread then reads only its part of it and
/// repeats the work on the others), a dynamic size counting as large.
std::pair<unsigned, int64_t> rankContractionLoop(linalg::LinalgOp op,
                                                 unsigned loop) {
  unsigned inputsWithLoop = 0;
  int64_t largest = 0;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (map.isFunctionOfDim(loop)) {
      ++inputsWithLoop;
      largest = std::max(largest, elementCount(input->get()));
    }
  }
  return {inputsWithLoop, largest};
}

/// Among the parallel loops of a contraction, the one that is cheapest to
/// split: a batch loop (every operand is split) before a loop of the larger
/// input alone (each thread then reads only its part of the larger input
/// and repeats the work on the smaller one), the outermost on a tie.
std::optional<unsigned> chooseContractionLoop(linalg::LinalgOp op,
                                              ArrayRef<unsigned> candidates) {
  std::optional<unsigned> best;
  for (unsigned loop : candidates)
    if (!best || rankContractionLoop(op, loop) > rankContractionLoop(op, *best))
      best = loop;
  return best;
}

/// The loop that, beside `chosen`, may be the cheaper split once the sizes
/// are known: another candidate that indexes as many inputs, where the
/// largest input of either has a dynamic size (ranked large before it
/// runs). A GEMM of rows unknown until it runs, `x(?, k) @ w(k, n)`, splits
/// along the rows when `x` turns out the larger and along `n` otherwise.
std::optional<unsigned> chooseRunTimeAlternative(linalg::LinalgOp op,
                                                 ArrayRef<unsigned> candidates,
                                                 unsigned chosen) {
  auto indexesDynamicInput = [&](unsigned loop) {
    return llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *input) {
      return op.getMatchingIndexingMap(input).isFunctionOfDim(loop) &&
             !cast<ShapedType>(input->get().getType()).hasStaticShape();
    });
  };
  unsigned inputs = rankContractionLoop(op, chosen).first;
  for (unsigned loop : candidates)
    if (loop != chosen && rankContractionLoop(op, loop).first == inputs &&
        (indexesDynamicInput(chosen) || indexesDynamicInput(loop)))
      return loop;
  return std::nullopt;
}

/// Whether loops of sizes `ranges` have at least `grainSize` iterations in
/// all, counting a dynamic size as large.
bool hasEnoughWork(ArrayRef<int64_t> ranges, int64_t grainSize) {
  return ten::saturatingProduct(ranges) >= grainSize;
}

/// The parallel loops that may be split over `numThreads` threads: those
/// with at least `numThreads` iterations (or a dynamic count), if the op has
/// at least `grainSize` iterations in all.
SmallVector<unsigned> threadLoopCandidates(linalg::LinalgOp op,
                                           int64_t numThreads,
                                           int64_t grainSize) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<unsigned> candidates;
  if (!hasEnoughWork(ranges, grainSize))
    return candidates;
  for (auto [index, type] : llvm::enumerate(op.getIteratorTypesArray()))
    if (type == utils::IteratorType::parallel &&
        (ShapedType::isDynamic(ranges[index]) || ranges[index] >= numThreads))
      candidates.push_back(index);
  return candidates;
}

/// The loop to split among `candidates`: the outermost, or for a
/// contraction the cheapest.
std::optional<unsigned> chooseThreadLoop(linalg::LinalgOp op,
                                         ArrayRef<unsigned> candidates) {
  if (candidates.empty())
    return std::nullopt;
  if (linalg::isaContractionOpInterface(op))
    return chooseContractionLoop(op, candidates);
  return candidates.front();
}

/// Whether `op` is a fill whose results only initialize other linalg ops:
/// it is split over threads with them, inside their loop, so that each
/// thread fills the part of the buffer it then works on.
bool initializesLinalgOp(linalg::LinalgOp op) {
  if (!isa<linalg::FillOp>(op.getOperation()) || op->use_empty())
    return false;
  return llvm::all_of(op->getUses(), [](OpOperand &use) {
    auto user = dyn_cast<linalg::LinalgOp>(use.getOwner());
    return user && user.isDpsInit(&use);
  });
}

/// The loop along which a reduction may be split over threads instead of a
/// parallel loop: its outermost reduction loop with at least `numThreads`
/// iterations, if the op has at least `grainSize` iterations and one
/// combiner with a neutral element.
std::optional<unsigned> chooseSplitReductionLoop(linalg::LinalgOp op,
                                                 int64_t numThreads,
                                                 int64_t grainSize) {
  // Each thread's partial result starts from the combiner's neutral
  // element: one combiner that has one is needed.
  // A scan's reduction loops run in order: they are never split.
  SmallVector<Operation *> combiners;
  if (!isa<PartialReductionOpInterface>(op.getOperation()) ||
      ten::isLinalgScan(op) || op.getNumDpsInits() != 1 ||
      !matchReduction(op.getRegionOutputArgs(), 0, combiners) ||
      combiners.size() != 1 || !arith::getNeutralElement(combiners.front()))
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (!hasEnoughWork(ranges, grainSize))
    return std::nullopt;
  for (auto [index, type] : llvm::enumerate(op.getIteratorTypesArray()))
    if (type == utils::IteratorType::reduction &&
        (ShapedType::isDynamic(ranges[index]) || ranges[index] >= numThreads))
      return index;
  return std::nullopt;
}

/// The bytes of each thread's part of a row below which a reduction over
/// rows splits its rows rather than its columns. Sums over axis 0 of 16M
/// floats on 2 threads (a Xeon with AVX-512; min ms of 30 runs, in turns,
/// three rounds), by rows and by columns: 128 columns 1.14 and 1.50, 256
/// columns 1.14 and 1.03-1.37, 1024 columns 1.14 and 1.00-1.22 (the columns'
/// split varies from run to run), 4096 columns 1.14-1.15 and 1.05-1.08,
/// 16384 columns 1.15-1.16 and 1.11-1.14. Once each thread's part of a row
/// is a page, the hardware streams it as well as whole rows, and the
/// columns' split needs no pass that combines the threads' partial sums.
constexpr int64_t kMinThreadRowBytes = 4096;

/// The bytes of an element of `type`, or 0 where it has no fixed size.
int64_t elementBytes(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * elementBytes(complex.getElementType());
  return type.isIntOrFloat() ? llvm::divideCeil(type.getIntOrFloatBitWidth(), 8)
                             : 0;
}

/// Whether a reduction is better split along its reduction loop than along
/// its parallel loop `loop`: when `loop` runs along the contiguous dimension
/// of the op's largest input, splitting it gives each thread a strided part
/// of every row, where splitting the reduction gives each thread whole rows;
/// that pays when the parts would be short (under kMinThreadRowBytes, or of
/// a size unknown until the op runs), and the threads' partial results must
/// be small beside that input.
bool prefersSplitReduction(linalg::LinalgOp op, unsigned loop,
                           int64_t numThreads) {
  if (linalg::isaContractionOpInterface(op))
    return false;
  OpOperand *largest = nullptr;
  for (OpOperand *input : op.getDpsInputOperands())
    if (!largest || elementCount(input->get()) > elementCount(largest->get()))
      largest = input;
  if (!largest)
    return false;
  AffineMap map = op.getMatchingIndexingMap(largest);
  if (map.getNumResults() == 0 ||
      map.getResults().back() != getAffineDimExpr(loop, op.getContext()))
    return false;
  auto type = cast<ShapedType>(largest->get().getType());
  int64_t rowLength = type.getShape().back();
  if (!ShapedType::isDynamic(rowLength) &&
      rowLength / numThreads * elementBytes(type.getElementType()) >=
          kMinThreadRowBytes)
    return false;
  int64_t partialElements = elementCount(op.getDpsInits().front());
  return partialElements < INT64_MAX / (16 * numThreads) &&
         partialElements * numThreads * 16 <= elementCount(largest->get());
}

/// Whether the body of `op` reads its loop indices (`linalg.index`): the
/// split by rows reshapes the loops without rewriting such reads, and the
/// split into partials leaves them relative to the thread's part (an iota
/// or a random generator fused into a sum would read the wrong positions).
bool readsLoopIndices(linalg::LinalgOp op) {
  return !op.getBlock()->getOps<linalg::IndexOp>().empty();
}

/// Splits `op` along its reduction loop `loop`: each thread reduces its
/// part into its own partial result, and a reduction over the threads'
/// partial results follows the loop.
LogicalResult splitReductionIntoPartials(IRRewriter &rewriter,
                                         linalg::LinalgOp op, unsigned loop,
                                         int64_t numThreads) {
  SmallVector<OpFoldResult> threads(op.getNumLoops(), rewriter.getIndexAttr(0));
  threads[loop] = rewriter.getIndexAttr(numThreads);
  rewriter.setInsertionPoint(op);
  OpFoldResult loopSize = op.createLoopRanges(rewriter, op.getLoc())[loop].size;
  scf::SCFTilingOptions options;
  options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  options.setNumThreads(threads);
  options.setReductionTilingStrategy(
      ReductionTilingStrategy::PartialReductionOuterParallel);
  options.setReductionDims({loop});
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled))
    return failure();
  if (readsLoopIndices(op)) {
    // The partial op's indices count from its thread's part: thread t's
    // part of the loop starts at t * ceil(size / threads), as the tiling
    // splits it.
    auto forall = dyn_cast<scf::ForallOp>(tiled->loops.front().getOperation());
    if (!forall || forall.getRank() != 1)
      return failure();
    rewriter.setInsertionPointToStart(forall.getBody());
    AffineExpr thread, size;
    bindDims(rewriter.getContext(), thread);
    bindSymbols(rewriter.getContext(), size);
    OpFoldResult start = affine::makeComposedFoldedAffineApply(
        rewriter, op.getLoc(), thread * size.ceilDiv(numThreads),
        {forall.getInductionVars().front(), loopSize});
    SmallVector<OpFoldResult> offsets(op.getNumLoops(),
                                      rewriter.getIndexAttr(0));
    offsets[loop] = start;
    // The partial op, and any other tiled op that reads its indices.
    for (Operation *tiledOp : tiled->tiledOps) {
      auto partial = dyn_cast<linalg::LinalgOp>(tiledOp);
      if (!partial || !readsLoopIndices(partial) ||
          partial.getNumLoops() != op.getNumLoops())
        continue;
      rewriter.setInsertionPoint(partial);
      linalg::offsetIndices(rewriter, partial, offsets);
    }
  }
  rewriter.replaceOp(op, tiled->replacements);
  return success();
}

/// The `linalg.fill`s that initialize the results of `op`, each once.
SmallVector<linalg::FillOp> initializingFills(linalg::LinalgOp op) {
  llvm::SetVector<linalg::FillOp> fills;
  for (Value init : op.getDpsInits())
    if (auto fill = init.getDefiningOp<linalg::FillOp>())
      fills.insert(fill);
  return fills.takeVector();
}

/// Splits `op` along its parallel loop `loop`, one tile per thread, with
/// the `linalg.fill` that initializes its result.
LogicalResult splitAlongLoop(IRRewriter &rewriter, linalg::LinalgOp op,
                             unsigned loop, int64_t numThreads) {
  SmallVector<OpFoldResult> threads(op.getNumLoops(), rewriter.getIndexAttr(0));
  threads[loop] = rewriter.getIndexAttr(numThreads);
  scf::SCFTileAndFuseOptions options;
  options.tilingOptions.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  options.tilingOptions.setNumThreads(threads);
  options.setFusionControlFn(
      [](tensor::ExtractSliceOp, OpResult producer, bool isDestination)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (isDestination && isa<linalg::FillOp>(producer.getOwner()))
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        return std::nullopt;
      });
  SmallVector<linalg::FillOp> fills = initializingFills(op);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTileAndFuseResult> tiled =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled))
    return failure();
  for (OpResult result : op->getResults())
    rewriter.replaceAllUsesWith(result, tiled->replacements[result]);
  rewriter.eraseOp(op);
  // The fills fused into the loop, now that each thread fills its own
  // tile. The tiling reads a dynamic size of the result from the fill: it
  // reads it from the fill's destination instead, which has the same.
  for (linalg::FillOp fill : fills) {
    for (Operation *user : llvm::make_early_inc_range(fill->getUsers()))
      if (auto dim = dyn_cast<tensor::DimOp>(user)) {
        rewriter.setInsertionPoint(dim);
        rewriter.replaceOpWithNewOp<tensor::DimOp>(
            dim, fill.getDpsInitOperand(0)->get(), dim.getIndex());
      }
    if (fill->use_empty())
      rewriter.eraseOp(fill);
  }
  return success();
}

/// The number of elements of the largest input of `op` that `loop` indexes,
/// computed at the builder's insertion point.
Value buildLargestInputSize(OpBuilder &builder, linalg::LinalgOp op,
                            unsigned loop) {
  Location loc = op.getLoc();
  Value largest;
  for (OpOperand *input : op.getDpsInputOperands()) {
    if (!op.getMatchingIndexingMap(input).isFunctionOfDim(loop))
      continue;
    // The dynamic sizes' product times the static sizes' product.
    auto type = cast<ShapedType>(input->get().getType());
    Value count;
    int64_t staticCount = 1;
    for (auto [dim, size] : llvm::enumerate(type.getShape())) {
      if (!ShapedType::isDynamic(size)) {
        staticCount = ten::saturatingProduct({staticCount, size});
        continue;
      }
      Value extent = tensor::DimOp::create(builder, loc, input->get(), dim);
      count =
          count ? arith::MulIOp::create(builder, loc, count, extent).getResult()
                : extent;
    }
    if (!count || staticCount != 1) {
      Value constant =
          arith::ConstantIndexOp::create(builder, loc, staticCount);
      count =
          count
              ? arith::MulIOp::create(builder, loc, count, constant).getResult()
              : constant;
    }
    largest =
        largest
            ? arith::MaxUIOp::create(builder, loc, largest, count).getResult()
            : count;
  }
  return largest;
}

/// Splits `op` along `outer` or `inner`, whichever indexes the larger input
/// once the sizes are known (`outer` on a tie, as chooseContractionLoop
/// breaks ties): an `scf.if` whose branches hold the two splits.
LogicalResult splitAlongLoopChosenAtRunTime(IRRewriter &rewriter,
                                            linalg::LinalgOp op, unsigned outer,
                                            unsigned inner,
                                            int64_t numThreads) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value outerSize = buildLargestInputSize(rewriter, op, outer);
  Value innerSize = buildLargestInputSize(rewriter, op, inner);
  Value splitOuter = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::uge, outerSize, innerSize);
  auto choice =
      scf::IfOp::create(rewriter, loc, op->getResultTypes(), splitOuter,
                        /*addThenBlock=*/true, /*addElseBlock=*/true);
  // Each branch gets its own copy of the fills that initialize the result,
  // which its split then fuses into its loop (a fill shared by the branches
  // would stay whole, outside both).
  SmallVector<linalg::FillOp> fills = initializingFills(op);
  auto cloneInto = [&](Region &region) {
    rewriter.setInsertionPointToStart(&region.front());
    IRMapping mapping;
    for (linalg::FillOp fill : fills)
      rewriter.clone(*fill, mapping);
    Operation *clone = rewriter.clone(*op, mapping);
    scf::YieldOp::create(rewriter, loc, clone->getResults());
    return cast<linalg::LinalgOp>(clone);
  };
  linalg::LinalgOp outerOp = cloneInto(choice.getThenRegion());
  linalg::LinalgOp innerOp = cloneInto(choice.getElseRegion());
  rewriter.replaceOp(op, choice.getResults());
  for (linalg::FillOp fill : fills)
    if (fill->use_empty())
      rewriter.eraseOp(fill);
  if (failed(splitAlongLoop(rewriter, outerOp, outer, numThreads)))
    return failure();
  return splitAlongLoop(rewriter, innerOp, inner, numThreads);
}

/// Splits a reduction with one reduction loop, whose size is a multiple of
/// `numThreads`, into one part of that loop per thread: each thread reduces
/// its rows into its own contiguous row of partial results, and a combining
/// op reduces the partial results after the loop.
LogicalResult splitReductionByRows(IRRewriter &rewriter, linalg::LinalgOp op,
                                   int64_t numThreads) {
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::SplitReductionResult> split =
      linalg::splitReduction(rewriter, op, [&](linalg::LinalgOp) {
        linalg::SplitReductionOptions options;
        options.ratio = numThreads;
        options.index = 0;
        options.innerParallel = false;
        return options;
      });
  if (failed(split))
    return failure();
  linalg::LinalgOp partial = split->splitLinalgOp;
  AffineMap partialMap =
      partial.getMatchingIndexingMap(partial.getDpsInitOperand(0));
  auto threadLoop = dyn_cast<AffineDimExpr>(partialMap.getResult(0));
  if (!threadLoop)
    return failure();
  return splitAlongLoop(rewriter, partial, threadLoop.getPosition(),
                        numThreads);
}

/// A loop's size for a remark.
std::string describeSize(int64_t size) {
  return ShapedType::isDynamic(size) ? std::string("a size known when it runs")
                                     : std::to_string(size) + " iterations";
}

struct TenParallelizePass
    : ten::impl::TenParallelizePassBase<TenParallelizePass> {
  using Base::Base;

  /// Says why `op` stays on one thread.
  void explainOneThread(linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if (!hasEnoughWork(ranges, grainSize)) {
      op->emitRemark() << "runs on one thread: "
                       << ten::saturatingProduct(ranges)
                       << " iterations in all, fewer than the "
                       << static_cast<int64_t>(grainSize)
                       << " worth starting threads for";
      return;
    }
    op->emitRemark() << "runs on one thread: no parallel loop has "
                     << static_cast<int64_t>(numThreads)
                     << " iterations or more, and no reduction to split";
  }

  void runOnOperation() override {
    if (numThreads < 2)
      return;
    SmallVector<linalg::LinalgOp> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() &&
          !op->getParentOfType<scf::ForallOp>() && !initializesLinalgOp(op))
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : candidates) {
      SmallVector<unsigned> loops =
          threadLoopCandidates(op, numThreads, grainSize);
      std::optional<unsigned> loop = chooseThreadLoop(op, loops);
      std::optional<unsigned> reductionLoop =
          chooseSplitReductionLoop(op, numThreads, grainSize);
      LLVM_DEBUG({
        llvm::dbgs() << "[" DEBUG_TYPE "] " << op->getName() << " at "
                     << op->getLoc() << ": parallel loop ";
        if (loop)
          llvm::dbgs() << *loop;
        else
          llvm::dbgs() << "none";
        llvm::dbgs() << ", reduction loop to split ";
        if (reductionLoop)
          llvm::dbgs() << *reductionLoop;
        else
          llvm::dbgs() << "none";
        llvm::dbgs() << " (" << numThreads << " threads, grain " << grainSize
                     << ")\n";
      });
      if (reductionLoop &&
          (!loop || prefersSplitReduction(op, *loop, numThreads))) {
        int64_t reductionSize = op.getStaticLoopRanges()[*reductionLoop];
        LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "]   splits reduction loop "
                                << *reductionLoop << "\n");
        bool byRows = op.getNumReductionLoops() == 1 &&
                      !ShapedType::isDynamic(reductionSize) &&
                      reductionSize % numThreads == 0 && !readsLoopIndices(op);
        // Said before the split, which erases the op.
        if (explain && (byRows || !loop))
          op->emitRemark() << "split over " << static_cast<int64_t>(numThreads)
                           << " threads along its reduction loop "
                           << *reductionLoop
                           << ": each thread reduces its part, and the "
                              "partial results are combined after";
        else if (explain)
          op->emitRemark()
              << "split over " << static_cast<int64_t>(numThreads)
              << " threads along its loop " << *loop << " ("
              << describeSize(op.getStaticLoopRanges()[*loop])
              << "): its reduction does not split into equal parts of rows";
        LogicalResult split = failure();
        if (byRows)
          split = splitReductionByRows(rewriter, op, numThreads);
        else if (!loop)
          split = splitReductionIntoPartials(rewriter, op, *reductionLoop,
                                             numThreads);
        else
          split = splitAlongLoop(rewriter, op, *loop, numThreads);
        if (failed(split)) {
          op->emitError("cannot split the reduction over threads");
          return signalPassFailure();
        }
        continue;
      }
      if (!loop) {
        LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "]   left on one thread\n");
        if (explain)
          explainOneThread(op);
        continue;
      }
      std::optional<unsigned> alternative;
      if (linalg::isaContractionOpInterface(op))
        alternative = chooseRunTimeAlternative(op, loops, *loop);
      if (alternative) {
        unsigned outer = std::min(*loop, *alternative);
        unsigned inner = std::max(*loop, *alternative);
        if (explain)
          op->emitRemark() << "split over " << static_cast<int64_t>(numThreads)
                           << " threads along its loop " << outer << " or "
                           << inner
                           << ", whichever indexes the larger input when it "
                              "runs";
        LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "]   splits parallel loop "
                                << outer << " or " << inner << "\n");
        if (failed(splitAlongLoopChosenAtRunTime(rewriter, op, outer, inner,
                                                 numThreads))) {
          op->emitError("cannot split over threads");
          return signalPassFailure();
        }
        continue;
      }
      if (explain)
        op->emitRemark() << "split over " << static_cast<int64_t>(numThreads)
                         << " threads along its loop " << *loop << " ("
                         << describeSize(op.getStaticLoopRanges()[*loop])
                         << ")";
      LLVM_DEBUG(llvm::dbgs() << "[" DEBUG_TYPE "]   splits parallel loop "
                              << *loop << "\n");
      if (failed(splitAlongLoop(rewriter, op, *loop, numThreads))) {
        op->emitError("cannot split over threads");
        return signalPassFailure();
      }
    }
  }
};

} // namespace
