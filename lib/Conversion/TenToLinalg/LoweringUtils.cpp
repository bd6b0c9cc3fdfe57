//===- LoweringUtils.cpp - helpers of the ten-to-linalg patterns ----------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

/// `file:line:col` for file locations, MLIR's syntax for the others.
static std::string formatLocation(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc)) {
    os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
       << fileLoc.getColumn();
  } else if (auto nameLoc = dyn_cast<NameLoc>(loc)) {
    os << formatLocation(nameLoc.getChildLoc());
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    if (!fused.getLocations().empty())
      os << formatLocation(fused.getLocations().front());
  } else {
    loc.print(os);
  }
  return text;
}

void lowering::emitRuntimeCheck(OpBuilder &builder, Operation *op,
                                Value condition, const Twine &message) {
  std::string text = op->getName().getStringRef().str();
  std::string where = formatLocation(op->getLoc());
  if (!where.empty())
    text += " at " + where;
  text += ": " + message.str();
  cf::AssertOp::create(builder, op->getLoc(), condition, text);
}

Value lowering::allElements(
    OpBuilder &b, Location loc, Value tensor,
    function_ref<Value(OpBuilder &, Location, Value)> predicate) {
  auto type = cast<RankedTensorType>(tensor.getType());
  Type i1 = b.getI1Type();
  // One reduction over every element into a 0-d flag. The flags combine
  // by an unsigned minimum (`and` of i1): a sharded program's partitioner
  // knows it as a reduction by minimum, which its collectives take.
  Value init =
      linalg::FillOp::create(b, loc, createScalarConstant(b, loc, i1, 1),
                             createEmptyTensor(b, loc, {}, i1))
          .getResult(0);
  SmallVector<AffineMap> maps = {
      b.getMultiDimIdentityMap(type.getRank()),
      AffineMap::get(type.getRank(), 0, {}, b.getContext())};
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::reduction);
  Value all =
      linalg::GenericOp::create(
          b, loc, init.getType(), tensor, init, maps, iterators,
          [&](OpBuilder &nb, Location l, ValueRange args) {
            Value holds = predicate(nb, l, args[0]);
            linalg::YieldOp::create(
                nb, l,
                ValueRange{arith::MinUIOp::create(nb, l, args[1], holds)});
          })
          .getResult(0);
  return tensor::ExtractOp::create(b, loc, all, {});
}

void lowering::emitIndexRangeCheck(OpBuilder &b, Operation *op, Value indices,
                                   Value extent, int64_t dim) {
  Value allIn = allElements(
      b, op->getLoc(), indices,
      [&](OpBuilder &nb, Location l, Value index) -> Value {
        Value atLeast = arith::CmpIOp::create(
            nb, l, arith::CmpIPredicate::sge, index,
            arith::SubIOp::create(
                nb, l, arith::ConstantIntOp::create(nb, l, nb.getI64Type(), 0),
                extent));
        Value below = arith::CmpIOp::create(nb, l, arith::CmpIPredicate::slt,
                                            index, extent);
        return arith::AndIOp::create(nb, l, atLeast, below);
      });
  emitRuntimeCheck(b, op, allIn,
                   "an index is out of range for dimension " + Twine(dim));
}

Value lowering::clampIndex(OpBuilder &b, Location loc, Value index,
                           Value extent, bool countFromEnd) {
  Type i64 = b.getI64Type();
  Value zero = arith::ConstantIntOp::create(b, loc, i64, 0);
  if (countFromEnd) {
    Value negative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, index, zero);
    index = arith::SelectOp::create(
        b, loc, negative, arith::AddIOp::create(b, loc, index, extent), index);
  }
  Value last = arith::SubIOp::create(
      b, loc, extent, arith::ConstantIntOp::create(b, loc, i64, 1));
  return arith::MaxSIOp::create(b, loc, zero,
                                arith::MinSIOp::create(b, loc, index, last));
}

