//===- TenFolds.cpp - folds of ten ops ------------------------------------===//
//
// Identities (`x*1`, `x+0`, identity transposes and einsums) and constant
// folding of small tensors. Folding a constant materializes every element of
// the result in the IR, so only splats and tensors of at most
// kMaxFoldedElements elements are folded.
//
//===----------------------------------------------------------------------===//

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenShapes.h"
#include "ten/Dialect/Ten/IR/TenTypes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/APSInt.h"

using namespace mlir;
using namespace mlir::ten;
using llvm::APFloat;
using llvm::APInt;

static constexpr int64_t kMaxFoldedElements = 256;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Computes an elementwise function of constant operands that broadcast to
/// `resultType`. `compute` maps the operands' elements at one position to the
/// result's element, or to std::nullopt where the result is not a number that
/// folding may produce (an integer division by zero, say).
template <typename InT, typename OutT>
static Attribute
foldElementwise(ArrayRef<Attribute> operands, Type resultType,
                function_ref<std::optional<OutT>(ArrayRef<InT>)> compute) {
  auto type = dyn_cast<RankedTensorType>(resultType);
  if (!type || !type.hasStaticShape())
    return {};
  SmallVector<DenseElementsAttr> dense;
  for (Attribute operand : operands) {
    auto attr = dyn_cast_if_present<DenseElementsAttr>(operand);
    if (!attr)
      return {};
    dense.push_back(attr);
  }

  if (llvm::all_of(dense, [](DenseElementsAttr d) { return d.isSplat(); })) {
    SmallVector<InT> args;
    for (DenseElementsAttr attr : dense)
      args.push_back(attr.getSplatValue<InT>());
    std::optional<OutT> value = compute(args);
    if (!value)
      return {};
    return DenseElementsAttr::get(type, ArrayRef<OutT>(*value));
  }
  if (type.getNumElements() > kMaxFoldedElements)
    return {};

  // Every operand's elements, with strides over the result's dimensions: 0
  // where the operand broadcasts.
  int64_t rank = type.getRank();
  SmallVector<SmallVector<InT>> values;
  SmallVector<SmallVector<int64_t>> strides;
  for (DenseElementsAttr attr : dense) {
    values.push_back(llvm::to_vector(attr.getValues<InT>()));
    ArrayRef<int64_t> shape = attr.getType().getShape();
    SmallVector<int64_t> operandStrides(rank, 0);
    int64_t stride = 1;
    for (int64_t dim = shape.size() - 1; dim >= 0; --dim) {
      int64_t resultDim = dim + rank - shape.size();
      if (shape[dim] != 1)
        operandStrides[resultDim] = stride;
      stride *= shape[dim];
    }
    strides.push_back(std::move(operandStrides));
  }

  SmallVector<OutT> results;
  SmallVector<InT> args;
  for (int64_t linear = 0; linear < type.getNumElements(); ++linear) {
    args.clear();
    for (auto [operand, operandValues] : llvm::enumerate(values)) {
      int64_t offset = 0;
      int64_t rest = linear;
      for (int64_t dim = rank - 1; dim >= 0; --dim) {
        offset += (rest % type.getDimSize(dim)) * strides[operand][dim];
        rest /= type.getDimSize(dim);
      }
      args.push_back(operandValues[offset]);
    }
    std::optional<OutT> value = compute(args);
    if (!value)
      return {};
    results.push_back(*value);
  }
  return DenseElementsAttr::get(type, results);
}

/// Folds a float function and an integer function of constants, whichever
/// applies to the operands' element type.
template <typename FloatFn, typename IntFn>
static Attribute foldNumeric(ArrayRef<Attribute> operands, Type operandType,
                             Type resultType, FloatFn floatFn, IntFn intFn) {
  Type elementType = getElementTypeOrSelf(operandType);
  if (isa<FloatType>(elementType))
    return foldElementwise<APFloat, APFloat>(operands, resultType, floatFn);
  if (isa<IntegerType>(elementType))
    return foldElementwise<APInt, APInt>(operands, resultType, intFn);
  return {};
}

