//===- WidenFp8.cpp - compute on fp8 tensors in f32 -----------------------===//
//
// Rewrites the ops that compute on f8E4M3FN and f8E5M2 tensors to compute
// in f32, between casts: the lowering then meets fp8 only in casts and in
// ops that move elements, which it carries as bits.
//
//===----------------------------------------------------------------------===//

#include "ten/Dialect/Ten/Transforms/Passes.h"

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenTypes.h"

#include "mlir/IR/Builders.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENWIDENFP8PASS
#include "ten/Dialect/Ten/Transforms/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

namespace {

/// `type` with f32 in place of an fp8 element type.
Type getWidenedType(Type type) {
  if (!isFp8(type))
    return type;
  return cast<RankedTensorType>(type).clone(
      Float32Type::get(type.getContext()));
}

/// Whether `op` computes on its elements (rather than moving them or being
/// a cast, a bitcast or a constant, which the lowering handles on fp8 bits).
bool computes(Operation *op) {
  return !isa<CastOp, BitcastOp, ConstantOp, BroadcastOp, TransposeOp,
              ReshapeOp, SelectOp>(op);
}

void widen(Operation *op) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(isFp8(operand.getType())
                           ? CastOp::create(builder, loc,
                                            getWidenedType(operand.getType()),
                                            operand)
                                 .getResult()
                           : operand);
  Operation *widened = builder.clone(*op);
  widened->setOperands(operands);
  for (OpResult result : widened->getResults())
    result.setType(getWidenedType(result.getType()));
  for (auto [old, wide] : llvm::zip(op->getResults(), widened->getResults())) {
    Value replacement = wide;
    if (old.getType() != wide.getType())
      replacement = CastOp::create(builder, loc, old.getType(), wide);
    old.replaceAllUsesWith(replacement);
  }
  op->erase();
}

struct TenWidenFp8Pass : ten::impl::TenWidenFp8PassBase<TenWidenFp8Pass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (!isa_and_nonnull<TenDialect>(op->getDialect()) || !computes(op))
        return;
      if (llvm::any_of(op->getOperandTypes(), isFp8) ||
          llvm::any_of(op->getResultTypes(), isFp8))
        ops.push_back(op);
    });
    for (Operation *op : ops)
      widen(op);
  }
};

} // namespace
