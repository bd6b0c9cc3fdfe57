//===- LinearAlgebra.h - ten.linalg on LAPACK -------------------*- C++ -*-===//
//
// The dense linear algebra of ten.linalg on the host: each entry point
// factors every matrix of a batch with LAPACK (Lapack.h, loaded on first
// use), in the buffers compiled code passes as unranked memrefs. Buffers
// are row-major and contiguous, their last two dimensions the matrices and
// the dimensions before them the batch. LAPACK's column-major view of a
// row-major matrix is its transpose, which each routine takes into
// account. An error LAPACK reports (a singular matrix, one not positive
// definite) fails the run with NumPy's message, and which matrix of the
// batch it was.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_LINEARALGEBRA_H
#define TEN_RUNTIME_HOST_LINEARALGEBRA_H

#include "ten/Runtime/Host/UnrankedMemRef.h"

#include <cstdint>

extern "C" {
/// Entry points per element type (LinalgTypes.def), called by their C
/// interface names, _mlir_ciface_<name> (HostRuntime.def). Batches are
/// spread over up to `threads` threads (the calling one among them) when
/// there are enough matrices.
///
/// tenrtCholesky: `result` = the Cholesky factor of each matrix of `input`
/// (lower, or upper if `upper`), from that triangle of the input alone,
/// the other triangle zero.
/// tenrtSolve: `x` = the solution of `a @ x = b` for each matrix of `a`,
/// `b` and `x` stacks of matrices (n x k) with `a`'s batch.
/// tenrtInverse: `result` = the inverse of each matrix of `input`.
/// tenrtSlogdet: the sign and the logarithm of the absolute value of each
/// matrix's determinant (one value per matrix).
/// tenrtQr: `q` and `r` of each m x n matrix of `input` (k = min(m, n)):
/// q m x k and r k x n (reduced), or q m x m and r m x n (complete), as the
/// buffers' shapes say.
/// tenrtEigh: the eigenvalues of each Hermitian matrix, ascending (real),
/// and the eigenvectors as the columns of `vectors`, from the lower
/// triangle of the input (the upper one if `upper`). tenrtEigvalsh: the
/// eigenvalues alone.
/// tenrtEig: the eigenvalues of each general matrix (complex, in geev's
/// order) and its right eigenvectors as the columns of `vectors` (complex,
/// of norm 1, the largest component real); an infinite or NaN element
/// fails the run. tenrtEigvals: the eigenvalues alone.
/// tenrtSvd: `u`, the singular values `s` (real, descending) and `vh` of
/// each m x n matrix: u m x k and vh k x n, or m x m and n x n (full
/// matrices), as the buffers' shapes say. tenrtSvdvals: the singular
/// values alone.
#define TEN_LINALG_TYPE(Suffix, Type, letter)                                  \
  void tenrtCholesky##Suffix(const TenrtUnrankedMemRef *input,                 \
                             const TenrtUnrankedMemRef *result, int32_t upper, \
                             int32_t threads);                                 \
  void tenrtSolve##Suffix(const TenrtUnrankedMemRef *a,                        \
                          const TenrtUnrankedMemRef *b,                        \
                          const TenrtUnrankedMemRef *x, int32_t threads);      \
  void tenrtInverse##Suffix(const TenrtUnrankedMemRef *input,                  \
                            const TenrtUnrankedMemRef *result,                 \
                            int32_t threads);                                  \
  void tenrtSlogdet##Suffix(                                                   \
      const TenrtUnrankedMemRef *input, const TenrtUnrankedMemRef *sign,       \
      const TenrtUnrankedMemRef *logabsdet, int32_t threads);                  \
  void tenrtQr##Suffix(const TenrtUnrankedMemRef *input,                       \
                       const TenrtUnrankedMemRef *q,                           \
                       const TenrtUnrankedMemRef *r, int32_t threads);         \
  void tenrtEigh##Suffix(                                                      \
      const TenrtUnrankedMemRef *input, const TenrtUnrankedMemRef *values,     \
      const TenrtUnrankedMemRef *vectors, int32_t upper, int32_t threads);     \
  void tenrtEigvalsh##Suffix(const TenrtUnrankedMemRef *input,                 \
                             const TenrtUnrankedMemRef *values, int32_t upper, \
                             int32_t threads);                                 \
  void tenrtEig##Suffix(const TenrtUnrankedMemRef *input,                      \
                        const TenrtUnrankedMemRef *values,                     \
                        const TenrtUnrankedMemRef *vectors, int32_t threads);  \
  void tenrtEigvals##Suffix(const TenrtUnrankedMemRef *input,                  \
                            const TenrtUnrankedMemRef *values,                 \
                            int32_t threads);                                  \
  void tenrtSvd##Suffix(const TenrtUnrankedMemRef *input,                      \
                        const TenrtUnrankedMemRef *u,                          \
                        const TenrtUnrankedMemRef *s,                          \
                        const TenrtUnrankedMemRef *vh, int32_t threads);       \
  void tenrtSvdvals##Suffix(const TenrtUnrankedMemRef *input,                  \
                            const TenrtUnrankedMemRef *s, int32_t threads);
#include "ten/Runtime/Host/LinalgTypes.def"
}

#endif // TEN_RUNTIME_HOST_LINEARALGEBRA_H
