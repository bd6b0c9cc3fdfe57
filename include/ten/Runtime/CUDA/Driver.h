//===- Driver.h - the CUDA driver, loaded at run time -----------*- C++ -*-===//
//
// The runtime reaches the GPU through the CUDA driver API, which it loads
// with dlopen when first asked: nothing links against libcuda, so every tool
// starts on a machine without a driver and says so in one line when a GPU is
// needed. This layer has no MLIR or LLVM dependency.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_CUDA_DRIVER_H
#define TEN_RUNTIME_CUDA_DRIVER_H

#include "ten/Runtime/CUDA/HostKernel.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace ten {
namespace cuda {

// The driver API's types, as its ABI defines them (cuda.h, CUDA 12).
using CUresult = int;
using CUdevice = int;
using CUcontext = void *;
using CUmodule = void *;
using CUfunction = void *;
using CUstream = void *;
using CUevent = void *;
using CUdeviceptr = unsigned long long;
constexpr CUresult kSuccess = 0;
constexpr int kAttributeMultiprocessorCount = 16;
constexpr int kAttributeComputeCapabilityMajor = 75;
constexpr int kAttributeComputeCapabilityMinor = 76;
constexpr int kMemPoolAttributeReleaseThreshold = 4;

/// The entry points of libcuda the runtime calls.
class Driver {
public:
  /// The library loaded when none is named: $TEN_CUDA_DRIVER, or
  /// libcuda.so.1.
  static std::string getDefaultLibrary();

  /// Loads `library` and resolves every entry point. On failure returns null
  /// and sets `error` to one line saying why (the library is missing, or is
  /// not a CUDA driver).
  static std::unique_ptr<Driver> load(const std::string &library,
                                      std::string &error);

  /// The process's driver, loaded and initialized (cuInit) at the first
  /// call; null, with `error` set, when there is none.
  static const Driver *get(std::string &error);

  ~Driver();
  Driver(const Driver &) = delete;
  Driver &operator=(const Driver &) = delete;

  /// "cuInit: CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)".
  std::string describe(CUresult result, const char *call) const;

  CUresult (*cuInit)(unsigned flags) = nullptr;
  CUresult (*cuDriverGetVersion)(int *version) = nullptr;
  CUresult (*cuDeviceGetCount)(int *count) = nullptr;
  CUresult (*cuDeviceGet)(CUdevice *device, int ordinal) = nullptr;
  CUresult (*cuDeviceGetName)(char *name, int length,
                              CUdevice device) = nullptr;
  CUresult (*cuDeviceGetAttribute)(int *value, int attribute,
                                   CUdevice device) = nullptr;
  CUresult (*cuDeviceTotalMem)(size_t *bytes, CUdevice device) = nullptr;
  CUresult (*cuCtxSynchronize)() = nullptr;
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *context,
                                       CUdevice device) = nullptr;
  CUresult (*cuCtxSetCurrent)(CUcontext context) = nullptr;
  CUresult (*cuModuleLoadData)(CUmodule *module, const void *image) = nullptr;
  CUresult (*cuModuleUnload)(CUmodule module) = nullptr;
  CUresult (*cuModuleGetFunction)(CUfunction *function, CUmodule module,
                                  const char *name) = nullptr;
  CUresult (*cuLaunchKernel)(CUfunction function, unsigned gridX,
                             unsigned gridY, unsigned gridZ, unsigned blockX,
                             unsigned blockY, unsigned blockZ,
                             unsigned sharedBytes, CUstream stream,
                             void **params, void **extra) = nullptr;
  CUresult (*cuStreamCreate)(CUstream *stream, unsigned flags) = nullptr;
  CUresult (*cuStreamDestroy)(CUstream stream) = nullptr;
  CUresult (*cuStreamSynchronize)(CUstream stream) = nullptr;
  CUresult (*cuStreamWaitEvent)(CUstream stream, CUevent event,
                                unsigned flags) = nullptr;
  CUresult (*cuEventCreate)(CUevent *event, unsigned flags) = nullptr;
  CUresult (*cuEventDestroy)(CUevent event) = nullptr;
  CUresult (*cuEventRecord)(CUevent event, CUstream stream) = nullptr;
  CUresult (*cuEventSynchronize)(CUevent event) = nullptr;
  CUresult (*cuEventElapsedTime)(float *milliseconds, CUevent start,
                                 CUevent end) = nullptr;
  CUresult (*cuMemAlloc)(CUdeviceptr *pointer, size_t bytes) = nullptr;
  CUresult (*cuMemAllocManaged)(CUdeviceptr *pointer, size_t bytes,
                                unsigned flags) = nullptr;
  CUresult (*cuMemFree)(CUdeviceptr pointer) = nullptr;
  CUresult (*cuMemHostAlloc)(void **pointer, size_t bytes,
                             unsigned flags) = nullptr;
  CUresult (*cuMemFreeHost)(void *pointer) = nullptr;
  CUresult (*cuMemcpyAsync)(CUdeviceptr destination, CUdeviceptr source,
                            size_t bytes, CUstream stream) = nullptr;
  CUresult (*cuMemsetD32Async)(CUdeviceptr destination, unsigned value,
                               size_t count, CUstream stream) = nullptr;
  CUresult (*cuMemsetD16Async)(CUdeviceptr destination, unsigned short value,
                               size_t count, CUstream stream) = nullptr;
  CUresult (*cuGetErrorName)(CUresult result, const char **name) = nullptr;
  CUresult (*cuGetErrorString)(CUresult result,
                               const char **description) = nullptr;

  /// Stream-ordered allocation (drivers of CUDA 11.2 and later): null when
  /// the driver lacks it, and allocations are then synchronous.
  CUresult (*cuMemAllocAsync)(CUdeviceptr *pointer, size_t bytes,
                              CUstream stream) = nullptr;
  CUresult (*cuMemFreeAsync)(CUdeviceptr pointer, CUstream stream) = nullptr;
  CUresult (*cuDeviceGetDefaultMemPool)(void **pool, CUdevice device) = nullptr;
  CUresult (*cuMemPoolSetAttribute)(void *pool, int attribute,
                                    void *value) = nullptr;

  /// Runs a kernel compiled for the host (HostKernel.h) on the stream: only
  /// a driver whose device memory is host memory has it (the test driver);
  /// null for CUDA's.
  CUresult (*tenLaunchHostKernel)(TenHostKernel kernel, const char *name,
                                  unsigned gridX, unsigned gridY,
                                  unsigned gridZ, unsigned blockX,
                                  unsigned blockY, unsigned blockZ,
                                  unsigned sharedBytes, CUstream stream,
                                  void **params) = nullptr;

private:
  Driver() = default;
  void *handle = nullptr;
};

/// What --list-devices shows of a GPU.
struct DeviceInfo {
  int ordinal;
  std::string name;
  int major;
  int minor;
  int multiprocessors;
  size_t memoryBytes;

  /// "cuda:0: NVIDIA H100 80GB HBM3, sm_90, 132 multiprocessors, 79.2 GiB".
  std::string str() const;
};

/// The devices the driver sees; false, with `error` set, on a driver error.
bool listDevices(const Driver &driver, std::vector<DeviceInfo> &devices,
                 std::string &error);

} // namespace cuda
} // namespace ten

#endif // TEN_RUNTIME_CUDA_DRIVER_H
