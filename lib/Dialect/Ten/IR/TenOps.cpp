//===- TenOps.cpp - ten ops: type inference and verification --------------===//

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenShapes.h"
#include "ten/Dialect/Ten/IR/TenTypes.h"
#include "ten/Support/EinsumEquation.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallBitVector.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::ten;

std::string mlir::ten::formatShape(ArrayRef<int64_t> shape) {
  std::string text = "[";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(shape, os, [&](int64_t size) {
    if (ShapedType::isDynamic(size))
      os << '?';
    else
      os << size;
  });
  os << ']';
  return text;
}

//===----------------------------------------------------------------------===//
// Enum keywords
//===----------------------------------------------------------------------===//

// The reduction kind and the comparison predicate print as bare keywords
// (`ten.reduce sum`), which EnumAttr's own printer, meant for `#ten<...>`,
// would print with a second space.

template <typename EnumAttrT>
static ParseResult parseEnumKeyword(OpAsmParser &parser, EnumAttrT &attr) {
  using EnumT = decltype(attr.getValue());
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<EnumT> value = symbolizeEnum<EnumT>(keyword);
  if (!value) {
    InFlightDiagnostic diag = parser.emitError(loc, "unknown keyword '")
                              << keyword << "'; expected one of";
    for (uint32_t raw = 0; !stringifyEnum(static_cast<EnumT>(raw)).empty();
         ++raw)
      diag << " " << stringifyEnum(static_cast<EnumT>(raw));
    return diag;
  }
  attr = EnumAttrT::get(parser.getContext(), *value);
  return success();
}

template <typename EnumAttrT>
static void printEnumKeyword(OpAsmPrinter &printer, Operation *,
                             EnumAttrT attr) {
  printer << stringifyEnum(attr.getValue());
}

//===----------------------------------------------------------------------===//
// Slice ranges
//===----------------------------------------------------------------------===//

// `ten.slice` prints its starts, stops and steps as NumPy writes slices,
// `[1:7:2, :, ::-1]`, leaving out the bounds and steps that are defaults; a
// bound known only at run time is its value, `[%i:%j]`.

int64_t mlir::ten::getDefaultSliceStart(int64_t step) {
  return step > 0 ? 0 : std::numeric_limits<int64_t>::max();
}

int64_t mlir::ten::getDefaultSliceStop(int64_t step) {
  // Backwards, one above kDynamic, which marks a bound of run time: any stop
  // at or below -size - 1 selects down to element 0.
  return step > 0 ? std::numeric_limits<int64_t>::max()
                  : std::numeric_limits<int64_t>::min() + 1;
}

static ParseResult
parseSliceRanges(OpAsmParser &parser,
                 SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dynamicStarts,
                 SmallVectorImpl<Type> &dynamicStartTypes,
                 SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dynamicStops,
                 SmallVectorImpl<Type> &dynamicStopTypes,
                 DenseI64ArrayAttr &starts, DenseI64ArrayAttr &stops,
                 DenseI64ArrayAttr &steps) {
  SmallVector<int64_t> startList, stopList, stepList;
  Type boundType =
      RankedTensorType::get({}, parser.getBuilder().getIntegerType(64));
  // A bound: a value (kDynamic in the attribute), an integer or nothing.
  auto parseBound = [&](std::optional<int64_t> &bound,
                        SmallVectorImpl<OpAsmParser::UnresolvedOperand> &values,
                        SmallVectorImpl<Type> &types) -> ParseResult {
    OpAsmParser::UnresolvedOperand operand;
    OptionalParseResult parsed = parser.parseOptionalOperand(operand);
    if (parsed.has_value()) {
      if (failed(*parsed))
        return failure();
      values.push_back(operand);
      types.push_back(boundType);
      bound = ShapedType::kDynamic;
      return success();
    }
    int64_t value;
    parsed = parser.parseOptionalInteger(value);
    if (parsed.has_value()) {
      if (failed(*parsed))
        return failure();
      // The least i64 marks a bound of run time; as a static bound it means
      // what one above it means.
      bound = std::max(value, std::numeric_limits<int64_t>::min() + 1);
    }
    return success();
  };
  auto parseRange = [&]() -> ParseResult {
    std::optional<int64_t> start, stop;
    int64_t step = 1;
    if (parseBound(start, dynamicStarts, dynamicStartTypes) ||
        parser.parseColon() || parseBound(stop, dynamicStops, dynamicStopTypes))
      return failure();
    if (succeeded(parser.parseOptionalColon())) {
      SMLoc loc = parser.getCurrentLocation();
      int64_t value;
      OptionalParseResult parsed = parser.parseOptionalInteger(value);
      if (parsed.has_value()) {
        if (failed(*parsed))
          return failure();
        if (value == 0)
          return parser.emitError(loc, "slice step cannot be zero");
        if (value == std::numeric_limits<int64_t>::min())
          return parser.emitError(loc, "slice step is out of range");
        step = value;
      }
    }
    startList.push_back(start.value_or(getDefaultSliceStart(step)));
    stopList.push_back(stop.value_or(getDefaultSliceStop(step)));
    stepList.push_back(step);
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square,
                                     parseRange))
    return failure();
  MLIRContext *context = parser.getContext();
  starts = DenseI64ArrayAttr::get(context, startList);
  stops = DenseI64ArrayAttr::get(context, stopList);
  steps = DenseI64ArrayAttr::get(context, stepList);
  return success();
}

