/*===- FakeCudaDriver.c - a stand-in for libcuda in tests -----------------===*\
|*                                                                            *|
|* The entry points the runtime loads, answering as a driver with two GPUs    *|
|* would, so that the loader, the error messages and --list-devices are       *|
|* tested on machines without a GPU. With TEN_FAKE_CUDA_NO_DEVICE set,        *|
|* cuInit fails as a driver without a device does. Device memory is host      *|
|* memory; a module is its image; a launch runs nothing and is recorded       *|
|* (fakeCudaLastLaunch); a kernel named "failing_kernel" fails to launch.     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum {
  kSuccess = 0,
  kInvalidValue = 1,
  kOutOfMemory = 2,
  kNoDevice = 100,
  kInvalidDevice = 101,
  kNotFound = 500,
  kLaunchFailed = 719
};

int cuInit(unsigned flags) {
  (void)flags;
  return getenv("TEN_FAKE_CUDA_NO_DEVICE") ? kNoDevice : kSuccess;
}

int cuDriverGetVersion(int *version) {
  *version = 12040;
  return kSuccess;
}

int cuDeviceGetCount(int *count) {
  *count = 2;
  return kSuccess;
}

int cuDeviceGet(int *device, int ordinal) {
  if (ordinal < 0 || ordinal > 1)
    return kInvalidDevice;
  *device = ordinal;
  return kSuccess;
}

int cuDeviceGetName(char *name, int length, int device) {
  const char *names[] = {"Fake GPU A", "Fake GPU B"};
  if (device < 0 || device > 1)
    return kInvalidDevice;
  strncpy(name, names[device], (size_t)length);
  return kSuccess;
}

int cuDeviceGetAttribute(int *value, int attribute, int device) {
  if (device < 0 || device > 1)
    return kInvalidDevice;
  switch (attribute) {
  case 16: /* multiprocessors */
    *value = device ? 108 : 132;
    return kSuccess;
  case 75: /* compute capability, major */
    *value = device ? 8 : 9;
    return kSuccess;
  case 76: /* compute capability, minor */
    *value = 0;
    return kSuccess;
  default:
    return kInvalidValue;
  }
}

int cuDeviceTotalMem_v2(size_t *bytes, int device) {
  *bytes = (size_t)(device ? 40 : 80) << 30;
  return kSuccess;
}

/* Nothing runs asynchronously here: always done. */
int cuCtxSynchronize(void) { return kSuccess; }

int cuGetErrorName(int result, const char **name) {
  switch (result) {
  case kNoDevice:
    *name = "CUDA_ERROR_NO_DEVICE";
    return kSuccess;
  case kInvalidDevice:
    *name = "CUDA_ERROR_INVALID_DEVICE";
    return kSuccess;
  case kOutOfMemory:
    *name = "CUDA_ERROR_OUT_OF_MEMORY";
    return kSuccess;
  case kNotFound:
    *name = "CUDA_ERROR_NOT_FOUND";
    return kSuccess;
  case kLaunchFailed:
    *name = "CUDA_ERROR_LAUNCH_FAILED";
    return kSuccess;
  default:
    *name = NULL;
    return kInvalidValue;
  }
}

int cuGetErrorString(int result, const char **description) {
  switch (result) {
  case kNoDevice:
    *description = "no CUDA-capable device is detected";
    return kSuccess;
  case kInvalidDevice:
    *description = "invalid device ordinal";
    return kSuccess;
  case kOutOfMemory:
    *description = "out of memory";
    return kSuccess;
  case kNotFound:
    *description = "named symbol not found";
    return kSuccess;
  case kLaunchFailed:
    *description = "unspecified launch failure";
    return kSuccess;
  default:
    *description = NULL;
    return kInvalidValue;
  }
}

/* Contexts, modules, functions, streams and events. */
static int context, stream, event;

int cuDevicePrimaryCtxRetain(void **result, int device) {
  if (device != 0 && device != 1)
    return kInvalidDevice;
  *result = &context;
  return kSuccess;
}

int cuCtxSetCurrent(void *current) {
  (void)current;
  return kSuccess;
}

