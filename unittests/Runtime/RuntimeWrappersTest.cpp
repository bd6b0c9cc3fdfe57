//===- RuntimeWrappersTest.cpp - the mgpu* entry points -------------------===//
//
// What compiled host code calls, against the fake driver (FakeCudaDriver.c:
// device memory is host memory, launches are recorded): memory round trips,
// launches with their grid, and each failure recorded once with the call
// and the kernel it names, later calls doing nothing until it is taken.
// This binary loads the fake as the process's driver.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/CUDA/RuntimeWrappers.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <thread>
#include <vector>

namespace {

class RuntimeWrappersTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    setenv("TEN_CUDA_DRIVER", TEN_FAKE_CUDA_DRIVER, /*overwrite=*/1);
  }
  void TearDown() override { tenCudaTakeError(); }
};

/// The fake driver's record of the last launch.
void *lastLaunch(unsigned *launch) {
  void *fake = dlopen(TEN_FAKE_CUDA_DRIVER, RTLD_NOW | RTLD_NOLOAD);
  auto record = reinterpret_cast<void *(*)(unsigned *)>(
      fake ? dlsym(fake, "fakeCudaLastLaunch") : nullptr);
  return record ? record(launch) : nullptr;
}

TEST_F(RuntimeWrappersTest, MemoryRoundTrips) {
  void *stream = mgpuStreamCreate();
  ASSERT_NE(stream, nullptr);
  std::vector<float> host = {1, 2, 3, 4}, back(4);
  void *device = mgpuMemAlloc(sizeof(float) * 4, stream, false);
  ASSERT_NE(device, nullptr);
  mgpuMemcpy(device, host.data(), sizeof(float) * 4, stream);
  mgpuMemcpy(back.data(), device, sizeof(float) * 4, stream);
  mgpuStreamSynchronize(stream);
  EXPECT_EQ(back, host);
  mgpuMemset32(device, 0x3f800000u, 4, stream); // 1.0f
  mgpuMemcpy(back.data(), device, sizeof(float) * 4, stream);
  EXPECT_EQ(back, std::vector<float>(4, 1.0f));
  mgpuMemFree(device, stream);
  mgpuStreamDestroy(stream);
  EXPECT_EQ(tenCudaTakeError(), nullptr);
}

TEST_F(RuntimeWrappersTest, TheCurrentStreamIsPerThreadAndRestored) {
  EXPECT_EQ(tenCudaCurrentStream(), nullptr);
  void *stream = mgpuStreamCreate();
  EXPECT_EQ(tenCudaSetCurrentStream(stream), nullptr);
  EXPECT_EQ(tenCudaCurrentStream(), stream);
  void *elsewhere = &stream;
  std::thread([&] { elsewhere = tenCudaCurrentStream(); }).join();
  EXPECT_EQ(elsewhere, nullptr);
  EXPECT_EQ(tenCudaSetCurrentStream(nullptr), stream);
  mgpuStreamDestroy(stream);
  EXPECT_EQ(tenCudaTakeError(), nullptr);
}

TEST_F(RuntimeWrappersTest, StagedCopiesAndTimingEvents) {
  void *stream = mgpuStreamCreate();
  auto *staging = static_cast<float *>(tenCudaHostAlloc(sizeof(float) * 4));
  ASSERT_NE(staging, nullptr);
  for (int i = 0; i < 4; ++i)
    staging[i] = float(i);
  void *start = tenCudaTimingEventCreate(), *end = tenCudaTimingEventCreate();
  mgpuEventRecord(start, stream);
  // Allocated and freed in the stream's order.
  void *device = mgpuMemAlloc(sizeof(float) * 4, stream, false);
  mgpuMemcpy(device, staging, sizeof(float) * 4, stream);
  mgpuStreamSynchronize(stream);
  std::fill(staging, staging + 4, -1.0f);
  mgpuMemcpy(staging, device, sizeof(float) * 4, stream);
  mgpuMemFree(device, stream);
  // The fake records host time at each event: 2 ms pass between these.
  std::this_thread::sleep_for(std::chrono::milliseconds(2));
  mgpuEventRecord(end, stream);
  mgpuStreamSynchronize(stream);
  EXPECT_EQ(std::vector<float>(staging, staging + 4),
            (std::vector<float>{0, 1, 2, 3}));
  EXPECT_GE(tenCudaEventElapsedMilliseconds(start, end), 2.0f);
  tenCudaHostFree(staging);
  mgpuEventDestroy(start);
  mgpuEventDestroy(end);
  mgpuStreamDestroy(stream);
  EXPECT_EQ(tenCudaTakeError(), nullptr);
}

