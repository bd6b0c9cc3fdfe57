//===- ComputeInDestination.cpp - the ten-compute-in-destination pass -----===//
//
// An elementwise intermediate of a block that the block's last op consumes
// elementwise is computed in the block's destination; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENCOMPUTEINDESTINATIONPASS
#include "ten/Target/CPU/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// A linalg op on tensors with one result and every loop parallel.
bool isElementwise(linalg::LinalgOp op) {
  return op && op.hasPureTensorSemantics() && op->getNumResults() == 1 &&
         op.getNumLoops() == op.getNumParallelLoops();
}

/// Makes `producer`, whose result `last` reads at `operand`, compute into
/// `destination`, the slice of the block's output that `last` writes.
bool computeInDestination(linalg::LinalgOp last, OpOperand &operand,
                          tensor::ExtractSliceOp destination) {
  auto producer = operand.get().getDefiningOp<linalg::LinalgOp>();
  if (!isElementwise(producer) || producer->getBlock() != last->getBlock() ||
      operand.get().getType() != destination.getType())
    return false;
  // `last` reads each element where it writes it.
  if (last.getMatchingIndexingMap(&operand) !=
      last.getMatchingIndexingMap(last.getDpsInitOperand(0)))
    return false;
  // The producer's initial value is not read, and its result is read
  // before `last` or by it alone.
  OpOperand *init = producer.getDpsInitOperand(0);
  if (producer.payloadUsesValueFromOperand(init) ||
      producer.getIndexingMapMatchingResult(cast<OpResult>(operand.get())) !=
          producer.getMatchingIndexingMap(init))
    return false;
  for (Operation *user : operand.get().getUsers())
    if (user != last.getOperation() &&
        (user->getBlock() != last->getBlock() || !user->isBeforeInBlock(last)))
      return false;
  // The destination's slice, taken before the producer.
  if (!destination->isBeforeInBlock(producer))
    destination->moveBefore(producer);
  init->set(destination.getResult());
  return true;
}

struct TenComputeInDestinationPass
    : ten::impl::TenComputeInDestinationPassBase<TenComputeInDestinationPass> {
  void runOnOperation() override {
    getOperation()->walk([&](scf::ForallOp forall) {
      for (Operation &op : forall.getTerminator().getYieldingOps()) {
        auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(op);
        if (!insert)
          continue;
        auto last = insert.getSource().getDefiningOp<linalg::LinalgOp>();
        if (!isElementwise(last) || last->getParentOp() != forall)
          continue;
        auto destination = last.getDpsInitOperand(0)
                               ->get()
                               .getDefiningOp<tensor::ExtractSliceOp>();
        auto sharedOut = dyn_cast<BlockArgument>(insert.getDest());
        if (!destination || destination.getSource() != sharedOut ||
            destination->getParentOp() != forall ||
            destination.getMixedOffsets() != insert.getMixedOffsets() ||
            destination.getMixedSizes() != insert.getMixedSizes() ||
            destination.getMixedStrides() != insert.getMixedStrides() ||
            !destination->hasOneUse())
          continue;
        for (OpOperand *input : last.getDpsInputOperands())
          if (computeInDestination(last, *input, destination))
            break;
      }
    });
  }
};

} // namespace
