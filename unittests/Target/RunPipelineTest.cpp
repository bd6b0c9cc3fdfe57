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

/// runPipeline's result on a one-function module through a pass that does
/// nothing and, where `failing`, one that fails silently after it.
llvm::Error runOnFunction(bool failing) {
  MLIRContext context;
  context.loadDialect<func::FuncDialect>();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>("func.func @main() { return }", &context);
  EXPECT_TRUE(module);
  PassManager pm(&context);
  pm.addNestedPass<func::FuncOp>(std::make_unique<NothingPass>());
  if (failing)
    pm.addNestedPass<func::FuncOp>(std::make_unique<SilentFailurePass>());
  return runPipeline(pm, *module);
}

TEST(RunPipelineTest, NamesTheNestedPassThatFailed) {
  llvm::Error error = runOnFunction(/*failing=*/true);
  ASSERT_TRUE(static_cast<bool>(error));
  EXPECT_EQ(llvm::toString(std::move(error)),
            "compilation failed in the pass test-silent-failure");
}

TEST(RunPipelineTest, SucceedsWhereEveryPassDoes) {
  EXPECT_FALSE(static_cast<bool>(runOnFunction(/*failing=*/false)));
}

} // namespace
