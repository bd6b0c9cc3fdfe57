//===- tensor-run.cpp - compile and run a ten module ----------------------===//
//
// Compiles a module for a target (the CPU by default, --target=cuda for a
// GPU), binds .npy files (or random data) to the entry function's
// arguments, runs it, and prints, saves, checks or times its results.
// Every problem ends with one line on stderr and exit code 1.
//
//===----------------------------------------------------------------------===//

#include "Grid.h"
#include "TensorPrinter.h"

#include "ten/Execution/Sharding.h"
#include "ten/InitAllDialects.h"
#include "ten/Runtime/Host/Collectives.h"
#include "ten/Support/Npy.h"
#include "ten/Support/StagedFile.h"
#include "ten/Target/Target.h"
#include "ten/Tools/DebugOptions.h"
#include "ten/Tools/EntryFunction.h"
#include "ten/Tools/ModuleFile.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>

using namespace mlir;
using namespace mlir::ten;
namespace cl = llvm::cl;

static cl::OptionCategory category("tensor-run options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<module.mlir>"),
                                      cl::cat(category));
static cl::opt<std::string> entry("entry", cl::init("main"),
                                  cl::desc("The function to run"),
                                  cl::cat(category));
static cl::opt<std::string>
    targetName("target", cl::init("cpu"),
               cl::desc("Where to run: cpu, or cuda (the first GPU; the CUDA "
                        "driver is loaded at run time); --list-devices lists "
                        "the targets"),
               cl::cat(category));
static cl::list<std::string>
    inputs("input", cl::desc("A .npy file per argument, in order"),
           cl::cat(category));
static cl::opt<std::string> randomInputs(
    "random-inputs", cl::ValueOptional,
    cl::desc("Random arguments from the given seed (default 0): floats in "
             "[-1, 1), integers in [-10, 10] (unsigned ones in [0, 20]), "
             "booleans; dynamic sizes are 8"),
    cl::value_desc("seed"), cl::cat(category));
static cl::list<std::string>
    outputs("output", cl::desc("A .npy file per result, in order"),
            cl::cat(category));
static cl::opt<bool> print("print", cl::desc("Print the results"),
                           cl::cat(category));
static cl::list<std::string>
    checks("check", cl::desc("A .npy file of the expected result, in order"),
           cl::cat(category));
static cl::opt<double>
    relativeTolerance("rtol", cl::init(1e-5),
                      cl::desc("Relative tolerance of --check"),
                      cl::cat(category));
static cl::opt<double>
    absoluteTolerance("atol", cl::init(1e-6),
                      cl::desc("Absolute tolerance of --check"),
                      cl::cat(category));
static cl::opt<unsigned>
    bench("bench", cl::init(0),
          cl::desc("Time N runs after one warm-up; print min and median "
                   "(on a GPU: on the device by CUDA events, and end to "
                   "end)"),
          cl::value_desc("N"), cl::cat(category));
static cl::opt<unsigned> threads(
    "num-threads", cl::init(0),
    cl::desc("Threads that large parallel ops are split over (default: every "
             "core; 1: the calling thread only): the CPU pipeline's "
             "threads=N"),
    cl::value_desc("N"), cl::cat(category));
static cl::opt<bool>
    explain("explain",
            cl::desc("Print the compiler's decisions to stderr: the order of "
                     "each N-operand einsum and its predicted cost, and how "
                     "each contraction runs (packed kernel, cuBLAS call)"),
            cl::cat(category));
static cl::opt<std::string>
    dumpIR("dump-ir",
           cl::desc("Print the IR to stderr: after-all (after every pass), "
                    "final (the LLVM dialect module) or llvm (the LLVM IR "
                    "that LLVM's optimizer makes of the host code)"),
           cl::value_desc("after-all|final|llvm"), cl::cat(category));

static cl::opt<std::string>
    chip("chip", cl::init(""),
         cl::desc("The GPU architecture to compile for (default: the "
                  "device's, e.g. sm_90): the GPU pipeline's chip=ARCH"),
         cl::cat(category));

