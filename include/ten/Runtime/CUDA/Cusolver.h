//===- Cusolver.h - cuSOLVER, loaded at run time ----------------*- C++ -*-===//
//
// The dense linear algebra of ten.linalg on the CUDA target runs on
// cuSOLVER's dense API (DenseLinearAlgebra.h), which the runtime loads
// with dlopen like cuBLAS: nothing links against it, and a machine without
// it runs everything else. Plain C++: no MLIR, no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_CUDA_CUSOLVER_H
#define TEN_RUNTIME_CUDA_CUSOLVER_H

#include <complex>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace ten {
namespace cuda {

/// The entry points of cuSOLVER the runtime takes (CusolverSymbols.def).
class Cusolver {
public:
  /// The library loaded when none is named: $TEN_CUSOLVER, else the first
  /// of libcusolver.so.12, libcusolver.so.11 and libcusolver.so that loads.
  static std::string getDefaultLibrary();

  /// Loads `library` and resolves every entry point; null, with `error`
  /// set to one line, when it is missing or is not cuSOLVER.
  static std::unique_ptr<Cusolver> load(const std::string &library,
                                        std::string &error);

  ~Cusolver();
  Cusolver(const Cusolver &) = delete;
  Cusolver &operator=(const Cusolver &) = delete;

  /// "11.7.5", from cusolverGetVersion.
  std::string getVersion() const;

  /// "cusolverDnSgetrf: CUSOLVER_STATUS_INVALID_VALUE".
  static std::string describe(int status, const char *call);

  // The library's functions (CusolverSymbols.def).
#define TEN_CUDA_SYMBOL(member, symbol, Return, Parameters)                    \
  Return(*member) Parameters = nullptr;
#include "ten/Runtime/CUDA/CusolverSymbols.def"

private:
  Cusolver() = default;
  void *handle = nullptr;
};

} // namespace cuda
} // namespace ten

#endif // TEN_RUNTIME_CUDA_CUSOLVER_H
