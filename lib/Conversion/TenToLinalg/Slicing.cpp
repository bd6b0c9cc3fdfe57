//===- Slicing.cpp - slice and concat to tensor and linalg ----------------===//
//
// A slice is a `tensor.extract_slice` from the lowest selected element of
// each dimension: a view that bufferizes without a copy and that tiling fuses
// into its consumers; a generic reverses the dimensions walked backwards. An
// insert_slice is tensor.insert_slice (of the source reversed along backward
// dimensions), which bufferizes into the destination where it is not read
// afterwards. Bounds of run time are read from their 0-d tensors and
// adjusted as NumPy adjusts them, in index arithmetic before the slice. A
// concat inserts every input into its part of one result.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenShapes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SmallVectorExtras.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

/// The elements one dimension of a slice selects: how many, and the index of
/// the lowest (the first going forwards, the last going backwards; 0 when
/// there are none).
struct DimensionExtent {
  OpFoldResult count;
  OpFoldResult lowest;
};

/// The extent of `start:stop:step` along a dimension of `size` elements,
/// folded where the size and bounds are static and computed as
/// getSliceExtent computes it where they are not (a bound of run time is an
/// index value).
DimensionExtent getDimensionExtent(OpBuilder &b, Location loc,
                                   OpFoldResult size, OpFoldResult start,
                                   OpFoldResult stop, int64_t step) {
  int64_t stride = step > 0 ? step : -step;
  std::optional<int64_t> staticSize = getConstantIntValue(size);
  std::optional<int64_t> staticStart = getConstantIntValue(start);
  std::optional<int64_t> staticStop = getConstantIntValue(stop);
  if (staticSize && staticStart && staticStop) {
    SliceExtent extent =
        getSliceExtent(*staticSize, *staticStart, *staticStop, step);
    int64_t lowest = step > 0 || extent.count == 0
                         ? extent.first
                         : extent.first - (extent.count - 1) * stride;
    return {b.getIndexAttr(extent.count), b.getIndexAttr(lowest)};
  }
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(b, loc, value);
  };
  Value n = getValueOrCreateConstantIndexOp(b, loc, size);
  Value low = constant(step > 0 ? 0 : -1);
  Value high = step > 0 ? n : arith::SubIOp::create(b, loc, n, constant(1));
  auto adjust = [&](OpFoldResult bound) -> Value {
    Value value;
    if (std::optional<int64_t> known = getConstantIntValue(bound)) {
      // The bound's sign is known here: only a negative one counts from the
      // end.
      value = *known < 0 ? arith::AddIOp::create(b, loc, n, constant(*known))
                         : constant(*known);
    } else {
      // A negative bound plus a size cannot overflow.
      Value given = cast<Value>(bound);
      Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                             given, constant(0));
      value = arith::SelectOp::create(
          b, loc, negative, arith::AddIOp::create(b, loc, n, given), given);
    }
    value = arith::MaxSIOp::create(b, loc, value, low);
    return arith::MinSIOp::create(b, loc, value, high);
  };
  Value first = adjust(start);
  Value last = adjust(stop);
  Value span = step > 0 ? arith::SubIOp::create(b, loc, last, first)
                        : arith::SubIOp::create(b, loc, first, last);
  span = arith::MaxSIOp::create(b, loc, span, constant(0));
  Value count = arith::DivUIOp::create(
      b, loc, arith::AddIOp::create(b, loc, span, constant(stride - 1)),
      constant(stride));
  Value empty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, count,
                                      constant(0));
  first = arith::SelectOp::create(b, loc, empty, constant(0), first);
  Value lowest = first;
  if (step < 0) {
    Value back = arith::MulIOp::create(
        b, loc, arith::SubIOp::create(b, loc, count, constant(1)),
        constant(stride));
    lowest = arith::SelectOp::create(
        b, loc, empty, constant(0), arith::SubIOp::create(b, loc, first, back));
  }
  return {count, lowest};
}

/// The bounds of a slice as index values: the static ones as attributes,
/// the ones of run time read from their 0-d tensors.
SmallVector<OpFoldResult> getSliceBounds(OpBuilder &b, Location loc,
                                         ArrayRef<int64_t> bounds,
                                         ValueRange values) {
  SmallVector<OpFoldResult> result;
  auto value = values.begin();
  for (int64_t bound : bounds) {
    if (!ShapedType::isDynamic(bound)) {
      result.push_back(b.getIndexAttr(bound));
      continue;
    }
    Value element = tensor::ExtractOp::create(b, loc, *value++, ValueRange());
    result.push_back(
        arith::IndexCastOp::create(b, loc, b.getIndexType(), element)
            .getResult());
  }
  return result;
}

