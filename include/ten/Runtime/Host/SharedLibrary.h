//===- SharedLibrary.h - libraries loaded at run time -----------*- C++ -*-===//
//
// The libraries the runtimes use but do not link (the CUDA driver, cuBLAS,
// NCCL, LAPACK) are opened with dlopen and their entry points resolved by
// name; a missing library or entry point becomes one line that says what
// the library should have been.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_SHAREDLIBRARY_H
#define TEN_RUNTIME_HOST_SHAREDLIBRARY_H

#include <cstdlib>
#include <dlfcn.h>
#include <initializer_list>
#include <iterator>
#include <string>

namespace ten {

/// How the libraries are opened: never unmapped, even by the last
/// dlclose. Such libraries (cuSOLVER and those it loads, OpenBLAS with its
/// threads) are not built to be unloaded: memory their initializers
/// allocate is held by their globals, and unmapping those would leak it
/// (LeakSanitizer says so); a thread still running their code would crash.
inline constexpr int kOpenFlags = RTLD_LOCAL | RTLD_NODELETE;

/// Opens `path`; null, with `error` = "no <what>: <why>", when it cannot.
inline void *openLibrary(const std::string &path, const char *what,
                         std::string &error) {
  void *handle = dlopen(path.c_str(), RTLD_NOW | kOpenFlags);
  if (!handle) {
    const char *reason = dlerror();
    error = std::string("no ") + what + ": " + (reason ? reason : path);
  }
  return handle;
}

/// The library to load: the one $`variable` names, else the first of
/// `candidates` that loads, else the last candidate (whose loading then
/// says why it fails).
inline std::string findLibrary(const char *variable,
                               std::initializer_list<const char *> candidates) {
  const char *named = std::getenv(variable);
  if (named && *named)
    return named;
  for (const char *candidate : candidates) {
    if (void *handle = dlopen(candidate, RTLD_LAZY | kOpenFlags)) {
      dlclose(handle);
      return candidate;
    }
  }
  return *std::prev(candidates.end());
}

/// Resolves `name` in `handle` into `function`, whose type the caller knows;
/// false, with `error` = "<path> is not <what>: it has no <name>", when the
/// library lacks it.
template <typename Function>
bool resolveSymbol(void *handle, const char *name, Function &function,
                   const std::string &path, const char *what,
                   std::string &error) {
  function = reinterpret_cast<Function>(dlsym(handle, name));
  if (!function)
    error = path + " is not " + what + ": it has no " + name;
  return function != nullptr;
}

} // namespace ten

#endif // TEN_RUNTIME_HOST_SHAREDLIBRARY_H