static cl::opt<std::string> pipelineOptions(
    "pipeline-options",
    cl::desc("Options of the target's pipeline (ten-cpu-pipeline, or "
             "ten-nvvm-pipeline with --target=cuda) as tensor-opt takes "
             "them, e.g. \"fuse-rows=false use-cublas=false\"; they win over "
             "the flags that set the same options"),
    cl::value_desc("OPTIONS"), cl::cat(category));

static cl::opt<bool> allowTF32(
    "allow-tf32",
    cl::desc("Let f32 GEMMs round their operands to tf32 on the tensor cores "
             "(faster, not f32-exact): the GPU pipeline's allow-tf32"),
    cl::cat(category));

static cl::opt<bool> fastRelu(
    "fast-relu",
    cl::desc("Fold a ReLU after a GEMM into cuBLASLt's epilogue even though "
             "cuBLASLt may map NaN to 0: the GPU pipeline's fast-relu"),
    cl::cat(category));

static cl::opt<std::string> gridSizes(
    "grid",
    cl::desc("Run over a grid of processes of these sizes (2, 2x2; one per "
             "device, each an MPI rank: mpirun -np 4), as the module's "
             "ten.grid says otherwise"),
    cl::value_desc("sizes"), cl::cat(category));

static cl::list<std::string> shardings(
    "shard",
    cl::desc("How argument ARG is split over the grid: per dimension, a grid "
             "axis or '-' (0:0,- splits argument 0's rows over axis 0); "
             "others are replicated"),
    cl::value_desc("ARG:SPEC"), cl::cat(category));

static cl::opt<bool> listDevices(
    "list-devices",
    cl::desc("List the devices of --target and exit (for cuda: those the "
             "driver sees, libcuda.so.1 or $TEN_CUDA_DRIVER)"),
    cl::cat(category));

/// Reports `message` as the one line tensor-run ends with, written at once
/// so that the processes of a grid, failing together, do not interleave
/// their lines.
static int fail(const llvm::Twine &message) {
  std::string line;
  llvm::raw_string_ostream os(line);
  os.enable_colors(llvm::errs().has_colors());
  llvm::WithColor::error(os, "tensor-run") << message << "\n";
  llvm::errs() << line;
  llvm::errs().flush();
  return 1;
}

static std::string describe(const HostTensor &tensor) {
  std::string text = "tensor<";
  for (int64_t size : tensor.shape)
    text += std::to_string(size) + "x";
  return text + getElementKindName(tensor.kind).str() + ">";
}

/// Random data for `signature`, dynamic sizes 8; an error when the tensor
/// cannot be allocated.
static llvm::Expected<HostTensor> makeRandom(const TensorSignature &signature,
                                             std::mt19937_64 &rng) {
  SmallVector<int64_t> shape;
  for (int64_t size : signature.shape)
    shape.push_back(ShapedType::isDynamic(size) ? 8 : size);
  llvm::Expected<HostTensor> created =
      HostTensor::create(signature.kind, shape);
  if (!created)
    return created.takeError();
  HostTensor &tensor = *created;
  std::uniform_real_distribution<double> real(-1.0, 1.0);
  // Unsigned integers take the same spread, from 0.
  int lowest = isUnsignedKind(signature.kind) ? 0 : -10;
  std::uniform_int_distribution<int> integer(lowest, lowest + 20);
  std::uniform_int_distribution<int> boolean(0, 1);
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i) {
    if (signature.kind == ElementKind::I1)
      tensor.setFromDouble(i, boolean(rng));
    else if (isFloatKind(signature.kind) || isComplexKind(signature.kind))
      tensor.setFromDouble(i, real(rng));
    else
      tensor.setFromDouble(i, integer(rng));
  }
  return created;
}

