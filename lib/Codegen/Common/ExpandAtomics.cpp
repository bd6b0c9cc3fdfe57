//===- ExpandAtomics.cpp - the ten-expand-atomics pass --------------------===//
//
// Rewrites the atomic integer products, which LLVM has no instruction for,
// into compare-and-swap loops; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENEXPANDATOMICSPASS
#include "ten/Codegen/Common/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// An integer product `memref.atomic_rmw` as a `memref.generic_atomic_rmw`
/// whose body multiplies, which the LLVM lowering makes a compare-and-swap
/// loop.
struct ExpandAtomicProduct : OpRewritePattern<memref::AtomicRMWOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(memref::AtomicRMWOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getKind() != arith::AtomicRMWKind::muli)
      return failure();
    Location loc = op.getLoc();
    auto atomic = memref::GenericAtomicRMWOp::create(
        rewriter, loc, op.getMemref(), op.getIndices());
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(atomic.getBody());
    Value current = atomic.getCurrentValue();
    Value product =
        arith::MulIOp::create(rewriter, loc, current, op.getValue());
    memref::AtomicYieldOp::create(rewriter, loc, product);
    rewriter.replaceOp(op, atomic.getResult());
    return success();
  }
};

struct TenExpandAtomicsPass
    : ten::impl::TenExpandAtomicsPassBase<TenExpandAtomicsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExpandAtomicProduct>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