StringRef lowering::getRuntimeTypeSuffix(Type type) {
  if (type.isInteger(1))
    return "Bool";
  if (auto integer = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = integer.isUnsigned();
    switch (integer.getWidth()) {
    case 8:
      return isUnsigned ? "U8" : "I8";
    case 16:
      return isUnsigned ? "U16" : "I16";
    case 32:
      return isUnsigned ? "U32" : "I32";
    default:
      return isUnsigned ? "U64" : "I64";
    }
  }
  if (type.isF16())
    return "F16";
  if (type.isBF16())
    return "BF16";
  if (type.isF32())
    return "F32";
  if (type.isF64())
    return "F64";
  if (auto complex = dyn_cast<ComplexType>(type))
    return complex.getElementType().isF32() ? "C64" : "C128";
  return {};
}

func::FuncOp lowering::getOrDeclareRuntimeFunction(OpBuilder &builder,
                                                   ModuleOp module,
                                                   StringRef name,
                                                   TypeRange argumentTypes) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  auto function =
      func::FuncOp::create(builder, module.getLoc(), name,
                           builder.getFunctionType(argumentTypes, {}));
  function.setPrivate();
  function->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                    builder.getUnitAttr());
  return function;
}

void lowering::checkSizeEquals(OpBuilder &builder, Operation *op,
                               OpFoldResult size, OpFoldResult expected,
                               unsigned operand, int64_t dim) {
  if (isEqualConstantIntOrValue(size, expected))
    return;
  Location loc = op->getLoc();
  Value lhs = getValueOrCreateConstantIndexOp(builder, loc, size);
  Value rhs = getValueOrCreateConstantIndexOp(builder, loc, expected);
  Value equal =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, lhs, rhs);
  emitRuntimeCheck(builder, op, equal,
                   "dimension " + Twine(dim) + " of operand " + Twine(operand) +
                       " does not have the size of the dimensions it meets "
                       "(a dynamic dimension does not broadcast)");
}

OpFoldResult lowering::getDimSize(OpBuilder &builder, Location loc, Value value,
                                  int64_t dim) {
  auto type = cast<RankedTensorType>(value.getType());
  if (!type.isDynamicDim(dim))
    return builder.getIndexAttr(type.getDimSize(dim));
  return tensor::DimOp::create(builder, loc, value, dim).getResult();
}

SmallVector<OpFoldResult>
lowering::getBroadcastSizes(OpBuilder &builder, Operation *op,
                            ValueRange operands, RankedTensorType resultType) {
  Location loc = op->getLoc();
  int64_t rank = resultType.getRank();
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0; dim < rank; ++dim) {
    // The size comes from the result type if it is static, else from the
    // first operand that has this dimension with a size other than 1.
    std::optional<OpFoldResult> size;
    std::optional<size_t> source;
    if (!resultType.isDynamicDim(dim))
      size = builder.getIndexAttr(resultType.getDimSize(dim));
    for (auto [index, operand] : llvm::enumerate(operands)) {
      if (size)
        break;
      auto type = cast<RankedTensorType>(operand.getType());
      int64_t operandDim = dim - (rank - type.getRank());
      if (operandDim < 0 || type.getDimSize(operandDim) == 1)
        continue;
      size = getDimSize(builder, loc, operand, operandDim);
      source = index;
    }
    // Every operand has size 1 here, or lacks the dimension.
    if (!size)
      size = builder.getIndexAttr(1);
    for (auto [index, operand] : llvm::enumerate(operands)) {
      auto type = cast<RankedTensorType>(operand.getType());
      int64_t operandDim = dim - (rank - type.getRank());
      if (operandDim < 0 || !type.isDynamicDim(operandDim) || source == index)
        continue;
      checkSizeEquals(builder, op,
                      getDimSize(builder, loc, operand, operandDim), *size,
                      index, operandDim);
    }
    sizes.push_back(*size);
  }
  return sizes;
}

