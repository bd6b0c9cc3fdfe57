//===- RuntimeWrappers.cpp - what compiled host code calls ----------------===//

#include "ten/Runtime/CUDA/RuntimeWrappers.h"

#include "ten/Runtime/CUDA/Driver.h"
#include "ten/Runtime/Host/CheckedRun.h"

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <unordered_map>

using namespace ten::cuda;

static thread_local std::string pendingError;
static thread_local std::string takenError;

void ten::cuda::recordError(std::string message) {
  if (pendingError.empty())
    pendingError = std::move(message);
}

bool ten::cuda::hasError() { return !pendingError.empty(); }

extern "C" const char *tenCudaTakeError() {
  takenError = std::move(pendingError);
  pendingError.clear();
  return takenError.empty() ? nullptr : takenError.c_str();
}

int ten::cuda::getDeviceOrdinal(const Driver &driver) {
  for (const char *name :
       {"MPI_LOCALRANKID", "OMPI_COMM_WORLD_LOCAL_RANK", "SLURM_LOCALID"}) {
    const char *value = std::getenv(name);
    if (!value || !*value)
      continue;
    int count = 0;
    if (driver.cuDeviceGetCount(&count) != kSuccess || count < 1)
      return 0;
    return std::atoi(value) % count;
  }
  return 0;
}

/// The driver with the primary context of this process's GPU
/// (getDeviceOrdinal) current on this thread, or null (the failure
/// recorded) when there is none or a failure is pending.
static const Driver *enter() {
  if (hasError())
    return nullptr;
  static std::once_flag retained;
  static CUcontext primary = nullptr;
  static std::string retainError;
  std::string error;
  const Driver *driver = Driver::get(error);
  if (!driver) {
    recordError(error);
    return nullptr;
  }
  std::call_once(retained, [driver] {
    CUdevice device = 0;
    if (CUresult result =
            driver->cuDeviceGet(&device, getDeviceOrdinal(*driver))) {
      retainError = driver->describe(result, "cuDeviceGet");
      return;
    }
    if (CUresult result = driver->cuDevicePrimaryCtxRetain(&primary, device)) {
      retainError = driver->describe(result, "cuDevicePrimaryCtxRetain");
      return;
    }
    // Stream-ordered allocations come from the device's default pool, which
    // by default returns its memory to the system at every synchronization:
    // keep it, so that a program's next run reuses it without a cudaMalloc.
    // A driver that refuses only costs that reuse.
    void *pool = nullptr;
    if (driver->cuMemAllocAsync && driver->cuDeviceGetDefaultMemPool &&
        driver->cuMemPoolSetAttribute &&
        driver->cuDeviceGetDefaultMemPool(&pool, device) == kSuccess) {
      unsigned long long keepAll = ~0ull;
      (void)driver->cuMemPoolSetAttribute(
          pool, kMemPoolAttributeReleaseThreshold, &keepAll);
    }
  });
  if (!retainError.empty()) {
    recordError(retainError);
    return nullptr;
  }
  thread_local CUcontext current = nullptr;
  if (current != primary) {
    if (CUresult result = driver->cuCtxSetCurrent(primary)) {
      recordError(driver->describe(result, "cuCtxSetCurrent"));
      return nullptr;
    }
    current = primary;
  }
  return driver;
}

/// Records `result`'s failure of `call`; whether it succeeded.
static bool check(const Driver *driver, CUresult result, const char *call) {
  if (result == kSuccess)
    return true;
  recordError(driver->describe(result, call));
  return false;
}

bool ten::cuda::setZero(void *data, size_t bytes, void *stream) {
  if (bytes == 0)
    return true;
  const Driver *driver = enter();
  if (!driver)
    return false;
  auto address = reinterpret_cast<CUdeviceptr>(data);
  if (bytes % 4 == 0)
    return check(driver,
                 driver->cuMemsetD32Async(address, 0, bytes / 4, stream),
                 "cuMemsetD32Async");
  if (bytes % 2 == 0)
    return check(driver,
                 driver->cuMemsetD16Async(address, 0, bytes / 2, stream),
                 "cuMemsetD16Async");
  return check(driver, driver->cuMemsetD8Async(address, 0, bytes, stream),
               "cuMemsetD8Async");
}

