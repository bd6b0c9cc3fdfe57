//===- LinearAlgebraSupport.cpp - what ten.linalg's lowerings share -------===//

#include "LinearAlgebraSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

/// The size of each batch dimension of a solve's result, from whichever
/// operand gives it (a static size other than 1 first); checks at run time
/// that two dynamic sizes that meet agree (dynamic sizes do not stretch).
SmallVector<OpFoldResult> getSolveBatch(OpBuilder &builder, Operation *op,
                                        Value a, Value b,
                                        RankedTensorType resultType,
                                        int64_t batchRank) {
  Location loc = op->getLoc();
  SmallVector<OpFoldResult> sizes;
  for (int64_t dim = 0; dim < batchRank; ++dim) {
    if (!resultType.isDynamicDim(dim)) {
      sizes.push_back(builder.getIndexAttr(resultType.getDimSize(dim)));
      continue;
    }
    // The operands' dimensions that meet this one, aligned on the right.
    SmallVector<std::pair<Value, int64_t>> candidates;
    for (Value operand : {a, b}) {
      auto type = cast<RankedTensorType>(operand.getType());
      int64_t operandDim = dim - (batchRank - (type.getRank() - 2));
      if (operandDim >= 0 && type.getDimSize(operandDim) != 1)
        candidates.push_back({operand, operandDim});
    }
    OpFoldResult size = builder.getIndexAttr(1);
    for (auto [index, candidate] : llvm::enumerate(candidates)) {
      OpFoldResult candidateSize =
          getDimSize(builder, loc, candidate.first, candidate.second);
      if (index == 0)
        size = candidateSize;
      else
        checkSizeEquals(builder, op, candidateSize, size,
                        candidate.first == a ? 0 : 1, candidate.second);
    }
    sizes.push_back(size);
  }
  return sizes;
}

/// `value` (a stack of matrices) with the batch `batch`, broadcast by
/// NumPy's rules where its own differs.
Value broadcastBatch(OpBuilder &builder, Location loc, Value value,
                     ArrayRef<OpFoldResult> batch) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<OpFoldResult> sizes(batch);
  SmallVector<OpFoldResult> own = getDimSizes(builder, loc, value);
  sizes.append(own.end() - 2, own.end());
  SmallVector<int64_t> shape;
  SmallVector<Value> dynamicSizes;
  dispatchIndexOpFoldResults(sizes, dynamicSizes, shape);
  auto targetType = RankedTensorType::get(shape, type.getElementType());
  if (targetType == type)
    return value;
  Value init = createEmptyTensor(builder, loc, sizes, type.getElementType());
  int64_t rank = targetType.getRank();
  SmallVector<AffineMap> maps = {
      getBroadcastMap(builder.getContext(), type, targetType),
      builder.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             builder, loc, targetType, value, init, maps, iterators,
             [](OpBuilder &nested, Location nestedLoc, ValueRange args) {
               linalg::YieldOp::create(nested, nestedLoc, args[0]);
             })
      .getResult(0);
}

} // namespace

void RuntimeCall::addInput(Value value) { arguments.push_back(value); }

unsigned RuntimeCall::addResult(ArrayRef<OpFoldResult> sizes,
                                Type elementType) {
  SmallVector<int64_t> shape;
  SmallVector<Value> dynamicSizes;
  dispatchIndexOpFoldResults(sizes, dynamicSizes, shape);
  Value buffer = memref::AllocOp::create(
      rewriter, loc, MemRefType::get(shape, elementType), dynamicSizes);
  arguments.push_back(buffer);
  results.push_back(buffer);
  return results.size() - 1;
}

SmallVector<Value> RuntimeCall::call(StringRef name, Type elementType,
                                     ArrayRef<int32_t> flags) {
  auto module = op->getParentOfType<ModuleOp>();
  SmallVector<Value> operands;
  SmallVector<Type> types;
  // The inputs' buffers right before the call, which reads them.
  for (Value argument : arguments) {
    Value buffer = argument;
    if (isa<RankedTensorType>(argument.getType()))
      buffer = getBufferToRead(rewriter, loc, argument);
    auto type = cast<MemRefType>(buffer.getType());
    auto unranked =
        UnrankedMemRefType::get(type.getElementType(), /*memorySpace=*/0);
    operands.push_back(memref::CastOp::create(rewriter, loc, unranked, buffer));
    types.push_back(unranked);
  }
  Type i32 = rewriter.getI32Type();
  for (int32_t flag : flags) {
    operands.push_back(arith::ConstantIntOp::create(rewriter, loc, i32, flag));
    types.push_back(i32);
  }
  if (threads) {
    operands.push_back(arith::ConstantIntOp::create(
        rewriter, loc, i32,
        std::min<int64_t>(*threads, std::numeric_limits<int32_t>::max())));
    types.push_back(i32);
  }
  std::string symbol = (name + getRuntimeTypeSuffix(elementType)).str();
  func::FuncOp callee =
      getOrDeclareRuntimeFunction(rewriter, module, symbol, types);
  func::CallOp::create(rewriter, loc, callee, operands);
  SmallVector<Value> tensors;
  for (Value buffer : results) {
    auto type = cast<MemRefType>(buffer.getType());
    tensors.push_back(bufferization::ToTensorOp::create(
        rewriter, loc,
        RankedTensorType::get(type.getShape(), type.getElementType()), buffer,
        /*restrict=*/true, /*writable=*/true));
  }
  return tensors;
}

