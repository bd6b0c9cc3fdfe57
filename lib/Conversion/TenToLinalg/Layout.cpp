//===- Layout.cpp - transpose, reshape and constant to linalg and tensor --===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

struct TransposeLowering : OpConversionPattern<TransposeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    SmallVector<OpFoldResult> sizes;
    for (int64_t dim : op.getPermutation())
      sizes.push_back(getDimSize(rewriter, loc, input, dim));
    Value init =
        createEmptyTensor(rewriter, loc, sizes, inputType.getElementType());
    Value result = linalg::TransposeOp::create(rewriter, loc, input, init,
                                               op.getPermutation())
                       .getResult()
                       .front();
    rewriter.replaceOp(op, castToResultType(rewriter, op, result));
    return success();
  }
};

/// A reshape flattens the input to one dimension and unflattens it to the
/// result's shape, in row-major order; the result's one dynamic dimension, if
/// any, is the element count divided by the product of the others.
struct ReshapeLowering : OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    auto resultType = cast<RankedTensorType>(getLoweredType(op.getType()));
    Type elementType = inputType.getElementType();

    // The element count.
    OpFoldResult count = rewriter.getIndexAttr(1);
    for (int64_t dim = 0; dim < inputType.getRank(); ++dim)
      count =
          multiply(rewriter, loc, count, getDimSize(rewriter, loc, input, dim));

    // The result's sizes, checked against the count where the types could
    // not check them.
    OpFoldResult known = rewriter.getIndexAttr(1);
    for (int64_t size : resultType.getShape())
      if (!ShapedType::isDynamic(size))
        known = multiply(rewriter, loc, known, rewriter.getIndexAttr(size));
    SmallVector<OpFoldResult> sizes;
    if (resultType.hasStaticShape()) {
      if (!inputType.hasStaticShape())
        check(rewriter, op, count, known, /*divides=*/false);
      for (int64_t size : resultType.getShape())
        sizes.push_back(rewriter.getIndexAttr(size));
    } else {
      if (!inputType.hasStaticShape())
        check(rewriter, op, count, known, /*divides=*/true);
      Value quotient = arith::DivUIOp::create(
          rewriter, loc, getValueOrCreateConstantIndexOp(rewriter, loc, count),
          getValueOrCreateConstantIndexOp(rewriter, loc, known));
      for (int64_t size : resultType.getShape())
        sizes.push_back(ShapedType::isDynamic(size)
                            ? OpFoldResult(quotient)
                            : OpFoldResult(rewriter.getIndexAttr(size)));
    }

    // Flatten.
    Value flat = input;
    if (inputType.getRank() == 0) {
      flat = tensor::ExpandShapeOp::create(
          rewriter, loc, RankedTensorType::get({1}, elementType), input,
          ArrayRef<ReassociationIndices>{},
          ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1)});
    } else if (inputType.getRank() > 1) {
      ReassociationIndices all(inputType.getRank());
      std::iota(all.begin(), all.end(), 0);
      flat =
          tensor::CollapseShapeOp::create(rewriter, loc, input, ArrayRef{all});
    }
    // A flat tensor of dynamic size becomes static when the result is.
    auto flatType = cast<RankedTensorType>(flat.getType());
    std::optional<int64_t> staticCount = getConstantIntValue(known);
    if (flatType.isDynamicDim(0) && resultType.hasStaticShape())
      flat = tensor::CastOp::create(
          rewriter, loc, RankedTensorType::get({*staticCount}, elementType),
          flat);

    // Unflatten.
    Value result;
    if (resultType.getRank() == 0) {
      result = tensor::CollapseShapeOp::create(
          rewriter, loc, resultType, flat, ArrayRef<ReassociationIndices>{});
    } else if (resultType.getRank() == 1) {
      result = flat;
    } else {
      ReassociationIndices all(resultType.getRank());
      std::iota(all.begin(), all.end(), 0);
      result = tensor::ExpandShapeOp::create(rewriter, loc, resultType, flat,
                                             ArrayRef{all}, sizes);
    }
    if (result.getType() != resultType)
      result = tensor::CastOp::create(rewriter, loc, resultType, result);
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  static OpFoldResult multiply(OpBuilder &b, Location loc, OpFoldResult lhs,
                               OpFoldResult rhs) {
    std::optional<int64_t> l = getConstantIntValue(lhs);
    std::optional<int64_t> r = getConstantIntValue(rhs);
    if (l && r)
      return b.getIndexAttr(*l * *r);
    return arith::MulIOp::create(b, loc,
                                 getValueOrCreateConstantIndexOp(b, loc, lhs),
                                 getValueOrCreateConstantIndexOp(b, loc, rhs))
        .getResult();
  }

  /// Checks at run time that `count` equals `known`, or that `known` divides
  /// it.
  static void check(OpBuilder &b, Operation *op, OpFoldResult count,
                    OpFoldResult known, bool divides) {
    Location loc = op->getLoc();
    Value countValue = getValueOrCreateConstantIndexOp(b, loc, count);
    Value knownValue = getValueOrCreateConstantIndexOp(b, loc, known);
    Value ok;
    if (divides) {
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      Value remainder = arith::RemUIOp::create(b, loc, countValue, knownValue);
      ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, remainder,
                                 zero);
    } else {
      ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, countValue,
                                 knownValue);
    }
    emitRuntimeCheck(b, op, ok,
                     divides ? "the element count is not a multiple of the "
                               "result's static sizes"
                             : "the element count is not the result's");
  }
};

