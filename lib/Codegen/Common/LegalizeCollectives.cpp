//===- LegalizeCollectives.cpp - collectives as a backend runs them -------===//

#include "LegalizeCollectives.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace {

/// `input` with `body` applied to each element, as a tensor of
/// `elementType`.
Value mapElements(OpBuilder &b, Location loc, Value input, Type elementType,
                  function_ref<Value(OpBuilder &, Location, Value)> body) {
  auto type = cast<RankedTensorType>(input.getType());
  Value init = tensor::EmptyOp::create(b, loc, type.getShape(), elementType);
  AffineMap identity = b.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, init.getType(), input, init,
      ArrayRef<AffineMap>{identity, identity}, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange arguments) {
        linalg::YieldOp::create(nested, nestedLoc,
                                body(nested, nestedLoc, arguments.front()));
      });
  return generic.getResult(0);
}

/// The number of elements before dimension `axis` of `type`.
int64_t countOuter(RankedTensorType type, int64_t axis) {
  int64_t outer = 1;
  for (int64_t dim = 0; dim < axis; ++dim)
    outer *= type.getDimSize(dim);
  return outer;
}

/// The permutation that moves dimension `from` of a tensor of `rank`
/// dimensions to position `to`, the others keeping their order.
SmallVector<int64_t> getMove(int64_t rank, int64_t from, int64_t to) {
  SmallVector<int64_t> order;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (dim != from)
      order.push_back(dim);
  order.insert(order.begin() + to, from);
  return order;
}

/// `input` with dimension `from` moved to position `to`.
Value moveDimension(OpBuilder &b, Location loc, Value input, int64_t from,
                    int64_t to) {
  auto type = cast<RankedTensorType>(input.getType());
  if (from == to)
    return input;
  SmallVector<int64_t> permutation = getMove(type.getRank(), from, to);
  SmallVector<int64_t> shape;
  for (int64_t dim : permutation)
    shape.push_back(type.getDimSize(dim));
  Value init = tensor::EmptyOp::create(b, loc, shape, type.getElementType());
  return linalg::TransposeOp::create(b, loc, input, init, permutation)
      .getResult()
      .front();
}

/// `input` with dimension `dim` split into (`parts`, size / `parts`).
Value splitDimension(OpBuilder &b, Location loc, Value input, int64_t dim,
                     int64_t parts) {
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] /= parts;
  shape.insert(shape.begin() + dim, parts);
  SmallVector<ReassociationIndices> groups;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (d < dim)
      groups.push_back({d});
    else if (d == dim)
      groups.push_back({d, d + 1});
    else
      groups.push_back({d + 1});
  }
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), input,
      groups);
}

/// `input` with dimensions `dim` and `dim` + 1 joined.
Value joinDimensions(OpBuilder &b, Location loc, Value input, int64_t dim) {
  auto type = cast<RankedTensorType>(input.getType());
  SmallVector<ReassociationIndices> groups;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (d == dim + 1)
      continue;
    if (d == dim)
      groups.push_back({d, d + 1});
    else
      groups.push_back({d});
  }
  return tensor::CollapseShapeOp::create(b, loc, input, groups);
}

/// The size of the group of `op`'s grid axes.
template <typename CollectiveOp>
FailureOr<int64_t> getGroupSize(CollectiveOp op) {
  auto grid =
      SymbolTable::lookupNearestSymbolFrom<shard::GridOp>(op, op.getGridAttr());
  if (!grid || !grid.getShape().size())
    return failure();
  int64_t size = 1;
  for (shard::GridAxis axis : op.getGridAxes())
    size *= grid.getShape()[axis];
  return size;
}

/// An all_gather along an inner dimension d: gathered along a new leading
/// dimension, which a transpose moves to before d, joined with it.
struct LeadingAllGather : OpRewritePattern<shard::AllGatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shard::AllGatherOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
    int64_t axis = op.getGatherAxis().getSExtValue();
    FailureOr<int64_t> parts = getGroupSize(op);
    if (!type || !type.hasStaticShape() || failed(parts) ||
        countOuter(type, axis) == 1)
      return failure();
    Location loc = op.getLoc();
    Value input = splitDimension(rewriter, loc, op.getInput(), 0, 1);
    // (1, d0, ...) with the leading 1 split from d0: gather along it.
    SmallVector<int64_t> gatheredShape(
        cast<RankedTensorType>(input.getType()).getShape());
    gatheredShape[0] = *parts;
    Value gathered = shard::AllGatherOp::create(
        rewriter, loc,
        RankedTensorType::get(gatheredShape, type.getElementType()),
        op.getGridAttr(), op.getGridAxesAttr(), input,
        rewriter.getIndexAttr(0));
    Value moved = moveDimension(rewriter, loc, gathered, 0, axis);
    rewriter.replaceOp(op, joinDimensions(rewriter, loc, moved, axis));
    return success();
  }
};

