//===- RunOnThreadsTest.cpp - the library calls' threads ------------------===//
//
// runOnThreads, compiled into two binaries: TenRunOnThreadsOpenMPTests,
// which loads LLVM's OpenMP runtime, whose threads it must then use (the
// same ones call after call; inside a parallel region, which gives it one,
// every part in turn), and TenRunOnThreadsTests, which does not, where it
// starts threads of its own (TEN_EXPECT_OPENMP says which binary this is).
// In both, every part of the range runs exactly once, with its worker's
// index, and two parts run at once.
//
//===----------------------------------------------------------------------===//

#include "../../lib/Runtime/Host/RunOnThreads.h"

#include "gtest/gtest.h"

#include <atomic>
#include <mutex>
#include <set>
#include <thread>
#include <utility>
#include <vector>

using namespace ten;

namespace {

/// The parts that runOnThreads(workers, count) ran, by worker.
std::vector<std::pair<int64_t, int64_t>> runParts(int64_t workers,
                                                  int64_t count) {
  std::vector<std::pair<int64_t, int64_t>> parts(workers, {-1, -1});
  std::vector<std::atomic<int>> calls(workers);
  runOnThreads(workers, count, [&](int64_t worker, int64_t begin, int64_t end) {
    ++calls[worker];
    parts[worker] = {begin, end};
  });
  for (int64_t worker = 0; worker < workers; ++worker)
    EXPECT_EQ(calls[worker].load(), 1) << "worker " << worker;
  return parts;
}

TEST(RunOnThreads, EveryPartOnce) {
  using Parts = std::vector<std::pair<int64_t, int64_t>>;
  EXPECT_EQ(runParts(3, 10), (Parts{{0, 3}, {3, 6}, {6, 10}}));
  EXPECT_EQ(runParts(1, 7), (Parts{{0, 7}}));
  EXPECT_EQ(runParts(4, 2), (Parts{{0, 0}, {0, 1}, {1, 1}, {1, 2}}));
  EXPECT_EQ(runParts(0, 5), Parts{});
}

TEST(RunOnThreads, WorkersOnThreadsOfTheirOwn) {
  std::mutex mutex;
  std::set<std::thread::id> threads;
  runOnThreads(2, 2, [&](int64_t, int64_t, int64_t) {
    // Each part waits for the other: both must run at once.
    static std::atomic<int> arrived{0};
    ++arrived;
    while (arrived.load() < 2)
      std::this_thread::yield();
    std::lock_guard<std::mutex> lock(mutex);
    threads.insert(std::this_thread::get_id());
  });
  EXPECT_EQ(threads.size(), 2u);
  EXPECT_TRUE(threads.count(std::this_thread::get_id()));
}

#ifdef TEN_EXPECT_OPENMP
TEST(RunOnThreads, OnTheOpenMPRuntimesThreads) {
  const OpenMPRuntime *openMP = getLoadedOpenMPRuntime();
  ASSERT_NE(openMP, nullptr);
  // The same two threads call after call, the OpenMP runtime's team of 2
  // in the order of the workers: none started per call.
  std::mutex mutex;
  std::set<std::thread::id> threads;
  for (int call = 0; call < 20; ++call)
    runOnThreads(2, 2, [&](int64_t worker, int64_t, int64_t) {
      EXPECT_EQ(openMP->getNumThreads(), 2);
      EXPECT_EQ(openMP->getThreadNum(), worker);
      std::lock_guard<std::mutex> lock(mutex);
      threads.insert(std::this_thread::get_id());
    });
  EXPECT_EQ(threads.size(), 2u);
}

TEST(RunOnThreads, InsideAParallelRegion) {
  // A parallel region of the compiled code's (here one of the OpenMP
  // runtime's own) nests no other: each of its threads runs all four parts
  // of its call in turn.
  const OpenMPRuntime *openMP = getLoadedOpenMPRuntime();
  ASSERT_NE(openMP, nullptr);
  std::atomic<int> parts{0};
  openMP->parallel(
      [](void *data) {
        auto &parts = *static_cast<std::atomic<int> *>(data);
        std::vector<int> seen(4, 0);
        runOnThreads(4, 8, [&](int64_t worker, int64_t begin, int64_t end) {
          EXPECT_EQ(end - begin, 2);
          ++seen[worker];
          ++parts;
        });
        EXPECT_EQ(seen, std::vector<int>(4, 1));
      },
      &parts, 2, 0);
  EXPECT_EQ(parts.load(), 8);
}
#else
TEST(RunOnThreads, WithoutTheOpenMPRuntime) {
  EXPECT_EQ(getLoadedOpenMPRuntime(), nullptr);
}
#endif

} // namespace
