//===- DeviceSession.h - running compiled host code on a GPU ----*- C++ -*-===//
//
// One way to run an entry function compiled by ten-nvvm-pipeline, shared by
// the JIT's executable and ahead-of-time code (libTenAotRuntime): the
// inputs staged in page-locked memory and copied to the device (or, already
// there, read in place), the entry called in a CheckedRun on the session's
// stream, the results copied back into host memory the caller provides (or
// left on the device, each in a row-major buffer of its own), and one
// synchronization at the end. A failed run frees every device buffer it
// allocated. Plain C++: no MLIR, no LLVM.
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

  /// A row-major input on the host, or with `onDevice` in the device's
  /// memory (written on the legacy default stream or before it, which the
  /// run's stream waits for, as DLPack's default stream asks).
  struct Input {
    const void *data;
    const int64_t *shape;
    int64_t rank;
    size_t elementBytes;
    bool onDevice = false;
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

  /// Result `index` of sizes `shape`, left on the device: `data` is its
  /// first element, row-major, in `allocation`, which the callee now owns
  /// (to free with mgpuMemFree); both are null for an empty result.
  using TakeDeviceResult =
      std::function<void(size_t index, const std::vector<int64_t> &shape,
                         void *allocation, void *data)>;

  /// As `run`, the results left on the device and handed to `take` once
  /// the run has succeeded, each in a buffer of its own (never an input's):
  /// the program's buffer where it is row-major, else a copy.
  bool runOnDevice(const std::string &entry, void (*packed)(void **),
                   const std::vector<Input> &inputs,
                   const std::vector<Result> &results,
                   const TakeDeviceResult &take, std::string &error);

private:
  bool runWith(const std::string &entry, void (*packed)(void **),
               const std::vector<Input> &inputs,
               const std::vector<Result> &results,
               const AllocateResult *allocate, const TakeDeviceResult *take,
               double *deviceSeconds, std::string &error);

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
  /// Recorded on the legacy default stream for the run's stream to wait on
  /// when inputs are already on the device.
  void *inputsReady = nullptr;
  StagingBuffer inputStaging, resultStaging;
};

} // namespace cuda
} // namespace ten

#endif // TEN_RUNTIME_CUDA_DEVICESESSION_H
