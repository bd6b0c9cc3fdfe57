//===- CheckedRun.cpp - runs whose failed checks return -------------------===//

#include "CheckedRun.h"

#include <cstdlib>

using namespace mlir::ten;

static thread_local CheckedRun *currentRun = nullptr;

void CheckedRun::begin() {
  previous = currentRun;
  currentRun = this;
}

void CheckedRun::end() { currentRun = previous; }

extern "C" int tenrtRecordCheckMessage(const char *message) {
  if (currentRun)
    currentRun->failure = message;
  return 0;
}

extern "C" void tenrtFailRun() {
  if (currentRun)
    std::longjmp(currentRun->returnPoint, 1);
  std::abort();
}
