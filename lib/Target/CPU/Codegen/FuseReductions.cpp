//===- FuseReductions.cpp - the ten-fuse-reductions pass ------------------===//
//
// A consumer of reductions computed together with them, a cache-sized block
// of rows at a time; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Scans.h"
#include "ten/Codegen/Common/Sizes.h"
#include "ten/Target/CPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ten-fuse-reductions"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENFUSEREDUCTIONSPASS
#include "ten/Target/CPU/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// Elements assumed for a dynamic dimension when sizing a block.
constexpr int64_t kAssumedDynamicSize = 1024;

/// Whether `op` may be computed again inside a block of its consumer: a
/// linalg op on tensors outside any loop nest built here. Contractions are
/// not: blocking one along its rows would repack its other operand for
/// every block.
bool isFusableProducer(Operation *op) {
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(op);
  return linalgOp && linalgOp.hasPureTensorSemantics() &&
         !linalg::isaContractionOpInterface(linalgOp) &&
         !linalgOp->getParentOfType<scf::ForallOp>();
}

/// The producers that a block of `op` along its loop `loop` reads a part of:
/// followed through every operand indexed by that loop, and on through the
/// producers' own operands. Sets `readsReduction` when one of them has a
/// reduction loop.
struct SlicedProducers {
  llvm::SetVector<Operation *> ops;
  bool readsReduction = false;
  llvm::DenseSet<std::pair<Operation *, unsigned>> visited;

  void collect(linalg::LinalgOp op, unsigned loop) {
    if (!visited.insert({op.getOperation(), loop}).second)
      return;
    AffineExpr loopExpr = getAffineDimExpr(loop, op.getContext());
    for (OpOperand &operand : op->getOpOperands()) {
      auto result = dyn_cast<OpResult>(operand.get());
      if (!result || !isFusableProducer(result.getOwner()))
        continue;
      auto producer = cast<linalg::LinalgOp>(result.getOwner());
      AffineMap producerMap = producer.getIndexingMapMatchingResult(result);
      AffineMap map = op.getMatchingIndexingMap(&operand);
      for (auto [position, expr] : llvm::enumerate(map.getResults())) {
        if (expr != loopExpr)
          continue;
        auto producerLoop =
            dyn_cast<AffineDimExpr>(producerMap.getResult(position));
        // A block of a scan along its scanned loop would restart the scan
        // at the block's first element.
        if (!producerLoop ||
            (ten::isLinalgScan(producer) &&
             producer.getIteratorTypesArray()[producerLoop.getPosition()] ==
                 utils::IteratorType::reduction))
          continue;
        ops.insert(producer);
        if (producer.getNumReductionLoops() > 0)
          readsReduction = true;
        collect(producer, producerLoop.getPosition());
      }
    }
  }
};

/// Bytes of `op`'s operands per iteration of its loop `loop`: the rows that
/// one step of a block touches.
int64_t bytesPerIteration(linalg::LinalgOp op, unsigned loop) {
  AffineExpr loopExpr = getAffineDimExpr(loop, op.getContext());
  int64_t total = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<ShapedType>(operand.get().getType());
    if (!type || !type.getElementType().isIntOrFloat())
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!llvm::is_contained(map.getResults(), loopExpr))
      continue;
    int64_t bytes =
        std::max<int64_t>(1, type.getElementType().getIntOrFloatBitWidth() / 8);
    for (auto [size, expr] : llvm::zip(type.getShape(), map.getResults())) {
      if (expr == loopExpr)
        continue;
      int64_t factor = std::max<int64_t>(
          1, ShapedType::isDynamic(size) ? kAssumedDynamicSize : size);
      // Saturates: a row larger than any cache is one block per row anyway.
      bytes = bytes > INT32_MAX / factor ? INT32_MAX : bytes * factor;
    }
    total = std::min<int64_t>(total + bytes, INT32_MAX);
  }
  return std::max<int64_t>(total, 1);
}

