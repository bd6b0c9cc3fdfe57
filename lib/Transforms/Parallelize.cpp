//===- Parallelize.cpp - the ten-parallelize pass -------------------------===//
//
// Splits linalg ops on tensors over threads: one scf.forall tile per thread
// along the outermost parallel loop that has enough iterations.
//
//===----------------------------------------------------------------------===//

#include "ten/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENPARALLELIZEPASS
#include "ten/Transforms/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// The loop to split over `numThreads` threads: the outermost parallel loop
/// with at least `numThreads` iterations (or a dynamic count), if the op has
/// at least `grainSize` iterations in all.
std::optional<unsigned>
chooseThreadLoop(linalg::LinalgOp op, int64_t numThreads, int64_t grainSize) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t points = 1;
  bool dynamic = false;
  for (int64_t range : ranges) {
    if (ShapedType::isDynamic(range))
      dynamic = true;
    else
      points = points > INT64_MAX / std::max<int64_t>(range, 1)
                   ? INT64_MAX
                   : points * range;
  }
  if (!dynamic && points < grainSize)
    return std::nullopt;
  for (auto [index, type] : llvm::enumerate(op.getIteratorTypesArray())) {
    if (type != utils::IteratorType::parallel)
      continue;
    if (ShapedType::isDynamic(ranges[index]) || ranges[index] >= numThreads)
      return index;
  }
  return std::nullopt;
}

struct TenParallelizePass
    : ten::impl::TenParallelizePassBase<TenParallelizePass> {
  using Base::Base;

  void runOnOperation() override {
    if (numThreads < 2)
      return;
    SmallVector<linalg::LinalgOp> candidates;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() && !op->getParentOfType<scf::ForallOp>())
        candidates.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : candidates) {
      std::optional<unsigned> loop =
          chooseThreadLoop(op, numThreads, grainSize);
      if (!loop)
        continue;
      SmallVector<OpFoldResult> threads(op.getNumLoops(),
                                        rewriter.getIndexAttr(0));
      threads[*loop] = rewriter.getIndexAttr(numThreads);
      scf::SCFTilingOptions options;
      options.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
      options.setNumThreads(threads);
      rewriter.setInsertionPoint(op);
      FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), options);
      if (failed(tiled)) {
        op->emitError("cannot split over threads");
        return signalPassFailure();
      }
      rewriter.replaceOp(op, tiled->replacements);
    }
  }
};

} // namespace
