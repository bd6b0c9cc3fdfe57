//===- tensor-reduce.cpp - mlir-reduce for the ten dialect ----------------===//
//
// Shrinks a module while an interestingness test (a script that exits 1 on
// the modules that still show the problem) keeps holding: a crash of a
// ten pass or pipeline, or a miscompile, reduced to the few ops that cause
// it. The reductions are MLIR's (op removal, and any registered pass,
// ten's included, as a rewrite that keeps the problem).
//
//===----------------------------------------------------------------------===//

#include "ten/InitAllDialects.h"
#include "ten/InitAllPasses.h"
#include "ten/InitGPUDialects.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"
#include "llvm/Support/InitLLVM.h"

using namespace mlir;

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  ten::registerAllTenPasses();
  DialectRegistry registry;
  ten::registerAllTenDialects(registry);
  ten::registerTenGPUDialects(registry);
  MLIRContext context(registry);
  return failed(mlirReduceMain(argc, argv, context));
}
