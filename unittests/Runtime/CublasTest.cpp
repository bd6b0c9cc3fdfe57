//===- CublasTest.cpp - row-major GEMMs on cuBLAS -------------------------===//
//
// The runtime's GEMM against a fake cuBLAS (FakeCublas.c) that computes on
// host memory with cuBLAS's column-major conventions: every row-major form
// ten-gpu-dispatch-gemm emits (transposes, batches, a shared operand, row
// padding, accumulation, f64, complex, f16, bf16, tf32) must give the
// row-major product. Also the loader's and the status's messages.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/CUDA/Cublas.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"

#include "GemmShape.h"

#include "gtest/gtest.h"

#include <complex>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <vector>

using namespace ten::cuda;

namespace {

/// The row-major reference: C[i] = op(A[i]) op(B[i]) (+ C[i]).
template <typename T>
std::vector<T> reference(const RowMajorGemm &g, const std::vector<T> &a,
                         const std::vector<T> &b, std::vector<T> c) {
  for (int64_t batch = 0; batch < g.batch; ++batch)
    for (int64_t i = 0; i < g.m; ++i)
      for (int64_t j = 0; j < g.n; ++j) {
        T sum = 0;
        for (int64_t p = 0; p < g.k; ++p) {
          T x = g.transposeA ? a[batch * g.strideA + p * g.lda + i]
                             : a[batch * g.strideA + i * g.lda + p];
          T y = g.transposeB ? b[batch * g.strideB + j * g.ldb + p]
                             : b[batch * g.strideB + p * g.ldb + j];
          sum += x * y;
        }
        T &out = c[batch * g.strideC + i * g.ldc + j];
        out = sum + (g.accumulate ? out : T(0));
      }
  return c;
}

template <typename T>
std::vector<T> iota(size_t size, T start) {
  std::vector<T> values(size);
  for (size_t i = 0; i < size; ++i)
    values[i] = start + static_cast<T>((i * 7) % 11) - T(5);
  return values;
}

/// Complex numbers whose imaginary parts differ from their real parts, so
/// that a GEMM that dropped or conjugated a part would be seen.
template <typename T>
std::vector<std::complex<T>> iota(size_t size, std::complex<T> start) {
  std::vector<T> real = iota<T>(size, start.real());
  std::vector<std::complex<T>> values(size);
  for (size_t i = 0; i < size; ++i)
    values[i] = {real[i], static_cast<T>((i * 5) % 7) - 3 + start.imag()};
  return values;
}

/// The GemmType of the element type T.
template <typename T>
GemmType getGemmTypeOf() {
  if (std::is_same_v<T, double>)
    return GemmType::F64;
  if (std::is_same_v<T, std::complex<float>>)
    return GemmType::C64;
  if (std::is_same_v<T, std::complex<double>>)
    return GemmType::C128;
  return GemmType::F32;
}

class CublasTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string error;
    cublas = Cublas::load(TEN_FAKE_CUBLAS, error);
    ASSERT_NE(cublas, nullptr) << error;
    ASSERT_EQ(cublas->cublasCreate(&handle), 0);
  }
  void TearDown() override {
    if (cublas)
      cublas->cublasDestroy(handle);
  }

  /// Runs `g` on operands sized for it and compares with the reference.
  template <typename T>
  void check(RowMajorGemm g) {
    int64_t rowsA = g.transposeA ? g.k : g.m, rowsB = g.transposeB ? g.n : g.k;
    std::vector<T> a = iota<T>(
        std::max<int64_t>(g.strideA * (g.batch - 1), 0) + rowsA * g.lda, 1);
    std::vector<T> b = iota<T>(
        std::max<int64_t>(g.strideB * (g.batch - 1), 0) + rowsB * g.ldb, 2);
    std::vector<T> c = iota<T>(
        std::max<int64_t>(g.strideC * (g.batch - 1), 0) + g.m * g.ldc, 3);
    std::vector<T> expected = reference(g, a, b, c);
    g.type = getGemmTypeOf<T>();
    g.a = a.data();
    g.b = b.data();
    g.c = c.data();
    std::string error;
    ASSERT_TRUE(cublas->run(handle, g, error)) << error;
    EXPECT_EQ(c, expected);
  }

  std::unique_ptr<Cublas> cublas;
  void *handle = nullptr;
};

