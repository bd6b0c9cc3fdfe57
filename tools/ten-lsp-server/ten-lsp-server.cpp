//===- ten-lsp-server.cpp - a language server for ten modules -------------===//
//
// MLIR's language server with every dialect a ten program lowers through:
// diagnostics of the parser and the verifiers, hover, go-to-definition and
// document symbols for `.mlir` files with `ten` ops, in any editor that
// speaks the Language Server Protocol.
//
//===----------------------------------------------------------------------===//

#include "ten/InitAllDialects.h"
#include "ten/InitGPUDialects.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

using namespace mlir;

int main(int argc, char **argv) {
  DialectRegistry registry;
  ten::registerAllTenDialects(registry);
  ten::registerTenGPUDialects(registry);
  return failed(MlirLspServerMain(argc, argv, registry));
}