AffineMap lowering::getBroadcastMap(MLIRContext *context,
                                    RankedTensorType operandType,
                                    RankedTensorType resultType) {
  int64_t rank = resultType.getRank();
  int64_t offset = rank - operandType.getRank();
  SmallVector<AffineExpr> exprs;
  for (int64_t dim = 0; dim < operandType.getRank(); ++dim) {
    int64_t resultDim = dim + offset;
    if (operandType.getDimSize(dim) == 1 &&
        resultType.getDimSize(resultDim) != 1)
      exprs.push_back(getAffineConstantExpr(0, context));
    else
      exprs.push_back(getAffineDimExpr(resultDim, context));
  }
  return AffineMap::get(rank, 0, exprs, context);
}

Value lowering::createEmptyTensor(OpBuilder &builder, Location loc,
                                  ArrayRef<OpFoldResult> sizes,
                                  Type elementType) {
  return tensor::EmptyOp::create(builder, loc, sizes, elementType);
}

Type lowering::getLoweredType(Type type) {
  if (auto tensorType = dyn_cast<RankedTensorType>(type))
    return tensorType.clone(getLoweredType(tensorType.getElementType()));
  if (auto integer = dyn_cast<IntegerType>(type))
    if (!integer.isSignless())
      return IntegerType::get(type.getContext(), integer.getWidth());
  if (isFp8(type))
    return IntegerType::get(type.getContext(), 8);
  return type;
}

Type lowering::getComputeType(Type elementType) {
  if (elementType.isF16() || elementType.isBF16())
    return Float32Type::get(elementType.getContext());
  return elementType;
}

/// `value`, of float type, as an integer of type `to` (signless) that is
/// unsigned if `isUnsigned`, as NumPy converts on x86: types narrower than
/// 32 bits take the low bits of a conversion to i32, so that -1.0 gives 255
/// as ui8 and 200.0 gives -56 as i8; ui32 takes the low bits of a conversion
/// to i64; ui64 takes values of 2^63 and more by converting `value - 2^63`
/// and setting the top bit.
static Value convertFloatToInteger(OpBuilder &builder, Location loc,
                                   Value value, IntegerType to,
                                   bool isUnsigned) {
  unsigned width = to.getWidth();
  if (width < 64 || !isUnsigned) {
    unsigned convertedWidth = width < 32                  ? 32
                              : width == 32 && isUnsigned ? 64
                                                          : width;
    Type convertedType = builder.getIntegerType(convertedWidth);
    Value converted =
        arith::FPToSIOp::create(builder, loc, convertedType, value);
    if (convertedWidth == width)
      return converted;
    return arith::TruncIOp::create(builder, loc, to, converted);
  }
  // f16 and bf16 hold no value of 2^63 or more; f32 and f64 do.
  auto floatType = cast<FloatType>(value.getType());
  if (floatType.getWidth() < 32) {
    value = arith::ExtFOp::create(builder, loc, builder.getF32Type(), value);
    floatType = builder.getF32Type();
  }
  Type i64 = builder.getI64Type();
  Value twoTo63 = createScalarConstant(builder, loc, floatType, 0x1p63);
  Value large = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OGE,
                                      value, twoTo63);
  Value low = arith::FPToSIOp::create(builder, loc, i64, value);
  Value reduced = arith::SubFOp::create(builder, loc, value, twoTo63);
  Value high = arith::XOrIOp::create(
      builder, loc, arith::FPToSIOp::create(builder, loc, i64, reduced),
      arith::ConstantOp::create(
          builder, loc, builder.getIntegerAttr(i64, APInt::getSignMask(64))));
  return arith::SelectOp::create(builder, loc, large, high, low);
}

