//===- tensor-opt.cpp - mlir-opt for the ten dialect ----------------------===//
//
// Parses, verifies, transforms and prints modules of `ten` ops and the
// upstream dialects they lower to.
//
//===----------------------------------------------------------------------===//

#include "ten/InitAllDialects.h"
#include "ten/InitAllPasses.h"
#include "ten/InitGPUDialects.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::ten::registerAllTenPasses();
  mlir::DialectRegistry registry;
  mlir::ten::registerAllTenDialects(registry);
  mlir::ten::registerTenGPUDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "ten modular optimizer driver\n", registry));
}