/// The stream that compiled host code runs its work on (null: the legacy
/// default stream).
static thread_local void *currentStream = nullptr;

extern "C" void *tenCudaCurrentStream() { return currentStream; }

extern "C" void tenCudaSynchronize() { mgpuStreamSynchronize(currentStream); }

extern "C" void *tenCudaSetCurrentStream(void *stream) {
  void *previous = currentStream;
  currentStream = stream;
  return previous;
}

/// The kernel names of the functions handed out, for launch errors.
static std::mutex kernelNamesMutex;
static std::unordered_map<void *, std::string> kernelNames;

/// Set when the process exits, before the destructors of the executable
/// run. A module that a program's constructor loads (as ahead-of-time
/// objects do) is unloaded by its destructor, which runs after every handler
/// registered at run time: the driver and this thread's error state are gone
/// by then, and the end of the process releases the module anyway. The
/// handler, registered at the first load, runs before the executable's
/// destructors, as every handler registered while the program runs does.
static std::atomic<bool> processExiting{false};

extern "C" void *mgpuModuleLoad(void *data, size_t bytes) {
  (void)bytes;
  static const bool exitWatched =
      std::atexit([] { processExiting = true; }) == 0;
  (void)exitWatched;
  const Driver *driver = enter();
  CUmodule module = nullptr;
  if (driver)
    check(driver, driver->cuModuleLoadData(&module, data), "cuModuleLoadData");
  return module;
}

extern "C" void *mgpuModuleLoadJIT(void *data, int optLevel) {
  // PTX text: the driver compiles it at load (at its own optimization level).
  (void)optLevel;
  return mgpuModuleLoad(data, 0);
}

extern "C" void mgpuModuleUnload(void *module) {
  if (processExiting)
    return;
  if (const Driver *driver = enter(); driver && module)
    check(driver, driver->cuModuleUnload(module), "cuModuleUnload");
}

extern "C" void *mgpuModuleGetFunction(void *module, const char *name) {
  const Driver *driver = enter();
  CUfunction function = nullptr;
  if (!driver)
    return nullptr;
  if (!module) {
    recordError(std::string("kernel ") + name +
                ": its module was never loaded");
    return nullptr;
  }
  if (CUresult result = driver->cuModuleGetFunction(&function, module, name)) {
    recordError(driver->describe(result, "cuModuleGetFunction") +
                " for kernel " + name);
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(kernelNamesMutex);
  kernelNames[function] = name;
  return function;
}

/// " in kernel NAME (grid XxYxZ, block XxYxZ)", for a failed launch.
static std::string describeLaunch(const std::string &kernel, int64_t gridX,
                                  int64_t gridY, int64_t gridZ, int64_t blockX,
                                  int64_t blockY, int64_t blockZ) {
  return " in kernel " + kernel + " (grid " + std::to_string(gridX) + "x" +
         std::to_string(gridY) + "x" + std::to_string(gridZ) + ", block " +
         std::to_string(blockX) + "x" + std::to_string(blockY) + "x" +
         std::to_string(blockZ) + ")";
}

extern "C" void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                                 intptr_t gridZ, intptr_t blockX,
                                 intptr_t blockY, intptr_t blockZ,
                                 int32_t sharedBytes, void *stream,
                                 void **params, void **extra,
                                 size_t paramCount) {
  (void)paramCount;
  const Driver *driver = enter();
  if (!driver)
    return;
  if (!function) {
    recordError("cuLaunchKernel: no kernel to launch");
    return;
  }
  // A grid of no blocks launches nothing (the driver would reject it).
  if (gridX <= 0 || gridY <= 0 || gridZ <= 0)
    return;
  CUresult result = driver->cuLaunchKernel(
      function, static_cast<unsigned>(gridX), static_cast<unsigned>(gridY),
      static_cast<unsigned>(gridZ), static_cast<unsigned>(blockX),
      static_cast<unsigned>(blockY), static_cast<unsigned>(blockZ),
      static_cast<unsigned>(sharedBytes), stream, params, extra);
  if (result == kSuccess)
    return;
  std::string kernel;
  {
    std::lock_guard<std::mutex> lock(kernelNamesMutex);
    auto found = kernelNames.find(function);
    kernel = found == kernelNames.end() ? "?" : found->second;
  }
  recordError(
      driver->describe(result, "cuLaunchKernel") +
      describeLaunch(kernel, gridX, gridY, gridZ, blockX, blockY, blockZ));
}