struct ConstantLowering : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A splat of more than one element is a fill: it fuses into its users
    // and costs no memory of the program's, where a constant of 10^12
    // elements would be materialized by the code generator (and exhaust
    // its memory).
    auto type = cast<RankedTensorType>(getLoweredType(op.getType()));
    TypedAttr value = getSignlessValue(op.getValue(), type);
    if (!value)
      return rewriter.notifyMatchFailure(op, "unknown kind of elements");
    auto splat = dyn_cast<SplatElementsAttr>(value);
    if (splat && type.getNumElements() > 1) {
      Location loc = op.getLoc();
      // A complex element is the pair of its parts, complex.constant's.
      Attribute element = splat.getSplatValue<Attribute>();
      Value value =
          isa<ComplexType>(type.getElementType())
              ? Value(complex::ConstantOp::create(rewriter, loc,
                                                  type.getElementType(),
                                                  cast<ArrayAttr>(element)))
              : Value(arith::ConstantOp::create(rewriter, loc,
                                                cast<TypedAttr>(element)));
      Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                            type.getElementType());
      rewriter.replaceOpWithNewOp<linalg::FillOp>(op, value, empty);
      return success();
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, value);
    return success();
  }

private:
  /// `value`'s elements as elements of `type`, which differs from `value`'s
  /// type at most by signless integers in place of unsigned ones: the same
  /// bits.
  static TypedAttr getSignlessValue(ElementsAttr value, RankedTensorType type) {
    if (value.getType() == type)
      return cast<TypedAttr>(value);
    if (auto dense = dyn_cast<DenseElementsAttr>(value))
      return dense.bitcast(type.getElementType());
    if (auto resource = dyn_cast<DenseResourceElementsAttr>(value))
      return DenseResourceElementsAttr::get(type, resource.getRawHandle());
    return {};
  }
};

/// ten.iota: a generic without inputs whose body converts the index of
/// its dimension.
struct IotaLowering : OpConversionPattern<IotaOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(IotaOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    Type elementType = type.getElementType();
    Type loweredElement = getLoweredType(elementType);
    Value init =
        tensor::EmptyOp::create(rewriter, loc, type.getShape(), loweredElement);
    SmallVector<utils::IteratorType> iterators(type.getRank(),
                                               utils::IteratorType::parallel);
    int64_t dimension = op.getDimension();
    Type i64 = rewriter.getI64Type();
    rewriter.replaceOpWithNewOp<linalg::GenericOp>(
        op, init.getType(), ValueRange(), init,
        rewriter.getMultiDimIdentityMap(type.getRank()), iterators,
        [&](OpBuilder &b, Location bodyLoc, ValueRange) {
          Value index = linalg::IndexOp::create(b, bodyLoc, dimension);
          Value wide = arith::IndexCastOp::create(b, bodyLoc, i64, index);
          linalg::YieldOp::create(
              b, bodyLoc, convertScalar(b, bodyLoc, wide, i64, elementType));
        });
    return success();
  }
};

} // namespace

void lowering::populateLayoutLoweringPatterns(TypeConverter &typeConverter,
                                              RewritePatternSet &patterns) {
  patterns
      .add<TransposeLowering, ReshapeLowering, ConstantLowering, IotaLowering>(
          typeConverter, patterns.getContext());
}