int cuModuleLoadData(void **module, const void *image) {
  *module = (void *)(size_t)image;
  return image ? kSuccess : kInvalidValue;
}

int cuModuleUnload(void *module) { return module ? kSuccess : kInvalidValue; }

/* A function is its name, copied into a static slot (the fake never frees:
   no allocation to leak). */
static char functionNames[64][64];
static int functionCount;

int cuModuleGetFunction(void **function, void *module, const char *name) {
  (void)module;
  if (strcmp(name, "missing_kernel") == 0)
    return kNotFound;
  if (functionCount == 64 || strlen(name) >= 64)
    return kInvalidValue;
  char *slot = functionNames[functionCount++];
  strcpy(slot, name);
  *function = slot;
  return kSuccess;
}

static unsigned lastLaunch[7];
static void *lastLaunchStream;

int cuLaunchKernel(void *function, unsigned gridX, unsigned gridY,
                   unsigned gridZ, unsigned blockX, unsigned blockY,
                   unsigned blockZ, unsigned sharedBytes, void *launchStream,
                   void **params, void **extra) {
  (void)params;
  (void)extra;
  if (strcmp((const char *)function, "failing_kernel") == 0)
    return kLaunchFailed;
  unsigned launch[7] = {gridX,  gridY,  gridZ,      blockX,
                        blockY, blockZ, sharedBytes};
  memcpy(lastLaunch, launch, sizeof(launch));
  lastLaunchStream = launchStream;
  return kSuccess;
}

/* The last launch: grid, block, shared bytes; and its stream. */
void *fakeCudaLastLaunch(unsigned *launch) {
  memcpy(launch, lastLaunch, sizeof(lastLaunch));
  return lastLaunchStream;
}

int cuStreamCreate(void **result, unsigned flags) {
  (void)flags;
  *result = &stream;
  return kSuccess;
}

int cuStreamDestroy_v2(void *destroyed) {
  return destroyed == &stream ? kSuccess : kInvalidValue;
}

int cuStreamSynchronize(void *synchronized) {
  (void)synchronized;
  return kSuccess;
}

int cuStreamWaitEvent(void *waiting, void *awaited, unsigned flags) {
  (void)waiting;
  (void)awaited;
  (void)flags;
  return kSuccess;
}

int cuEventCreate(void **result, unsigned flags) {
  (void)flags;
  *result = &event;
  return kSuccess;
}

int cuEventDestroy_v2(void *destroyed) {
  return destroyed == &event ? kSuccess : kInvalidValue;
}

int cuEventRecord(void *recorded, void *on) {
  (void)recorded;
  (void)on;
  return kSuccess;
}

int cuEventSynchronize(void *synchronized) {
  (void)synchronized;
  return kSuccess;
}

/* Device memory is host memory; more than 1 TiB is out of memory. */
int cuMemAlloc_v2(unsigned long long *pointer, size_t bytes) {
  if (bytes > ((size_t)1 << 40))
    return kOutOfMemory;
  *pointer = (unsigned long long)(size_t)malloc(bytes ? bytes : 1);
  return kSuccess;
}

int cuMemAllocManaged(unsigned long long *pointer, size_t bytes,
                      unsigned flags) {
  (void)flags;
  return cuMemAlloc_v2(pointer, bytes);
}

int cuMemFree_v2(unsigned long long pointer) {
  free((void *)(size_t)pointer);
  return kSuccess;
}

int cuMemcpyAsync(unsigned long long destination, unsigned long long source,
                  size_t bytes, void *on) {
  (void)on;
  memcpy((void *)(size_t)destination, (const void *)(size_t)source, bytes);
  return kSuccess;
}

int cuMemsetD32Async(unsigned long long destination, unsigned value,
                     size_t count, void *on) {
  (void)on;
  unsigned *words = (unsigned *)(size_t)destination;
  for (size_t i = 0; i < count; ++i)
    words[i] = value;
  return kSuccess;
}

int cuMemsetD16Async(unsigned long long destination, unsigned short value,
                     size_t count, void *on) {
  (void)on;
  unsigned short *halves = (unsigned short *)(size_t)destination;
  for (size_t i = 0; i < count; ++i)
    halves[i] = value;
  return kSuccess;
}
