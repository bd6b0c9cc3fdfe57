//===- Scatter.cpp - ten.scatter to a loop nest over the updates ----------===//
//
// A scatter writes where its indices say, which no linalg op can express:
// it is a nest of scf.for loops over the updates, in row-major order,
// carrying the destination tensor, whose body reads the index, the update
// and (unless it assigns) the element there, combines them and inserts the
// result. The order makes repeated indices deterministic: an assignment
// keeps the last update, an accumulation applies them one by one.
// Bufferization writes in place into one copy of the destination.
//
// The indices are checked on the host before the loops (a reduction over
// them and `cf.assert`), and the body clamps them all the same, so that no
// data can make it write outside the destination.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

/// The reduction step a scatter of `kind` applies to elements of
/// `elementType`: on i1, add and mul are or and and (NumPy's ufuncs on
/// booleans), which the reductions' max and min are.
ReduceKind getCombineKind(ScatterKind kind, Type elementType) {
  bool isBool = elementType.isInteger(1);
  switch (kind) {
  case ScatterKind::add:
    return isBool ? ReduceKind::max : ReduceKind::sum;
  case ScatterKind::mul:
    return isBool ? ReduceKind::min : ReduceKind::prod;
  case ScatterKind::max:
    return ReduceKind::max;
  case ScatterKind::min:
    return ReduceKind::min;
  case ScatterKind::assign:
    break;
  }
  llvm_unreachable("an assignment combines nothing");
}

struct ScatterLowering : HostReadingPattern<ScatterOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!hostReadsBuffers)
      return op.emitOpError(
          "has no lowering for this target yet: its loops run on the host, "
          "which cannot read the device's buffers (use the cpu target)");
    Location loc = op.getLoc();
    Value dest = adaptor.getDest();
    Value indices = adaptor.getIndices();
    Value updates = adaptor.getUpdates();
    auto destType = cast<RankedTensorType>(dest.getType());
    auto updatesType = cast<RankedTensorType>(updates.getType());
    int64_t dim = static_cast<int64_t>(op.getDim());
    int64_t indexRank = cast<RankedTensorType>(indices.getType()).getRank();
    Type i64 = rewriter.getI64Type();

    // Dynamic sizes the verifier could not compare must agree when the
    // program runs.
    for (int64_t d = 0; d < updatesType.getRank(); ++d) {
      OpFoldResult expected =
          d < dim ? getDimSize(rewriter, loc, dest, d)
          : d < dim + indexRank
              ? getDimSize(rewriter, loc, indices, d - dim)
              : getDimSize(rewriter, loc, dest, d - indexRank + 1);
      OpFoldResult size = getDimSize(rewriter, loc, updates, d);
      if (isEqualConstantIntOrValue(size, expected))
        continue;
      Value equal = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq,
          getValueOrCreateConstantIndexOp(rewriter, loc, size),
          getValueOrCreateConstantIndexOp(rewriter, loc, expected));
      emitRuntimeCheck(rewriter, op, equal,
                       "updates dimension " + Twine(d) +
                           " does not have the size of the destination's "
                           "or the indices' dimension it stands for");
    }

    Value extent = arith::IndexCastOp::create(
        rewriter, loc, i64,
        getValueOrCreateConstantIndexOp(rewriter, loc,
                                        getDimSize(rewriter, loc, dest, dim)));
    emitIndexRangeCheck(rewriter, op, indices, extent, dim);

    Type elementType = destType.getElementType();
    Type computeType = getComputeType(elementType);
    bool isUnsigned = isUnsignedInteger(op.getDest().getType());
    ScatterKind kind = op.getKind();
    SmallVector<Value> lowerBounds, upperBounds, steps;
    Value zeroIndex = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value oneIndex = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (int64_t d = 0; d < updatesType.getRank(); ++d) {
      lowerBounds.push_back(zeroIndex);
      upperBounds.push_back(getValueOrCreateConstantIndexOp(
          rewriter, loc, getDimSize(rewriter, loc, updates, d)));
      steps.push_back(oneIndex);
    }
    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lowerBounds, upperBounds, steps, ValueRange{dest},
        [&](OpBuilder &b, Location l, ValueRange ivs,
            ValueRange carried) -> scf::ValueVector {
          Value index = tensor::ExtractOp::create(b, l, indices,
                                                  ivs.slice(dim, indexRank));
          Value position = arith::IndexCastOp::create(
              b, l, b.getIndexType(),
              clampIndex(b, l, index, extent, /*countFromEnd=*/true));
          SmallVector<Value> at(ivs.take_front(dim));
          at.push_back(position);
          llvm::append_range(at, ivs.drop_front(dim + indexRank));
          Value update = tensor::ExtractOp::create(b, l, updates, ivs);
          Value element = update;
          if (kind != ScatterKind::assign) {
            Value old = tensor::ExtractOp::create(b, l, carried[0], at);
            element = convertScalar(
                b, l,
                combineReduction(b, l, getCombineKind(kind, elementType),
                                 convertScalar(b, l, old, computeType),
                                 convertScalar(b, l, update, computeType),
                                 isUnsigned, /*reassociate=*/false),
                elementType);
          }
          return {tensor::InsertOp::create(b, l, element, carried[0], at)};
        });
    Value result = nest.results.empty() ? dest : nest.results.front();
    rewriter.replaceOp(op, castToResultType(rewriter, op, result));
    return success();
  }
};

} // namespace

void lowering::populateScatterLoweringPatterns(TypeConverter &typeConverter,
                                               RewritePatternSet &patterns,
                                               bool hostReadsBuffers) {
  patterns.add<ScatterLowering>(typeConverter, patterns.getContext(),
                                hostReadsBuffers);
}
