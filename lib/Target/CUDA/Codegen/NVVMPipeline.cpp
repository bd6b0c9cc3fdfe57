//===- NVVMPipeline.cpp - ten-nvvm-pipeline -------------------------------===//

#include "ten/Target/CUDA/Pipeline.h"

#include "ten/Codegen/Common/Passes.h"
#include "ten/Codegen/Common/PipelineRegistration.h"
#include "ten/Codegen/Common/Stages.h"
#include "ten/Target/CUDA/Passes.h"

#include "ten/Conversion/Passes.h"
#include "ten/Dialect/Ten/Transforms/Passes.h"

#include "mlir/Conversion/MathToFuncs/MathToFuncs.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSwitch.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::ten;

std::optional<std::string>
mlir::ten::getPTXFeatureForChip(llvm::StringRef chip) {
  // The first PTX ISA version of each target (NVIDIA's PTX ISA reference,
  // "PTX ISA Version" release notes: sm_80 in 7.0, sm_86 in 7.1, sm_87 in
  // 7.4, sm_89 and sm_90 in 7.8, sm_90a in 8.0).
  const char *feature = llvm::StringSwitch<const char *>(chip)
                            .Case("sm_80", "+ptx70")
                            .Case("sm_86", "+ptx71")
                            .Case("sm_87", "+ptx74")
                            .Case("sm_89", "+ptx78")
                            .Case("sm_90", "+ptx78")
                            .Case("sm_90a", "+ptx80")
                            .Default(nullptr);
  if (!feature)
    return std::nullopt;
  return std::string(feature);
}

std::string mlir::ten::getDefaultCUDAPath() {
  for (const char *variable : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *path = std::getenv(variable); path && *path)
      return path;
  return "/usr/local/cuda";
}

