//===- Cusolver.cpp - cuSOLVER, loaded at run time ------------------------===//

#include "ten/Runtime/CUDA/Cusolver.h"

#include "ten/Runtime/Host/SharedLibrary.h"

using namespace ten::cuda;

std::string Cusolver::getDefaultLibrary() {
  return findLibrary("TEN_CUSOLVER", {"libcusolver.so.12", "libcusolver.so.11",
                                      "libcusolver.so"});
}

Cusolver::~Cusolver() {
  if (handle)
    dlclose(handle);
}

std::unique_ptr<Cusolver> Cusolver::load(const std::string &library,
                                         std::string &error) {
  void *handle = openLibrary(library, "cuSOLVER", error);
  if (!handle)
    return nullptr;
  std::unique_ptr<Cusolver> cusolver(new Cusolver());
  cusolver->handle = handle;
  // Every entry point of CusolverSymbols.def; the optional ones where the
  // library has them.
#define TEN_CUDA_SYMBOL(member, symbol, Return, Parameters)                    \
  if (!resolveSymbol(handle, symbol, cusolver->member, library, "cuSOLVER",    \
                     error))                                                   \
    return nullptr;
#define TEN_CUDA_OPTIONAL_SYMBOL(member, symbol, Return, Parameters)           \
  cusolver->member =                                                           \
      reinterpret_cast<Return(*) Parameters>(dlsym(handle, symbol));
#include "ten/Runtime/CUDA/CusolverSymbols.def"
  return cusolver;
}

std::string Cusolver::getVersion() const {
  int version = 0;
  if (cusolverGetVersion(&version) != 0)
    return "unknown";
  return std::to_string(version / 1000) + "." +
         std::to_string(version % 1000 / 100) + "." +
         std::to_string(version % 100);
}

std::string Cusolver::describe(int status, const char *call) {
  // The cusolverStatus_t values of cusolver_common.h.
  const char *name = nullptr;
  switch (status) {
  case 1:
    name = "CUSOLVER_STATUS_NOT_INITIALIZED";
    break;
  case 2:
    name = "CUSOLVER_STATUS_ALLOC_FAILED";
    break;
  case 3:
    name = "CUSOLVER_STATUS_INVALID_VALUE";
    break;
  case 4:
    name = "CUSOLVER_STATUS_ARCH_MISMATCH";
    break;
  case 6:
    name = "CUSOLVER_STATUS_EXECUTION_FAILED";
    break;
  case 7:
    name = "CUSOLVER_STATUS_INTERNAL_ERROR";
    break;
  default:
    break;
  }
  std::string text = std::string(call) + ": ";
  if (name)
    return text + name;
  return text + "cuSOLVER status " + std::to_string(status);
}
