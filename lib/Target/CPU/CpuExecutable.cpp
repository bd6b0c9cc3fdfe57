//===- CpuExecutable.cpp - a ten module compiled for the host CPU ---------===//

#include "CpuExecutable.h"
#include "HostLowering.h"
#include "ten/Target/HostOptimizer.h"
#include "ten/Target/JitMemory.h"

#include "ten/Runtime/Host/CheckedRun.h"
#include "ten/Runtime/Host/HostAllocator.h"
#include "ten/Runtime/Host/PackedCall.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Module.h"
#include "llvm/Target/TargetMachine.h"

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

llvm::Expected<std::unique_ptr<Executable>>
CpuExecutable::compile(const Target &target, ModuleOp module,
                       const TargetOptions &options) {
  initializeNativeCodeGen();
  static std::once_flag madeGlobal;
  std::call_once(madeGlobal, makeOpenMPRuntimeGlobal);

  auto executable = std::unique_ptr<CpuExecutable>(new CpuExecutable());
  if (llvm::Error err = executable->readSignature(module, options.entry))
    return std::move(err);

  // Every core the OpenMP runtime sees, unless the options say otherwise.
  if (llvm::Error err =
          lowerForHost(module, options, std::max(omp_get_max_threads(), 1)))
    return std::move(err);

  // LLVM's optimizer needs the host's target machine to know its vector
  // width and FMA: without it, loops stay scalar. The engine's code
  // generator, which owns it, uses the same one after the optimizer, as a
  // compiler driver does: a second one (its subtarget's tables) was about
  // 2% of a small module's compile.
  std::string machineError;
  std::unique_ptr<llvm::TargetMachine> codeGenMachine =
      createHostTargetMachine(machineError);
  if (!codeGenMachine)
    return error("cannot create a target machine for the host CPU: " +
                 machineError);
  llvm::TargetMachine *targetMachine = codeGenMachine.get();
  ExecutionEngineOptions engineOptions;
  // Every module in one arena: see JitMemory.h.
  engineOptions.sectionMemoryMapper = &getJitMemoryMapper();
  // The options hold a function_ref: the transformer must outlive them.
  auto transformer = [&](llvm::Module *module) -> llvm::Error {
    setTargetAttributes(*module, *targetMachine);
    if (llvm::Error err =
            optimizeForHost(*module, options.optLevel, targetMachine))
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
  if (llvm::Error err = checkProcessGroup())
    return err;
  if (llvm::Error err = checkInputs(entry, arguments, inputs))
    return err;

  // One descriptor per argument, pointing at the caller's data, which the
  // generated code only reads.
  std::vector<Descriptor> descriptors;
  for (const TensorRef &input : inputs)
    descriptors.push_back(Descriptor::rowMajor(const_cast<void *>(input.data),
                                               input.shape.data(),
                                               input.shape.size()));
  PackedCall call(std::move(descriptors), getRanks(results), resultStorage);

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
    // An empty result may have no data at all (a null pointer).
    if (!copy.bytes.empty())
      std::memcpy(fresh, copy.bytes.data(), copy.bytes.size());
    SmallVector<int64_t> rowMajor(rank, 1);
    for (int64_t dim = rank - 2; dim >= 0; --dim)
      rowMajor[dim] = rowMajor[dim + 1] * shape[dim + 1];
    buffers.emplace_back(result.kind, std::move(shape), std::move(rowMajor),
                         fresh, static_cast<char *>(fresh));
  }
  return buffers;
}