/// Converts `value`, of the dialect's element type `from`, to `to`, where
/// either is complex: parts convert as floats do; a real number is the real
/// part, with 0 as the imaginary one; a complex number converts to a real
/// type through its real part (NumPy drops the imaginary part), to i1 by
/// testing both parts for non-zero.
static Value convertComplexScalar(OpBuilder &builder, Location loc, Value value,
                                  Type from, Type to) {
  auto fromComplex = dyn_cast<ComplexType>(from);
  auto toComplex = dyn_cast<ComplexType>(to);
  if (fromComplex && to.isInteger(1)) {
    Type part = fromComplex.getElementType();
    Value zero = createScalarConstant(builder, loc, part, 0);
    Value re = complex::ReOp::create(builder, loc, value);
    Value im = complex::ImOp::create(builder, loc, value);
    Value reNonZero = arith::CmpFOp::create(
        builder, loc, arith::CmpFPredicate::UNE, re, zero);
    Value imNonZero = arith::CmpFOp::create(
        builder, loc, arith::CmpFPredicate::UNE, im, zero);
    return arith::OrIOp::create(builder, loc, reNonZero, imNonZero);
  }
  if (fromComplex && !toComplex) {
    Value re = complex::ReOp::create(builder, loc, value);
    return convertScalar(builder, loc, re, fromComplex.getElementType(), to);
  }
  Type part = toComplex.getElementType();
  if (fromComplex) {
    Type fromPart = fromComplex.getElementType();
    Value fromRe = complex::ReOp::create(builder, loc, value);
    Value re = convertScalar(builder, loc, fromRe, fromPart, part);
    Value fromIm = complex::ImOp::create(builder, loc, value);
    Value im = convertScalar(builder, loc, fromIm, fromPart, part);
    return complex::CreateOp::create(builder, loc, toComplex, re, im);
  }
  Value re = convertScalar(builder, loc, value, from, part);
  Value im = createScalarConstant(builder, loc, part, 0);
  return complex::CreateOp::create(builder, loc, toComplex, re, im);
}

Value lowering::convertScalar(OpBuilder &builder, Location loc, Value value,
                              Type from, Type to) {
  if (from == to)
    return value;
  if (isa<ComplexType>(from) || isa<ComplexType>(to))
    return convertComplexScalar(builder, loc, value, from, to);
  // fp8 converts through f32, both ways, as ml_dtypes does (from f64, that
  // is two roundings: a value within 2^-25 of a tie rounds as the tie).
  if (isFp8(from)) {
    value = convertFromFp8(builder, loc, value, cast<FloatType>(from));
    return convertScalar(builder, loc, value, builder.getF32Type(), to);
  }
  if (isFp8(to)) {
    value = convertScalar(builder, loc, value, from, builder.getF32Type());
    return convertToFp8(builder, loc, value, cast<FloatType>(to));
  }
  Type signlessTo = getLoweredType(to);
  auto fromFloat = dyn_cast<FloatType>(from);
  auto toFloat = dyn_cast<FloatType>(to);
  bool fromUnsigned = isUnsignedInteger(from);
  if (to.isInteger(1)) {
    // Non-zero is true; NaN is non-zero.
    Value zero = createScalarConstant(builder, loc, value.getType(), 0);
    if (fromFloat)
      return arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNE,
                                   value, zero);
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, value,
                                 zero);
  }
  if (fromFloat && toFloat) {
    if (fromFloat.getWidth() < toFloat.getWidth())
      return arith::ExtFOp::create(builder, loc, to, value);
    if (fromFloat.getWidth() == toFloat.getWidth()) {
      // f16 <-> bf16 goes through f32.
      Value wide =
          arith::ExtFOp::create(builder, loc, builder.getF32Type(), value);
      return arith::TruncFOp::create(builder, loc, to, wide);
    }
    return arith::TruncFOp::create(builder, loc, to, value);
  }
  if (toFloat) {
    if (fromUnsigned)
      return arith::UIToFPOp::create(builder, loc, to, value);
    return arith::SIToFPOp::create(builder, loc, to, value);
  }
  if (fromFloat)
    return convertFloatToInteger(builder, loc, value,
                                 cast<IntegerType>(signlessTo),
                                 to.isUnsignedInteger());
  unsigned fromWidth = from.getIntOrFloatBitWidth();
  unsigned toWidth = to.getIntOrFloatBitWidth();
  if (fromWidth == toWidth)
    return value; // i8 <-> ui8: the same bits
  if (fromWidth > toWidth)
    return arith::TruncIOp::create(builder, loc, signlessTo, value);
  if (fromUnsigned)
    return arith::ExtUIOp::create(builder, loc, signlessTo, value);
  return arith::ExtSIOp::create(builder, loc, signlessTo, value);
}

