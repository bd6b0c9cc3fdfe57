//===- LinearAlgebra.cpp - ten.linalg to calls of the host runtime --------===//
//
// Where the host reads buffers (the CPU target), each factorization is a
// call of the host runtime's entry point for its element type
// (LinearAlgebra.h), which runs LAPACK over the batch, on the operands'
// buffers and fresh ones for the results, as ten.sort's call is built
// (Sort.cpp). The shapes the runtime takes are simple: contiguous stacks
// of matrices with one batch, so a solve's operands are broadcast to their
// common batch first and a vector right-hand side becomes a matrix of one
// column. ten.linalg.det is ten.linalg.slogdet and elementwise ops, as
// NumPy computes it. Elsewhere (the CUDA target) the ops have no lowering
// yet, and say so.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

#include <algorithm>
#include <limits>
#include <type_traits>

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

/// Calls of the host runtime's linear algebra for one op.
class RuntimeCall {
public:
  RuntimeCall(ConversionPatternRewriter &rewriter, Operation *op,
              int64_t threads)
      : rewriter(rewriter), op(op), loc(op->getLoc()), threads(threads) {}

  /// `tensor`'s buffer, which the call reads.
  void addInput(Value tensor) {
    auto type = cast<RankedTensorType>(tensor.getType());
    arguments.push_back(bufferization::ToBufferOp::create(
        rewriter, loc, MemRefType::get(type.getShape(), type.getElementType()),
        tensor, /*read_only=*/true));
  }

  /// A fresh buffer of `sizes` that the call writes; returns its index
  /// among the results.
  unsigned addResult(ArrayRef<OpFoldResult> sizes, Type elementType) {
    SmallVector<int64_t> shape;
    SmallVector<Value> dynamicSizes;
    dispatchIndexOpFoldResults(sizes, dynamicSizes, shape);
    Value buffer = memref::AllocOp::create(
        rewriter, loc, MemRefType::get(shape, elementType), dynamicSizes);
    arguments.push_back(buffer);
    results.push_back(buffer);
    return results.size() - 1;
  }

  /// Calls `name` + the suffix of `elementType` on the buffers, then
  /// `flags`, then the threads; returns the results as tensors.
  SmallVector<Value> call(StringRef name, Type elementType,
                          ArrayRef<int32_t> flags = {}) {
    auto module = op->getParentOfType<ModuleOp>();
    SmallVector<Value> operands;
    SmallVector<Type> types;
    for (Value buffer : arguments) {
      auto type = cast<MemRefType>(buffer.getType());
      auto unranked =
          UnrankedMemRefType::get(type.getElementType(), /*memorySpace=*/0);
      operands.push_back(
          memref::CastOp::create(rewriter, loc, unranked, buffer));
      types.push_back(unranked);
    }
    Type i32 = rewriter.getI32Type();
    for (int32_t flag : flags) {
      operands.push_back(
          arith::ConstantIntOp::create(rewriter, loc, i32, flag));
      types.push_back(i32);
    }
    operands.push_back(arith::ConstantIntOp::create(
        rewriter, loc, i32,
        std::min<int64_t>(threads, std::numeric_limits<int32_t>::max())));
    types.push_back(i32);
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

private:
  ConversionPatternRewriter &rewriter;
  Operation *op;
  Location loc;
  int64_t threads;
  SmallVector<Value> arguments, results;
};

/// Checks at run time that the matrices of `value` are square, where their
/// sizes are not known to be equal.
void checkSquare(OpBuilder &builder, Operation *op, Value value,
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

/// `value` as the type `type` states, which may be more static: checked at
/// run time, then a tensor.cast.
Value castToType(OpBuilder &builder, Operation *op, Value value,
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

/// The ops have no lowering but the host runtime's yet: say so at the op.
LogicalResult failWithoutHost(Operation *op) {
  return op->emitOpError(
      "runs on the host's LAPACK only: the CUDA target has no dense linear "
      "algebra yet (cuSOLVER)");
}

/// ten.linalg.cholesky and inv: one result of the input's shape.
template <typename OpTy>
struct SquareResultLowering : HostReadingPattern<OpTy> {
  using HostReadingPattern<OpTy>::HostReadingPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!this->hostReadsBuffers)
      return failWithoutHost(op);
    constexpr bool isCholesky = std::is_same<OpTy, CholeskyOp>::value;
    Value input = adaptor.getInput();
    checkSquare(rewriter, op, input, "the input");
    Type elementType = op.getType().getElementType();
    RuntimeCall call(rewriter, op, this->threads);
    call.addInput(input);
    call.addResult(getDimSizes(rewriter, op.getLoc(), input), elementType);
    SmallVector<int32_t> flags;
    if constexpr (isCholesky)
      flags.push_back(op.getUpper() ? 1 : 0);
    Value result = call.call(isCholesky ? "tenrtCholesky" : "tenrtInverse",
                             elementType, flags)[0];
    rewriter.replaceOp(op, castToResultType(rewriter, op, result));
    return success();
  }
};

struct SlogdetLowering : HostReadingPattern<SlogdetOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(SlogdetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hostReadsBuffers)
      return failWithoutHost(op);
    Value input = adaptor.getInput();
    checkSquare(rewriter, op, input, "the input");
    SmallVector<OpFoldResult> batch = getDimSizes(rewriter, op.getLoc(), input);
    batch.pop_back_n(2);
    RankedTensorType signType = op.getSign().getType();
    RankedTensorType logType = op.getLogabsdet().getType();
    RuntimeCall call(rewriter, op, threads);
    call.addInput(input);
    call.addResult(batch, signType.getElementType());
    call.addResult(batch, logType.getElementType());
    SmallVector<Value> results =
        call.call("tenrtSlogdet", signType.getElementType());
    rewriter.replaceOp(op, {castToType(rewriter, op, results[0], signType),
                            castToType(rewriter, op, results[1], logType)});
    return success();
  }
};

