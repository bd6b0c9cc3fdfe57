//===- GPUCheckExternalCalls.cpp - the ten-gpu-check-external-calls pass --===//
//
// A kernel module that declares a function it does not define loads on the
// GPU only if serialization links the definition in; for libdevice's math
// functions it does so from the CUDA toolkit. Where that toolkit has no
// libdevice, this pass turns what would be a load failure on the GPU into a
// compile-time error naming the function.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CUDA/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUCHECKEXTERNALCALLSPASS
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {
struct TenGPUCheckExternalCallsPass
    : public ten::impl::TenGPUCheckExternalCallsPassBase<
          TenGPUCheckExternalCallsPass> {
  using Base::Base;

  void runOnOperation() override {
    llvm::SmallString<128> libdevice(cudaPath);
    llvm::sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::exists(libdevice))
      return;
    bool failed = false;
    for (auto function : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      if (!function.isExternal() || function.getName().starts_with("llvm."))
        continue;
      function.emitError() << "kernels call '" << function.getName()
                           << "', which nothing defines: libdevice is not at '"
                           << libdevice << "' (set cuda-path)";
      failed = true;
    }
    if (failed)
      signalPassFailure();
  }
};
} // namespace
