//===- Cublas.cpp - cuBLAS, loaded at run time ----------------------------===//

#include "ten/Runtime/CUDA/Cublas.h"

#include "ten/Runtime/Host/SharedLibrary.h"

#include "ten/Runtime/CUDA/Driver.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"

#include <climits>
#include <cstdlib>
#include <mutex>

using namespace ten::cuda;

GemmCudaTypes ten::cuda::getGemmCudaTypes(GemmType type) {
  // cudaDataType_t: CUDA_R_32F, CUDA_R_16F, CUDA_R_16BF; cublasComputeType_t:
  // CUBLAS_COMPUTE_32F, CUBLAS_COMPUTE_32F_FAST_TF32.
  const int kR32F = 0, kR16F = 2, kR16BF = 14;
  const int kCompute32F = 68, kCompute32FFastTF32 = 77;
  bool isF16 = type == GemmType::F16 || type == GemmType::F16IntoF32;
  bool isBF16 = type == GemmType::BF16 || type == GemmType::BF16IntoF32;
  GemmCudaTypes types;
  types.operands = isF16 ? kR16F : isBF16 ? kR16BF : kR32F;
  types.result = type == GemmType::F16    ? kR16F
                 : type == GemmType::BF16 ? kR16BF
                                          : kR32F;
  types.compute =
      type == GemmType::F32ViaTF32 ? kCompute32FFastTF32 : kCompute32F;
  return types;
}

bool ten::cuda::describeGemm(const char *entryPoint, int32_t dtype,
                             int32_t transposeA, int32_t transposeB, int64_t m,
                             int64_t n, int64_t k, int64_t batch, uint64_t a,
                             int64_t lda, int64_t strideA, uint64_t b,
                             int64_t ldb, int64_t strideB, uint64_t c,
                             int64_t ldc, int64_t strideC, RowMajorGemm &gemm,
                             std::string &error) {
  if (dtype < 0 || dtype > static_cast<int32_t>(GemmType::C128)) {
    error = std::string(entryPoint) + ": no GEMM type " + std::to_string(dtype);
    return false;
  }
  gemm.type = static_cast<GemmType>(dtype);
  gemm.transposeA = transposeA != 0;
  gemm.transposeB = transposeB != 0;
  gemm.m = m;
  gemm.n = n;
  gemm.k = k;
  gemm.batch = batch;
  gemm.a = reinterpret_cast<const void *>(a);
  gemm.lda = lda;
  gemm.strideA = strideA;
  gemm.b = reinterpret_cast<const void *>(b);
  gemm.ldb = ldb;
  gemm.strideB = strideB;
  gemm.c = reinterpret_cast<void *>(c);
  gemm.ldc = ldc;
  gemm.strideC = strideC;
  return true;
}

bool ten::cuda::fitsInt(const RowMajorGemm &gemm, const char *library,
                        std::string &error) {
  for (int64_t value :
       {gemm.m, gemm.n, gemm.k, gemm.batch, gemm.lda, gemm.ldb, gemm.ldc}) {
    if (value < 0 || value > INT_MAX) {
      error = "GEMM of " + std::to_string(gemm.m) + "x" +
              std::to_string(gemm.n) + "x" + std::to_string(gemm.k) +
              " (batch " + std::to_string(gemm.batch) +
              "): a size or leading dimension does not fit " + library +
              "'s int";
      return false;
    }
  }
  return true;
}

std::string Cublas::getDefaultLibrary() {
  return findLibrary("TEN_CUBLAS",
                     {"libcublas.so.13", "libcublas.so.12", "libcublas.so"});
}

Cublas::~Cublas() {
  if (handle)
    dlclose(handle);
}