/// Compares a result with the expected tensor; describes the worst element
/// when they differ beyond the tolerances (integers: when they differ).
static std::optional<std::string> compare(const HostTensor &result,
                                          const HostTensor &expected) {
  if (result.kind != expected.kind || result.shape != expected.shape)
    return "is " + describe(result) + " but the expected tensor is " +
           describe(expected);
  double worstRatio = 0;
  int64_t worst = -1;
  bool isComplex = isComplexKind(result.kind);
  bool exact = !isFloatKind(result.kind) && !isComplex;
  for (int64_t i = 0, e = result.getNumElements(); i < e; ++i) {
    // Integers are equal or not: as doubles, 64-bit ones would round.
    if (exact) {
      if (result.getAsInt64(i) != expected.getAsInt64(i)) {
        worst = i;
        break;
      }
      continue;
    }
    // A complex number is compared part by part.
    double ratio = 0;
    for (int part = 0; part < (isComplex ? 2 : 1); ++part) {
      double got = part ? result.getImagAsDouble(i) : result.getAsDouble(i);
      double want =
          part ? expected.getImagAsDouble(i) : expected.getAsDouble(i);
      if (std::isnan(got) && std::isnan(want))
        continue;
      if (std::isnan(got) || std::isnan(want) || std::isinf(got) ||
          std::isinf(want))
        ratio = std::max(ratio, got == want ? 0.0 : double(INFINITY));
      else
        ratio = std::max(ratio, std::fabs(got - want) /
                                    (absoluteTolerance +
                                     relativeTolerance * std::fabs(want)));
    }
    if (ratio > 1 && (worst < 0 || ratio > worstRatio)) {
      worstRatio = ratio;
      worst = i;
    }
  }
  if (worst < 0)
    return std::nullopt;
  SmallVector<int64_t> index(result.shape.size());
  for (int64_t dim = result.shape.size() - 1, rest = worst; dim >= 0; --dim) {
    index[dim] = rest % result.shape[dim];
    rest /= result.shape[dim];
  }
  std::string where;
  for (int64_t i : index)
    where += (where.empty() ? "" : ", ") + std::to_string(i);
  std::string text;
  llvm::raw_string_ostream os(text);
  if (exact) {
    auto print = [&](const HostTensor &tensor) {
      int64_t value = tensor.getAsInt64(worst);
      if (isUnsignedKind(tensor.kind))
        os << static_cast<uint64_t>(value);
      else
        os << value;
    };
    os << "differs at [" << where << "]: got ";
    print(result);
    os << ", expected ";
    print(expected);
    os << " (integers compare exactly)";
    return text;
  }
  auto format = [&](const HostTensor &tensor) {
    os << llvm::format("%g", tensor.getAsDouble(worst));
    if (isComplex)
      os << llvm::format("%+gj", tensor.getImagAsDouble(worst));
  };
  os << "differs at [" << where << "]: got ";
  format(result);
  os << ", expected ";
  format(expected);
  os << " (rtol " << llvm::format("%g", relativeTolerance.getValue())
     << ", atol " << llvm::format("%g", absoluteTolerance.getValue()) << ")";
  return text;
}

