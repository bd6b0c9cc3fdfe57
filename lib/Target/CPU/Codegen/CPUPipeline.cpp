//===- CPUPipeline.cpp - ten-cpu-pipeline ---------------------------------===//

#include "ten/Target/CPU/Pipeline.h"

#include "ten/Codegen/Common/Passes.h"
#include "ten/Codegen/Common/PipelineRegistration.h"
#include "ten/Codegen/Common/Stages.h"
#include "ten/Target/CPU/Passes.h"

#include "ten/Conversion/Passes.h"
#include "ten/Dialect/Ten/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::ten;

/// The f32 math functions that ten-approximate-math expands in-line, as
/// polynomials that vectorize and compute an element alike in every loop.
static SmallVector<std::string> getInlineMathFunctions() {
  return {"math.exp", "math.log", "math.tanh", "math.erf"};
}

LogicalResult
mlir::ten::buildTenCPUPipeline(OpPassManager &pm,
                               const TenCPUPipelineOptions &options,
                               std::string &error) {
  if (options.threads < 1) {
    error = "threads " + std::to_string(options.threads) + " is not 1 or more";
    return failure();
  }
  if (options.vectorBits < 64 || options.vectorBits > 2048 ||
      !llvm::isPowerOf2_64(options.vectorBits)) {
    error = "vector-bits " + std::to_string(options.vectorBits) +
            " is not a power of two from 64 to 2048";
    return failure();
  }
  addTenToLinalgStage(pm, options.einsumPath, options.explain,
                      /*splitComplexContractions=*/true,
                      /*hostReadsBuffers=*/true, options.threads);
  // Over a grid of processes, each runs its part of the program.
  addShardingStage(pm);
  // Consumers of reductions computed with them a block of rows at a time,
  // then elementwise chains fused into their consumers (inside the blocks
  // too). A producer fused into two consumers of a block is fused twice:
  // cse keeps one copy.
  if (options.fuseReductions) {
    TenFuseReductionsPassOptions fuseOptions;
    fuseOptions.blockKiB = options.fuseBlockKiB;
    fuseOptions.explain = options.explain;
    pm.addNestedPass<func::FuncOp>(createTenFuseReductionsPass(fuseOptions));
    pm.addPass(createCSEPass());
  }
  // The host's math functions are a library's, whose vector and scalar
  // variants may round an element differently; those approximated in-line
  // (below) compute alike everywhere.
  if (options.fuseElementwise) {
    TenFuseElementwisePassOptions fuseOptions;
    fuseOptions.libraryMath = true;
    if (options.approximateMath)
      fuseOptions.inlineMath = getInlineMathFunctions();
    pm.addPass(createTenFuseElementwisePass(fuseOptions));
  }
  if (options.threads > 1) {
    TenParallelizePassOptions parallelizeOptions;
    parallelizeOptions.numThreads = options.threads;
    parallelizeOptions.explain = options.explain;
    pm.addNestedPass<func::FuncOp>(
        createTenParallelizePass(parallelizeOptions));
  }
  if (options.contractionLoopOrder)
    pm.addNestedPass<func::FuncOp>(createTenContractionLoopOrderPass());
  // Intermediates of a block that its last op consumes in place are
  // computed in the block's output, not in a buffer of their own.
  pm.addPass(createTenComputeInDestinationPass());

  // Buffers. The thread and block loops become scf.parallel before buffers
  // are freed: the deallocation pipeline frees a block's buffers in an
  // scf.parallel body, and none in an scf.forall body.
  addBufferizationStage(pm, [](OpPassManager &pm) {
    pm.addNestedPass<func::FuncOp>(createForallToParallelLoopPass());
    // Small buffers that stay in the function go on the stack, not through
    // malloc and free in every block of a loop.
    pm.addNestedPass<func::FuncOp>(createTenStackBuffersPass());
  });
  // Copies from and into strided views (slices, a concat's parts) become
  // loops like every other linalg op.
  pm.addPass(createTenStridedCopiesToLinalgPass());

  // C-interface wrappers for the program's functions, before the lowering
  // adds declarations of library functions that must keep their C names.
  pm.addNestedPass<func::FuncOp>(LLVM::createLLVMRequestCWrappersPass());

  // f32 exp, log, tanh, erf as polynomials that vectorize, not libm calls.
  // Divisions stay correctly rounded, as NumPy's are: a reciprocal hoisted
  // out of a loop (`arith.divf` here) gave x / y 1 ulp off for 40% of
  // random f32 x, and a floor of the quotient (a histogram's bin) off by
  // one; W8's softmax and W11's layer norm ran no faster with it.
  if (options.approximateMath) {
    TenApproximateMathPassOptions mathOptions;
    mathOptions.functions = getInlineMathFunctions();
    pm.addPass(createTenApproximateMathPass(mathOptions));
  }

  // Complex arithmetic as real arithmetic on the parts (before the math
  // passes: complex functions become math functions of the parts).
  pm.addPass(createConvertComplexToStandardPass());

  // Integer powers have no LLVM intrinsic: outline an implementation.
  pm.addPass(createConvertMathToFuncs());

  // GEMM-like contractions become vector kernels; everything else loops.
  if (options.contractionKernel) {
    // Contractions of the same shapes and layout first share one function,
    // so that each kernel is compiled once.
    if (options.shareKernels) {
      TenShareContractionKernelsPassOptions shareOptions;
      shareOptions.explain = options.explain;
      pm.addPass(createTenShareContractionKernelsPass(shareOptions));
    }
    TenContractionKernelPassOptions kernelOptions;
    kernelOptions.vectorBits = options.vectorBits;
    kernelOptions.registerRows = options.registerRows;
    kernelOptions.depthBlock = options.depthBlock;
    kernelOptions.blockKiB = options.blockKiB;
    kernelOptions.explain = options.explain;
    pm.addNestedPass<func::FuncOp>(
        createTenContractionKernelPass(kernelOptions));
  }

  // Loops, then LLVM. The thread tiles become OpenMP worksharing loops.
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // A reduction along an outer loop updates each accumulator several times
  // between one load and one store.
  pm.addNestedPass<func::FuncOp>(createTenJamReductionLoopsPass());
  // A block read in several passes brings the next one in during them.
  if (options.prefetch)
    pm.addNestedPass<func::FuncOp>(createTenPrefetchNextBlockPass());
  // A carry or accumulator that an inner loop updates at one place stays in
  // a register (inside an OpenMP region, LLVM could not tell it apart from
  // the other buffers).
  pm.addNestedPass<func::FuncOp>(createTenPromoteCarriedScalarsPass());
  // NumPy's max and min of floats carried as a NaN-ignoring one (one
  // instruction per vector on x86) and a flag of the NaNs seen.
  pm.addNestedPass<func::FuncOp>(createTenSplitNaNMinMaxPass());
  // With one thread, scf-to-cf runs the loops in sequence.
  if (options.threads > 1) {
    ConvertSCFToOpenMPPassOptions openMPOptions;
    openMPOptions.numThreads = options.threads;
    pm.addPass(createConvertSCFToOpenMPPass(openMPOptions));
  }
  // Stack buffers once per thread (or call), not once per loop iteration;
  // the canonicalizer then drops the memref.alloca_scope that wraps each
  // worksharing loop body, left with no allocation (scf-to-cf cannot lower
  // the loops inside such a scope).
  pm.addPass(createTenHoistStackBuffersPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // bf16 conversions and floor division become plain integer and float ops;
  // float min/max stay intrinsics that LLVM vectorizes as reductions.
  pm.addPass(createTenExpandArithPass());
  pm.addPass(createConvertVectorToLLVMPass());
  FinalizeMemRefToLLVMConversionPassOptions memrefOptions;
  memrefOptions.useAlignedAlloc = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefOptions));
  // log1p as libm's: MathToLLVM's log(1 + x) loses small x entirely.
  ConvertMathToLLVMPassOptions toLLVMOptions;
  toLLVMOptions.approximateLog1p = false;
  pm.addPass(createConvertMathToLLVMPass(toLLVMOptions));
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createArithToLLVMConversionPass());
  // Complex numbers that remain (parts, constants) as LLVM structs.
  pm.addPass(createConvertComplexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  return success();
}

void mlir::ten::registerTenCPUPipeline() {
  registerPipeline<TenCPUPipelineOptions>(
      "ten-cpu-pipeline",
      "Lower ten to the LLVM dialect for the CPU: linalg, bufferization, "
      "loops, LLVM",
      buildTenCPUPipeline);
}