/// The value of `lhs` when an op is the identity on it: when `rhs` is a splat
/// constant satisfying `isNeutral` and the op does not change `lhs`'s type
/// (a broadcast would).
static OpFoldResult foldNeutralRhs(Value lhs, Attribute rhs, Type resultType,
                                   function_ref<bool(const APFloat &)> isFloat,
                                   function_ref<bool(const APInt &)> isInt) {
  if (lhs.getType() != resultType)
    return {};
  auto splat = dyn_cast_if_present<SplatElementsAttr>(rhs);
  if (!splat)
    return {};
  Type elementType = splat.getElementType();
  if (isa<FloatType>(elementType) && isFloat(splat.getSplatValue<APFloat>()))
    return lhs;
  if (isa<IntegerType>(elementType) && isInt(splat.getSplatValue<APInt>()))
    return lhs;
  return {};
}

static bool isFloatOne(const APFloat &value) {
  return value.isExactlyValue(1.0);
}
static bool isIntOne(const APInt &value) { return value.isOne(); }
static bool isNegativeZero(const APFloat &value) {
  return value.isZero() && value.isNegative();
}
static bool isPositiveZero(const APFloat &value) {
  return value.isZero() && !value.isNegative();
}
static bool isIntZero(const APInt &value) { return value.isZero(); }

static bool isLess(const APInt &lhs, const APInt &rhs, bool isUnsigned) {
  return isUnsigned ? lhs.ult(rhs) : lhs.slt(rhs);
}

//===----------------------------------------------------------------------===//
// Arithmetic
//===----------------------------------------------------------------------===//

static constexpr llvm::RoundingMode kRound =
    llvm::RoundingMode::NearestTiesToEven;

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  // x + -0.0 is x for every x; x + +0.0 is not (-0.0 + +0.0 is +0.0).
  if (OpFoldResult same = foldNeutralRhs(getLhs(), adaptor.getRhs(), getType(),
                                         isNegativeZero, isIntZero))
    return same;
  return foldNumeric(
      adaptor.getOperands(), getLhs().getType(), getType(),
      [](ArrayRef<APFloat> a) -> std::optional<APFloat> {
        APFloat r = a[0];
        r.add(a[1], kRound);
        return r;
      },
      [](ArrayRef<APInt> a) -> std::optional<APInt> { return a[0] + a[1]; });
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult same = foldNeutralRhs(getLhs(), adaptor.getRhs(), getType(),
                                         isPositiveZero, isIntZero))
    return same;
  return foldNumeric(
      adaptor.getOperands(), getLhs().getType(), getType(),
      [](ArrayRef<APFloat> a) -> std::optional<APFloat> {
        APFloat r = a[0];
        r.subtract(a[1], kRound);
        return r;
      },
      [](ArrayRef<APInt> a) -> std::optional<APInt> { return a[0] - a[1]; });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult same = foldNeutralRhs(getLhs(), adaptor.getRhs(), getType(),
                                         isFloatOne, isIntOne))
    return same;
  return foldNumeric(
      adaptor.getOperands(), getLhs().getType(), getType(),
      [](ArrayRef<APFloat> a) -> std::optional<APFloat> {
        APFloat r = a[0];
        r.multiply(a[1], kRound);
        return r;
      },
      [](ArrayRef<APInt> a) -> std::optional<APInt> { return a[0] * a[1]; });
}

OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  if (OpFoldResult same = foldNeutralRhs(getLhs(), adaptor.getRhs(), getType(),
                                         isFloatOne, isIntOne))
    return same;
  return foldNumeric(
      adaptor.getOperands(), getLhs().getType(), getType(),
      [](ArrayRef<APFloat> a) -> std::optional<APFloat> {
        APFloat r = a[0];
        r.divide(a[1], kRound);
        return r;
      },
      [isUnsigned = isUnsignedInteger(getType())](
          ArrayRef<APInt> a) -> std::optional<APInt> {
        // Floor division, as NumPy's `//`; run time decides what division by
        // zero and the one overflowing quotient give, not the folder.
        if (a[1].isZero())
          return std::nullopt;
        if (isUnsigned)
          return a[0].udiv(a[1]);
        if (a[0].isMinSignedValue() && a[1].isAllOnes())
          return std::nullopt;
        APInt quotient, remainder;
        APInt::sdivrem(a[0], a[1], quotient, remainder);
        if (!remainder.isZero() &&
            (remainder.isNegative() != a[1].isNegative()))
          quotient -= 1;
        return quotient;
      });
}

