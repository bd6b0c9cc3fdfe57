//===- ExecutableTest.cpp - what every target's executables share ---------===//
//
// The checks of a run's inputs and the results left in a device's memory,
// apart from any target.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/Executable.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::ten;

namespace {

TEST(CheckInputsTest, DeviceMemoryOnlyWhereTheTargetTakesIt) {
  SmallVector<TensorSignature> arguments = {{ElementKind::F32, {2}}};
  float data[2] = {1, 2};
  int64_t shape[1] = {2};
  TensorRef onDevice(ElementKind::F32, shape, data, /*onDevice=*/true);
  llvm::Error refused = checkInputs("main", arguments, onDevice);
  ASSERT_TRUE(static_cast<bool>(refused));
  EXPECT_EQ(llvm::toString(std::move(refused)),
            "input 0 is in a device's memory, and 'main' runs on the host: "
            "copy it to host memory first");
  EXPECT_FALSE(static_cast<bool>(checkInputs("main", arguments, onDevice,
                                             /*takesDeviceMemory=*/true)));
  TensorRef onHost(ElementKind::F32, shape, data);
  EXPECT_FALSE(static_cast<bool>(checkInputs("main", arguments, onHost)));
}

int freedAllocations = 0;
void countFree(void *) { ++freedAllocations; }

TEST(ResultBufferTest, DeviceBufferIsFreedByItsDeleterOnce) {
  freedAllocations = 0;
  char storage[24];
  {
    ResultBuffer buffer(ElementKind::F32, {2, 3}, storage, storage + 8,
                        countFree);
    EXPECT_TRUE(buffer.isOnDevice());
    EXPECT_EQ(buffer.getData(), storage + 8);
    EXPECT_EQ(buffer.getStrides()[0], 3);
    EXPECT_EQ(buffer.getStrides()[1], 1);
    ResultBuffer moved(std::move(buffer));
    EXPECT_TRUE(moved.isOnDevice());
  }
  EXPECT_EQ(freedAllocations, 1);
  // An empty result has no allocation to free.
  { ResultBuffer empty(ElementKind::F32, {0}, nullptr, nullptr, countFree); }
  EXPECT_EQ(freedAllocations, 1);
}

} // namespace
