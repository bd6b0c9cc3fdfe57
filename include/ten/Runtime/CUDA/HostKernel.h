/*===- HostKernel.h - kernels compiled for the host, and their threads ----===*\
|*                                                                            *|
|* ten-nvvm-pipeline{emulate-kernels} compiles each GPU kernel for the host   *|
|* instead of the GPU (ten-gpu-kernels-to-host, ten-gpu-launch-host-kernels), *|
|* so that the generated kernels can be run, and checked, on a machine        *|
|* without a GPU. Such a kernel is launched through the runtime like any      *|
|* other (mgpuLaunchKernel, then the driver's cuLaunchKernel), its function   *|
|* being a TenHostKernel: whatever runs it (the test driver,                  *|
|* unittests/Runtime/FakeCudaKernels.c) calls it once per GPU thread, on      *|
|* threads that really run at the same time, each with a TenHostThread that   *|
|* says which thread it is and how it meets the others.                       *|
|*                                                                            *|
|* This header is C, shared by the compiler (which lays out loads from these  *|
|* fields) and the runner; the layout is the ABI between them.                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TEN_RUNTIME_CUDA_HOSTKERNEL_H
#define TEN_RUNTIME_CUDA_HOSTKERNEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* gpu.shuffle's modes, as the `mode` argument of TenHostThread.shuffle:
   the source lane is lane ^ offset, lane + offset, lane - offset or
   offset. */
enum {
  kTenShuffleXor = 0,
  kTenShuffleDown = 1,
  kTenShuffleUp = 2,
  kTenShuffleIndex = 3
};

/* One GPU thread of a running kernel. Ids and sizes are x, y, z. */
typedef struct TenHostThread {
  int64_t threadId[3];
  int64_t blockId[3];
  int64_t blockDim[3];
  int64_t gridDim[3];
  /* The thread's lane in its warp of 32 (its linear id in the block mod 32). */
  int64_t laneId;
  /* gpu.barrier: returns when every thread of the block still running has
     called it. */
  void (*barrier)(struct TenHostThread *self);
  /* gpu.shuffle of a 32-bit value among the lanes of the warp, which all
     call it together: the value of the source lane in the low 32 bits; bit
     32 set when the source lane is in [0, width). */
  int64_t (*shuffle)(struct TenHostThread *self, int32_t value, int32_t offset,
                     int32_t width, int32_t mode);
  /* The runner's own state. */
  void *runner;
} TenHostThread;

/* Field numbers of TenHostThread, for the compiler's loads. */
enum {
  kTenHostThreadIdField = 0,
  kTenHostBlockIdField = 1,
  kTenHostBlockDimField = 2,
  kTenHostGridDimField = 3,
  kTenHostLaneIdField = 4,
  kTenHostBarrierField = 5,
  kTenHostShuffleField = 6,
  kTenHostRunnerField = 7
};

/* A kernel compiled for the host: `params` as cuLaunchKernel's (a pointer
   to each argument's value, in order). */
typedef void (*TenHostKernel)(void **params, TenHostThread *thread);

#ifdef __cplusplus
}
#endif

#endif /* TEN_RUNTIME_CUDA_HOSTKERNEL_H */