Value lowering::reinterpretScalar(OpBuilder &builder, Location loc, Value value,
                                  Type from, Type to) {
  Type loweredFrom = getLoweredType(from);
  Type loweredTo = getLoweredType(to);
  if (loweredFrom == loweredTo)
    return value;
  // Every element as the integer of its bits first, then as `to`.
  unsigned width = getStorageBitWidth(from);
  Type bitsType = builder.getIntegerType(width);
  Value bits;
  if (isa<ComplexType>(loweredFrom)) {
    // The real part is the low half: it comes first in memory.
    Type half = builder.getIntegerType(width / 2);
    auto partBits = [&](Value part) {
      Value partAsInt = arith::BitcastOp::create(builder, loc, half, part);
      return arith::ExtUIOp::create(builder, loc, bitsType, partAsInt);
    };
    Value low = partBits(complex::ReOp::create(builder, loc, value));
    Value high = partBits(complex::ImOp::create(builder, loc, value));
    Value shift = arith::ConstantOp::create(
        builder, loc, builder.getIntegerAttr(bitsType, width / 2));
    bits = arith::OrIOp::create(
        builder, loc, low, arith::ShLIOp::create(builder, loc, high, shift));
  } else if (loweredFrom.isInteger(1)) {
    bits = arith::ExtUIOp::create(builder, loc, bitsType, value);
  } else if (loweredFrom == bitsType) {
    bits = value;
  } else {
    bits = arith::BitcastOp::create(builder, loc, bitsType, value);
  }
  if (auto complexType = dyn_cast<ComplexType>(loweredTo)) {
    Type part = complexType.getElementType();
    Type half = builder.getIntegerType(width / 2);
    Value shift = arith::ConstantOp::create(
        builder, loc, builder.getIntegerAttr(bitsType, width / 2));
    auto asPart = [&](Value wide) {
      Value narrow = arith::TruncIOp::create(builder, loc, half, wide);
      return arith::BitcastOp::create(builder, loc, part, narrow);
    };
    Value re = asPart(bits);
    Value im = asPart(arith::ShRUIOp::create(builder, loc, bits, shift));
    return complex::CreateOp::create(builder, loc, complexType, re, im);
  }
  if (loweredTo.isInteger(1)) {
    // Any bit set is true (a byte NumPy would read as a true bool).
    Value zero = arith::ConstantOp::create(builder, loc,
                                           builder.getIntegerAttr(bitsType, 0));
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, bits,
                                 zero);
  }
  if (loweredTo == bitsType)
    return bits;
  return arith::BitcastOp::create(builder, loc, loweredTo, bits);
}

Value lowering::convertScalar(OpBuilder &builder, Location loc, Value value,
                              Type to) {
  return convertScalar(builder, loc, value, value.getType(), to);
}

Value lowering::createScalarConstant(OpBuilder &builder, Location loc,
                                     Type type, double value) {
  type = getLoweredType(type);
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    Type part = complexType.getElementType();
    return complex::ConstantOp::create(
        builder, loc, complexType,
        builder.getArrayAttr({builder.getFloatAttr(part, value),
                              builder.getFloatAttr(part, 0.0)}));
  }
  if (auto floatType = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(builder, loc,
                                     builder.getFloatAttr(floatType, value));
  if (type.isInteger(1))
    return arith::ConstantOp::create(builder, loc,
                                     builder.getBoolAttr(value != 0));
  return arith::ConstantOp::create(
      builder, loc, builder.getIntegerAttr(type, static_cast<int64_t>(value)));
}