extern "C" void tenCudaLaunchHostKernel(TenHostKernel kernel, const char *name,
                                        int64_t gridX, int64_t gridY,
                                        int64_t gridZ, int64_t blockX,
                                        int64_t blockY, int64_t blockZ,
                                        int32_t sharedBytes, void *stream,
                                        void **params) {
  const Driver *driver = enter();
  if (!driver)
    return;
  std::string launch =
      describeLaunch(name, gridX, gridY, gridZ, blockX, blockY, blockZ);
  if (!driver->tenLaunchHostKernel) {
    recordError("tenLaunchHostKernel: the kernels were compiled for the host "
                "(emulate-kernels), and this CUDA driver cannot run host "
                "kernels (the test driver libten-fake-cuda-driver.so can)" +
                launch);
    return;
  }
  if (gridX <= 0 || gridY <= 0 || gridZ <= 0)
    return;
  CUresult result = driver->tenLaunchHostKernel(
      kernel, name, static_cast<unsigned>(gridX), static_cast<unsigned>(gridY),
      static_cast<unsigned>(gridZ), static_cast<unsigned>(blockX),
      static_cast<unsigned>(blockY), static_cast<unsigned>(blockZ),
      static_cast<unsigned>(sharedBytes), stream, params);
  if (result != kSuccess)
    recordError(driver->describe(result, "tenLaunchHostKernel") + launch);
}

extern "C" void *mgpuStreamCreate() {
  const Driver *driver = enter();
  CUstream stream = nullptr;
  // Non-blocking: the stream does not wait for the legacy default stream.
  if (driver)
    check(driver, driver->cuStreamCreate(&stream, /*CU_STREAM_NON_BLOCKING=*/1),
          "cuStreamCreate");
  return stream;
}

extern "C" void mgpuStreamDestroy(void *stream) {
  if (const Driver *driver = enter())
    check(driver, driver->cuStreamDestroy(stream), "cuStreamDestroy");
}

extern "C" void mgpuStreamSynchronize(void *stream) {
  if (const Driver *driver = enter())
    check(driver, driver->cuStreamSynchronize(stream), "cuStreamSynchronize");
}

extern "C" void mgpuStreamWaitEvent(void *stream, void *event) {
  if (const Driver *driver = enter())
    check(driver, driver->cuStreamWaitEvent(stream, event, 0),
          "cuStreamWaitEvent");
}

extern "C" void *mgpuEventCreate() {
  const Driver *driver = enter();
  CUevent event = nullptr;
  // No timing: CU_EVENT_DISABLE_TIMING makes events cheap.
  if (driver)
    check(driver, driver->cuEventCreate(&event, /*DISABLE_TIMING=*/2),
          "cuEventCreate");
  return event;
}

extern "C" void mgpuEventDestroy(void *event) {
  if (const Driver *driver = enter())
    check(driver, driver->cuEventDestroy(event), "cuEventDestroy");
}

extern "C" void mgpuEventSynchronize(void *event) {
  if (const Driver *driver = enter())
    check(driver, driver->cuEventSynchronize(event), "cuEventSynchronize");
}

extern "C" void mgpuEventRecord(void *event, void *stream) {
  if (const Driver *driver = enter())
    check(driver, driver->cuEventRecord(event, stream), "cuEventRecord");
}