TEST_F(RuntimeWrappersTest, LaunchesGoToTheDriverWithTheirGrid) {
  static const char image[] = "fake module";
  void *module = mgpuModuleLoad(const_cast<char *>(image), sizeof(image));
  ASSERT_NE(module, nullptr);
  void *kernel = mgpuModuleGetFunction(module, "main_kernel");
  ASSERT_NE(kernel, nullptr);
  void *stream = mgpuStreamCreate();
  mgpuLaunchKernel(kernel, 64, 1, 1, 128, 1, 1, 512, stream, nullptr, nullptr,
                   0);
  unsigned launch[7] = {0};
  EXPECT_EQ(lastLaunch(launch), stream);
  EXPECT_EQ(std::vector<unsigned>(launch, launch + 7),
            (std::vector<unsigned>{64, 1, 1, 128, 1, 1, 512}));
  // An empty grid launches nothing.
  mgpuLaunchKernel(kernel, 0, 1, 1, 32, 1, 1, 0, stream, nullptr, nullptr, 0);
  lastLaunch(launch);
  EXPECT_EQ(launch[0], 64u);
  mgpuModuleUnload(module);
  EXPECT_EQ(tenCudaTakeError(), nullptr);
}

TEST_F(RuntimeWrappersTest, AFailedLaunchNamesItsKernelAndStopsTheRest) {
  static const char image[] = "fake module";
  void *module = mgpuModuleLoad(const_cast<char *>(image), sizeof(image));
  void *failing = mgpuModuleGetFunction(module, "failing_kernel");
  void *fine = mgpuModuleGetFunction(module, "fine_kernel");
  mgpuLaunchKernel(failing, 2, 1, 1, 256, 1, 1, 0, nullptr, nullptr, nullptr,
                   0);
  // Later work does nothing while the failure is pending.
  mgpuLaunchKernel(fine, 7, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr, 0);
  unsigned launch[7] = {0};
  lastLaunch(launch);
  EXPECT_NE(launch[0], 7u);
  EXPECT_EQ(mgpuMemAlloc(16, nullptr, false), nullptr);
  const char *error = tenCudaTakeError();
  ASSERT_NE(error, nullptr);
  EXPECT_STREQ(error, "cuLaunchKernel: CUDA_ERROR_LAUNCH_FAILED (unspecified "
                      "launch failure) in kernel failing_kernel (grid 2x1x1, "
                      "block 256x1x1)");
  EXPECT_EQ(tenCudaTakeError(), nullptr);
}

TEST_F(RuntimeWrappersTest, MissingKernelsAndMemoryAreErrors) {
  static const char image[] = "fake module";
  void *module = mgpuModuleLoad(const_cast<char *>(image), sizeof(image));
  EXPECT_EQ(mgpuModuleGetFunction(module, "missing_kernel"), nullptr);
  const char *error = tenCudaTakeError();
  ASSERT_NE(error, nullptr);
  EXPECT_STREQ(error, "cuModuleGetFunction: CUDA_ERROR_NOT_FOUND (named "
                      "symbol not found) for kernel missing_kernel");
  EXPECT_EQ(mgpuMemAlloc(uint64_t(1) << 41, nullptr, false), nullptr);
  error = tenCudaTakeError();
  ASSERT_NE(error, nullptr);
  EXPECT_STREQ(error, "cuMemAlloc: CUDA_ERROR_OUT_OF_MEMORY (out of memory) "
                      "of 2199023255552 bytes");
}

} // namespace
