//===- CPUTarget.cpp - the host CPU as a target ---------------------------===//

#include "ten/Target/CPU/CPUTarget.h"

#include "CpuExecutable.h"
#include "HostLowering.h"

#include "ten/Execution/PipelineOptions.h"
#include "ten/Runtime/Host/CheckedRun.h"
#include "ten/Runtime/Host/Collectives.h"
#include "ten/Runtime/Host/Fourier.h"
#include "ten/Runtime/Host/HostAllocator.h"
#include "ten/Runtime/Host/LinearAlgebra.h"
#include "ten/Runtime/Host/NarrowingConversions.h"
#include "ten/Runtime/Host/Partition.h"
#include "ten/Runtime/Host/Sort.h"
#include "ten/Target/CPU/Pipeline.h"
#include "ten/Target/HostObject.h"
#include "ten/Target/HostOptimizer.h"

#include "llvm/TargetParser/Host.h"

#include <algorithm>

extern "C" int omp_get_max_threads();

using namespace mlir;
using namespace mlir::ten;

namespace {
class CPUTarget final : public Target {
public:
  llvm::StringRef getName() const override { return "cpu"; }
  llvm::StringRef getDescription() const override {
    return "the host CPU: vectorized, multi-threaded (OpenMP), JIT-compiled";
  }
  llvm::StringRef getPipelineName() const override {
    return "ten-cpu-pipeline";
  }

  llvm::Expected<std::vector<std::string>> listDevices() const override {
    // The vector width the contraction kernel is compiled for.
    int64_t vectorBits = getHostVectorBits();
    return std::vector<std::string>{
        ("cpu:0: " + llvm::sys::getHostCPUName() + ", " +
         llvm::Twine(std::max(omp_get_max_threads(), 1)) + " threads, " +
         llvm::Twine(vectorBits) + "-bit vectors")
            .str()};
  }

  llvm::Error validatePipelineOptions(llvm::StringRef text) const override {
    return mlir::ten::validatePipelineOptions(text, getPipelineName(),
                                              buildTenCPUPipeline);
  }

  ArrayRef<RuntimeSymbol> getRuntimeSymbols() const override {
    static const RuntimeSymbol symbols[] = {
#define TEN_HOST_RUNTIME(name, implementation)                                 \
  {#name, reinterpret_cast<void *>(&implementation)},
#define TEN_HOST_ALLOCATOR(name, implementation)                               \
  {#name, reinterpret_cast<void *>(&implementation)},
#include "ten/Runtime/Host/HostRuntime.def"
    };
    return symbols;
  }

protected:
  /// The pipeline as for the JIT, but on one thread unless the options say
  /// otherwise, so that the object needs no OpenMP runtime; the C library's
  /// allocator, puts and abort replaced by the runtime's.
  llvm::Expected<std::string>
  compileModuleToObject(ModuleOp module, const TargetOptions &options,
                        llvm::StringRef symbol) const override {
    if (llvm::Error err = lowerForHost(module, options, /*threads=*/1))
      return std::move(err);
    static const RuntimeRename renames[] = {
#define TEN_HOST_RUNTIME(name, implementation) {#name, #implementation},
#define TEN_HOST_ALLOCATOR(name, implementation) {#name, #implementation},
#include "ten/Runtime/Host/HostRuntime.def"
    };
    return emitHostObject(module, options, symbol, renames);
  }

  llvm::Expected<std::unique_ptr<Executable>>
  compileModule(ModuleOp module, const TargetOptions &options) const override {
    return CpuExecutable::compile(*this, module, options);
  }
};
} // namespace

void mlir::ten::registerCPUTarget() {
  registerTarget(std::make_unique<CPUTarget>());
}
