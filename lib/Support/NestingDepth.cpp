//===- NestingDepth.cpp - bounding the nesting of parsed text -------------===//

#include "ten/Support/NestingDepth.h"

using namespace mlir::ten;

std::optional<NestingViolation>
mlir::ten::findNestingViolation(llvm::StringRef text, unsigned maxDepth) {
  unsigned depth = 0, line = 1;
  size_t lineStart = 0;
  for (size_t at = 0, end = text.size(); at < end; ++at) {
    char c = text[at];
    switch (c) {
    case '\n':
      ++line;
      lineStart = at + 1;
      break;
    case '"':
      // A string literal: up to the next unescaped quote or the line's end.
      for (++at; at < end && text[at] != '"' && text[at] != '\n'; ++at)
        if (text[at] == '\\')
          ++at;
      if (at < end && text[at] == '\n')
        --at;
      break;
    case '/':
      if (at + 1 < end && text[at + 1] == '/')
        while (at + 1 < end && text[at + 1] != '\n')
          ++at;
      break;
    case '(':
    case '[':
    case '{':
    case '<':
      if (++depth > maxDepth)
        return NestingViolation{at, line, unsigned(at - lineStart + 1)};
      break;
    case '>':
      // An arrow or a comparison closes nothing.
      if ((at > 0 && text[at - 1] == '-') ||
          (at + 1 < end && text[at + 1] == '='))
        break;
      [[fallthrough]];
    case ')':
    case ']':
    case '}':
      if (depth > 0)
        --depth;
      break;
    default:
      break;
    }
  }
  return std::nullopt;
}
