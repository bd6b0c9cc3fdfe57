//===- TenToLinalgPass.cpp - the convert-ten-to-linalg pass ---------------===//

#include "LoweringUtils.h"

#include "ten/Conversion/Passes.h"
#include "ten/Conversion/TenToLinalg/TenToLinalg.h"
#include "ten/Dialect/Ten/IR/TenDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
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
  lowering::populateSlicingLoweringPatterns(typeConverter, patterns);
  lowering::populateRandomLoweringPatterns(typeConverter, patterns);
  lowering::populateAssertLoweringPatterns(typeConverter, patterns);
  lowering::populateSearchSortedLoweringPatterns(typeConverter, patterns);
}

namespace {
struct ConvertTenToLinalgPass
    : ten::impl::ConvertTenToLinalgPassBase<ConvertTenToLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    // Tensors stay tensors; unsigned integers become the signless integers
    // that `arith` and `linalg` compute on, in the functions' signatures
    // too (the runners read the signature, unsigned types included, before
    // lowering).
    TypeConverter typeConverter;
    typeConverter.addConversion(
        [](Type type) { return lowering::getLoweredType(type); });

    RewritePatternSet patterns(context);
    populateTenToLinalgConversionPatterns(typeConverter, patterns);
    lowering::populateScanLoweringPatterns(typeConverter, patterns,
                                           hostReadsBuffers, threads);
    lowering::populateSortLoweringPatterns(typeConverter, patterns,
                                           hostReadsBuffers, threads);
    lowering::populatePartitionLoweringPatterns(typeConverter, patterns,
                                                hostReadsBuffers, threads);
    lowering::populateFftLoweringPatterns(typeConverter, patterns,
                                          hostReadsBuffers, threads);
    lowering::populateLinearAlgebraLoweringPatterns(typeConverter, patterns,
                                                    hostReadsBuffers, threads);
    lowering::populateTakeLoweringPatterns(typeConverter, patterns);
    lowering::populateScatterLoweringPatterns(typeConverter, patterns,
                                              hostReadsBuffers);
    lowering::populateNonzeroLoweringPatterns(typeConverter, patterns,
                                              hostReadsBuffers);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(
        patterns, typeConverter);
    populateCallOpTypeConversionPattern(patterns, typeConverter);
    populateReturnOpTypeConversionPattern(patterns, typeConverter);

    ConversionTarget target(*context);
    target.addIllegalDialect<TenDialect>();
    // A layout over the grid stays for the sharding stage, which turns it
    // into the shard dialect's annotations (or drops it on one process).
    target.addLegalOp<ShardOp>();
    target.addLegalDialect<
        arith::ArithDialect, bufferization::BufferizationDialect,
        complex::ComplexDialect, cf::ControlFlowDialect, linalg::LinalgDialect,
        math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
        tensor::TensorDialect>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp function) {
      return typeConverter.isSignatureLegal(function.getFunctionType()) &&
             typeConverter.isLegal(&function.getBody());
    });
    target.markUnknownOpDynamicallyLegal(
        [&](Operation *op) { return typeConverter.isLegal(op); });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