OpFoldResult PowOp::fold(FoldAdaptor adaptor) {
  return foldNeutralRhs(getLhs(), adaptor.getRhs(), getType(), isFloatOne,
                        isIntOne);
}

OpFoldResult MaxOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs() && getLhs().getType() == getType())
    return getLhs();
  return foldNumeric(
      adaptor.getOperands(), getLhs().getType(), getType(),
      [](ArrayRef<APFloat> a) -> std::optional<APFloat> {
        return llvm::maximum(a[0], a[1]);
      },
      [isUnsigned = isUnsignedInteger(getType())](
          ArrayRef<APInt> a) -> std::optional<APInt> {
        return isLess(a[0], a[1], isUnsigned) ? a[1] : a[0];
      });
}

OpFoldResult MinOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs() && getLhs().getType() == getType())
    return getLhs();
  return foldNumeric(
      adaptor.getOperands(), getLhs().getType(), getType(),
      [](ArrayRef<APFloat> a) -> std::optional<APFloat> {
        return llvm::minimum(a[0], a[1]);
      },
      [isUnsigned = isUnsignedInteger(getType())](
          ArrayRef<APInt> a) -> std::optional<APInt> {
        return isLess(a[1], a[0], isUnsigned) ? a[1] : a[0];
      });
}

OpFoldResult NegOp::fold(FoldAdaptor adaptor) {
  if (auto inner = getInput().getDefiningOp<NegOp>())
    return inner.getInput();
  return foldNumeric(
      adaptor.getOperands(), getType(), getType(),
      [](ArrayRef<APFloat> a) -> std::optional<APFloat> { return -a[0]; },
      [](ArrayRef<APInt> a) -> std::optional<APInt> { return -a[0]; });
}

OpFoldResult AbsOp::fold(FoldAdaptor adaptor) {
  if (auto inner = getInput().getDefiningOp<AbsOp>())
    return inner.getResult();
  return foldNumeric(
      adaptor.getOperands(), getType(), getType(),
      [](ArrayRef<APFloat> a) -> std::optional<APFloat> {
        return llvm::abs(a[0]);
      },
      [isUnsigned = isUnsignedInteger(getType())](ArrayRef<APInt> a)
          -> std::optional<APInt> { return isUnsigned ? a[0] : a[0].abs(); });
}

//===----------------------------------------------------------------------===//
// cmp, select
//===----------------------------------------------------------------------===//

/// Whether `predicate` holds for a comparison that came out `result`.
static bool holds(CmpPredicate predicate, APFloat::cmpResult result) {
  switch (predicate) {
  case CmpPredicate::eq:
    return result == APFloat::cmpEqual;
  case CmpPredicate::ne:
    return result != APFloat::cmpEqual;
  case CmpPredicate::lt:
    return result == APFloat::cmpLessThan;
  case CmpPredicate::le:
    return result == APFloat::cmpLessThan || result == APFloat::cmpEqual;
  case CmpPredicate::gt:
    return result == APFloat::cmpGreaterThan;
  case CmpPredicate::ge:
    return result == APFloat::cmpGreaterThan || result == APFloat::cmpEqual;
  }
  llvm_unreachable("unknown predicate");
}

OpFoldResult CmpOp::fold(FoldAdaptor adaptor) {
  CmpPredicate predicate = getPredicate();
  auto toBool = [](bool value) { return APInt(1, value ? 1 : 0); };
  Type elementType = getElementTypeOrSelf(getLhs().getType());
  if (isa<ComplexType>(elementType))
    return {};
  if (isa<FloatType>(elementType))
    return foldElementwise<APFloat, APInt>(
        adaptor.getOperands(), getType(),
        [&](ArrayRef<APFloat> a) -> std::optional<APInt> {
          return toBool(holds(predicate, a[0].compare(a[1])));
        });
  bool isUnsigned = isUnsignedInteger(elementType);
  return foldElementwise<APInt, APInt>(
      adaptor.getOperands(), getType(),
      [&](ArrayRef<APInt> a) -> std::optional<APInt> {
        APFloat::cmpResult result = isLess(a[0], a[1], isUnsigned)
                                        ? APFloat::cmpLessThan
                                    : a[0] == a[1] ? APFloat::cmpEqual
                                                   : APFloat::cmpGreaterThan;
        return toBool(holds(predicate, result));
      });
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  Value chosen;
  if (getTrueValue() == getFalseValue())
    chosen = getTrueValue();
  else if (auto condition =
               dyn_cast_if_present<SplatElementsAttr>(adaptor.getCondition()))
    chosen = condition.getSplatValue<bool>() ? getTrueValue() : getFalseValue();
  // The chosen value is the result only if nothing broadcasts it.
  if (chosen && chosen.getType() == getType())
    return chosen;
  return {};
}

