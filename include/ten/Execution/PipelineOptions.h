//===- PipelineOptions.h - a pipeline's options from text -------*- C++ -*-===//
//
// Both executables take their pipeline's options as text too
// (CompileOptions::pipelineOptions, tensor-run --pipeline-options).
//
//===----------------------------------------------------------------------===//

#ifndef TEN_EXECUTION_PIPELINEOPTIONS_H
#define TEN_EXECUTION_PIPELINEOPTIONS_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir {
namespace ten {

/// Sets the options `text` names in `options`, `pipeline`'s; an error
/// saying why when it cannot.
inline llvm::Error parsePipelineOptions(detail::PassOptions &options,
                                        llvm::StringRef text,
                                        llvm::StringRef pipeline) {
  std::string why;
  llvm::raw_string_ostream stream(why);
  if (succeeded(options.parseFromString(text, stream)))
    return llvm::Error::success();
  // llvm::cl reports a bad value itself, on stderr: then `why` is empty.
  std::string message =
      (pipeline + " options '" + text + "' are not valid").str();
  // The parser names itself first: the option is what matters.
  llvm::StringRef reason = llvm::StringRef(why).trim();
  reason.consume_front("<Pass-Options-Parser>: ");
  if (!reason.empty())
    message += ": " + reason.str();
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Checks `text` as options of `pipeline`, built by `build`: parsed, then
/// built into a scratch pass manager, which refuses values it cannot honour.
template <typename Options>
llvm::Error validatePipelineOptions(
    llvm::StringRef text, llvm::StringRef pipeline,
    LogicalResult (*build)(OpPassManager &, const Options &, std::string &)) {
  Options options;
  if (llvm::Error err = parsePipelineOptions(options, text, pipeline))
    return err;
  OpPassManager pm;
  std::string why;
  if (failed(build(pm, options, why)))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   pipeline + ": " + why);
  return llvm::Error::success();
}

} // namespace ten
} // namespace mlir

#endif // TEN_EXECUTION_PIPELINEOPTIONS_H
