//===- Scans.h - Recognizing scans among linalg ops -------------*- C++ -*-===//
//
// ten.scan lowers to a linalg.generic whose scanned dimension is a reduction
// loop and one of whose inits is indexed along it: each step's carry is
// written out. Such an op is correct only when its reduction loops run in
// order, one iteration after another; passes that split, reorder or combine
// reduction loops in trees must recognize it and leave it alone. So must
// they a reduction that reads its reduction loop's position.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_CODEGEN_COMMON_SCANS_H
#define TEN_CODEGEN_COMMON_SCANS_H

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"

namespace mlir {
namespace ten {

/// Whether an init of `op` is indexed along one of its reduction loops: a
/// scan, whose reduction loops must run in order.
bool isLinalgScan(linalg::LinalgOp op);

/// Whether the body of `op` reads the position along one of its reduction
/// loops (linalg.index): an argmax's least position of its extremum, whose
/// reduction loop cannot be split into parts that count from their own
/// starts, and whose input must be the values its extremum saw.
bool readsReductionPosition(linalg::LinalgOp op);

} // namespace ten
} // namespace mlir

#endif // TEN_CODEGEN_COMMON_SCANS_H
