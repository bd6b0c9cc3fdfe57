//===- Registration.cpp - ten's pipelines, by name ------------------------===//

#include "ten/Pipelines/Pipelines.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::ten;

void mlir::ten::registerTenPipelines() {
  PassPipelineRegistration<TenCPUPipelineOptions>(
      "ten-cpu-pipeline",
      "Lower ten to the LLVM dialect for the CPU: linalg, bufferization, "
      "loops, LLVM",
      buildTenCPUPipeline);
  // The NVVM pipeline refuses options it cannot honour (an unknown chip)
  // with a message, where the typed registration could only fail silently.
  registerPassPipeline(
      "ten-nvvm-pipeline",
      "Lower ten to kernels for NVIDIA GPUs in a gpu.binary, launched by the "
      "host functions",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        TenNVVMPipelineOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        std::string error;
        if (failed(buildTenNVVMPipeline(pm, options, error)))
          return errorHandler("ten-nvvm-pipeline: " + error);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optionsHandler) {
        optionsHandler(TenNVVMPipelineOptions());
      });
}
