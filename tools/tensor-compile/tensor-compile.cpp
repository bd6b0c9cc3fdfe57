//===- tensor-compile.cpp - compile a ten module ahead of time ------------===//
//
// Compiles an entry function of a module for a target into an object file
// and a C header that declares it with plain C types. A C or C++ program
// links the object with libTenAotRuntime and nothing of MLIR, LLVM or a JIT
// (for the CUDA target, the runtime loads the driver when the program runs):
//
//   tensor-compile softmax.mlir -o softmax.o --header=softmax.h
//   cc app.c softmax.o -lTenAotRuntime
//
// Every problem ends with one line on stderr and exit code 1, and leaves no
// output file behind.
//
//===----------------------------------------------------------------------===//

#include "ten/InitAllDialects.h"
#include "ten/Support/StagedFile.h"
#include "ten/Target/AotHeader.h"
#include "ten/Target/Target.h"
#include "ten/Tools/EntryFunction.h"
#include "ten/Tools/ModuleFile.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
using namespace mlir::ten;
namespace cl = llvm::cl;

static cl::OptionCategory category("tensor-compile options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<module.mlir>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string> entry("entry", cl::init("main"),
                                  cl::desc("The function to compile"),
                                  cl::cat(category));
static cl::opt<std::string>
    targetName("target", cl::init("cpu"),
               cl::desc("The target to compile for: cpu (the host CPU), or "
                        "cuda (the chip of --pipeline-options, by default "
                        "sm_90)"),
               cl::cat(category));
static cl::opt<std::string> outputFile("o", cl::desc("The object file"),
                                       cl::value_desc("file.o"), cl::Required,
                                       cl::cat(category));
static cl::opt<std::string>
    headerFile("header", cl::desc("The C header to write beside it"),
               cl::value_desc("file.h"), cl::cat(category));
static cl::opt<std::string> functionName(
    "name",
    cl::desc("The C function the header declares (default: the entry's "
             "name); the object's symbol is <name>_packed"),
    cl::cat(category));
static cl::opt<std::string> pipelineOptions(
    "pipeline-options",
    cl::desc("Options of the target's pipeline, as tensor-opt takes them "
             "(threads=N needs the OpenMP runtime, libomp, at link time)"),
    cl::value_desc("OPTIONS"), cl::cat(category));
static cl::opt<unsigned> optLevel("O", cl::init(3), cl::Prefix,
                                  cl::desc("LLVM's optimization level, 0 to 3"),
                                  cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "tensor-compile") << message << "\n";
  return 1;
}

/// Whether `name` can name a C function.
static bool isCIdentifier(llvm::StringRef name) {
  if (name.empty() || llvm::isDigit(name.front()))
    return false;
  return llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Compile a ten module ahead of time into an object and a C header\n");

  registerAllTargets();
  llvm::Expected<const Target *> target = lookupTarget(targetName);
  if (!target)
    return fail(llvm::toString(target.takeError()));
  std::string function = functionName.empty() ? entry : functionName;
  if (!isCIdentifier(function))
    return fail("'" + function +
                "' cannot name a C function: give one with --name");
  std::string symbol = function + "_packed";

  DialectRegistry registry;
  registerAllTenDialects(registry);
  MLIRContext context(registry);
  OneLineDiagnostics diagnostics(&context);
  llvm::SourceMgr sourceMgr;
  llvm::Expected<OwningOpRef<ModuleOp>> module =
      parseModuleFile(inputFile, context, sourceMgr, diagnostics);
  if (!module)
    return fail(llvm::toString(module.takeError()));

  SmallVector<TensorSignature> arguments, results;
  if (llvm::Error err = getEntrySignature(**module, entry, arguments, results))
    return fail(llvm::toString(std::move(err)));
  if (llvm::Error err = keepEntryAndCallees(**module, entry))
    return fail(llvm::toString(std::move(err)));
  TargetOptions options;
  options.entry = entry;
  options.optLevel = optLevel;
  options.pipelineOptions = pipelineOptions;
  llvm::Expected<std::string> object =
      (*target)->compileToObject(**module, options, symbol);
  if (!object) {
    std::string message = llvm::toString(object.takeError());
    return fail(diagnostics.getErrors().empty() ? message
                                                : diagnostics.getErrors());
  }

  // Both files or neither.
  std::vector<StagedFile> staged;
  llvm::Expected<StagedFile> objectFile =
      StagedFile::stage(outputFile, std::move(*object));
  if (!objectFile)
    return fail(llvm::toString(objectFile.takeError()));
  staged.push_back(std::move(*objectFile));
  if (!headerFile.empty()) {
    llvm::Expected<StagedFile> header = StagedFile::stage(
        headerFile,
        emitAotHeader(function, symbol, (*target)->getAotRunFunction(), entry,
                      llvm::sys::path::filename(inputFile), arguments,
                      results));
    if (!header)
      return fail(llvm::toString(header.takeError()));
    staged.push_back(std::move(*header));
  }
  for (StagedFile &file : staged)
    if (llvm::Error err = file.commit())
      return fail(llvm::toString(std::move(err)));
  return 0;
}
