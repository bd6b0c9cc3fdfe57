//===- CpuExecutable.h - a ten module compiled for the host CPU -*- C++ -*-===//
//
// Compiles a module with ten-cpu-pipeline, JITs it with MLIR's
// ExecutionEngine, and runs an entry function on host tensors. tensor-run,
// the C API and the Python package all run programs through this class.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_EXECUTION_CPUEXECUTABLE_H
#define TEN_EXECUTION_CPUEXECUTABLE_H

#include "ten/Execution/CompileOptions.h"
#include "ten/Execution/EntrySignature.h"
#include "ten/Pipelines/Pipelines.h"
#include "ten/Support/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace mlir {
class ExecutionEngine;

namespace ten {

/// A result of a run left in the buffer the compiled code allocated for it,
/// which the holder owns: no copy is made. Strides are in elements and may
/// be anything the program produced; `release` frees the buffer.
class ResultBuffer {
public:
  ResultBuffer(ElementKind kind, SmallVector<int64_t> shape,
               SmallVector<int64_t> strides, void *allocation, char *data)
      : kind(kind), shape(std::move(shape)), strides(std::move(strides)),
        allocation(allocation), data(data) {}
  ResultBuffer(ResultBuffer &&other);
  ResultBuffer &operator=(ResultBuffer &&other);
  ResultBuffer(const ResultBuffer &) = delete;
  ResultBuffer &operator=(const ResultBuffer &) = delete;
  ~ResultBuffer() { release(); }

  ElementKind getKind() const { return kind; }
  ArrayRef<int64_t> getShape() const { return shape; }
  ArrayRef<int64_t> getStrides() const { return strides; }
  /// The first element.
  char *getData() const { return data; }
  /// Copies the elements into a row-major host tensor.
  HostTensor toHostTensor() const;
  /// Frees the buffer; the result is empty afterwards.
  void release();

private:
  ElementKind kind;
  SmallVector<int64_t> shape;
  SmallVector<int64_t> strides;
  void *allocation;
  char *data;
};

class CpuExecutable {
public:
  struct Options : CompileOptions {
    /// LLVM's optimization level for the generated code.
    unsigned optLevel = 3;
    /// Threads that large parallel ops are split over; 0 for every core the
    /// OpenMP runtime sees.
    unsigned threads = 0;
  };

  ~CpuExecutable();

  /// Compiles `module`, which the pipeline rewrites in place. Problems with
  /// the module are reported through its context's diagnostic handler and
  /// as the returned error.
  static llvm::Expected<std::unique_ptr<CpuExecutable>>
  compile(ModuleOp module, const Options &options);

  ArrayRef<TensorSignature> getArguments() const { return arguments; }
  ArrayRef<TensorSignature> getResults() const { return results; }

  /// Runs the entry function. The inputs must match the arguments' kinds and
  /// static sizes; a failed run-time check of the program (dynamic sizes that
  /// do not agree, say) is returned as an error, as is every mismatch.
  llvm::Expected<std::vector<HostTensor>> run(ArrayRef<TensorRef> inputs);

  /// As `run`, but the results stay in the buffers the compiled code
  /// allocated, which the returned objects own. Every result has a buffer of
  /// its own, even a value returned twice.
  llvm::Expected<std::vector<ResultBuffer>>
  runInPlace(ArrayRef<TensorRef> inputs);

  /// Calls the entry function `repetitions` times and returns the seconds of
  /// each call: the compiled code alone, its result buffers allocated by it
  /// and freed after it, without copying them out.
  llvm::Expected<std::vector<double>> benchmark(ArrayRef<TensorRef> inputs,
                                                unsigned repetitions);

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
  std::string entry;
  SmallVector<TensorSignature> arguments;
  SmallVector<TensorSignature> results;
};

} // namespace ten
} // namespace mlir

#endif // TEN_EXECUTION_CPUEXECUTABLE_H
