/*===- FakeCublasLt.c - a stand-in for cuBLASLt, on host memory ----------===//
 *
 * The entry points the runtime loads from libcublasLt: descriptors that
 * keep their attributes, and a matmul that computes on host memory with
 * cuBLASLt's column-major conventions (the layouts describe the stored
 * matrices, the op flags apply to them) and applies the bias and ReLU
 * epilogues, so that the runtime's translation of row-major GEMMs with an
 * epilogue is tested for its results on any machine. f32, f16 and bf16
 * operands are summed in f32. A matmul whose result has 13 rows fails with
 * CUBLAS_STATUS_EXECUTION_FAILED. With TEN_FAKE_CUDA_TRACE set, each
 * matmul is printed to stderr with its stream (FakeCudaDriver.c's handles:
 * 0x5000 + n is stream n).
 *
 *===----------------------------------------------------------------------===*/

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "FakeElementTypes.h"

enum { kSuccess = 0, kInvalidValue = 7, kExecutionFailed = 13 };

/* The attributes of cublasLt.h the runtime sets. */
enum {
  kDescTransA = 3,
  kDescTransB = 4,
  kDescEpilogue = 7,
  kDescBiasPointer = 8,
  kLayoutBatchCount = 5,
  kLayoutStridedBatchOffset = 6,
  kEpilogueDefault = 1,
  kEpilogueRelu = 2,
  kEpilogueBias = 4,
};

struct MatmulDesc {
  int computeType, scaleType;
  int32_t transa, transb;
  uint32_t epilogue;
  const void *bias;
};

struct Layout {
  int type;
  uint64_t rows, cols;
  int64_t ld, stride;
  int32_t batch;
};

static int handles;

int cublasLtCreate(void **handle) {
  *handle = &handles;
  ++handles;
  return kSuccess;
}

int cublasLtDestroy(void *handle) {
  (void)handle;
  --handles;
  return kSuccess;
}

int cublasLtMatmulDescCreate(void **desc, int computeType, int scaleType) {
  /* CUBLAS_COMPUTE_32F or _32F_FAST_TF32, CUDA_R_32F scale. */
  if ((computeType != 68 && computeType != 77) || scaleType != 0)
    return kInvalidValue;
  struct MatmulDesc *matmul = calloc(1, sizeof(struct MatmulDesc));
  matmul->computeType = computeType;
  matmul->scaleType = scaleType;
  matmul->epilogue = kEpilogueDefault;
  *desc = matmul;
  return kSuccess;
}

int cublasLtMatmulDescDestroy(void *desc) {
  free(desc);
  return kSuccess;
}

int cublasLtMatmulDescSetAttribute(void *desc, int attribute, const void *value,
                                   size_t bytes) {
  struct MatmulDesc *matmul = desc;
  void *field;
  size_t size;
  switch (attribute) {
  case kDescTransA:
    field = &matmul->transa, size = sizeof(matmul->transa);
    break;
  case kDescTransB:
    field = &matmul->transb, size = sizeof(matmul->transb);
    break;
  case kDescEpilogue:
    field = &matmul->epilogue, size = sizeof(matmul->epilogue);
    break;
  case kDescBiasPointer:
    field = &matmul->bias, size = sizeof(matmul->bias);
    break;
  default:
    return kInvalidValue;
  }
  if (bytes != size)
    return kInvalidValue;
  memcpy(field, value, size);
  return kSuccess;
}

int cublasLtMatrixLayoutCreate(void **layout, int type, uint64_t rows,
                               uint64_t cols, int64_t ld) {
  if ((type != 0 && type != 2 && type != 14) || ld < 1 || (uint64_t)ld < rows)
    return kInvalidValue;
  struct Layout *created = calloc(1, sizeof(struct Layout));
  created->type = type;
  created->rows = rows;
  created->cols = cols;
  created->ld = ld;
  created->batch = 1;
  *layout = created;
  return kSuccess;
}

int cublasLtMatrixLayoutDestroy(void *layout) {
  free(layout);
  return kSuccess;
}

int cublasLtMatrixLayoutSetAttribute(void *layout, int attribute,
                                     const void *value, size_t bytes) {
  struct Layout *matrix = layout;
  if (attribute == kLayoutBatchCount && bytes == sizeof(matrix->batch))
    memcpy(&matrix->batch, value, bytes);
  else if (attribute == kLayoutStridedBatchOffset &&
           bytes == sizeof(matrix->stride))
    memcpy(&matrix->stride, value, bytes);
  else
    return kInvalidValue;
  return kSuccess;
}

/* Element (row, col) of op(x), stored column-major as `layout` says. */
static float at(const void *x, const struct Layout *layout, int op,
                long long batch, long long row, long long col) {
  long long stored = op ? col + row * layout->ld : row + col * layout->ld;
  return load(x, layout->type, batch * layout->stride + stored);
}

int cublasLtMatmul(void *handle, void *desc, const void *alpha, const void *a,
                   void *aLayout, const void *b, void *bLayout,
                   const void *beta, const void *c, void *cLayout, void *d,
                   void *dLayout, const void *algo, void *workspace,
                   size_t workspaceBytes, void *stream) {
  (void)handle;
  (void)algo;
  (void)workspace;
  (void)workspaceBytes;
  const struct MatmulDesc *matmul = desc;
  const struct Layout *la = aLayout, *lb = bLayout, *lc = cLayout,
                      *ld = dLayout;
  long long m = matmul->transa ? la->cols : la->rows;
  long long k = matmul->transa ? la->rows : la->cols;
  long long kb = matmul->transb ? lb->cols : lb->rows;
  long long n = matmul->transb ? lb->rows : lb->cols;
  uint32_t bias = matmul->epilogue & kEpilogueBias;
  uint32_t relu = matmul->epilogue & kEpilogueRelu;
  if (k != kb || (long long)ld->rows != m || (long long)ld->cols != n ||
      lc->rows != ld->rows || lc->cols != ld->cols || la->type != lb->type ||
      (ld->type != la->type && ld->type != 0) || la->batch != ld->batch ||
      lb->batch != ld->batch ||
      (matmul->epilogue &
       ~(uint32_t)(kEpilogueDefault | kEpilogueRelu | kEpilogueBias)) ||
      (bias && !matmul->bias))
    return kInvalidValue;
  if (m == 13)
    return kExecutionFailed;
  if (getenv("TEN_FAKE_CUDA_TRACE"))
    fprintf(stderr, "fake-cuda: cublasLtMatmul epilogue %u stream %u\n",
            matmul->epilogue,
            stream ? (unsigned)((uintptr_t)stream - 0x5000) : 0);
  float scale = *(const float *)alpha, keep = *(const float *)beta;
  for (long long i = 0; i < ld->batch; ++i)
    for (long long col = 0; col < n; ++col)
      for (long long row = 0; row < m; ++row) {
        float sum = 0;
        for (long long p = 0; p < k; ++p)
          sum += at(a, la, matmul->transa, i, row, p) *
                 at(b, lb, matmul->transb, i, p, col);
        float value = scale * sum;
        if (keep != 0)
          value += keep * at(c, lc, 0, i, row, col);
        if (bias)
          value += load(matmul->bias, ld->type, row);
        if (relu && value < 0)
          value = 0;
        store(d, ld->type, i * ld->stride + row + col * ld->ld, value);
      }
  return kSuccess;
}
