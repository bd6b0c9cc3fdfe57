//===- Module.cpp - contexts and modules of the C API ---------------------===//

#include "ten-c/Module.h"

#include "Internal.h"

#include "ten/InitAllDialects.h"
#include "ten/Support/NestingDepth.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlir::ten;

tenContext *tenContextCreate(void) {
  DialectRegistry registry;
  registerAllTenDialects(registry);
  auto *context = new tenContext(registry);
  context->context.loadAllAvailableDialects();
  // Diagnostics name their location; the op printed after them is noise to
  // a user of the API.
  context->context.printOpOnDiagnostic(false);
  return context;
}

void tenContextDestroy(tenContext *context) { delete context; }

tenError *tenModuleParse(tenContext *context, const char *text, size_t length,
                         const char *bufferName, tenModule **module) {
  if (!context || !module || (!text && length))
    return capi::makeError("tenModuleParse: a null argument");
  *module = nullptr;
  llvm::StringRef source(text, length);
  if (std::optional<NestingViolation> violation = findNestingViolation(source))
    return capi::makeError((llvm::Twine(bufferName ? bufferName : "<input>") +
                            ":" + llvm::Twine(violation->line) + ":" +
                            llvm::Twine(violation->column) +
                            ": brackets nest more than " +
                            llvm::Twine(kMaxNestingDepth) + " levels deep")
                               .str());
  capi::DiagnosticCollector diagnostics(&context->context);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(
                                   source, bufferName ? bufferName : "<input>"),
                               llvm::SMLoc());
  // The parser verifies what it parsed.
  OwningOpRef<ModuleOp> parsed =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context->context));
  if (!parsed)
    return diagnostics.takeError("the module does not parse");
  *module = new tenModule{std::move(parsed)};
  return nullptr;
}

void tenModulePrint(const tenModule *module, tenStringCallback callback,
                    void *userData) {
  if (!module || !callback)
    return;
  std::string text;
  llvm::raw_string_ostream os(text);
  ModuleOp op = module->module.get();
  op.print(os);
  callback(text.data(), text.size(), userData);
}

void tenModuleDestroy(tenModule *module) { delete module; }
