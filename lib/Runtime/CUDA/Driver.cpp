//===- Driver.cpp - the CUDA driver, loaded at run time -------------------===//

#include "ten/Runtime/CUDA/Driver.h"

#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

using namespace ten::cuda;

std::string Driver::getDefaultLibrary() {
  const char *library = std::getenv("TEN_CUDA_DRIVER");
  return library && *library ? library : "libcuda.so.1";
}

Driver::~Driver() {
  if (handle)
    dlclose(handle);
}

/// Resolves `name` into `function`, whose type the caller knows.
template <typename Function>
static bool resolve(void *handle, const char *name, Function &function,
                    const std::string &library, std::string &error) {
  function = reinterpret_cast<Function>(dlsym(handle, name));
  if (!function)
    error = library + " is not a CUDA driver: it has no " + name;
  return function != nullptr;
}

std::unique_ptr<Driver> Driver::load(const std::string &library,
                                     std::string &error) {
  void *handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *reason = dlerror();
    error = "no CUDA driver: " + (reason ? std::string(reason) : library);
    return nullptr;
  }
  std::unique_ptr<Driver> driver(new Driver());
  driver->handle = handle;
  // The unversioned names are the CUDA 12 ABI's, except the memory query.
  if (!resolve(handle, "cuInit", driver->cuInit, library, error) ||
      !resolve(handle, "cuDriverGetVersion", driver->cuDriverGetVersion,
               library, error) ||
      !resolve(handle, "cuDeviceGetCount", driver->cuDeviceGetCount, library,
               error) ||
      !resolve(handle, "cuDeviceGet", driver->cuDeviceGet, library, error) ||
      !resolve(handle, "cuDeviceGetName", driver->cuDeviceGetName, library,
               error) ||
      !resolve(handle, "cuDeviceGetAttribute", driver->cuDeviceGetAttribute,
               library, error) ||
      !resolve(handle, "cuDeviceTotalMem_v2", driver->cuDeviceTotalMem, library,
               error) ||
      !resolve(handle, "cuCtxSynchronize", driver->cuCtxSynchronize, library,
               error) ||
      !resolve(handle, "cuDevicePrimaryCtxRetain",
               driver->cuDevicePrimaryCtxRetain, library, error) ||
      !resolve(handle, "cuCtxSetCurrent", driver->cuCtxSetCurrent, library,
               error) ||
      !resolve(handle, "cuModuleLoadData", driver->cuModuleLoadData, library,
               error) ||
      !resolve(handle, "cuModuleUnload", driver->cuModuleUnload, library,
               error) ||
      !resolve(handle, "cuModuleGetFunction", driver->cuModuleGetFunction,
               library, error) ||
      !resolve(handle, "cuLaunchKernel", driver->cuLaunchKernel, library,
               error) ||
      !resolve(handle, "cuStreamCreate", driver->cuStreamCreate, library,
               error) ||
      !resolve(handle, "cuStreamDestroy_v2", driver->cuStreamDestroy, library,
               error) ||
      !resolve(handle, "cuStreamSynchronize", driver->cuStreamSynchronize,
               library, error) ||
      !resolve(handle, "cuStreamWaitEvent", driver->cuStreamWaitEvent, library,
               error) ||
      !resolve(handle, "cuEventCreate", driver->cuEventCreate, library,
               error) ||
      !resolve(handle, "cuEventDestroy_v2", driver->cuEventDestroy, library,
               error) ||
      !resolve(handle, "cuEventRecord", driver->cuEventRecord, library,
               error) ||
      !resolve(handle, "cuEventSynchronize", driver->cuEventSynchronize,
               library, error) ||
      !resolve(handle, "cuMemAlloc_v2", driver->cuMemAlloc, library, error) ||
      !resolve(handle, "cuMemAllocManaged", driver->cuMemAllocManaged, library,
               error) ||
      !resolve(handle, "cuMemFree_v2", driver->cuMemFree, library, error) ||
      !resolve(handle, "cuMemcpyAsync", driver->cuMemcpyAsync, library,
               error) ||
      !resolve(handle, "cuMemsetD32Async", driver->cuMemsetD32Async, library,
               error) ||
      !resolve(handle, "cuMemsetD16Async", driver->cuMemsetD16Async, library,
               error) ||
      !resolve(handle, "cuGetErrorName", driver->cuGetErrorName, library,
               error) ||
      !resolve(handle, "cuGetErrorString", driver->cuGetErrorString, library,
               error))
    return nullptr;
  return driver;
}

const Driver *Driver::get(std::string &error) {
  static std::once_flag loaded;
  static std::unique_ptr<Driver> driver;
  static std::string loadError;
  std::call_once(loaded, [] {
    driver = load(getDefaultLibrary(), loadError);
    if (!driver)
      return;
    if (CUresult result = driver->cuInit(0); result != kSuccess) {
      loadError = driver->describe(result, "cuInit");
      driver.reset();
    }
  });
  if (!driver)
    error = loadError;
  return driver.get();
}

std::string Driver::describe(CUresult result, const char *call) const {
  const char *name = nullptr;
  const char *description = nullptr;
  if (cuGetErrorName)
    cuGetErrorName(result, &name);
  if (cuGetErrorString)
    cuGetErrorString(result, &description);
  std::string text = std::string(call) + ": ";
  text += name ? name : "CUDA error " + std::to_string(result);
  if (description)
    text += std::string(" (") + description + ")";
  return text;
}

std::string DeviceInfo::str() const {
  char memory[32];
  std::snprintf(memory, sizeof(memory), "%.1f GiB",
                static_cast<double>(memoryBytes) / (1024.0 * 1024 * 1024));
  return "cuda:" + std::to_string(ordinal) + ": " + name + ", sm_" +
         std::to_string(major) + std::to_string(minor) + ", " +
         std::to_string(multiprocessors) + " multiprocessors, " + memory;
}

bool ten::cuda::listDevices(const Driver &driver,
                            std::vector<DeviceInfo> &devices,
                            std::string &error) {
  auto failed = [&](CUresult result, const char *call) {
    if (result == kSuccess)
      return false;
    error = driver.describe(result, call);
    return true;
  };
  int count = 0;
  if (failed(driver.cuDeviceGetCount(&count), "cuDeviceGetCount"))
    return false;
  for (int ordinal = 0; ordinal < count; ++ordinal) {
    CUdevice device;
    if (failed(driver.cuDeviceGet(&device, ordinal), "cuDeviceGet"))
      return false;
    DeviceInfo info{ordinal, "", 0, 0, 0, 0};
    char name[256] = {0};
    if (failed(driver.cuDeviceGetName(name, sizeof(name) - 1, device),
               "cuDeviceGetName") ||
        failed(driver.cuDeviceGetAttribute(
                   &info.major, kAttributeComputeCapabilityMajor, device),
               "cuDeviceGetAttribute") ||
        failed(driver.cuDeviceGetAttribute(
                   &info.minor, kAttributeComputeCapabilityMinor, device),
               "cuDeviceGetAttribute") ||
        failed(driver.cuDeviceGetAttribute(&info.multiprocessors,
                                           kAttributeMultiprocessorCount,
                                           device),
               "cuDeviceGetAttribute") ||
        failed(driver.cuDeviceTotalMem(&info.memoryBytes, device),
               "cuDeviceTotalMem_v2"))
      return false;
    info.name = name;
    devices.push_back(info);
  }
  return true;
}
