//===- AotHeader.h - the C header of an ahead-of-time object ----*- C++ -*-===//

#ifndef TEN_TARGET_AOTHEADER_H
#define TEN_TARGET_AOTHEADER_H

#include "ten/Execution/EntrySignature.h"

#include <string>

namespace mlir {
namespace ten {

/// The C header that declares `function`, the entry `entry` of `source`
/// compiled ahead of time into an object whose packed entry is `symbol`: a
/// function of plain C types (each argument's elements and sizes, each
/// result's buffer and sizes) over `runFunction`, the target's run
/// function of ten-aot/Runtime.h (tenAotRun, tenAotCudaRun). Null sizes
/// stand for static ones.
std::string emitAotHeader(llvm::StringRef function, llvm::StringRef symbol,
                          llvm::StringRef runFunction, llvm::StringRef entry,
                          llvm::StringRef source,
                          ArrayRef<TensorSignature> arguments,
                          ArrayRef<TensorSignature> results);

} // namespace ten
} // namespace mlir

#endif // TEN_TARGET_AOTHEADER_H
