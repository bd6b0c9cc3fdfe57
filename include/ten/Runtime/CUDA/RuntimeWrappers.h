//===- RuntimeWrappers.h - what compiled host code calls --------*- C++ -*-===//
//
// The functions that ten-nvvm-pipeline's host code calls: the `mgpu*` entry
// points that MLIR's GPU lowering emits (modules, launches, streams,
// events, memory), on the driver loaded at run time, in the primary context
// of device 0. A failure is not fatal: the first one on a thread is
// recorded, with the call and, for a launch, the kernel it names, and every
// later call on that thread does nothing until tenCudaTakeError hands the
// message to whoever ran the code (the executable, after the entry
// returns). This layer has no MLIR or LLVM dependency.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_CUDA_RUNTIMEWRAPPERS_H
#define TEN_RUNTIME_CUDA_RUNTIMEWRAPPERS_H

#include "ten/Runtime/CUDA/HostKernel.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace ten {
namespace cuda {

/// Records `message` as this thread's failure unless one is pending.
void recordError(std::string message);

/// Whether a failure is pending on this thread.
bool hasError();

/// Zeros `bytes` bytes of device memory at `data` on `stream` (in the
/// widest words that `bytes` allows); false, with the failure recorded,
/// where the driver cannot.
bool setZero(void *data, size_t bytes, void *stream);

class Driver;
/// The ordinal of the GPU this process runs on: in an MPI job of one
/// process per GPU, the GPU of its rank among the job's processes on this
/// machine (as the launcher says: MPICH's Hydra, Open MPI, Slurm), modulo
/// the GPUs `driver` sees; else the first.
int getDeviceOrdinal(const Driver &driver);

} // namespace cuda
} // namespace ten

extern "C" {
/// This thread's pending failure, or null; taking it clears it. The text
/// stays valid until the next call on the thread.
const char *tenCudaTakeError();

/// The stream compiled host code enqueues its work on: kernels, copies,
/// stream-ordered allocations and frees, cuBLAS calls. It is this thread's
/// current stream, null (the legacy default stream) until set.
void *tenCudaCurrentStream();
/// Makes `stream` this thread's current stream; returns the previous one.
void *tenCudaSetCurrentStream(void *stream);
/// Waits until this thread's current stream has done all its work (compiled
/// host code that reads a value it copied from the device).
void tenCudaSynchronize();

/// An event that records time (mgpuEventCreate's do not).
void *tenCudaTimingEventCreate();
/// The milliseconds between two recorded, completed events.
float tenCudaEventElapsedMilliseconds(void *start, void *end);

/// Page-locked host memory, from which copies run asynchronously.
void *tenCudaHostAlloc(size_t bytes);
void tenCudaHostFree(void *pointer);

void *mgpuModuleLoad(void *data, size_t bytes);
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t sharedBytes, void *stream,
                      void **params, void **extra, size_t paramCount);
/// Launches a kernel compiled for the host (ten-gpu-launch-host-kernels):
/// only on a driver that runs such kernels (Driver::tenLaunchHostKernel);
/// on any other the run fails with an error naming the kernel.
void tenCudaLaunchHostKernel(TenHostKernel kernel, const char *name,
                             int64_t gridX, int64_t gridY, int64_t gridZ,
                             int64_t blockX, int64_t blockY, int64_t blockZ,
                             int32_t sharedBytes, void *stream, void **params);
void *mgpuStreamCreate();
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate();
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);
void *mgpuMemAlloc(uint64_t bytes, void *stream, bool hostShared);
void mgpuMemFree(void *pointer, void *stream);
/// mgpuMemAlloc and mgpuMemFree as compiled host code calls them: the
/// buffers are tracked by the thread's current run (CheckedRun.h), so that
/// a failed run frees them.
void *tenCudaMemAllocInRun(uint64_t bytes, void *stream, bool hostShared);
void tenCudaMemFreeInRun(void *pointer, void *stream);
void mgpuMemcpy(void *destination, void *source, size_t bytes, void *stream);
void mgpuMemset32(void *destination, unsigned value, size_t count,
                  void *stream);
void mgpuMemset16(void *destination, unsigned short value, size_t count,
                  void *stream);
}

#endif // TEN_RUNTIME_CUDA_RUNTIMEWRAPPERS_H
