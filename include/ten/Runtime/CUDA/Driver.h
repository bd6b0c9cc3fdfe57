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

  // The library's functions (DriverSymbols.def).
#define TEN_CUDA_SYMBOL(member, symbol, Return, Parameters)                    \
  Return(*member) Parameters = nullptr;
#define TEN_CUDA_VERSIONED_SYMBOL(member, newer, older, Return, Parameters)    \
  Return(*member) Parameters = nullptr;
#define TEN_CUDA_OPTIONAL_SYMBOL(member, symbol, Return, Parameters)           \
  Return(*member) Parameters = nullptr;
#include "ten/Runtime/CUDA/DriverSymbols.def"

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