/// `value` with the order of its elements reversed along the dimensions that
/// `reversed` flags: a generic that reads element size - 1 - i of them.
Value reverseDimensions(OpBuilder &builder, Location loc, Value value,
                        ArrayRef<bool> reversed) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> sizes = getDimSizes(builder, loc, value);
  Value init = createEmptyTensor(builder, loc, sizes, type.getElementType());
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             builder, loc, init.getType(), ValueRange(), init,
             builder.getMultiDimIdentityMap(rank), iterators,
             [&](OpBuilder &b, Location bodyLoc, ValueRange) {
               SmallVector<Value> indices;
               for (int64_t dim = 0; dim < rank; ++dim) {
                 Value index = linalg::IndexOp::create(b, bodyLoc, dim);
                 if (reversed[dim]) {
                   Value last = arith::SubIOp::create(
                       b, bodyLoc,
                       getValueOrCreateConstantIndexOp(b, bodyLoc, sizes[dim]),
                       arith::ConstantIndexOp::create(b, bodyLoc, 1));
                   index = arith::SubIOp::create(b, bodyLoc, last, index);
                 }
                 indices.push_back(index);
               }
               Value element =
                   tensor::ExtractOp::create(b, bodyLoc, value, indices);
               linalg::YieldOp::create(b, bodyLoc, element);
             })
      .getResult(0);
}

struct SliceLowering : OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    auto inputType = cast<RankedTensorType>(input.getType());
    ArrayRef<int64_t> steps = op.getSteps();
    SmallVector<OpFoldResult> starts = getSliceBounds(
        rewriter, loc, op.getStarts(), adaptor.getDynamicStarts());
    SmallVector<OpFoldResult> stops =
        getSliceBounds(rewriter, loc, op.getStops(), adaptor.getDynamicStops());
    SmallVector<DimensionExtent> extents;
    for (int64_t dim = 0; dim < inputType.getRank(); ++dim)
      extents.push_back(getDimensionExtent(
          rewriter, loc, getDimSize(rewriter, loc, input, dim), starts[dim],
          stops[dim], steps[dim]));
    SmallVector<OpFoldResult> counts;
    for (const DimensionExtent &extent : extents)
      counts.push_back(extent.count);

    Value result;
    if (llvm::any_of(counts, isZeroInteger)) {
      // Nothing selected (slices of no elements may not have an offset in
      // range).
      result =
          createEmptyTensor(rewriter, loc, counts, inputType.getElementType());
    } else {
      // A view of the selected elements from the lowest of each dimension,
      // reversed along the dimensions walked backwards.
      SmallVector<OpFoldResult> offsets, strides;
      SmallVector<bool> reversed;
      for (auto [extent, step] : llvm::zip(extents, steps)) {
        offsets.push_back(extent.lowest);
        strides.push_back(rewriter.getIndexAttr(std::abs(step)));
        reversed.push_back(step < 0);
      }
      result = tensor::ExtractSliceOp::create(rewriter, loc, input, offsets,
                                              counts, strides);
      if (llvm::is_contained(reversed, true))
        result = reverseDimensions(rewriter, loc, result, reversed);
    }
    rewriter.replaceOp(op, castToResultType(rewriter, op, result));
    return success();
  }
};

/// The source replaces the elements the slice selects: an insert_slice at
/// the lowest of them, with the source reversed along backward dimensions.
struct InsertSliceLowering : OpConversionPattern<InsertSliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(InsertSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value source = adaptor.getSource();
    Value dest = adaptor.getDest();
    auto destType = cast<RankedTensorType>(dest.getType());
    ArrayRef<int64_t> steps = op.getSteps();
    SmallVector<OpFoldResult> starts = getSliceBounds(
        rewriter, loc, op.getStarts(), adaptor.getDynamicStarts());
    SmallVector<OpFoldResult> stops =
        getSliceBounds(rewriter, loc, op.getStops(), adaptor.getDynamicStops());
    SmallVector<OpFoldResult> offsets, counts, strides;
    SmallVector<bool> reversed;
    for (int64_t dim = 0; dim < destType.getRank(); ++dim) {
      DimensionExtent extent = getDimensionExtent(
          rewriter, loc, getDimSize(rewriter, loc, dest, dim), starts[dim],
          stops[dim], steps[dim]);
      offsets.push_back(extent.lowest);
      counts.push_back(extent.count);
      strides.push_back(rewriter.getIndexAttr(std::abs(steps[dim])));
      reversed.push_back(steps[dim] < 0);
      // The source must have the slice's size where only run time knows it.
      OpFoldResult size = getDimSize(rewriter, loc, source, dim);
      if (!isEqualConstantIntOrValue(size, extent.count)) {
        Value equal = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::eq,
            getValueOrCreateConstantIndexOp(rewriter, loc, size),
            getValueOrCreateConstantIndexOp(rewriter, loc, extent.count));
        emitRuntimeCheck(rewriter, op, equal,
                         "dimension " + Twine(dim) +
                             " of the source does not have the size of the "
                             "slice it replaces");
      }
    }
    if (llvm::any_of(counts, isZeroInteger)) {
      rewriter.replaceOp(op, dest);
      return success();
    }
    if (llvm::is_contained(reversed, true))
      source = reverseDimensions(rewriter, loc, source, reversed);
    auto sliceType = RankedTensorType::get(
        llvm::map_to_vector(counts,
                            [](OpFoldResult count) {
                              return getConstantIntValue(count).value_or(
                                  ShapedType::kDynamic);
                            }),
        destType.getElementType());
    if (source.getType() != sliceType)
      source = tensor::CastOp::create(rewriter, loc, sliceType, source);
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, source, dest, offsets, counts, strides);
    return success();
  }
};

