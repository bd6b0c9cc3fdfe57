//===- PromoteCarriedScalars.cpp - the ten-promote-carried-scalars pass ---===//
//
// Keeps in a register the element that an innermost loop loads and stores
// at the same place in every iteration (a scan's carry, a row reduction's
// accumulator), when nothing else the loop touches can be that element;
// see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CPU/Passes.h"

#include "RootBuffer.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENPROMOTECARRIEDSCALARSPASS
#include "ten/Target/CPU/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// Whether the buffers `a` and `b` (roots) are known to be apart: distinct
/// allocations, or an allocation and a function argument (which exists
/// before it).
bool areDistinctBuffers(Value a, Value b) {
  if (a == b)
    return false;
  bool aFresh = ten::isFreshAllocation(a);
  bool bFresh = ten::isFreshAllocation(b);
  bool aArgument = isa<BlockArgument>(a) &&
                   isa<func::FuncOp>(a.getParentBlock()->getParentOp());
  bool bArgument = isa<BlockArgument>(b) &&
                   isa<func::FuncOp>(b.getParentBlock()->getParentOp());
  return (aFresh && (bFresh || bArgument)) || (bFresh && aArgument);
}

/// A place that a loop loads and stores in every iteration: a memref and
/// indices defined outside the loop.
struct Place {
  Value memref;
  SmallVector<Value> indices;
  bool operator==(const Place &other) const {
    return memref == other.memref && indices == other.indices;
  }
};

/// The places of `loop` (innermost: no region in its body) that can live
/// in registers across its iterations, or none if the loop has effects
/// other than scalar loads and stores. A place qualifies if it is stored
/// to, lies in a fresh allocation, and every other access of the loop is to
/// a buffer known to be apart from it.
SmallVector<Place> findCarriedPlaces(scf::ForOp loop) {
  SmallVector<Operation *> accesses;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (op.getNumRegions() != 0)
      return {};
    if (isa<memref::LoadOp, memref::StoreOp>(op)) {
      accesses.push_back(&op);
      continue;
    }
    if (!isMemoryEffectFree(&op))
      return {};
  }
  auto placeOf = [](Operation *op) -> Place {
    if (auto load = dyn_cast<memref::LoadOp>(op))
      return {load.getMemref(), llvm::to_vector(load.getIndices())};
    auto store = cast<memref::StoreOp>(op);
    return {store.getMemref(), llvm::to_vector(store.getIndices())};
  };
  SmallVector<Place> carried;
  for (Operation *op : accesses) {
    auto store = dyn_cast<memref::StoreOp>(op);
    if (!store)
      continue;
    Place place = placeOf(store);
    if (llvm::is_contained(carried, place) ||
        !loop.isDefinedOutsideOfLoop(place.memref) ||
        !llvm::all_of(place.indices, [&](Value index) {
          return loop.isDefinedOutsideOfLoop(index);
        }))
      continue;
    Value root = ten::getRootBuffer(place.memref);
    if (!ten::isFreshAllocation(root))
      continue;
    bool apart = llvm::all_of(accesses, [&](Operation *other) {
      Place otherPlace = placeOf(other);
      return otherPlace == place ||
             areDistinctBuffers(root, ten::getRootBuffer(otherPlace.memref));
    });
    if (apart)
      carried.push_back(place);
  }
  return carried;
}

/// Loads each of `places` before `loop`, carries it through the loop's
/// iterations, and stores it after: the loop's loads of a place read the
/// last value stored to it, and its stores only update that value.
void promote(IRRewriter &rewriter, scf::ForOp loop, ArrayRef<Place> places) {
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> inits(loop.getInitArgs());
  for (const Place &place : places)
    inits.push_back(
        memref::LoadOp::create(rewriter, loc, place.memref, place.indices));
  auto newLoop =
      scf::ForOp::create(rewriter, loc, loop.getLowerBound(),
                         loop.getUpperBound(), loop.getStep(), inits);
  Block *body = newLoop.getBody();
  if (!body->empty())
    rewriter.eraseOp(body->getTerminator());
  unsigned oldCount = loop.getNumRegionIterArgs();
  rewriter.mergeBlocks(loop.getBody(), body,
                       body->getArguments().take_front(1 + oldCount));

  // The value of each place as the body runs, in order.
  SmallVector<Value> current(body->getArguments().drop_front(1 + oldCount));
  auto placeIndex = [&](Value memref, ValueRange indices) -> int {
    for (auto [index, place] : llvm::enumerate(places))
      if (place.memref == memref && llvm::equal(place.indices, indices))
        return static_cast<int>(index);
    return -1;
  };
  for (Operation &op : llvm::make_early_inc_range(body->without_terminator())) {
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      int at = placeIndex(load.getMemref(), load.getIndices());
      if (at >= 0)
        rewriter.replaceOp(load, current[at]);
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      int at = placeIndex(store.getMemref(), store.getIndices());
      if (at >= 0) {
        current[at] = store.getValueToStore();
        rewriter.eraseOp(store);
      }
    }
  }
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  SmallVector<Value> yielded(yield.getOperands());
  llvm::append_range(yielded, current);
  rewriter.setInsertionPoint(yield);
  rewriter.replaceOpWithNewOp<scf::YieldOp>(yield, yielded);

  rewriter.setInsertionPointAfter(newLoop);
  for (auto [index, place] : llvm::enumerate(places))
    memref::StoreOp::create(rewriter, loc, newLoop.getResult(oldCount + index),
                            place.memref, place.indices);
  rewriter.replaceOp(loop, newLoop.getResults().take_front(oldCount));
}

struct TenPromoteCarriedScalarsPass
    : ten::impl::TenPromoteCarriedScalarsPassBase<
          TenPromoteCarriedScalarsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (llvm::all_of(loop.getBody()->without_terminator(),
                       [](Operation &op) { return op.getNumRegions() == 0; }))
        loops.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops) {
      SmallVector<Place> places = findCarriedPlaces(loop);
      if (!places.empty())
        promote(rewriter, loop, places);
    }
  }
};

} // namespace
