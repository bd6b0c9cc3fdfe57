//===- DeviceSession.cpp - running compiled host code on a GPU ------------===//

#include "ten/Runtime/CUDA/DeviceSession.h"

#include "ten/Runtime/CUDA/RuntimeWrappers.h"
#include "ten/Runtime/Host/CheckedRun.h"
#include "ten/Runtime/Host/PackedCall.h"

#include <algorithm>
#include <chrono>
#include <csetjmp>
#include <cstring>

using namespace ten::cuda;
using mlir::ten::CheckedRun;
using mlir::ten::Descriptor;
using mlir::ten::PackedCall;

namespace {
/// Makes `stream` the runtime's current stream while it lives.
class CurrentStreamScope {
public:
  explicit CurrentStreamScope(void *stream)
      : previous(tenCudaSetCurrentStream(stream)) {}
  ~CurrentStreamScope() { tenCudaSetCurrentStream(previous); }

private:
  void *previous;
};
} // namespace

/// Takes this thread's pending CUDA failure into `error`; whether there was
/// one.
static bool takeError(std::string &error) {
  const char *message = tenCudaTakeError();
  if (!message)
    return false;
  error = message;
  return true;
}

/// Bytes rounded up so that each staged tensor starts 64-byte aligned.
static size_t roundUp(size_t bytes) { return (bytes + 63) & ~size_t(63); }

// The runtime's error state is per thread and built on first use; touched
// here, it is built before a thread_local session and so destroyed after it,
// when the session's destructor still reports into it.
DeviceSession::DeviceSession() { tenCudaTakeError(); }

DeviceSession::~DeviceSession() {
  if (startEvent)
    mgpuEventDestroy(startEvent);
  if (endEvent)
    mgpuEventDestroy(endEvent);
  if (inputsReady)
    mgpuEventDestroy(inputsReady);
  if (stream)
    mgpuStreamDestroy(stream);
  tenCudaTakeError();
}

DeviceSession::StagingBuffer::~StagingBuffer() { tenCudaHostFree(data); }

bool DeviceSession::StagingBuffer::reserve(size_t needed) {
  if (needed <= bytes)
    return true;
  tenCudaHostFree(data);
  // Twice as much, so that a growing size reallocates rarely.
  bytes = std::max<size_t>(needed, 2 * bytes);
  data = static_cast<char *>(tenCudaHostAlloc(bytes));
  if (!data)
    bytes = 0;
  return data != nullptr;
}

bool DeviceSession::open(std::string &error) {
  if (stream)
    return true;
  tenCudaTakeError();
  stream = mgpuStreamCreate();
  if (takeError(error)) {
    stream = nullptr;
    return false;
  }
  return true;
}

/// Why `bytes` of page-locked memory could not be had.
static std::string stagingError(size_t bytes) {
  std::string error;
  if (takeError(error))
    return error;
  return "no page-locked staging buffer of " + std::to_string(bytes) + " bytes";
}

bool DeviceSession::run(const std::string &entry, void (*packed)(void **),
                        const std::vector<Input> &inputs,
                        const std::vector<Result> &results,
                        const AllocateResult &allocate, double *deviceSeconds,
                        std::string &error) {
  return runWith(entry, packed, inputs, results, &allocate, nullptr,
                 deviceSeconds, error);
}

bool DeviceSession::runOnDevice(const std::string &entry,
                                void (*packed)(void **),
                                const std::vector<Input> &inputs,
                                const std::vector<Result> &results,
                                const TakeDeviceResult &take,
                                std::string &error) {
  return runWith(entry, packed, inputs, results, nullptr, &take, nullptr,
                 error);
}

namespace {
/// Where the elements of a result's descriptor are, and how few copies move
/// them: one for a row-major buffer, one per row for contiguous rows, else
/// one per element.
struct ResultLayout {
  char *base;
  int64_t elements = 1;
  int64_t chunk;
  bool contiguous = true;

  ResultLayout(const Descriptor &descriptor, size_t elementBytes)
      : base(descriptor.getAligned() + descriptor.getOffset() * elementBytes) {
    int64_t rank = descriptor.getRank();
    for (int64_t dim = rank - 1; dim >= 0; --dim) {
      int64_t size = descriptor.getSize(dim);
      contiguous &= size == 1 || descriptor.getStride(dim) == elements;
      elements *= size;
    }
    chunk = contiguous                            ? elements
            : descriptor.getStride(rank - 1) == 1 ? descriptor.getSize(rank - 1)
                                                  : 1;
  }

  /// Enqueues on `stream` the copies of the elements, row-major, to
  /// `destination`.
  void copyTo(char *destination, const Descriptor &descriptor,
              size_t elementBytes, void *stream) const {
    int64_t rank = descriptor.getRank();
    for (int64_t first = 0; first < elements; first += chunk) {
      int64_t offset = 0, rest = first;
      for (int64_t dim = rank - 1; dim >= 0; --dim) {
        offset += (rest % descriptor.getSize(dim)) * descriptor.getStride(dim);
        rest /= descriptor.getSize(dim);
      }
      mgpuMemcpy(destination + first * elementBytes,
                 base + offset * elementBytes, chunk * elementBytes, stream);
    }
  }
};
} // namespace

