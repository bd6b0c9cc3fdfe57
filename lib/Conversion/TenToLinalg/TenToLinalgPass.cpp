//===- TenToLinalgPass.cpp - the convert-ten-to-linalg pass ---------------===//

#include "LoweringUtils.h"

#include "ten/Conversion/Passes.h"
#include "ten/Conversion/TenToLinalg/TenToLinalg.h"
#include "ten/Dialect/Ten/IR/TenDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_CONVERTTENTOLINALGPASS
#include "ten/Conversion/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

void mlir::ten::populateTenToLinalgConversionPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  lowering::populateElementwiseLoweringPatterns(typeConverter, patterns);
  lowering::populateEinsumLoweringPatterns(typeConverter, patterns);
  lowering::populateReduceLoweringPatterns(typeConverter, patterns);
  lowering::populateLayoutLoweringPatterns(typeConverter, patterns);
}

namespace {
struct ConvertTenToLinalgPass
    : ten::impl::ConvertTenToLinalgPassBase<ConvertTenToLinalgPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    // Tensors stay tensors: the conversion changes ops, not types.
    TypeConverter typeConverter;
    typeConverter.addConversion([](Type type) { return type; });

    RewritePatternSet patterns(context);
    populateTenToLinalgConversionPatterns(typeConverter, patterns);

    ConversionTarget target(*context);
    target.addIllegalDialect<TenDialect>();
    target.addLegalDialect<arith::ArithDialect, cf::ControlFlowDialect,
                           linalg::LinalgDialect, math::MathDialect,
                           tensor::TensorDialect>();
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
