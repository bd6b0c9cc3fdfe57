//===- CholeskyNanPivot.h - NumPy's Cholesky factor past a NaN --*- C++ -*-===//
//
// A NaN pivot does not stop numpy.linalg.cholesky: its factor holds NaN in
// the pivot's column and every column after it. LAPACKs differ there (the
// reference stops as at a negative pivot; some OpenBLAS kernels go on,
// leaving zeros below the pivot), so both runtimes write NumPy's factor
// themselves from the first NaN pivot on.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_CHOLESKYNANPIVOT_H
#define TEN_RUNTIME_HOST_CHOLESKYNANPIVOT_H

#include "ten/Runtime/Host/RealOf.h"

#include <cstdint>
#include <limits>
#include <type_traits>

namespace ten {

/// Sets NumPy's factor from the NaN pivot `pivot` on: NaN in the triangle's
/// columns `pivot` to `n` (its rows, if `upper`) of the column-major `n` x
/// `n` `factor`. A complex factor keeps a real diagonal, as LAPACK writes
/// it (NaN + 0i), and NaN in both parts elsewhere.
template <typename T>
void fillCholeskyFromNanPivot(T *factor, int64_t n, int64_t pivot, bool upper) {
  using Real = typename RealOf<T>::type;
  constexpr Real nan = std::numeric_limits<Real>::quiet_NaN();
  T offDiagonal, diagonal;
  if constexpr (std::is_same_v<T, Real>) {
    offDiagonal = diagonal = nan;
  } else {
    offDiagonal = T(nan, nan);
    diagonal = T(nan, Real(0));
  }
  for (int64_t j = pivot; j < n; ++j)
    for (int64_t i = j; i < n; ++i)
      factor[upper ? j + i * n : i + j * n] = i == j ? diagonal : offDiagonal;
}

} // namespace ten

#endif // TEN_RUNTIME_HOST_CHOLESKYNANPIVOT_H
