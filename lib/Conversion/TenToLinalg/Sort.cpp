//===- Sort.cpp - ten.sort to a call of the host runtime ------------------===//
//
// Where the host reads buffers (the CPU target), a sort is a call of the host
// runtime's tenrtSort<Suffix> (Sort.h) on the input's buffer and two fresh
// ones, which become the results' tensors: the call, not linalg, orders each
// line. Bufferization sees the input read
// (`bufferization.to_buffer`, read-only) and the results as new buffers
// (`bufferization.to_tensor` of `memref.alloc`, restrict); the buffers are
// passed as memrefs, so that deallocation sees the call's uses of them.
// Elsewhere, it is a sorting network of kernels (SortingNetwork.cpp).
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenTypes.h"
#include "ten/Runtime/Host/Sort.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

std::optional<SmallVector<Value>> lowering::buildHostLineSortCall(
    OpBuilder &builder, Operation *op, StringRef entryPoint, Value input,
    int64_t dim, bool descending, ValueRange extraBuffers, int64_t threads) {
  Location loc = op->getLoc();
  auto module = op->getParentOfType<ModuleOp>();
  auto inputType = cast<RankedTensorType>(input.getType());
  // The dialect's element type (signedness) names the entry point.
  Type dialectElementType =
      cast<RankedTensorType>(op->getOperand(0).getType()).getElementType();
  StringRef suffix = getRuntimeTypeSuffix(dialectElementType);
  if (!module || suffix.empty())
    return std::nullopt;
  Type elementType = inputType.getElementType();
  Type indexType = builder.getI64Type();

  // A buffer of the input's shape, and buffers of the results'.
  SmallVector<Value> dynamicSizes;
  for (int64_t d = 0; d < inputType.getRank(); ++d)
    if (inputType.isDynamicDim(d))
      dynamicSizes.push_back(tensor::DimOp::create(builder, loc, input, d));
  auto bufferType = [&](Type type) {
    return MemRefType::get(inputType.getShape(), type);
  };
  Value inputBuffer = getBufferToRead(builder, loc, input);
  Value values = memref::AllocOp::create(builder, loc, bufferType(elementType),
                                         dynamicSizes);
  Value indices = memref::AllocOp::create(builder, loc, bufferType(indexType),
                                          dynamicSizes);

  int32_t flags = 0;
  if (descending)
    flags |= TENRT_SORT_DESCENDING;
  if (!op->getResult(0).use_empty())
    flags |= TENRT_SORT_WRITE_VALUES;
  if (!op->getResult(1).use_empty()) {
    flags |= TENRT_SORT_WRITE_INDICES;
    // The runtime orders the positions of a line as 32-bit integers.
    constexpr int64_t kLongestIndexedLine =
        std::numeric_limits<uint32_t>::max();
    OpFoldResult length = getDimSize(builder, loc, input, dim);
    std::optional<int64_t> known = getConstantIntValue(length);
    if (!known || *known > kLongestIndexedLine) {
      Value fits = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::ule,
          getValueOrCreateConstantIndexOp(builder, loc, length),
          arith::ConstantIndexOp::create(builder, loc, kLongestIndexedLine));
      emitRuntimeCheck(builder, op, fits,
                       "the positions of a line of more than " +
                           Twine(kLongestIndexedLine) +
                           " elements are not supported on the CPU target");
    }
  }
  auto unranked = [&](Value buffer) -> Value {
    Type type = cast<MemRefType>(buffer.getType()).getElementType();
    return memref::CastOp::create(
        builder, loc, UnrankedMemRefType::get(type, /*memorySpace=*/0), buffer);
  };
  SmallVector<Value> operands = {unranked(inputBuffer), unranked(values),
                                 unranked(indices)};
  for (Value buffer : extraBuffers)
    operands.push_back(unranked(buffer));
  Type i32 = builder.getI32Type();
  operands.push_back(
      arith::ConstantIntOp::create(builder, loc, indexType, dim));
  operands.push_back(arith::ConstantIntOp::create(builder, loc, i32, flags));
  operands.push_back(arith::ConstantIntOp::create(
      builder, loc, i32,
      std::min<int64_t>(threads, std::numeric_limits<int32_t>::max())));
  func::FuncOp callee =
      getOrDeclareRuntimeFunction(builder, module, (entryPoint + suffix).str(),
                                  ValueRange(operands).getTypes());
  func::CallOp::create(builder, loc, callee, operands);
  auto toTensor = [&](Value buffer) -> Value {
    Type type = cast<MemRefType>(buffer.getType()).getElementType();
    return bufferization::ToTensorOp::create(
        builder, loc, inputType.clone(type), buffer, /*restrict=*/true,
        /*writable=*/true);
  };
  return SmallVector<Value>{toTensor(values), toTensor(indices)};
}

namespace {

struct SortLowering : HostReadingPattern<SortOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hostReadsBuffers) {
      rewriter.replaceOp(
          op, buildSortingNetwork(rewriter, op.getLoc(), adaptor.getInput(),
                                  op.getInput().getType().getElementType(),
                                  op.getDim(), op.getDescending()));
      return success();
    }
    std::optional<SmallVector<Value>> results = buildHostLineSortCall(
        rewriter, op, "tenrtSort", adaptor.getInput(), op.getDim(),
        op.getDescending(), /*extraBuffers=*/{}, threads);
    if (!results)
      return failure();
    rewriter.replaceOp(op, *results);
    return success();
  }
};

} // namespace

void lowering::populateSortLoweringPatterns(TypeConverter &typeConverter,
                                            RewritePatternSet &patterns,
                                            bool hostReadsBuffers,
                                            int64_t threads) {
  patterns.add<SortLowering>(typeConverter, patterns.getContext(),
                             hostReadsBuffers, threads);
}
