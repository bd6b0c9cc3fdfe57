//===- GPUVectorizeElementwise.cpp - ten-gpu-vectorize-elementwise --------===//
//
// Elementwise linalg ops whose operands are contiguous along the innermost
// loop become parallel loops that handle a 16-byte vector of that loop per
// iteration: aligned vector loads and stores, which the NVPTX backend emits
// as ld.global.v4/st.global.v4. When the innermost size is not a constant,
// the vector loop runs where it divides it, the op as it was otherwise.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CUDA/Passes.h"

#include "GPUKernelBuilder.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUVECTORIZEELEMENTWISEPASS
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

/// The size in bytes of an element type that vectors carry in memory as
/// they do in memrefs (not i1, whose vectors LLVM packs into bits).
static std::optional<int64_t> getElementBytes(Type type) {
  if (!type.isIntOrFloat() || type.getIntOrFloatBitWidth() % 8 != 0)
    return std::nullopt;
  return type.getIntOrFloatBitWidth() / 8;
}

/// How many elements of the innermost loop one iteration handles when `op`
/// can be vectorized with `vectorBytes`-byte accesses, or nothing. A
/// dynamic innermost size qualifies: the caller checks that the length
/// divides it.
static std::optional<int64_t> getVectorLength(linalg::LinalgOp op,
                                              int64_t vectorBytes) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() == 0 ||
      op.getNumReductionLoops() != 0 || op.getNumDpsInits() == 0)
    return std::nullopt;
  if (!isVectorizableBody(op.getBlock()))
    return std::nullopt;

  unsigned last = op.getNumLoops() - 1;
  SmallVector<int64_t> loopSizes = op.getStaticLoopRanges();
  int64_t widest = 1;
  for (OpOperand &operand : op->getOpOperands()) {
    Type elementType = getElementTypeOrSelf(operand.get().getType());
    std::optional<int64_t> bytes = getElementBytes(elementType);
    if (!bytes)
      return std::nullopt;
    auto memref = dyn_cast<MemRefType>(operand.get().getType());
    if (!memref)
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!memref.getLayout().isIdentity() || !map.isProjectedPermutation())
      return std::nullopt;
    if (!map.isFunctionOfDim(last)) {
      if (op.isDpsInit(&operand))
        return std::nullopt;
      continue;
    }
    auto innermost =
        dyn_cast<AffineDimExpr>(map.getResult(map.getNumResults() - 1));
    if (!innermost || innermost.getPosition() != last)
      return std::nullopt;
    widest = std::max(widest, *bytes);
  }
  int64_t length = vectorBytes / widest;
  if (length < 2 || (!ShapedType::isDynamic(loopSizes[last]) &&
                     loopSizes[last] % length != 0))
    return std::nullopt;
  return length;
}

/// Creates, at the rewriter's insertion point, an scf.parallel that does
/// what `op` does, each iteration `length` consecutive points of the
/// innermost loop (`ranges` are op's loops) with vector loads and stores.
static void createVectorLoop(RewriterBase &rewriter, linalg::LinalgOp op,
                             ArrayRef<Range> ranges, int64_t length) {
  Location loc = op.getLoc();
  unsigned last = op.getNumLoops() - 1;
  SmallVector<Value> lowerBounds, upperBounds, steps;
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value vectorLength = arith::ConstantIndexOp::create(rewriter, loc, length);
  for (auto [loop, range] : llvm::enumerate(ranges)) {
    Value size = getValueOrCreateConstantIndexOp(rewriter, loc, range.size);
    if (loop == last)
      size = rewriter.createOrFold<arith::DivUIOp>(loc, size, vectorLength);
    lowerBounds.push_back(zero);
    upperBounds.push_back(size);
    steps.push_back(one);
  }
  auto parallel =
      scf::ParallelOp::create(rewriter, loc, lowerBounds, upperBounds, steps);
  rewriter.setInsertionPoint(parallel.getBody()->getTerminator());
  SmallVector<Value> indices(parallel.getInductionVars());
  indices[last] =
      arith::MulIOp::create(rewriter, loc, indices[last], vectorLength);

  auto alignmentOf = [&](Type elementType) {
    return llvm::MaybeAlign(length * *getElementBytes(elementType));
  };

  IRMapping mapping;
  Block *body = op.getBlock();
  for (OpOperand &operand : op->getOpOperands())
    if (!op.getMatchingBlockArgument(&operand).use_empty())
      mapping.map(
          op.getMatchingBlockArgument(&operand),
          loadOperandOnVectors(rewriter, loc, op, &operand, indices, length));
  SmallVector<Value> yieldedValues =
      cloneBodyOnVectors(rewriter, loc, body, mapping, length);
  for (auto [value, init] : llvm::zip(yieldedValues, op.getDpsInitsMutable())) {
    Type elementType = getElementTypeOrSelf(init.get().getType());
    vector::StoreOp::create(
        rewriter, loc, value, init.get(),
        applyMap(rewriter, loc, op.getMatchingIndexingMap(&init), indices),
        /*nontemporal=*/false, alignmentOf(elementType));
  }
}

/// Replaces `op` by its vector loop. When its innermost size is not a
/// constant, the loop runs under a check that `length` divides the size
/// (so that every row starts aligned and no point is left over), and a
/// copy of `op` runs otherwise.
static void vectorize(RewriterBase &rewriter, linalg::LinalgOp op,
                      int64_t length) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
  OpFoldResult innermost = ranges.back().size;
  if (getConstantIntValue(innermost)) {
    createVectorLoop(rewriter, op, ranges, length);
    rewriter.eraseOp(op);
    return;
  }
  Value size = getValueOrCreateConstantIndexOp(rewriter, loc, innermost);
  Value remainder = arith::RemUIOp::create(
      rewriter, loc, size,
      arith::ConstantIndexOp::create(rewriter, loc, length));
  Value divides =
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, remainder,
                            arith::ConstantIndexOp::create(rewriter, loc, 0));
  auto branches = scf::IfOp::create(rewriter, loc, divides,
                                    /*withElseRegion=*/true);
  rewriter.setInsertionPoint(branches.thenBlock()->getTerminator());
  createVectorLoop(rewriter, op, ranges, length);
  rewriter.moveOpBefore(op, branches.elseBlock()->getTerminator());
}

namespace {
struct TenGPUVectorizeElementwisePass
    : public ten::impl::TenGPUVectorizeElementwisePassBase<
          TenGPUVectorizeElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<std::pair<linalg::LinalgOp, int64_t>> ops;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op->getParentOfType<gpu::LaunchOp>() ||
          op->getParentOfType<scf::ParallelOp>())
        return;
      if (std::optional<int64_t> length = getVectorLength(op, vectorBytes))
        ops.emplace_back(op, *length);
    });
    IRRewriter rewriter(&getContext());
    for (auto [op, length] : ops)
      vectorize(rewriter, op, length);
  }
};
} // namespace
