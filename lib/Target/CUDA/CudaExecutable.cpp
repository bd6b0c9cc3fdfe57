//===- CudaExecutable.cpp - a ten module compiled for a GPU ---------------===//

#include "CudaExecutable.h"

#include "ten/InitGPUDialects.h"

#include "ten/Execution/IRPrinting.h"
#include "ten/Execution/PipelineOptions.h"
#include "ten/Runtime/CUDA/Driver.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"
#include "ten/Runtime/Host/CheckedRun.h"
#include "ten/Runtime/Host/PackedCall.h"
#include "ten/Target/CUDA/Pipeline.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"

#include <algorithm>
#include <chrono>
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

CudaExecutable::~CudaExecutable() {
  // The engine first: its destructors unload the kernels' modules.
  engine.reset();
  if (startEvent)
    mgpuEventDestroy(startEvent);
  if (endEvent)
    mgpuEventDestroy(endEvent);
  if (stream)
    mgpuStreamDestroy(stream);
  tenCudaTakeError();
}

CudaExecutable::StagingBuffer::~StagingBuffer() { tenCudaHostFree(data); }

bool CudaExecutable::StagingBuffer::reserve(size_t needed) {
  if (needed <= bytes)
    return true;
  tenCudaHostFree(data);
  // Twice as much, so that a growing size reallocates rarely.
  bytes = std::max<size_t>(needed, 2 * bytes);
  data = static_cast<char *>(tenCudaHostAlloc(bytes));
  if (!data)
    bytes = 0;
  return data != nullptr;
}

namespace {
/// Makes `stream` the runtime's current stream while it lives.
class CurrentStreamScope {
public:
  explicit CurrentStreamScope(void *stream)
      : previous(tenCudaSetCurrentStream(stream)) {}
  ~CurrentStreamScope() { tenCudaSetCurrentStream(previous); }

private:
  void *previous;
};
} // namespace

/// Why `bytes` of page-locked memory could not be had.
static llvm::Error stagingError(size_t bytes) {
  if (llvm::Error err = takeCudaError())
    return err;
  return error("no page-locked staging buffer of " + llvm::Twine(bytes) +
               " bytes");
}

/// Bytes rounded up so that each staged tensor starts 64-byte aligned.
static size_t roundUp(size_t bytes) { return (bytes + 63) & ~size_t(63); }

/// The chip of the first device the driver sees: sm_90 for compute
/// capability 9.0.
static llvm::Expected<std::string> getFirstDeviceChip() {
  std::string message;
  const ::ten::cuda::Driver *driver = ::ten::cuda::Driver::get(message);
  std::vector<::ten::cuda::DeviceInfo> devices;
  if (!driver || !::ten::cuda::listDevices(*driver, devices, message))
    return error(message);
  if (devices.empty())
    return error("the CUDA driver sees no device");
  return "sm_" + std::to_string(devices.front().major) +
         std::to_string(devices.front().minor);
}

llvm::Expected<std::unique_ptr<Executable>>
CudaExecutable::compile(const Target &target, ModuleOp module,
                        const TargetOptions &options) {
  initializeNativeCodeGen();
  auto executable = std::unique_ptr<CudaExecutable>(new CudaExecutable());
  if (llvm::Error err = executable->readSignature(module, options.entry))
    return std::move(err);

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
  llvm::Expected<std::string> chip = getFirstDeviceChip();
  if (!chip)
    return chip.takeError();
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
    return std::move(err);
  // The JIT calls the entry through its C interface.
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
  auto optimize = makeOptimizingTransformer(options.optLevel, /*sizeLevel=*/0,
                                            /*targetMachine=*/nullptr);
  // The options hold a function_ref: the transformer must outlive them.
  auto transformer = [&](llvm::Module *module) -> llvm::Error {
    if (llvm::Error err = optimize(module))
      return err;
    if (options.printOptimizedLLVM)
      module->print(*options.printOptimizedLLVM, /*AAW=*/nullptr);
    return llvm::Error::success();
  };
  engineOptions.transformer = transformer;
  auto engine = ExecutionEngine::create(module, engineOptions);
  if (!engine)
    return error("JIT compilation failed: " +
                 llvm::toString(engine.takeError()));
  target.bindRuntimeSymbols(**engine);
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
  executable->stream = mgpuStreamCreate();
  if (llvm::Error err = takeCudaError())
    return std::move(err);
  return executable;
}

