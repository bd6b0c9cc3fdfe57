//===- SortingNetwork.cpp - ten.sort as a bitonic sorting network ---------===//
//
// For targets whose host cannot read buffers (the CUDA target), a sort is a
// bitonic sorting network (Batcher, "Sorting networks and their
// applications", AFIPS 1968) of data-parallel stages: each stage is one
// elementwise linalg.generic over the whole tensor, so every line is sorted
// by all the threads of the device at once, however long it is.
//
// The network is the form whose comparators all put the smaller element at
// the lower position: in the first stage of merging blocks of 2h elements,
// position i meets i ^ (2h - 1) (the block reversed), in the others i ^ h'
// for h' = h/2, h/4, ..., 1; the lower position of a pair is the one with
// bit h (resp. h') clear. A line of n elements takes ceil(log2 n) merges,
// m(m + 1) / 2 stages; positions past the end act as elements after every
// other and never move, so n needs no padding to a power of two.
//
// Each element is sorted with its position along the line: pairs compare
// by key, then by position, a strict total order, which makes the sort
// stable and gives the indices.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

/// What one stage of the network needs to know of the sort.
struct Network {
  int64_t dim;
  Type elementType;
  bool descending;
  Value count;
  SmallVector<OpFoldResult> sizes;
};

/// Whether the element (key `lhs`, position `lhsPosition`) comes before
/// (`rhs`, `rhsPosition`) in the sorted line.
Value pairComesBefore(OpBuilder &b, Location loc, const Network &network,
                      Value lhs, Value lhsPosition, Value rhs,
                      Value rhsPosition) {
  auto keyBefore = [&](Value x, Value y) {
    return network.descending
               ? comesBeforeInSortOrder(b, loc, y, x, network.elementType)
               : comesBeforeInSortOrder(b, loc, x, y, network.elementType);
  };
  Value before = keyBefore(lhs, rhs);
  Value after = keyBefore(rhs, lhs);
  Value notAfter = arith::XOrIOp::create(
      b, loc, after, arith::ConstantIntOp::create(b, loc, 1, 1));
  Value positionBefore = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::slt, lhsPosition, rhsPosition);
  return arith::OrIOp::create(
      b, loc, before, arith::AndIOp::create(b, loc, notAfter, positionBefore));
}

/// One stage: position i along the line meets i ^ `partnerMask`, the lower
/// of the two being the one with `lowerBit` clear; each position takes the
/// element the pair's order puts there. Returns the new keys and positions.
std::pair<Value, Value> buildStage(OpBuilder &builder, Location loc,
                                   const Network &network, Value keys,
                                   Value positions, Value partnerMask,
                                   Value lowerBit) {
  auto keysType = cast<RankedTensorType>(keys.getType());
  int64_t rank = keysType.getRank();
  Value keysInit =
      createEmptyTensor(builder, loc, network.sizes, keysType.getElementType());
  Value positionsInit =
      createEmptyTensor(builder, loc, network.sizes, builder.getI64Type());
  AffineMap identity = builder.getMultiDimIdentityMap(rank);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto stage = linalg::GenericOp::create(
      builder, loc, TypeRange{keysInit.getType(), positionsInit.getType()},
      ValueRange{keys, positions}, ValueRange{keysInit, positionsInit},
      SmallVector<AffineMap>(4, identity), iterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value key = args[0], position = args[1];
        SmallVector<Value> coordinates;
        for (int64_t d = 0; d < rank; ++d)
          coordinates.push_back(linalg::IndexOp::create(b, l, d));
        Value i = coordinates[network.dim];
        Value partner = arith::XOrIOp::create(b, l, i, partnerMask);
        // Past the end: an element after all others, never taken.
        Value inLine = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult,
                                             partner, network.count);
        coordinates[network.dim] =
            arith::SelectOp::create(b, l, inLine, partner, i);
        Value partnerKey = tensor::ExtractOp::create(b, l, keys, coordinates);
        Value partnerPosition =
            tensor::ExtractOp::create(b, l, positions, coordinates);
        Value partnerBefore = pairComesBefore(b, l, network, partnerKey,
                                              partnerPosition, key, position);
        Value zero = arith::ConstantIndexOp::create(b, l, 0);
        Value isLower = arith::CmpIOp::create(
            b, l, arith::CmpIPredicate::eq,
            arith::AndIOp::create(b, l, i, lowerBit), zero);
        // The lower position takes its partner's element if that comes
        // first, the upper one if it does not.
        Value take = arith::AndIOp::create(
            b, l, inLine,
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, isLower,
                                  partnerBefore));
        linalg::YieldOp::create(
            b, l,
            ValueRange{arith::SelectOp::create(b, l, take, partnerKey, key),
                       arith::SelectOp::create(b, l, take, partnerPosition,
                                               position)});
      });
  return {stage.getResult(0), stage.getResult(1)};
}

} // namespace

