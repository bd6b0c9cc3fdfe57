//===- CudaExecutable.cpp - a ten module compiled for a GPU ---------------===//

#include "ten/Execution/CudaExecutable.h"
#include "ten/Execution/ElementTypes.h"
#include "ten/Pipelines/Pipelines.h"
#include "ten/Runtime/CUDA/Cublas.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"

#include "CheckedRun.h"
#include "PackedCall.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/TargetSelect.h"

#include <cstring>
#include <mutex>

using namespace mlir;
using namespace mlir::ten;

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// The pending CUDA failure of this thread, as an error.
static llvm::Error takeCudaError() {
  if (const char *message = tenCudaTakeError())
    return error(message);
  return llvm::Error::success();
}

CudaExecutable::~CudaExecutable() = default;

llvm::Expected<std::unique_ptr<CudaExecutable>>
CudaExecutable::compile(ModuleOp module, const Options &options) {
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });

  auto executable = std::unique_ptr<CudaExecutable>(new CudaExecutable());
  executable->entry = options.entry;
  if (llvm::Error err = getEntrySignature(
          module, options.entry, executable->arguments, executable->results))
    return std::move(err);

  MLIRContext *context = module.getContext();
  PassManager pm(context);
  TenNVVMPipelineOptions pipelineOptions;
  pipelineOptions.chip = options.chip;
  pipelineOptions.useCublas = options.useCublas;
  pipelineOptions.cInterface = true;
  std::string pipelineError;
  if (failed(buildTenNVVMPipeline(pm, pipelineOptions, pipelineError)))
    return error("ten-nvvm-pipeline: " + pipelineError);
  if (failed(pm.run(module)))
    return error("compilation failed");
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

  ExecutionEngineOptions engineOptions;
  auto optimize = makeOptimizingTransformer(/*optLevel=*/2, /*sizeLevel=*/0,
                                            /*targetMachine=*/nullptr);
  engineOptions.transformer = optimize;
  auto engine = ExecutionEngine::create(module, engineOptions);
  if (!engine)
    return error("JIT compilation failed: " +
                 llvm::toString(engine.takeError()));
  // The runtime's entry points are this library's, not the process's.
  (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    auto bind = [&](const char *name, auto *function) {
      symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(function),
                                 llvm::JITSymbolFlags::Exported};
    };
    bind("mgpuModuleLoad", &mgpuModuleLoad);
    bind("mgpuModuleLoadJIT", &mgpuModuleLoadJIT);
    bind("mgpuModuleUnload", &mgpuModuleUnload);
    bind("mgpuModuleGetFunction", &mgpuModuleGetFunction);
    bind("mgpuLaunchKernel", &mgpuLaunchKernel);
    bind("mgpuStreamCreate", &mgpuStreamCreate);
    bind("mgpuStreamDestroy", &mgpuStreamDestroy);
    bind("mgpuStreamSynchronize", &mgpuStreamSynchronize);
    bind("mgpuStreamWaitEvent", &mgpuStreamWaitEvent);
    bind("mgpuEventCreate", &mgpuEventCreate);
    bind("mgpuEventDestroy", &mgpuEventDestroy);
    bind("mgpuEventSynchronize", &mgpuEventSynchronize);
    bind("mgpuEventRecord", &mgpuEventRecord);
    bind("mgpuMemAlloc", &mgpuMemAlloc);
    bind("mgpuMemFree", &mgpuMemFree);
    bind("mgpuMemcpy", &mgpuMemcpy);
    bind("mgpuMemset32", &mgpuMemset32);
    bind("mgpuMemset16", &mgpuMemset16);
    bind("tenCudaGemmStridedBatched", &tenCudaGemmStridedBatched);
    // A failed run-time check returns to run (CheckedRun.h).
    bind("puts", &tenrtRecordCheckMessage);
    bind("abort", &tenrtFailRun);
    return symbols;
  });
  // The kernels' modules are loaded by the host code's constructors.
  (*engine)->initialize();
  if (llvm::Error err = takeCudaError())
    return error("loading the kernels: " + llvm::toString(std::move(err)));
  auto packedEntry = (*engine)->lookupPacked("_mlir_ciface_" + options.entry);
  if (!packedEntry)
    return error("JIT compilation failed: " +
                 llvm::toString(packedEntry.takeError()));
  executable->packedEntry = *packedEntry;
  executable->engine = std::move(*engine);
  return executable;
}

