//===- CpuExecutable.cpp - a ten module compiled for the host CPU ---------===//

#include "CpuExecutable.h"
#include "HostOptimizer.h"

#include "ten/Execution/CheckedRun.h"
#include "ten/Execution/HostAllocator.h"
#include "ten/Execution/IRPrinting.h"
#include "ten/Execution/PackedCall.h"
#include "ten/Execution/PipelineOptions.h"
#include "ten/Pipelines/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

#include <algorithm>
#include <chrono>
#include <csetjmp>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <mutex>

using namespace mlir;
using namespace mlir::ten;

// The compiled code's thread tiles run on LLVM's OpenMP runtime (libomp),
// which this library links so that the JIT finds its entry points.
extern "C" int omp_get_max_threads();

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

CpuExecutable::~CpuExecutable() = default;

/// The JIT resolves the OpenMP runtime's entry points (__kmpc_fork_call ...)
/// among the process's global symbols. This library links libomp, but a
/// process that loaded the library locally (Python loads extension modules
/// with RTLD_LOCAL) does not see libomp's symbols: they are made global.
static void makeOpenMPRuntimeGlobal() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&omp_get_max_threads), &info) ||
      !info.dli_fname)
    return;
  // Promotes the loaded library to global scope; loads nothing new.
  dlopen(info.dli_fname, RTLD_NOW | RTLD_GLOBAL | RTLD_NOLOAD);
}

/// A target machine for the host: its triple, CPU and every feature it has.
static std::unique_ptr<llvm::TargetMachine>
createHostTargetMachine(std::string &errorMessage) {
  llvm::Triple triple(llvm::sys::getProcessTriple());
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, errorMessage);
  if (!target)
    return nullptr;
  llvm::SubtargetFeatures features;
  for (const llvm::StringMapEntry<bool> &feature :
       llvm::sys::getHostCPUFeatures())
    features.AddFeature(feature.getKey(), feature.getValue());
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, llvm::sys::getHostCPUName(), features.getString(),
      llvm::TargetOptions(), llvm::Reloc::PIC_, std::nullopt,
      llvm::CodeGenOptLevel::Aggressive));
}

/// The width of the host's widest vector registers that the contraction
/// kernel uses: 512 bits with AVX-512, 256 otherwise (AVX2, and the 128-bit
/// targets, where a 256-bit vector is two registers).
static int64_t getHostVectorBits() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  auto feature = features.find("avx512f");
  return feature != features.end() && feature->second ? 512 : 256;
}

llvm::Expected<std::unique_ptr<Executable>>
CpuExecutable::compile(const Target &target, ModuleOp module,
                       const TargetOptions &options) {
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    makeOpenMPRuntimeGlobal();
  });

  auto executable = std::unique_ptr<CpuExecutable>(new CpuExecutable());
  executable->entry = options.entry;
  if (llvm::Error err = getEntrySignature(
          module, options.entry, executable->arguments, executable->results))
    return std::move(err);

  MLIRContext *context = module.getContext();
  PassManager pm(context);
  if (options.printAfterAll)
    printAfterEveryPass(pm, *options.printAfterAll);
  TenCPUPipelineOptions pipelineOptions;
  // Every core the OpenMP runtime sees, unless the options say otherwise.
  pipelineOptions.threads = std::max(omp_get_max_threads(), 1);
  pipelineOptions.explain = options.explain;
  pipelineOptions.vectorBits = getHostVectorBits();
  if (llvm::Error err = parsePipelineOptions(
          pipelineOptions, options.pipelineOptions, "ten-cpu-pipeline"))
    return std::move(err);
  std::string pipelineError;
  if (failed(buildTenCPUPipeline(pm, pipelineOptions, pipelineError)))
    return error("ten-cpu-pipeline: " + pipelineError);
  if (failed(pm.run(module)))
    return error("compilation failed");
  if (options.printFinal)
    module.print(*options.printFinal);

  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  context->appendDialectRegistry(registry);

  // LLVM's optimizer needs the host's target machine to know its vector
  // width and FMA: without it, loops stay scalar.
  std::string machineError;
  std::unique_ptr<llvm::TargetMachine> targetMachine =
      createHostTargetMachine(machineError);
  std::unique_ptr<llvm::TargetMachine> codeGenMachine =
      createHostTargetMachine(machineError);
  if (!targetMachine || !codeGenMachine)
    return error("cannot create a target machine for the host CPU: " +
                 machineError);
  ExecutionEngineOptions engineOptions;
  // Every function is compiled for the host's CPU and features, which the
  // optimizer's cost models read from the functions.
  std::string cpu = targetMachine->getTargetCPU().str();
  std::string features = targetMachine->getTargetFeatureString().str();
  // The options hold a function_ref: the transformer must outlive them.
  auto transformer = [&](llvm::Module *module) -> llvm::Error {
    for (llvm::Function &function : *module) {
      if (function.isDeclaration())
        continue;
      function.addFnAttr("target-cpu", cpu);
      function.addFnAttr("target-features", features);
    }
    if (llvm::Error err =
            optimizeForHost(*module, options.optLevel, targetMachine.get()))
      return err;
    if (options.printOptimizedLLVM)
      module->print(*options.printOptimizedLLVM, /*AAW=*/nullptr);
    return llvm::Error::success();
  };
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  auto engine =
      ExecutionEngine::create(module, engineOptions, std::move(codeGenMachine));
  if (!engine)
    return error("JIT compilation failed: " +
                 llvm::toString(engine.takeError()));
  target.bindRuntimeSymbols(**engine);
  // Generate the machine code now, not at the first call, so that compile
  // time is counted as such; a run calls the address without a lookup.
  auto packedEntry = (*engine)->lookupPacked("_mlir_ciface_" + options.entry);
  if (!packedEntry)
    return error("JIT compilation failed: " +
                 llvm::toString(packedEntry.takeError()));
  executable->packedEntry = *packedEntry;
  executable->engine = std::move(*engine);
  return executable;
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

