//===- CublasLt.h - GEMMs with epilogues on cuBLASLt ------------*- C++ -*-===//
//
// A GEMM whose result gets a bias added along its rows, and optionally a
// ReLU, runs as one cublasLtMatmul with the bias (and ReLU) epilogue: the
// product is written once, with the epilogue applied, instead of a GEMM and
// an elementwise kernel that reads it back. cuBLASLt is loaded with dlopen
// at the first such GEMM, like cuBLAS. The operands are row-major, as for
// cuBLAS (Cublas.h): the column-major product computed is C^T = op(B)^T
// op(A)^T, whose rows are C's columns, so a bias along C's columns is
// cuBLASLt's bias along the rows of its result. This layer has no MLIR or
// LLVM dependency.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_CUDA_CUBLASLT_H
#define TEN_RUNTIME_CUDA_CUBLASLT_H

#include "ten/Runtime/CUDA/Cublas.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace ten {
namespace cuda {

/// What a GEMM's epilogue applies to each element of the product: the
/// `epilogue` codes of tenCudaGemmEpilogue.
enum class GemmEpilogue : int32_t {
  /// C[.., i, j] = product + bias[j].
  Bias = 1,
  /// C[.., i, j] = max(product + bias[j], 0).
  BiasRelu = 2,
};

/// The entry points of cuBLASLt the runtime calls (cublasLt.h, CUDA 12 and
/// 13), and the descriptors of one matmul built from a RowMajorGemm.
class CublasLt {
public:
  /// The library loaded when none is named: $TEN_CUBLASLT, else the first
  /// of libcublasLt.so.13, libcublasLt.so.12, libcublasLt.so that loads.
  static std::string getDefaultLibrary();

  /// Loads `library` and resolves every entry point; null, with `error`
  /// set to one line, when it is missing or is not cuBLASLt.
  static std::unique_ptr<CublasLt> load(const std::string &library,
                                        std::string &error);

  ~CublasLt();
  CublasLt(const CublasLt &) = delete;
  CublasLt &operator=(const CublasLt &) = delete;

  /// Runs `gemm` (not accumulating; f32, tf32, f16 or bf16 operands into
  /// f32, or f16/bf16 into themselves) with `epilogue` and the bias `bias`,
  /// `gemm.n` elements of the result's type, shared by every batch, with
  /// `handle` (from cublasLtCreate) on `stream`; `workspace` is scratch
  /// device memory of `workspaceBytes` (may be null and 0). False, with
  /// `error` set, when cuBLASLt refuses it or a size does not fit.
  bool run(void *handle, const RowMajorGemm &gemm, GemmEpilogue epilogue,
           const void *bias, void *workspace, size_t workspaceBytes,
           void *stream, std::string &error) const;

  // The library's functions (CublasLtSymbols.def).
#define TEN_CUDA_SYMBOL(member, symbol, Return, Parameters)                    \
  Return(*member) Parameters = nullptr;
#define TEN_CUDA_VERSIONED_SYMBOL(member, newer, older, Return, Parameters)    \
  Return(*member) Parameters = nullptr;
#define TEN_CUDA_OPTIONAL_SYMBOL(member, symbol, Return, Parameters)           \
  Return(*member) Parameters = nullptr;
#include "ten/Runtime/CUDA/CublasLtSymbols.def"

private:
  CublasLt() = default;
  void *library = nullptr;
};

} // namespace cuda
} // namespace ten

extern "C" {
/// The entry point of ten-gpu-dispatch-gemm's GEMMs with an epilogue: the
/// arguments of tenCudaGemmStridedBatched (the GEMM never accumulates),
/// then `epilogue`, a GemmEpilogue, and `bias`, the device address of the
/// bias vector. Enqueued on `stream`; a failure is recorded for
/// tenCudaTakeError.
void tenCudaGemmEpilogue(int32_t dtype, int32_t transposeA, int32_t transposeB,
                         int64_t m, int64_t n, int64_t k, int64_t batch,
                         uint64_t a, int64_t lda, int64_t strideA, uint64_t b,
                         int64_t ldb, int64_t strideB, uint64_t c, int64_t ldc,
                         int64_t strideC, int32_t epilogue, uint64_t bias,
                         void *stream);
}

#endif // TEN_RUNTIME_CUDA_CUBLASLT_H
