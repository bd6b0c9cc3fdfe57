//===- CudaExecutable.cpp - a ten module compiled for a GPU ---------------===//

#include "CudaExecutable.h"
#include "CudaLowering.h"

#include "ten/Runtime/CUDA/Driver.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"
#include "ten/Target/JitMemory.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/TargetSelect.h"

#include <chrono>
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
  tenCudaTakeError();
}

/// The chip of the first device the driver sees: sm_90 for compute
/// capability 9.0.
/// The chip of the GPU this process runs on (RuntimeWrappers.h).
static llvm::Expected<std::string> getProcessDeviceChip() {
  std::string message;
  const ::ten::cuda::Driver *driver = ::ten::cuda::Driver::get(message);
  std::vector<::ten::cuda::DeviceInfo> devices;
  if (!driver || !::ten::cuda::listDevices(*driver, devices, message))
    return error(message);
  if (devices.empty())
    return error("the CUDA driver sees no device");
  size_t ordinal = static_cast<size_t>(::ten::cuda::getDeviceOrdinal(*driver));
  const ::ten::cuda::DeviceInfo &device =
      devices[ordinal < devices.size() ? ordinal : 0];
  return "sm_" + std::to_string(device.major) + std::to_string(device.minor);
}

llvm::Expected<std::unique_ptr<Executable>>
CudaExecutable::compile(const Target &target, ModuleOp module,
                        const TargetOptions &options) {
  initializeNativeCodeGen();
  auto executable = std::unique_ptr<CudaExecutable>(new CudaExecutable());
  if (llvm::Error err = executable->readSignature(module, options.entry))
    return std::move(err);
  llvm::Expected<std::string> chip = getProcessDeviceChip();
  if (!chip)
    return chip.takeError();
  if (llvm::Error err = lowerForCuda(module, options, *chip))
    return std::move(err);

  ExecutionEngineOptions engineOptions;
  // Every module in one arena: see JitMemory.h.
  engineOptions.sectionMemoryMapper = &getJitMemoryMapper();
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
  std::string message;
  if (!executable->session.open(message))
    return error(message);
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

/// The deleter of results left on the device.
static void freeDeviceResult(void *allocation) {
  mgpuMemFree(allocation, /*stream=*/nullptr);
  // Nothing to report a failure to: it is dropped, not left pending.
  tenCudaTakeError();
}

/// The inputs of `inputs` as the device session takes them.
static std::vector<::ten::cuda::DeviceSession::Input>
getSessionInputs(ArrayRef<TensorRef> inputs) {
  std::vector<::ten::cuda::DeviceSession::Input> sessionInputs;
  for (const TensorRef &input : inputs)
    sessionInputs.push_back({input.data, input.shape.data(),
                             static_cast<int64_t>(input.shape.size()),
                             getElementSize(input.kind), input.onDevice});
  return sessionInputs;
}

/// What the device session needs to know of `results`.
static std::vector<::ten::cuda::DeviceSession::Result>
getSessionResults(ArrayRef<TensorSignature> results) {
  std::vector<::ten::cuda::DeviceSession::Result> resultTypes;
  for (const TensorSignature &signature : results)
    resultTypes.push_back({static_cast<int64_t>(signature.shape.size()),
                           getElementSize(signature.kind)});
  return resultTypes;
}

llvm::Expected<std::vector<ResultBuffer>>
CudaExecutable::runOnDevice(ArrayRef<TensorRef> inputs) {
  if (llvm::Error err = checkProcessGroup())
    return std::move(err);
  if (llvm::Error err =
          checkInputs(entry, arguments, inputs, /*takesDeviceMemory=*/true))
    return std::move(err);
  std::vector<ResultBuffer> buffers;
  buffers.reserve(results.size());
  auto take = [&](size_t index, const std::vector<int64_t> &shape,
                  void *allocation, void *data) {
    buffers.emplace_back(
        results[index].kind, SmallVector<int64_t>(shape.begin(), shape.end()),
        allocation, static_cast<char *>(data), freeDeviceResult);
  };
  std::string message;
  if (!session.runOnDevice(entry, packedEntry, getSessionInputs(inputs),
                           getSessionResults(results), take, message))
    return error(message);
  return buffers;
}

llvm::Expected<std::vector<RunTiming>>
CudaExecutable::benchmark(ArrayRef<TensorRef> inputs, unsigned repetitions) {
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
  if (llvm::Error err = checkProcessGroup())
    return std::move(err);
  if (llvm::Error err =
          checkInputs(entry, arguments, inputs, /*takesDeviceMemory=*/true))
    return std::move(err);
  auto hostStart = std::chrono::steady_clock::now();
  std::vector<HostTensor> hostResults(results.size());
  auto allocate = [&](size_t index, const std::vector<int64_t> &shape,
                      size_t /*bytes*/, std::string &why) -> void * {
    llvm::Expected<HostTensor> host =
        HostTensor::create(results[index].kind, shape);
    if (!host) {
      why = llvm::toString(host.takeError());
      return nullptr;
    }
    hostResults[index] = std::move(*host);
    return hostResults[index].bytes.data();
  };
  double deviceSeconds = 0;
  std::string message;
  if (!session.run(entry, packedEntry, getSessionInputs(inputs),
                   getSessionResults(results), allocate,
                   timing ? &deviceSeconds : nullptr, message))
    return error(message);
  if (timing) {
    timing->deviceSeconds = deviceSeconds;
    timing->seconds = std::chrono::duration<double>(
                          std::chrono::steady_clock::now() - hostStart)
                          .count();
  }
  return hostResults;
}
