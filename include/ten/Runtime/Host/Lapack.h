//===- Lapack.h - LAPACK, loaded at run time --------------------*- C++ -*-===//
//
// The dense factorizations of ten's linear algebra run on LAPACK, which
// the host runtime loads with dlopen like the CUDA libraries, so that a
// build pins no LAPACK: Debian's reference liblapack.so.3 (installed by
// utils/setup.sh), OpenBLAS's, or the library TEN_LAPACK names. Plain C++:
// no MLIR, no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_LAPACK_H
#define TEN_RUNTIME_HOST_LAPACK_H

#include <complex>
#include <cstddef>
#include <memory>
#include <string>

namespace ten {

/// The routines of LAPACK the runtime calls (LapackSymbols.def).
class Lapack {
public:
  /// The library loaded when none is named: $TEN_LAPACK, else the first of
  /// liblapack.so.3, libopenblas.so.0 and liblapack.so that loads.
  static std::string getDefaultLibrary();

  /// Loads `library` and resolves every routine; null, with `error` set to
  /// one line, when it is missing or is not LAPACK.
  static std::unique_ptr<Lapack> load(const std::string &library,
                                      std::string &error);

  ~Lapack();
  Lapack(const Lapack &) = delete;
  Lapack &operator=(const Lapack &) = delete;

  /// "3.11.0".
  std::string getVersion() const;

  /// OpenBLAS's control of its own threads, where the library is
  /// OpenBLAS; null elsewhere.
  void (*setThreads)(int) = nullptr;
  int (*getThreads)() = nullptr;

  // The library's routines (LapackSymbols.def).
#define TEN_LAPACK_SYMBOL(member, symbol, Return, Parameters)                  \
  Return(*member) Parameters = nullptr;
#include "ten/Runtime/Host/LapackSymbols.def"

private:
  Lapack() = default;
  void *handle = nullptr;
};

} // namespace ten

#endif // TEN_RUNTIME_HOST_LAPACK_H
