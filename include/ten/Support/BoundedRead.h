//===- BoundedRead.h - reading a module's text with a bound -----*- C++ -*-===//
//
// The tools read a module's text from a path or standard input, and .npy
// files from paths that may be streams. A stream without end (/dev/zero,
// `yes |`) would be read until memory runs out; text is read here to at most
// a bound instead, and more is an error.
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

/// Reads from `fd` into `out` until `size` bytes or the end of the file,
/// whichever comes first (a pipe gives its bytes in pieces); the count read.
llvm::Expected<size_t> readUpTo(int fd, char *out, size_t size);

/// The contents of the file at `path` ("-": standard input, named
/// "<stdin>"), if they end within `maxBytes`. Errors start with the path.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readBoundedFile(llvm::StringRef path, size_t maxBytes = kMaxModuleTextBytes);

} // namespace ten
} // namespace mlir

#endif // TEN_SUPPORT_BOUNDEDREAD_H