llvm::Error CpuExecutable::invoke(ArrayRef<TensorRef> inputs,
                                  std::vector<int64_t> &resultStorage) {
  if (llvm::Error err = checkInputs(entry, arguments, inputs))
    return err;

  // One descriptor per argument, pointing at the caller's data, which the
  // generated code only reads.
  std::vector<Descriptor> descriptors;
  for (const TensorRef &input : inputs)
    descriptors.push_back(
        Descriptor::rowMajor(const_cast<void *>(input.data), input.shape));
  PackedCall call(std::move(descriptors), results, resultStorage);

  CheckedRun run(entry);
  run.begin();
  if (setjmp(run.returnPoint) != 0) {
    run.end();
    freeRunBuffers(run);
    return error(run.describeFailure());
  }
  packedEntry(call.get());
  run.end();
  disownRunBuffers(run);
  return llvm::Error::success();
}

/// Frees the buffers of the results that `invoke` left in `resultStorage`.
/// Results may share a buffer (a value returned twice): each is freed once.
static void freeResults(ArrayRef<TensorSignature> results,
                        ArrayRef<int64_t> resultStorage) {
  llvm::SmallPtrSet<void *, 4> allocations;
  size_t at = 0;
  for (const TensorSignature &result : results) {
    allocations.insert(reinterpret_cast<void *>(resultStorage[at]));
    at += 3 + 2 * result.shape.size();
  }
  for (void *allocation : allocations)
    tenrtFree(allocation);
}

llvm::Expected<std::vector<RunTiming>>
CpuExecutable::benchmark(ArrayRef<TensorRef> inputs, unsigned repetitions) {
  std::vector<RunTiming> timings;
  std::vector<int64_t> resultStorage;
  for (unsigned i = 0; i < repetitions; ++i) {
    auto start = std::chrono::steady_clock::now();
    if (llvm::Error err = invoke(inputs, resultStorage))
      return std::move(err);
    freeResults(results, resultStorage);
    auto stop = std::chrono::steady_clock::now();
    RunTiming timing;
    timing.seconds = std::chrono::duration<double>(stop - start).count();
    timings.push_back(timing);
  }
  return timings;
}

llvm::Expected<std::vector<ResultBuffer>>
CpuExecutable::runInPlace(ArrayRef<TensorRef> inputs) {
  std::vector<int64_t> resultStorage;
  if (llvm::Error err = invoke(inputs, resultStorage))
    return std::move(err);

  std::vector<ResultBuffer> buffers;
  llvm::SmallPtrSet<void *, 4> owned;
  size_t at = 0;
  for (const TensorSignature &result : results) {
    int64_t rank = result.shape.size();
    Descriptor descriptor(&resultStorage[at], rank);
    at += 3 + 2 * rank;
    SmallVector<int64_t> shape, strides;
    for (int64_t dim = 0; dim < rank; ++dim) {
      shape.push_back(descriptor.getSize(dim));
      strides.push_back(descriptor.getStride(dim));
    }
    size_t elementSize = getElementSize(result.kind);
    char *data = descriptor.getAligned() + descriptor.getOffset() * elementSize;
    void *allocation = descriptor.getAllocated();
    if (owned.insert(allocation).second) {
      buffers.emplace_back(result.kind, std::move(shape), std::move(strides),
                           allocation, data);
      continue;
    }
    // A buffer that an earlier result holds: this one gets a copy.
    ResultBuffer view(result.kind, shape, strides, /*allocation=*/nullptr,
                      data);
    HostTensor copy = view.toHostTensor();
    void *fresh = tenrtMalloc(std::max<size_t>(copy.bytes.size(), 1));
    std::memcpy(fresh, copy.bytes.data(), copy.bytes.size());
    SmallVector<int64_t> rowMajor(rank, 1);
    for (int64_t dim = rank - 2; dim >= 0; --dim)
      rowMajor[dim] = rowMajor[dim + 1] * shape[dim + 1];
    buffers.emplace_back(result.kind, std::move(shape), std::move(rowMajor),
                         fresh, static_cast<char *>(fresh));
  }
  return buffers;
}
