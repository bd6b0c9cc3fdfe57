//===- CublasLtTest.cpp - GEMMs with epilogues on cuBLASLt ----------------===//
//
// The runtime's GEMM with a bias (and ReLU) epilogue against a fake
// cuBLASLt (FakeCublasLt.c) that computes on host memory with cuBLASLt's
// column-major conventions: every row-major form (transposes, batches
// with a shared bias, padded rows, f16 and bf16) must give the row-major
// product plus the bias along its columns, and the loader's and the
// status's messages must say what failed.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/CUDA/CublasLt.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"

#include "GemmShape.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace ten::cuda;

namespace {

/// The row-major reference: C[b, i, j] = epilogue(op(A[b]) op(B[b]) +
/// bias[j]).
std::vector<float> reference(const RowMajorGemm &g, GemmEpilogue epilogue,
                             const std::vector<float> &a,
                             const std::vector<float> &b,
                             const std::vector<float> &bias,
                             std::vector<float> c) {
  for (int64_t batch = 0; batch < g.batch; ++batch)
    for (int64_t i = 0; i < g.m; ++i)
      for (int64_t j = 0; j < g.n; ++j) {
        float sum = 0;
        for (int64_t p = 0; p < g.k; ++p) {
          float x = g.transposeA ? a[batch * g.strideA + p * g.lda + i]
                                 : a[batch * g.strideA + i * g.lda + p];
          float y = g.transposeB ? b[batch * g.strideB + j * g.ldb + p]
                                 : b[batch * g.strideB + p * g.ldb + j];
          sum += x * y;
        }
        sum += bias[j];
        if (epilogue == GemmEpilogue::BiasRelu && sum < 0)
          sum = 0;
        c[batch * g.strideC + i * g.ldc + j] = sum;
      }
  return c;
}

/// Small integers of both signs: exact in f32, f16 and bf16 products.
std::vector<float> values(size_t size, int start) {
  std::vector<float> result(size);
  for (size_t i = 0; i < size; ++i)
    result[i] = static_cast<float>(static_cast<int>((i * 7 + start) % 11) - 5);
  return result;
}

class CublasLtTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::string error;
    lt = CublasLt::load(TEN_FAKE_CUBLASLT, error);
    ASSERT_NE(lt, nullptr) << error;
    ASSERT_EQ(lt->cublasLtCreate(&handle), 0);
  }
  void TearDown() override {
    if (lt)
      lt->cublasLtDestroy(handle);
  }

  /// Runs `g` in f32 on operands sized for it and compares with the
  /// reference.
  void check(RowMajorGemm g, GemmEpilogue epilogue) {
    int64_t rowsA = g.transposeA ? g.k : g.m, rowsB = g.transposeB ? g.n : g.k;
    std::vector<float> a = values(
        std::max<int64_t>(g.strideA * (g.batch - 1), 0) + rowsA * g.lda, 1);
    std::vector<float> b = values(
        std::max<int64_t>(g.strideB * (g.batch - 1), 0) + rowsB * g.ldb, 2);
    std::vector<float> c(
        std::max<int64_t>(g.strideC * (g.batch - 1), 0) + g.m * g.ldc, 99);
    std::vector<float> bias = values(g.n, 3);
    std::vector<float> expected = reference(g, epilogue, a, b, bias, c);
    g.a = a.data();
    g.b = b.data();
    g.c = c.data();
    std::string error;
    ASSERT_TRUE(lt->run(handle, g, epilogue, bias.data(), nullptr, 0,
                        /*stream=*/nullptr, error))
        << error;
    EXPECT_EQ(c, expected);
  }

  std::unique_ptr<CublasLt> lt;
  void *handle = nullptr;
};

TEST_F(CublasLtTest, EveryTransposeGetsTheBiasAlongItsColumns) {
  for (GemmEpilogue epilogue : {GemmEpilogue::Bias, GemmEpilogue::BiasRelu})
    for (bool ta : {false, true})
      for (bool tb : {false, true}) {
        SCOPED_TRACE(testing::Message()
                     << "epilogue " << int(epilogue) << " transposeA " << ta
                     << " transposeB " << tb);
        check(makeGemmShape(5, 3, 4, ta, tb), epilogue);
      }
}

