//===- LowerDeallocations.cpp - the ten-lower-deallocations pass ----------===//
//
// bufferization.dealloc as unrolled comparisons of base addresses and
// guarded frees, with no memory of its own; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENLOWERDEALLOCATIONSPASS
#include "ten/Codegen/Common/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

/// The address of the allocation that `buffer` is a view of: equal for two
/// views exactly when they share their allocation.
static Value baseAddress(OpBuilder &builder, Location loc, Value buffer) {
  return memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, buffer);
}

/// Replaces `dealloc` by its frees and updated conditions.
static void lowerDealloc(RewriterBase &rewriter,
                         bufferization::DeallocOp dealloc) {
  Location loc = dealloc.getLoc();
  rewriter.setInsertionPoint(dealloc);
  auto compare = [&](arith::CmpIPredicate predicate, Value a, Value b) {
    return arith::CmpIOp::create(rewriter, loc, predicate, a, b).getResult();
  };
  auto same = [&](Value a, Value b) {
    return compare(arith::CmpIPredicate::eq, a, b);
  };
  auto differ = [&](Value a, Value b) {
    return compare(arith::CmpIPredicate::ne, a, b);
  };
  auto both = [&](Value a, Value b) -> Value {
    return a ? arith::AndIOp::create(rewriter, loc, a, b).getResult() : b;
  };
  auto either = [&](Value a, Value b) -> Value {
    return a ? arith::OrIOp::create(rewriter, loc, a, b).getResult() : b;
  };
  SmallVector<Value> entries, retained;
  for (Value buffer : dealloc.getMemrefs())
    entries.push_back(baseAddress(rewriter, loc, buffer));
  for (Value buffer : dealloc.getRetained())
    retained.push_back(baseAddress(rewriter, loc, buffer));
  auto conditions = llvm::to_vector(dealloc.getConditions());

  for (auto [i, buffer] : llvm::enumerate(dealloc.getMemrefs())) {
    // Owned when any entry of the same base says so.
    Value owned = conditions[i];
    for (size_t j = i + 1; j < entries.size(); ++j)
      owned = either(owned, both(same(entries[i], entries[j]), conditions[j]));
    // Freed at its first entry, and only if no retained buffer is a view of
    // it.
    Value free = owned;
    for (size_t j = 0; j < i; ++j)
      free = both(free, differ(entries[i], entries[j]));
    for (Value kept : retained)
      free = both(free, differ(entries[i], kept));
    scf::IfOp::create(rewriter, loc, free,
                      [&](OpBuilder &builder, Location loc) {
                        memref::DeallocOp::create(builder, loc, buffer);
                        scf::YieldOp::create(builder, loc);
                      });
  }

  // A retained buffer is owned when an owned entry shares its base.
  SmallVector<Value> updated;
  for (Value kept : retained) {
    Value owned;
    for (auto [entry, condition] : llvm::zip(entries, conditions))
      owned = either(owned, both(same(entry, kept), condition));
    updated.push_back(
        owned ? owned : arith::ConstantIntOp::create(rewriter, loc, 0, 1));
  }
  rewriter.replaceOp(dealloc, updated);
}

namespace {
struct TenLowerDeallocationsPass
    : ten::impl::TenLowerDeallocationsPassBase<TenLowerDeallocationsPass> {
  void runOnOperation() override {
    SmallVector<bufferization::DeallocOp> deallocs;
    getOperation()->walk(
        [&](bufferization::DeallocOp op) { deallocs.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (bufferization::DeallocOp dealloc : deallocs)
      lowerDealloc(rewriter, dealloc);
  }
};
} // namespace
