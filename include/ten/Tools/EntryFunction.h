//===- EntryFunction.h - a tool's module cut to its entry -------*- C++ -*-===//
//
// tensor-run and tensor-compile build one entry function of a module. The
// rest of the module, unless the entry reaches it, is not compiled: a file
// of many functions (the NumPy-checked programs, run once per function)
// costs what its entry costs, not the whole file each time.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TOOLS_ENTRYFUNCTION_H
#define TEN_TOOLS_ENTRYFUNCTION_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

namespace mlir {
namespace ten {

/// Makes `entry` the module's one public function and erases every private
/// symbol that it does not reach through symbol references (the functions
/// it does not call). A module without a function named `entry` is left
/// whole, for the target to report.
llvm::Error keepEntryAndCallees(ModuleOp module, llvm::StringRef entry);

} // namespace ten
} // namespace mlir

#endif // TEN_TOOLS_ENTRYFUNCTION_H
