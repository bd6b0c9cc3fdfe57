/*===- FakeCudaDriver.c - a stand-in for libcuda in tests -----------------===*\
|*                                                                            *|
|* The entry points the runtime loads, answering as a driver with two GPUs    *|
|* would, so that the loader, the error messages and --list-devices are       *|
|* tested on machines without a GPU. With TEN_FAKE_CUDA_NO_DEVICE set,        *|
|* cuInit fails as a driver without a device does.                            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { kSuccess = 0, kInvalidValue = 1, kNoDevice = 100, kInvalidDevice = 101 };

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
  default:
    *description = NULL;
    return kInvalidValue;
  }
}