static void printSliceRanges(OpAsmPrinter &printer, Operation *,
                             OperandRange dynamicStarts, TypeRange,
                             OperandRange dynamicStops, TypeRange,
                             DenseI64ArrayAttr starts, DenseI64ArrayAttr stops,
                             DenseI64ArrayAttr steps) {
  auto nextStart = dynamicStarts.begin(), nextStop = dynamicStops.begin();
  auto printBound = [&](ArrayRef<int64_t> bounds, int64_t dim,
                        int64_t defaultBound, OperandRange::iterator &next,
                        OperandRange::iterator end) {
    if (dim >= static_cast<int64_t>(bounds.size()))
      return;
    if (ShapedType::isDynamic(bounds[dim])) {
      // A verifier error reports a missing value; print what there is.
      if (next != end)
        printer << *next++;
    } else if (bounds[dim] != defaultBound) {
      printer << bounds[dim];
    }
  };
  printer << '[';
  for (int64_t dim = 0; dim < steps.size(); ++dim) {
    if (dim)
      printer << ", ";
    int64_t step = steps[dim];
    printBound(starts.asArrayRef(), dim, getDefaultSliceStart(step), nextStart,
               dynamicStarts.end());
    printer << ':';
    printBound(stops.asArrayRef(), dim, getDefaultSliceStop(step), nextStop,
               dynamicStops.end());
    if (step != 1)
      printer << ':' << step;
  }
  printer << ']';
}

//===----------------------------------------------------------------------===//
// Broadcasting (NumPy's rules)
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<int64_t>>
mlir::ten::inferBroadcastShape(ArrayRef<ArrayRef<int64_t>> shapes,
                               std::optional<Location> loc) {
  size_t rank = 0;
  for (ArrayRef<int64_t> shape : shapes)
    rank = std::max(rank, shape.size());
  SmallVector<int64_t> result(rank, ShapedType::kDynamic);
  for (size_t dim = 0; dim < rank; ++dim) {
    // The size every operand that fixes this dimension (with a size other
    // than 1) agrees on, and which operand fixed it first.
    std::optional<std::pair<int64_t, size_t>> fixed;
    bool anyDynamic = false;
    for (auto [operand, shape] : llvm::enumerate(shapes)) {
      // Shapes align on their trailing dimensions.
      if (dim + shape.size() < rank)
        continue;
      size_t operandDim = dim + shape.size() - rank;
      int64_t size = shape[operandDim];
      if (ShapedType::isDynamic(size)) {
        anyDynamic = true;
        continue;
      }
      if (size == 1)
        continue;
      if (!fixed) {
        fixed = {size, operand};
        continue;
      }
      if (fixed->first != size) {
        size_t otherDim = dim + shapes[fixed->second].size() - rank;
        return emitOptionalError(loc, "operands do not broadcast: dimension ",
                                 otherDim, " of operand ", fixed->second,
                                 " has size ", fixed->first, " but dimension ",
                                 operandDim, " of operand ", operand,
                                 " has size ", size);
      }
    }
    if (fixed)
      result[dim] = fixed->first;
    else if (!anyDynamic)
      result[dim] = 1;
  }
  return result;
}

/// Infers the result of an op whose operands broadcast together: the
/// broadcast shape, with `elementType`.
static LogicalResult inferBroadcastingResult(ValueRange operands,
                                             Type elementType,
                                             std::optional<Location> loc,
                                             SmallVectorImpl<Type> &results) {
  SmallVector<ArrayRef<int64_t>> shapes;
  for (Value operand : operands) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type)
      return emitOptionalError(loc, "operands must be ranked tensors");
    shapes.push_back(type.getShape());
  }
  FailureOr<SmallVector<int64_t>> shape = inferBroadcastShape(shapes, loc);
  if (failed(shape))
    return failure();
  results.push_back(RankedTensorType::get(*shape, elementType));
  return success();
}

/// Checks that `lhs` and `rhs` have one element type, and returns it.
static FailureOr<Type> getCommonElementType(Value lhs, Value rhs,
                                            StringRef lhsName,
                                            StringRef rhsName,
                                            std::optional<Location> loc) {
  Type lhsType = getElementTypeOrSelf(lhs.getType());
  Type rhsType = getElementTypeOrSelf(rhs.getType());
  if (lhsType != rhsType)
    return emitOptionalError(loc, lhsName, " and ", rhsName,
                             " have different element types (", lhsType,
                             " and ", rhsType, "); convert one with ten.cast");
  return lhsType;
}