/// A reduce_scatter along an inner dimension d: d split into (parts, rest),
/// the parts moved to the front, scattered along them.
struct LeadingReduceScatter : OpRewritePattern<shard::ReduceScatterOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shard::ReduceScatterOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
    int64_t axis = op.getScatterAxis().getSExtValue();
    FailureOr<int64_t> parts = getGroupSize(op);
    if (!type || !type.hasStaticShape() || failed(parts) ||
        countOuter(type, axis) == 1)
      return failure();
    Location loc = op.getLoc();
    Value split = splitDimension(rewriter, loc, op.getInput(), axis, *parts);
    Value moved = moveDimension(rewriter, loc, split, axis, 0);
    SmallVector<int64_t> scatteredShape(
        cast<RankedTensorType>(moved.getType()).getShape());
    scatteredShape[0] = 1;
    Value scattered = shard::ReduceScatterOp::create(
        rewriter, loc,
        RankedTensorType::get(scatteredShape, type.getElementType()),
        op.getGridAttr(), op.getGridAxesAttr(), moved, op.getReductionAttr(),
        rewriter.getIndexAttr(0));
    rewriter.replaceOp(op, joinDimensions(rewriter, loc, scattered, 0));
    return success();
  }
};

/// An all_to_all whose split or concat dimension is an inner one: the
/// split dimension divided into (parts, rest) with the parts in front,
/// exchanged along them, and the parts received moved before the concat
/// dimension and joined with it.
struct LeadingAllToAll : OpRewritePattern<shard::AllToAllOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shard::AllToAllOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getResult().getType());
    int64_t splitAxis = op.getSplitAxis().getSExtValue();
    int64_t concatAxis = op.getConcatAxis().getSExtValue();
    FailureOr<int64_t> parts = getGroupSize(op);
    if (!type || !resultType || !type.hasStaticShape() || failed(parts) ||
        (countOuter(type, splitAxis) == 1 &&
         countOuter(resultType, concatAxis) == 1))
      return failure();
    Location loc = op.getLoc();
    Value split =
        splitDimension(rewriter, loc, op.getInput(), splitAxis, *parts);
    Value moved = moveDimension(rewriter, loc, split, splitAxis, 0);
    // Part p goes to process p; what comes back is the senders' parts
    // along the same leading dimension.
    Value exchanged = shard::AllToAllOp::create(
        rewriter, loc, moved.getType(), op.getGridAttr(), op.getGridAxesAttr(),
        moved, rewriter.getIndexAttr(0), rewriter.getIndexAttr(0));
    Value back = moveDimension(rewriter, loc, exchanged, 0, concatAxis);
    rewriter.replaceOp(op, joinDimensions(rewriter, loc, back, concatAxis));
    return success();
  }
};

/// Whether `op` reduces by a maximum or a minimum.
template <typename CollectiveOp>
bool isExtremum(CollectiveOp op) {
  return op.getReduction() == shard::ReductionKind::Max ||
         op.getReduction() == shard::ReductionKind::Min;
}

/// Replaces `op` (a collective) by the same collective on its operand's
/// elements mapped to `elementType` by `there`, its result's mapped back by
/// `back`.
using ElementMap = function_ref<Value(OpBuilder &, Location, Value)>;
template <typename CollectiveOp>
void runAs(PatternRewriter &rewriter, CollectiveOp op, Type elementType,
           ElementMap there, ElementMap back) {
  Location loc = op.getLoc();
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  Value mapped = mapElements(rewriter, loc, op.getInput(), elementType, there);
  Operation *clone = rewriter.clone(*op);
  clone->setOperand(0, mapped);
  clone->getResult(0).setType(resultType.clone(elementType));
  rewriter.replaceOp(op, mapElements(rewriter, loc, clone->getResult(0),
                                     resultType.getElementType(), back));
}

/// A reduction of 16-bit integers, on their 32-bit extensions.
template <typename CollectiveOp>
struct WidenShortIntegers : OpRewritePattern<CollectiveOp> {
  using OpRewritePattern<CollectiveOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(CollectiveOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
    if (!type || !type.getElementType().isInteger(16))
      return failure();
    Type i32 = rewriter.getI32Type(), i16 = type.getElementType();
    // Signed: the partitioner's maxima and minima are maxsi and minsi.
    runAs(
        rewriter, op, i32,
        [&](OpBuilder &b, Location at, Value x) -> Value {
          return arith::ExtSIOp::create(b, at, i32, x);
        },
        [&](OpBuilder &b, Location at, Value x) -> Value {
          return arith::TruncIOp::create(b, at, i16, x);
        });
    return success();
  }
};