llvm::Expected<std::vector<HostTensor>>
CudaExecutable::run(ArrayRef<TensorRef> inputs) {
  return runOnce(inputs, /*timing=*/nullptr);
}

llvm::Expected<std::vector<ResultBuffer>>
CudaExecutable::runInPlace(ArrayRef<TensorRef> inputs) {
  llvm::Expected<std::vector<HostTensor>> tensors = run(inputs);
  if (!tensors)
    return tensors.takeError();
  std::vector<ResultBuffer> buffers;
  for (HostTensor &tensor : *tensors)
    buffers.emplace_back(std::move(tensor));
  return buffers;
}

llvm::Expected<std::vector<RunTiming>>
CudaExecutable::benchmark(ArrayRef<TensorRef> inputs, unsigned repetitions) {
  if (!startEvent)
    startEvent = tenCudaTimingEventCreate();
  if (!endEvent)
    endEvent = tenCudaTimingEventCreate();
  if (llvm::Error err = takeCudaError())
    return std::move(err);
  std::vector<RunTiming> timings;
  for (unsigned repetition = 0; repetition < repetitions; ++repetition) {
    RunTiming timing;
    if (auto results = runOnce(inputs, &timing); !results)
      return results.takeError();
    timings.push_back(timing);
  }
  return timings;
}