/// A result type is compatible with the inferred one when it has the same
/// element type and rank, and every size either agrees or is dynamic on one
/// side: a program may state a size that only run time can confirm.
static bool areCompatibleResults(TypeRange inferred, TypeRange actual) {
  if (inferred.size() != actual.size())
    return false;
  for (auto [lhs, rhs] : llvm::zip(inferred, actual)) {
    if (getElementTypeOrSelf(lhs) != getElementTypeOrSelf(rhs))
      return false;
    if (failed(verifyCompatibleShape(lhs, rhs)))
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Elementwise binary ops, cmp, select
//===----------------------------------------------------------------------===//

/// `type` (a tensor) with complex elements replaced by their parts' type:
/// the result type of `abs`, `real`, `imag` and `angle`.
static Type getRealType(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType)
    return type;
  if (auto complex = dyn_cast<ComplexType>(tensorType.getElementType()))
    return tensorType.clone(complex.getElementType());
  return type;
}

/// The result of an arithmetic op: its operands' common element type, in
/// their broadcast shape.
static LogicalResult inferBinaryResult(Value lhs, Value rhs,
                                       std::optional<Location> loc,
                                       SmallVectorImpl<Type> &results) {
  FailureOr<Type> elementType =
      getCommonElementType(lhs, rhs, "lhs", "rhs", loc);
  if (failed(elementType))
    return failure();
  return inferBroadcastingResult({lhs, rhs}, *elementType, loc, results);
}

LogicalResult CmpOp::inferReturnTypes(MLIRContext *context,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  if (failed(getCommonElementType(adaptor.getLhs(), adaptor.getRhs(), "lhs",
                                  "rhs", loc)))
    return failure();
  return inferBroadcastingResult({adaptor.getLhs(), adaptor.getRhs()},
                                 IntegerType::get(context, 1), loc, results);
}

LogicalResult ComplexOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  FailureOr<Type> partType = getCommonElementType(
      adaptor.getReal(), adaptor.getImag(), "real", "imag", loc);
  if (failed(partType))
    return failure();
  if (!isa<FloatType>(*partType))
    return emitOptionalError(loc, "real and imag must be f32 or f64, not ",
                             *partType);
  return inferBroadcastingResult({adaptor.getReal(), adaptor.getImag()},
                                 ComplexType::get(*partType), loc, results);
}

LogicalResult SelectOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  FailureOr<Type> elementType =
      getCommonElementType(adaptor.getTrueValue(), adaptor.getFalseValue(),
                           "true_value", "false_value", loc);
  if (failed(elementType))
    return failure();
  return inferBroadcastingResult(
      {adaptor.getCondition(), adaptor.getTrueValue(), adaptor.getFalseValue()},
      *elementType, loc, results);
}

//===----------------------------------------------------------------------===//
// EinsumOp
//===----------------------------------------------------------------------===//

FailureOr<EinsumSpec> mlir::ten::getEinsumSpec(StringRef equation,
                                               TypeRange operandTypes,
                                               std::optional<Location> loc) {
  auto error = [&](const EinsumDiagnostic &diag) {
    if (!loc)
      return failure();
    InFlightDiagnostic err = emitError(*loc);
    err << "einsum \"" << equation << "\": " << diag.message;
    if (diag.position)
      err << " (at position " << *diag.position << ")";
    return failure();
  };
  EinsumDiagnostic diag;
  FailureOr<EinsumEquation> parsed = EinsumEquation::parse(equation, diag);
  if (failed(parsed))
    return error(diag);
  SmallVector<int64_t> ranks;
  for (Type type : operandTypes) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (!ranked)
      return emitOptionalError(loc, "einsum operands must be ranked tensors");
    ranks.push_back(ranked.getRank());
  }
  FailureOr<EinsumSpec> spec = parsed->bind(ranks, diag);
  if (failed(spec))
    return error(diag);
  return spec;
}

LogicalResult EinsumOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  ValueRange inputs = adaptor.getInputs();
  FailureOr<EinsumSpec> spec =
      getEinsumSpec(adaptor.getEquation(), inputs.getTypes(), loc);
  if (failed(spec))
    return failure();

  Type elementType = getElementTypeOrSelf(inputs.front().getType());
  SmallVector<ArrayRef<int64_t>> shapes;
  for (auto [index, input] : llvm::enumerate(inputs)) {
    auto type = cast<RankedTensorType>(input.getType());
    if (type.getElementType() != elementType)
      return emitOptionalError(loc, "einsum operand ", index,
                               " has element type ", type.getElementType(),
                               " but operand 0 has ", elementType,
                               "; convert with ten.cast");
    shapes.push_back(type.getShape());
  }

  EinsumDiagnostic diag;
  FailureOr<SmallVector<int64_t>> sizes =
      spec->inferLabelSizes(shapes, ShapedType::kDynamic, diag);
  if (failed(sizes))
    return emitOptionalError(loc, "einsum \"", adaptor.getEquation(),
                             "\": ", diag.message);
  SmallVector<int64_t> shape;
  for (unsigned label : spec->output)
    shape.push_back((*sizes)[label]);
  results.push_back(RankedTensorType::get(shape, elementType));
  return success();
}

