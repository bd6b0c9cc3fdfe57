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
// Where the host cannot read buffers (the CUDA target), the updates run in
// parallel instead (buildParallelScatter): accumulations combine into a
// copy of the destination with atomic read-modify-writes, and an assignment
// first finds, for each element written, the last update in row-major
// order (an atomic maximum of the updates' positions), which alone writes.
// Accumulations of i1 and complex numbers and products of floats, which
// have no atomic form, keep the loop nest (in a kernel of one thread).
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
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
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

/// Where the update at `ivs` (over the updates' dimensions) goes in the
/// destination: its index along `dim`, clamped, among the positions along
/// the other dimensions. `readIndex` reads the index at the given position
/// of the indices.
SmallVector<Value>
getScatterPosition(OpBuilder &b, Location loc, ValueRange ivs, int64_t dim,
                   int64_t indexRank, Value extent,
                   function_ref<Value(ValueRange)> readIndex) {
  Value index = readIndex(ivs.slice(dim, indexRank));
  Value position = arith::IndexCastOp::create(
      b, loc, b.getIndexType(),
      clampIndex(b, loc, index, extent, /*countFromEnd=*/true));
  SmallVector<Value> at(ivs.take_front(dim));
  at.push_back(position);
  llvm::append_range(at, ivs.drop_front(dim + indexRank));
  return at;
}

/// `old` combined with `update` as a scatter of `kind` combines elements of
/// the lowered `elementType` (unsigned ones compared as `isUnsigned` says):
/// in its compute type, rounded back.
Value combineScatterElements(OpBuilder &b, Location loc, ScatterKind kind,
                             Type elementType, bool isUnsigned, Value old,
                             Value update) {
  Type computeType = getComputeType(elementType);
  return convertScalar(
      b, loc,
      combineReduction(b, loc, getCombineKind(kind, elementType),
                       convertScalar(b, loc, old, computeType),
                       convertScalar(b, loc, update, computeType), isUnsigned,
                       /*reassociate=*/false),
      elementType);
}

/// The atomic read-modify-write that combines as a scatter of `kind`
/// (not an assignment) into elements of the lowered `elementType` combines.
/// Floats combine in their own type, where the loop nest computes half
/// floats in f32 and rounds: the sum rounds to the same f16 but in rare
/// cases of double rounding. max and min propagate NaN as NumPy's do.
arith::AtomicRMWKind getAtomicKind(ScatterKind kind, Type elementType,
                                   bool isUnsigned) {
  using K = arith::AtomicRMWKind;
  bool isFloat = isa<FloatType>(elementType);
  switch (kind) {
  case ScatterKind::add:
    return isFloat ? K::addf : K::addi;
  case ScatterKind::mul:
    return isFloat ? K::mulf : K::muli;
  case ScatterKind::max:
    return isFloat ? K::maximumf : isUnsigned ? K::maxu : K::maxs;
  case ScatterKind::min:
    return isFloat ? K::minimumf : isUnsigned ? K::minu : K::mins;
  case ScatterKind::assign:
    break;
  }
  llvm_unreachable("an assignment combines nothing");
}

/// Whether a scatter of `kind` into elements of the lowered `elementType`
/// can run its updates in parallel: an assignment always (no element is
/// read), an accumulation where an atomic read-modify-write of the element
/// exists: not on i1, whose elements are not whole bytes, nor on complex
/// numbers, nor a product of floats (whose compare-and-swap loop the LLVM
/// dialect cannot build: its cmpxchg takes integers).
bool hasParallelScatter(ScatterKind kind, Type elementType) {
  if (kind == ScatterKind::assign)
    return true;
  if (isa<FloatType>(elementType))
    return kind != ScatterKind::mul;
  return elementType.isInteger() && !elementType.isInteger(1);
}

