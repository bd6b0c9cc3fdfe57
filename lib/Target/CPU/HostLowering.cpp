//===- HostLowering.cpp - a module to LLVM IR for the host CPU ------------===//

#include "HostLowering.h"
#include "ten/Target/HostOptimizer.h"

#include "ten/Execution/IRPrinting.h"
#include "ten/Execution/PipelineOptions.h"
#include "ten/Target/CPU/Pipeline.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"

using namespace mlir;
using namespace mlir::ten;

llvm::Error mlir::ten::lowerForHost(ModuleOp module,
                                    const TargetOptions &options,
                                    int64_t threads) {
  MLIRContext *context = module.getContext();
  PassManager pm(context);
  if (options.printAfterAll)
    printAfterEveryPass(pm, *options.printAfterAll);
  TenCPUPipelineOptions pipelineOptions;
  pipelineOptions.threads = threads;
  pipelineOptions.explain = options.explain;
  pipelineOptions.vectorBits = getHostVectorBits();
  if (llvm::Error err = parsePipelineOptions(
          pipelineOptions, options.pipelineOptions, "ten-cpu-pipeline"))
    return err;
  std::string pipelineError;
  if (failed(buildTenCPUPipeline(pm, pipelineOptions, pipelineError)))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "ten-cpu-pipeline: " + pipelineError);
  if (failed(pm.run(module)))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "compilation failed");
  if (options.printFinal)
    module.print(*options.printFinal);

  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  context->appendDialectRegistry(registry);
  return llvm::Error::success();
}
