//===- HostOptimizer.cpp - LLVM's optimizer for JIT-compiled code ---------===//
//
// LLVM's default pipeline, with the loops that its vectorizer makes kept
// rolled. The vectorizer interleaves its vector loops already (four vector
// registers at a time, typically); LLVM's unroller then unrolled completely
// the vector loops with a constant trip count, and the loops around them: a
// fill of 32 x 512 floats became 2,048 stores in one basic block, on which
// LLVM's post-RA scheduler spent 1.4 s of W12's 1.5 s compile, with no
// speed gained. Loops that are not vectorized (the contraction kernel's,
// already vector code) are unrolled as before.
//
// The loops' own metadata cannot say this: disabling unrolling on a loop
// disables its interleaving too, and the follow-up metadata that would
// apply to the vector loop alone does not survive MLIR's translation in a
// form that LLVM reads. So the default pipeline runs with its unroller off,
// and at the extension point after its vector passes the vectorized loops
// are marked, then the unroller runs.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/HostOptimizer.h"
#include "ten/Target/VectorMathLibrary.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/LoopUnrollPass.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <cstdlib>
#include <unistd.h>

using namespace mlir;

namespace {

/// Marks every loop that the loop vectorizer made (vector loops and their
/// scalar remainders, `llvm.loop.isvectorized`) as not to be unrolled.
struct KeepVectorizedLoopsRolled
    : llvm::PassInfoMixin<KeepVectorizedLoopsRolled> {
  llvm::PreservedAnalyses run(llvm::Function &function,
                              llvm::FunctionAnalysisManager &analyses) {
    bool changed = false;
    for (llvm::Loop *loop :
         analyses.getResult<llvm::LoopAnalysis>(function).getLoopsInPreorder())
      if (llvm::getBooleanLoopAttribute(loop, "llvm.loop.isvectorized") &&
          !llvm::getBooleanLoopAttribute(loop, "llvm.loop.unroll.disable")) {
        llvm::addStringMetadataToLoop(loop, "llvm.loop.unroll.disable",
                                      /*V=*/1);
        changed = true;
      }
    return changed ? llvm::PreservedAnalyses::allInSet<llvm::CFGAnalyses>()
                   : llvm::PreservedAnalyses::all();
  }
};

} // namespace

static int64_t getHostLibraryVectorBits();

llvm::Error ten::optimizeForHost(llvm::Module &module, unsigned optLevel,
                                 llvm::TargetMachine *targetMachine) {
  static const llvm::OptimizationLevel levels[] = {
      llvm::OptimizationLevel::O0, llvm::OptimizationLevel::O1,
      llvm::OptimizationLevel::O2, llvm::OptimizationLevel::O3};
  if (optLevel > 3)
    return llvm::createStringError("optimization level " +
                                   llvm::Twine(optLevel) +
                                   " is not one of 0, 1, 2, 3");
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager callGraph;
  llvm::ModuleAnalysisManager modules;
  // The default pipeline's unrolling runs between its vectorizer and the
  // next extension point: it is off there, and runs again at that point,
  // once the vectorized loops are marked.
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = false;
  llvm::PassBuilder builder(targetMachine, tuning);
  // The C library's math functions with the vector variants of the host's
  // vector math library, so that loops calling them vectorize (registered
  // before the default analyses, which would otherwise register the plain
  // library information).
  llvm::TargetLibraryInfoImpl libraryInfo(module.getTargetTriple());
  addHostVectorMathFunctions(libraryInfo, getHostLibraryVectorBits());
  functions.registerPass(
      [&] { return llvm::TargetLibraryAnalysis(libraryInfo); });
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(callGraph);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, callGraph, modules);
  builder.registerVectorizerEndEPCallback([](llvm::FunctionPassManager &passes,
                                             llvm::OptimizationLevel level) {
    passes.addPass(KeepVectorizedLoopsRolled());
    passes.addPass(
        llvm::LoopUnrollPass(llvm::LoopUnrollOptions(level.getSpeedupLevel())));
    passes.addPass(llvm::InstCombinePass());
  });

  llvm::ModulePassManager pipeline =
      optLevel == 0 ? builder.buildO0DefaultPipeline(levels[0])
                    : builder.buildPerModuleDefaultPipeline(levels[optLevel]);
  pipeline.run(module, modules);
  return llvm::Error::success();
}

namespace {
/// The host CPU as LLVM names it and the features it has, read once per
/// process: each read runs CPUID instructions, which trap to the
/// hypervisor on a virtual machine, and every compile asked six times.
struct HostCpu {
  std::string name;
  std::string features;
  bool hasAvx512 = false;
  bool hasAvx2 = false;
};
} // namespace