//===----------------------------------------------------------------------===//
// BroadcastOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  ArrayRef<int64_t> inShape = getInput().getType().getShape();
  ArrayRef<int64_t> outShape = getResult().getType().getShape();
  if (inShape.size() > outShape.size())
    return emitOpError("cannot broadcast rank ")
           << inShape.size() << " to the lower rank " << outShape.size();
  size_t offset = outShape.size() - inShape.size();
  for (auto [outDim, outSize] : llvm::enumerate(outShape)) {
    if (outDim < offset) {
      // A new leading dimension has nothing to take a run-time size from.
      if (ShapedType::isDynamic(outSize))
        return emitOpError("result dimension ")
               << outDim
               << " is dynamic but no input dimension gives its size; give "
                  "it a static size";
      continue;
    }
    size_t inDim = outDim - offset;
    int64_t inSize = inShape[inDim];
    if (ShapedType::isDynamic(outSize)) {
      // The size comes from the input, which must not be stretched.
      if (inSize == 1)
        return emitOpError("result dimension ")
               << outDim << " is dynamic but input dimension " << inDim
               << " has size 1, which gives it no size; give it a static size";
      continue;
    }
    if (!ShapedType::isDynamic(inSize) && inSize != 1 && inSize != outSize)
      return emitOpError("input dimension ")
             << inDim << " has size " << inSize
             << ", which broadcasts only to itself, not to size " << outSize
             << " (result dimension " << outDim << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

/// Checks that `dims` names distinct dimensions of a tensor of rank `rank`.
static LogicalResult verifyDims(ArrayRef<int64_t> dims, int64_t rank,
                                StringRef what, std::optional<Location> loc) {
  llvm::SmallBitVector seen(rank);
  for (int64_t dim : dims) {
    if (dim < 0 || dim >= rank)
      return emitOptionalError(loc, what, " ", dim, " is out of range [0, ",
                               rank, ")");
    if (seen.test(dim))
      return emitOptionalError(loc, what, " ", dim, " is repeated");
    seen.set(dim);
  }
  return success();
}

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
  if (!inputType)
    return emitOptionalError(loc, "reduce input must be a ranked tensor");
  ArrayRef<int64_t> dims = adaptor.getDims();
  ReduceKind kind = adaptor.getKind();
  StringRef kindName = stringifyReduceKind(kind);
  if (failed(verifyDims(dims, inputType.getRank(), "reduce dim", loc)))
    return failure();

  Type elementType = inputType.getElementType();
  Type resultElementType = elementType;
  switch (kind) {
  case ReduceKind::sum:
  case ReduceKind::prod:
    if (elementType.isInteger(1))
      return emitOptionalError(loc, "reduce ", kindName,
                               " is not defined on i1; cast to an integer "
                               "type first");
    break;
  case ReduceKind::mean:
    if (!isa<FloatType, ComplexType>(elementType))
      return emitOptionalError(
          loc, "reduce mean needs floats or complex numbers, not ", elementType,
          "; cast the input to a float type first");
    break;
  case ReduceKind::argmax:
  case ReduceKind::argmin:
    if (dims.size() != 1)
      return emitOptionalError(loc, "reduce ", kindName,
                               " reduces exactly one dim, not ", dims.size());
    resultElementType = IntegerType::get(context, 64);
    break;
  case ReduceKind::any:
  case ReduceKind::all:
    resultElementType = IntegerType::get(context, 1);
    break;
  case ReduceKind::max:
  case ReduceKind::min:
    break;
  }

  bool hasIdentity = kind != ReduceKind::max && kind != ReduceKind::min &&
                     kind != ReduceKind::argmax && kind != ReduceKind::argmin;
  SmallVector<int64_t> shape;
  for (auto [dim, size] : llvm::enumerate(inputType.getShape())) {
    if (!llvm::is_contained(dims, static_cast<int64_t>(dim))) {
      shape.push_back(size);
      continue;
    }
    if (size == 0 && !hasIdentity)
      return emitOptionalError(loc, "reduce ", kindName, " of dimension ", dim,
                               ", which has size 0: ", kindName,
                               " has no identity");
    if (adaptor.getKeepdim())
      shape.push_back(1);
  }
  results.push_back(RankedTensorType::get(shape, resultElementType));
  return success();
}

//===----------------------------------------------------------------------===//
// ScanOp
//===----------------------------------------------------------------------===//

LogicalResult ScanOp::verify() {
  RankedTensorType type = getInput().getType();
  if (getDim() >= static_cast<uint64_t>(type.getRank()))
    return emitOpError("dim ")
           << getDim() << " is not one of the input's " << type.getRank();
  Type elementType = type.getElementType();
  if (isFp8(elementType))
    return emitOpError("cannot accumulate in ")
           << elementType << "; cast the input to a wider float first";
  bool isArithmetic = getKind() == ScanKind::sum || getKind() == ScanKind::prod;
  if (isArithmetic && elementType.isInteger(1))
    return emitOpError("scan ")
           << stringifyScanKind(getKind())
           << " is not defined on i1; cast to an integer type first";
  return success();
}

