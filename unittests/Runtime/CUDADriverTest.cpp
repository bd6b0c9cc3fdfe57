//===- CUDADriverTest.cpp - loading the CUDA driver -----------------------===//
//
// The loader on a machine without a GPU: a missing library, a library that
// is not a driver, and a fake driver (FakeCudaDriver.c) that stands in for
// libcuda, each ending in a clear message or the devices it describes.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/CUDA/Driver.h"

#include "gtest/gtest.h"

using namespace ten::cuda;

namespace {

TEST(CUDADriver, MissingLibraryIsAnError) {
  std::string error;
  EXPECT_EQ(Driver::load("libten-no-such-driver.so", error), nullptr);
  EXPECT_EQ(error.rfind("no CUDA driver: ", 0), 0u) << error;
  EXPECT_NE(error.find("libten-no-such-driver.so"), std::string::npos) << error;
}

TEST(CUDADriver, LibraryWithoutTheEntryPointsIsAnError) {
  std::string error;
  EXPECT_EQ(Driver::load("libm.so.6", error), nullptr);
  EXPECT_EQ(error, "libm.so.6 is not a CUDA driver: it has no cuInit");
}

TEST(CUDADriver, FakeDriverListsItsDevices) {
  std::string error;
  std::unique_ptr<Driver> driver = Driver::load(TEN_FAKE_CUDA_DRIVER, error);
  ASSERT_NE(driver, nullptr) << error;
  ASSERT_EQ(driver->cuInit(0), kSuccess);
  std::vector<DeviceInfo> devices;
  ASSERT_TRUE(listDevices(*driver, devices, error)) << error;
  ASSERT_EQ(devices.size(), 2u);
  EXPECT_EQ(devices[0].str(),
            "cuda:0: Fake GPU A, sm_90, 132 multiprocessors, 80.0 GiB");
  EXPECT_EQ(devices[1].str(),
            "cuda:1: Fake GPU B, sm_80, 108 multiprocessors, 40.0 GiB");
}

TEST(CUDADriver, OnlyTheTestDriverRunsHostKernels) {
  // The fake exports tenLaunchHostKernel; CUDA's driver does not, and a
  // launch of a host kernel is then an error (HostKernelsTest.cpp runs
  // them on the fake).
  std::string error;
  std::unique_ptr<Driver> driver = Driver::load(TEN_FAKE_CUDA_DRIVER, error);
  ASSERT_NE(driver, nullptr) << error;
  EXPECT_NE(driver->tenLaunchHostKernel, nullptr);
}

TEST(CUDADriver, ErrorsNameTheCallAndTheDriversReason) {
  std::string error;
  std::unique_ptr<Driver> driver = Driver::load(TEN_FAKE_CUDA_DRIVER, error);
  ASSERT_NE(driver, nullptr) << error;
  EXPECT_EQ(driver->describe(100, "cuInit"),
            "cuInit: CUDA_ERROR_NO_DEVICE (no CUDA-capable device is "
            "detected)");
  // A code the driver has no name for is still reported.
  EXPECT_EQ(driver->describe(9999, "cuLaunchKernel"),
            "cuLaunchKernel: CUDA error 9999");
}

} // namespace