/// The host's math functions to LLVM, and what the lowerings left behind.
static void addFinalLoweringCleanup(OpPassManager &pm) {
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

LogicalResult
mlir::ten::buildTenNVVMPipeline(OpPassManager &pm,
                                const TenNVVMPipelineOptions &options,
                                std::string &error) {
  std::optional<std::string> ptx = getPTXFeatureForChip(options.chip);
  if (!ptx) {
    error = "unknown chip '" + options.chip +
            "' (sm_80, sm_86, sm_87, sm_89, sm_90 or sm_90a)";
    return failure();
  }
  if (options.format != "isa" && options.format != "bin" &&
      options.format != "fatbin") {
    error = "unknown format '" + options.format + "' (isa, bin or fatbin)";
    return failure();
  }
  if (options.optLevel < 0 || options.optLevel > 3) {
    error = "opt-level " + std::to_string(options.optLevel) +
            " is not one of 0 to 3";
    return failure();
  }
  if (options.blockSize < 1 || options.blockSize > 1024) {
    error = "block-size " + std::to_string(options.blockSize) +
            " is not one of 1 to 1024";
    return failure();
  }
  if (options.maxLaneVectors < 0) {
    error = "max-lane-vectors " + std::to_string(options.maxLaneVectors) +
            " is below 0";
    return failure();
  }
  std::string cudaPath = options.cudaPath.empty()
                             ? getDefaultCUDAPath()
                             : std::string(options.cudaPath);

  // ten to linalg on tensors, elementwise chains fused, as on the CPU;
  // complex contractions stay whole for cublasCgemm/Zgemm when cuBLAS runs
  // the GEMMs (one call, not four real ones and a kernel joining them).
  // The host cannot read GPU buffers: sorts are networks of kernels, not
  // the host runtime's sort; no check of indices on the host.
  addTenToLinalgStage(pm, options.einsumPath, options.explain,
                      /*splitComplexContractions=*/!options.useCublas,
                      /*hostReadsBuffers=*/false);
  // Partitioned over the grid's processes, one per GPU, the collectives on
  // NCCL (a grid of one process only loses the shardings' attributes).
  addShardingStage(pm, "nccl");
  pm.addPass(createTenFuseElementwisePass());
  // A fill per reduction, which its kernel folds, instead of a shared one
  // and a copy.
  pm.addPass(createTenSplitSharedFillsPass());

  // Buffers, every function result a fresh one; then in GPU memory.
  addBufferizationStage(pm);
  // Copies from and into views (slices, a concat's parts) become kernels;
  // only copies of whole buffers stay copies.
  TenStridedCopiesToLinalgPassOptions copyOptions;
  copyOptions.contiguousViews = false;
  pm.addPass(createTenStridedCopiesToLinalgPass(copyOptions));
  if (options.cInterface)
    pm.addNestedPass<func::FuncOp>(LLVM::createLLVMRequestCWrappersPass());

  // Each op becomes a kernel (but fused row chains): row reductions one
  // block per output, combined across the block's threads; every other op's
  // parallel loops over blocks and threads, its reduction loops inside each
  // thread.
  if (options.useCublas) {
    TenGPUDispatchGemmPassOptions gemmOptions;
    gemmOptions.allowTF32 = options.allowTF32;
    gemmOptions.fastRelu = options.fastRelu;
    gemmOptions.explain = options.explain;
    pm.addPass(createTenGPUDispatchGemmPass(gemmOptions));
  }
  // A row reduction and the ops that use its rows: one kernel, a block per
  // row (in whole warps: the fusion needs a block-wide all_reduce).
  if (options.fuseRows && options.blockSize >= 32) {
    TenGPUFuseRowsPassOptions fuseOptions;
    fuseOptions.blockSize = options.blockSize - options.blockSize % 32;
    pm.addNestedPass<func::FuncOp>(createTenGPUFuseRowsPass(fuseOptions));
  }
  TenGPUMapReductionsPassOptions reductionOptions;
  reductionOptions.blockSize = options.blockSize;
  reductionOptions.maxLaneVectors = options.maxLaneVectors;
  pm.addNestedPass<func::FuncOp>(
      createTenGPUMapReductionsPass(reductionOptions));
  pm.addNestedPass<func::FuncOp>(createTenGPUVectorizeElementwisePass());
  pm.addNestedPass<func::FuncOp>(createTenGPUWrapSerialOpsPass());
  pm.addNestedPass<func::FuncOp>(createTenGPUInnermostScanLoopsPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToParallelLoopsPass());
  TenGPUMapLoopsPassOptions mapOptions;
  mapOptions.blockSize = options.blockSize;
  pm.addNestedPass<func::FuncOp>(createTenGPUMapLoopsPass(mapOptions));
  pm.addNestedPass<func::FuncOp>(createConvertParallelLoopToGpuPass());
  // What the host still reads of GPU buffers (a check's flag, a size),
  // copied to it.
  pm.addPass(createTenGPUHostReadsPass());
  pm.addPass(createCanonicalizerPass());
  // Last before outlining: the canonicalizer hoists the constants that this
  // pass puts in kernels back to the function's entry.
  pm.addNestedPass<func::FuncOp>(createTenGPUDeviceMemoryPass());

  // Complex arithmetic as real arithmetic on the parts.
  pm.addPass(createConvertComplexToStandardPass());
  // Integer powers have no LLVM intrinsic: an implementation is outlined as
  // a function, which outlining copies into each kernel's module.
  pm.addPass(createConvertMathToFuncs());

  // Kernels outlined into gpu.modules that carry the NVVM target.
  pm.addPass(createGpuKernelOutliningPass());
  // The host's GPU ops (allocations, copies, launches) asynchronous, the
  // form that gpu-to-llvm lowers to runtime calls; then all of them on the
  // runtime's current stream, with no waits between them.
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  pm.addPass(createTenGPUOneStreamPass());
  // Atomic products (a scatter's mul) as compare-and-swap loops.
  pm.addPass(createTenExpandAtomicsPass());
  pm.addPass(createTenExpandArithPass());
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  if (!options.emulateKernels) {
    // Before arith becomes LLVM: the NVVM lowering refuses LLVM's frem.
    pm.addNestedPass<gpu::GPUModuleOp>(createTenGPULibdeviceRemainderPass());
    GpuNVVMAttachTargetOptions targetOptions;
    targetOptions.chip = options.chip;
    targetOptions.features = *ptx;
    targetOptions.optLevel = options.optLevel;
    pm.addPass(createGpuNVVMAttachTarget(targetOptions));
  }
  pm.addPass(createLowerAffinePass());
  pm.addPass(createArithToLLVMConversionPass());
  // Complex numbers that remain (parts, constants) as LLVM structs.
  pm.addPass(createConvertComplexToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // For running without a GPU: the same kernels, compiled for the host and
  // called once per GPU thread by the driver.
  if (options.emulateKernels) {
    pm.addNestedPass<gpu::GPUModuleOp>(createTenGPUKernelsToHostPass());
    pm.addPass(createGpuToLLVMConversionPass());
    pm.addPass(createTenGPULaunchHostKernelsPass());
    addFinalLoweringCleanup(pm);
    return success();
  }

  // The kernels in NVVM; math functions become libdevice calls.
  pm.addNestedPass<gpu::GPUModuleOp>(createConvertGpuOpsToNVVMOps());
  pm.addNestedPass<gpu::GPUModuleOp>(createCanonicalizerPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createCSEPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createReconcileUnrealizedCastsPass());
  // Without libdevice those calls would reach the binary unresolved and the
  // module would fail to load on the GPU: say so now instead.
  TenGPUCheckExternalCallsPassOptions checkOptions;
  checkOptions.cudaPath = cudaPath;
  pm.addNestedPass<gpu::GPUModuleOp>(
      createTenGPUCheckExternalCallsPass(checkOptions));

  // The host's launches, then the binary.
  pm.addPass(createGpuToLLVMConversionPass());
  if (options.explain) {
    TenGPUReportKernelResourcesPassOptions reportOptions;
    reportOptions.cudaPath = cudaPath;
    pm.addPass(createTenGPUReportKernelResourcesPass(reportOptions));
  }
  GpuModuleToBinaryPassOptions binaryOptions;
  binaryOptions.toolkitPath = cudaPath;
  binaryOptions.compilationTarget = options.format;
  pm.addPass(createGpuModuleToBinaryPass(binaryOptions));
  addFinalLoweringCleanup(pm);
  return success();
}

void mlir::ten::registerTenNVVMPipeline() {
  registerPipeline<TenNVVMPipelineOptions>(
      "ten-nvvm-pipeline",
      "Lower ten to kernels for NVIDIA GPUs in a gpu.binary, launched by the "
      "host functions",
      buildTenNVVMPipeline);
}
