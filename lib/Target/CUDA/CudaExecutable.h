//===- CudaExecutable.h - a ten module compiled for a GPU -------*- C++ -*-===//
//
// Compiled with ten-nvvm-pipeline; its host code JIT-compiled against the
// CUDA runtime of lib/Runtime/CUDA. A run copies the inputs to the device,
// runs the entry function and copies its results back (or, asked, reads
// inputs already on the device and leaves the results there). Each executable
// has its own stream: a run enqueues the input copies (through page-locked
// staging buffers), every kernel, GEMM, allocation and free of the host
// code, and the result copies on it, and synchronizes once, at the end.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_TARGET_CUDA_CUDAEXECUTABLE_H
#define TEN_LIB_TARGET_CUDA_CUDAEXECUTABLE_H

#include "ten/Runtime/CUDA/DeviceSession.h"
#include "ten/Target/Target.h"

namespace mlir {
class ExecutionEngine;

namespace ten {

class CudaExecutable final : public Executable {
public:
  ~CudaExecutable() override;

  /// Compiles `module` for `target` (the CUDA target, whose runtime symbols
  /// the JIT binds) and the chip the pipeline options name.
  static llvm::Expected<std::unique_ptr<Executable>>
  compile(const Target &target, ModuleOp module, const TargetOptions &options);

  /// The results come back as row-major host tensors.
  llvm::Expected<std::vector<ResultBuffer>>
  runInPlace(ArrayRef<TensorRef> inputs) override;

  llvm::Expected<std::vector<HostTensor>>
  run(ArrayRef<TensorRef> inputs) override;

  /// Inputs on the host or the device; the results stay on the device.
  llvm::Expected<std::vector<ResultBuffer>>
  runOnDevice(ArrayRef<TensorRef> inputs) override;

  /// Each run timed on the device, by CUDA events around the entry
  /// function's work, and end to end on the host (copies in and out).
  llvm::Expected<std::vector<RunTiming>>
  benchmark(ArrayRef<TensorRef> inputs, unsigned repetitions) override;

private:
  CudaExecutable() = default;

  llvm::Expected<std::vector<HostTensor>> runOnce(ArrayRef<TensorRef> inputs,
                                                  RunTiming *timing);

  std::unique_ptr<ExecutionEngine> engine;
  /// The stream every run enqueues on, its staging buffers and events.
  ::ten::cuda::DeviceSession session;
  void (*packedEntry)(void **) = nullptr;
};

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_TARGET_CUDA_CUDAEXECUTABLE_H
