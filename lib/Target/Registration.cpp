//===- Registration.cpp - every target of this build ----------------------===//

#include "ten/Target/CPU/CPUTarget.h"
#include "ten/Target/Target.h"
#ifdef TEN_ENABLE_CUDA
#include "ten/Target/CUDA/CUDATarget.h"
#endif

#include <mutex>

void mlir::ten::registerAllTargets() {
  static std::once_flag registered;
  std::call_once(registered, [] {
    registerCPUTarget();
#ifdef TEN_ENABLE_CUDA
    registerCUDATarget();
#endif
  });
}
