//===- SearchSorted.cpp - ten.searchsorted to a binary search per element -===//
//
// An elementwise generic over the values whose body runs a binary search of
// the sorted vector (which it captures and reads with tensor.extract): an
// scf.while that halves the range [lo, lo + count) until it is empty,
// moving past the middle element while it belongs before the value. The
// order is ten.sort's: NaN after every number, integers signed or unsigned
// as their type says.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

struct SearchSortedLowering : OpConversionPattern<SearchSortedOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SearchSortedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value sorted = adaptor.getSorted();
    Value values = adaptor.getValues();
    auto valuesType = cast<RankedTensorType>(values.getType());
    Type elementType = op.getSorted().getType().getElementType();
    bool right = op.getSide() == SearchSide::right;
    Type index = rewriter.getIndexType();
    Type i64 = rewriter.getI64Type();
    Value count = getValueOrCreateConstantIndexOp(
        rewriter, loc, getDimSize(rewriter, loc, sorted, 0));

    int64_t rank = valuesType.getRank();
    Value init = createEmptyTensor(rewriter, loc,
                                   getDimSizes(rewriter, loc, values), i64);
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, init.getType(), values, init,
        ArrayRef<AffineMap>{identity, identity}, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value value = args[0];
          Value zero = arith::ConstantIndexOp::create(b, l, 0);
          Value one = arith::ConstantIndexOp::create(b, l, 1);
          auto search = scf::WhileOp::create(
              b, l, TypeRange{index, index}, ValueRange{zero, count},
              [&](OpBuilder &cb, Location cl, ValueRange range) {
                Value nonEmpty = arith::CmpIOp::create(
                    cb, cl, arith::CmpIPredicate::ugt, range[1], zero);
                scf::ConditionOp::create(cb, cl, nonEmpty, range);
              },
              [&](OpBuilder &wb, Location wl, ValueRange range) {
                Value lo = range[0], length = range[1];
                Value half = arith::ShRUIOp::create(wb, wl, length, one);
                Value middle = arith::AddIOp::create(wb, wl, lo, half);
                Value element =
                    tensor::ExtractOp::create(wb, wl, sorted, middle);
                // Left: past every element before the value; right: past
                // every element the value does not come before.
                Value past =
                    right ? arith::XOrIOp::create(
                                wb, wl,
                                comesBeforeInSortOrder(wb, wl, value, element,
                                                       elementType),
                                arith::ConstantIntOp::create(wb, wl, 1, 1))
                          : comesBeforeInSortOrder(wb, wl, element, value,
                                                   elementType);
                Value afterMiddle = arith::AddIOp::create(wb, wl, middle, one);
                Value restAfter = arith::SubIOp::create(
                    wb, wl, arith::SubIOp::create(wb, wl, length, half), one);
                scf::YieldOp::create(
                    wb, wl,
                    ValueRange{
                        arith::SelectOp::create(wb, wl, past, afterMiddle, lo),
                        arith::SelectOp::create(wb, wl, past, restAfter,
                                                half)});
              });
          linalg::YieldOp::create(b, l,
                                  ValueRange{arith::IndexCastOp::create(
                                      b, l, i64, search.getResult(0))});
        });
    rewriter.replaceOp(op,
                       castToResultType(rewriter, op, generic.getResult(0)));
    return success();
  }
};

} // namespace

void lowering::populateSearchSortedLoweringPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<SearchSortedLowering>(typeConverter, patterns.getContext());
}