/// A float maximum or minimum, on ordered integer keys.
template <typename CollectiveOp>
struct OrderedFloatKeys : OpRewritePattern<CollectiveOp> {
  using OpRewritePattern<CollectiveOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(CollectiveOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
    if (!type || !isExtremum(op))
      return failure();
    auto floatType = dyn_cast<FloatType>(type.getElementType());
    if (!floatType || !(floatType.isF16() || floatType.isBF16() ||
                        floatType.isF32() || floatType.isF64()))
      return failure();
    // f16 and bf16 as f32: exact, and NCCL has no 16-bit integers.
    FloatType wideType =
        floatType.isF64() ? rewriter.getF64Type() : rewriter.getF32Type();
    unsigned bits = wideType.getWidth();
    Type keyType = rewriter.getIntegerType(bits);
    // All bits but the sign's; a quiet NaN with the sign clear (the
    // largest key) for a maximum, set (the smallest) for a minimum.
    APInt magnitude = APInt::getSignedMaxValue(bits);
    APInt quietNaN =
        bits == 64 ? APInt(64, 0x7FF8000000000000ULL) : APInt(32, 0x7FC00000U);
    if (op.getReduction() == shard::ReductionKind::Min)
      quietNaN.setSignBit();
    // key = bits >= 0 ? bits : bits ^ magnitude, and back (the same map).
    auto flipNegative = [&](OpBuilder &b, Location at, Value word) -> Value {
      Value zero = arith::ConstantIntOp::create(b, at, keyType, 0);
      Value mask = arith::ConstantOp::create(
          b, at, keyType, b.getIntegerAttr(keyType, magnitude));
      Value negative =
          arith::CmpIOp::create(b, at, arith::CmpIPredicate::slt, word, zero);
      Value flipped = arith::XOrIOp::create(b, at, word, mask);
      return arith::SelectOp::create(b, at, negative, flipped, word);
    };
    runAs(
        rewriter, op, keyType,
        [&](OpBuilder &b, Location at, Value x) -> Value {
          if (x.getType() != wideType)
            x = arith::ExtFOp::create(b, at, wideType, x);
          Value isNaN =
              arith::CmpFOp::create(b, at, arith::CmpFPredicate::UNO, x, x);
          Value word = arith::BitcastOp::create(b, at, keyType, x);
          Value nan = arith::ConstantOp::create(
              b, at, keyType, b.getIntegerAttr(keyType, quietNaN));
          word = arith::SelectOp::create(b, at, isNaN, nan, word);
          return flipNegative(b, at, word);
        },
        [&](OpBuilder &b, Location at, Value key) -> Value {
          Value word = flipNegative(b, at, key);
          Value x = arith::BitcastOp::create(b, at, wideType, word);
          if (wideType != floatType)
            x = arith::TruncFOp::create(b, at, floatType, x);
          return x;
        });
    return success();
  }
};

/// Whether `value` is a tensor of f16 or bf16.
bool isSixteenBitFloats(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type &&
         (type.getElementType().isF16() || type.getElementType().isBF16());
}

/// A reduction of f16 or bf16 (which MPI lacks), of their f32 extensions.
template <typename CollectiveOp>
struct WidenSixteenBitFloats : OpRewritePattern<CollectiveOp> {
  using OpRewritePattern<CollectiveOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(CollectiveOp op,
                                PatternRewriter &rewriter) const override {
    if (!isSixteenBitFloats(op.getInput()))
      return failure();
    Type f32 = rewriter.getF32Type();
    Type narrow =
        cast<RankedTensorType>(op.getInput().getType()).getElementType();
    runAs(
        rewriter, op, f32,
        [&](OpBuilder &b, Location at, Value x) -> Value {
          return arith::ExtFOp::create(b, at, f32, x);
        },
        [&](OpBuilder &b, Location at, Value x) -> Value {
          return arith::TruncFOp::create(b, at, narrow, x);
        });
    return success();
  }
};

/// Any other collective of f16 or bf16, on their bits as i16.
template <typename CollectiveOp>
struct MoveSixteenBitFloatsAsBits : OpRewritePattern<CollectiveOp> {
  using OpRewritePattern<CollectiveOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(CollectiveOp op,
                                PatternRewriter &rewriter) const override {
    if (!isSixteenBitFloats(op.getInput()))
      return failure();
    Type i16 = rewriter.getI16Type();
    Type narrow =
        cast<RankedTensorType>(op.getInput().getType()).getElementType();
    // Elementwise bitcasts (tensor.bitcast has no bufferization in MLIR 22).
    runAs(
        rewriter, op, i16,
        [&](OpBuilder &b, Location at, Value x) -> Value {
          return arith::BitcastOp::create(b, at, i16, x);
        },
        [&](OpBuilder &b, Location at, Value x) -> Value {
          return arith::BitcastOp::create(b, at, narrow, x);
        });
    return success();
  }
};

} // namespace

void mlir::ten::populateNcclLegalizationPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<LeadingAllGather, LeadingReduceScatter, LeadingAllToAll,
               WidenShortIntegers<shard::AllReduceOp>,
               WidenShortIntegers<shard::ReduceScatterOp>,
               OrderedFloatKeys<shard::AllReduceOp>,
               OrderedFloatKeys<shard::ReduceScatterOp>>(context);
}

void mlir::ten::populateMpiLegalizationPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<WidenSixteenBitFloats<shard::AllReduceOp>,
               WidenSixteenBitFloats<shard::ReduceScatterOp>,
               MoveSixteenBitFloatsAsBits<shard::AllGatherOp>,
               MoveSixteenBitFloatsAsBits<shard::AllToAllOp>,
               MoveSixteenBitFloatsAsBits<shard::BroadcastOp>,
               MoveSixteenBitFloatsAsBits<shard::ShiftOp>>(context);
}
