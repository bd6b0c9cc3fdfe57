//===- StackBuffers.cpp - the ten-stack-buffers pass ----------------------===//
//
// Small buffers that cannot outlive their function go on the stack; see
// Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENSTACKBUFFERSPASS
#include "ten/Target/CPU/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// Whether a result of this type could hold a reference to a buffer.
bool mayReferToBuffer(Type type) {
  return !type.isIntOrIndexOrFloat() && !isa<VectorType>(type);
}

/// Whether the buffer `memref` (an allocation or a view of one) is only read,
/// written and freed by its uses and its views' uses: nothing keeps a
/// reference to it. Collects the deallocations in `deallocs`.
bool staysInFunction(Value memref,
                     SmallVectorImpl<memref::DeallocOp> &deallocs) {
  for (OpOperand &use : memref.getUses()) {
    Operation *user = use.getOwner();
    if (auto dealloc = dyn_cast<memref::DeallocOp>(user)) {
      deallocs.push_back(dealloc);
      continue;
    }
    if (auto view = dyn_cast<ViewLikeOpInterface>(user);
        view && view.getViewSource() == memref) {
      for (Value result : user->getResults())
        if (isa<BaseMemRefType>(result.getType()) &&
            !staysInFunction(result, deallocs))
          return false;
      continue;
    }
    // Its address as an integer, or the buffer itself as a stored value.
    if (isa<memref::ExtractAlignedPointerAsIndexOp>(user))
      return false;
    if (auto store = dyn_cast<memref::StoreOp>(user);
        store && store.getValueToStore() == memref)
      return false;
    // An op that frees it (a bufferization.dealloc of hand-written IR)
    // would free the stack.
    if (!isa<MemoryEffectOpInterface>(user) || isa<CallOpInterface>(user) ||
        user->hasTrait<OpTrait::IsTerminator>() ||
        hasEffect<MemoryEffects::Free>(user, memref) ||
        llvm::any_of(user->getResultTypes(), mayReferToBuffer))
      return false;
  }
  return true;
}

/// A constant that `size` (an index) never exceeds, if one is evident: a
/// constant, an `affine.min` with a constant among its results (a block's
/// size, min(7, n - i)), a minimum or choice of bounded values, or the size
/// of a buffer allocated with a bounded size.
std::optional<int64_t> getConstantUpperBound(Value size, int depth = 0) {
  if (depth > 8)
    return std::nullopt;
  if (std::optional<int64_t> constant = getConstantIntValue(size))
    return *constant;
  Operation *def = size.getDefiningOp();
  if (!def)
    return std::nullopt;
  auto bound = [&](Value value) {
    return getConstantUpperBound(value, depth + 1);
  };
  if (auto min = dyn_cast<affine::AffineMinOp>(def)) {
    std::optional<int64_t> result;
    for (AffineExpr expr : min.getAffineMap().getResults())
      if (auto constant = dyn_cast<AffineConstantExpr>(expr))
        result =
            std::min(result.value_or(constant.getValue()), constant.getValue());
    return result;
  }
  if (isa<arith::MinSIOp, arith::MinUIOp>(def)) {
    std::optional<int64_t> lhs = bound(def->getOperand(0)),
                           rhs = bound(def->getOperand(1));
    if (lhs && rhs)
      return std::min(*lhs, *rhs);
    return lhs ? lhs : rhs;
  }
  if (auto select = dyn_cast<arith::SelectOp>(def)) {
    std::optional<int64_t> lhs = bound(select.getTrueValue()),
                           rhs = bound(select.getFalseValue());
    if (lhs && rhs)
      return std::max(*lhs, *rhs);
    return std::nullopt;
  }
  if (auto dim = dyn_cast<memref::DimOp>(def)) {
    std::optional<int64_t> index = dim.getConstantIndex();
    auto alloc = dim.getSource().getDefiningOp<memref::AllocOp>();
    if (!index || !alloc || *index < 0 || *index >= alloc.getType().getRank())
      return std::nullopt;
    if (!alloc.getType().isDynamicDim(*index))
      return alloc.getType().getDimSize(*index);
    return bound(
        alloc.getDynamicSizes()[alloc.getType().getDynamicDimIndex(*index)]);
  }
  return std::nullopt;
}

