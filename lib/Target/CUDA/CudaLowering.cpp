//===- CudaLowering.cpp - a module to host code and kernels ---------------===//

#include "CudaLowering.h"

#include "ten/InitGPUDialects.h"

#include "ten/Execution/IRPrinting.h"
#include "ten/Execution/PipelineOptions.h"
#include "ten/Execution/RunPipeline.h"
#include "ten/Target/CUDA/Pipeline.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/Support/FileSystem.h"

using namespace mlir;
using namespace mlir::ten;

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Error mlir::ten::lowerForCuda(ModuleOp module,
                                    const TargetOptions &options,
                                    std::optional<std::string> chip) {
  // The gpu and NVVM dialects, the NVVM target and their lowerings, which
  // the pipeline needs from the context.
  MLIRContext *context = module.getContext();
  DialectRegistry gpuDialects;
  registerTenGPUDialects(gpuDialects);
  context->appendDialectRegistry(gpuDialects);
  PassManager pm(context);
  if (options.printAfterAll)
    printAfterEveryPass(pm, *options.printAfterAll);
  // The target's defaults, then the options' fields, then their text.
  TenNVVMPipelineOptions pipelineOptions;
  if (chip)
    pipelineOptions.chip = *chip;
  // A binary where the toolkit can assemble one; PTX, which the driver
  // compiles when it loads the module, where it cannot (a GPU machine with
  // the driver and libdevice but no ptxas).
  std::string bin = getDefaultCUDAPath() + "/bin/";
  if (!llvm::sys::fs::can_execute(bin + "ptxas") ||
      !llvm::sys::fs::can_execute(bin + "fatbinary"))
    pipelineOptions.format = "isa";
  pipelineOptions.optLevel = options.optLevel;
  pipelineOptions.explain = options.explain;
  if (llvm::Error err = parsePipelineOptions(
          pipelineOptions, options.pipelineOptions, "ten-nvvm-pipeline"))
    return err;
  // The executables call the entry through its C interface.
  pipelineOptions.cInterface = true;
  std::string pipelineError;
  if (failed(buildTenNVVMPipeline(pm, pipelineOptions, pipelineError)))
    return error("ten-nvvm-pipeline: " + pipelineError);
  if (llvm::Error err = runPipeline(pm, module))
    return err;
  if (options.printFinal)
    module.print(*options.printFinal);

  // The host code, with its gpu.binary embedded and its launches turned
  // into mgpu* calls, to LLVM IR.
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  gpu::registerOffloadingLLVMTranslationInterfaceExternalModels(registry);
  context->appendDialectRegistry(registry);
  return llvm::Error::success();
}