TEST_F(CublasTest, EveryTransposeGivesTheRowMajorProduct) {
  for (bool ta : {false, true})
    for (bool tb : {false, true}) {
      SCOPED_TRACE(testing::Message()
                   << "transposeA " << ta << " transposeB " << tb);
      check<float>(makeGemmShape(5, 3, 4, ta, tb));
    }
}

TEST_F(CublasTest, BatchesSharedOperandsAndPaddedRows) {
  RowMajorGemm g = makeGemmShape(4, 6, 3, false, true);
  g.batch = 3;
  g.strideA = 4 * 3;
  g.strideB = 0; // one B for every batch
  g.ldc = 8;     // rows of C padded
  g.strideC = 4 * 8;
  check<float>(g);
}

TEST_F(CublasTest, AccumulatesAndRunsF64) {
  RowMajorGemm g = makeGemmShape(3, 7, 5, true, false);
  g.accumulate = true;
  g.batch = 2;
  g.strideA = 5 * 3;
  g.strideB = 5 * 7;
  g.strideC = 3 * 7;
  check<double>(g);
}

TEST_F(CublasTest, RunsComplexAsCgemmAndZgemm) {
  for (bool ta : {false, true})
    for (bool tb : {false, true}) {
      SCOPED_TRACE(testing::Message()
                   << "transposeA " << ta << " transposeB " << tb);
      check<std::complex<float>>(makeGemmShape(5, 3, 4, ta, tb));
    }
  RowMajorGemm g = makeGemmShape(3, 7, 5, true, false);
  g.accumulate = true;
  g.batch = 2;
  g.strideA = 5 * 3;
  g.strideB = 0;
  g.strideC = 3 * 7;
  check<std::complex<double>>(g);
}

/// The f16 and bf16 bit patterns of `value`, exact for the small integers
/// these tests use.
uint16_t toF16(float value) {
  if (value == 0)
    return 0;
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  uint32_t sign = (bits >> 16) & 0x8000;
  uint32_t exponent = ((bits >> 23) & 0xff) - 127 + 15;
  return static_cast<uint16_t>(sign | exponent << 10 | (bits >> 13 & 0x3ff));
}

