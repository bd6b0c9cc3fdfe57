//===- GPUMapLoops.cpp - the ten-gpu-map-loops pass -----------------------===//
//
// Collapses and tiles the outermost parallel loops of host functions for GPU
// blocks and threads and marks them with the mapping that
// convert-parallel-loops-to-gpu reads.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Sizes.h"
#include "ten/Target/CUDA/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <algorithm>
#include <numeric>

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUMAPLOOPSPASS
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

/// The mapping of one loop dimension onto `processor`.
static gpu::ParallelLoopDimMappingAttr mapTo(MLIRContext *context,
                                             gpu::Processor processor) {
  AffineMap identity = AffineMap::getMultiDimIdentityMap(1, context);
  return gpu::ParallelLoopDimMappingAttr::get(context, processor, identity,
                                              identity);
}

/// The number of points of `loop` when its bounds and steps are constants.
static std::optional<int64_t> getConstantTripCount(scf::ParallelOp loop) {
  SmallVector<int64_t> tripCounts;
  for (auto [lower, upper, step] :
       llvm::zip(loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
    std::optional<int64_t> lowerValue = getConstantIntValue(lower);
    std::optional<int64_t> upperValue = getConstantIntValue(upper);
    std::optional<int64_t> stepValue = getConstantIntValue(step);
    int64_t extent;
    if (!lowerValue || !upperValue || !stepValue || *stepValue <= 0 ||
        llvm::SubOverflow(*upperValue, *lowerValue, extent))
      return std::nullopt;
    tripCounts.push_back(
        llvm::divideCeil(std::max<int64_t>(extent, 0), *stepValue));
  }
  // Saturating: a product past INT64_MAX (more points than any tensor
  // holds) stays INT64_MAX.
  return ten::saturatingProduct(tripCounts);
}

/// Collapses `loop` into one dimension (the innermost dimension fastest, so
/// that consecutive threads touch consecutive elements), tiles it by
/// `blockSize` and maps the tiles onto blocks and the in-tile iterations onto
/// threads. One dimension keeps the grid within `block_x`'s limit of 2^31-1
/// blocks, where `block_y` and `block_z` stop at 65535.
static LogicalResult mapLoop(RewriterBase &rewriter, scf::ParallelOp loop,
                             int64_t blockSize) {
  Location loc = loop.getLoc();
  MLIRContext *context = rewriter.getContext();
  std::optional<int64_t> tripCount = getConstantTripCount(loop);
  if (loop.getNumLoops() > 1) {
    std::vector<unsigned> allDims(loop.getNumLoops());
    std::iota(allDims.begin(), allDims.end(), 0);
    Operation *next = loop->getNextNode();
    rewriter.setInsertionPoint(loop);
    collapseParallelLoops(rewriter, loop, {allDims});
    loop = cast<scf::ParallelOp>(next->getPrevNode());
  }

  // A launch of no blocks is an error on the GPU: an empty loop launches
  // nothing.
  if (tripCount && *tripCount <= 0) {
    rewriter.eraseOp(loop);
    return success();
  }
  if (!tripCount) {
    rewriter.setInsertionPoint(loop);
    Value lowerBound = loop.getLowerBound().front();
    Value upperBound = loop.getUpperBound().front();
    Value nonEmpty = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::slt, lowerBound, upperBound);
    auto guard = scf::IfOp::create(rewriter, loc, nonEmpty,
                                   /*withElseRegion=*/false);
    rewriter.moveOpBefore(loop, guard.thenBlock()->getTerminator());
  }

  // Without min/max bounds the in-tile loop always has block-size
  // iterations, the partial tile guarded by an scf.if: the launch's block
  // size is a constant.
  auto [tiles, inTile] =
      scf::tileParallelLoop(loop, {blockSize}, /*noMinMaxBounds=*/true);
  if (failed(gpu::setMappingAttr(tiles,
                                 {mapTo(context, gpu::Processor::BlockX)})) ||
      failed(gpu::setMappingAttr(inTile,
                                 {mapTo(context, gpu::Processor::ThreadX)})))
    return failure();
  return success();
}

namespace {
struct TenGPUMapLoopsPass
    : public ten::impl::TenGPUMapLoopsPassBase<TenGPUMapLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize < 1 || blockSize > 1024) {
      getOperation().emitError("ten-gpu-map-loops: block-size must be 1 to "
                               "1024, not ")
          << static_cast<int64_t>(blockSize);
      return signalPassFailure();
    }
    SmallVector<scf::ParallelOp> loops;
    getOperation().walk([&](scf::ParallelOp loop) {
      if (!loop->getParentOfType<scf::ParallelOp>() &&
          !loop->getParentOfType<gpu::LaunchOp>() &&
          !loop->hasAttr(gpu::getMappingAttrName()))
        loops.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ParallelOp loop : loops)
      if (failed(mapLoop(rewriter, loop, blockSize)))
        return signalPassFailure();
  }
};
} // namespace
