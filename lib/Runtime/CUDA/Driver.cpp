//===- Driver.cpp - the CUDA driver, loaded at run time -------------------===//

#include "ten/Runtime/CUDA/Driver.h"

#include "ten/Runtime/Host/SharedLibrary.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <type_traits>

using namespace ten::cuda;

std::string Driver::getDefaultLibrary() {
  const char *library = std::getenv("TEN_CUDA_DRIVER");
  return library && *library ? library : "libcuda.so.1";
}

Driver::~Driver() {
  if (handle)
    dlclose(handle);
}

std::unique_ptr<Driver> Driver::load(const std::string &library,
                                     std::string &error) {
  void *handle = openLibrary(library, "CUDA driver", error);
  if (!handle)
    return nullptr;
  std::unique_ptr<Driver> driver(new Driver());
  driver->handle = handle;
  // The unversioned names are the CUDA 12 ABI's, except the memory query.
  auto resolve = [&](const char *name, auto &function) {
    return resolveSymbol(handle, name, function, library, "a CUDA driver",
                         error);
  };
  // Absent where older drivers lack it.
  auto resolveOptional = [&](const char *name, auto &function) {
    function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(
        dlsym(handle, name));
  };
  // Every entry point of DriverSymbols.def.
#define TEN_CUDA_SYMBOL(member, symbol, Return, Parameters)                    \
  if (!resolve(symbol, driver->member))                                        \
    return nullptr;
#define TEN_CUDA_VERSIONED_SYMBOL(member, newer, older, Return, Parameters)    \
  resolveOptional(newer, driver->member);                                      \
  if (!driver->member && !resolve(older, driver->member))                      \
    return nullptr;
#define TEN_CUDA_OPTIONAL_SYMBOL(member, symbol, Return, Parameters)           \
  resolveOptional(symbol, driver->member);
#include "ten/Runtime/CUDA/DriverSymbols.def"
  if (!driver->cuMemAllocAsync || !driver->cuMemFreeAsync) {
    driver->cuMemAllocAsync = nullptr;
    driver->cuMemFreeAsync = nullptr;
  }
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
