//===- DebugOptions.h - --debug and --debug-only for the tools --*- C++ -*-===//
//
// The passes trace their decisions with LLVM_DEBUG under their own names
// (DEBUG_TYPE, the pass's argument). LLVM registers the options that turn
// the traces on only in its own builds with assertions, which the LLVM a
// tool links need not be; these are the tools' own, setting the same flags
// of LLVM's support library. The traces exist where ten is built with
// assertions (TEN_ENABLE_ASSERTIONS, the default).
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TOOLS_DEBUGOPTIONS_H
#define TEN_TOOLS_DEBUGOPTIONS_H

namespace mlir {
namespace ten {

/// Registers `--debug` (every trace) and `--debug-only=TYPE[,TYPE...]`
/// (the traces of those types) unless LLVM registered its own. Call before
/// parsing the command line.
void registerDebugOptions();

} // namespace ten
} // namespace mlir

#endif // TEN_TOOLS_DEBUGOPTIONS_H
