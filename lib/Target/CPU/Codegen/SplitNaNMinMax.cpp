//===- SplitNaNMinMax.cpp - the ten-split-nan-min-max pass ----------------===//
//
// Carries a loop's NaN-propagating minimum or maximum as a NaN-ignoring one
// (a single x86 instruction per vector) and the largest magnitude seen, whose
// bits are above infinity's where a NaN was; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENSPLITNANMINMAXPASS
#include "ten/Target/CPU/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// The op that alone updates iteration argument `position` of `loop`, if
/// it is an arith.maximumf or arith.minimumf of the argument (a float with
/// an infinity) and a value of the iteration that is not the argument, and
/// its result is yielded and used by nothing else.
Operation *getMinMaxUpdate(scf::ForOp loop, unsigned position) {
  BlockArgument accumulator = loop.getRegionIterArgs()[position];
  // The magnitude's bits tell NaN apart only in types with an infinity
  // (IEEE's layout); others (f8E4M3FN: NaN is the largest magnitude) stay.
  auto floatType = dyn_cast<FloatType>(accumulator.getType());
  if (!floatType || !APFloat::semanticsHasInf(floatType.getFloatSemantics()) ||
      !accumulator.hasOneUse())
    return nullptr;
  Operation *update = *accumulator.getUsers().begin();
  if (!isa<arith::MaximumFOp, arith::MinimumFOp>(update))
    return nullptr;
  Value other = update->getOperand(0) == accumulator ? update->getOperand(1)
                                                     : update->getOperand(0);
  if (other == accumulator)
    return nullptr;
  Value result = update->getResult(0);
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  if (!result.hasOneUse() || *result.getUsers().begin() != yield ||
      yield.getOperand(position) != result)
    return nullptr;
  return update;
}

/// The bits of float `value` without its sign: above those of infinity
/// exactly where it is NaN.
Value getMagnitudeBits(OpBuilder &b, Location loc, Value value) {
  auto floatType = cast<FloatType>(value.getType());
  unsigned width = floatType.getWidth();
  auto intType = b.getIntegerType(width);
  Value bits = arith::BitcastOp::create(b, loc, intType, value);
  Value mask = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(intType, APInt::getSignedMaxValue(width)));
  return arith::AndIOp::create(b, loc, bits, mask);
}

/// Splits the accumulator at `position` of `loop`, updated by `update`:
/// returns the new loop.
scf::ForOp split(RewriterBase &rewriter, scf::ForOp loop, unsigned position,
                 Operation *update) {
  Location loc = loop.getLoc();
  Value init = loop.getInitArgs()[position];
  rewriter.setInsertionPoint(loop);
  // The largest magnitude seen, as bits: a NaN's are above infinity's.
  Value initLargest = getMagnitudeBits(rewriter, loc, init);
  bool isMax = isa<arith::MaximumFOp>(update);
  unsigned accumulatorOperand =
      update->getOperand(0) == loop.getRegionIterArgs()[position] ? 0 : 1;
  // The largest magnitude rides as one more iteration argument.
  auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
      rewriter, initLargest, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location yieldLoc,
          ArrayRef<BlockArgument> newArgs) -> SmallVector<Value> {
        b.setInsertionPoint(update);
        Value accumulator = update->getOperand(accumulatorOperand);
        Value element = update->getOperand(1 - accumulatorOperand);
        // The value of a NaN operand is never used: the largest magnitude
        // decides.
        auto fastmath = arith::FastMathFlagsAttr::get(
            b.getContext(), cast<arith::ArithFastMathInterface>(update)
                                    .getFastMathFlagsAttr()
                                    .getValue() |
                                arith::FastMathFlags::nnan |
                                arith::FastMathFlags::nsz);
        Value combined =
            isMax ? arith::MaxNumFOp::create(b, yieldLoc, accumulator, element,
                                             fastmath)
                        .getResult()
                  : arith::MinNumFOp::create(b, yieldLoc, accumulator, element,
                                             fastmath)
                        .getResult();
        rewriter.replaceOp(update, combined);
        Value largest =
            arith::MaxUIOp::create(b, yieldLoc, newArgs.front(),
                                   getMagnitudeBits(b, yieldLoc, element));
        return {largest};
      }));
  // NaN where a NaN was seen.
  rewriter.setInsertionPointAfter(newLoop);
  Value result = newLoop.getResult(position);
  auto floatType = cast<FloatType>(result.getType());
  Value largest = newLoop.getResults().back();
  Value infinity = arith::ConstantOp::create(
      rewriter, loc,
      rewriter.getIntegerAttr(
          largest.getType(),
          APFloat::getInf(floatType.getFloatSemantics()).bitcastToAPInt()));
  Value seenNaN = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ugt, largest, infinity);
  Value nan = arith::ConstantOp::create(
      rewriter, loc,
      rewriter.getFloatAttr(floatType,
                            APFloat::getQNaN(floatType.getFloatSemantics())));
  Value chosen = arith::SelectOp::create(rewriter, loc, seenNaN, nan, result);
  rewriter.replaceAllUsesExcept(result, chosen, chosen.getDefiningOp());
  return newLoop;
}

struct TenSplitNaNMinMaxPass
    : ten::impl::TenSplitNaNMinMaxPassBase<TenSplitNaNMinMaxPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops) {
      for (unsigned position = 0; position < loop.getNumRegionIterArgs();
           ++position) {
        Operation *update = getMinMaxUpdate(loop, position);
        if (update)
          loop = split(rewriter, loop, position, update);
      }
    }
  }
};

} // namespace
