//===- HostObject.h - the CPU target ahead of time --------------*- C++ -*-===//

#ifndef TEN_LIB_TARGET_CPU_HOSTOBJECT_H
#define TEN_LIB_TARGET_CPU_HOSTOBJECT_H

#include "ten/Target/Target.h"

namespace mlir {
namespace ten {

/// `module`'s entry function as an object file for the host CPU, whose one
/// global symbol is `symbol` (Target::compileToObject).
llvm::Expected<std::string> compileHostObject(ModuleOp module,
                                              const TargetOptions &options,
                                              llvm::StringRef symbol);

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_TARGET_CPU_HOSTOBJECT_H