SmallVector<Value> lowering::buildSortingNetwork(OpBuilder &builder,
                                                 Location loc, Value input,
                                                 Type elementType, int64_t dim,
                                                 bool descending) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  Network network;
  network.dim = dim;
  network.elementType = elementType;
  network.descending = descending;
  network.sizes = getDimSizes(builder, loc, input);
  network.count =
      getValueOrCreateConstantIndexOp(builder, loc, network.sizes[network.dim]);
  Type i64 = builder.getI64Type();

  // Each element's position along its line.
  AffineMap identity = builder.getMultiDimIdentityMap(rank);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  Value positionsInit = createEmptyTensor(builder, loc, network.sizes, i64);
  Value positions =
      linalg::GenericOp::create(
          builder, loc, positionsInit.getType(), ValueRange{}, positionsInit,
          ArrayRef<AffineMap>{identity}, iterators,
          [&](OpBuilder &b, Location l, ValueRange) {
            Value i = linalg::IndexOp::create(b, l, network.dim);
            linalg::YieldOp::create(b, l,
                                    ValueRange{arith::IndexCastOp::create(
                                        b, l, b.getI64Type(), i)});
          })
          .getResult(0);

  // m = ceil(log2 n) merges: the bits of n - 1 (none for n <= 1).
  Value count = arith::IndexCastOp::create(builder, loc, i64, network.count);
  Value one = arith::ConstantIntOp::create(builder, loc, i64, 1);
  Value largest = arith::MaxSIOp::create(
      builder, loc, arith::SubIOp::create(builder, loc, count, one),
      arith::ConstantIntOp::create(builder, loc, i64, 0));
  Value merges = arith::SubIOp::create(
      builder, loc, arith::ConstantIntOp::create(builder, loc, i64, 64),
      math::CountLeadingZerosOp::create(builder, loc, largest));
  Value zeroIndex = arith::ConstantIndexOp::create(builder, loc, 0);
  Value oneIndex = arith::ConstantIndexOp::create(builder, loc, 1);
  Value mergeCount =
      arith::IndexCastOp::create(builder, loc, builder.getIndexType(), merges);

  // Merge p makes sorted blocks of 2^(p+1): stage q of it compares across
  // h = 2^(p-q), its first stage across reversed blocks.
  auto mergeLoop = scf::ForOp::create(
      builder, loc, zeroIndex, mergeCount, oneIndex,
      ValueRange{input, positions},
      [&](OpBuilder &mb, Location ml, Value merge, ValueRange carried) {
        Value stageCount = arith::AddIOp::create(mb, ml, merge, oneIndex);
        auto stageLoop = scf::ForOp::create(
            mb, ml, zeroIndex, stageCount, oneIndex, carried,
            [&](OpBuilder &sb, Location sl, Value stage, ValueRange state) {
              Value shift = arith::SubIOp::create(sb, sl, merge, stage);
              Value half = arith::ShLIOp::create(sb, sl, oneIndex, shift);
              Value reversed = arith::SubIOp::create(
                  sb, sl, arith::ShLIOp::create(sb, sl, half, oneIndex),
                  oneIndex);
              Value first = arith::CmpIOp::create(
                  sb, sl, arith::CmpIPredicate::eq, stage, zeroIndex);
              Value mask =
                  arith::SelectOp::create(sb, sl, first, reversed, half);
              auto [keys, order] =
                  buildStage(sb, sl, network, state[0], state[1], mask, half);
              scf::YieldOp::create(sb, sl, ValueRange{keys, order});
            });
        scf::YieldOp::create(mb, ml, stageLoop.getResults());
      });
  return {mergeLoop.getResult(0), mergeLoop.getResult(1)};
}
