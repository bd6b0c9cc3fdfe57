//===- Cublas.h - cuBLAS, loaded at run time --------------------*- C++ -*-===//
//
// GEMMs that ten-gpu-dispatch-gemm turns into runtime calls run on cuBLAS,
// which the runtime loads with dlopen like the driver: nothing links
// against it. ten's operands are row-major; cuBLAS's are column-major. A
// row-major matrix read column-major is its transpose, so the row-major
// C = op(A) op(B) is computed as the column-major C^T = op(B)^T op(A)^T:
// the operands swap places, keep their leading dimensions and op flags,
// and m and n swap. This layer has no MLIR or LLVM dependency.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_CUDA_CUBLAS_H
#define TEN_RUNTIME_CUDA_CUBLAS_H

#include <complex>
#include <cstdint>
#include <memory>
#include <string>

namespace ten {
namespace cuda {

/// A GEMM's element type, and how cuBLAS computes it: the `dtype` codes of
/// tenCudaGemmStridedBatched.
enum class GemmType : int32_t {
  /// cublasSgemmStridedBatched.
  F32 = 0,
  /// cublasDgemmStridedBatched.
  F64 = 1,
  /// cublasGemmStridedBatchedEx, f16 operands, products summed in f32.
  F16 = 2,
  /// cublasGemmStridedBatchedEx, bf16 operands, products summed in f32.
  BF16 = 3,
  /// cublasGemmStridedBatchedEx, f32 operands rounded to tf32 for the
  /// tensor cores, summed in f32 (fast, not f32-exact: on request only).
  F32ViaTF32 = 4,
  /// cublasGemmStridedBatchedEx, f16 operands, an f32 result.
  F16IntoF32 = 5,
  /// cublasGemmStridedBatchedEx, bf16 operands, an f32 result.
  BF16IntoF32 = 6,
  /// cublasCgemmStridedBatched: complex<f32> (cuComplex, the parts' pair).
  C64 = 7,
  /// cublasZgemmStridedBatched: complex<f64> (cuDoubleComplex).
  C128 = 8,
};

/// The cuBLAS entry point that runs a GEMM of `type`.
inline const char *getCublasCall(GemmType type) {
  switch (type) {
  case GemmType::F32:
    return "cublasSgemmStridedBatched";
  case GemmType::F64:
    return "cublasDgemmStridedBatched";
  case GemmType::C64:
    return "cublasCgemmStridedBatched";
  case GemmType::C128:
    return "cublasZgemmStridedBatched";
  default:
    return "cublasGemmStridedBatchedEx";
  }
}

/// A strided-batched GEMM as ten describes it: row-major operands, C[i] =
/// op(A[i]) op(B[i]) (+ C[i] when accumulating) for i < batch, where X[i]
/// starts `strideX * i` elements after X and its rows are `ldX` elements
/// apart. op(A) is m x k, op(B) is k x n; a transposed operand is stored as
/// the transpose of op(X).
struct RowMajorGemm {
  GemmType type = GemmType::F32;
  bool transposeA = false, transposeB = false;
  int64_t m = 0, n = 0, k = 0, batch = 1;
  const void *a = nullptr;
  int64_t lda = 0, strideA = 0;
  const void *b = nullptr;
  int64_t ldb = 0, strideB = 0;
  void *c = nullptr;
  int64_t ldc = 0, strideC = 0;
  bool accumulate = false;
};

/// The cudaDataType_t of a GEMM's operands and result, and the
/// cublasComputeType_t it sums in (library_types.h, cublas_api.h), for the
/// types cublasGemmStridedBatchedEx and cuBLASLt take (not F64).
struct GemmCudaTypes {
  int operands, result, compute;
};
GemmCudaTypes getGemmCudaTypes(GemmType type);

/// The RowMajorGemm that the arguments of the runtime's GEMM entry points
/// describe; false, with `error` naming `entryPoint`, when `dtype` is no
/// GemmType.
bool describeGemm(const char *entryPoint, int32_t dtype, int32_t transposeA,
                  int32_t transposeB, int64_t m, int64_t n, int64_t k,
                  int64_t batch, uint64_t a, int64_t lda, int64_t strideA,
                  uint64_t b, int64_t ldb, int64_t strideB, uint64_t c,
                  int64_t ldc, int64_t strideC, RowMajorGemm &gemm,
                  std::string &error);

/// Whether every size and leading dimension of `gemm` fits the int that
/// `library`'s entry points take; false, with `error` saying which GEMM,
/// otherwise.
bool fitsInt(const RowMajorGemm &gemm, const char *library, std::string &error);

/// The entry points of cuBLAS the runtime calls (cublas_api.h, CUDA 12 and
/// 13: the _v2 names of the handle functions).
class Cublas {
public:
  /// The library loaded when none is named: $TEN_CUBLAS, else the first of
  /// libcublas.so.13, libcublas.so.12, libcublas.so that loads.
  static std::string getDefaultLibrary();

  /// Loads `library` and resolves every entry point; null, with `error`
  /// set to one line, when it is missing or is not cuBLAS.
  static std::unique_ptr<Cublas> load(const std::string &library,
                                      std::string &error);

  ~Cublas();
  Cublas(const Cublas &) = delete;
  Cublas &operator=(const Cublas &) = delete;

  /// "cublasSgemmStridedBatched: CUBLAS_STATUS_INVALID_VALUE".
  static std::string describe(int status, const char *call);

  /// Runs `gemm` with `handle` (from cublasCreate) on the handle's stream;
  /// false, with `error` set, when cuBLAS refuses it or a size does not fit
  /// its 32-bit arguments.
  bool run(void *handle, const RowMajorGemm &gemm, std::string &error) const;

  // The library's functions (CublasSymbols.def).
#define TEN_CUDA_SYMBOL(member, symbol, Return, Parameters)                    \
  Return(*member) Parameters = nullptr;
#define TEN_CUDA_VERSIONED_SYMBOL(member, newer, older, Return, Parameters)    \
  Return(*member) Parameters = nullptr;
#define TEN_CUDA_OPTIONAL_SYMBOL(member, symbol, Return, Parameters)           \
  Return(*member) Parameters = nullptr;
#include "ten/Runtime/CUDA/CublasSymbols.def"

private:
  Cublas() = default;
  void *handle = nullptr;
};

} // namespace cuda
} // namespace ten

extern "C" {
/// The entry point that ten-gpu-dispatch-gemm's calls reach: `dtype` is a
/// GemmType; addresses are device addresses. The GEMM is enqueued on
/// `stream` (the host code's current stream), in order with the kernels
/// around it; nothing waits for it. A failure is recorded for tenCudaTakeError
/// (RuntimeWrappers.h) instead of aborting the process.
void tenCudaGemmStridedBatched(int32_t dtype, int32_t transposeA,
                               int32_t transposeB, int64_t m, int64_t n,
                               int64_t k, int64_t batch, uint64_t a,
                               int64_t lda, int64_t strideA, uint64_t b,
                               int64_t ldb, int64_t strideB, uint64_t c,
                               int64_t ldc, int64_t strideC, int32_t accumulate,
                               void *stream);
}

#endif // TEN_RUNTIME_CUDA_CUBLAS_H