/// Whether `loop` indexes the contiguous (last) dimension of one of `op`'s
/// operands of rank 2 or more: a block along it would read a few elements
/// of every row.
bool indexesContiguousDim(linalg::LinalgOp op, unsigned loop) {
  AffineExpr loopExpr = getAffineDimExpr(loop, op.getContext());
  return llvm::any_of(op->getOpOperands(), [&](OpOperand &operand) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    return map.getNumResults() > 1 && map.getResults().back() == loopExpr;
  });
}

/// Bytes of `op`'s largest input, counting a tensor with a dynamic size as
/// large.
int64_t largestInputBytes(linalg::LinalgOp op) {
  int64_t largest = 0;
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<ShapedType>(input->get().getType());
    if (!type || !type.getElementType().isIntOrFloat())
      continue;
    int64_t elementBytes =
        std::max<int64_t>(1, type.getElementType().getIntOrFloatBitWidth() / 8);
    largest = std::max(largest,
                       ten::saturatingProduct(
                           {ten::saturatingElementCount(type), elementBytes}));
  }
  return largest;
}

/// A consumer to block, the loop to block it along and the producers fused
/// into its blocks.
struct BlockPlan {
  linalg::LinalgOp consumer;
  unsigned loop;
  int64_t blockSize;
  llvm::SetVector<Operation *> producers;
};

/// The plan for `op`, if it is worth blocking: it reads a part of a
/// reduction along one of its parallel loops (the outermost such loop is
/// chosen), and that loop has more iterations than one block.
std::optional<BlockPlan> planBlocks(linalg::LinalgOp op, int64_t blockBytes,
                                    int64_t minInputBytes) {
  if (!op.hasPureTensorSemantics() || linalg::isaContractionOpInterface(op) ||
      op->getParentOfType<scf::ForallOp>() ||
      largestInputBytes(op) < minInputBytes)
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (auto [loop, type] : llvm::enumerate(op.getIteratorTypesArray())) {
    if (type != utils::IteratorType::parallel || indexesContiguousDim(op, loop))
      continue;
    SlicedProducers sliced;
    sliced.collect(op, loop);
    if (!sliced.readsReduction)
      continue;
    int64_t blockSize =
        std::max<int64_t>(1, blockBytes / bytesPerIteration(op, loop));
    if (!ShapedType::isDynamic(ranges[loop]) && ranges[loop] <= blockSize)
      return std::nullopt;
    return BlockPlan{op, static_cast<unsigned>(loop), blockSize,
                     std::move(sliced.ops)};
  }
  return std::nullopt;
}

