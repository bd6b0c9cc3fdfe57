//===- CheckedRun.cpp - runs whose failures return ------------------------===//

#include "ten/Runtime/Host/CheckedRun.h"

#include <cstdio>
#include <cstdlib>

using namespace mlir::ten;

static thread_local CheckedRun *currentRun = nullptr;

void CheckedRun::begin() {
  previous = currentRun;
  currentRun = this;
}

void CheckedRun::end() { currentRun = previous; }

CheckedRun *CheckedRun::getCurrent() { return currentRun; }

void CheckedRun::fail() { std::longjmp(returnPoint, 1); }

void mlir::ten::failCurrentRun(std::string message) {
  if (currentRun) {
    currentRun->failure = std::move(message);
    currentRun->fail();
  }
  std::fprintf(stderr, "ten: %s\n", message.c_str());
  std::abort();
}

void CheckedRun::track(void *allocation) {
  std::lock_guard<std::mutex> lock(mutex);
  allocations.insert(allocation);
}

void CheckedRun::untrack(void *allocation) {
  std::lock_guard<std::mutex> lock(mutex);
  allocations.erase(allocation);
}

std::vector<void *> CheckedRun::takeAllocations() {
  std::lock_guard<std::mutex> lock(mutex);
  std::vector<void *> taken(allocations.begin(), allocations.end());
  allocations.clear();
  return taken;
}

extern "C" int tenrtRecordCheckMessage(const char *message) {
  if (currentRun)
    currentRun->failure = std::string("run-time check failed: ") + message;
  return 0;
}

extern "C" void tenrtFailRun() {
  if (currentRun)
    currentRun->fail();
  std::abort();
}
