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
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/DialectConversion.h"

#include <algorithm>
#include <limits>

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

struct SortLowering : HostReadingPattern<SortOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(SortOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hostReadsBuffers) {
      rewriter.replaceOp(op,
                         buildSortingNetwork(rewriter, op, adaptor.getInput()));
      return success();
    }
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    StringRef suffix =
        getRuntimeTypeSuffix(op.getInput().getType().getElementType());
    if (!module || suffix.empty())
      return failure();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    Type elementType = inputType.getElementType();
    Type indexType = rewriter.getI64Type();

    // A buffer of the input's shape, and buffers of the results'.
    SmallVector<Value> dynamicSizes;
    for (int64_t dim = 0; dim < inputType.getRank(); ++dim)
      if (inputType.isDynamicDim(dim))
        dynamicSizes.push_back(
            tensor::DimOp::create(rewriter, loc, input, dim));
    auto bufferType = [&](Type type) {
      return MemRefType::get(inputType.getShape(), type);
    };
    Value inputBuffer = getBufferToRead(rewriter, loc, input);
    Value values = memref::AllocOp::create(
        rewriter, loc, bufferType(elementType), dynamicSizes);
    Value indices = memref::AllocOp::create(
        rewriter, loc, bufferType(indexType), dynamicSizes);

    int32_t flags = 0;
    if (op.getDescending())
      flags |= TENRT_SORT_DESCENDING;
    if (!op.getValues().use_empty())
      flags |= TENRT_SORT_WRITE_VALUES;
    if (!op.getIndices().use_empty()) {
      flags |= TENRT_SORT_WRITE_INDICES;
      // The runtime orders the positions of a line as 32-bit integers.
      constexpr int64_t kLongestIndexedLine =
          std::numeric_limits<uint32_t>::max();
      OpFoldResult length = getDimSize(rewriter, loc, input, op.getDim());
      std::optional<int64_t> known = getConstantIntValue(length);
      if (!known || *known > kLongestIndexedLine) {
        Value fits = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::ule,
            getValueOrCreateConstantIndexOp(rewriter, loc, length),
            arith::ConstantIndexOp::create(rewriter, loc, kLongestIndexedLine));
        emitRuntimeCheck(rewriter, op, fits,
                         "the positions of a line of more than " +
                             Twine(kLongestIndexedLine) +
                             " elements are not supported on the CPU target");
      }
    }
    std::string name = ("tenrtSort" + suffix).str();
    auto unrankedType = [&](Type type) {
      return UnrankedMemRefType::get(type, /*memorySpace=*/0);
    };
    Type i32 = rewriter.getI32Type();
    func::FuncOp callee = getOrDeclareRuntimeFunction(
        rewriter, module, name,
        {unrankedType(elementType), unrankedType(elementType),
         unrankedType(indexType), indexType, i32, i32});
    auto unranked = [&](Value buffer, Type type) -> Value {
      return memref::CastOp::create(
          rewriter, loc, UnrankedMemRefType::get(type, /*memorySpace=*/0),
          buffer);
    };
    func::CallOp::create(
        rewriter, loc, callee,
        ValueRange{
            unranked(inputBuffer, elementType), unranked(values, elementType),
            unranked(indices, indexType),
            arith::ConstantIntOp::create(rewriter, loc, indexType, op.getDim()),
            arith::ConstantIntOp::create(rewriter, loc, rewriter.getI32Type(),
                                         flags),
            arith::ConstantIntOp::create(
                rewriter, loc, rewriter.getI32Type(),
                std::min<int64_t>(threads,
                                  std::numeric_limits<int32_t>::max()))});
    auto toTensor = [&](Value buffer, Type type) -> Value {
      return bufferization::ToTensorOp::create(
          rewriter, loc, inputType.clone(type), buffer, /*restrict=*/true,
          /*writable=*/true);
    };
    rewriter.replaceOp(
        op, {toTensor(values, elementType), toTensor(indices, indexType)});
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