TEST_F(CublasLtTest, BatchesShareTheBias) {
  RowMajorGemm g = makeGemmShape(4, 6, 3, false, true);
  g.batch = 3;
  g.strideA = 4 * 3;
  g.strideB = 0; // one B for every batch
  g.ldc = 8;     // rows of C padded
  g.strideC = 4 * 8;
  check(g, GemmEpilogue::BiasRelu);
}

TEST_F(CublasLtTest, HalfPrecisionIntoItselfOrF32) {
  // bf16 of small integers is the f32 bit pattern's top half.
  auto toBF16 = [](float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    return static_cast<uint16_t>(bits >> 16);
  };
  auto fromBF16 = [](uint16_t half) {
    uint32_t bits = uint32_t(half) << 16;
    float value;
    std::memcpy(&value, &bits, sizeof(value));
    return value;
  };
  RowMajorGemm g = makeGemmShape(3, 4, 5, true, false);
  std::vector<float> a = values(15, 1), b = values(20, 2), bias = values(4, 3);
  std::vector<float> expected =
      reference(g, GemmEpilogue::BiasRelu, a, b, bias, std::vector<float>(12));
  std::vector<uint16_t> a16, b16, bias16, c16(12);
  for (float x : a)
    a16.push_back(toBF16(x));
  for (float x : b)
    b16.push_back(toBF16(x));
  for (float x : bias)
    bias16.push_back(toBF16(x));
  g.a = a16.data();
  g.b = b16.data();
  std::string error;

  g.type = GemmType::BF16;
  g.c = c16.data();
  ASSERT_TRUE(lt->run(handle, g, GemmEpilogue::BiasRelu, bias16.data(), nullptr,
                      0, nullptr, error))
      << error;
  std::vector<float> got;
  for (uint16_t x : c16)
    got.push_back(fromBF16(x));
  EXPECT_EQ(got, expected);

  // Into f32, the bias is f32.
  g.type = GemmType::BF16IntoF32;
  std::vector<float> c(12);
  g.c = c.data();
  ASSERT_TRUE(lt->run(handle, g, GemmEpilogue::BiasRelu, bias.data(), nullptr,
                      0, nullptr, error))
      << error;
  EXPECT_EQ(c, expected);
}

TEST_F(CublasLtTest, RefusalsAndFailuresSayWhy) {
  std::vector<float> a(26), b(26), c(26), bias(13);
  RowMajorGemm g =
      makeGemmShape(2, 13, 2, false, false); // n = 13: cuBLASLt's m
  g.a = a.data();
  g.b = b.data();
  g.c = c.data();
  std::string error;
  EXPECT_FALSE(lt->run(handle, g, GemmEpilogue::Bias, bias.data(), nullptr, 0,
                       nullptr, error));
  EXPECT_EQ(error, "cublasLtMatmul: CUBLAS_STATUS_EXECUTION_FAILED");

  g = makeGemmShape(2, 2, 2, false, false);
  g.accumulate = true;
  EXPECT_FALSE(lt->run(handle, g, GemmEpilogue::Bias, bias.data(), nullptr, 0,
                       nullptr, error));
  EXPECT_NE(error.find("accumulating"), std::string::npos) << error;

  RowMajorGemm huge = makeGemmShape(int64_t(1) << 31, 2, 2, false, false);
  EXPECT_FALSE(lt->run(handle, huge, GemmEpilogue::Bias, bias.data(), nullptr,
                       0, nullptr, error));
  EXPECT_NE(error.find("does not fit cuBLASLt's int"), std::string::npos)
      << error;

  // An empty product is not a call.
  EXPECT_TRUE(lt->run(handle, makeGemmShape(0, 3, 4, false, false),
                      GemmEpilogue::Bias, bias.data(), nullptr, 0, nullptr,
                      error))
      << error;
}

TEST(CublasLtLoader, MissingOrWrongLibrariesAreErrors) {
  std::string error;
  EXPECT_EQ(CublasLt::load("libten-no-such-cublaslt.so", error), nullptr);
  EXPECT_EQ(error.rfind("no cuBLASLt: ", 0), 0u) << error;
  EXPECT_EQ(CublasLt::load("libm.so.6", error), nullptr);
  EXPECT_EQ(error, "libm.so.6 is not cuBLASLt: it has no cublasLtCreate");
}

} // namespace
