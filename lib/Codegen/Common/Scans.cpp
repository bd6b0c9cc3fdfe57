//===- Scans.cpp - Recognizing scans among linalg ops ---------------------===//

#include "ten/Codegen/Common/Scans.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

using namespace mlir;

bool ten::isLinalgScan(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  return llvm::any_of(op.getDpsInitsMutable(), [&](OpOperand &init) {
    AffineMap map = op.getMatchingIndexingMap(&init);
    return llvm::any_of(
        llvm::seq<unsigned>(0, iterators.size()), [&](unsigned loop) {
          return iterators[loop] == utils::IteratorType::reduction &&
                 map.isFunctionOfDim(loop);
        });
  });
}

bool ten::readsReductionPosition(linalg::LinalgOp op) {
  if (op->getNumRegions() != 1 || op->getRegion(0).empty())
    return false;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  return op->getRegion(0)
      .walk([&](linalg::IndexOp index) {
        return iterators[index.getDim()] == utils::IteratorType::reduction
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}