/// The sizes of a stack of matrices: its batch, then the rows and columns
/// of its matrices, and the smaller of the two.
struct MatrixSizes {
  SmallVector<OpFoldResult> batch;
  OpFoldResult rows, columns, smaller;

  MatrixSizes(OpBuilder &builder, Location loc, Value value) {
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

  /// The batch, then `trailing`.
  SmallVector<OpFoldResult> with(ArrayRef<OpFoldResult> trailing) const {
    SmallVector<OpFoldResult> sizes(batch);
    sizes.append(trailing.begin(), trailing.end());
    return sizes;
  }
};

/// Replaces `op` by `results`, each cast to the type `op` states for it.
void replaceWithResults(ConversionPatternRewriter &rewriter, Operation *op,
                        ArrayRef<Value> results) {
  SmallVector<Value> replacements;
  for (auto [value, result] : llvm::zip(results, op->getResults()))
    replacements.push_back(castToType(
        rewriter, op, value, cast<RankedTensorType>(result.getType())));
  rewriter.replaceOp(op, replacements);
}

struct QrLowering : HostReadingPattern<QrOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(QrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hostReadsBuffers)
      return failWithoutHost(op);
    Value input = adaptor.getInput();
    MatrixSizes sizes(rewriter, op.getLoc(), input);
    OpFoldResult rows = op.getComplete() ? sizes.rows : sizes.smaller;
    Type elementType = op.getQ().getType().getElementType();
    RuntimeCall call(rewriter, op, threads);
    call.addInput(input);
    call.addResult(sizes.with({sizes.rows, rows}), elementType);
    call.addResult(sizes.with({rows, sizes.columns}), elementType);
    replaceWithResults(rewriter, op, call.call("tenrtQr", elementType));
    return success();
  }
};

/// ten.linalg.eigh and eigvalsh: the eigenvalues, and the vectors if
/// `OpTy` has them.
template <typename OpTy>
struct EighLowering : HostReadingPattern<OpTy> {
  using HostReadingPattern<OpTy>::HostReadingPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!this->hostReadsBuffers)
      return failWithoutHost(op);
    constexpr bool withVectors = std::is_same<OpTy, EighOp>::value;
    Value input = adaptor.getInput();
    checkSquare(rewriter, op, input, "the input");
    MatrixSizes sizes(rewriter, op.getLoc(), input);
    Type elementType = op.getInput().getType().getElementType();
    RuntimeCall call(rewriter, op, this->threads);
    call.addInput(input);
    call.addResult(sizes.with({sizes.rows}),
                   op.getValues().getType().getElementType());
    if (withVectors)
      call.addResult(sizes.with({sizes.rows, sizes.rows}), elementType);
    replaceWithResults(rewriter, op,
                       call.call(withVectors ? "tenrtEigh" : "tenrtEigvalsh",
                                 elementType, {op.getUpper() ? 1 : 0}));
    return success();
  }
};

