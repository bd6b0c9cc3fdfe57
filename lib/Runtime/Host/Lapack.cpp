//===- Lapack.cpp - LAPACK, loaded at run time ----------------------------===//

#include "ten/Runtime/Host/Lapack.h"

#include "ten/Runtime/Host/SharedLibrary.h"

using namespace ten;

std::string Lapack::getDefaultLibrary() {
  return findLibrary("TEN_LAPACK",
                     {"liblapack.so.3", "libopenblas.so.0", "liblapack.so"});
}

Lapack::~Lapack() {
  if (handle)
    dlclose(handle);
}

std::unique_ptr<Lapack> Lapack::load(const std::string &library,
                                     std::string &error) {
  void *handle = openLibrary(library, "LAPACK", error);
  if (!handle) {
    error += " (install liblapack3, or set TEN_LAPACK to a library with "
             "LAPACK's routines)";
    return nullptr;
  }
  std::unique_ptr<Lapack> lapack(new Lapack());
  lapack->handle = handle;
  // Every routine of LapackSymbols.def.
#define TEN_LAPACK_SYMBOL(member, symbol, Return, Parameters)                  \
  if (!resolveSymbol(handle, symbol, lapack->member, library, "LAPACK",        \
                     error))                                                   \
    return nullptr;
#include "ten/Runtime/Host/LapackSymbols.def"
  lapack->setThreads = reinterpret_cast<void (*)(int)>(
      dlsym(handle, "openblas_set_num_threads"));
  lapack->getThreads =
      reinterpret_cast<int (*)()>(dlsym(handle, "openblas_get_num_threads"));
  if (!lapack->setThreads || !lapack->getThreads)
    lapack->setThreads = nullptr, lapack->getThreads = nullptr;
  return lapack;
}

std::string Lapack::getVersion() const {
  int major = 0, minor = 0, patch = 0;
  ilaver(&major, &minor, &patch);
  return std::to_string(major) + "." + std::to_string(minor) + "." +
         std::to_string(patch);
}
