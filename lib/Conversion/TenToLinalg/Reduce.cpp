//===- Reduce.cpp - ten.reduce to linalg.generic --------------------------===//
//
// A reduction is a linalg.generic over the input's dimensions, the reduced
// ones as reduction loops, into an init holding the kind's identity. f16 and
// bf16 accumulate in f32. `mean` divides the sum by the element count;
// `argmax`/`argmin` carry the extremum and its index, taking the first index
// among ties (and the first NaN, as NumPy does); `keepdim` reinserts the
// reduced dimensions with size 1. Scans are Scan.cpp's.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SmallBitVector.h"

#include <limits>

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

bool isArgKind(ReduceKind kind) {
  return kind == ReduceKind::argmax || kind == ReduceKind::argmin;
}

/// The type a reduction of `elementType` accumulates in.
Type getAccumulatorType(ReduceKind kind, Type elementType) {
  if (kind == ReduceKind::any || kind == ReduceKind::all)
    return IntegerType::get(elementType.getContext(), 1);
  return getComputeType(elementType);
}

} // namespace

Value lowering::getReductionIdentity(OpBuilder &b, Location loc,
                                     ReduceKind kind, Type type,
                                     bool isUnsigned) {
  bool isMax = kind == ReduceKind::max || kind == ReduceKind::argmax;
  switch (kind) {
  case ReduceKind::sum:
  case ReduceKind::mean:
  case ReduceKind::any:
    return createScalarConstant(b, loc, type, 0);
  case ReduceKind::prod:
  case ReduceKind::all:
    return createScalarConstant(b, loc, type, 1);
  case ReduceKind::max:
  case ReduceKind::min:
  case ReduceKind::argmax:
  case ReduceKind::argmin:
    break;
  }
  double inf = std::numeric_limits<double>::infinity();
  if (auto floatType = dyn_cast<FloatType>(type))
    return createScalarConstant(b, loc, type, isMax ? -inf : inf);
  // Complex numbers order lexicographically: both parts infinite.
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    FloatAttr part =
        b.getFloatAttr(complexType.getElementType(), isMax ? -inf : inf);
    return complex::ConstantOp::create(b, loc, complexType,
                                       b.getArrayAttr({part, part}));
  }
  unsigned width = type.getIntOrFloatBitWidth();
  if (width == 1)
    return createScalarConstant(b, loc, type, isMax ? 0 : 1);
  APInt value = isUnsigned ? (isMax ? APInt::getMinValue(width)
                                    : APInt::getMaxValue(width))
                           : (isMax ? APInt::getSignedMinValue(width)
                                    : APInt::getSignedMaxValue(width));
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, value));
}

namespace {

/// Whether `element` replaces `acc` as the extremum: strictly better, so that
/// ties keep the first index, or the first NaN.
Value isBetter(OpBuilder &b, Location loc, ReduceKind kind, Value element,
               Value acc, bool isUnsigned) {
  bool isMax = kind == ReduceKind::argmax;
  Type type = acc.getType();
  if (isa<ComplexType>(type)) {
    Value better = compareComplex(isMax ? CmpPredicate::gt : CmpPredicate::lt,
                                  b, loc, element, acc);
    Value accNaN = hasComplexNaN(b, loc, acc);
    Value accNumber = arith::XOrIOp::create(
        b, loc, accNaN, createScalarConstant(b, loc, b.getI1Type(), 1));
    Value firstNaN = arith::AndIOp::create(
        b, loc, hasComplexNaN(b, loc, element), accNumber);
    return arith::OrIOp::create(b, loc, better, firstNaN);
  }
  if (isa<FloatType>(type)) {
    Value better = arith::CmpFOp::create(
        b, loc, isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
        element, acc);
    Value elementNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                             element, element);
    Value accNumber =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ORD, acc, acc);
    Value firstNaN = arith::AndIOp::create(b, loc, elementNaN, accNumber);
    return arith::OrIOp::create(b, loc, better, firstNaN);
  }
  arith::CmpIPredicate predicate =
      isMax
          ? (isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt)
          : (isUnsigned ? arith::CmpIPredicate::ult
                        : arith::CmpIPredicate::slt);
  return arith::CmpIOp::create(b, loc, predicate, element, acc);
}

