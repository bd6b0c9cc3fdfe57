//===- Scans.cpp - Recognizing scans among linalg ops ---------------------===//

#include "ten/Codegen/Common/Scans.h"

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