extern "C" void *mgpuMemAlloc(uint64_t bytes, void *stream, bool hostShared) {
  const Driver *driver = enter();
  CUdeviceptr pointer = 0;
  if (!driver)
    return nullptr;
  // On a stream, in the stream's order: no synchronization with the device.
  const char *call = hostShared                          ? "cuMemAllocManaged"
                     : stream && driver->cuMemAllocAsync ? "cuMemAllocAsync"
                                                         : "cuMemAlloc";
  CUresult result = hostShared
                        ? driver->cuMemAllocManaged(&pointer, bytes,
                                                    /*CU_MEM_ATTACH_GLOBAL=*/1)
                    : stream && driver->cuMemAllocAsync
                        ? driver->cuMemAllocAsync(&pointer, bytes, stream)
                        : driver->cuMemAlloc(&pointer, bytes);
  if (result != kSuccess) {
    recordError(driver->describe(result, call) + " of " +
                std::to_string(bytes) + " bytes");
    return nullptr;
  }
  return reinterpret_cast<void *>(pointer);
}

extern "C" void mgpuMemFree(void *pointer, void *stream) {
  // Frees run even after a failure: they release what was allocated.
  std::string error;
  const Driver *driver = Driver::get(error);
  if (!driver || !pointer)
    return;
  auto address = reinterpret_cast<CUdeviceptr>(pointer);
  if (stream && driver->cuMemFreeAsync)
    check(driver, driver->cuMemFreeAsync(address, stream), "cuMemFreeAsync");
  else
    check(driver, driver->cuMemFree(address), "cuMemFree");
}

extern "C" void *tenCudaMemAllocInRun(uint64_t bytes, void *stream,
                                      bool hostShared) {
  void *pointer = mgpuMemAlloc(bytes, stream, hostShared);
  if (mlir::ten::CheckedRun *run = mlir::ten::CheckedRun::getCurrent();
      run && pointer)
    run->track(pointer);
  return pointer;
}

extern "C" void tenCudaMemFreeInRun(void *pointer, void *stream) {
  if (mlir::ten::CheckedRun *run = mlir::ten::CheckedRun::getCurrent();
      run && pointer)
    run->untrack(pointer);
  mgpuMemFree(pointer, stream);
}

extern "C" void mgpuMemcpy(void *destination, void *source, size_t bytes,
                           void *stream) {
  if (const Driver *driver = enter())
    check(driver,
          driver->cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(destination),
                                reinterpret_cast<CUdeviceptr>(source), bytes,
                                stream),
          "cuMemcpyAsync");
}

extern "C" void mgpuMemset32(void *destination, unsigned value, size_t count,
                             void *stream) {
  if (const Driver *driver = enter())
    check(driver,
          driver->cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(destination),
                                   value, count, stream),
          "cuMemsetD32Async");
}

extern "C" void mgpuMemset16(void *destination, unsigned short value,
                             size_t count, void *stream) {
  if (const Driver *driver = enter())
    check(driver,
          driver->cuMemsetD16Async(reinterpret_cast<CUdeviceptr>(destination),
                                   value, count, stream),
          "cuMemsetD16Async");
}

extern "C" void *tenCudaTimingEventCreate() {
  const Driver *driver = enter();
  CUevent event = nullptr;
  if (driver)
    check(driver, driver->cuEventCreate(&event, /*CU_EVENT_DEFAULT=*/0),
          "cuEventCreate");
  return event;
}

extern "C" float tenCudaEventElapsedMilliseconds(void *start, void *end) {
  const Driver *driver = enter();
  float milliseconds = 0;
  if (driver)
    check(driver, driver->cuEventElapsedTime(&milliseconds, start, end),
          "cuEventElapsedTime");
  return milliseconds;
}

extern "C" void *tenCudaHostAlloc(size_t bytes) {
  const Driver *driver = enter();
  void *pointer = nullptr;
  if (driver && !check(driver,
                       driver->cuMemHostAlloc(&pointer, bytes ? bytes : 1,
                                              /*CU_MEMHOSTALLOC_PORTABLE=*/1),
                       "cuMemHostAlloc"))
    pointer = nullptr;
  return pointer;
}

extern "C" void tenCudaHostFree(void *pointer) {
  std::string error;
  const Driver *driver = Driver::get(error);
  if (driver && pointer)
    check(driver, driver->cuMemFreeHost(pointer), "cuMemFreeHost");
}
