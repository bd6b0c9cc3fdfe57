//===- DeviceSession.h - running compiled host code on a GPU ----*- C++ -*-===//
//
// One way to run an entry function compiled by ten-nvvm-pipeline, shared by
// the JIT's executable and ahead-of-time code (libTenAotRuntime): the
// inputs staged in page-locked memory and copied to the device, the entry
// called in a CheckedRun on the session's stream, the results copied back
// into host memory the caller provides, and one synchronization at the end.
// A failed run frees every device buffer it allocated. Plain C++: no MLIR,
// no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_CUDA_DEVICESESSION_H
#define TEN_RUNTIME_CUDA_DEVICESESSION_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ten {
namespace cuda {

/// What runs of compiled code on the device keep between them: a stream,
/// page-locked staging buffers, timing events.
class DeviceSession {
public:
  DeviceSession();
  ~DeviceSession();
  DeviceSession(const DeviceSession &) = delete;
  DeviceSession &operator=(const DeviceSession &) = delete;

  /// Creates the session's stream; false, with `error` saying why, if the
  /// driver cannot.
  bool open(std::string &error);

  /// A row-major input on the host.
  struct Input {
    const void *data;
    const int64_t *shape;
    int64_t rank;
    size_t elementBytes;
  };
  /// What a result is: its rank and element size.
  struct Result {
    int64_t rank;
    size_t elementBytes;
  };
  /// Host memory for result `index` of sizes `shape` and `bytes` bytes (0
  /// for an empty one, which may get null), row-major; null with `why` set
  /// where it cannot be had.
  using AllocateResult =
      std::function<void *(size_t index, const std::vector<int64_t> &shape,
                           size_t bytes, std::string &why)>;

  /// Runs `packed` (the entry `entry` in the packed form: results'
  /// descriptors, then each argument's) on `inputs`, which must match its
  /// signature, and copies its results, described by `results`, into the
  /// memory `allocate` gives. Returns false with `error` on failure: a
  /// failed check of the program, a CUDA error, memory that cannot be had.
  /// The memory `allocate` gave is the caller's either way. With
  /// `deviceSeconds`, the entry's work is timed on the device.
  bool run(const std::string &entry, void (*packed)(void **),
           const std::vector<Input> &inputs, const std::vector<Result> &results,
           const AllocateResult &allocate, double *deviceSeconds,
           std::string &error);

private:
  /// A page-locked host buffer, grown when a run needs more.
  struct StagingBuffer {
    char *data = nullptr;
    size_t bytes = 0;
    /// At least `needed` bytes; false, with the CUDA failure pending, when
    /// they cannot be had.
    bool reserve(size_t needed);
    ~StagingBuffer();
  };

  void *stream = nullptr;
  void *startEvent = nullptr, *endEvent = nullptr;
  StagingBuffer inputStaging, resultStaging;
};

} // namespace cuda
} // namespace ten

#endif // TEN_RUNTIME_CUDA_DEVICESESSION_H
