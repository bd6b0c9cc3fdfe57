//===- Stages.h - stages the pipelines share --------------------*- C++ -*-===//

#ifndef TEN_LIB_PIPELINES_STAGES_H
#define TEN_LIB_PIPELINES_STAGES_H

namespace mlir {
class OpPassManager;
namespace ten {

/// Folds `ten` ops, splits N-operand einsums (when `einsumPath`), and lowers
/// everything to linalg on tensors, with a keepdim reduction read by a
/// broadcast reaching its consumer without the unit dimension in between
/// (so that the two fuse).
void addTenToLinalgStage(OpPassManager &pm, bool einsumPath, bool explain);

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_PIPELINES_STAGES_H