llvm::Expected<std::vector<HostTensor>>
CudaExecutable::runOnce(ArrayRef<TensorRef> inputs, RunTiming *timing) {
  if (llvm::Error err = checkInputs(entry, arguments, inputs))
    return std::move(err);
  auto hostStart = std::chrono::steady_clock::now();
  // Nothing pending from an earlier run on this thread.
  tenCudaTakeError();
  CurrentStreamScope streamScope(stream);

  // Each input staged in page-locked memory and copied on the stream into
  // device memory allocated on it; described row-major.
  std::vector<size_t> inputBytes;
  size_t stagedBytes = 0;
  for (const TensorRef &input : inputs) {
    int64_t elements = 1;
    for (int64_t size : input.shape)
      elements *= size;
    inputBytes.push_back(elements * getElementSize(input.kind));
    stagedBytes += roundUp(inputBytes.back());
  }
  if (!inputStaging.reserve(stagedBytes))
    return stagingError(stagedBytes);
  std::vector<void *> deviceInputs;
  auto freeInputs = [&] {
    for (void *pointer : deviceInputs)
      mgpuMemFree(pointer, stream);
  };
  std::vector<Descriptor> descriptors;
  size_t staged = 0;
  for (auto [input, bytes] : llvm::zip_equal(inputs, inputBytes)) {
    void *device = mgpuMemAlloc(bytes, stream, /*hostShared=*/false);
    deviceInputs.push_back(device);
    // An empty tensor has no bytes to copy, and maybe no buffer at all.
    if (bytes) {
      std::memcpy(inputStaging.data + staged, input.data, bytes);
      mgpuMemcpy(device, inputStaging.data + staged, bytes, stream);
    }
    staged += roundUp(bytes);
    descriptors.push_back(
        Descriptor::rowMajor(device, input.shape.data(), input.shape.size()));
  }
  if (llvm::Error err = takeCudaError()) {
    freeInputs();
    mgpuStreamSynchronize(stream);
    tenCudaTakeError();
    return std::move(err);
  }

  // The results come back as consecutive descriptors of device buffers.
  std::vector<int64_t> resultStorage;
  PackedCall call(std::move(descriptors), getRanks(results), resultStorage);
  CheckedRun run(entry);
  run.begin();
  if (setjmp(run.returnPoint) != 0) {
    // The host code stopped at a failed check: what it allocated before and
    // the inputs are freed.
    run.end();
    tenCudaTakeError();
    for (void *pointer : run.takeAllocations())
      mgpuMemFree(pointer, stream);
    freeInputs();
    mgpuStreamSynchronize(stream);
    tenCudaTakeError();
    return error(run.describeFailure());
  }
  if (timing)
    mgpuEventRecord(startEvent, stream);
  packedEntry(call.get());
  if (timing)
    mgpuEventRecord(endEvent, stream);
  run.end();
  // What the host code did not free is its results', freed below.
  run.takeAllocations();
  llvm::Error runError = takeCudaError();

  // The results' descriptors, then their bytes staged for the copies back.
  std::vector<Descriptor> resultDescriptors;
  std::vector<HostTensor> hostResults;
  size_t resultBytes = 0, at = 0;
  for (const TensorSignature &signature : results) {
    int64_t rank = signature.shape.size();
    resultDescriptors.emplace_back(&resultStorage[at], rank);
    at += 3 + 2 * rank;
    SmallVector<int64_t> shape;
    for (int64_t dim = 0; dim < rank; ++dim)
      shape.push_back(resultDescriptors.back().getSize(dim));
    // A result that the host cannot hold fails the run (its device buffer
    // is freed below, with the others).
    llvm::Expected<HostTensor> host =
        runError ? HostTensor() : HostTensor::create(signature.kind, shape);
    if (!host) {
      runError =
          error("'" + entry + "': result " + llvm::Twine(hostResults.size()) +
                ": " + llvm::toString(host.takeError()));
      host = HostTensor();
    }
    hostResults.push_back(std::move(*host));
    resultBytes += roundUp(hostResults.back().bytes.size());
  }
  if (!runError && !resultStaging.reserve(resultBytes))
    runError = stagingError(resultBytes);

  // Each result copied into its staging slot on the stream; then the
  // results' buffers freed on the stream, each once: a buffer returned twice
  // is freed after both copies, one that is an input with the inputs.
  size_t slot = 0;
  for (auto [descriptor, tensor] :
       llvm::zip_equal(resultDescriptors, hostResults)) {
    int64_t rank = descriptor.getRank();
    if (!runError) {
      ArrayRef<int64_t> shape = tensor.shape;
      size_t elementBytes = getElementSize(tensor.kind);
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
        mgpuMemcpy(resultStaging.data + slot + first * elementBytes,
                   base + offset * elementBytes, chunk * elementBytes, stream);
      }
      slot += roundUp(tensor.bytes.size());
    }
  }
  std::vector<void *> freed = deviceInputs;
  for (const Descriptor &descriptor : resultDescriptors) {
    void *allocation = descriptor.getAllocated();
    if (allocation && llvm::find(freed, allocation) == freed.end()) {
      freed.push_back(allocation);
      mgpuMemFree(allocation, stream);
    }
  }
  freeInputs();
  // The one wait of the run.
  mgpuStreamSynchronize(stream);
  if (runError) {
    tenCudaTakeError();
    return std::move(runError);
  }
  if (llvm::Error err = takeCudaError())
    return std::move(err);
  slot = 0;
  for (HostTensor &tensor : hostResults) {
    if (!tensor.bytes.empty())
      std::memcpy(tensor.bytes.data(), resultStaging.data + slot,
                  tensor.bytes.size());
    slot += roundUp(tensor.bytes.size());
  }
  if (timing) {
    timing->deviceSeconds =
        tenCudaEventElapsedMilliseconds(startEvent, endEvent) / 1e3;
    timing->seconds = std::chrono::duration<double>(
                          std::chrono::steady_clock::now() - hostStart)
                          .count();
    if (llvm::Error err = takeCudaError())
      return std::move(err);
  }
  return hostResults;
}