std::unique_ptr<Cublas> Cublas::load(const std::string &library,
                                     std::string &error) {
  void *handle = openLibrary(library, "cuBLAS", error);
  if (!handle)
    return nullptr;
  std::unique_ptr<Cublas> cublas(new Cublas());
  cublas->handle = handle;
  auto resolve = [&](const char *name, auto &function) {
    return resolveSymbol(handle, name, function, library, "cuBLAS", error);
  };
  // Every entry point of CublasSymbols.def.
#define TEN_CUDA_SYMBOL(member, symbol, Return, Parameters)                    \
  if (!resolve(symbol, cublas->member))                                        \
    return nullptr;
#include "ten/Runtime/CUDA/CublasSymbols.def"
  return cublas;
}

std::string Cublas::describe(int status, const char *call) {
  // The cublasStatus_t values of cublas_api.h.
  const char *name = nullptr;
  switch (status) {
  case 1:
    name = "CUBLAS_STATUS_NOT_INITIALIZED";
    break;
  case 3:
    name = "CUBLAS_STATUS_ALLOC_FAILED";
    break;
  case 7:
    name = "CUBLAS_STATUS_INVALID_VALUE";
    break;
  case 8:
    name = "CUBLAS_STATUS_ARCH_MISMATCH";
    break;
  case 11:
    name = "CUBLAS_STATUS_MAPPING_ERROR";
    break;
  case 13:
    name = "CUBLAS_STATUS_EXECUTION_FAILED";
    break;
  case 14:
    name = "CUBLAS_STATUS_INTERNAL_ERROR";
    break;
  case 15:
    name = "CUBLAS_STATUS_NOT_SUPPORTED";
    break;
  case 16:
    name = "CUBLAS_STATUS_LICENSE_ERROR";
    break;
  default:
    break;
  }
  return std::string(call) + ": " +
         (name ? name : "cuBLAS status " + std::to_string(status));
}

bool Cublas::run(void *cublasHandle, const RowMajorGemm &gemm,
                 std::string &error) const {
  if (!fitsInt(gemm, "cuBLAS", error))
    return false;
  if (gemm.m == 0 || gemm.n == 0 || gemm.batch == 0)
    return true;
  // Column-major: C^T (n x m) = op(B)^T (n x k) op(A)^T (k x m).
  const int opB = gemm.transposeB ? 1 : 0, opA = gemm.transposeA ? 1 : 0;
  // cuBLAS wants leading dimensions of at least 1 even where unused.
  auto ld = [](int64_t value) { return static_cast<int>(value ? value : 1); };
  int status;
  const char *call = getCublasCall(gemm.type);
  const int n = static_cast<int>(gemm.n), m = static_cast<int>(gemm.m),
            k = static_cast<int>(gemm.k), batch = static_cast<int>(gemm.batch);
  if (gemm.type == GemmType::F64) {
    const double alpha = 1.0, beta = gemm.accumulate ? 1.0 : 0.0;
    status = cublasDgemmStridedBatched(
        cublasHandle, opB, opA, n, m, k, &alpha,
        static_cast<const double *>(gemm.b), ld(gemm.ldb), gemm.strideB,
        static_cast<const double *>(gemm.a), ld(gemm.lda), gemm.strideA, &beta,
        static_cast<double *>(gemm.c), ld(gemm.ldc), gemm.strideC, batch);
  } else if (gemm.type == GemmType::F32) {
    const float alpha = 1.0f, beta = gemm.accumulate ? 1.0f : 0.0f;
    status = cublasSgemmStridedBatched(
        cublasHandle, opB, opA, n, m, k, &alpha,
        static_cast<const float *>(gemm.b), ld(gemm.ldb), gemm.strideB,
        static_cast<const float *>(gemm.a), ld(gemm.lda), gemm.strideA, &beta,
        static_cast<float *>(gemm.c), ld(gemm.ldc), gemm.strideC, batch);
  } else if (gemm.type == GemmType::C64) {
    using C64 = std::complex<float>;
    const C64 alpha = 1.0f, beta = gemm.accumulate ? 1.0f : 0.0f;
    status = cublasCgemmStridedBatched(
        cublasHandle, opB, opA, n, m, k, &alpha,
        static_cast<const C64 *>(gemm.b), ld(gemm.ldb), gemm.strideB,
        static_cast<const C64 *>(gemm.a), ld(gemm.lda), gemm.strideA, &beta,
        static_cast<C64 *>(gemm.c), ld(gemm.ldc), gemm.strideC, batch);
  } else if (gemm.type == GemmType::C128) {
    using C128 = std::complex<double>;
    const C128 alpha = 1.0, beta = gemm.accumulate ? 1.0 : 0.0;
    status = cublasZgemmStridedBatched(
        cublasHandle, opB, opA, n, m, k, &alpha,
        static_cast<const C128 *>(gemm.b), ld(gemm.ldb), gemm.strideB,
        static_cast<const C128 *>(gemm.a), ld(gemm.lda), gemm.strideA, &beta,
        static_cast<C128 *>(gemm.c), ld(gemm.ldc), gemm.strideC, batch);
  } else {
    // alpha and beta are f32, as the f32 compute type wants.
    GemmCudaTypes types = getGemmCudaTypes(gemm.type);
    const int kGemmDefault = -1;
    const float alpha = 1.0f, beta = gemm.accumulate ? 1.0f : 0.0f;
    status = cublasGemmStridedBatchedEx(
        cublasHandle, opB, opA, n, m, k, &alpha, gemm.b, types.operands,
        ld(gemm.ldb), gemm.strideB, gemm.a, types.operands, ld(gemm.lda),
        gemm.strideA, &beta, gemm.c, types.result, ld(gemm.ldc), gemm.strideC,
        batch, types.compute, kGemmDefault);
  }
  if (status != 0) {
    error = describe(status, call);
    return false;
  }
  return true;
}

