//===- HostKernelsTest.cpp - kernels compiled for the host, run -----------===//
//
// tenCudaLaunchHostKernel with the fake driver, which runs each GPU thread
// of a block as a coroutine (FakeCudaKernels.c), on kernels written here in
// C++ against HostKernel.h, as ten-gpu-kernels-to-host compiles them: ids,
// barriers (which threads that returned no longer hold up), shuffles of
// each mode among the first `width` lanes, and a barrier that some threads
// never reach failing the launch with the kernel's name. This binary loads
// the fake as the process's driver.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/CUDA/HostKernel.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <string>
#include <vector>

namespace {

class HostKernelsTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    setenv("TEN_CUDA_DRIVER", TEN_FAKE_CUDA_DRIVER, /*overwrite=*/1);
  }
  void TearDown() override { tenCudaTakeError(); }

  /// Launches `kernel` with `argument` as its one parameter and waits.
  static void launch(TenHostKernel kernel, const char *name, void *argument,
                     int64_t gridX, int64_t gridY, int64_t blockX,
                     int64_t blockY) {
    void *params[] = {&argument};
    tenCudaLaunchHostKernel(kernel, name, gridX, gridY, 1, blockX, blockY, 1, 0,
                            nullptr, params);
  }
};

int64_t linearId(const TenHostThread *thread) {
  return thread->threadId[0] + thread->threadId[1] * thread->blockDim[0];
}

// Workgroup memory: one block runs at a time.
int64_t shared[1024];

/// Each thread writes its id, waits at the barrier, and reads the next
/// thread's: the barrier orders every write before every read.
void rotate(void **params, TenHostThread *thread) {
  auto *out = *static_cast<int64_t **>(params[0]);
  int64_t threads = thread->blockDim[0] * thread->blockDim[1];
  int64_t id = linearId(thread);
  int64_t block = thread->blockId[0] + thread->blockId[1] * thread->gridDim[0];
  shared[id] = 1000 * block + id;
  thread->barrier(thread);
  out[block * threads + id] = shared[(id + 1) % threads];
}

TEST_F(HostKernelsTest, BarriersOrderTheBlocksThreads) {
  // A grid of 3x2 blocks of 8x5 threads (two warps, the second partial).
  std::vector<int64_t> out(6 * 40, -1);
  launch(rotate, "rotate", out.data(), 3, 2, 8, 5);
  ASSERT_EQ(tenCudaTakeError(), nullptr);
  for (int64_t block = 0; block < 6; ++block)
    for (int64_t id = 0; id < 40; ++id)
      EXPECT_EQ(out[block * 40 + id], 1000 * block + (id + 1) % 40)
          << "block " << block << " thread " << id;
}

/// Odd threads return at once; the even ones meet at two barriers.
void evenOnly(void **params, TenHostThread *thread) {
  auto *out = *static_cast<int64_t **>(params[0]);
  int64_t id = linearId(thread);
  if (id % 2)
    return;
  shared[id] = id;
  thread->barrier(thread);
  int64_t partner = (id + 2) % thread->blockDim[0];
  int64_t seen = shared[partner];
  thread->barrier(thread);
  out[id] = seen;
}

TEST_F(HostKernelsTest, ThreadsThatReturnDoNotHoldUpBarriers) {
  std::vector<int64_t> out(64, -1);
  launch(evenOnly, "even_only", out.data(), 1, 1, 64, 1);
  ASSERT_EQ(tenCudaTakeError(), nullptr);
  for (int64_t id = 0; id < 64; ++id)
    EXPECT_EQ(out[id], id % 2 ? -1 : (id + 2) % 64) << "thread " << id;
}

/// Each of the first 8 lanes of each warp shuffles its lane id in each
/// mode; the others take no part.
void shuffles(void **params, TenHostThread *thread) {
  auto *out = *static_cast<int64_t **>(params[0]);
  int64_t id = linearId(thread);
  int32_t lane = static_cast<int32_t>(thread->laneId);
  int64_t full = thread->shuffle(thread, 100 + lane, 1, 32, kTenShuffleXor);
  out[4 * id] = full;
  if (lane >= 8)
    return;
  out[4 * id + 1] = thread->shuffle(thread, lane, 3, 8, kTenShuffleDown);
  out[4 * id + 2] = thread->shuffle(thread, lane, 2, 8, kTenShuffleUp);
  out[4 * id + 3] = thread->shuffle(thread, lane, 5, 8, kTenShuffleIndex);
}

TEST_F(HostKernelsTest, ShufflesTakeTheFirstWidthLanes) {
  std::vector<int64_t> out(4 * 64, -1);
  launch(shuffles, "shuffles", out.data(), 1, 1, 64, 1);
  ASSERT_EQ(tenCudaTakeError(), nullptr);
  const int64_t valid = int64_t(1) << 32;
  for (int64_t id = 0; id < 64; ++id) {
    int64_t lane = id % 32;
    EXPECT_EQ(out[4 * id], valid | (100 + (lane ^ 1))) << "lane " << lane;
    if (lane >= 8) {
      EXPECT_EQ(out[4 * id + 1], -1);
      continue;
    }
    // Out of [0, 8): the lane's own value, not valid.
    EXPECT_EQ(out[4 * id + 1], lane + 3 < 8 ? valid | (lane + 3) : lane);
    EXPECT_EQ(out[4 * id + 2], lane >= 2 ? valid | (lane - 2) : lane);
    EXPECT_EQ(out[4 * id + 3], valid | 5);
  }
}

/// Thread 0 waits at the barrier while the rest of its warp waits for it at
/// a shuffle: neither can go on.
void divergent(void **params, TenHostThread *thread) {
  (void)params;
  if (linearId(thread) == 0)
    thread->barrier(thread);
  else
    thread->shuffle(thread, 0, 1, 32, kTenShuffleXor);
}

TEST_F(HostKernelsTest, ThreadsThatWaitForEachOtherFailTheLaunch) {
  launch(divergent, "divergent", nullptr, 2, 1, 32, 1);
  const char *error = tenCudaTakeError();
  ASSERT_NE(error, nullptr);
  EXPECT_NE(std::string(error).find("tenLaunchHostKernel"), std::string::npos)
      << error;
  EXPECT_NE(std::string(error).find("in kernel divergent (grid 2x1x1, block "
                                    "32x1x1)"),
            std::string::npos)
      << error;
}

TEST_F(HostKernelsTest, AnEmptyGridRunsNothing) {
  std::vector<int64_t> out(1, -1);
  launch(rotate, "rotate", out.data(), 0, 1, 8, 1);
  EXPECT_EQ(tenCudaTakeError(), nullptr);
  EXPECT_EQ(out[0], -1);
}

} // namespace
