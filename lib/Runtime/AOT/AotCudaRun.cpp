//===- AotCudaRun.cpp - running ahead-of-time compiled code on a GPU ------===//
//
// tenAotCudaRun: the inputs checked against the signature, then the run of
// the CUDA runtime's DeviceSession (inputs copied to the device, the entry
// called, the results copied back) on this thread's session, into buffers
// of the host allocator that the caller frees with tenAotFree.
//
//===----------------------------------------------------------------------===//

#include "AotSupport.h"

#include "ten/Runtime/CUDA/Cublas.h"
#include "ten/Runtime/CUDA/CublasLt.h"
#include "ten/Runtime/CUDA/DenseLinearAlgebra.h"
#include "ten/Runtime/CUDA/DeviceSession.h"
#include "ten/Runtime/CUDA/Nccl.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"
#include "ten/Runtime/Host/HostAllocator.h"

#include <string>
#include <vector>

using namespace mlir::ten;
using namespace mlir::ten::aot;
using ::ten::cuda::DeviceSession;

/// Every function of the CUDA runtime that objects compiled for the CUDA
/// target call, by their implementation names (EntryPoints.def): referenced
/// here, each is linked into the library from the static CUDA runtime, and
/// exported.
extern "C" const void *const tenAotCudaRuntimeFunctions[] = {
#define TEN_CUDA_UPSTREAM_ENTRY(name, implementation)                          \
  reinterpret_cast<const void *>(&implementation),
#define TEN_CUDA_ENTRY(name) reinterpret_cast<const void *>(&name),
#include "ten/Runtime/CUDA/EntryPoints.def"
};

extern "C" int tenAotCudaRun(const tenAotSignature *signature,
                             const void *const *inputs,
                             const int64_t *const *inputSizes, void **results,
                             int64_t *const *resultSizes) {
  std::vector<std::vector<int64_t>> shapes;
  if (!readArguments(signature, inputs, inputSizes, results, shapes))
    return -1;
  std::vector<DeviceSession::Input> deviceInputs;
  for (int32_t i = 0; i < signature->numArguments; ++i)
    deviceInputs.push_back(
        {inputs[i], shapes[i].data(), static_cast<int64_t>(shapes[i].size()),
         static_cast<size_t>(signature->arguments[i].elementBytes)});
  std::vector<DeviceSession::Result> resultTypes;
  for (int32_t i = 0; i < signature->numResults; ++i)
    resultTypes.push_back(
        {signature->results[i].rank,
         static_cast<size_t>(signature->results[i].elementBytes)});

  // Each result in a buffer of its own (one byte for an empty one, so that
  // every result is a buffer to free); all of them freed if the run fails.
  std::vector<void *> buffers(resultTypes.size(), nullptr);
  std::vector<std::vector<int64_t>> resultShapes(resultTypes.size());
  auto allocate = [&](size_t index, const std::vector<int64_t> &shape,
                      size_t bytes, std::string &why) -> void * {
    buffers[index] = tenrtMalloc(bytes ? bytes : 1);
    if (!buffers[index])
      why = "cannot allocate " + std::to_string(bytes) + " bytes";
    resultShapes[index] = shape;
    return buffers[index];
  };
  // One session per thread: its stream and staging buffers serve every run
  // of the thread.
  static thread_local DeviceSession session;
  std::string error;
  if (!session.run(signature->name, signature->packed, deviceInputs,
                   resultTypes, allocate, /*deviceSeconds=*/nullptr, error)) {
    for (void *buffer : buffers)
      tenrtFree(buffer);
    return failWith(error);
  }
  for (int32_t i = 0; i < signature->numResults; ++i) {
    results[i] = buffers[i];
    if (resultSizes && resultSizes[i])
      for (size_t dim = 0; dim < resultShapes[i].size(); ++dim)
        resultSizes[i][dim] = resultShapes[i][dim];
  }
  return 0;
}