struct ReduceLowering : OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    int64_t rank = inputType.getRank();
    ReduceKind kind = op.getKind();
    Type accType = getAccumulatorType(kind, inputType.getElementType());
    // The input's integers are signless here; the op's say how they order.
    bool isUnsigned = isUnsignedInteger(op.getInput().getType());
    llvm::SmallBitVector reduced(rank);
    for (int64_t dim : op.getDims())
      reduced.set(dim);

    SmallVector<OpFoldResult> keptSizes;
    SmallVector<int64_t> keptShape;
    SmallVector<AffineExpr> keptExprs;
    SmallVector<utils::IteratorType> iterators;
    for (int64_t dim = 0; dim < rank; ++dim) {
      iterators.push_back(reduced.test(dim) ? utils::IteratorType::reduction
                                            : utils::IteratorType::parallel);
      if (reduced.test(dim))
        continue;
      keptSizes.push_back(getDimSize(rewriter, loc, input, dim));
      keptShape.push_back(inputType.getDimSize(dim));
      keptExprs.push_back(rewriter.getAffineDimExpr(dim));
    }
    SmallVector<AffineMap> maps = {
        rewriter.getMultiDimIdentityMap(rank),
        AffineMap::get(rank, 0, keptExprs, rewriter.getContext())};

    auto filled = [&](Type type, Value value) {
      Value empty = createEmptyTensor(rewriter, loc, keptSizes, type);
      return linalg::FillOp::create(rewriter, loc, value, empty).getResult(0);
    };
    Value result;
    if (isArgKind(kind)) {
      int64_t reducedDim = op.getDims().front();
      maps.push_back(maps.back());
      Type indexType = rewriter.getI64Type();
      Value values = filled(accType, getReductionIdentity(rewriter, loc, kind,
                                                          accType, isUnsigned));
      Value indices =
          filled(indexType, createScalarConstant(rewriter, loc, indexType, 0));
      auto generic = linalg::GenericOp::create(
          rewriter, loc, TypeRange{values.getType(), indices.getType()}, input,
          ValueRange{values, indices}, maps, iterators,
          [&](OpBuilder &b, Location l, ValueRange args) {
            Value element = convertScalar(b, l, args[0], accType);
            Value index = arith::IndexCastOp::create(
                b, l, indexType, linalg::IndexOp::create(b, l, reducedDim));
            Value better = isBetter(b, l, kind, element, args[1], isUnsigned);
            linalg::YieldOp::create(
                b, l,
                ValueRange{
                    arith::SelectOp::create(b, l, better, element, args[1]),
                    arith::SelectOp::create(b, l, better, index, args[2])});
          });
      result = generic.getResult(1);
    } else {
      Value init = filled(accType, getReductionIdentity(rewriter, loc, kind,
                                                        accType, isUnsigned));
      auto generic = linalg::GenericOp::create(
          rewriter, loc, init.getType(), input, init, maps, iterators,
          [&](OpBuilder &b, Location l, ValueRange args) {
            Value element = convertScalar(b, l, args[0], accType);
            linalg::YieldOp::create(
                b, l,
                combineReduction(b, l, kind, args[1], element, isUnsigned));
          });
      result = generic.getResult(0);
      if (kind == ReduceKind::mean)
        result = divideByCount(rewriter, loc, result, input, reduced);
      Type elementType = getLoweredType(op.getType().getElementType());
      if (accType != elementType)
        result = convertElements(rewriter, loc, result, elementType);
    }

    if (op.getKeepdim())
      result = insertUnitDims(rewriter, loc, result, reduced, keptSizes);
    rewriter.replaceOp(op, castToResultType(rewriter, op, result));
    return success();
  }

