//===- ModuleFile.cpp - a tool's module from a file -----------------------===//

#include "ten/Tools/ModuleFile.h"

#include "ten/Support/BoundedRead.h"
#include "ten/Support/NestingDepth.h"

#include "mlir/IR/Location.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ten;

OneLineDiagnostics::OneLineDiagnostics(MLIRContext *context)
    : handler(context, [this](Diagnostic &diag) {
        std::string text;
        llvm::raw_string_ostream os(text);
        if (auto loc = dyn_cast<FileLineColLoc>(diag.getLocation()))
          os << loc.getFilename().getValue() << ":" << loc.getLine() << ":"
             << loc.getColumn() << ": ";
        if (diag.getSeverity() == DiagnosticSeverity::Remark)
          os << "remark: ";
        else if (diag.getSeverity() == DiagnosticSeverity::Warning)
          os << "warning: ";
        os << diag;
        if (diag.getSeverity() == DiagnosticSeverity::Error)
          errors += (errors.empty() ? "" : "\n") + text;
        else
          llvm::errs() << text << "\n";
        return success();
      }) {}

llvm::Expected<OwningOpRef<ModuleOp>>
mlir::ten::parseModuleFile(llvm::StringRef path, MLIRContext &context,
                           llvm::SourceMgr &sourceMgr,
                           const OneLineDiagnostics &diagnostics) {
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> file =
      readBoundedFile(path);
  if (!file)
    return file.takeError();
  if (std::optional<NestingViolation> violation =
          findNestingViolation((*file)->getBuffer()))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        path + ":" + llvm::Twine(violation->line) + ":" +
            llvm::Twine(violation->column) + ": brackets nest more than " +
            llvm::Twine(kMaxNestingDepth) + " levels deep");
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   diagnostics.getErrors().empty()
                                       ? path + ": cannot parse"
                                       : diagnostics.getErrors());
  return module;
}