struct TenFuseReductionsPass
    : ten::impl::TenFuseReductionsPassBase<TenFuseReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    resolveResultDims();
    // The last consumer first: its producers, fused into its blocks, are
    // then no longer consumers to block on their own.
    while (std::optional<BlockPlan> plan = findLastPlan()) {
      if (failed(block(rewriter, *plan)))
        return signalPassFailure();
    }
  }

  /// Rewrites each `tensor.dim` of an op's result into the sizes the op was
  /// given (a linalg op's init, a tensor.empty's operands, an expand_shape's
  /// output shape), then erases what only such dims read, except `keep`.
  /// With dynamic sizes, such a dim (of a broadcast check, or one that
  /// tiling makes to size the blocks) is otherwise a reader outside the
  /// blocks that keeps a fused producer, and everything it reads, computed a
  /// second time on its own. The ops in `keep` (the producers that `block`
  /// still points to) are left to the caller.
  void resolveResultDims(const llvm::SetVector<Operation *> &keep = {}) {
    SmallVector<Operation *> dims;
    getOperation().walk([&](tensor::DimOp dim) {
      if (isa<OpResult>(dim.getSource()))
        dims.push_back(dim);
    });
    RewritePatternSet patterns(&getContext());
    memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    (void)applyOpPatternsGreedily(dims, std::move(patterns), config);
    // Users before the ops they read (blocks backwards, nested ops before
    // their parent): one walk frees each chain of dead ops.
    getOperation().walk<WalkOrder::PostOrder, ReverseIterator>(
        [&](Operation *op) {
          if (!keep.contains(op) && isOpTriviallyDead(op))
            op->erase();
        });
  }

  /// The plan of the last op worth blocking, found walking backwards so that
  /// the ops before it are not planned for nothing.
  std::optional<BlockPlan> findLastPlan() {
    std::optional<BlockPlan> last;
    getOperation().walk<WalkOrder::PostOrder, ReverseIterator>(
        [&](linalg::LinalgOp op) {
          last = planBlocks(op, blockKiB * 1024, minInputKiB * 1024);
          return last ? WalkResult::interrupt() : WalkResult::advance();
        });
    return last;
  }

  LogicalResult block(IRRewriter &rewriter, BlockPlan &plan) {
    linalg::LinalgOp op = plan.consumer;
    LLVM_DEBUG({
      llvm::dbgs() << "[" DEBUG_TYPE "] " << op->getName() << " at "
                   << op->getLoc() << ": blocks of " << plan.blockSize
                   << " along loop " << plan.loop << ", with "
                   << plan.producers.size() << " producers:";
      for (Operation *producer : plan.producers)
        llvm::dbgs() << " " << producer->getName();
      llvm::dbgs() << "\n";
    });
    SmallVector<OpFoldResult> tileSizes(op.getNumLoops(),
                                        rewriter.getIndexAttr(0));
    tileSizes[plan.loop] = rewriter.getIndexAttr(plan.blockSize);
    scf::SCFTileAndFuseOptions options;
    options.tilingOptions.setLoopType(
        scf::SCFTilingOptions::LoopType::ForallOp);
    options.tilingOptions.setTileSizes(tileSizes);
    const llvm::SetVector<Operation *> &producers = plan.producers;
    options.setFusionControlFn(
        [&producers](tensor::ExtractSliceOp, OpResult producer, bool)
            -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
          if (producers.contains(producer.getOwner()))
            return scf::SCFTileAndFuseOptions::ControlFnResult{};
          return std::nullopt;
        });
    rewriter.setInsertionPoint(op);
    FailureOr<scf::SCFTileAndFuseResult> tiled =
        scf::tileConsumerAndFuseProducersUsingSCF(
            rewriter, cast<TilingInterface>(op.getOperation()), options);
    if (failed(tiled))
      return op->emitError("cannot compute in blocks with its reductions");
    if (explain)
      op->emitRemark()
          << "computed with the reductions it reads, " << plan.blockSize
          << " iterations of its loop " << plan.loop << " at a time ("
          << plan.producers.size()
          << " producers in each block; the blocks run on every thread)";
    for (OpResult result : op->getResults())
      rewriter.replaceAllUsesWith(result, tiled->replacements[result]);
    rewriter.eraseOp(op);
    // Fusion leaves slices of the producers that nothing reads any more.
    SmallVector<Operation *> inner;
    for (LoopLikeOpInterface loop : tiled->loops)
      loop->walk([&](Operation *nested) { inner.push_back(nested); });
    for (Operation *nested : llvm::reverse(inner))
      if (isOpTriviallyDead(nested))
        rewriter.eraseOp(nested);
    // The producers are now computed in every block; erase those that
    // nothing else reads (once their sizes are read from where they came
    // from), each freeing its own producers in turn.
    resolveResultDims(producers);
    llvm::SetVector<Operation *> live = producers;
    for (bool erased = true; erased;) {
      erased = false;
      for (Operation *producer : live.takeVector()) {
        if (producer->use_empty()) {
          rewriter.eraseOp(producer);
          erased = true;
        } else {
          live.insert(producer);
        }
      }
    }
    return success();
  }
};

} // namespace