llvm::Expected<std::vector<HostTensor>>
CudaExecutable::run(ArrayRef<TensorRef> inputs) {
  if (llvm::Error err = checkInputs(entry, arguments, inputs))
    return std::move(err);
  // Nothing pending from an earlier run on this thread.
  tenCudaTakeError();

  // Each input in device memory, described row-major.
  std::vector<void *> deviceInputs;
  auto freeInputs = [&] {
    for (void *pointer : deviceInputs)
      mgpuMemFree(pointer, nullptr);
  };
  std::vector<Descriptor> descriptors;
  for (const TensorRef &input : inputs) {
    int64_t elements = 1;
    for (int64_t size : input.shape)
      elements *= size;
    size_t bytes = elements * getElementSize(input.kind);
    void *device = mgpuMemAlloc(bytes, nullptr, /*hostShared=*/false);
    deviceInputs.push_back(device);
    mgpuMemcpy(device, const_cast<void *>(input.data), bytes, nullptr);
    descriptors.push_back(Descriptor::rowMajor(device, input.shape));
  }
  mgpuStreamSynchronize(nullptr);
  if (llvm::Error err = takeCudaError()) {
    freeInputs();
    return std::move(err);
  }

  // The results come back as consecutive descriptors of device buffers.
  std::vector<int64_t> resultStorage;
  PackedCall call(std::move(descriptors), results, resultStorage);
  CheckedRun run;
  run.begin();
  if (setjmp(run.returnPoint) != 0) {
    // The host code stopped at a failed check: what it allocated before is
    // lost, the inputs are freed.
    run.end();
    tenCudaTakeError();
    freeInputs();
    return error("run-time check failed: " + run.failure);
  }
  packedEntry(call.get());
  run.end();
  llvm::Error runError = takeCudaError();

  // Each result copied back, then its buffer freed (once, if returned
  // twice).
  std::vector<HostTensor> hostResults;
  std::vector<void *> freed;
  size_t at = 0;
  for (const TensorSignature &signature : results) {
    int64_t rank = signature.shape.size();
    Descriptor descriptor(&resultStorage[at], rank);
    at += 3 + 2 * rank;
    SmallVector<int64_t> shape;
    for (int64_t dim = 0; dim < rank; ++dim)
      shape.push_back(descriptor.getSize(dim));
    HostTensor tensor(signature.kind, shape);
    if (!runError) {
      size_t elementBytes = getElementSize(signature.kind);
      char *base =
          descriptor.getAligned() + descriptor.getOffset() * elementBytes;
      // As few copies as the layout allows: one for a row-major buffer, one
      // per row for contiguous rows, else one per element.
      bool contiguous = true;
      for (int64_t dim = rank - 1, expected = 1; dim >= 0; --dim) {
        contiguous &= shape[dim] == 1 || descriptor.getStride(dim) == expected;
        expected *= shape[dim];
      }
      int64_t elements = tensor.getNumElements();
      int64_t chunk = contiguous                            ? elements
                      : descriptor.getStride(rank - 1) == 1 ? shape[rank - 1]
                                                            : 1;
      for (int64_t first = 0; first < elements; first += chunk) {
        int64_t offset = 0, rest = first;
        for (int64_t dim = rank - 1; dim >= 0; --dim) {
          offset += (rest % shape[dim]) * descriptor.getStride(dim);
          rest /= shape[dim];
        }
        mgpuMemcpy(tensor.bytes.data() + first * elementBytes,
                   base + offset * elementBytes, chunk * elementBytes, nullptr);
      }
    }
    void *allocation = descriptor.getAllocated();
    if (allocation && llvm::find(freed, allocation) == freed.end()) {
      freed.push_back(allocation);
      mgpuMemFree(allocation, nullptr);
    }
    hostResults.push_back(std::move(tensor));
  }
  freeInputs();
  if (runError)
    return std::move(runError);
  mgpuStreamSynchronize(nullptr);
  if (llvm::Error err = takeCudaError())
    return std::move(err);
  return hostResults;
}
