//===- DebugOptions.cpp - --debug and --debug-only for the tools ----------===//

#include "ten/Tools/DebugOptions.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"

#include <string>
#include <vector>

namespace cl = llvm::cl;

namespace {
/// Turns the traces of the types parsed so far on.
struct DebugTypesSetter {
  void operator=(const std::string &type) const {
    if (type.empty())
      return;
    static std::vector<std::string> types;
    types.push_back(type);
    std::vector<const char *> names;
    for (const std::string &name : types)
      names.push_back(name.c_str());
    llvm::DebugFlag = true;
    llvm::setCurrentDebugTypes(names.data(), names.size());
  }
};
} // namespace

void mlir::ten::registerDebugOptions() {
  // LLVM's own, in a build of it with assertions, do the same.
  if (cl::getRegisteredOptions().count("debug-only"))
    return;
  static cl::opt<bool, /*ExternalStorage=*/true> debug(
      "debug", cl::desc("Print every pass's trace of its decisions"),
      cl::Hidden, cl::location(llvm::DebugFlag));
  static DebugTypesSetter typesSetter;
  static cl::opt<DebugTypesSetter, /*ExternalStorage=*/true,
                 cl::parser<std::string>>
      debugOnly(
          "debug-only",
          cl::desc("Print the traces of these passes' decisions (their names, "
                   "e.g. ten-einsum-path,ten-parallelize)"),
          cl::Hidden, cl::value_desc("pass names"), cl::CommaSeparated,
          cl::location(typesSetter));
}