/// The scatter with every update in parallel, into a copy of `dest` (see
/// the file's comment). `dest`, `indices` and `updates` are lowered
/// tensors; `extent`, the size of dimension `dim` of `dest` as an i64.
Value buildParallelScatter(OpBuilder &b, ScatterOp op, Value dest,
                           Value indices, Value updates, Value extent) {
  Location loc = op.getLoc();
  auto destType = cast<RankedTensorType>(dest.getType());
  auto updatesType = cast<RankedTensorType>(updates.getType());
  int64_t dim = static_cast<int64_t>(op.getDim());
  int64_t indexRank = cast<RankedTensorType>(indices.getType()).getRank();
  Type elementType = destType.getElementType();
  Type i64 = b.getI64Type();
  SmallVector<Value> destSizes;
  for (int64_t d = 0; d < destType.getRank(); ++d)
    if (destType.isDynamicDim(d))
      destSizes.push_back(tensor::DimOp::create(b, loc, dest, d));
  Value result = memref::AllocOp::create(
      b, loc, MemRefType::get(destType.getShape(), elementType), destSizes);
  bufferization::MaterializeInDestinationOp::create(
      b, loc, /*result=*/Type(), dest, result, /*restrict=*/true,
      /*writable=*/true);
  Value indexBuffer = getBufferToRead(b, loc, indices);
  Value updateBuffer = getBufferToRead(b, loc, updates);

  // One iteration per update (one for 0-d updates).
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  int64_t rank = updatesType.getRank();
  SmallVector<Value> lowerBounds(std::max<int64_t>(rank, 1), zero);
  SmallVector<Value> steps(std::max<int64_t>(rank, 1), one);
  SmallVector<Value> upperBounds;
  for (int64_t d = 0; d < rank; ++d)
    upperBounds.push_back(getValueOrCreateConstantIndexOp(
        b, loc, getDimSize(b, loc, updates, d)));
  if (rank == 0)
    upperBounds.push_back(one);
  auto forEachUpdate =
      [&](function_ref<void(OpBuilder &, Location, ValueRange, ValueRange)>
              body) {
        scf::ParallelOp::create(
            b, loc, lowerBounds, upperBounds, steps,
            [&](OpBuilder &pb, Location l, ValueRange loopIvs) {
              ValueRange ivs = loopIvs.take_front(rank);
              SmallVector<Value> at = getScatterPosition(
                  pb, l, ivs, dim, indexRank, extent, [&](ValueRange where) {
                    return memref::LoadOp::create(pb, l, indexBuffer, where);
                  });
              body(pb, l, ivs, at);
            });
      };

  if (op.getKind() == ScatterKind::assign) {
    // The last update to each element: the largest row-major position
    // among those written there (-1 where none is).
    Value winners = memref::AllocOp::create(
        b, loc, MemRefType::get(destType.getShape(), i64), destSizes);
    linalg::FillOp::create(
        b, loc, ValueRange{arith::ConstantIntOp::create(b, loc, i64, -1)},
        ValueRange{winners});
    auto rowMajorPosition = [&](OpBuilder &pb, Location l,
                                ValueRange ivs) -> Value {
      Value position = zero;
      for (auto [iv, size] : llvm::zip(ivs, upperBounds))
        position = arith::AddIOp::create(
            pb, l, arith::MulIOp::create(pb, l, position, size), iv);
      return arith::IndexCastOp::create(pb, l, i64, position);
    };
    forEachUpdate([&](OpBuilder &pb, Location l, ValueRange ivs,
                      ValueRange at) {
      memref::AtomicRMWOp::create(pb, l, arith::AtomicRMWKind::maxs,
                                  rowMajorPosition(pb, l, ivs), winners, at);
    });
    forEachUpdate([&](OpBuilder &pb, Location l, ValueRange ivs,
                      ValueRange at) {
      Value winner = memref::LoadOp::create(pb, l, winners, at);
      Value isLast =
          arith::CmpIOp::create(pb, l, arith::CmpIPredicate::eq, winner,
                                rowMajorPosition(pb, l, ivs));
      auto write = scf::IfOp::create(pb, l, isLast, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(pb);
      pb.setInsertionPoint(write.thenBlock()->getTerminator());
      Value update = memref::LoadOp::create(pb, l, updateBuffer, ivs);
      memref::StoreOp::create(pb, l, update, result, at);
    });
  } else {
    arith::AtomicRMWKind atomicKind = getAtomicKind(
        op.getKind(), elementType, isUnsignedInteger(op.getDest().getType()));
    forEachUpdate(
        [&](OpBuilder &pb, Location l, ValueRange ivs, ValueRange at) {
          Value update = memref::LoadOp::create(pb, l, updateBuffer, ivs);
          memref::AtomicRMWOp::create(pb, l, atomicKind, update, result, at);
        });
  }
  return bufferization::ToTensorOp::create(b, loc, destType, result,
                                           /*restrict=*/true,
                                           /*writable=*/true);
}

struct ScatterLowering : HostReadingPattern<ScatterOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
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
    if (!hostReadsBuffers && hasParallelScatter(op.getKind(), elementType)) {
      Value result =
          buildParallelScatter(rewriter, op, dest, indices, updates, extent);
      rewriter.replaceOp(op, castToResultType(rewriter, op, result));
      return success();
    }
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
          SmallVector<Value> at = getScatterPosition(
              b, l, ivs, dim, indexRank, extent, [&](ValueRange where) {
                return tensor::ExtractOp::create(b, l, indices, where);
              });
          Value update = tensor::ExtractOp::create(b, l, updates, ivs);
          Value element = update;
          if (kind != ScatterKind::assign) {
            Value old = tensor::ExtractOp::create(b, l, carried[0], at);
            element = combineScatterElements(b, l, kind, elementType,
                                             isUnsigned, old, update);
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
