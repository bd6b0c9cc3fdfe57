//===- CublasLt.cpp - GEMMs with epilogues on cuBLASLt --------------------===//

#include "ten/Runtime/CUDA/CublasLt.h"

#include "ten/Runtime/Host/SharedLibrary.h"

#include "ten/Runtime/CUDA/Driver.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"

#include <algorithm>
#include <cstdlib>
#include <mutex>

using namespace ten::cuda;

// The values of cublasLt.h, library_types.h and cublas_api.h that the
// descriptors take.
namespace {
enum : int {
  kDescTransA = 3,
  kDescTransB = 4,
  kDescEpilogue = 7,
  kDescBiasPointer = 8,
  kLayoutBatchCount = 5,
  kLayoutStridedBatchOffset = 6,
  kEpilogueBias = 4,
  kEpilogueReluBias = 6,
  kScaleR32F = 0,
};
} // namespace

std::string CublasLt::getDefaultLibrary() {
  return findLibrary("TEN_CUBLASLT", {"libcublasLt.so.13", "libcublasLt.so.12",
                                      "libcublasLt.so"});
}

CublasLt::~CublasLt() {
  if (library)
    dlclose(library);
}

std::unique_ptr<CublasLt> CublasLt::load(const std::string &path,
                                         std::string &error) {
  void *library = openLibrary(path, "cuBLASLt", error);
  if (!library)
    return nullptr;
  std::unique_ptr<CublasLt> lt(new CublasLt());
  lt->library = library;
  auto resolve = [&](const char *name, auto &function) {
    return resolveSymbol(library, name, function, path, "cuBLASLt", error);
  };
  // Every entry point of CublasLtSymbols.def.
#define TEN_CUDA_SYMBOL(member, symbol, Return, Parameters)                    \
  if (!resolve(symbol, lt->member))                                            \
    return nullptr;
#include "ten/Runtime/CUDA/CublasLtSymbols.def"
  return lt;
}

namespace {
/// The descriptors of one matmul, destroyed with it.
struct MatmulDescriptors {
  const CublasLt &lt;
  void *matmul = nullptr;
  void *layouts[3] = {nullptr, nullptr, nullptr};
  ~MatmulDescriptors() {
    for (void *layout : layouts)
      if (layout)
        lt.cublasLtMatrixLayoutDestroy(layout);
    if (matmul)
      lt.cublasLtMatmulDescDestroy(matmul);
  }
};
} // namespace

bool CublasLt::run(void *handle, const RowMajorGemm &gemm,
                   GemmEpilogue epilogue, const void *bias, void *workspace,
                   size_t workspaceBytes, void *stream,
                   std::string &error) const {
  if (!fitsInt(gemm, "cuBLASLt", error))
    return false;
  if (gemm.accumulate || gemm.type == GemmType::F64 ||
      gemm.type == GemmType::C64 || gemm.type == GemmType::C128) {
    error = "cublasLtMatmul: ten runs no epilogue on an accumulating, f64 or "
            "complex GEMM";
    return false;
  }
  if (gemm.m == 0 || gemm.n == 0 || gemm.batch == 0)
    return true;

  GemmCudaTypes types = getGemmCudaTypes(gemm.type);
  auto check = [&](int status, const char *call) {
    if (status != 0)
      error = Cublas::describe(status, call);
    return status == 0;
  };

  // Column-major: C^T (n x m) = op(B)^T (n x k) op(A)^T (k x m). Each
  // layout is the stored matrix, before its op.
  MatmulDescriptors descriptors{*this};
  const int opB = gemm.transposeB ? 1 : 0, opA = gemm.transposeA ? 1 : 0;
  const uint32_t epilogueCode =
      epilogue == GemmEpilogue::BiasRelu ? kEpilogueReluBias : kEpilogueBias;
  if (!check(cublasLtMatmulDescCreate(&descriptors.matmul, types.compute,
                                      kScaleR32F),
             "cublasLtMatmulDescCreate") ||
      !check(cublasLtMatmulDescSetAttribute(descriptors.matmul, kDescTransA,
                                            &opB, sizeof(opB)),
             "cublasLtMatmulDescSetAttribute") ||
      !check(cublasLtMatmulDescSetAttribute(descriptors.matmul, kDescTransB,
                                            &opA, sizeof(opA)),
             "cublasLtMatmulDescSetAttribute") ||
      !check(cublasLtMatmulDescSetAttribute(descriptors.matmul, kDescEpilogue,
                                            &epilogueCode,
                                            sizeof(epilogueCode)),
             "cublasLtMatmulDescSetAttribute") ||
      !check(cublasLtMatmulDescSetAttribute(
                 descriptors.matmul, kDescBiasPointer, &bias, sizeof(bias)),
             "cublasLtMatmulDescSetAttribute"))
    return false;

  // cuBLASLt wants leading dimensions of at least the rows even where a
  // matrix is empty.
  struct Layout {
    int type;
    int64_t rows, cols, ld, stride;
  };
  auto ld = [](int64_t value, int64_t rows) {
    return std::max<int64_t>({value, rows, 1});
  };
  int64_t rowsB = gemm.transposeB ? gemm.k : gemm.n;
  int64_t rowsA = gemm.transposeA ? gemm.m : gemm.k;
  const Layout layouts[3] = {
      {types.operands, rowsB, gemm.transposeB ? gemm.n : gemm.k,
       ld(gemm.ldb, rowsB), gemm.strideB},
      {types.operands, rowsA, gemm.transposeA ? gemm.k : gemm.m,
       ld(gemm.lda, rowsA), gemm.strideA},
      {types.result, gemm.n, gemm.m, ld(gemm.ldc, gemm.n), gemm.strideC}};
  const int32_t batch = static_cast<int32_t>(gemm.batch);
  for (int i = 0; i < 3; ++i) {
    const Layout &layout = layouts[i];
    if (!check(cublasLtMatrixLayoutCreate(&descriptors.layouts[i], layout.type,
                                          layout.rows, layout.cols, layout.ld),
               "cublasLtMatrixLayoutCreate"))
      return false;
    if (batch > 1 &&
        (!check(cublasLtMatrixLayoutSetAttribute(descriptors.layouts[i],
                                                 kLayoutBatchCount, &batch,
                                                 sizeof(batch)),
                "cublasLtMatrixLayoutSetAttribute") ||
         !check(cublasLtMatrixLayoutSetAttribute(
                    descriptors.layouts[i], kLayoutStridedBatchOffset,
                    &layout.stride, sizeof(layout.stride)),
                "cublasLtMatrixLayoutSetAttribute")))
      return false;
  }

  // alpha and beta in the f32 scale type; C is not read (beta 0) and is D.
  const float alpha = 1.0f, beta = 0.0f;
  return check(cublasLtMatmul(handle, descriptors.matmul, &alpha, gemm.b,
                              descriptors.layouts[0], gemm.a,
                              descriptors.layouts[1], &beta, gemm.c,
                              descriptors.layouts[2], gemm.c,
                              descriptors.layouts[2], /*algo=*/nullptr,
                              workspace, workspaceBytes, stream),
               "cublasLtMatmul");
}

