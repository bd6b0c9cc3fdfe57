//===- CompileOptions.h - what every executable's compile takes -*- C++ -*-===//
//
// The options that the CPU and the CUDA executables share: which function
// to run and what the compilation reports.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_EXECUTION_COMPILEOPTIONS_H
#define TEN_EXECUTION_COMPILEOPTIONS_H

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir {
namespace ten {

struct CompileOptions {
  /// The function to run.
  std::string entry = "main";
  /// Where to print the IR after every pass, if anywhere.
  llvm::raw_ostream *printAfterAll = nullptr;
  /// Where to print the LLVM dialect module the pipeline ends with.
  llvm::raw_ostream *printFinal = nullptr;
  /// Where to print the LLVM IR module that LLVM's optimizer made of it
  /// (the CPU executable only).
  llvm::raw_ostream *printOptimizedLLVM = nullptr;
  /// Report the pipeline's decisions (einsum orders, how each contraction
  /// runs) as remarks through the module's context.
  bool explain = false;
  /// Options of the target's pipeline in its textual form
  /// ("fuse-rows=false block-size=128"), applied after the fields above:
  /// where they name the same option, these win.
  std::string pipelineOptions;
};

} // namespace ten
} // namespace mlir

#endif // TEN_EXECUTION_COMPILEOPTIONS_H
