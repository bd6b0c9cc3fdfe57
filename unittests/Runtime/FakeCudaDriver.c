/*===- FakeCudaDriver.c - a stand-in for libcuda in tests -----------------===*\
|*                                                                            *|
|* The entry points the runtime loads, answering as a driver with two GPUs    *|
|* would, so that the loader, the error messages and --list-devices are       *|
|* tested on machines without a GPU. With TEN_FAKE_CUDA_NO_DEVICE set,        *|
|* cuInit fails as a driver without a device does. Device memory is host      *|
|* memory; a module is its image; a launch runs nothing and is recorded       *|
|* (fakeCudaLastLaunch); a kernel named "failing_kernel" fails to launch.     *|
|* Kernels compiled for the host do run (FakeCudaKernels.c).                  *|
|* Streams are the handles 0x5000 + n (n = 1, 2, ...; FakeCublas.c names      *|
|* them the same way). With TEN_FAKE_CUDA_TRACE set, every call that orders   *|
|* work (streams, launches, copies, allocations, events) is printed to        *|
|* stderr with its stream, so tests can check what runs where.                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum {
  kSuccess = 0,
  kInvalidValue = 1,
  kOutOfMemory = 2,
  kNoDevice = 100,
  kInvalidDevice = 101,
  kNotFound = 500,
  kLaunchFailed = 719
};

/* "stream 0" for the legacy default stream, else its number. */
static unsigned streamNumber(void *stream) {
  return stream ? (unsigned)((uintptr_t)stream - 0x5000) : 0;
}

static void trace(const char *call, void *stream) {
  if (getenv("TEN_FAKE_CUDA_TRACE"))
    fprintf(stderr, "fake-cuda: %s stream %u\n", call, streamNumber(stream));
}

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
int cuCtxSynchronize(void) {
  trace("cuCtxSynchronize", NULL);
  return kSuccess;
}

