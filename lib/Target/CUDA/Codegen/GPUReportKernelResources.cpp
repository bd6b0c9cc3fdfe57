//===- GPUReportKernelResources.cpp - ten-gpu-report-kernel-resources -----===//
//
// What each kernel costs an SM is known only once ptxas has allocated its
// registers: this pass assembles each kernel module into a cubin, reads its
// kernels' registers, shared memory and stack frames back, and tells at each
// launch the occupancy that follows for the launch's block size.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CUDA/KernelResources.h"
#include "ten/Target/CUDA/Passes.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUREPORTKERNELRESOURCESPASS
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

namespace {
/// A kernel module assembled for its NVVM target: the cubin, or why not.
struct AssembledModule {
  std::string chip;
  std::string cubin;
  std::string failure;
};
} // namespace

/// `module` assembled by its first NVVM target into a cubin, with the
/// toolkit at `cudaPath`. Serialization's errors become the failure.
static AssembledModule assemble(gpu::GPUModuleOp module,
                                llvm::StringRef cudaPath) {
  AssembledModule assembled;
  NVVM::NVVMTargetAttr target;
  if (ArrayAttr targets = module.getTargetsAttr())
    for (Attribute attribute : targets)
      if ((target = dyn_cast<NVVM::NVVMTargetAttr>(attribute)))
        break;
  if (!target) {
    assembled.failure = "the module has no NVVM target";
    return assembled;
  }
  assembled.chip = target.getChip().str();
  std::string diagnostics;
  ScopedDiagnosticHandler handler(module.getContext(), [&](Diagnostic &diag) {
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      diagnostics += (diagnostics.empty() ? "" : "; ") + diag.str();
    return success();
  });
  std::optional<SymbolTable> symbols;
  gpu::TargetOptions options(
      cudaPath, /*librariesToLink=*/{}, /*cmdOptions=*/"", /*elfSection=*/"",
      gpu::CompilationTarget::Binary, [&]() -> SymbolTable * {
        if (!symbols)
          symbols.emplace(module->getParentOp());
        return &*symbols;
      });
  auto interface = cast<gpu::TargetAttrInterface>(target);
  std::optional<SmallVector<char, 0>> object =
      interface.serializeToObject(module, options);
  if (!object) {
    assembled.failure =
        diagnostics.empty() ? "ptxas failed" : std::move(diagnostics);
    return assembled;
  }
  assembled.cubin.assign(object->begin(), object->end());
  return assembled;
}

/// The constant value of `value`, if it has one.
static std::optional<uint64_t> getConstant(Value value) {
  llvm::APInt constant;
  if (value && matchPattern(value, m_ConstantInt(&constant)))
    return constant.getZExtValue();
  return std::nullopt;
}

/// What the remark says of `resources` on a launch of blocks of
/// `threads` threads (none: a size set at run time) with `dynamicShared`
/// bytes of dynamic shared memory.
static std::string describe(llvm::StringRef chip,
                            const KernelResources &resources,
                            std::optional<uint64_t> threads,
                            std::optional<uint64_t> dynamicShared) {
  std::string text;
  llvm::raw_string_ostream os(text);
  uint64_t shared = resources.sharedBytes + dynamicShared.value_or(0);
  os << resources.registers << " registers, " << shared
     << " bytes of shared memory, ";
  if (resources.frameBytes)
    os << resources.frameBytes
       << " bytes of local memory per thread (spills or local arrays)";
  else
    os << "no local memory";
  if (!threads || !dynamicShared) {
    os << "; blocks sized at run time: occupancy not known";
    return text;
  }
  std::optional<Occupancy> occupancy =
      computeOccupancy(chip, *threads, resources.registers, shared);
  os << "; blocks of " << *threads << " threads: ";
  if (!occupancy)
    os << "occupancy not known for " << chip;
  else if (!occupancy->blocksPerSM)
    os << "cannot run, too many " << occupancy->limitedBy << " per block";
  else
    os << occupancy->blocksPerSM << " per SM, occupancy "
       << llvm::formatv("{0:0}", occupancy->getFraction() * 100) << "% ("
       << occupancy->activeWarps << " of " << occupancy->maxWarps
       << " warps), limited by " << occupancy->limitedBy;
  return text;
}

namespace {
struct TenGPUReportKernelResourcesPass
    : public ten::impl::TenGPUReportKernelResourcesPassBase<
          TenGPUReportKernelResourcesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    llvm::StringMap<AssembledModule> assembled;
    module.walk([&](gpu::LaunchFuncOp launch) {
      llvm::StringRef moduleName = launch.getKernelModuleName().getValue();
      auto kernels = symbols.lookup<gpu::GPUModuleOp>(moduleName);
      if (!kernels)
        return;
      auto [entry, inserted] = assembled.try_emplace(moduleName);
      if (inserted)
        entry->second = assemble(kernels, cudaPath);
      const AssembledModule &binary = entry->second;
      InFlightDiagnostic remark = launch.emitRemark()
                                  << "kernel @" << moduleName << "::@"
                                  << launch.getKernelName().getValue();
      if (!binary.failure.empty()) {
        remark << ": resources not known: " << binary.failure;
        return;
      }
      llvm::Expected<KernelResources> resources =
          readKernelResources(binary.cubin, launch.getKernelName().getValue());
      if (!resources) {
        remark << ": resources not known: "
               << llvm::toString(resources.takeError());
        return;
      }
      std::optional<uint64_t> threads = 1;
      for (Value size : {launch.getBlockSizeX(), launch.getBlockSizeY(),
                         launch.getBlockSizeZ()}) {
        std::optional<uint64_t> constant = getConstant(size);
        threads = constant && threads ? std::optional(*threads * *constant)
                                      : std::nullopt;
      }
      Value dynamicShared = launch.getDynamicSharedMemorySize();
      remark << " on " << binary.chip << ": "
             << describe(binary.chip, *resources, threads,
                         dynamicShared ? getConstant(dynamicShared)
                                       : std::optional<uint64_t>(0));
    });
  }
};
} // namespace
