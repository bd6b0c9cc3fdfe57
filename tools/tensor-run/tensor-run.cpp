//===- tensor-run.cpp - compile and run a ten module ----------------------===//
//
// Compiles a module with ten-cpu-pipeline (or, --target=cuda,
// ten-nvvm-pipeline), binds .npy files (or random data) to the entry
// function's arguments, runs it, and prints, saves, checks or times its
// results. Every problem ends with one line on stderr and exit
// code 1.
//
//===----------------------------------------------------------------------===//

#include "TensorPrinter.h"

#include "ten/Execution/CpuExecutable.h"
#include "ten/Execution/CudaExecutable.h"
#include "ten/InitAllDialects.h"
#include "ten/InitGPUDialects.h"
#include "ten/Runtime/CUDA/Driver.h"
#include "ten/Support/BoundedRead.h"
#include "ten/Support/NestingDepth.h"
#include "ten/Support/Npy.h"
#include "ten/Support/StagedFile.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CommandLine.h"
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
namespace cuda = ::ten::cuda;
namespace cl = llvm::cl;

static cl::OptionCategory category("tensor-run options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<module.mlir>"),
                                      cl::cat(category));
static cl::opt<std::string> entry("entry", cl::init("main"),
                                  cl::desc("The function to run"),
                                  cl::cat(category));
static cl::opt<std::string>
    target("target", cl::init("cpu"),
           cl::desc("Where to run: cpu, or cuda (the first GPU; the CUDA "
                    "driver is loaded at run time)"),
           cl::cat(category));
static cl::list<std::string>
    inputs("input", cl::desc("A .npy file per argument, in order"),
           cl::cat(category));
static cl::opt<std::string> randomInputs(
    "random-inputs", cl::ValueOptional,
    cl::desc("Random arguments from the given seed (default 0): floats in "
             "[-1, 1), integers in [-10, 10], booleans; dynamic sizes are 8"),
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
                   "(with --target=cuda: on the GPU by CUDA events, and end "
                   "to end)"),
          cl::value_desc("N"), cl::cat(category));
static cl::opt<unsigned> threads(
    "num-threads", cl::init(0),
    cl::desc("Threads that large parallel ops are split over (default: every "
             "core; 1: the calling thread only)"),
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
                    "that LLVM's optimizer makes of it, CPU target)"),
           cl::value_desc("after-all|final|llvm"), cl::cat(category));

static cl::opt<std::string>
    chip("chip", cl::init(""),
         cl::desc("With --target=cuda: the GPU architecture to compile for "
                  "(default: the device's, e.g. sm_90)"),
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
    cl::desc("With --target=cuda: let f32 GEMMs round their operands to tf32 "
             "on the tensor cores (faster, not f32-exact)"),
    cl::cat(category));

static cl::opt<bool> fastRelu(
    "fast-relu",
    cl::desc("With --target=cuda: fold a ReLU after a GEMM into cuBLASLt's "
             "epilogue even though cuBLASLt may map NaN to 0"),
    cl::cat(category));

static cl::opt<bool> listDevices(
    "list-devices",
    cl::desc("List the CUDA devices the driver sees (libcuda.so.1, or "
             "$TEN_CUDA_DRIVER) and exit"),
    cl::cat(category));

/// Reports `message` as the one line tensor-run ends with.
static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "tensor-run") << message << "\n";
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
  std::uniform_int_distribution<int> integer(-10, 10);
  std::uniform_int_distribution<int> boolean(0, 1);
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i) {
    if (signature.kind == ElementKind::I1)
      tensor.setFromDouble(i, boolean(rng));
    else if (isFloatKind(signature.kind))
      tensor.setFromDouble(i, real(rng));
    else
      tensor.setFromDouble(i, integer(rng));
  }
  return created;
}