struct ConcatLowering : OpConversionPattern<ConcatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConcatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange inputs = adaptor.getInputs();
    int64_t axis = op.getAxis();
    auto resultType = cast<RankedTensorType>(getLoweredType(op.getType()));
    int64_t rank = resultType.getRank();

    // Every dimension but the axis takes its size from the first input that
    // states it statically, else from input 0; the others must agree.
    SmallVector<OpFoldResult> sizes;
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (dim == axis) {
        sizes.push_back(rewriter.getIndexAttr(0));
        continue;
      }
      Value known = inputs.front();
      for (Value input : inputs)
        if (!cast<RankedTensorType>(input.getType()).isDynamicDim(dim)) {
          known = input;
          break;
        }
      sizes.push_back(getDimSize(rewriter, loc, known, dim));
    }
    SmallVector<OpFoldResult> offsets;
    for (auto [index, input] : llvm::enumerate(inputs)) {
      for (int64_t dim = 0; dim < rank; ++dim) {
        if (dim == axis)
          continue;
        OpFoldResult size = getDimSize(rewriter, loc, input, dim);
        if (isEqualConstantIntOrValue(size, sizes[dim]))
          continue;
        Value equal = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::eq,
            getValueOrCreateConstantIndexOp(rewriter, loc, size),
            getValueOrCreateConstantIndexOp(rewriter, loc, sizes[dim]));
        emitRuntimeCheck(rewriter, op, equal,
                         "input " + Twine(index) + " has another size along " +
                             "dimension " + Twine(dim) +
                             " than the inputs before it; only dimension " +
                             Twine(axis) + " may differ");
      }
      offsets.push_back(sizes[axis]);
      OpFoldResult along = getDimSize(rewriter, loc, input, axis);
      sizes[axis] = addOpFoldResults(rewriter, loc, sizes[axis], along);
    }

    Value result =
        createEmptyTensor(rewriter, loc, sizes, resultType.getElementType());
    SmallVector<OpFoldResult> unitStrides(rank, rewriter.getIndexAttr(1));
    for (auto [input, offset] : llvm::zip(inputs, offsets)) {
      // An input of no elements adds nothing (and its offset may be the
      // result's end, out of range for a slice).
      if (llvm::any_of(cast<RankedTensorType>(input.getType()).getShape(),
                       [](int64_t size) { return size == 0; }))
        continue;
      SmallVector<OpFoldResult> at(rank, rewriter.getIndexAttr(0));
      at[axis] = offset;
      result = tensor::InsertSliceOp::create(rewriter, loc, input, result, at,
                                             getDimSizes(rewriter, loc, input),
                                             unitStrides);
    }
    rewriter.replaceOp(op, castToResultType(rewriter, op, result));
    return success();
  }

private:
  static OpFoldResult addOpFoldResults(OpBuilder &b, Location loc,
                                       OpFoldResult lhs, OpFoldResult rhs) {
    std::optional<int64_t> left = getConstantIntValue(lhs);
    std::optional<int64_t> right = getConstantIntValue(rhs);
    if (left && right)
      return b.getIndexAttr(*left + *right);
    return arith::AddIOp::create(b, loc,
                                 getValueOrCreateConstantIndexOp(b, loc, lhs),
                                 getValueOrCreateConstantIndexOp(b, loc, rhs))
        .getResult();
  }
};

} // namespace

void lowering::populateSlicingLoweringPatterns(TypeConverter &typeConverter,
                                               RewritePatternSet &patterns) {
  patterns.add<SliceLowering, InsertSliceLowering, ConcatLowering>(
      typeConverter, patterns.getContext());
}
