//===- CpuExecutable.h - a ten module compiled for the host CPU -*- C++ -*-===//
//
// Compiled with ten-cpu-pipeline and JIT-compiled by MLIR's ExecutionEngine;
// runs call the entry function on the caller's buffers and hand back the
// buffers the compiled code allocated for its results.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_TARGET_CPU_CPUEXECUTABLE_H
#define TEN_LIB_TARGET_CPU_CPUEXECUTABLE_H

#include "ten/Target/Target.h"

namespace mlir {
class ExecutionEngine;

namespace ten {

class CpuExecutable final : public Executable {
public:
  ~CpuExecutable() override;

  /// Compiles `module` for `target` (the CPU target, whose runtime symbols
  /// the JIT binds).
  static llvm::Expected<std::unique_ptr<Executable>>
  compile(const Target &target, ModuleOp module, const TargetOptions &options);

  llvm::Expected<std::vector<ResultBuffer>>
  runInPlace(ArrayRef<TensorRef> inputs) override;

  llvm::Expected<std::vector<RunTiming>>
  benchmark(ArrayRef<TensorRef> inputs, unsigned repetitions) override;

private:
  CpuExecutable() = default;

  /// Checks the inputs and calls the entry function. On success
  /// `resultStorage` holds the results' memref descriptors, one after the
  /// other; the caller owns their buffers.
  llvm::Error invoke(ArrayRef<TensorRef> inputs,
                     std::vector<int64_t> &resultStorage);

  std::unique_ptr<ExecutionEngine> engine;
  /// The entry's packed interface: a pointer to the result descriptors, then
  /// one per argument descriptor.
  void (*packedEntry)(void **) = nullptr;
};

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_TARGET_CPU_CPUEXECUTABLE_H
