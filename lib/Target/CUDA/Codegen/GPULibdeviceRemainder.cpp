//===- GPULibdeviceRemainder.cpp - ten-gpu-libdevice-remainder ------------===//
//
// Float remainders (NumPy's fmod, remainder and floor division) in kernels
// become calls of libdevice's fmod before arith is lowered to LLVM, whose
// frem the NVVM lowering refuses.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CUDA/Passes.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPULIBDEVICEREMAINDERPASS
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {
struct TenGPULibdeviceRemainderPass
    : public mlir::ten::impl::TenGPULibdeviceRemainderPassBase<
          TenGPULibdeviceRemainderPass> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    // libdevice's calls for the math and arith ops the NVVM lowering takes,
    // of which only arith.remf is made illegal here: the rest stay for it.
    LLVMTypeConverter converter(context);
    RewritePatternSet patterns(context);
    populateLibDeviceConversionPatterns(converter, patterns);
    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    target.addDynamicallyLegalOp<arith::RemFOp>([](arith::RemFOp op) {
      return !isa<Float32Type, Float64Type>(op.getType());
    });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