/// Compares a result with the expected tensor; describes the worst element
/// when they differ beyond the tolerances.
static std::optional<std::string> compare(const HostTensor &result,
                                          const HostTensor &expected) {
  if (result.kind != expected.kind || result.shape != expected.shape)
    return "is " + describe(result) + " but the expected tensor is " +
           describe(expected);
  double worstRatio = 0;
  int64_t worst = -1;
  for (int64_t i = 0, e = result.getNumElements(); i < e; ++i) {
    double got = result.getAsDouble(i);
    double want = expected.getAsDouble(i);
    if (std::isnan(got) && std::isnan(want))
      continue;
    double ratio;
    if (std::isnan(got) || std::isnan(want) || std::isinf(got) ||
        std::isinf(want))
      ratio = got == want ? 0 : INFINITY;
    else
      ratio = std::fabs(got - want) /
              (absoluteTolerance + relativeTolerance * std::fabs(want));
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
  os << "differs at [" << where << "]: got "
     << llvm::format("%g", result.getAsDouble(worst)) << ", expected "
     << llvm::format("%g", expected.getAsDouble(worst)) << " (rtol "
     << llvm::format("%g", relativeTolerance.getValue()) << ", atol "
     << llvm::format("%g", absoluteTolerance.getValue()) << ")";
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
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "Compile a ten module and run it on the CPU\n");

  // The devices the process's driver sees; false, with `error` set, when
  // there is no driver or it fails.
  auto findDevices = [](std::vector<cuda::DeviceInfo> &devices,
                        std::string &error) {
    const cuda::Driver *driver = cuda::Driver::get(error);
    return driver && cuda::listDevices(*driver, devices, error);
  };
  if (listDevices) {
    std::string error;
    std::vector<cuda::DeviceInfo> devices;
    if (!findDevices(devices, error))
      return fail(error);
    for (const cuda::DeviceInfo &device : devices)
      llvm::outs() << device.str() << "\n";
    return 0;
  }
  if (inputFile.empty())
    return fail("no module to run (tensor-run <module.mlir>, or "
                "--list-devices)");
  if (target != "cpu" && target != "cuda")
    return fail("unknown --target '" + target + "' (cpu or cuda)");
  bool onGPU = target == "cuda";
  if (!dumpIR.empty() && dumpIR != "after-all" && dumpIR != "final" &&
      dumpIR != "llvm")
    return fail("unknown --dump-ir '" + dumpIR +
                "' (after-all, final or llvm)");
  if (dumpIR == "llvm" && onGPU)
    return fail("--dump-ir=llvm: the CPU target only");
  if (!onGPU && (allowTF32 || fastRelu))
    return fail(std::string(allowTF32 ? "--allow-tf32" : "--fast-relu") +
                ": the CUDA target only");
  std::string gpuChip = chip;
  if (onGPU) {
    // Without a driver or a device, say so before compiling anything.
    std::string error;
    std::vector<cuda::DeviceInfo> devices;
    if (!findDevices(devices, error))
      return fail(error);
    if (devices.empty())
      return fail("--target=cuda: the CUDA driver sees no device");
    if (gpuChip.empty())
      gpuChip = "sm_" + std::to_string(devices.front().major) +
                std::to_string(devices.front().minor);
  }
  if (!inputs.empty() && randomInputs.getNumOccurrences())
    return fail("--input and --random-inputs exclude each other");

  // Parse and verify, each diagnostic on one line.
  DialectRegistry registry;
  registerAllTenDialects(registry);
  if (onGPU)
    registerTenGPUDialects(registry);
  MLIRContext context(registry);
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> file =
      readBoundedFile(inputFile);
  if (!file)
    return fail(llvm::toString(file.takeError()));
  if (std::optional<NestingViolation> violation =
          findNestingViolation((*file)->getBuffer()))
    return fail(inputFile + ":" + llvm::Twine(violation->line) + ":" +
                llvm::Twine(violation->column) + ": brackets nest more than " +
                llvm::Twine(kMaxNestingDepth) + " levels deep");
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  std::string lastError;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    std::string text;
    llvm::raw_string_ostream os(text);
    if (auto loc = dyn_cast<FileLineColLoc>(diag.getLocation()))
      os << loc.getFilename().getValue() << ":" << loc.getLine() << ":"
         << loc.getColumn() << ": ";
    if (diag.getSeverity() == DiagnosticSeverity::Remark)
      os << "remark: ";
    else if (diag.getSeverity() == DiagnosticSeverity::Warning)
      os << "warning: ";
    os << diag;
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      lastError = text;
    else
      llvm::errs() << text << "\n";
    return success();
  });
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return fail(lastError.empty() ? inputFile + ": cannot parse" : lastError);

  // Inputs first: a missing file should not wait for compilation.
  std::vector<HostTensor> inputTensors;
  for (const std::string &path : inputs) {
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

  std::unique_ptr<CpuExecutable> cpuExecutable;
  std::unique_ptr<CudaExecutable> cudaExecutable;
  std::string compileError;
  auto compileStart = std::chrono::steady_clock::now();
  CompileOptions common;
  common.entry = entry;
  common.explain = explain;
  common.pipelineOptions = pipelineOptions;
  if (dumpIR == "after-all")
    common.printAfterAll = &llvm::errs();
  else if (dumpIR == "final")
    common.printFinal = &llvm::errs();
  else if (dumpIR == "llvm")
    common.printOptimizedLLVM = &llvm::errs();
  if (onGPU) {
    CudaExecutable::Options options;
    static_cast<CompileOptions &>(options) = common;
    options.chip = gpuChip;
    options.allowTF32 = allowTF32;
    options.fastRelu = fastRelu;
    cudaExecutable =
        takeExecutable(CudaExecutable::compile(*module, options), compileError);
  } else {
    CpuExecutable::Options options;
    static_cast<CompileOptions &>(options) = common;
    options.threads = threads;
    cpuExecutable =
        takeExecutable(CpuExecutable::compile(*module, options), compileError);
  }
  // The module's own diagnostic, when there is one, says more.
  if (!cpuExecutable && !cudaExecutable)
    return fail(lastError.empty() ? compileError : lastError);
  double compileSeconds = std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - compileStart)
                              .count();
  ArrayRef<TensorSignature> arguments =
      onGPU ? cudaExecutable->getArguments() : cpuExecutable->getArguments();
  size_t numResults = onGPU ? cudaExecutable->getResults().size()
                            : cpuExecutable->getResults().size();
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
    for (auto [index, signature] : llvm::enumerate(arguments)) {
      llvm::Expected<HostTensor> tensor = makeRandom(signature, rng);
      if (!tensor)
        return fail("--random-inputs: argument " + llvm::Twine(index) + ": " +
                    llvm::toString(tensor.takeError()));
      inputTensors.push_back(std::move(*tensor));
    }
  }
  if (inputTensors.size() != arguments.size())
    return fail("'" + entry + "' takes " + llvm::Twine(arguments.size()) +
                " argument(s) but " + llvm::Twine(inputTensors.size()) +
                " input(s) were given (use --input or --random-inputs)");
  SmallVector<TensorRef> inputRefs(inputTensors.begin(), inputTensors.end());

  auto results =
      onGPU ? cudaExecutable->run(inputRefs) : cpuExecutable->run(inputRefs);
  if (!results)
    return fail(llvm::toString(results.takeError()));

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
    if (onGPU) {
      auto timed = cudaExecutable->benchmark(inputRefs, bench);
      if (!timed)
        return fail(llvm::toString(timed.takeError()));
      std::vector<double> device, endToEnd;
      for (const CudaExecutable::Timing &timing : *timed) {
        device.push_back(timing.device);
        endToEnd.push_back(timing.endToEnd);
      }
      auto [deviceMin, deviceMedian] = minAndMedian(device);
      auto [endMin, endMedian] = minAndMedian(endToEnd);
      llvm::outs() << llvm::format(
          "%s: %u runs, min %.3f ms, median %.3f ms, %.2f GB/s (on the GPU, "
          "by CUDA events; inputs and results once, at the min), end to end "
          "min %.3f ms, median %.3f ms (copies in and out), compile %.1f ms\n",
          entry.c_str(), bench.getValue(), deviceMin * 1e3, deviceMedian * 1e3,
          bytes / deviceMin / 1e9, endMin * 1e3, endMedian * 1e3,
          compileSeconds * 1e3);
    } else {
      auto timed = cpuExecutable->benchmark(inputRefs, bench);
      if (!timed)
        return fail(llvm::toString(timed.takeError()));
      auto [min, median] = minAndMedian(std::move(*timed));
      llvm::outs() << llvm::format(
          "%s: %u runs, min %.3f ms, median %.3f ms, %.2f GB/s (inputs and "
          "results once, at the min), compile %.1f ms\n",
          entry.c_str(), bench.getValue(), min * 1e3, median * 1e3,
          bytes / min / 1e9, compileSeconds * 1e3);
    }
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
