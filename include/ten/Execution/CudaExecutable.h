//===- CudaExecutable.h - a ten module compiled for a GPU -------*- C++ -*-===//
//
// Compiles a module with ten-nvvm-pipeline, JITs its host code against the
// CUDA runtime of lib/Runtime/CUDA (the mgpu* entry points and the cuBLAS
// GEMM), and runs an entry function: inputs copied to device memory,
// results copied back. Each executable has its own stream: a run enqueues
// the input copies (through page-locked staging buffers), every kernel,
// GEMM, allocation and free of the host code, and the result copies on it,
// and synchronizes once, at the end. tensor-run --target=cuda runs
// programs through it.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_EXECUTION_CUDAEXECUTABLE_H
#define TEN_EXECUTION_CUDAEXECUTABLE_H

#include "ten/Execution/CompileOptions.h"
#include "ten/Execution/EntrySignature.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class ExecutionEngine;

namespace ten {

class CudaExecutable {
public:
  struct Options : CompileOptions {
    /// The GPU the kernels are compiled for.
    std::string chip = "sm_90";
    /// Whether GEMM-like contractions run on cuBLAS.
    bool useCublas = true;
    /// Whether f32 GEMMs may round their operands to tf32.
    bool allowTF32 = false;
    /// Whether a ReLU that keeps NaN may run in cuBLASLt's epilogue.
    bool fastRelu = false;
  };

  ~CudaExecutable();

  /// Compiles `module`, which the pipeline rewrites in place. Problems with
  /// the module are reported through its context's diagnostic handler and
  /// as the returned error.
  static llvm::Expected<std::unique_ptr<CudaExecutable>>
  compile(ModuleOp module, const Options &options);

  ArrayRef<TensorSignature> getArguments() const { return arguments; }
  ArrayRef<TensorSignature> getResults() const { return results; }

  /// Copies the inputs to the GPU, runs the entry function, and copies its
  /// results back. A CUDA failure (no driver, a failed launch) is the
  /// returned error, naming the call and the kernel.
  llvm::Expected<std::vector<HostTensor>> run(ArrayRef<TensorRef> inputs);

  /// The times of one run, in seconds.
  struct Timing {
    /// On the device, between CUDA events recorded on the stream before and
    /// after the entry function's work (inputs already there, results not
    /// yet copied back).
    double device = 0;
    /// On the host, from the call to the results on the host: copies in,
    /// launches, copies out.
    double endToEnd = 0;
  };

  /// Runs `repetitions` times and times each run.
  llvm::Expected<std::vector<Timing>> benchmark(ArrayRef<TensorRef> inputs,
                                                unsigned repetitions);

private:
  CudaExecutable() = default;

  /// A page-locked host buffer, grown when a run needs more.
  struct StagingBuffer {
    char *data = nullptr;
    size_t bytes = 0;
    /// At least `needed` bytes; false, with the CUDA failure pending, when
    /// they cannot be had.
    bool reserve(size_t needed);
    ~StagingBuffer();
  };

  llvm::Expected<std::vector<HostTensor>> runOnce(ArrayRef<TensorRef> inputs,
                                                  Timing *timing);

  std::unique_ptr<ExecutionEngine> engine;
  /// The stream every run enqueues on, and the events that time it.
  void *stream = nullptr;
  void *startEvent = nullptr, *endEvent = nullptr;
  StagingBuffer inputStaging, resultStaging;
  void (*packedEntry)(void **) = nullptr;
  std::string entry;
  SmallVector<TensorSignature> arguments;
  SmallVector<TensorSignature> results;
};

} // namespace ten
} // namespace mlir

#endif // TEN_EXECUTION_CUDAEXECUTABLE_H