namespace {
/// The process's cuBLASLt and its handle, made at the first GEMM with an
/// epilogue.
struct EpilogueRuntime {
  const Driver *driver = nullptr;
  std::unique_ptr<CublasLt> lt;
  void *handle = nullptr;
  std::string error;
  std::mutex mutex;
};
} // namespace

/// Scratch memory for cuBLASLt's algorithms: with none, it may pick slower
/// ones (NVIDIA's cuBLAS guide suggests 32 MiB for Hopper). Each GEMM takes
/// it from the stream-ordered pool on its own stream and gives it back
/// after (the pool keeps it for the next): GEMMs on other streams never
/// share it, and nothing outlives the run.
constexpr size_t kWorkspaceBytes = size_t(32) << 20;

static EpilogueRuntime &getEpilogueRuntime() {
  static EpilogueRuntime runtime;
  static std::once_flag once;
  std::call_once(once, [] {
    runtime.driver = Driver::get(runtime.error);
    if (!runtime.driver)
      return;
    runtime.lt = CublasLt::load(CublasLt::getDefaultLibrary(), runtime.error);
    if (!runtime.lt)
      return;
    if (int status = runtime.lt->cublasLtCreate(&runtime.handle)) {
      runtime.error = Cublas::describe(status, "cublasLtCreate");
      runtime.lt.reset();
    }
  });
  return runtime;
}

extern "C" void
tenCudaGemmEpilogue(int32_t dtype, int32_t transposeA, int32_t transposeB,
                    int64_t m, int64_t n, int64_t k, int64_t batch, uint64_t a,
                    int64_t lda, int64_t strideA, uint64_t b, int64_t ldb,
                    int64_t strideB, uint64_t c, int64_t ldc, int64_t strideC,
                    int32_t epilogue, uint64_t bias, void *stream) {
  if (hasError())
    return;
  EpilogueRuntime &runtime = getEpilogueRuntime();
  if (!runtime.lt) {
    recordError(runtime.error);
    return;
  }
  if (epilogue != static_cast<int32_t>(GemmEpilogue::Bias) &&
      epilogue != static_cast<int32_t>(GemmEpilogue::BiasRelu)) {
    recordError("tenCudaGemmEpilogue: no epilogue " + std::to_string(epilogue));
    return;
  }
  RowMajorGemm gemm;
  std::string error;
  if (!describeGemm("tenCudaGemmEpilogue", dtype, transposeA, transposeB, m, n,
                    k, batch, a, lda, strideA, b, ldb, strideB, c, ldc, strideC,
                    gemm, error)) {
    recordError(error);
    return;
  }
  CUdeviceptr workspace = 0;
  const Driver &driver = *runtime.driver;
  if (!driver.cuMemAllocAsync ||
      driver.cuMemAllocAsync(&workspace, kWorkspaceBytes, stream) != kSuccess)
    workspace = 0;
  {
    std::lock_guard<std::mutex> lock(runtime.mutex);
    if (!runtime.lt->run(runtime.handle, gemm,
                         static_cast<GemmEpilogue>(epilogue),
                         reinterpret_cast<const void *>(bias),
                         reinterpret_cast<void *>(workspace),
                         workspace ? kWorkspaceBytes : 0, stream, error))
      recordError(error);
  }
  if (workspace)
    (void)driver.cuMemFreeAsync(workspace, stream);
}