namespace {
/// The process's cuBLAS and its handle, made at the first GEMM.
struct GemmRuntime {
  std::unique_ptr<Cublas> cublas;
  void *handle = nullptr;
  const Driver *driver = nullptr;
  std::string error;
  std::mutex mutex;
};
} // namespace

static GemmRuntime &getGemmRuntime() {
  static GemmRuntime runtime;
  static std::once_flag once;
  std::call_once(once, [] {
    runtime.driver = Driver::get(runtime.error);
    if (!runtime.driver)
      return;
    runtime.cublas = Cublas::load(Cublas::getDefaultLibrary(), runtime.error);
    if (!runtime.cublas)
      return;
    if (int status = runtime.cublas->cublasCreate(&runtime.handle)) {
      runtime.error = Cublas::describe(status, "cublasCreate");
      runtime.cublas.reset();
    }
  });
  return runtime;
}

extern "C" void
tenCudaGemmStridedBatched(int32_t dtype, int32_t transposeA, int32_t transposeB,
                          int64_t m, int64_t n, int64_t k, int64_t batch,
                          uint64_t a, int64_t lda, int64_t strideA, uint64_t b,
                          int64_t ldb, int64_t strideB, uint64_t c, int64_t ldc,
                          int64_t strideC, int32_t accumulate, void *stream) {
  if (hasError())
    return;
  GemmRuntime &runtime = getGemmRuntime();
  if (!runtime.cublas) {
    recordError(runtime.error);
    return;
  }
  RowMajorGemm gemm;
  std::string error;
  if (!describeGemm("tenCudaGemmStridedBatched", dtype, transposeA, transposeB,
                    m, n, k, batch, a, lda, strideA, b, ldb, strideB, c, ldc,
                    strideC, gemm, error)) {
    recordError(error);
    return;
  }
  gemm.accumulate = accumulate != 0;
  // Enqueued on the caller's stream, in order with its kernels: nothing
  // waits for it here. The handle is the process's: its stream is set and
  // used under one lock.
  std::lock_guard<std::mutex> lock(runtime.mutex);
  if (int status = runtime.cublas->cublasSetStream(runtime.handle, stream)) {
    recordError(Cublas::describe(status, "cublasSetStream"));
    return;
  }
  if (!runtime.cublas->run(runtime.handle, gemm, error))
    recordError(error);
}