//===----------------------------------------------------------------------===//
// TakeOp
//===----------------------------------------------------------------------===//

LogicalResult TakeOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
  auto indicesType = dyn_cast<RankedTensorType>(adaptor.getIndices().getType());
  if (!inputType || !indicesType)
    return emitOptionalError(loc, "take operands must be ranked tensors");
  int64_t dim = adaptor.getDim();
  if (dim >= inputType.getRank())
    return emitOptionalError(loc, "take dim ", dim,
                             " is not one of the input's ",
                             inputType.getRank());
  SmallVector<int64_t> shape(inputType.getShape().take_front(dim));
  llvm::append_range(shape, indicesType.getShape());
  llvm::append_range(shape, inputType.getShape().drop_front(dim + 1));
  results.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// ScatterOp
//===----------------------------------------------------------------------===//

LogicalResult ScatterOp::verify() {
  auto destType = cast<RankedTensorType>(getDest().getType());
  auto updatesType = cast<RankedTensorType>(getUpdates().getType());
  RankedTensorType indicesType = getIndices().getType();
  int64_t rank = destType.getRank();
  int64_t dim = static_cast<int64_t>(getDim());
  if (dim >= rank)
    return emitOpError("dim ")
           << dim << " is not one of the destination's " << rank;
  Type elementType = destType.getElementType();
  if (getKind() != ScatterKind::assign && isFp8(elementType))
    return emitOpError("cannot combine in ")
           << elementType << "; cast the destination to a wider float first";
  // The updates have the shape of a take from `dest` at `indices`.
  SmallVector<int64_t> expected(destType.getShape().take_front(dim));
  llvm::append_range(expected, indicesType.getShape());
  llvm::append_range(expected, destType.getShape().drop_front(dim + 1));
  if (updatesType.getRank() != static_cast<int64_t>(expected.size()))
    return emitOpError("updates have ")
           << updatesType.getRank() << " dimensions; expected "
           << expected.size()
           << " (the destination's, with the indices' in place of dim " << dim
           << ")";
  for (auto [d, size, want] : llvm::enumerate(updatesType.getShape(), expected))
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(want) &&
        size != want)
      return emitOpError("updates dimension ")
             << d << " has size " << size << "; expected " << want;
  return success();
}

//===----------------------------------------------------------------------===//
// SearchSortedOp
//===----------------------------------------------------------------------===//

LogicalResult SearchSortedOp::inferReturnTypes(MLIRContext *context,
                                               std::optional<Location> loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &results) {
  auto sortedType = dyn_cast<RankedTensorType>(adaptor.getSorted().getType());
  auto valuesType = dyn_cast<RankedTensorType>(adaptor.getValues().getType());
  if (!sortedType || !valuesType)
    return emitOptionalError(loc, "searchsorted operands must be ranked "
                                  "tensors");
  if (sortedType.getRank() != 1)
    return emitOptionalError(loc,
                             "searchsorted searches a 1-d sorted "
                             "tensor, not one of rank ",
                             sortedType.getRank());
  results.push_back(
      valuesType.clone(valuesType.getShape(), IntegerType::get(context, 64)));
  return success();
}

//===----------------------------------------------------------------------===//
// NonzeroOp
//===----------------------------------------------------------------------===//

LogicalResult NonzeroOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location>, Adaptor,
                                          SmallVectorImpl<Type> &results) {
  results.push_back(RankedTensorType::get({ShapedType::kDynamic},
                                          IntegerType::get(context, 64)));
  return success();
}

LogicalResult NonzeroOp::verify() {
  // A compatible static size would claim a count only the data know.
  RankedTensorType type = getResult().getType();
  if (type.getRank() != 1 || !type.isDynamicDim(0))
    return emitOpError("returns ")
           << type
           << "; how many elements are nonzero is known only when the "
              "program runs: tensor<?xi64>";
  return success();
}

//===----------------------------------------------------------------------===//
// SortOp
//===----------------------------------------------------------------------===//

/// The checks that ten.sort and ten.partition share: `dim` is one of the
/// input's, the input's elements are ones the op orders, the values have
/// the input's type and the indices its shape; `verb` says what the op
/// does.
static LogicalResult verifyOrderedLines(Operation *op, RankedTensorType type,
                                        uint64_t dim, Type valuesType,
                                        RankedTensorType indicesType,
                                        StringRef verb) {
  if (dim >= static_cast<uint64_t>(type.getRank()))
    return op->emitOpError("dim ")
           << dim << " is not one of the input's " << type.getRank();
  if (isFp8(type.getElementType()))
    return op->emitOpError("cannot ")
           << verb << " " << type.getElementType()
           << "; cast the input to a wider float first";
  if (valuesType != type)
    return op->emitOpError("values have type ")
           << valuesType << ", not the input's " << type;
  if (indicesType.getShape() != type.getShape())
    return op->emitOpError("indices have shape ")
           << formatShape(indicesType.getShape()) << ", not the input's "
           << formatShape(type.getShape());
  return success();
}