/// The static type of the stack buffer for `alloc`: its own type, or for a
/// size known only at run time in the leading dimension, the type with the
/// size's upper bound there (the strides of the other dimensions stay
/// constants, so that a view of the buffer has `alloc`'s type).
std::optional<MemRefType> getStackType(memref::AllocOp alloc) {
  MemRefType type = alloc.getType();
  if (type.hasStaticShape())
    return type;
  if (type.getNumDynamicDims() != 1 || !type.isDynamicDim(0))
    return std::nullopt;
  std::optional<int64_t> bound =
      getConstantUpperBound(alloc.getDynamicSizes()[0]);
  if (!bound || *bound < 0)
    return std::nullopt;
  SmallVector<int64_t> shape(type.getShape());
  shape[0] = *bound;
  return MemRefType::get(shape, type.getElementType());
}

/// The bytes of a buffer of the static `type` of integers or floats, or
/// none.
std::optional<int64_t> getStackBytes(MemRefType type) {
  if (!type.hasStaticShape() || !type.getElementType().isIntOrIndexOrFloat())
    return std::nullopt;
  Type element = type.getElementType();
  // An index is 64 bits on the host.
  int64_t elementBits =
      element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
  int64_t elementBytes = std::max<int64_t>((elementBits + 7) / 8, 1);
  return type.getNumElements() * elementBytes;
}

struct TenStackBuffersPass
    : ten::impl::TenStackBuffersPassBase<TenStackBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    if (maxBufferBytes < 0 || maxFunctionBytes < 0) {
      getOperation()->emitError(
          "ten-stack-buffers: the byte limits must not be negative");
      return signalPassFailure();
    }
    // Every buffer's stack type first: a size may be read from another
    // buffer that is replaced.
    struct Candidate {
      memref::AllocOp alloc;
      MemRefType type;
      SmallVector<memref::DeallocOp> deallocs;
    };
    SmallVector<Candidate> candidates;
    int64_t functionBytes = 0;
    getOperation().walk([&](memref::AllocOp alloc) {
      if (alloc.getType().getMemorySpace() ||
          !alloc.getType().getLayout().isIdentity())
        return;
      std::optional<MemRefType> type = getStackType(alloc);
      if (!type)
        return;
      std::optional<int64_t> bytes = getStackBytes(*type);
      if (!bytes || *bytes > maxBufferBytes ||
          functionBytes + *bytes > maxFunctionBytes)
        return;
      SmallVector<memref::DeallocOp> deallocs;
      if (!staysInFunction(alloc.getResult(), deallocs))
        return;
      functionBytes += *bytes;
      candidates.push_back({alloc, *type, std::move(deallocs)});
    });
    IRRewriter rewriter(&getContext());
    for (auto &[alloc, type, deallocs] : candidates) {
      for (memref::DeallocOp dealloc : deallocs)
        rewriter.eraseOp(dealloc);
      rewriter.setInsertionPoint(alloc);
      Value buffer =
          memref::AllocaOp::create(rewriter, alloc.getLoc(), type, ValueRange(),
                                   ValueRange(), alloc.getAlignmentAttr());
      if (type != alloc.getType()) {
        // The buffer's leading rows as `alloc`'s type (identity layout:
        // offset 0 and the same strides).
        SmallVector<OpFoldResult> sizes = {alloc.getDynamicSizes()[0]};
        SmallVector<OpFoldResult> strides(type.getRank());
        int64_t stride = 1;
        for (int64_t dim = type.getRank() - 1; dim >= 0; --dim) {
          strides[dim] = rewriter.getIndexAttr(stride);
          stride *= type.getDimSize(dim);
        }
        for (int64_t dim = 1; dim < type.getRank(); ++dim)
          sizes.push_back(rewriter.getIndexAttr(type.getDimSize(dim)));
        buffer = memref::ReinterpretCastOp::create(
            rewriter, alloc.getLoc(), alloc.getType(), buffer,
            rewriter.getIndexAttr(0), sizes, strides);
      }
      rewriter.replaceOp(alloc, buffer);
    }
  }
};

} // namespace
