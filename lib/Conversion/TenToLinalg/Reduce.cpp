//===- Reduce.cpp - ten.reduce to linalg.generic --------------------------===//
//
// A reduction is a linalg.generic over the input's dimensions, the reduced
// ones as reduction loops, into an init holding the kind's identity. f16 and
// bf16 accumulate in f32. `mean` divides the sum by the element count;
// `argmax`/`argmin` take the first index among ties (and the first NaN, as
// NumPy does): of reals, the least index of the extremum, reduced first; of
// complex numbers, carried with the extremum; `keepdim` reinserts the
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

/// Whether the complex `element` replaces `acc` as the extremum: strictly
/// better in the lexicographic order, so that ties keep the first index, or
/// the first NaN.
Value isBetterComplex(OpBuilder &b, Location loc, ReduceKind kind,
                      Value element, Value acc) {
  bool isMax = kind == ReduceKind::argmax;
  Value better = compareComplex(isMax ? CmpPredicate::gt : CmpPredicate::lt, b,
                                loc, element, acc);
  Value accNaN = hasComplexNaN(b, loc, acc);
  Value accNumber = arith::XOrIOp::create(
      b, loc, accNaN, createScalarConstant(b, loc, b.getI1Type(), 1));
  Value firstNaN =
      arith::AndIOp::create(b, loc, hasComplexNaN(b, loc, element), accNumber);
  return arith::OrIOp::create(b, loc, better, firstNaN);
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
    if (isArgKind(kind) && !isa<ComplexType>(accType)) {
      result = lowerArgReduction(rewriter, loc, op, input, accType, isUnsigned,
                                 maps, iterators, filled);
    } else if (isArgKind(kind)) {
      // Complex numbers: one reduction carrying the extremum and its index.
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
            Value better = isBetterComplex(b, l, kind, element, args[1]);
            linalg::YieldOp::create(
                b, l,
                ValueRange{
                    arith::SelectOp::create(b, l, better, element, args[1]),
                    arith::SelectOp::create(b, l, better, index, args[2])});
          });
      result = generic.getResult(1);
    } else {
      auto complexType = dyn_cast<ComplexType>(accType);
      if (complexType &&
          (kind == ReduceKind::sum || kind == ReduceKind::mean)) {
        result = sumComplexParts(rewriter, loc, input, complexType, maps,
                                 iterators, filled);
      } else {
        result = reduceElements(rewriter, loc, kind, input, accType, isUnsigned,
                                maps, iterators, filled);
      }
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
  /// `input` reduced by `kind` (not an arg kind) in `accType` from the
  /// kind's identity: one generic of `maps` and `iterators` (the input's
  /// and the result's); `filled` makes an init of the result's shape.
  static Value reduceElements(ConversionPatternRewriter &rewriter, Location loc,
                              ReduceKind kind, Value input, Type accType,
                              bool isUnsigned, ArrayRef<AffineMap> maps,
                              ArrayRef<utils::IteratorType> iterators,
                              function_ref<Value(Type, Value)> filled) {
    Value init = filled(accType, getReductionIdentity(rewriter, loc, kind,
                                                      accType, isUnsigned));
    return linalg::GenericOp::create(
               rewriter, loc, init.getType(), input, init, maps, iterators,
               [&](OpBuilder &b, Location l, ValueRange args) {
                 Value element = convertScalar(b, l, args[0], accType);
                 linalg::YieldOp::create(b, l,
                                         combineReduction(b, l, kind, args[1],
                                                          element, isUnsigned));
               })
        .getResult(0);
  }

  /// The index of the first extremum of reals (floats, integers, booleans)
  /// along the reduced dimension, in two reductions that vectorize: the
  /// extremum (max or min; for floats NaN if the line has one), then the
  /// least index of an element equal to it or NaN (a line without NaN has
  /// none; with one, its extremum is NaN and equals nothing). One
  /// reduction carrying the extremum and its index stayed scalar code (a
  /// select of the index on a comparison with the carried extremum), and
  /// on one thread for a whole array: NumPy's argmax of 10^7 f32 took 1.1
  /// ms, ten's 45 (now 1.6-1.8: two passes over memory), and of 1000 rows
  /// of 1000, 0.08 ms against 2.3 (0.09). `maps` are the input's and the
  /// result's; `filled` makes an init of the result's shape.
  static Value lowerArgReduction(ConversionPatternRewriter &rewriter,
                                 Location loc, ReduceOp op, Value input,
                                 Type accType, bool isUnsigned,
                                 ArrayRef<AffineMap> maps,
                                 ArrayRef<utils::IteratorType> iterators,
                                 function_ref<Value(Type, Value)> filled) {
    ReduceKind extremumKind =
        op.getKind() == ReduceKind::argmax ? ReduceKind::max : ReduceKind::min;
    Value extremum = reduceElements(rewriter, loc, extremumKind, input, accType,
                                    isUnsigned, maps, iterators, filled);
    // The least index of a hit, from the largest i64: a minimum of values
    // that do not depend on the accumulator, which LLVM vectorizes as a
    // reduction (a select of the index or the accumulator was not). The
    // values are the body's own (a value from outside, the line's length,
    // was lost where the partitioner rebuilt the op for a shard).
    int64_t reducedDim = op.getDims().front();
    Type indexType = rewriter.getI64Type();
    auto none = [&](OpBuilder &b, Location l) {
      return arith::ConstantOp::create(
          b, l, b.getI64IntegerAttr(std::numeric_limits<int64_t>::max()));
    };
    Value indexInit = filled(indexType, none(rewriter, loc));
    SmallVector<AffineMap> indexMaps = {maps[0], maps[1], maps[1]};
    auto indices = linalg::GenericOp::create(
        rewriter, loc, indexInit.getType(), ValueRange{input, extremum},
        indexInit, indexMaps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Value element = convertScalar(b, l, args[0], accType);
          Value hit;
          if (isa<FloatType>(accType))
            hit = arith::OrIOp::create(
                b, l,
                arith::CmpFOp::create(b, l, arith::CmpFPredicate::OEQ, element,
                                      args[1]),
                arith::CmpFOp::create(b, l, arith::CmpFPredicate::UNO, element,
                                      element));
          else
            hit = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, element,
                                        args[1]);
          Value index = arith::IndexCastOp::create(
              b, l, indexType, linalg::IndexOp::create(b, l, reducedDim));
          Value candidate =
              arith::SelectOp::create(b, l, hit, index, none(b, l));
          linalg::YieldOp::create(
              b, l, Value(arith::MinSIOp::create(b, l, args[2], candidate)));
        });
    Value result = indices.getResult(0);
    auto inputType = cast<RankedTensorType>(input.getType());
    if (!inputType.isDynamicDim(reducedDim))
      return result;
    // A line of no element (a size known only at run time; the verifier
    // refuses a known 0) has index 0, as the one reduction gave.
    return mapElements(
        rewriter, loc, result, indexType,
        [&](OpBuilder &b, Location l, Value index) -> Value {
          Value empty = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq,
                                              index, none(b, l));
          Value zero = arith::ConstantOp::create(b, l, b.getI64IntegerAttr(0));
          return arith::SelectOp::create(b, l, empty, zero, index);
        });
  }

  /// The sum of complex numbers as the sums of their real parts and of
  /// their imaginary parts, two reductions of floats that vectorize (a
  /// reduction by complex.add stayed scalar: 2 * 10^6 complex64, 1.7 ms
  /// against NumPy's 0.56), then a complex number of each pair.
  static Value sumComplexParts(ConversionPatternRewriter &rewriter,
                               Location loc, Value input,
                               ComplexType complexType,
                               ArrayRef<AffineMap> maps,
                               ArrayRef<utils::IteratorType> iterators,
                               function_ref<Value(Type, Value)> filled) {
    Type partType = complexType.getElementType();
    auto sumPart = [&](bool imaginary) {
      Value init =
          filled(partType, createScalarConstant(rewriter, loc, partType, 0));
      return linalg::GenericOp::create(
                 rewriter, loc, init.getType(), input, init, maps, iterators,
                 [&](OpBuilder &b, Location l, ValueRange args) {
                   Value part =
                       imaginary ? Value(complex::ImOp::create(b, l, args[0]))
                                 : Value(complex::ReOp::create(b, l, args[0]));
                   linalg::YieldOp::create(
                       b, l,
                       combineReduction(b, l, ReduceKind::sum, args[1], part,
                                        /*isUnsigned=*/false));
                 })
          .getResult(0);
    };
    Value real = sumPart(false), imaginary = sumPart(true);
    auto partsType = cast<RankedTensorType>(real.getType());
    SmallVector<OpFoldResult> sizes;
    for (int64_t dim = 0; dim < partsType.getRank(); ++dim)
      sizes.push_back(getDimSize(rewriter, loc, real, dim));
    Value empty = createEmptyTensor(rewriter, loc, sizes, complexType);
    AffineMap identity = rewriter.getMultiDimIdentityMap(partsType.getRank());
    SmallVector<utils::IteratorType> parallel(partsType.getRank(),
                                              utils::IteratorType::parallel);
    return linalg::GenericOp::create(
               rewriter, loc, empty.getType(), ValueRange{real, imaginary},
               empty, SmallVector<AffineMap>(3, identity), parallel,
               [&](OpBuilder &b, Location l, ValueRange args) {
                 linalg::YieldOp::create(
                     b, l,
                     Value(complex::CreateOp::create(b, l, complexType, args[0],
                                                     args[1])));
               })
        .getResult(0);
  }

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