//===----------------------------------------------------------------------===//
// einsum, broadcast, reduce, constant, cast, transpose, reshape
//===----------------------------------------------------------------------===//

OpFoldResult EinsumOp::fold(FoldAdaptor) {
  // One operand whose subscripts name each dimension once, in order, with
  // nothing summed: "ij->ij", "...i->...i", "i".
  if (getInputs().size() != 1 || getInputs()[0].getType() != getType())
    return {};
  FailureOr<EinsumSpec> spec =
      getEinsumSpec(getEquation(), getInputs().getTypes(), std::nullopt);
  if (failed(spec) || spec->inputs[0] != spec->output)
    return {};
  return getInputs()[0];
}

/// `input`, a splat, as a constant of the static `type`: ops that only move
/// elements (broadcast, transpose, slice) of a splat make a splat.
static OpFoldResult reshapeSplat(Attribute input, RankedTensorType type) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(input);
  if (!splat || !type.hasStaticShape())
    return {};
  return SplatElementsAttr::get(type, splat.getSplatValue<Attribute>());
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return reshapeSplat(adaptor.getInput(), getType());
}

OpFoldResult ReduceOp::fold(FoldAdaptor) {
  // Reducing over no dimension changes nothing, for the kinds that keep the
  // element type.
  if (getDims().empty() && getInput().getType() == getType())
    return getInput();
  return {};
}

OpFoldResult ScanOp::fold(FoldAdaptor) {
  // Along a dimension of one element, every prefix is that element.
  if (getInput().getType().getDimSize(getDim()) == 1)
    return getInput();
  return {};
}

OpFoldResult ScatterOp::fold(FoldAdaptor) {
  // No index, no update: the destination unchanged.
  RankedTensorType indicesType = getIndices().getType();
  if (indicesType.hasStaticShape() && indicesType.getNumElements() == 0)
    return getDest();
  return {};
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

/// Converts one constant element of type `from` to `to` as CastOp defines it.
static std::optional<Attribute> castElement(Attribute element, Type from,
                                            Type to) {
  bool fromUnsigned = isUnsignedInteger(from);
  auto fromFloat = dyn_cast<FloatAttr>(element);
  auto fromInt = dyn_cast<IntegerAttr>(element);
  if (auto toFloat = dyn_cast<FloatType>(to)) {
    // fp8 values are rounded from f32, as at run time (and in ml_dtypes):
    // from f64, two roundings.
    Type f32 = Float32Type::get(to.getContext());
    if (toFloat.getWidth() == 8 && from != f32)
      if (std::optional<Attribute> wide = castElement(element, from, f32))
        return castElement(*wide, f32, to);
    APFloat value(toFloat.getFloatSemantics());
    bool losesInfo = false;
    if (fromFloat) {
      value = fromFloat.getValue();
      value.convert(toFloat.getFloatSemantics(), kRound, &losesInfo);
    } else {
      APInt bits = fromInt.getValue();
      value.convertFromAPInt(bits, /*IsSigned=*/!fromUnsigned, kRound);
    }
    return FloatAttr::get(to, value);
  }
  auto toInt = cast<IntegerType>(to);
  unsigned width = toInt.getWidth();
  if (fromFloat) {
    APFloat value = fromFloat.getValue();
    if (width == 1)
      return IntegerAttr::get(to, APInt(1, value.isZero() ? 0 : 1));
    // A float that does not fit, or NaN, has no defined integer value: run
    // time decides what it gives, not the folder.
    llvm::APSInt result(width, /*isUnsigned=*/toInt.isUnsigned());
    bool exact = false;
    if (value.convertToInteger(result, llvm::RoundingMode::TowardZero, &exact) &
        APFloat::opInvalidOp)
      return std::nullopt;
    return IntegerAttr::get(to, result);
  }
  APInt value = fromInt.getValue();
  if (width == 1)
    return IntegerAttr::get(to, APInt(1, value.isZero() ? 0 : 1));
  return IntegerAttr::get(to, fromUnsigned ? value.zextOrTrunc(width)
                                           : value.sextOrTrunc(width));
}

OpFoldResult CastOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  auto input = dyn_cast_if_present<DenseElementsAttr>(adaptor.getInput());
  if (!input || !getType().hasStaticShape())
    return {};
  Type from = input.getElementType();
  Type to = getType().getElementType();
  // Complex constants are left to run time.
  if (isa<ComplexType>(from) || isa<ComplexType>(to))
    return {};
  if (input.isSplat()) {
    std::optional<Attribute> element =
        castElement(input.getSplatValue<Attribute>(), from, to);
    if (!element)
      return {};
    return SplatElementsAttr::get(getType(), *element);
  }
  if (input.getNumElements() > kMaxFoldedElements)
    return {};
  SmallVector<Attribute> elements;
  for (Attribute element : input.getValues<Attribute>()) {
    std::optional<Attribute> converted = castElement(element, from, to);
    if (!converted)
      return {};
    elements.push_back(*converted);
  }
  return DenseElementsAttr::get(getType(), elements);
}