bool DeviceSession::runWith(const std::string &entry, void (*packed)(void **),
                            const std::vector<Input> &inputs,
                            const std::vector<Result> &results,
                            const AllocateResult *allocate,
                            const TakeDeviceResult *take, double *deviceSeconds,
                            std::string &error) {
  if (!open(error))
    return false;
  if (deviceSeconds && !startEvent) {
    startEvent = tenCudaTimingEventCreate();
    endEvent = tenCudaTimingEventCreate();
    if (takeError(error))
      return false;
  }
  bool anyOnDevice =
      std::any_of(inputs.begin(), inputs.end(),
                  [](const Input &input) { return input.onDevice; });
  if (anyOnDevice && !inputsReady) {
    inputsReady = mgpuEventCreate();
    if (takeError(error)) {
      inputsReady = nullptr;
      return false;
    }
  }
  // Nothing pending from an earlier run on this thread.
  tenCudaTakeError();
  CurrentStreamScope streamScope(stream);
  // Inputs on the device were written in the legacy default stream's order:
  // the run's stream, which does not wait for it by itself, waits here.
  if (anyOnDevice) {
    mgpuEventRecord(inputsReady, /*legacy default stream=*/nullptr);
    mgpuStreamWaitEvent(stream, inputsReady);
  }

  // Each input on the host staged in page-locked memory and copied on the
  // stream into device memory allocated on it; described row-major.
  std::vector<size_t> inputBytes;
  size_t stagedBytes = 0;
  for (const Input &input : inputs) {
    int64_t elements = 1;
    for (int64_t dim = 0; dim < input.rank; ++dim)
      elements *= input.shape[dim];
    inputBytes.push_back(elements * input.elementBytes);
    if (!input.onDevice)
      stagedBytes += roundUp(inputBytes.back());
  }
  if (!inputStaging.reserve(stagedBytes)) {
    error = stagingError(stagedBytes);
    return false;
  }
  // The buffers allocated for inputs, and the caller's device buffers.
  std::vector<void *> deviceInputs, callerBuffers;
  auto freeInputs = [&] {
    for (void *pointer : deviceInputs)
      mgpuMemFree(pointer, stream);
  };
  std::vector<Descriptor> descriptors;
  size_t staged = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    size_t bytes = inputBytes[i];
    void *device = const_cast<void *>(inputs[i].data);
    if (inputs[i].onDevice) {
      callerBuffers.push_back(device);
    } else {
      device = mgpuMemAlloc(bytes, stream, /*hostShared=*/false);
      deviceInputs.push_back(device);
      // An empty tensor has no bytes to copy, and maybe no buffer at all.
      if (bytes) {
        std::memcpy(inputStaging.data + staged, inputs[i].data, bytes);
        mgpuMemcpy(device, inputStaging.data + staged, bytes, stream);
      }
      staged += roundUp(bytes);
    }
    descriptors.push_back(
        Descriptor::rowMajor(device, inputs[i].shape, inputs[i].rank));
  }
  if (takeError(error)) {
    freeInputs();
    mgpuStreamSynchronize(stream);
    tenCudaTakeError();
    return false;
  }

  // The results come back as consecutive descriptors of device buffers.
  std::vector<int64_t> resultRanks, resultStorage;
  for (const Result &result : results)
    resultRanks.push_back(result.rank);
  PackedCall call(std::move(descriptors), resultRanks, resultStorage);
  CheckedRun run(entry);
  run.begin();
  if (setjmp(run.returnPoint) != 0) {
    // The host code stopped at a failed check: what it allocated before and
    // the inputs are freed.
    run.end();
    tenCudaTakeError();
    for (void *pointer : run.takeAllocations())
      mgpuMemFree(pointer, stream);
    freeInputs();
    mgpuStreamSynchronize(stream);
    tenCudaTakeError();
    error = run.describeFailure();
    return false;
  }
  if (deviceSeconds)
    mgpuEventRecord(startEvent, stream);
  packed(call.get());
  if (deviceSeconds)
    mgpuEventRecord(endEvent, stream);
  run.end();
  // What the host code did not free is its results', freed below.
  run.takeAllocations();
  bool failed = takeError(error);

  // The results' descriptors and sizes.
  std::vector<Descriptor> resultDescriptors;
  std::vector<std::vector<int64_t>> resultShapes;
  std::vector<size_t> resultBytes;
  size_t at = 0;
  for (size_t index = 0; index < results.size(); ++index) {
    int64_t rank = results[index].rank;
    resultDescriptors.emplace_back(&resultStorage[at], rank);
    at += 3 + 2 * rank;
    std::vector<int64_t> shape;
    size_t bytes = results[index].elementBytes;
    for (int64_t dim = 0; dim < rank; ++dim) {
      shape.push_back(resultDescriptors.back().getSize(dim));
      bytes *= shape.back();
    }
    resultShapes.push_back(std::move(shape));
    resultBytes.push_back(bytes);
  }
  auto contains = [](const std::vector<void *> &pointers, void *pointer) {
    return std::find(pointers.begin(), pointers.end(), pointer) !=
           pointers.end();
  };

  // Left on the device: each result in a buffer of its own, the program's
  // where it is row-major and no other result or input has it, else a copy
  // into a new one. (allocation, data) per result.
  std::vector<std::pair<void *, void *>> kept(results.size(),
                                              {nullptr, nullptr});
  std::vector<void *> handed;
  std::vector<void *> hostResults;
  if (take) {
    for (size_t index = 0; index < results.size() && !failed; ++index) {
      if (!resultBytes[index])
        continue;
      const Descriptor &descriptor = resultDescriptors[index];
      size_t elementBytes = results[index].elementBytes;
      ResultLayout layout(descriptor, elementBytes);
      void *allocation = descriptor.getAllocated();
      if (layout.contiguous && allocation &&
          !contains(callerBuffers, allocation) &&
          !contains(deviceInputs, allocation) &&
          !contains(handed, allocation)) {
        handed.push_back(allocation);
        kept[index] = {allocation, layout.base};
        continue;
      }
      void *copy =
          mgpuMemAlloc(resultBytes[index], stream, /*hostShared=*/false);
      if (!copy) {
        failed = takeError(error);
        if (!failed) {
          error = "'" + entry + "': result " + std::to_string(index) +
                  ": no device memory for its row-major copy";
          failed = true;
        }
        break;
      }
      handed.push_back(copy);
      kept[index] = {copy, copy};
      layout.copyTo(static_cast<char *>(copy), descriptor, elementBytes,
                    stream);
    }
  } else {
    // Host memory for each result and the bytes staged for the copies back.
    size_t stagedResultBytes = 0;
    for (size_t index = 0; index < results.size(); ++index) {
      void *host = nullptr;
      // A result that the host cannot hold fails the run (its device buffer
      // is freed below, with the others).
      if (!failed) {
        std::string why;
        host = (*allocate)(index, resultShapes[index], resultBytes[index], why);
        if (!host && resultBytes[index]) {
          error =
              "'" + entry + "': result " + std::to_string(index) + ": " + why;
          failed = true;
        }
      }
      hostResults.push_back(host);
      stagedResultBytes += roundUp(resultBytes[index]);
    }
    if (!failed && !resultStaging.reserve(stagedResultBytes)) {
      error = stagingError(stagedResultBytes);
      failed = true;
    }
    // Each result copied into its staging slot on the stream.
    size_t slot = 0;
    for (size_t index = 0; index < results.size() && !failed; ++index) {
      size_t elementBytes = results[index].elementBytes;
      ResultLayout(resultDescriptors[index], elementBytes)
          .copyTo(resultStaging.data + slot, resultDescriptors[index],
                  elementBytes, stream);
      slot += roundUp(resultBytes[index]);
    }
  }

  // The results' buffers freed on the stream, after the copies, each once:
  // a buffer returned twice is freed after both copies, one that is an input
  // with the inputs, one handed over not at all.
  std::vector<void *> freed = deviceInputs;
  freed.insert(freed.end(), callerBuffers.begin(), callerBuffers.end());
  for (const Descriptor &descriptor : resultDescriptors) {
    void *allocation = descriptor.getAllocated();
    if (allocation && !contains(freed, allocation) &&
        !contains(handed, allocation)) {
      freed.push_back(allocation);
      mgpuMemFree(allocation, stream);
    }
  }
  freeInputs();
  // The one wait of the run.
  mgpuStreamSynchronize(stream);
  if (!failed)
    failed = takeError(error);
  if (failed) {
    for (void *pointer : handed)
      mgpuMemFree(pointer, /*stream=*/nullptr);
    tenCudaTakeError();
    return false;
  }
  if (take) {
    for (size_t index = 0; index < results.size(); ++index)
      (*take)(index, resultShapes[index], kept[index].first,
              kept[index].second);
    return true;
  }
  size_t slot = 0;
  for (size_t index = 0; index < results.size(); ++index) {
    if (resultBytes[index])
      std::memcpy(hostResults[index], resultStaging.data + slot,
                  resultBytes[index]);
    slot += roundUp(resultBytes[index]);
  }
  if (deviceSeconds) {
    *deviceSeconds =
        tenCudaEventElapsedMilliseconds(startEvent, endEvent) / 1e3;
    if (takeError(error))
      return false;
  }
  return true;
}
