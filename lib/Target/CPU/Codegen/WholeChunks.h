//===- WholeChunks.h - a loop split at a multiple of a chunk ----*- C++ -*-===//
//
// Loops of dynamic bounds that a pass wants in fixed-size chunks (four rows
// jammed, strips of 16 elements after a prefetch) run their whole chunks,
// then the rest in a copy of the loop.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_TARGET_CPU_CODEGEN_WHOLECHUNKS_H
#define TEN_LIB_TARGET_CPU_CODEGEN_WHOLECHUNKS_H

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir {
namespace ten {

/// Cuts `loop` at its lower bound plus the largest multiple of `chunk` (an
/// index defined before the loop) that its range holds: `loop` keeps its
/// iterations up to there, and a copy of it after it runs the rest.
/// Returns the copy.
scf::ForOp splitOffRest(scf::ForOp loop, Value chunk);

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_TARGET_CPU_CODEGEN_WHOLECHUNKS_H
