//===- HostObject.h - host code as an object file ---------------*- C++ -*-===//
//
// What every target's ahead-of-time compilation ends with: a module lowered
// to the LLVM dialect (host code, with whatever device code it embeds)
// turned into an object file for the host CPU whose one global symbol is
// the entry's packed form, with its calls of runtime functions renamed to
// the names that the ahead-of-time runtime implements.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TARGET_HOSTOBJECT_H
#define TEN_TARGET_HOSTOBJECT_H

#include "ten/Target/Target.h"

#include <utility>

namespace mlir {
namespace ten {

/// A function that compiled code calls by one name and the ahead-of-time
/// runtime implements under another.
using RuntimeRename = std::pair<llvm::StringRef, llvm::StringRef>;

/// `module` (in the LLVM dialect, its translations registered, `options.entry`
/// with a C interface) as an object file for the host CPU. Its one global
/// symbol is `symbol(void **)`, which calls the entry's C interface with the
/// values its arguments point to; everything else is internal. LLVM's
/// optimizer runs at `options.optLevel` first, then the calls of `renames`'
/// first names are renamed to their second.
llvm::Expected<std::string> emitHostObject(ModuleOp module,
                                           const TargetOptions &options,
                                           llvm::StringRef symbol,
                                           ArrayRef<RuntimeRename> renames);

} // namespace ten
} // namespace mlir

#endif // TEN_TARGET_HOSTOBJECT_H