/* The failures the fake reports: code, name and description. */
static const struct {
  int code;
  const char *name;
  const char *description;
} errors[] = {
    {kNoDevice, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {kInvalidDevice, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
    {kOutOfMemory, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {kNotFound, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {kLaunchFailed, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"},
};

/* The index in `errors` of `result`, or -1. */
static int findError(int result) {
  for (int i = 0; i < (int)(sizeof(errors) / sizeof(errors[0])); ++i)
    if (errors[i].code == result)
      return i;
  return -1;
}

int cuGetErrorName(int result, const char **name) {
  int at = findError(result);
  *name = at < 0 ? NULL : errors[at].name;
  return at < 0 ? kInvalidValue : kSuccess;
}

int cuGetErrorString(int result, const char **description) {
  int at = findError(result);
  *description = at < 0 ? NULL : errors[at].description;
  return at < 0 ? kInvalidValue : kSuccess;
}

/* Contexts, modules, functions, streams and events. */
static int context;
static unsigned streamsCreated;

int cuDevicePrimaryCtxRetain(void **result, int device) {
  if (device != 0 && device != 1)
    return kInvalidDevice;
  if (getenv("TEN_FAKE_CUDA_TRACE"))
    fprintf(stderr, "fake-cuda: cuDevicePrimaryCtxRetain device %d\n", device);
  *result = &context;
  return kSuccess;
}

int cuCtxSetCurrent(void *current) {
  (void)current;
  return kSuccess;
}

/* Traced with the kind of image: a fatbin (magic 0xBA55ED50), a cubin (an
   ELF file) or PTX text. */
int cuModuleLoadData(void **module, const void *image) {
  *module = (void *)(size_t)image;
  if (!image)
    return kInvalidValue;
  if (getenv("TEN_FAKE_CUDA_TRACE")) {
    const unsigned char *bytes = image;
    const char *kind = bytes[0] == 0x50 && bytes[1] == 0xED &&
                               bytes[2] == 0x55 && bytes[3] == 0xBA
                           ? "fatbin"
                       : bytes[0] == 0x7F && bytes[1] == 'E' ? "cubin"
                                                             : "ptx";
    fprintf(stderr, "fake-cuda: cuModuleLoadData %s\n", kind);
  }
  return kSuccess;
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
  trace("cuLaunchKernel", launchStream);
  return kSuccess;
}

/* The last launch: grid, block, shared bytes; and its stream. */
void *fakeCudaLastLaunch(unsigned *launch) {
  memcpy(launch, lastLaunch, sizeof(lastLaunch));
  return lastLaunchStream;
}

int cuStreamCreate(void **result, unsigned flags) {
  (void)flags;
  *result = (void *)(uintptr_t)(0x5000 + ++streamsCreated);
  trace("cuStreamCreate", *result);
  return kSuccess;
}

static int isStream(void *stream) {
  return streamNumber(stream) >= 1 && streamNumber(stream) <= streamsCreated;
}

int cuStreamDestroy_v2(void *destroyed) {
  trace("cuStreamDestroy", destroyed);
  return isStream(destroyed) ? kSuccess : kInvalidValue;
}

int cuStreamSynchronize(void *synchronized) {
  trace("cuStreamSynchronize", synchronized);
  return !synchronized || isStream(synchronized) ? kSuccess : kInvalidValue;
}

int cuStreamWaitEvent(void *waiting, void *awaited, unsigned flags) {
  (void)awaited;
  (void)flags;
  trace("cuStreamWaitEvent", waiting);
  return kSuccess;
}

/* An event is a slot holding the host time of its last record, in ms. */
static double eventTimes[64];
static unsigned eventsCreated;

int cuEventCreate(void **result, unsigned flags) {
  (void)flags;
  if (eventsCreated == 64)
    return kOutOfMemory;
  *result = &eventTimes[eventsCreated++];
  return kSuccess;
}

int cuEventDestroy_v2(void *destroyed) {
  return destroyed ? kSuccess : kInvalidValue;
}

int cuEventRecord(void *recorded, void *on) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  *(double *)recorded = now.tv_sec * 1e3 + now.tv_nsec / 1e6;
  trace("cuEventRecord", on);
  return kSuccess;
}

int cuEventSynchronize(void *synchronized) {
  (void)synchronized;
  return kSuccess;
}

int cuEventElapsedTime_v2(float *milliseconds, void *start, void *end) {
  *milliseconds = (float)(*(double *)end - *(double *)start);
  return kSuccess;
}

/* Device memory is host memory; more than 1 TiB is out of memory. */
static int allocate(unsigned long long *pointer, size_t bytes) {
  if (bytes > ((size_t)1 << 40))
    return kOutOfMemory;
  *pointer = (unsigned long long)(size_t)malloc(bytes ? bytes : 1);
  return kSuccess;
}

int cuMemAlloc_v2(unsigned long long *pointer, size_t bytes) {
  trace("cuMemAlloc", NULL);
  return allocate(pointer, bytes);
}

/* Stream-ordered allocation, as drivers of CUDA 11.2 and later have. */
int cuMemAllocAsync(unsigned long long *pointer, size_t bytes, void *on) {
  trace("cuMemAllocAsync", on);
  return allocate(pointer, bytes);
}

int cuMemFreeAsync(unsigned long long pointer, void *on) {
  trace("cuMemFreeAsync", on);
  free((void *)(size_t)pointer);
  return kSuccess;
}

static int pool;

int cuDeviceGetDefaultMemPool(void **result, int device) {
  if (device != 0 && device != 1)
    return kInvalidDevice;
  *result = &pool;
  return kSuccess;
}

int cuMemPoolSetAttribute(void *which, int attribute, void *value) {
  (void)value;
  return which == &pool && attribute == 4 ? kSuccess : kInvalidValue;
}

int cuMemHostAlloc(void **pointer, size_t bytes, unsigned flags) {
  (void)flags;
  trace("cuMemHostAlloc", NULL);
  *pointer = malloc(bytes ? bytes : 1);
  return *pointer ? kSuccess : kOutOfMemory;
}

int cuMemFreeHost(void *pointer) {
  trace("cuMemFreeHost", NULL);
  free(pointer);
  return kSuccess;
}

int cuMemAllocManaged(unsigned long long *pointer, size_t bytes,
                      unsigned flags) {
  (void)flags;
  return cuMemAlloc_v2(pointer, bytes);
}

int cuMemFree_v2(unsigned long long pointer) {
  trace("cuMemFree", NULL);
  free((void *)(size_t)pointer);
  return kSuccess;
}

int cuMemcpyAsync(unsigned long long destination, unsigned long long source,
                  size_t bytes, void *on) {
  trace("cuMemcpyAsync", on);
  memcpy((void *)(size_t)destination, (const void *)(size_t)source, bytes);
  return kSuccess;
}

int cuMemsetD32Async(unsigned long long destination, unsigned value,
                     size_t count, void *on) {
  trace("cuMemsetD32Async", on);
  unsigned *words = (unsigned *)(size_t)destination;
  for (size_t i = 0; i < count; ++i)
    words[i] = value;
  return kSuccess;
}

int cuMemsetD8Async(unsigned long long destination, unsigned char value,
                    size_t count, void *on) {
  trace("cuMemsetD8Async", on);
  memset((void *)(size_t)destination, value, count);
  return kSuccess;
}

int cuMemsetD16Async(unsigned long long destination, unsigned short value,
                     size_t count, void *on) {
  trace("cuMemsetD16Async", on);
  unsigned short *halves = (unsigned short *)(size_t)destination;
  for (size_t i = 0; i < count; ++i)
    halves[i] = value;
  return kSuccess;
}
