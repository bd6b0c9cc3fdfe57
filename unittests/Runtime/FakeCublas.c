/*===- FakeCublas.c - a stand-in for cuBLAS, on host memory ---------------===//
 *
 * The entry points the runtime loads from libcublas (S, D, C and Z GEMMs),
 * computing on host memory with cuBLAS's column-major conventions, so that
 * the runtime's translation of row-major GEMMs is tested for its results on
 * any machine.
 * cublasGemmStridedBatchedEx takes f32, f16 and bf16 operands and sums in
 * f32. A GEMM with m == 13 fails with CUBLAS_STATUS_EXECUTION_FAILED. With
 * TEN_FAKE_CUDA_TRACE set, each GEMM is printed to stderr with the stream it
 * was enqueued on (FakeCudaDriver.c's handles: 0x5000 + n is stream n) and
 * its shape.
 *
 *===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "FakeElementTypes.h"

enum { kSuccess = 0, kInvalidValue = 7, kExecutionFailed = 13 };

static int handles;
static void *handleStream;

/* A GEMM's call, stream and shape (column-major m x n, k summed). */
static void trace(const char *call, int m, int n, int k) {
  if (getenv("TEN_FAKE_CUDA_TRACE"))
    fprintf(stderr, "fake-cuda: %s stream %u m %d n %d k %d\n", call,
            handleStream ? (unsigned)((uintptr_t)handleStream - 0x5000) : 0, m,
            n, k);
}

int cublasCreate_v2(void **handle) {
  *handle = &handles;
  ++handles;
  return kSuccess;
}

int cublasDestroy_v2(void *handle) {
  (void)handle;
  --handles;
  return kSuccess;
}

int cublasSetStream_v2(void *handle, void *stream) {
  (void)handle;
  handleStream = stream;
  return kSuccess;
}

/* Element (row, col) of column-major `x` (leading dimension ld) under op. */
#define AT(x, ld, op, row, col)                                                \
  ((op) ? (x)[(row) * (long long)(ld) + (col)]                                 \
        : (x)[(col) * (long long)(ld) + (row)])

#define DEFINE_GEMM(name, T)                                                   \
  int name(void *handle, int transa, int transb, int m, int n, int k,          \
           const T *alpha, const T *a, int lda, long long strideA, const T *b, \
           int ldb, long long strideB, const T *beta, T *c, int ldc,           \
           long long strideC, int batch) {                                     \
    (void)handle;                                                              \
    if (m < 0 || n < 0 || k < 0 || batch < 0 || transa > 1 || transb > 1 ||    \
        lda < (transa ? k : m) || ldb < (transb ? n : k) || ldc < m)           \
      return kInvalidValue;                                                    \
    if (m == 13)                                                               \
      return kExecutionFailed;                                                 \
    trace(#name, m, n, k);                                                     \
    for (int i = 0; i < batch; ++i) {                                          \
      const T *ai = a + i * strideA, *bi = b + i * strideB;                    \
      T *ci = c + i * strideC;                                                 \
      for (int col = 0; col < n; ++col)                                        \
        for (int row = 0; row < m; ++row) {                                    \
          T sum = 0;                                                           \
          for (int p = 0; p < k; ++p)                                          \
            sum += AT(ai, lda, transa, row, p) * AT(bi, ldb, transb, p, col);  \
          T *out = &ci[col * (long long)ldc + row];                            \
          *out = *alpha * sum + (*beta != 0 ? *beta * *out : 0);               \
        }                                                                      \
    }                                                                          \
    return kSuccess;                                                           \
  }

DEFINE_GEMM(cublasSgemmStridedBatched, float)
DEFINE_GEMM(cublasDgemmStridedBatched, double)
/* cuComplex and cuDoubleComplex have the layout of C's complex types. */
DEFINE_GEMM(cublasCgemmStridedBatched, float _Complex)
DEFINE_GEMM(cublasZgemmStridedBatched, double _Complex)

/* f32, f16 and bf16 operands of one type, summed in f32, into their type
   or f32 (compute types CUBLAS_COMPUTE_32F and _32F_FAST_TF32; the fake
   does not round to tf32). */
int cublasGemmStridedBatchedEx(void *handle, int transa, int transb, int m,
                               int n, int k, const void *alpha, const void *a,
                               int aType, int lda, long long strideA,
                               const void *b, int bType, int ldb,
                               long long strideB, const void *beta, void *c,
                               int cType, int ldc, long long strideC, int batch,
                               int computeType, int algorithm) {
  (void)handle;
  (void)algorithm;
  if (m < 0 || n < 0 || k < 0 || batch < 0 || transa > 1 || transb > 1 ||
      lda < (transa ? k : m) || ldb < (transb ? n : k) || ldc < m ||
      aType != bType || (aType != 0 && aType != 2 && aType != 14) ||
      (cType != aType && cType != 0) ||
      (computeType != 68 && computeType != 77))
    return kInvalidValue;
  if (m == 13)
    return kExecutionFailed;
  trace("cublasGemmStridedBatchedEx", m, n, k);
  float scale = *(const float *)alpha, keep = *(const float *)beta;
  for (int i = 0; i < batch; ++i)
    for (int col = 0; col < n; ++col)
      for (int row = 0; row < m; ++row) {
        float sum = 0;
        for (int p = 0; p < k; ++p) {
          long long at =
              transa ? row * (long long)lda + p : p * (long long)lda + row;
          long long bt =
              transb ? p * (long long)ldb + col : col * (long long)ldb + p;
          sum += load(a, aType, i * strideA + at) *
                 load(b, bType, i * strideB + bt);
        }
        long long out = i * strideC + col * (long long)ldc + row;
        store(c, cType, out,
              scale * sum + (keep != 0 ? keep * load(c, cType, out) : 0));
      }
  return kSuccess;
}
