//===- Nonzero.cpp - ten.nonzero to a count and a compacting loop ---------===//
//
// The result's size is the data's: the lowering converts the input to i1
// (as ten.cast does: an elementwise generic), counts the true elements (a
// reduction), allocates that many positions and fills them in one scf.for
// over the flattened mask that carries the result and the next free slot,
// writing a position where the mask holds. The host reads the count. Where
// the host does not read buffers (the CUDA target: a device of many
// threads), the positions are written in parallel instead, each at its
// slot among the true elements, which a scan of the mask counts.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

struct NonzeroLowering : HostReadingPattern<NonzeroOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(NonzeroOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i1 = rewriter.getI1Type();
    Type i64 = rewriter.getI64Type();
    Value mask = convertElements(rewriter, loc, adaptor.getInput(), i1,
                                 op.getInput().getType().getElementType());
    Value flat = flatten(rewriter, loc, mask);

    // How many: a sum of the mask as i64.
    Value zero = linalg::FillOp::create(
                     rewriter, loc, createScalarConstant(rewriter, loc, i64, 0),
                     createEmptyTensor(rewriter, loc, {}, i64))
                     .getResult(0);
    SmallVector<AffineMap> maps = {
        rewriter.getMultiDimIdentityMap(1),
        AffineMap::get(1, 0, {}, rewriter.getContext())};
    Value count =
        linalg::GenericOp::create(
            rewriter, loc, zero.getType(), flat, zero, maps,
            utils::IteratorType::reduction,
            [&](OpBuilder &b, Location l, ValueRange args) {
              Value one = arith::ExtUIOp::create(b, l, i64, args[0]);
              linalg::YieldOp::create(
                  b, l, ValueRange{arith::AddIOp::create(b, l, args[1], one)});
            })
            .getResult(0);
    Value size = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getIndexType(),
        tensor::ExtractOp::create(rewriter, loc, count, ValueRange{}));
    Value positions = tensor::EmptyOp::create(
        rewriter, loc, ArrayRef<int64_t>{ShapedType::kDynamic}, i64, size);

    if (!hostReadsBuffers) {
      rewriter.replaceOp(op,
                         buildParallelCompaction(rewriter, loc, flat, size));
      return success();
    }

    // The positions, in order: one pass carrying the next free slot.
    Value zeroIndex = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value oneIndex = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value extent = tensor::DimOp::create(rewriter, loc, flat, 0);
    auto loop = scf::ForOp::create(
        rewriter, loc, zeroIndex, extent, oneIndex,
        ValueRange{positions, zeroIndex},
        [&](OpBuilder &b, Location l, Value at, ValueRange carried) {
          Value isNonzero = tensor::ExtractOp::create(b, l, flat, at);
          auto write = scf::IfOp::create(
              b, l, isNonzero,
              [&](OpBuilder &tb, Location tl) {
                Value position = arith::IndexCastOp::create(tb, tl, i64, at);
                Value written = tensor::InsertOp::create(
                    tb, tl, position, carried[0], carried[1]);
                Value next =
                    arith::AddIOp::create(tb, tl, carried[1], oneIndex);
                scf::YieldOp::create(tb, tl, ValueRange{written, next});
              },
              [&](OpBuilder &eb, Location el) {
                scf::YieldOp::create(eb, el, carried);
              });
          scf::YieldOp::create(b, l, write.getResults());
        });
    rewriter.replaceOp(op, loop.getResult(0));
    return success();
  }

private:
  /// The positions of the true elements of the 1-d `mask`, `count` of
  /// them, written in parallel: each true element's slot is the number of
  /// true elements up to it (a scan, which a device scans in blocks) less
  /// one.
  static Value buildParallelCompaction(OpBuilder &b, Location loc, Value mask,
                                       Value count) {
    Type i64 = b.getI64Type();
    Value ones = mapElements(
        b, loc, mask, i64, [&](OpBuilder &nb, Location l, Value element) {
          return arith::ExtUIOp::create(nb, l, i64, element);
        });
    Value slots =
        ScanOp::create(b, loc, ones.getType(), ScanKind::sum, ones, 0);
    Value positions = memref::AllocOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, i64), count);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value extent = tensor::DimOp::create(b, loc, mask, 0);
    scf::ParallelOp::create(
        b, loc, zero, extent, one,
        [&](OpBuilder &pb, Location l, ValueRange ivs) {
          Value isNonzero = tensor::ExtractOp::create(pb, l, mask, ivs);
          auto write =
              scf::IfOp::create(pb, l, isNonzero, /*withElseRegion=*/false);
          OpBuilder::InsertionGuard guard(pb);
          pb.setInsertionPoint(write.thenBlock()->getTerminator());
          Value slot = arith::SubIOp::create(
              pb, l, tensor::ExtractOp::create(pb, l, slots, ivs),
              arith::ConstantIntOp::create(pb, l, i64, 1));
          memref::StoreOp::create(
              pb, l, arith::IndexCastOp::create(pb, l, i64, ivs[0]), positions,
              ValueRange{
                  arith::IndexCastOp::create(pb, l, pb.getIndexType(), slot)});
        });
    return bufferization::ToTensorOp::create(
        b, loc, RankedTensorType::get({ShapedType::kDynamic}, i64), positions,
        /*restrict=*/true, /*writable=*/true);
  }

  /// `value` as a 1-d tensor of its elements in row-major order.
  static Value flatten(OpBuilder &b, Location loc, Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getRank() == 1)
      return value;
    if (type.getRank() == 0)
      return tensor::ExpandShapeOp::create(
          b, loc, RankedTensorType::get({1}, type.getElementType()), value,
          ArrayRef<ReassociationIndices>{});
    ReassociationIndices all;
    for (int64_t d = 0; d < type.getRank(); ++d)
      all.push_back(d);
    return tensor::CollapseShapeOp::create(b, loc, value,
                                           ArrayRef<ReassociationIndices>{all});
  }
};

} // namespace

void lowering::populateNonzeroLoweringPatterns(TypeConverter &typeConverter,
                                               RewritePatternSet &patterns,
                                               bool hostReadsBuffers) {
  patterns.add<NonzeroLowering>(typeConverter, patterns.getContext(),
                                hostReadsBuffers);
}