float fromF16(uint16_t half) {
  if ((half & 0x7fff) == 0)
    return 0;
  uint32_t bits = uint32_t(half & 0x8000) << 16 |
                  (((half >> 10) & 0x1f) - 15 + 127) << 23 |
                  uint32_t(half & 0x3ff) << 13;
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

uint16_t toBF16(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return static_cast<uint16_t>(bits >> 16);
}

float fromBF16(uint16_t bf16) {
  uint32_t bits = uint32_t(bf16) << 16;
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

TEST_F(CublasTest, HalfPrecisionGoesThroughGemmEx) {
  for (GemmType type : {GemmType::F16, GemmType::BF16, GemmType::F32ViaTF32,
                        GemmType::F16IntoF32, GemmType::BF16IntoF32})
    for (bool tb : {false, true}) {
      SCOPED_TRACE(testing::Message() << "type " << int(type) << " tb " << tb);
      RowMajorGemm g = makeGemmShape(3, 4, 5, false, tb);
      g.batch = 2;
      g.strideA = 3 * 5;
      g.strideB = 5 * 4;
      g.strideC = 3 * 4;
      g.type = type;
      std::vector<float> a = iota<float>(2 * 3 * 5, 1),
                         b = iota<float>(2 * 5 * 4, 2),
                         c = iota<float>(2 * 3 * 4, 3);
      std::vector<float> expected = reference(g, a, b, c);
      std::string error;
      if (type == GemmType::F32ViaTF32) {
        g.a = a.data();
        g.b = b.data();
        g.c = c.data();
        ASSERT_TRUE(cublas->run(handle, g, error)) << error;
        EXPECT_EQ(c, expected);
        continue;
      }
      bool isF16 = type == GemmType::F16 || type == GemmType::F16IntoF32;
      auto narrow = isF16 ? toF16 : toBF16;
      auto widen = isF16 ? fromF16 : fromBF16;
      std::vector<uint16_t> a16, b16, c16;
      for (float x : a)
        a16.push_back(narrow(x));
      for (float x : b)
        b16.push_back(narrow(x));
      for (float x : c)
        c16.push_back(narrow(x));
      g.a = a16.data();
      g.b = b16.data();
      if (type == GemmType::F16IntoF32 || type == GemmType::BF16IntoF32) {
        g.c = c.data();
        ASSERT_TRUE(cublas->run(handle, g, error)) << error;
        EXPECT_EQ(c, expected);
        continue;
      }
      g.c = c16.data();
      ASSERT_TRUE(cublas->run(handle, g, error)) << error;
      std::vector<float> got;
      for (uint16_t x : c16)
        got.push_back(widen(x));
      EXPECT_EQ(got, expected);
    }
}

TEST_F(CublasTest, EmptyProductsAreNotCalls) {
  RowMajorGemm g = makeGemmShape(0, 3, 4, false, false);
  std::string error;
  EXPECT_TRUE(cublas->run(handle, g, error)) << error;
}

TEST_F(CublasTest, FailuresNameTheCallAndTheStatus) {
  RowMajorGemm g = makeGemmShape(2, 13, 2, false, false); // n = 13: cuBLAS's m
  std::vector<float> a(4), b(26), c(26);
  g.a = a.data();
  g.b = b.data();
  g.c = c.data();
  std::string error;
  EXPECT_FALSE(cublas->run(handle, g, error));
  EXPECT_EQ(error, "cublasSgemmStridedBatched: CUBLAS_STATUS_EXECUTION_FAILED");

  RowMajorGemm huge = makeGemmShape(int64_t(1) << 31, 2, 2, false, false);
  EXPECT_FALSE(cublas->run(handle, huge, error));
  EXPECT_NE(error.find("does not fit cuBLAS's int"), std::string::npos)
      << error;
  EXPECT_EQ(Cublas::describe(99, "cublasCreate"),
            "cublasCreate: cuBLAS status 99");
}

TEST(CublasLoader, MissingOrWrongLibrariesAreErrors) {
  std::string error;
  EXPECT_EQ(Cublas::load("libten-no-such-cublas.so", error), nullptr);
  EXPECT_EQ(error.rfind("no cuBLAS: ", 0), 0u) << error;
  EXPECT_EQ(Cublas::load("libm.so.6", error), nullptr);
  EXPECT_EQ(error, "libm.so.6 is not cuBLAS: it has no cublasCreate_v2");
}

TEST(CublasEntryPoint, WithoutADriverTheErrorIsRecordedNotFatal) {
  // With no driver to load, the entry point records the loader's message
  // and returns. (Nothing in this binary loaded the process's driver
  // before: it is loaded once, at the first GEMM.)
  setenv("TEN_CUDA_DRIVER", "libten-no-such-driver.so", /*overwrite=*/1);
  tenCudaGemmStridedBatched(0, 0, 0, 2, 2, 2, 1, 0, 2, 0, 0, 2, 0, 0, 2, 0, 0,
                            /*stream=*/nullptr);
  const char *error = tenCudaTakeError();
  ASSERT_NE(error, nullptr);
  EXPECT_EQ(std::string(error).rfind("no CUDA driver: ", 0), 0u) << error;
  EXPECT_EQ(tenCudaTakeError(), nullptr);
}

} // namespace
