//===- CUDATarget.cpp - NVIDIA GPUs as a target ---------------------------===//

#include "ten/Target/CUDA/CUDATarget.h"

#include "CudaExecutable.h"
#include "CudaLowering.h"

#include "ten/Execution/PipelineOptions.h"
#include "ten/Runtime/CUDA/Cublas.h"
#include "ten/Runtime/CUDA/CublasLt.h"
#include "ten/Runtime/CUDA/DenseLinearAlgebra.h"
#include "ten/Runtime/CUDA/Driver.h"
#include "ten/Runtime/CUDA/Nccl.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"
#include "ten/Runtime/Host/CheckedRun.h"
#include "ten/Runtime/Host/Collectives.h"
#include "ten/Runtime/Host/Fourier.h"
#include "ten/Runtime/Host/LinearAlgebra.h"
#include "ten/Runtime/Host/NarrowingConversions.h"
#include "ten/Runtime/Host/Partition.h"
#include "ten/Runtime/Host/Sort.h"
#include "ten/Target/CUDA/Pipeline.h"
#include "ten/Target/HostObject.h"

using namespace mlir;
using namespace mlir::ten;

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
#define TEN_CUDA_UPSTREAM_ENTRY(name, implementation)                          \
  {#name, reinterpret_cast<void *>(&implementation)},
#define TEN_CUDA_ENTRY(name) {#name, reinterpret_cast<void *>(&name)},
#include "ten/Runtime/CUDA/EntryPoints.def"
    };
    return symbols;
  }

  llvm::StringRef getAotRunFunction() const override { return "tenAotCudaRun"; }

protected:
  /// For the chip the options name (else the pipeline's default, sm_90):
  /// the kernels embedded in the host code, which loads them when the
  /// program starts; the device allocator's calls sent to the one whose
  /// buffers a failed run frees.
  llvm::Expected<std::string>
  compileModuleToObject(ModuleOp module, const TargetOptions &options,
                        llvm::StringRef symbol) const override {
    if (llvm::Error err = lowerForCuda(module, options, std::nullopt))
      return std::move(err);
    static const RuntimeRename renames[] = {
#define TEN_HOST_RUNTIME(name, implementation) {#name, #implementation},
#include "ten/Runtime/Host/HostRuntime.def"
#define TEN_CUDA_UPSTREAM_ENTRY(name, implementation) {#name, #implementation},
#include "ten/Runtime/CUDA/EntryPoints.def"
    };
    return emitHostObject(module, options, symbol, renames);
  }

  llvm::Expected<std::unique_ptr<Executable>>
  compileModule(ModuleOp module, const TargetOptions &options) const override {
    return CudaExecutable::compile(*this, module, options);
  }
};
} // namespace

void mlir::ten::registerCUDATarget() {
  registerTarget(std::make_unique<CUDATarget>());
}