private:
  /// `sum` divided by the number of elements that each of its elements sums.
  static Value divideByCount(OpBuilder &b, Location loc, Value sum, Value input,
                             const llvm::SmallBitVector &reduced) {
    Value count = arith::ConstantIndexOp::create(b, loc, 1);
    for (int64_t dim : reduced.set_bits())
      count =
          arith::MulIOp::create(b, loc, count,
                                getValueOrCreateConstantIndexOp(
                                    b, loc, getDimSize(b, loc, input, dim)));
    auto sumType = cast<RankedTensorType>(sum.getType());
    Type elementType = sumType.getElementType();
    // A complex sum is divided by count + 0i as NumPy divides it (Smith's
    // quotient): each part times 1 / count, an infinite part's product
    // with 0 making the other part NaN.
    auto complexType = dyn_cast<ComplexType>(elementType);
    Type floatType = complexType ? complexType.getElementType() : elementType;
    Value countFloat = arith::SIToFPOp::create(
        b, loc, floatType,
        arith::IndexCastOp::create(b, loc, b.getI64Type(), count));
    return mapElements(
        b, loc, sum, elementType,
        [&](OpBuilder &nb, Location l, Value element) -> Value {
          if (!complexType)
            return arith::DivFOp::create(nb, l, element, countFloat);
          Value zero = createScalarConstant(nb, l, floatType, 0);
          Value divisor =
              complex::CreateOp::create(nb, l, complexType, countFloat, zero);
          return buildComplexDivide(nb, l, element, divisor);
        });
  }

  /// Expands `value`, the reduction without its reduced dims, to have them
  /// with size 1.
  static Value insertUnitDims(OpBuilder &b, Location loc, Value value,
                              const llvm::SmallBitVector &reduced,
                              ArrayRef<OpFoldResult> keptSizes) {
    SmallVector<ReassociationIndices> groups;
    SmallVector<OpFoldResult> outputShape;
    int64_t pendingUnitDims = 0;
    size_t kept = 0;
    for (int64_t dim = 0; dim < static_cast<int64_t>(reduced.size()); ++dim) {
      if (reduced.test(dim)) {
        outputShape.push_back(b.getIndexAttr(1));
        if (groups.empty())
          ++pendingUnitDims; // joins the first kept dim's group
        else
          groups.back().push_back(dim);
        continue;
      }
      outputShape.push_back(keptSizes[kept++]);
      ReassociationIndices group;
      for (int64_t unit = dim - pendingUnitDims; unit <= dim; ++unit)
        group.push_back(unit);
      pendingUnitDims = 0;
      groups.push_back(group);
    }
    SmallVector<int64_t> shape;
    for (OpFoldResult size : outputShape)
      shape.push_back(getConstantIntValue(size).value_or(ShapedType::kDynamic));
    auto type = RankedTensorType::get(
        shape, cast<RankedTensorType>(value.getType()).getElementType());
    return tensor::ExpandShapeOp::create(b, loc, type, value, groups,
                                         outputShape);
  }
};

} // namespace

void lowering::populateReduceLoweringPatterns(TypeConverter &typeConverter,
                                              RewritePatternSet &patterns) {
  patterns.add<ReduceLowering>(typeConverter, patterns.getContext());
}

Value lowering::combineReduction(OpBuilder &b, Location loc, ReduceKind kind,
                                 Value acc, Value element, bool isUnsigned,
                                 bool reassociate) {
  auto reassoc =
      reassociate ? arith::FastMathFlags::reassoc : arith::FastMathFlags::none;
  bool isFloat = isa<FloatType>(acc.getType());
  bool isBool = acc.getType().isInteger(1);
  switch (kind) {
  case ReduceKind::sum:
  case ReduceKind::mean:
    if (isa<ComplexType>(acc.getType()))
      return complex::AddOp::create(b, loc, acc, element);
    return isFloat ? Value(arith::AddFOp::create(b, loc, acc, element, reassoc))
                   : Value(arith::AddIOp::create(b, loc, acc, element));
  case ReduceKind::prod:
    if (isa<ComplexType>(acc.getType()))
      return complex::MulOp::create(b, loc, acc, element);
    return isFloat ? Value(arith::MulFOp::create(b, loc, acc, element, reassoc))
                   : Value(arith::MulIOp::create(b, loc, acc, element));
  case ReduceKind::max:
    // The accumulator first: it keeps the first NaN.
    if (isa<ComplexType>(acc.getType()))
      return selectComplexExtremum(/*isMax=*/true, b, loc, acc, element);
    if (isFloat)
      return arith::MaximumFOp::create(b, loc, acc, element, reassoc);
    if (isBool)
      return arith::OrIOp::create(b, loc, acc, element);
    if (isUnsigned)
      return arith::MaxUIOp::create(b, loc, acc, element);
    return arith::MaxSIOp::create(b, loc, acc, element);
  case ReduceKind::min:
    if (isa<ComplexType>(acc.getType()))
      return selectComplexExtremum(/*isMax=*/false, b, loc, acc, element);
    if (isFloat)
      return arith::MinimumFOp::create(b, loc, acc, element, reassoc);
    if (isBool)
      return arith::AndIOp::create(b, loc, acc, element);
    if (isUnsigned)
      return arith::MinUIOp::create(b, loc, acc, element);
    return arith::MinSIOp::create(b, loc, acc, element);
  case ReduceKind::any:
    return arith::OrIOp::create(b, loc, acc, element);
  case ReduceKind::all:
    return arith::AndIOp::create(b, loc, acc, element);
  case ReduceKind::argmax:
  case ReduceKind::argmin:
    break;
  }
  llvm_unreachable("arg reductions combine two values");
}
