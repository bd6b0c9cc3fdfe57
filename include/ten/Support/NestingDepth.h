//===- NestingDepth.h - bounding the nesting of parsed text -----*- C++ -*-===//
//
// MLIR's parser, verifier and printer recurse once per level of nesting
// (regions, types, attributes, lists), so a hostile module of a hundred
// thousand nested brackets overflows any thread's stack. Every entry point
// that parses text checks it here first: brackets of all four kinds,
// outside string literals and comments, may nest `kMaxNestingDepth` deep,
// far beyond what a real program needs and well within a thread's stack.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_SUPPORT_NESTINGDEPTH_H
#define TEN_SUPPORT_NESTINGDEPTH_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>

namespace mlir {
namespace ten {

constexpr unsigned kMaxNestingDepth = 1000;

/// Where a text nests too deep: the bracket that opens one level too many.
struct NestingViolation {
  size_t offset;
  unsigned line;
  unsigned column;
};

/// The first bracket of `text` that opens level `maxDepth + 1`, if any. The
/// count is an upper bound on the parser's: `<` and `>` count as brackets
/// (types, attributes), except the `>` of `->` and of `>=`.
std::optional<NestingViolation>
findNestingViolation(llvm::StringRef text,
                     unsigned maxDepth = kMaxNestingDepth);

} // namespace ten
} // namespace mlir

#endif // TEN_SUPPORT_NESTINGDEPTH_H
