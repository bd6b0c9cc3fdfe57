//===- RunOnThreads.cpp - the OpenMP runtime the process has loaded -------===//

#include "RunOnThreads.h"

#include <dlfcn.h>

using namespace ten;

namespace {

/// LLVM's OpenMP runtime if loaded, by the names Debian's and LLVM's
/// builds give it. RTLD_NOLOAD finds a library loaded in any scope, and
/// loads none.
OpenMPRuntime *findOpenMPRuntime() {
  static OpenMPRuntime runtime;
  for (const char *name : {"libomp.so.5", "libomp.so"}) {
    void *handle = dlopen(name, RTLD_LAZY | RTLD_NOLOAD);
    if (!handle)
      continue;
    runtime.parallel = reinterpret_cast<decltype(runtime.parallel)>(
        dlsym(handle, "GOMP_parallel"));
    runtime.getThreadNum = reinterpret_cast<decltype(runtime.getThreadNum)>(
        dlsym(handle, "omp_get_thread_num"));
    runtime.getNumThreads = reinterpret_cast<decltype(runtime.getNumThreads)>(
        dlsym(handle, "omp_get_num_threads"));
    // The handle stays open: the runtime stays loaded while it is used.
    if (runtime.parallel && runtime.getThreadNum && runtime.getNumThreads)
      return &runtime;
  }
  return nullptr;
}

} // namespace

const OpenMPRuntime *ten::getLoadedOpenMPRuntime() {
  static const OpenMPRuntime *runtime = findOpenMPRuntime();
  return runtime;
}