void lowering::checkSquare(OpBuilder &builder, Operation *op, Value value,
                           StringRef name) {
  int64_t rank = cast<RankedTensorType>(value.getType()).getRank();
  Location loc = op->getLoc();
  OpFoldResult rows = getDimSize(builder, loc, value, rank - 2);
  OpFoldResult columns = getDimSize(builder, loc, value, rank - 1);
  if (isEqualConstantIntOrValue(rows, columns))
    return;
  Value equal = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::eq,
      getValueOrCreateConstantIndexOp(builder, loc, rows),
      getValueOrCreateConstantIndexOp(builder, loc, columns));
  emitRuntimeCheck(builder, op, equal, name + " must be square matrices");
}

Value lowering::castToType(OpBuilder &builder, Operation *op, Value value,
                           RankedTensorType type) {
  auto actual = cast<RankedTensorType>(value.getType());
  if (actual == type)
    return value;
  Location loc = op->getLoc();
  for (int64_t dim = 0; dim < actual.getRank(); ++dim) {
    if (!actual.isDynamicDim(dim) || type.isDynamicDim(dim))
      continue;
    Value equal = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::eq,
        tensor::DimOp::create(builder, loc, value, dim),
        arith::ConstantIndexOp::create(builder, loc, type.getDimSize(dim)));
    emitRuntimeCheck(builder, op, equal,
                     "result dimension " + Twine(dim) +
                         " does not have the size its type states (" +
                         Twine(type.getDimSize(dim)) + ")");
  }
  return tensor::CastOp::create(builder, loc, type, value);
}

void lowering::replaceWithResults(ConversionPatternRewriter &rewriter,
                                  Operation *op, ArrayRef<Value> results) {
  SmallVector<Value> replacements;
  for (auto [value, result] : llvm::zip(results, op->getResults()))
    replacements.push_back(castToType(
        rewriter, op, value, cast<RankedTensorType>(result.getType())));
  rewriter.replaceOp(op, replacements);
}

MatrixSizes::MatrixSizes(OpBuilder &builder, Location loc, Value value) {
  batch = getDimSizes(builder, loc, value);
  columns = batch.pop_back_val();
  rows = batch.pop_back_val();
  std::optional<int64_t> m = getConstantIntValue(rows);
  std::optional<int64_t> n = getConstantIntValue(columns);
  if (m && n)
    smaller = builder.getIndexAttr(std::min(*m, *n));
  else
    smaller =
        arith::MinSIOp::create(
            builder, loc, getValueOrCreateConstantIndexOp(builder, loc, rows),
            getValueOrCreateConstantIndexOp(builder, loc, columns))
            .getResult();
}

SolveOperands::SolveOperands(ConversionPatternRewriter &rewriter, SolveOp op,
                             Value a, Value b) {
  Location loc = op.getLoc();
  auto aType = cast<RankedTensorType>(a.getType());
  auto bType = cast<RankedTensorType>(b.getType());
  Type elementType = aType.getElementType();
  checkSquare(rewriter, op, a, "a");
  OpFoldResult rows = getDimSize(rewriter, loc, a, aType.getRank() - 1);
  isVector = bType.getRank() == 1;
  int64_t bRowsDim = isVector ? 0 : bType.getRank() - 2;
  checkSizeEquals(rewriter, op, getDimSize(rewriter, loc, b, bRowsDim), rows, 1,
                  bRowsDim);
  // A vector is a matrix of one column against every matrix of a.
  if (isVector) {
    SmallVector<int64_t> shape = {bType.getDimSize(0), 1};
    b = tensor::ExpandShapeOp::create(
        rewriter, loc, RankedTensorType::get(shape, elementType), b,
        SmallVector<ReassociationIndices>{{0, 1}},
        SmallVector<OpFoldResult>{getDimSize(rewriter, loc, b, 0),
                                  rewriter.getIndexAttr(1)});
  }
  auto matrixType = cast<RankedTensorType>(b.getType());
  batchRank = std::max(aType.getRank(), matrixType.getRank()) - 2;
  SmallVector<int64_t> resultShape(
      op.getType().getShape().take_front(batchRank));
  resultShape.append({ShapedType::kDynamic, ShapedType::kDynamic});
  SmallVector<OpFoldResult> batch =
      getSolveBatch(rewriter, op, a, b,
                    RankedTensorType::get(resultShape, elementType), batchRank);
  this->a = broadcastBatch(rewriter, loc, a, batch);
  this->b = broadcastBatch(rewriter, loc, b, batch);
}

Value SolveOperands::getResult(ConversionPatternRewriter &rewriter, SolveOp op,
                               Value x) const {
  if (isVector) {
    SmallVector<ReassociationIndices> reassociation;
    for (int64_t dim = 0; dim < batchRank; ++dim)
      reassociation.push_back({dim});
    reassociation.push_back({batchRank, batchRank + 1});
    x = tensor::CollapseShapeOp::create(rewriter, op.getLoc(), x,
                                        reassociation);
  }
  return castToResultType(rewriter, op, x);
}
