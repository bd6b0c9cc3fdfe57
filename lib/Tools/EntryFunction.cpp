//===- EntryFunction.cpp - a tool's module cut to its entry ---------------===//

#include "ten/Tools/EntryFunction.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

llvm::Error mlir::ten::keepEntryAndCallees(ModuleOp module,
                                           llvm::StringRef entry) {
  auto entryFunction = module.lookupSymbol<func::FuncOp>(entry);
  if (!entryFunction)
    return llvm::Error::success();
  // Symbol DCE keeps what public symbols reference: the entry, which the
  // tool calls from outside, is the one public function left.
  entryFunction.setPublic();
  for (auto function : module.getOps<func::FuncOp>())
    if (function != entryFunction && function.isPublic())
      function.setPrivate();
  PassManager passes(module->getName());
  passes.addPass(createSymbolDCEPass());
  if (failed(passes.run(module)))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot keep '" + entry +
                                       "' alone in the module");
  return llvm::Error::success();
}