/// The compiled executable, or null with `error` set.
template <typename Executable>
static std::unique_ptr<Executable>
takeExecutable(llvm::Expected<std::unique_ptr<Executable>> compiled,
               std::string &error) {
  if (compiled)
    return std::move(*compiled);
  error = llvm::toString(compiled.takeError());
  return nullptr;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registerDebugOptions();
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Compile a ten module and run it on a target: the CPU, or "
      "a GPU\n");

  registerAllTargets();
  llvm::Expected<const Target *> selected = lookupTarget(targetName);
  if (!selected)
    return fail(llvm::toString(selected.takeError()));
  const Target &target = **selected;
  if (listDevices) {
    llvm::Expected<std::vector<std::string>> devices = target.listDevices();
    if (!devices)
      return fail(llvm::toString(devices.takeError()));
    for (const std::string &device : *devices)
      llvm::outs() << device << "\n";
    return 0;
  }
  if (inputFile.empty())
    return fail("no module to run (tensor-run <module.mlir>, or "
                "--list-devices)");
  if (!dumpIR.empty() && dumpIR != "after-all" && dumpIR != "final" &&
      dumpIR != "llvm")
    return fail("unknown --dump-ir '" + dumpIR +
                "' (after-all, final or llvm)");
  // The flags that stand for pipeline options, each checked on its own so
  // that a target without the option names the flag; then the options'
  // text, which wins.
  std::string optionText;
  auto addOptions = [&](llvm::StringRef flag,
                        const std::string &text) -> llvm::Error {
    if (llvm::Error err = target.validatePipelineOptions(text)) {
      if (flag == "--pipeline-options")
        return err;
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          flag + ": " + llvm::toString(std::move(err)) + " (target '" +
              target.getName() + "')");
    }
    optionText += (optionText.empty() ? "" : " ") + text;
    return llvm::Error::success();
  };
  SmallVector<std::pair<std::string, std::string>> flagOptions;
  // --num-threads=0 is the default: every core.
  if (threads != 0)
    flagOptions.emplace_back("--num-threads",
                             "threads=" + std::to_string(threads));
  if (!chip.empty())
    flagOptions.emplace_back("--chip", "chip=" + chip);
  if (allowTF32)
    flagOptions.emplace_back("--allow-tf32", "allow-tf32=true");
  if (fastRelu)
    flagOptions.emplace_back("--fast-relu", "fast-relu=true");
  if (!pipelineOptions.empty())
    flagOptions.emplace_back("--pipeline-options", pipelineOptions);
  for (auto &[flag, text] : flagOptions)
    if (llvm::Error err = addOptions(flag, text))
      return fail(llvm::toString(std::move(err)));
  // Without a device to run on, say so before compiling anything.
  if (llvm::Error err = target.checkAvailable())
    return fail(llvm::toString(std::move(err)));
  if (!inputs.empty() && randomInputs.getNumOccurrences())
    return fail("--input and --random-inputs exclude each other");

  // Parse and verify, each diagnostic on one line.
  DialectRegistry registry;
  registerAllTenDialects(registry);
  MLIRContext context(registry);
  OneLineDiagnostics diagnostics(&context);
  llvm::SourceMgr sourceMgr;
  llvm::Expected<OwningOpRef<ModuleOp>> module =
      parseModuleFile(inputFile, context, sourceMgr, diagnostics);
  if (!module)
    return fail(llvm::toString(module.takeError()));

  if (llvm::Error err = applyGridFlags(**module, entry, gridSizes, shardings))
    return fail(llvm::toString(std::move(err)));
  if (llvm::Error err = keepEntryAndCallees(**module, entry))
    return fail(llvm::toString(std::move(err)));

  // Over a grid, each process reads its own block of each input once the
  // compiled program says which; one process reads them whole.
  // (A malformed grid is the compiler's to report.)
  auto gridAttr =
      dyn_cast_or_null<DenseI64ArrayAttr>((**module)->getAttr(kGridAttrName));
  bool onGrid = gridAttr && countProcesses(gridAttr.asArrayRef()) > 1;

  // Inputs first: a missing file should not wait for compilation.
  std::vector<HostTensor> inputTensors;
  for (const std::string &path : inputs) {
    if (onGrid) {
      if (!llvm::sys::fs::exists(path))
        return fail(path + ": no such file");
      continue;
    }
    llvm::Expected<HostTensor> tensor = readNpy(path);
    if (!tensor)
      return fail(llvm::toString(tensor.takeError()));
    inputTensors.push_back(std::move(*tensor));
  }
  std::vector<HostTensor> expected;
  for (const std::string &path : checks) {
    llvm::Expected<HostTensor> tensor = readNpy(path);
    if (!tensor)
      return fail(llvm::toString(tensor.takeError()));
    expected.push_back(std::move(*tensor));
  }

  auto compileStart = std::chrono::steady_clock::now();
  TargetOptions options;
  options.entry = entry;
  options.explain = explain;
  options.pipelineOptions = optionText;
  if (dumpIR == "after-all")
    options.printAfterAll = &llvm::errs();
  else if (dumpIR == "final")
    options.printFinal = &llvm::errs();
  else if (dumpIR == "llvm")
    options.printOptimizedLLVM = &llvm::errs();
  llvm::Expected<std::unique_ptr<Executable>> compiled =
      target.compile(**module, options);
  if (!compiled) {
    std::string compileError = llvm::toString(compiled.takeError());
    // The module's own diagnostic, when there is one, says more.
    return fail(diagnostics.getErrors().empty() ? compileError
                                                : diagnostics.getErrors());
  }
  Executable &executable = **compiled;
  double compileSeconds = std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - compileStart)
                              .count();
  ArrayRef<TensorSignature> arguments = executable.getArguments();
  auto failInputCount = [&](size_t given) {
    return fail("'" + entry + "' takes " + llvm::Twine(arguments.size()) +
                " argument(s) but " + llvm::Twine(given) +
                " input(s) were given (use --input or --random-inputs)");
  };
  size_t numResults = executable.getResults().size();
  // Over a grid, this process runs its part: MPI says which.
  int64_t processes = executable.getGridProcesses();
  ProcessGroup group;
  if (processes > 1) {
    if (!isUnderMPILauncher())
      return fail("the grid has " + llvm::Twine(processes) +
                  " processes: run tensor-run under mpirun -np " +
                  llvm::Twine(processes));
    std::string why;
    if (!startCollectives(group, why))
      return fail(why);
    if (group.size != processes)
      return fail("the grid has " + llvm::Twine(processes) +
                  " processes but mpirun started " + llvm::Twine(group.size) +
                  ": run it with mpirun -np " + llvm::Twine(processes));
    // This process's block of each input, read alone from its file.
    for (auto [index, path] : llvm::enumerate(inputs)) {
      if (index >= arguments.size())
        return failInputCount(inputs.size());
      llvm::Expected<HostTensor> block =
          readInputBlock(path, executable.getGlobalArguments()[index],
                         executable.getArgumentShardings()[index],
                         executable.getGrid(), group.rank);
      if (!block)
        return fail("input " + llvm::Twine(index) + ": " +
                    llvm::toString(block.takeError()));
      inputTensors.push_back(std::move(*block));
    }
  }
  bool leader = group.rank == 0;
  if (outputs.size() > numResults)
    return fail(llvm::Twine(outputs.size()) + " --output file(s) for " +
                llvm::Twine(numResults) + " result(s)");
  if (checks.size() > numResults)
    return fail(llvm::Twine(checks.size()) + " --check file(s) for " +
                llvm::Twine(numResults) + " result(s)");

  if (randomInputs.getNumOccurrences()) {
    unsigned seed = 0;
    if (!randomInputs.empty() &&
        llvm::StringRef(randomInputs).getAsInteger(10, seed))
      return fail("--random-inputs takes a number, not '" + randomInputs + "'");
    std::mt19937_64 rng(seed);
    // The whole tensors, the same on every process (each takes its block).
    for (auto [index, signature] :
         llvm::enumerate(executable.getGlobalArguments())) {
      llvm::Expected<HostTensor> tensor = makeRandom(signature, rng);
      if (!tensor)
        return fail("--random-inputs: argument " + llvm::Twine(index) + ": " +
                    llvm::toString(tensor.takeError()));
      inputTensors.push_back(std::move(*tensor));
    }
  }
  // A .npy file's descr may stand for more than one type (the fp8 types'
  // '<V1'): it is read as the type the function declares.
  for (auto [tensor, signature] : llvm::zip(inputTensors, arguments))
    if (isReadableAs(tensor.kind, signature.kind))
      tensor.kind = signature.kind;
  for (auto [tensor, signature] : llvm::zip(expected, executable.getResults()))
    if (isReadableAs(tensor.kind, signature.kind))
      tensor.kind = signature.kind;
  if (inputTensors.size() != arguments.size())
    return failInputCount(inputTensors.size());
  if (processes > 1 && randomInputs.getNumOccurrences()) {
    for (auto [index, tensor] : llvm::enumerate(inputTensors)) {
      const TensorSignature &whole = executable.getGlobalArguments()[index];
      // A whole input of the wrong shape is refused by the run's check of
      // its block; here it would be cut wrongly.
      if (tensor.shape.size() != whole.shape.size())
        return fail("input " + llvm::Twine(index) + " is " + describe(tensor) +
                    " but argument " + llvm::Twine(index) + " is " +
                    whole.str());
      tensor = takeBlock(tensor, executable.getArgumentShardings()[index],
                         executable.getGrid(), group.rank);
    }
  }
  SmallVector<TensorRef> inputRefs(inputTensors.begin(), inputTensors.end());

  resetCollectiveTraffic();
  auto results = executable.run(inputRefs);
  if (!results)
    return fail(llvm::toString(results.takeError()));
  std::vector<CollectiveTraffic> traffic = getCollectiveTraffic();

  if (bench > 0) {
    double bytes = 0;
    for (const HostTensor &tensor : inputTensors)
      bytes += tensor.bytes.size();
    for (const HostTensor &tensor : *results)
      bytes += tensor.bytes.size();
    auto minAndMedian = [](std::vector<double> seconds) {
      std::sort(seconds.begin(), seconds.end());
      return std::make_pair(seconds.front(), seconds[seconds.size() / 2]);
    };
    auto timed = executable.benchmark(inputRefs, bench);
    if (!timed)
      return fail(llvm::toString(timed.takeError()));
    std::vector<double> seconds, deviceSeconds;
    for (const RunTiming &timing : *timed) {
      seconds.push_back(timing.seconds);
      if (timing.deviceSeconds)
        deviceSeconds.push_back(*timing.deviceSeconds);
    }
    auto [min, median] = minAndMedian(seconds);
    if (processes > 1) {
      // Rank 0 reports every process's times (each ran the same number of
      // times) and the data its collectives moved in one run.
      std::string why;
      std::optional<std::string> report = reportGridTimes(
          entry, bench, min, median, compileSeconds, group, traffic, why);
      if (!report)
        return fail(why);
      if (leader)
        llvm::outs() << *report;
    } else if (deviceSeconds.size() == seconds.size()) {
      auto [deviceMin, deviceMedian] = minAndMedian(deviceSeconds);
      llvm::outs() << llvm::format(
          "%s: %u runs, min %.3f ms, median %.3f ms, %.2f GB/s (on the "
          "device, by its events; inputs and results once, at the min), end "
          "to end min %.3f ms, median %.3f ms (copies in and out), compile "
          "%.1f ms\n",
          entry.c_str(), bench.getValue(), deviceMin * 1e3, deviceMedian * 1e3,
          bytes / deviceMin / 1e9, min * 1e3, median * 1e3,
          compileSeconds * 1e3);
    } else {
      llvm::outs() << llvm::format(
          "%s: %u runs, min %.3f ms, median %.3f ms, %.2f GB/s (inputs and "
          "results once, at the min), compile %.1f ms\n",
          entry.c_str(), bench.getValue(), min * 1e3, median * 1e3,
          bytes / min / 1e9, compileSeconds * 1e3);
    }
  }
  if (processes > 1) {
    // Results split over the grid are gathered whole on rank 0; every
    // process has the replicated ones. Rank 0 prints and writes them.
    for (auto [index, sharding] :
         llvm::enumerate(executable.getResultShardings())) {
      std::string why;
      if (!gatherResult((*results)[index], sharding, executable.getGrid(),
                        group, why))
        return fail("result " + llvm::Twine(index) + ": " + why);
    }
    if (!leader)
      return 0;
  }

  if (print)
    for (auto [index, tensor] : llvm::enumerate(*results)) {
      llvm::outs() << "result " << index << ": " << describe(tensor) << "\n";
      printTensor(llvm::outs(), tensor);
    }
  // Outputs are staged, checked, then committed: a run that fails leaves
  // none of them behind.
  std::vector<StagedFile> staged;
  for (auto [index, path] : llvm::enumerate(outputs)) {
    llvm::Expected<StagedFile> file =
        StagedFile::stage(path, serializeNpy((*results)[index]));
    if (!file)
      return fail(llvm::toString(file.takeError()));
    staged.push_back(std::move(*file));
  }
  for (auto [index, want] : llvm::enumerate(expected))
    if (std::optional<std::string> problem = compare((*results)[index], want))
      return fail("result " + llvm::Twine(index) + " " + *problem);
  for (StagedFile &file : staged)
    if (llvm::Error err = file.commit())
      return fail(llvm::toString(std::move(err)));
  return 0;
}
