//===- DenseLinearAlgebra.h - ten.linalg on cuSOLVER ------------*- C++ -*-===//
//
// The dense linear algebra of ten.linalg on the CUDA target: each entry
// point runs one cuSOLVER routine (Cusolver.h, loaded on first use) on
// every matrix of a batch in device memory, enqueued on the thread's
// current stream. Unlike the host runtime's (LinearAlgebra.h), these speak
// cuSOLVER's column-major language: a buffer (batch..., c, r), row-major
// and contiguous, holds column-major r x c matrices, and the compiler
// transposes, masks and conjugates around the calls with kernels of its
// own (TenToLinalg's LinearAlgebra.cpp). The inputs are never written: a
// routine that factors in place does so in its result or in scratch
// memory of the run. Errors that cuSOLVER reports through `info` (a
// singular matrix, one not positive definite, no convergence) are copied
// back, which waits for the stream, and become the run's failure with
// NumPy's message and the matrix's index, as on the host. Plain C++: no
// MLIR, no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_CUDA_DENSELINEARALGEBRA_H
#define TEN_RUNTIME_CUDA_DENSELINEARALGEBRA_H

#include "ten/Runtime/Host/UnrankedMemRef.h"

#include <complex>
#include <cstdint>

extern "C" {
/// Entry points per element type (LinalgTypes.def), called by their C
/// interface names, _mlir_ciface_<name> (EntryPoints.def). Below, A is a
/// column-major matrix of `input`, and `fill` says which of its triangles a
/// routine reads: 0 the lower, 1 the upper (cublasFillMode_t).
///
/// tenCudaCholesky: `factor` = the Cholesky factor of each A from its
/// `fill` triangle (potrf), the other triangle left as A had it. A NaN
/// pivot carries NaN through the rest of the factor, as NumPy's does.
/// tenCudaLu: `lu` and `pivots` (int32, 1-based) = the LU factorization
/// of each A with partial pivoting (getrf); a singular A is no error.
/// tenCudaSolve: `x` (n x k) = the solution of A X = B (getrf, getrs).
/// tenCudaInverse: `x` = the solution of A^T X = B: for B = I, A^-T,
/// which read row-major is A^-1.
/// tenCudaGeqrf: `factors` and `tau` = the Householder QR factorization
/// of each m x n A (geqrf); tenCudaOrgqr: `q` (m x p) = the first p
/// columns of the Q those factors describe (orgqr, ungqr), p being
/// min(m, n) or m.
/// tenCudaEigh: the eigenvalues `values` (ascending) of each Hermitian A
/// and its eigenvectors, the columns of `vectors` (syevd, heevd);
/// tenCudaEigvalsh: the values alone.
/// tenCudaEig: the eigenvalues `values` (complex) of each general A and its
/// right eigenvectors, the columns of `vectors` (geev), in LAPACK's form:
/// complex for a complex A; for a real A real, a conjugate pair's two
/// columns the real and imaginary parts of the first's vector. An infinite
/// or NaN element of `input` fails the run before any matrix is
/// decomposed, as NumPy's does. tenCudaEigvals: the values alone.
/// tenCudaSvd: the singular values `s` (descending) of each m x n A = U S
/// V^H, and U (m x p) and V (n x q) (gesvdj), p and q being min(m, n) or
/// m and n; tenCudaSvdvals: the values alone.
#define TEN_LINALG_TYPE(Suffix, Type, letter)                                  \
  void tenCudaCholesky##Suffix(const TenrtUnrankedMemRef *input,               \
                               const TenrtUnrankedMemRef *factor,              \
                               int32_t fill);                                  \
  void tenCudaLu##Suffix(const TenrtUnrankedMemRef *input,                     \
                         const TenrtUnrankedMemRef *lu,                        \
                         const TenrtUnrankedMemRef *pivots);                   \
  void tenCudaSolve##Suffix(const TenrtUnrankedMemRef *a,                      \
                            const TenrtUnrankedMemRef *b,                      \
                            const TenrtUnrankedMemRef *x);                     \
  void tenCudaInverse##Suffix(const TenrtUnrankedMemRef *a,                    \
                              const TenrtUnrankedMemRef *b,                    \
                              const TenrtUnrankedMemRef *x);                   \
  void tenCudaGeqrf##Suffix(const TenrtUnrankedMemRef *input,                  \
                            const TenrtUnrankedMemRef *factors,                \
                            const TenrtUnrankedMemRef *tau);                   \
  void tenCudaOrgqr##Suffix(const TenrtUnrankedMemRef *factors,                \
                            const TenrtUnrankedMemRef *tau,                    \
                            const TenrtUnrankedMemRef *q);                     \
  void tenCudaEigh##Suffix(const TenrtUnrankedMemRef *input,                   \
                           const TenrtUnrankedMemRef *values,                  \
                           const TenrtUnrankedMemRef *vectors, int32_t fill);  \
  void tenCudaEigvalsh##Suffix(const TenrtUnrankedMemRef *input,               \
                               const TenrtUnrankedMemRef *values,              \
                               int32_t fill);                                  \
  void tenCudaEig##Suffix(const TenrtUnrankedMemRef *input,                    \
                          const TenrtUnrankedMemRef *values,                   \
                          const TenrtUnrankedMemRef *vectors);                 \
  void tenCudaEigvals##Suffix(const TenrtUnrankedMemRef *input,                \
                              const TenrtUnrankedMemRef *values);              \
  void tenCudaSvd##Suffix(                                                     \
      const TenrtUnrankedMemRef *input, const TenrtUnrankedMemRef *s,          \
      const TenrtUnrankedMemRef *u, const TenrtUnrankedMemRef *v);             \
  void tenCudaSvdvals##Suffix(const TenrtUnrankedMemRef *input,                \
                              const TenrtUnrankedMemRef *s);
#include "ten/Runtime/Host/LinalgTypes.def"
}

#endif // TEN_RUNTIME_CUDA_DENSELINEARALGEBRA_H
