//===- tensor-opt.cpp - mlir-opt for the ten dialect ----------------------===//
//
// Parses, verifies, transforms and prints modules of `ten` ops and the
// upstream dialects they lower to. What mlir-opt's main does, plus bounds on
// the input's length (BoundedRead.h) and nesting depth (NestingDepth.h),
// checked before MLIR's recursive parser sees the text.
//
//===----------------------------------------------------------------------===//

#include "ten/InitAllDialects.h"
#include "ten/InitAllPasses.h"
#include "ten/InitGPUDialects.h"
#include "ten/Support/BoundedRead.h"
#include "ten/Support/NestingDepth.h"
#include "ten/Tools/DebugOptions.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <cstdio>

using namespace mlir;

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  ten::registerAllTenPasses();
  ten::registerDebugOptions();
  DialectRegistry registry;
  ten::registerAllTenDialects(registry);
  ten::registerTenGPUDialects(registry);
  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "ten modular optimizer driver\n", registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects()) {
    llvm::outs() << "Available Dialects: ";
    llvm::interleave(registry.getDialectNames(), llvm::outs(), ",");
    llvm::outs() << "\n";
    return 0;
  }
  if (config.shouldListPasses()) {
    printRegisteredPasses();
    return 0;
  }
  if (inputFilename == "-" &&
      llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "interrupt)\n";
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> read =
      ten::readBoundedFile(inputFilename);
  if (!read) {
    llvm::WithColor::error(llvm::errs(), "tensor-opt")
        << llvm::toString(read.takeError()) << "\n";
    return 1;
  }
  std::unique_ptr<llvm::MemoryBuffer> file = std::move(*read);
  if (std::optional<ten::NestingViolation> violation =
          ten::findNestingViolation(file->getBuffer())) {
    llvm::WithColor::error(llvm::errs(),
                           inputFilename == "-" ? "<stdin>" : inputFilename)
        << violation->line << ":" << violation->column
        << ": brackets nest more than " << ten::kMaxNestingDepth
        << " levels deep\n";
    return 1;
  }
  std::string errorMessage;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  if (failed(MlirOptMain(output->os(), std::move(file), registry, config)))
    return 1;
  output->keep();
  return 0;
}
