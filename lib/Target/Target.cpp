//===- Target.cpp - the registry of targets -------------------------------===//

#include "ten/Target/Target.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/TargetSelect.h"

#include <mutex>

using namespace mlir;
using namespace mlir::ten;

Target::~Target() = default;

void mlir::ten::initializeNativeCodeGen() {
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
}

/// What `compile` and `compileToObject` refuse before any work.
static llvm::Error checkOptions(const TargetOptions &options) {
  if (options.optLevel > 3)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "optimization level " +
                                       llvm::Twine(options.optLevel) +
                                       " is not one of 0 to 3");
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<Executable>>
Target::compile(ModuleOp module, const TargetOptions &options) const {
  if (llvm::Error err = checkOptions(options))
    return std::move(err);
  if (llvm::Error err = checkAvailable())
    return std::move(err);
  return compileModule(module, options);
}

llvm::Expected<std::string>
Target::compileToObject(ModuleOp module, const TargetOptions &options,
                        llvm::StringRef symbol) const {
  if (llvm::Error err = checkOptions(options))
    return std::move(err);
  return compileModuleToObject(module, options, symbol);
}

llvm::Expected<std::string>
Target::compileModuleToObject(ModuleOp, const TargetOptions &,
                              llvm::StringRef) const {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "target '" + getName() +
                                     "' cannot compile ahead of time yet");
}

void Target::bindRuntimeSymbols(ExecutionEngine &engine) const {
  ArrayRef<RuntimeSymbol> runtime = getRuntimeSymbols();
  engine.registerSymbols([runtime](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    for (const RuntimeSymbol &symbol : runtime)
      symbols[interner(symbol.name)] = {
          llvm::orc::ExecutorAddr::fromPtr(symbol.address),
          llvm::JITSymbolFlags::Exported};
    return symbols;
  });
}

namespace {
/// The targets of the process; registration may race with lookups from
/// several threads (Python's), hence the lock.
struct TargetRegistry {
  std::mutex mutex;
  std::vector<std::unique_ptr<Target>> targets;
};
} // namespace

static TargetRegistry &getRegistry() {
  static TargetRegistry registry;
  return registry;
}

void mlir::ten::registerTarget(std::unique_ptr<Target> target) {
  TargetRegistry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  for (const std::unique_ptr<Target> &known : registry.targets)
    if (known->getName() == target->getName())
      return;
  registry.targets.push_back(std::move(target));
}

std::vector<const Target *> mlir::ten::getRegisteredTargets() {
  TargetRegistry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  std::vector<const Target *> targets;
  for (const std::unique_ptr<Target> &target : registry.targets)
    targets.push_back(target.get());
  return targets;
}

llvm::Expected<const Target *> mlir::ten::lookupTarget(llvm::StringRef name) {
  std::vector<const Target *> targets = getRegisteredTargets();
  std::string names;
  for (const Target *target : targets) {
    if (target->getName() == name)
      return target;
    names += (names.empty() ? "" : ", ") + target->getName().str();
  }
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "unknown target '" + name +
                                     "' (this build has: " + names + ")");
}
