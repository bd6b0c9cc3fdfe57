//===- CudaExecutable.cpp - a ten module compiled for a GPU ---------------===//

#include "ten/Execution/CudaExecutable.h"
#include "ten/Execution/ElementTypes.h"
#include "ten/Pipelines/Pipelines.h"
#include "ten/Runtime/CUDA/Cublas.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"

#include "CheckedRun.h"

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
  std::vector<std::vector<int64_t>> descriptors;
  for (const TensorRef &input : inputs) {
    int64_t elements = 1;
    for (int64_t size : input.shape)
      elements *= size;
    size_t bytes = elements * getElementSize(input.kind);
    void *device = mgpuMemAlloc(bytes, nullptr, /*hostShared=*/false);
    deviceInputs.push_back(device);
    mgpuMemcpy(device, const_cast<void *>(input.data), bytes, nullptr);
    std::vector<int64_t> descriptor(3 + 2 * input.shape.size(), 0);
    descriptor[0] = descriptor[1] = reinterpret_cast<int64_t>(device);
    int64_t stride = 1;
    for (int64_t dim = input.shape.size() - 1; dim >= 0; --dim) {
      descriptor[3 + dim] = input.shape[dim];
      descriptor[3 + input.shape.size() + dim] = stride;
      stride *= input.shape[dim];
    }
    descriptors.push_back(std::move(descriptor));
  }
  mgpuStreamSynchronize(nullptr);
  if (llvm::Error err = takeCudaError()) {
    freeInputs();
    return std::move(err);
  }

  // The results come back as consecutive descriptors of device buffers.
  size_t resultWords = 0;
  for (const TensorSignature &result : results)
    resultWords += 3 + 2 * result.shape.size();
  std::vector<int64_t> resultStorage(std::max<size_t>(resultWords, 1), 0);
  void *resultPointer = resultStorage.data();
  std::vector<void *> argPointers;
  for (std::vector<int64_t> &descriptor : descriptors)
    argPointers.push_back(descriptor.data());
  std::vector<void *> packedArgs;
  if (!results.empty())
    packedArgs.push_back(&resultPointer);
  for (void *&pointer : argPointers)
    packedArgs.push_back(&pointer);
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
  packedEntry(packedArgs.data());
  run.end();
  llvm::Error runError = takeCudaError();

  // Each result copied back row by row of its innermost dimension, then
  // its buffer freed (once, if returned twice).
  std::vector<HostTensor> hostResults;
  std::vector<void *> freed;
  size_t at = 0;
  for (const TensorSignature &signature : results) {
    int64_t rank = signature.shape.size();
    const int64_t *descriptor = &resultStorage[at];
    at += 3 + 2 * rank;
    SmallVector<int64_t> shape(descriptor + 3, descriptor + 3 + rank);
    HostTensor tensor(signature.kind, shape);
    if (!runError) {
      size_t elementBytes = getElementSize(signature.kind);
      char *base = reinterpret_cast<char *>(descriptor[1]) +
                   descriptor[2] * elementBytes;
      const int64_t *strides = descriptor + 3 + rank;
      int64_t elements = tensor.getNumElements();
      // Row-major and contiguous: one copy; rows contiguous: one per row.
      bool contiguous = true;
      for (int64_t dim = rank - 1, expected = 1; dim >= 0; --dim) {
        contiguous &= shape[dim] == 1 || strides[dim] == expected;
        expected *= shape[dim];
      }
      int64_t innermost = contiguous ? elements : (rank ? shape[rank - 1] : 1);
      bool rowsContiguous = contiguous || rank == 0 || strides[rank - 1] == 1;
      for (int64_t first = 0; first < elements && rowsContiguous;
           first += innermost) {
        int64_t offset = 0, rest = first;
        for (int64_t dim = rank - 1; dim >= 0; --dim) {
          offset += (rest % shape[dim]) * strides[dim];
          rest /= shape[dim];
        }
        mgpuMemcpy(tensor.bytes.data() + first * elementBytes,
                   base + offset * elementBytes, innermost * elementBytes,
                   nullptr);
      }
      for (int64_t i = 0; i < elements && !rowsContiguous; ++i) {
        int64_t offset = 0, rest = i;
        for (int64_t dim = rank - 1; dim >= 0; --dim) {
          offset += (rest % shape[dim]) * strides[dim];
          rest /= shape[dim];
        }
        mgpuMemcpy(tensor.bytes.data() + i * elementBytes,
                   base + offset * elementBytes, elementBytes, nullptr);
      }
    }
    void *allocation = reinterpret_cast<void *>(descriptor[0]);
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
