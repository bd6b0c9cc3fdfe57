//===- RunPipelineTest.cpp - a failed pipeline names its pass -------------===//
//
// runPipeline's error where a pass fails without a diagnostic: the user
// still learns which pass to look at.
//
//===----------------------------------------------------------------------===//

#include "ten/Execution/RunPipeline.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::ten;

namespace {

/// A pass that fails and says nothing, as a greedy rewrite that has not
/// converged once made ten-fuse-elementwise do.
struct SilentFailurePass
    : PassWrapper<SilentFailurePass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SilentFailurePass)
  StringRef getArgument() const override { return "test-silent-failure"; }
  void runOnOperation() override { signalPassFailure(); }
};

/// A pass that changes nothing.
struct NothingPass : PassWrapper<NothingPass, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(NothingPass)
  StringRef getArgument() const override { return "test-nothing"; }
  void runOnOperation() override {}
};

OwningOpRef<ModuleOp> parseModule(MLIRContext &context) {
  context.loadDialect<func::FuncDialect>();
  return parseSourceString<ModuleOp>("func.func @main() { return }", &context);
}

TEST(RunPipelineTest, NamesTheNestedPassThatFailed) {
  MLIRContext context;
  OwningOpRef<ModuleOp> module = parseModule(context);
  ASSERT_TRUE(module);
  PassManager pm(&context);
  pm.addNestedPass<func::FuncOp>(std::make_unique<NothingPass>());
  pm.addNestedPass<func::FuncOp>(std::make_unique<SilentFailurePass>());
  llvm::Error error = runPipeline(pm, *module);
  ASSERT_TRUE(static_cast<bool>(error));
  EXPECT_EQ(llvm::toString(std::move(error)),
            "compilation failed in the pass test-silent-failure");
}

TEST(RunPipelineTest, SucceedsWhereEveryPassDoes) {
  MLIRContext context;
  OwningOpRef<ModuleOp> module = parseModule(context);
  ASSERT_TRUE(module);
  PassManager pm(&context);
  pm.addNestedPass<func::FuncOp>(std::make_unique<NothingPass>());
  EXPECT_FALSE(static_cast<bool>(runPipeline(pm, *module)));
}

} // namespace
