//===- IRPrinting.h - the IR after every pass -------------------*- C++ -*-===//

#ifndef TEN_EXECUTION_IRPRINTING_H
#define TEN_EXECUTION_IRPRINTING_H

#include "mlir/Pass/PassManager.h"

namespace mlir {
namespace ten {

/// Makes `pm` print the whole module after every pass to `os`, in pass
/// order (the context's multithreading off, so dumps do not interleave).
inline void printAfterEveryPass(PassManager &pm, llvm::raw_ostream &os) {
  pm.getContext()->disableMultithreading();
  pm.enableIRPrinting(
      /*shouldPrintBeforePass=*/[](Pass *, Operation *) { return false; },
      /*shouldPrintAfterPass=*/[](Pass *, Operation *) { return true; },
      /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false,
      /*printAfterOnlyOnFailure=*/false, os);
}

} // namespace ten
} // namespace mlir

#endif // TEN_EXECUTION_IRPRINTING_H
