//===- Partition.cpp - ten.partition to a call of the host runtime --------===//
//
// Where the host reads buffers (the CPU target), a partition is a call of
// the host runtime's tenrtPartition<Suffix> (Partition.h), as a sort is of
// tenrtSort<Suffix> (Sort.cpp), with the positions `kth` as a constant
// buffer. Elsewhere the lines are sorted by the sorting network
// (SortingNetwork.cpp): a sorted line is partitioned about every position.
// Where a line's length is known only when the program runs, a run-time
// check that the last position is in it comes first.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

struct PartitionLowering : HostReadingPattern<PartitionOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(PartitionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    ArrayRef<int64_t> kth = op.getKth();
    if (!kth.empty()) {
      OpFoldResult length = getDimSize(rewriter, loc, input, op.getDim());
      if (!getConstantIntValue(length)) {
        Value inLine = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::slt,
            arith::ConstantIndexOp::create(rewriter, loc, kth.back()),
            getValueOrCreateConstantIndexOp(rewriter, loc, length));
        emitRuntimeCheck(rewriter, op, inLine,
                         "kth position " + Twine(kth.back()) +
                             " is out of range for dim " + Twine(op.getDim()));
      }
    }
    if (!hostReadsBuffers) {
      rewriter.replaceOp(
          op, buildSortingNetwork(rewriter, loc, input,
                                  op.getInput().getType().getElementType(),
                                  op.getDim(), op.getDescending()));
      return success();
    }
    auto kthType = RankedTensorType::get({static_cast<int64_t>(kth.size())},
                                         rewriter.getI64Type());
    Value positions = arith::ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(kthType, kth));
    std::optional<SmallVector<Value>> results = buildHostLineSortCall(
        rewriter, op, "tenrtPartition", input, op.getDim(), op.getDescending(),
        {getBufferToRead(rewriter, loc, positions)}, threads);
    if (!results)
      return failure();
    rewriter.replaceOp(op, *results);
    return success();
  }
};

} // namespace

void lowering::populatePartitionLoweringPatterns(TypeConverter &typeConverter,
                                                 RewritePatternSet &patterns,
                                                 bool hostReadsBuffers,
                                                 int64_t threads) {
  patterns.add<PartitionLowering>(typeConverter, patterns.getContext(),
                                  hostReadsBuffers, threads);
}
