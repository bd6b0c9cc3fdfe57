//===- HostOptimizer.h - LLVM's optimizer for JIT-compiled code -*- C++ -*-===//
//
// The LLVM optimization pipeline that the CPU executable runs on the module
// it JIT-compiles.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_EXECUTION_HOSTOPTIMIZER_H
#define TEN_LIB_EXECUTION_HOSTOPTIMIZER_H

#include "llvm/Support/Error.h"

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir {
namespace ten {

/// Runs LLVM's default pipeline at `optLevel` (0 to 3) on `module` for
/// `targetMachine`, except that the loops that its vectorizer makes are not
/// unrolled.
llvm::Error optimizeForHost(llvm::Module &module, unsigned optLevel,
                            llvm::TargetMachine *targetMachine);

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_EXECUTION_HOSTOPTIMIZER_H
