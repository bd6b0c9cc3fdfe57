//===- Target.h - where compiled programs run -------------------*- C++ -*-===//
//
// A target (`cpu`, `cuda`) is one object that knows how to compile a module
// for it: its pipeline and that pipeline's options, the executables it makes,
// and the runtime entry points its compiled code calls. Tools and libraries
// pick a target by name (lookupTarget) and use what it compiles through the
// Executable interface alone.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TARGET_TARGET_H
#define TEN_TARGET_TARGET_H

#include "ten/Target/Executable.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace mlir {
class ExecutionEngine;

namespace ten {

/// What every target's compile takes.
struct TargetOptions {
  /// The function to run.
  std::string entry = "main";
  /// Where to print the IR after every pass, if anywhere.
  llvm::raw_ostream *printAfterAll = nullptr;
  /// Where to print the LLVM dialect module the pipeline ends with.
  llvm::raw_ostream *printFinal = nullptr;
  /// Where to print the LLVM IR of the host code after LLVM's optimizer.
  llvm::raw_ostream *printOptimizedLLVM = nullptr;
  /// Report the pipeline's decisions (einsum orders, how each contraction
  /// runs) as remarks through the module's context.
  bool explain = false;
  /// LLVM's optimization level for the generated code, 0 to 3.
  unsigned optLevel = 3;
  /// Options of the target's pipeline in its textual form
  /// ("threads=4 prefetch=false"), applied after the target's defaults and
  /// the fields above: where they name the same option, these win. Each
  /// target validates them.
  std::string pipelineOptions;
};

/// A function of the runtime that compiled code calls by `name`; the JIT
/// binds the name to `address`.
struct RuntimeSymbol {
  const char *name;
  void *address;
};

class Target {
public:
  virtual ~Target();

  /// The name that selects it: "cpu", "cuda".
  virtual llvm::StringRef getName() const = 0;
  /// One line for listings: where its code runs.
  virtual llvm::StringRef getDescription() const = 0;
  /// The pipeline that compiles for it, as tensor-opt names it.
  virtual llvm::StringRef getPipelineName() const = 0;

  /// Whether this process can run code for the target now (a CUDA driver
  /// that sees a device): the error says what is missing. Checked by
  /// `compile` too; callers ask first to fail before compiling anything.
  virtual llvm::Error checkAvailable() const { return llvm::Error::success(); }

  /// One line per device this process can run the target's code on
  /// ("cuda:0: ..."), or the error that checkAvailable would return.
  virtual llvm::Expected<std::vector<std::string>> listDevices() const = 0;

  /// Checks that `pipelineOptions` (the textual form) are options of the
  /// target's pipeline with values it can honour, as `compile` would: one
  /// error naming the pipeline, the option and why.
  virtual llvm::Error
  validatePipelineOptions(llvm::StringRef pipelineOptions) const = 0;

  /// Compiles `module`, which the pipeline rewrites in place, after checking
  /// the options and that the target is available. Problems with the module
  /// are reported through its context's diagnostic handler and as the
  /// returned error.
  llvm::Expected<std::unique_ptr<Executable>>
  compile(ModuleOp module, const TargetOptions &options) const;

  /// Compiles `module`'s entry function ahead of time into an object file,
  /// returned as its bytes, whose one global symbol is `symbol`: the entry
  /// in its packed form (ten-aot/Runtime.h). The object calls the project's
  /// runtime (libTenAotRuntime) where the JIT binds HostRuntime.def's
  /// names, and nothing of MLIR or LLVM. A target that cannot says so.
  /// The options are checked as `compile` checks them.
  llvm::Expected<std::string> compileToObject(ModuleOp module,
                                              const TargetOptions &options,
                                              llvm::StringRef symbol) const;

  /// The function of libTenAotRuntime that runs the target's objects
  /// (ten-aot/Runtime.h), which their headers call.
  virtual llvm::StringRef getAotRunFunction() const { return "tenAotRun"; }

  /// The runtime entry points that the target's compiled host code calls
  /// and the functions that implement them.
  virtual ArrayRef<RuntimeSymbol> getRuntimeSymbols() const = 0;

  /// Binds every symbol of getRuntimeSymbols in `engine`'s JIT: the
  /// compiled code calls the runtime of this library, not whatever the
  /// process has under those names.
  void bindRuntimeSymbols(ExecutionEngine &engine) const;

protected:
  /// `compile` once its checks passed.
  virtual llvm::Expected<std::unique_ptr<Executable>>
  compileModule(ModuleOp module, const TargetOptions &options) const = 0;

  /// `compileToObject` once the options' checks passed; by default, the
  /// target cannot.
  virtual llvm::Expected<std::string>
  compileModuleToObject(ModuleOp module, const TargetOptions &options,
                        llvm::StringRef symbol) const;
};

/// LLVM's code generator for the host, once per process: what every
/// target's compile needs before it JIT-compiles or emits host code.
void initializeNativeCodeGen();

/// Makes `target` selectable by its name; a second target of the same name
/// replaces nothing and is dropped.
void registerTarget(std::unique_ptr<Target> target);

/// Registers every target this build has: `cpu`, and `cuda` when built with
/// CUDA support (TEN_ENABLE_CUDA). Safe to call more than once.
void registerAllTargets();

/// The registered targets, in the order they were registered.
std::vector<const Target *> getRegisteredTargets();

/// The target named `name`, or an error naming the targets there are.
llvm::Expected<const Target *> lookupTarget(llvm::StringRef name);

} // namespace ten
} // namespace mlir

#endif // TEN_TARGET_TARGET_H
