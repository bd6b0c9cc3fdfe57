//===- PipelineRegistration.h - a pipeline by name --------------*- C++ -*-===//

#ifndef TEN_CODEGEN_COMMON_PIPELINEREGISTRATION_H
#define TEN_CODEGEN_COMMON_PIPELINEREGISTRATION_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <string>

namespace mlir {
namespace ten {

/// Registers the pipeline `name`, built by `build` from its options, which
/// it may refuse with a message (the typed registration could only fail
/// silently).
template <typename Options>
inline void registerPipeline(StringRef name, StringRef description,
                             LogicalResult (*build)(OpPassManager &,
                                                    const Options &,
                                                    std::string &)) {
  registerPassPipeline(
      name, description,
      [name, build](OpPassManager &pm, StringRef text,
                    function_ref<LogicalResult(const Twine &)> errorHandler) {
        Options options;
        if (failed(options.parseFromString(text)))
          return failure();
        std::string error;
        if (failed(build(pm, options, error)))
          return errorHandler(name + ": " + error);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optionsHandler) {
        optionsHandler(Options());
      });
}

} // namespace ten
} // namespace mlir

#endif // TEN_CODEGEN_COMMON_PIPELINEREGISTRATION_H