/// The widest vectors TEN_HOST_VECTOR_BITS lets compiled code use, in
/// bits, or 512 where it is unset: the variable caps the host's vectors so
/// that one AVX-512 host runs and measures the code of an AVX2 host (256)
/// or of an SSE one (128 or less), as it caps the runtime's FFT kernels.
static int64_t getVectorBitsCap() {
  const char *cap = std::getenv("TEN_HOST_VECTOR_BITS");
  return cap ? std::atoi(cap) : 512;
}

/// Whether `feature` needs vectors wider than `capBits`: AVX-512's (and
/// AVX10's, and AMX's, which builds on it) beyond 256 bits, AVX's and its
/// 256-bit extensions beyond 128.
static bool isBeyondVectorCap(llvm::StringRef feature, int64_t capBits) {
  if (capBits < 512 &&
      (feature.starts_with("avx512") || feature.starts_with("avx10") ||
       feature.starts_with("amx") || feature == "evex512"))
    return true;
  return capBits < 256 &&
         (feature.starts_with("avx") || feature == "fma" || feature == "f16c" ||
          feature == "vaes" || feature == "vpclmulqdq");
}

static const HostCpu &getHostCpu() {
  static const HostCpu host = [] {
    HostCpu cpu;
    cpu.name = llvm::sys::getHostCPUName().str();
    int64_t capBits = getVectorBitsCap();
    llvm::SubtargetFeatures features;
    for (const llvm::StringMapEntry<bool> &feature :
         llvm::sys::getHostCPUFeatures()) {
      bool enabled =
          feature.getValue() && !isBeyondVectorCap(feature.getKey(), capBits);
      features.AddFeature(feature.getKey(), enabled);
      if (feature.getKey() == "avx512f")
        cpu.hasAvx512 = enabled;
      if (feature.getKey() == "avx2")
        cpu.hasAvx2 = enabled;
    }
    cpu.features = features.getString();
    return cpu;
  }();
  return host;
}

std::unique_ptr<llvm::TargetMachine>
ten::createHostTargetMachine(std::string &error) {
  llvm::Triple triple(llvm::sys::getProcessTriple());
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  const HostCpu &host = getHostCpu();
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, host.name, host.features, llvm::TargetOptions(),
      llvm::Reloc::PIC_, std::nullopt, llvm::CodeGenOptLevel::Aggressive));
}

int64_t ten::getHostVectorBits() { return getHostCpu().hasAvx512 ? 512 : 256; }

/// The widest vectors that the host's code passes to library functions in
/// registers: 512 bits with AVX-512, 256 with AVX2, else 0 (none: the
/// vector math library's variants take AVX2's registers at least).
static int64_t getHostLibraryVectorBits() {
  const HostCpu &host = getHostCpu();
  return host.hasAvx512 ? 512 : host.hasAvx2 ? 256 : 0;
}

int64_t ten::getHostVectorRegisters() {
  return getHostCpu().hasAvx512 ? 32 : 16;
}

#if defined(_SC_LEVEL1_DCACHE_SIZE) || defined(_SC_LEVEL2_CACHE_SIZE)
/// The positive value of sysconf(`name`), or 0.
static int64_t getPositiveSysconf(int name) {
  long value = sysconf(name);
  return value > 0 ? value : 0;
}
#endif

int64_t ten::getHostL1DataCacheBytes() {
#ifdef _SC_LEVEL1_DCACHE_SIZE
  return getPositiveSysconf(_SC_LEVEL1_DCACHE_SIZE);
#else
  return 0;
#endif
}

int64_t ten::getHostL2CacheBytes() {
#ifdef _SC_LEVEL2_CACHE_SIZE
  return getPositiveSysconf(_SC_LEVEL2_CACHE_SIZE);
#else
  return 0;
#endif
}

void ten::setTargetAttributes(llvm::Module &module,
                              const llvm::TargetMachine &targetMachine) {
  std::string cpu = targetMachine.getTargetCPU().str();
  std::string features = targetMachine.getTargetFeatureString().str();
  // LLVM tunes many AVX-512 CPUs to vectorize with 256-bit vectors (the
  // clock of older ones dropped under 512-bit code); ten's loops take the
  // whole width where the target has it: W8's softmax, whose exponentials
  // are compute-bound, ran 4.4 ms with 256-bit vectors and 3.7 ms with
  // 512-bit ones, and the memory-bound workloads kept their time.
  bool hasWideVectors = llvm::is_contained(
      llvm::SubtargetFeatures(features).getFeatures(), "+avx512f");
  for (llvm::Function &function : module) {
    if (function.isDeclaration())
      continue;
    function.addFnAttr("target-cpu", cpu);
    function.addFnAttr("target-features", features);
    if (hasWideVectors)
      function.addFnAttr("prefer-vector-width", "512");
  }
}
