//===- BoundedRead.h - reading a module's text with a bound -----*- C++ -*-===//
//
// The tools read a module's text from a path or standard input. A stream
// without end (/dev/zero, `yes |`) would be read until memory runs out; the
// text is read here to at most a bound instead, and more is an error.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_SUPPORT_BOUNDEDREAD_H
#define TEN_SUPPORT_BOUNDEDREAD_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

namespace mlir {
namespace ten {

/// The most bytes of module text the tools read: far beyond any program,
/// well within memory.
constexpr size_t kMaxModuleTextBytes = size_t(1) << 30;

/// The contents of the file at `path` ("-": standard input, named
/// "<stdin>"), if they end within `maxBytes`. Errors start with the path.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readBoundedFile(llvm::StringRef path, size_t maxBytes = kMaxModuleTextBytes);

} // namespace ten
} // namespace mlir

#endif // TEN_SUPPORT_BOUNDEDREAD_H
