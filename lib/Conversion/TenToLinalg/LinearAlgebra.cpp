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
// NumPy computes it, on either target. Elsewhere (the CUDA target) the
// factorizations are DeviceLinearAlgebra.cpp's.
//
//===----------------------------------------------------------------------===//

#include "LinearAlgebraSupport.h"

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

/// ten.linalg.cholesky and inv: one result of the input's shape.
template <typename OpTy>
struct SquareResultLowering : HostReadingPattern<OpTy> {
  using HostReadingPattern<OpTy>::HostReadingPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
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

struct QrLowering : HostReadingPattern<QrOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(QrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
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

/// ten.linalg.eigh, eigvalsh, eig and eigvals: the eigenvalues, and the
/// vectors if `OpTy` has them. Of Hermitian matrices (eigh) the vectors
/// have the input's type and the call takes the triangle; of general ones
/// (eig) the vectors are complex, as the values.
template <typename OpTy>
struct EigenLowering : HostReadingPattern<OpTy> {
  using HostReadingPattern<OpTy>::HostReadingPattern;
  using OpAdaptor = typename OpTy::Adaptor;
  static constexpr bool isGeneral =
      std::is_same<OpTy, EigOp>::value || std::is_same<OpTy, EigvalsOp>::value;
  static constexpr bool withVectors =
      std::is_same<OpTy, EigOp>::value || std::is_same<OpTy, EighOp>::value;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    checkSquare(rewriter, op, input, "the input");
    MatrixSizes sizes(rewriter, op.getLoc(), input);
    Type elementType = op.getInput().getType().getElementType();
    Type valueType = op.getValues().getType().getElementType();
    RuntimeCall call(rewriter, op, this->threads);
    call.addInput(input);
    call.addResult(sizes.with({sizes.rows}), valueType);
    if (withVectors)
      call.addResult(sizes.with({sizes.rows, sizes.rows}),
                     isGeneral ? valueType : elementType);
    SmallVector<int32_t> flags;
    StringRef name;
    if constexpr (isGeneral) {
      name = withVectors ? "tenrtEig" : "tenrtEigvals";
    } else {
      name = withVectors ? "tenrtEigh" : "tenrtEigvalsh";
      flags.push_back(op.getUpper() ? 1 : 0);
    }
    replaceWithResults(rewriter, op, call.call(name, elementType, flags));
    return success();
  }
};

struct SvdLowering : HostReadingPattern<SvdOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(SvdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
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

struct SolveLowering : HostReadingPattern<SolveOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(SolveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SolveOperands operands(rewriter, op, adaptor.getA(), adaptor.getB());
    Type elementType = op.getType().getElementType();
    RuntimeCall call(rewriter, op, threads);
    call.addInput(operands.a);
    call.addInput(operands.b);
    call.addResult(getDimSizes(rewriter, op.getLoc(), operands.b), elementType);
    Value x = call.call("tenrtSolve", elementType)[0];
    rewriter.replaceOp(op, operands.getResult(rewriter, op, x));
    return success();
  }
};

} // namespace

void lowering::populateLinearAlgebraLoweringPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns,
    bool hostReadsBuffers, int64_t threads) {
  if (hostReadsBuffers)
    patterns
        .add<SquareResultLowering<CholeskyOp>, SquareResultLowering<InvOp>,
             SlogdetLowering, SolveLowering, QrLowering, EigenLowering<EighOp>,
             EigenLowering<EigvalshOp>, EigenLowering<EigOp>,
             EigenLowering<EigvalsOp>, SvdLowering, SvdvalsLowering>(
            typeConverter, patterns.getContext(), hostReadsBuffers, threads);
  else
    populateDeviceLinearAlgebraPatterns(typeConverter, patterns);
  patterns.add<DetLowering>(typeConverter, patterns.getContext());
}