LogicalResult SortOp::verify() {
  return verifyOrderedLines(*this, getInput().getType(), getDim(),
                            getValues().getType(), getIndices().getType(),
                            "sort");
}

//===----------------------------------------------------------------------===//
// PartitionOp
//===----------------------------------------------------------------------===//

LogicalResult PartitionOp::verify() {
  RankedTensorType type = getInput().getType();
  if (failed(verifyOrderedLines(*this, type, getDim(), getValues().getType(),
                                getIndices().getType(), "partition")))
    return failure();
  ArrayRef<int64_t> kth = getKth();
  for (auto [i, position] : llvm::enumerate(kth)) {
    if (position < 0)
      return emitOpError("kth position ") << position << " is negative";
    if (i > 0 && position <= kth[i - 1])
      return emitOpError("kth positions must ascend without repeats: ")
             << kth[i - 1] << " comes before " << position;
  }
  int64_t length = type.getDimSize(getDim());
  if (!kth.empty() && !ShapedType::isDynamic(length) && kth.back() >= length)
    return emitOpError("kth position ")
           << kth.back() << " is not in a line of " << length
           << " elements along dim " << getDim();
  return success();
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  RankedTensorType type = getType();
  if (!type.hasStaticShape())
    return emitOpError("yields a tensor of static sizes, not ") << type;
  if (getDimension() >= static_cast<uint64_t>(type.getRank()))
    return emitOpError("dimension ")
           << getDimension() << " is not one of the result's "
           << type.getRank();
  return success();
}

LogicalResult RandomBitsOp::verify() {
  RankedTensorType keyType = getKey().getType();
  if (keyType.getRank() != 1 || keyType.isDynamicDim(0) ||
      keyType.getDimSize(0) != 2)
    return emitOpError("key is ") << keyType << ", not tensor<2xui32>";
  RankedTensorType type = getType();
  if (!type.hasStaticShape())
    return emitOpError("yields a tensor of static sizes, not ") << type;
  return success();
}

LogicalResult AssertOp::verify() {
  // The message is what the failed run says: an empty one would say
  // nothing of what failed.
  if (getMessage().empty())
    return emitOpError("has an empty message");
  return success();
}

LogicalResult ConstantOp::verify() {
  ElementsAttr value = getValue();
  if (isa<DenseElementsAttr>(value))
    return success();
  auto resource = dyn_cast<DenseResourceElementsAttr>(value);
  if (!resource)
    return emitOpError("takes dense<...> or dense_resource<...> elements, not ")
           << value;
  // A resource handle that names no blob parses; reading it would not.
  AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  if (!blob)
    return emitOpError("dense_resource<")
           << resource.getRawHandle().getKey()
           << "> has no data: the module's dialect_resources hold no blob of "
              "that name";
  ShapedType type = resource.getType();
  if (!type.hasStaticShape())
    return emitOpError("dense_resource<")
           << resource.getRawHandle().getKey() << "> has a type of dynamic "
           << "sizes, " << type << ": its blob gives them no value";
  int64_t elementBytes = (type.getElementTypeBitWidth() + 7) / 8;
  int64_t needed = type.getNumElements() * elementBytes;
  if (static_cast<int64_t>(blob->getData().size()) != needed)
    return emitOpError("dense_resource<")
           << resource.getRawHandle().getKey() << "> holds "
           << blob->getData().size() << " bytes but " << type << " needs "
           << needed;
  return success();
}

//===----------------------------------------------------------------------===//
// CastOp
//===----------------------------------------------------------------------===//

LogicalResult CastOp::verify() {
  if (failed(
          verifyCompatibleShape(getInput().getType(), getResult().getType())))
    return emitOpError("changes the shape from ")
           << formatShape(getInput().getType().getShape()) << " to "
           << formatShape(getResult().getType().getShape())
           << "; a cast only converts elements";
  return success();
}

//===----------------------------------------------------------------------===//
// BitcastOp
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  RankedTensorType inputType = getInput().getType();
  RankedTensorType resultType = getResult().getType();
  if (failed(verifyCompatibleShape(inputType, resultType)))
    return emitOpError("changes the shape from ")
           << formatShape(inputType.getShape()) << " to "
           << formatShape(resultType.getShape())
           << "; a bitcast only reinterprets elements";
  unsigned from = getStorageBitWidth(inputType);
  unsigned to = getStorageBitWidth(resultType);
  if (from != to)
    return emitOpError("reinterprets ")
           << from << "-bit " << inputType.getElementType() << " as " << to
           << "-bit " << resultType.getElementType()
           << "; the element types must have one width";
  return success();
}

