//===- GemmShape.h - row-major GEMMs for the runtime's tests ----*- C++ -*-===//

#ifndef TEN_UNITTESTS_RUNTIME_GEMMSHAPE_H
#define TEN_UNITTESTS_RUNTIME_GEMMSHAPE_H

#include "ten/Runtime/CUDA/Cublas.h"

namespace ten {
namespace cuda {

/// An m x n x k GEMM of dense row-major operands, A and B stored
/// transposed when `ta` and `tb` say so: leading dimensions are the stored
/// rows' lengths.
inline RowMajorGemm makeGemmShape(int64_t m, int64_t n, int64_t k, bool ta,
                                  bool tb) {
  RowMajorGemm g;
  g.m = m;
  g.n = n;
  g.k = k;
  g.transposeA = ta;
  g.transposeB = tb;
  g.lda = ta ? m : k;
  g.ldb = tb ? k : n;
  g.ldc = n;
  return g;
}

} // namespace cuda
} // namespace ten

#endif // TEN_UNITTESTS_RUNTIME_GEMMSHAPE_H
