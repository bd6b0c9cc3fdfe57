//===- Executable.h - a module compiled for a target ------------*- C++ -*-===//
//
// What every target's compile returns: the entry function's signature, and
// runs of it on host tensors. tensor-run, the C API and the Python package
// use executables through this interface alone, whichever target made them.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TARGET_EXECUTABLE_H
#define TEN_TARGET_EXECUTABLE_H

#include "ten/Execution/EntrySignature.h"
#include "ten/Support/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
namespace ten {

/// A result of a run, owned by its holder. On the CPU it is the buffer the
/// compiled code allocated (no copy is made, and the strides, in elements,
/// may be anything the program produced); a target whose results come from
/// elsewhere hands over a row-major host tensor.
class ResultBuffer {
public:
  /// A buffer of the host allocator (HostAllocator.h), freed with it.
  ResultBuffer(ElementKind kind, SmallVector<int64_t> shape,
               SmallVector<int64_t> strides, void *allocation, char *data);
  /// A host tensor, row-major.
  explicit ResultBuffer(HostTensor tensor);
  /// A row-major buffer in a device's memory (data at `data`, inside
  /// `allocation`, which `freeDevice` frees; both null when it is empty).
  ResultBuffer(ElementKind kind, SmallVector<int64_t> shape, void *allocation,
               char *data, void (*freeDevice)(void *));
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
  /// Whether the elements are in a device's memory, not the host's.
  bool isOnDevice() const { return onDevice; }
  /// Copies the elements, which must be in host memory, into a row-major
  /// host tensor.
  HostTensor toHostTensor() const;
  /// Frees the buffer; the result is empty afterwards.
  void release();

private:
  ElementKind kind;
  SmallVector<int64_t> shape;
  SmallVector<int64_t> strides;
  void *allocation = nullptr;
  HostTensor tensor;
  char *data = nullptr;
  bool onDevice = false;
  void (*freeDevice)(void *) = nullptr;
};

/// The times of one run, in seconds.
struct RunTiming {
  /// On the host, from the call to the results on the host.
  double seconds = 0;
  /// On the device, for a target whose code runs elsewhere: the entry
  /// function's work alone (inputs already there, results not yet back).
  std::optional<double> deviceSeconds;
};

class Executable {
public:
  virtual ~Executable();

  /// The function that runs.
  llvm::StringRef getEntry() const { return entry; }
  /// What one run takes and gives: on a grid of several processes, each
  /// process's shards (getGlobalArguments: the whole tensors).
  ArrayRef<TensorSignature> getArguments() const { return arguments; }
  ArrayRef<TensorSignature> getResults() const { return results; }
  /// The entry's signature as written: the whole tensors.
  ArrayRef<TensorSignature> getGlobalArguments() const {
    return globalArguments;
  }
  ArrayRef<TensorSignature> getGlobalResults() const { return globalResults; }
  /// The grid of processes the program runs over ({1}: one process), and
  /// how each argument and result is split over it: per dimension, the grid
  /// axis or -1 (Sharding.h).
  ArrayRef<int64_t> getGrid() const { return grid; }
  int64_t getGridProcesses() const;
  /// Success where the executable runs on one process, or this process is
  /// one of an MPI job of as many processes as its grid has (MPI started);
  /// an error saying how to start it otherwise.
  llvm::Error checkProcessGroup() const;
  ArrayRef<SmallVector<int64_t>> getArgumentShardings() const {
    return argumentShardings;
  }
  ArrayRef<SmallVector<int64_t>> getResultShardings() const {
    return resultShardings;
  }

  /// Runs the entry function. The inputs must match the arguments' kinds and
  /// static sizes; a failed run-time check of the program (dynamic sizes that
  /// do not agree, say), a failure of the device and every mismatch are
  /// returned as an error, after which nothing of the run is left allocated.
  virtual llvm::Expected<std::vector<ResultBuffer>>
  runInPlace(ArrayRef<TensorRef> inputs) = 0;

  /// As `runInPlace`, for a target that runs on a device: inputs may be in
  /// its memory (TensorRef::onDevice) and the results stay there, row-major
  /// (ResultBuffer::isOnDevice), ready to be read when this returns. A
  /// target that runs on the host returns an error.
  virtual llvm::Expected<std::vector<ResultBuffer>>
  runOnDevice(ArrayRef<TensorRef> inputs);

  /// As `runInPlace`, the results copied into row-major host tensors.
  virtual llvm::Expected<std::vector<HostTensor>>
  run(ArrayRef<TensorRef> inputs);

  /// Runs `repetitions` times and times each run: its results are allocated
  /// and freed, not copied out.
  virtual llvm::Expected<std::vector<RunTiming>>
  benchmark(ArrayRef<TensorRef> inputs, unsigned repetitions) = 0;

protected:
  Executable() = default;

  /// Takes `entry`'s signature, grid and shardings from `module`, before it
  /// is lowered.
  llvm::Error readSignature(ModuleOp module, llvm::StringRef entry);

  std::string entry;
  SmallVector<TensorSignature> arguments;
  SmallVector<TensorSignature> results;
  SmallVector<TensorSignature> globalArguments;
  SmallVector<TensorSignature> globalResults;
  SmallVector<int64_t> grid = {1};
  SmallVector<SmallVector<int64_t>> argumentShardings;
  SmallVector<SmallVector<int64_t>> resultShardings;
};

} // namespace ten
} // namespace mlir

#endif // TEN_TARGET_EXECUTABLE_H
