//===- ModuleFile.h - a tool's module from a file ---------------*- C++ -*-===//
//
// What tensor-run and tensor-compile do with their input file: read it with
// bounds, refuse nesting deeper than the parser can take, parse and verify
// it, every diagnostic on one line.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TOOLS_MODULEFILE_H
#define TEN_TOOLS_MODULEFILE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"

#include <string>

namespace mlir {
namespace ten {

/// While it lives, `context`'s diagnostics are one line each
/// (`file:line:col: message`): remarks and warnings go to stderr, errors
/// are kept, in order, for the message a tool ends with (the first often
/// says why, as "operands do not broadcast: ...", and a later one what
/// failed, as "'ten.add' op failed to infer returned types").
class OneLineDiagnostics {
public:
  explicit OneLineDiagnostics(MLIRContext *context);

  /// The errors reported, one per line, in order; empty if none.
  const std::string &getErrors() const { return errors; }

private:
  std::string errors;
  ScopedDiagnosticHandler handler;
};

/// The module in `path`, read into `sourceMgr` (whose buffer locations the
/// module keeps): an error, the parser's own where it has one, when the file
/// cannot be read, nests too deep or does not parse and verify.
llvm::Expected<OwningOpRef<ModuleOp>>
parseModuleFile(llvm::StringRef path, MLIRContext &context,
                llvm::SourceMgr &sourceMgr,
                const OneLineDiagnostics &diagnostics);

} // namespace ten
} // namespace mlir

#endif // TEN_TOOLS_MODULEFILE_H
