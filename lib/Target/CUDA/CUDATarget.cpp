//===- CUDATarget.cpp - NVIDIA GPUs as a target ---------------------------===//

#include "ten/Target/CUDA/CUDATarget.h"

#include "CudaExecutable.h"

#include "ten/Execution/PipelineOptions.h"
#include "ten/Runtime/CUDA/Cublas.h"
#include "ten/Runtime/CUDA/CublasLt.h"
#include "ten/Runtime/CUDA/Driver.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"
#include "ten/Runtime/Host/CheckedRun.h"
#include "ten/Runtime/Host/NarrowingConversions.h"
#include "ten/Target/CUDA/Pipeline.h"

using namespace mlir;
using namespace mlir::ten;

/// mgpuMemAlloc and mgpuMemFree for the host code: device buffers are
/// tracked by the thread's current run, so that a failed run frees them.
static void *allocateDeviceInRun(uint64_t bytes, void *stream,
                                 bool hostShared) {
  void *pointer = mgpuMemAlloc(bytes, stream, hostShared);
  if (CheckedRun *run = CheckedRun::getCurrent(); run && pointer)
    run->track(pointer);
  return pointer;
}

static void freeDeviceInRun(void *pointer, void *stream) {
  if (CheckedRun *run = CheckedRun::getCurrent(); run && pointer)
    run->untrack(pointer);
  mgpuMemFree(pointer, stream);
}

/// The runtime's function for entry point `name`: itself, but for the
/// allocations that a run tracks.
template <typename Function>
static void *getImplementation(llvm::StringRef name, Function *function) {
  if (name == "mgpuMemAlloc")
    return reinterpret_cast<void *>(&allocateDeviceInRun);
  if (name == "mgpuMemFree")
    return reinterpret_cast<void *>(&freeDeviceInRun);
  return reinterpret_cast<void *>(function);
}

namespace {
class CUDATarget final : public Target {
public:
  llvm::StringRef getName() const override { return "cuda"; }
  llvm::StringRef getDescription() const override {
    return "the first NVIDIA GPU the CUDA driver sees: generated kernels and "
           "cuBLAS";
  }
  llvm::StringRef getPipelineName() const override {
    return "ten-nvvm-pipeline";
  }

  llvm::Error checkAvailable() const override {
    llvm::Expected<std::vector<std::string>> devices = listDevices();
    if (!devices)
      return devices.takeError();
    if (devices->empty())
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "target 'cuda': the CUDA driver sees no "
                                     "device");
    return llvm::Error::success();
  }

  llvm::Expected<std::vector<std::string>> listDevices() const override {
    std::string message;
    const ::ten::cuda::Driver *driver = ::ten::cuda::Driver::get(message);
    std::vector<::ten::cuda::DeviceInfo> devices;
    if (!driver || !::ten::cuda::listDevices(*driver, devices, message))
      return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
    std::vector<std::string> lines;
    for (const ::ten::cuda::DeviceInfo &device : devices)
      lines.push_back(device.str());
    return lines;
  }

  llvm::Error validatePipelineOptions(llvm::StringRef text) const override {
    return mlir::ten::validatePipelineOptions(text, getPipelineName(),
                                              buildTenNVVMPipeline);
  }

  ArrayRef<RuntimeSymbol> getRuntimeSymbols() const override {
    static const RuntimeSymbol symbols[] = {
#define TEN_HOST_RUNTIME(name, implementation)                                 \
  {#name, reinterpret_cast<void *>(&implementation)},
#include "ten/Runtime/Host/HostRuntime.def"
#define TEN_CUDA_UPSTREAM_ENTRY(name) {#name, getImplementation(#name, &name)},
#define TEN_CUDA_ENTRY(name) {#name, reinterpret_cast<void *>(&name)},
#include "ten/Runtime/CUDA/EntryPoints.def"
    };
    return symbols;
  }

protected:
  llvm::Expected<std::unique_ptr<Executable>>
  compileModule(ModuleOp module, const TargetOptions &options) const override {
    return CudaExecutable::compile(*this, module, options);
  }
};
} // namespace

void mlir::ten::registerCUDATarget() {
  registerTarget(std::make_unique<CUDATarget>());
}
