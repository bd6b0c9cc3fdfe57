//===- JamReductionLoops.cpp - the ten-jam-reduction-loops pass -----------===//
//
// Unrolls a loop that a reduction runs along by 4 and jams the copies into
// its inner loop, so that each accumulator is loaded and stored once per 4
// of its updates; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CPU/Passes.h"

#include "RootBuffer.h"

#include "WholeChunks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENJAMREDUCTIONLOOPSPASS
#include "ten/Target/CPU/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// Whether `inner`, the only op in `outer`'s body, accumulates along
/// `outer` into elements that its own iterations keep apart, so that its
/// iterations of several `outer` iterations may run together: its body has
/// no loop and no side effect besides loads and stores of scalars; every
/// buffer it stores to is a fresh allocation that it reads and writes at
/// one list of indices, which holds `inner`'s induction variable and not
/// `outer`'s; no buffer it only reads is a view of one it writes.
bool isJammableReduction(scf::ForOp outer, scf::ForOp inner) {
  DenseMap<Value, ValueRange> accumulators;
  SmallVector<memref::LoadOp> loads;
  WalkResult result = inner.getBody()->walk([&](Operation *op) {
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      Value root = ten::getRootBuffer(store.getMemref());
      ValueRange indices = store.getIndices();
      if (!ten::isFreshAllocation(root) ||
          !llvm::is_contained(indices, inner.getInductionVar()) ||
          !llvm::all_of(indices, [&](Value index) {
            return outer.isDefinedOutsideOfLoop(index) ||
                   index == inner.getInductionVar();
          }))
        return WalkResult::interrupt();
      auto [it, inserted] =
          accumulators.try_emplace(store.getMemref(), indices);
      if (!inserted && it->second != indices)
        return WalkResult::interrupt();
      return WalkResult::advance();
    }
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      loads.push_back(load);
      return WalkResult::advance();
    }
    if (op->getNumRegions() != 0 || !isPure(op) ||
        llvm::any_of(op->getResultTypes(),
                     [](Type type) { return isa<ShapedType>(type); }))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (result.wasInterrupted() || accumulators.empty())
    return false;
  DenseSet<Value> writtenRoots;
  for (auto &accumulator : accumulators)
    writtenRoots.insert(ten::getRootBuffer(accumulator.first));
  for (memref::LoadOp load : loads) {
    auto accumulator = accumulators.find(load.getMemref());
    if (accumulator != accumulators.end()) {
      if (ValueRange(load.getIndices()) != accumulator->second)
        return false;
      continue;
    }
    if (writtenRoots.contains(ten::getRootBuffer(load.getMemref())))
      return false;
  }
  return true;
}

/// In the jammed body of `inner`, each accumulator is loaded once and
/// stored once: a load of an element stored before in the body takes the
/// stored value, and a store followed by another to the same element goes.
/// Valid because nothing else in the body touches the accumulators
/// (isJammableReduction).
void forwardAccumulators(scf::ForOp inner) {
  // The last store to each accumulator element so far; a few per body.
  SmallVector<memref::StoreOp> lastStores;
  auto findLast = [&](Value memref, ValueRange indices) {
    return llvm::find_if(lastStores, [&](memref::StoreOp store) {
      return store.getMemref() == memref &&
             ValueRange(store.getIndices()) == indices;
    });
  };
  for (Operation &op : llvm::make_early_inc_range(*inner.getBody())) {
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      auto last = findLast(store.getMemref(), store.getIndices());
      if (last != lastStores.end()) {
        last->erase();
        *last = store;
      } else {
        lastStores.push_back(store);
      }
    } else if (auto load = dyn_cast<memref::LoadOp>(op)) {
      auto last = findLast(load.getMemref(), load.getIndices());
      if (last != lastStores.end()) {
        load.replaceAllUsesWith(last->getValue());
        load.erase();
      }
    }
  }
}

/// Unrolls `outer`, of a trip count unknown at compile time, by `factor`
/// and jams the copies into its only op, `inner`: the whole groups of
/// `factor` iterations run jammed, the rest in a copy of the loop after them.
void jamDynamicTripCount(scf::ForOp outer, int64_t factor) {
  auto inner = cast<scf::ForOp>(outer.getBody()->front());
  Location loc = outer.getLoc();
  // A constant step (checked by the caller).
  int64_t step = *getConstantIntValue(outer.getStep());
  OpBuilder b(outer);
  Value groupStep = arith::ConstantIndexOp::create(b, loc, step * factor);
  scf::ForOp rest = ten::splitOffRest(outer, groupStep);
  rest.getBody()->front().removeAttr("ten.jammed");
  outer.getStepMutable().assign(groupStep);

  // Iteration `copy` of a group: the outer induction variable plus `copy`
  // steps, in the inner body after the copies before it.
  Block *body = inner.getBody();
  Operation *yield = body->getTerminator();
  SmallVector<Operation *> original;
  for (Operation &op : body->without_terminator())
    original.push_back(&op);
  for (int64_t copy = 1; copy < factor; ++copy) {
    OpBuilder before(inner);
    Value iv = arith::AddIOp::create(
        before, loc, outer.getInductionVar(),
        arith::ConstantIndexOp::create(before, loc, step * copy));
    IRMapping mapping;
    mapping.map(outer.getInductionVar(), iv);
    OpBuilder atEnd(yield);
    for (Operation *op : original)
      atEnd.clone(*op, mapping);
  }
}

struct TenJamReductionLoopsPass
    : ten::impl::TenJamReductionLoopsPassBase<TenJamReductionLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> outerLoops;
    getOperation()->walk([&](scf::ForOp outer) {
      // The outer loop holds one loop and nothing else.
      Block *body = outer.getBody();
      if (body->getOperations().size() != 2)
        return;
      auto inner = dyn_cast<scf::ForOp>(body->front());
      if (!inner || inner.getNumResults() != 0 || outer.getNumResults() != 0)
        return;
      std::optional<APInt> trips = outer.getStaticTripCount();
      if (trips && (trips->getSExtValue() < factor ||
                    trips->getSExtValue() % factor != 0))
        return;
      // Without a trip count, the groups of `factor` iterations are counted
      // at run time; the inner loop's bounds must not depend on the outer
      // loop, which then runs several of its iterations at once.
      if (!trips && (!getConstantIntValue(outer.getStep()) ||
                     !outer.isDefinedOutsideOfLoop(inner.getLowerBound()) ||
                     !outer.isDefinedOutsideOfLoop(inner.getUpperBound()) ||
                     !outer.isDefinedOutsideOfLoop(inner.getStep())))
        return;
      if (isJammableReduction(outer, inner))
        outerLoops.push_back(outer);
    });
    // The jam may rebuild the loops: the inner ones are found again by a
    // mark.
    constexpr StringLiteral mark = "ten.jammed";
    for (scf::ForOp outer : outerLoops) {
      outer.getBody()->front().setAttr(mark, UnitAttr::get(&getContext()));
      if (!outer.getStaticTripCount()) {
        jamDynamicTripCount(outer, factor);
        continue;
      }
      if (failed(loopUnrollJamByFactor(outer, factor)))
        return signalPassFailure();
    }
    getOperation()->walk([&](scf::ForOp inner) {
      if (inner->removeAttr(mark))
        forwardAccumulators(inner);
    });
  }
};

} // namespace
