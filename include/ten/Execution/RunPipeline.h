//===- RunPipeline.h - a pipeline run, its failed pass named ----*- C++ -*-===//

#ifndef TEN_EXECUTION_RUNPIPELINE_H
#define TEN_EXECUTION_RUNPIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace mlir {
namespace ten {

/// Keeps the argument of the first pass that failed (the innermost: a pass
/// manager nested in another fails after its own pass).
class FailedPassRecorder : public PassInstrumentation {
public:
  explicit FailedPassRecorder(std::string &failed) : failed(failed) {}

  void runAfterPassFailed(Pass *pass, Operation *) override {
    if (failed.empty())
      failed = pass->getArgument().str();
  }

private:
  std::string &failed;
};

/// Runs `pm` on `module`: an error naming the pass that failed where it
/// fails. A pass that fails reports why through the context's diagnostics,
/// but one that fails without a word still leaves the user a pass to name
/// (`tensor-opt --mlir-print-ir-after-failure` then shows its input).
inline llvm::Error runPipeline(PassManager &pm, ModuleOp module) {
  std::string failed;
  pm.addInstrumentation(std::make_unique<FailedPassRecorder>(failed));
  if (succeeded(pm.run(module)))
    return llvm::Error::success();
  std::string message = "compilation failed";
  if (!failed.empty())
    message += " in the pass " + failed;
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

} // namespace ten
} // namespace mlir

#endif // TEN_EXECUTION_RUNPIPELINE_H
