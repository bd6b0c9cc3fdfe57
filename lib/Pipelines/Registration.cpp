//===- Registration.cpp - ten's pipelines, by name ------------------------===//

#include "ten/Pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::ten;

/// Registers the pipeline `name`, built by `build` from its options, which
/// it may refuse with a message (the typed registration could only fail
/// silently).
template <typename Options>
static void registerPipeline(StringRef name, StringRef description,
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

void mlir::ten::registerTenPipelines() {
  registerPipeline<TenCPUPipelineOptions>(
      "ten-cpu-pipeline",
      "Lower ten to the LLVM dialect for the CPU: linalg, bufferization, "
      "loops, LLVM",
      buildTenCPUPipeline);
  registerPipeline<TenNVVMPipelineOptions>(
      "ten-nvvm-pipeline",
      "Lower ten to kernels for NVIDIA GPUs in a gpu.binary, launched by the "
      "host functions",
      buildTenNVVMPipeline);
}