//===----------------------------------------------------------------------===//
// TransposeOp
//===----------------------------------------------------------------------===//

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
  if (!inputType)
    return emitOptionalError(loc, "transpose input must be a ranked tensor");
  ArrayRef<int64_t> permutation = adaptor.getPermutation();
  if (static_cast<int64_t>(permutation.size()) != inputType.getRank())
    return emitOptionalError(loc, "permutation has ", permutation.size(),
                             " entries but the input has rank ",
                             inputType.getRank());
  if (failed(verifyDims(permutation, inputType.getRank(), "permutation entry",
                        loc)))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t dim : permutation)
    shape.push_back(inputType.getDimSize(dim));
  results.push_back(RankedTensorType::get(shape, inputType.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  RankedTensorType inputType = getInput().getType();
  RankedTensorType resultType = getResult().getType();
  if (resultType.getNumDynamicDims() > 1)
    return emitOpError("result has ")
           << resultType.getNumDynamicDims()
           << " dynamic dimensions; at most one can follow from the element "
              "count";
  int64_t known = 1;
  for (int64_t size : resultType.getShape())
    if (!ShapedType::isDynamic(size))
      known *= size;
  // Whatever the input, the dynamic size would divide by 0.
  if (!resultType.hasStaticShape() && known == 0 &&
      !(inputType.hasStaticShape() && inputType.getNumElements() != 0))
    return emitOpError("result ")
           << formatShape(resultType.getShape())
           << " has size 0, so its dynamic dimension could be any size";
  if (!inputType.hasStaticShape())
    return success();
  int64_t count = inputType.getNumElements();
  if (resultType.hasStaticShape()) {
    if (resultType.getNumElements() != count)
      return emitOpError("changes the element count from ")
             << count << " " << formatShape(inputType.getShape()) << " to "
             << resultType.getNumElements() << " "
             << formatShape(resultType.getShape());
    return success();
  }
  if (known == 0 ? count != 0 : count % known != 0)
    return emitOpError("cannot reshape ")
           << count << " elements " << formatShape(inputType.getShape())
           << " to " << formatShape(resultType.getShape())
           << ": no size of the dynamic dimension fits";
  return success();
}

//===----------------------------------------------------------------------===//
// SliceOp
//===----------------------------------------------------------------------===//

SliceExtent mlir::ten::getSliceExtent(int64_t size, int64_t start, int64_t stop,
                                      int64_t step) {
  // NumPy's PySlice_AdjustIndices: a negative bound counts from the end, then
  // both clamp to [0, size] going forwards and to [-1, size - 1] going
  // backwards. (A negative value plus a size cannot overflow.)
  int64_t low = step > 0 ? 0 : -1;
  int64_t high = step > 0 ? size : size - 1;
  auto adjust = [&](int64_t bound) {
    if (bound < 0)
      bound += size;
    return std::clamp(bound, low, high);
  };
  int64_t first = adjust(start);
  int64_t last = adjust(stop);
  int64_t span = step > 0 ? last - first : first - last;
  int64_t stride = step > 0 ? step : -step;
  int64_t count = span <= 0 ? 0 : (span - 1) / stride + 1;
  return {count ? first : 0, count};
}

/// The shape `ten.slice` selects from a tensor of `inputType` with the
/// given ranges, of which `numDynamicStarts` starts and `numDynamicStops`
/// stops are values of run time (dynamic where the input's size is or a
/// bound is), or an error at `loc`.
static FailureOr<SmallVector<int64_t>>
inferSliceShape(RankedTensorType inputType, ArrayRef<int64_t> starts,
                ArrayRef<int64_t> stops, ArrayRef<int64_t> steps,
                size_t numDynamicStarts, size_t numDynamicStops,
                std::optional<Location> loc) {
  int64_t rank = inputType.getRank();
  if (static_cast<int64_t>(steps.size()) != rank ||
      starts.size() != steps.size() || stops.size() != steps.size())
    return emitOptionalError(loc, "slice has ", starts.size(), " starts, ",
                             stops.size(), " stops and ", steps.size(),
                             " steps but the input has rank ", rank);
  size_t markedStarts = llvm::count_if(starts, ShapedType::isDynamic);
  size_t markedStops = llvm::count_if(stops, ShapedType::isDynamic);
  if (markedStarts != numDynamicStarts || markedStops != numDynamicStops)
    return emitOptionalError(loc, "slice marks ", markedStarts, " starts and ",
                             markedStops, " stops as dynamic but has ",
                             numDynamicStarts, " start and ", numDynamicStops,
                             " stop values");
  SmallVector<int64_t> shape;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t step = steps[dim];
    if (step == 0)
      return emitOptionalError(loc, "slice step of dimension ", dim,
                               " is zero");
    if (step == std::numeric_limits<int64_t>::min())
      return emitOptionalError(loc, "slice step of dimension ", dim,
                               " is out of range");
    int64_t size = inputType.getDimSize(dim);
    bool known = !ShapedType::isDynamic(size) &&
                 !ShapedType::isDynamic(starts[dim]) &&
                 !ShapedType::isDynamic(stops[dim]);
    shape.push_back(
        known ? getSliceExtent(size, starts[dim], stops[dim], step).count
              : ShapedType::kDynamic);
  }
  return shape;
}

LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
  if (!inputType)
    return emitOptionalError(loc, "slice input must be a ranked tensor");
  FailureOr<SmallVector<int64_t>> shape = inferSliceShape(
      inputType, adaptor.getStarts(), adaptor.getStops(), adaptor.getSteps(),
      adaptor.getDynamicStarts().size(), adaptor.getDynamicStops().size(), loc);
  if (failed(shape))
    return failure();
  results.push_back(RankedTensorType::get(*shape, inputType.getElementType()));
  return success();
}

void SliceOp::build(OpBuilder &builder, OperationState &state, Value input,
                    ArrayRef<int64_t> starts, ArrayRef<int64_t> stops,
                    ArrayRef<int64_t> steps) {
  build(builder, state, input, /*dynamic_starts=*/ValueRange(),
        /*dynamic_stops=*/ValueRange(), starts, stops, steps);
}

//===----------------------------------------------------------------------===//
// InsertSliceOp
//===----------------------------------------------------------------------===//

LogicalResult InsertSliceOp::verify() {
  RankedTensorType sourceType = cast<RankedTensorType>(getSource().getType());
  FailureOr<SmallVector<int64_t>> shape =
      inferSliceShape(cast<RankedTensorType>(getDest().getType()), getStarts(),
                      getStops(), getSteps(), getDynamicStarts().size(),
                      getDynamicStops().size(), getLoc());
  if (failed(shape))
    return failure();
  if (failed(verifyCompatibleShape(*shape, sourceType.getShape())))
    return emitOpError("source has shape ")
           << formatShape(sourceType.getShape()) << " but the slice has "
           << formatShape(*shape);
  return success();
}

void InsertSliceOp::build(OpBuilder &builder, OperationState &state,
                          Value source, Value dest, ArrayRef<int64_t> starts,
                          ArrayRef<int64_t> stops, ArrayRef<int64_t> steps) {
  build(builder, state, dest.getType(), source, dest,
        /*dynamic_starts=*/ValueRange(), /*dynamic_stops=*/ValueRange(), starts,
        stops, steps);
}

//===----------------------------------------------------------------------===//
// ConcatOp
//===----------------------------------------------------------------------===//

LogicalResult ConcatOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  ValueRange inputs = adaptor.getInputs();
  if (inputs.empty())
    return emitOptionalError(loc, "concat needs at least one input");
  auto firstType = dyn_cast<RankedTensorType>(inputs.front().getType());
  if (!firstType)
    return emitOptionalError(loc, "concat inputs must be ranked tensors");
  int64_t rank = firstType.getRank();
  int64_t axis = adaptor.getAxis();
  if (axis >= rank)
    return emitOptionalError(loc, "concat axis ", axis,
                             " is out of range for inputs of rank ", rank);
  SmallVector<int64_t> shape(firstType.getShape());
  for (auto [index, input] : llvm::enumerate(inputs.drop_front())) {
    auto type = cast<RankedTensorType>(input.getType());
    if (type.getRank() != rank)
      return emitOptionalError(loc, "concat input ", index + 1, " has rank ",
                               type.getRank(), " but input 0 has rank ", rank);
    for (int64_t dim = 0; dim < rank; ++dim) {
      int64_t size = type.getDimSize(dim);
      if (dim == axis) {
        shape[dim] =
            ShapedType::isDynamic(shape[dim]) || ShapedType::isDynamic(size)
                ? ShapedType::kDynamic
                : shape[dim] + size;
        continue;
      }
      if (ShapedType::isDynamic(shape[dim])) {
        shape[dim] = size;
        continue;
      }
      if (!ShapedType::isDynamic(size) && size != shape[dim])
        return emitOptionalError(loc, "concat input ", index + 1, " has shape ",
                                 formatShape(type.getShape()),
                                 " but the inputs before it have ", shape[dim],
                                 " elements along dimension ", dim,
                                 "; only dimension ", axis, " may differ");
    }
  }
  results.push_back(RankedTensorType::get(shape, firstType.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// ShardOp
//===----------------------------------------------------------------------===//

LogicalResult ShardOp::verify() {
  ArrayRef<int64_t> axes = getAxes();
  int64_t rank = getInput().getType().getRank();
  if (static_cast<int64_t>(axes.size()) != rank)
    return emitOpError("gives ")
           << axes.size() << " grid axes for a tensor of " << rank
           << " dimension(s): one per dimension, -1 where it is not split";
  llvm::SmallDenseSet<int64_t> used;
  for (auto [dim, axis] : llvm::enumerate(axes)) {
    if (axis < -1)
      return emitOpError("dimension ")
             << dim << " is split over grid axis " << axis
             << ": a grid axis is 0 or more, or -1 for none";
    if (axis >= 0 && !used.insert(axis).second)
      return emitOpError("grid axis ") << axis << " splits two dimensions";
  }
  return success();
}

#define GET_OP_CLASSES
#include "ten/Dialect/Ten/IR/TenOps.cpp.inc"
