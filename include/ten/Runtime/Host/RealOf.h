//===- RealOf.h - the real type of an element type --------------*- C++ -*-===//
//
// The type of an element's real values, which the runtimes' linear algebra
// returns for complex matrices (eigenvalues, singular values, magnitudes).
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_REALOF_H
#define TEN_RUNTIME_HOST_REALOF_H

#include <complex>

namespace ten {

/// The real type of `T`'s values: T, or its parts'.
template <typename T>
struct RealOf {
  using type = T;
};
template <typename T>
struct RealOf<std::complex<T>> {
  using type = T;
};

} // namespace ten

#endif // TEN_RUNTIME_HOST_REALOF_H