Value lowering::getBufferToRead(OpBuilder &builder, Location loc,
                                Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  auto bufferType = MemRefType::get(type.getShape(), type.getElementType());
  if (auto argument = dyn_cast<BlockArgument>(tensor);
      argument && isa<func::FuncOp>(argument.getOwner()->getParentOp()))
    return bufferization::ToBufferOp::create(builder, loc, bufferType, tensor,
                                             /*read_only=*/true);
  // A tensor that nothing else reads, computed by an op into a fresh
  // tensor: computed into the buffer instead, no copy.
  auto result = dyn_cast<OpResult>(tensor);
  auto producer = result
                      ? dyn_cast<DestinationStyleOpInterface>(result.getOwner())
                      : DestinationStyleOpInterface();
  if (producer && tensor.use_empty()) {
    OpOperand *init = producer.getTiedOpOperand(result);
    if (auto empty = init->get().getDefiningOp<tensor::EmptyOp>()) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPoint(producer);
      Value buffer = memref::AllocOp::create(builder, loc, bufferType,
                                             empty.getDynamicSizes());
      init->set(bufferization::ToTensorOp::create(builder, loc, type, buffer,
                                                  /*restrict=*/true,
                                                  /*writable=*/true));
      // Which keeps the op alive, and bufferizes to nothing: the op's result
      // is the buffer already.
      builder.setInsertionPointAfter(producer);
      bufferization::MaterializeInDestinationOp::create(
          builder, loc, /*result=*/Type(), tensor, buffer, /*restrict=*/true,
          /*writable=*/true);
      return buffer;
    }
  }
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(tensor::DimOp::create(builder, loc, tensor, dim));
  Value buffer =
      memref::AllocOp::create(builder, loc, bufferType, dynamicSizes);
  bufferization::MaterializeInDestinationOp::create(
      builder, loc, /*result=*/Type(), tensor, buffer, /*restrict=*/true,
      /*writable=*/true);
  return buffer;
}

SmallVector<OpFoldResult> lowering::getDimSizes(OpBuilder &builder,
                                                Location loc, Value value) {
  SmallVector<OpFoldResult> sizes;
  int64_t rank = cast<RankedTensorType>(value.getType()).getRank();
  for (int64_t dim = 0; dim < rank; ++dim)
    sizes.push_back(getDimSize(builder, loc, value, dim));
  return sizes;
}

Value lowering::mapElements(
    OpBuilder &builder, Location loc, Value value, Type elementType,
    function_ref<Value(OpBuilder &, Location, Value)> fn) {
  int64_t rank = cast<RankedTensorType>(value.getType()).getRank();
  Value init = createEmptyTensor(builder, loc, getDimSizes(builder, loc, value),
                                 elementType);
  AffineMap identity = builder.getMultiDimIdentityMap(rank);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             builder, loc, init.getType(), value, init,
             ArrayRef<AffineMap>{identity, identity}, iterators,
             [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
               linalg::YieldOp::create(b, bodyLoc, fn(b, bodyLoc, args[0]));
             })
      .getResult(0);
}

Value lowering::convertElements(OpBuilder &builder, Location loc, Value value,
                                Type elementType, Type from) {
  if (!from)
    from = cast<RankedTensorType>(value.getType()).getElementType();
  return mapElements(builder, loc, value, getLoweredType(elementType),
                     [&](OpBuilder &b, Location bodyLoc, Value element) {
                       return convertScalar(b, bodyLoc, element, from,
                                            elementType);
                     });
}

Value lowering::castToResultType(OpBuilder &builder, Operation *op,
                                 Value value) {
  auto resultType =
      cast<RankedTensorType>(getLoweredType(op->getResult(0).getType()));
  auto type = cast<RankedTensorType>(value.getType());
  if (type == resultType)
    return value;
  Location loc = op->getLoc();
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    if (!type.isDynamicDim(dim) || resultType.isDynamicDim(dim))
      continue;
    Value size = tensor::DimOp::create(builder, loc, value, dim);
    Value expected = arith::ConstantIndexOp::create(builder, loc,
                                                    resultType.getDimSize(dim));
    Value equal = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                        size, expected);
    emitRuntimeCheck(builder, op, equal,
                     "result dimension " + Twine(dim) +
                         " does not have the size its type states (" +
                         Twine(resultType.getDimSize(dim)) + ")");
  }
  return tensor::CastOp::create(builder, loc, resultType, value);
}