struct SvdLowering : HostReadingPattern<SvdOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(SvdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hostReadsBuffers)
      return failWithoutHost(op);
    Value input = adaptor.getInput();
    MatrixSizes sizes(rewriter, op.getLoc(), input);
    bool full = op.getFullMatrices();
    Type elementType = op.getU().getType().getElementType();
    RuntimeCall call(rewriter, op, threads);
    call.addInput(input);
    call.addResult(sizes.with({sizes.rows, full ? sizes.rows : sizes.smaller}),
                   elementType);
    call.addResult(sizes.with({sizes.smaller}),
                   op.getS().getType().getElementType());
    call.addResult(
        sizes.with({full ? sizes.columns : sizes.smaller, sizes.columns}),
        elementType);
    replaceWithResults(rewriter, op, call.call("tenrtSvd", elementType));
    return success();
  }
};

struct SvdvalsLowering : HostReadingPattern<SvdvalsOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(SvdvalsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hostReadsBuffers)
      return failWithoutHost(op);
    Value input = adaptor.getInput();
    MatrixSizes sizes(rewriter, op.getLoc(), input);
    RuntimeCall call(rewriter, op, threads);
    call.addInput(input);
    call.addResult(sizes.with({sizes.smaller}),
                   op.getS().getType().getElementType());
    replaceWithResults(
        rewriter, op,
        call.call("tenrtSvdvals", op.getInput().getType().getElementType()));
    return success();
  }
};

/// det = sign * exp(logabsdet), NumPy's formula: the product of a complex
/// sign with the real exponential (as a complex number of imaginary part 0).
struct DetLowering : OpConversionPattern<DetOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    Type elementType = type.getElementType();
    Type realType = elementType;
    if (auto complex = dyn_cast<ComplexType>(elementType))
      realType = complex.getElementType();
    auto slogdet = SlogdetOp::create(rewriter, loc, type, type.clone(realType),
                                     op.getInput());
    Value magnitude = ExpOp::create(rewriter, loc, slogdet.getLogabsdet());
    if (realType != elementType)
      magnitude = CastOp::create(rewriter, loc, type, magnitude);
    rewriter.replaceOpWithNewOp<MulOp>(op, type, slogdet.getSign(), magnitude);
    return success();
  }
};

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

struct SolveLowering : HostReadingPattern<SolveOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(SolveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hostReadsBuffers)
      return failWithoutHost(op);
    Location loc = op.getLoc();
    Value a = adaptor.getA(), b = adaptor.getB();
    auto aType = cast<RankedTensorType>(a.getType());
    auto bType = cast<RankedTensorType>(b.getType());
    Type elementType = aType.getElementType();
    checkSquare(rewriter, op, a, "a");
    OpFoldResult rows = getDimSize(rewriter, loc, a, aType.getRank() - 1);
    bool isVector = bType.getRank() == 1;
    int64_t bRowsDim = isVector ? 0 : bType.getRank() - 2;
    checkSizeEquals(rewriter, op, getDimSize(rewriter, loc, b, bRowsDim), rows,
                    1, bRowsDim);
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
    int64_t batchRank = std::max(aType.getRank(), matrixType.getRank()) - 2;
    SmallVector<int64_t> resultShape(
        op.getType().getShape().take_front(batchRank));
    resultShape.append({ShapedType::kDynamic, ShapedType::kDynamic});
    SmallVector<OpFoldResult> batch = getSolveBatch(
        rewriter, op, a, b, RankedTensorType::get(resultShape, elementType),
        batchRank);
    a = broadcastBatch(rewriter, loc, a, batch);
    b = broadcastBatch(rewriter, loc, b, batch);

    RuntimeCall call(rewriter, op, threads);
    call.addInput(a);
    call.addInput(b);
    call.addResult(getDimSizes(rewriter, loc, b), elementType);
    Value x = call.call("tenrtSolve", elementType)[0];
    if (isVector) {
      SmallVector<ReassociationIndices> reassociation;
      for (int64_t dim = 0; dim < batchRank; ++dim)
        reassociation.push_back({dim});
      reassociation.push_back({batchRank, batchRank + 1});
      x = tensor::CollapseShapeOp::create(rewriter, loc, x, reassociation);
    }
    rewriter.replaceOp(op, castToResultType(rewriter, op, x));
    return success();
  }
};

} // namespace

void lowering::populateLinearAlgebraLoweringPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns,
    bool hostReadsBuffers, int64_t threads) {
  patterns.add<SquareResultLowering<CholeskyOp>, SquareResultLowering<InvOp>,
               SlogdetLowering, SolveLowering, QrLowering, EighLowering<EighOp>,
               EighLowering<EigvalshOp>, SvdLowering, SvdvalsLowering>(
      typeConverter, patterns.getContext(), hostReadsBuffers, threads);
  patterns.add<DetLowering>(typeConverter, patterns.getContext());
}