OpFoldResult BitcastOp::fold(FoldAdaptor adaptor) {
  RankedTensorType type = getType();
  if (getInput().getType() == type)
    return getInput();
  // Booleans are not a bijection on bytes (2 becomes true, then 1), so
  // they stop both folds.
  auto keepsBits = [](Type elementType) {
    return !elementType.isInteger(1) && !isa<ComplexType>(elementType);
  };
  Type from = getInput().getType().getElementType();
  Type to = type.getElementType();
  if (!keepsBits(from) || !keepsBits(to))
    return {};
  // A bitcast back to the type it came from.
  if (auto inner = getInput().getDefiningOp<BitcastOp>())
    if (inner.getInput().getType() == type &&
        keepsBits(inner.getInput().getType().getElementType()))
      return inner.getInput();
  auto input = dyn_cast_if_present<DenseElementsAttr>(adaptor.getInput());
  if (!input || !type.hasStaticShape())
    return {};
  return input.bitcast(to).reshape(type);
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int64_t> permutation = getPermutation();
  if (llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size())) &&
      getInput().getType() == getType())
    return getInput();
  // transpose(transpose(x, inner), outer) is transpose(x, inner o outer).
  if (auto inner = getInput().getDefiningOp<TransposeOp>()) {
    SmallVector<int64_t> composed;
    for (int64_t dim : permutation)
      composed.push_back(inner.getPermutation()[dim]);
    setPermutation(composed);
    getInputMutable().assign(inner.getInput());
    return getResult();
  }
  return reshapeSplat(adaptor.getInput(), getType());
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  // Row-major reshapes compose: only the last one's shape matters.
  if (auto inner = getInput().getDefiningOp<ReshapeOp>()) {
    getInputMutable().assign(inner.getInput());
    return getResult();
  }
  if (auto input = dyn_cast_if_present<DenseElementsAttr>(adaptor.getInput()))
    if (getType().hasStaticShape() &&
        (input.isSplat() || input.getNumElements() <= kMaxFoldedElements))
      return input.reshape(getType());
  return {};
}

OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  // Bounds of run time select what only run time knows.
  if (!getDynamicStarts().empty() || !getDynamicStops().empty())
    return {};
  RankedTensorType inputType = getInput().getType();
  // A slice that keeps every element in order is its input.
  bool keepsAll = inputType == getType();
  for (int64_t dim = 0; keepsAll && dim < inputType.getRank(); ++dim) {
    int64_t size = inputType.getDimSize(dim);
    int64_t start = getStarts()[dim], stop = getStops()[dim];
    int64_t step = getSteps()[dim];
    if (ShapedType::isDynamic(size)) {
      keepsAll = step == 1 && start == 0 && stop == getDefaultSliceStop(step);
      continue;
    }
    SliceExtent extent = getSliceExtent(size, start, stop, step);
    keepsAll = extent.count == size && (step == 1 || size <= 1);
  }
  if (keepsAll)
    return getInput();
  return reshapeSplat(adaptor.getInput(), getType());
}

OpFoldResult ConcatOp::fold(FoldAdaptor) {
  if (getInputs().size() == 1 && getInputs().front().getType() == getType())
    return getInputs().front();
  return {};
}
