//===- Take.cpp - ten.take to linalg.generic ------------------------------===//
//
// A take is an elementwise generic over the result whose body reads the
// index (the indices tensor is its input), brings it into range as the mode
// says and extracts the input's element there (`tensor.extract` of the
// input, which the body captures). The index the body extracts at is always
// in range, whatever the data: out-of-range indices of mode `raise` are
// found by a reduction over the indices before the generic, checked on the
// host (`cf.assert`), and the body clamps them all the same.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

struct TakeLowering : OpConversionPattern<TakeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TakeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    TakeMode mode = op.getMode();
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    Value indices = adaptor.getIndices();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto indicesType = cast<RankedTensorType>(indices.getType());
    int64_t dim = static_cast<int64_t>(op.getDim());
    int64_t indexRank = indicesType.getRank();
    int64_t resultRank = inputType.getRank() - 1 + indexRank;
    Type i64 = rewriter.getI64Type();

    Value extent = arith::IndexCastOp::create(
        rewriter, loc, i64,
        getValueOrCreateConstantIndexOp(rewriter, loc,
                                        getDimSize(rewriter, loc, input, dim)));
    Value zero = arith::ConstantIntOp::create(rewriter, loc, i64, 0);
    Value one = arith::ConstantIntOp::create(rewriter, loc, i64, 1);

    // Nothing can be taken from an empty dimension: no index is in range.
    bool knownNonEmpty =
        !inputType.isDynamicDim(dim) && inputType.getDimSize(dim) > 0;
    bool knownNoIndices =
        indicesType.hasStaticShape() && indicesType.getNumElements() == 0;
    if (!knownNonEmpty && !knownNoIndices) {
      Value indexCount = arith::ConstantIndexOp::create(rewriter, loc, 1);
      for (int64_t d = 0; d < indexRank; ++d)
        indexCount = arith::MulIOp::create(
            rewriter, loc, indexCount,
            getValueOrCreateConstantIndexOp(
                rewriter, loc, getDimSize(rewriter, loc, indices, d)));
      Value noIndices = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, indexCount,
          arith::ConstantIndexOp::create(rewriter, loc, 0));
      Value nonEmpty = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::sgt, extent, zero);
      emitRuntimeCheck(rewriter, op,
                       arith::OrIOp::create(rewriter, loc, nonEmpty, noIndices),
                       "a take of some indices from dimension " + Twine(dim) +
                           ", which is empty");
    }
    if (mode == TakeMode::raise)
      emitIndexRangeCheck(rewriter, op, indices, extent, dim);

    // The result: the input's dims before `dim`, the indices' dims, the
    // input's dims after `dim`.
    SmallVector<OpFoldResult> sizes;
    for (int64_t d = 0; d < dim; ++d)
      sizes.push_back(getDimSize(rewriter, loc, input, d));
    for (int64_t d = 0; d < indexRank; ++d)
      sizes.push_back(getDimSize(rewriter, loc, indices, d));
    for (int64_t d = dim + 1; d < inputType.getRank(); ++d)
      sizes.push_back(getDimSize(rewriter, loc, input, d));
    Value empty =
        createEmptyTensor(rewriter, loc, sizes, inputType.getElementType());
    SmallVector<AffineExpr> indexExprs;
    for (int64_t d = 0; d < indexRank; ++d)
      indexExprs.push_back(rewriter.getAffineDimExpr(dim + d));
    SmallVector<AffineMap> maps = {
        AffineMap::get(resultRank, 0, indexExprs, rewriter.getContext()),
        rewriter.getMultiDimIdentityMap(resultRank)};
    SmallVector<utils::IteratorType> iterators(resultRank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, empty.getType(), indices, empty, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value index = bringIntoRange(b, l, mode, args[0], extent, one);
          SmallVector<Value> at;
          for (int64_t d = 0; d < dim; ++d)
            at.push_back(linalg::IndexOp::create(b, l, d));
          at.push_back(
              arith::IndexCastOp::create(b, l, b.getIndexType(), index));
          for (int64_t d = dim + 1; d < inputType.getRank(); ++d)
            at.push_back(linalg::IndexOp::create(b, l, d - 1 + indexRank));
          linalg::YieldOp::create(
              b, l, ValueRange{tensor::ExtractOp::create(b, l, input, at)});
        });
    rewriter.replaceOp(op,
                       castToResultType(rewriter, op, generic.getResult(0)));
    return success();
  }

private:
  /// `index` as an index into [0, extent) by `mode` (for raise, already
  /// checked: clamped all the same, so that the read stays in the buffer).
  static Value bringIntoRange(OpBuilder &b, Location loc, TakeMode mode,
                              Value index, Value extent, Value one) {
    if (mode == TakeMode::wrap) {
      // ((i % n) + n) % n, with n at least 1 (an empty dimension with
      // indices was an error before).
      Value n = arith::MaxSIOp::create(b, loc, extent, one);
      Value rem = arith::RemSIOp::create(b, loc, index, n);
      return arith::RemSIOp::create(b, loc,
                                    arith::AddIOp::create(b, loc, rem, n), n);
    }
    return clampIndex(b, loc, index, extent,
                      /*countFromEnd=*/mode == TakeMode::raise);
  }
};

} // namespace

void lowering::populateTakeLoweringPatterns(TypeConverter &typeConverter,
                                            RewritePatternSet &patterns) {
  patterns.add<TakeLowering>(typeConverter, patterns.getContext());
}
