//===- Assert.cpp - ten.assert to a run-time check ------------------------===//
//
// ten.assert becomes the run-time check that the index checks of ten.take
// and ten.scatter use: a reduction of the condition into one flag, read on
// the host, and cf.assert of it, which stops the run with the op's message.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"

#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

struct AssertLowering : OpConversionPattern<AssertOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value holds = allElements(
        rewriter, loc, adaptor.getCondition(),
        [](OpBuilder &, Location, Value element) { return element; });
    emitRuntimeCheck(rewriter, op, holds, op.getMessage());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void lowering::populateAssertLoweringPatterns(TypeConverter &typeConverter,
                                              RewritePatternSet &patterns) {
  patterns.add<AssertLowering>(typeConverter, patterns.getContext());
}
