//===- NarrowingConversionsTest.cpp - f64 to f16 and bf16 -----------------===//
//
// The runtime's conversions, plain C++ on the bits, against LLVM's APFloat:
// the edges (zeros, subnormals, the largest finite values and the halfway
// points around them, infinities, NaN), and millions of random doubles and
// floats of every magnitude.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/Host/NarrowingConversions.h"

#include "llvm/ADT/APFloat.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace {

uint16_t reference(double value, const llvm::fltSemantics &semantics) {
  llvm::APFloat converted(value);
  bool losesInfo;
  converted.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return static_cast<uint16_t>(converted.bitcastToAPInt().getZExtValue());
}

void expectBoth(double value) {
  uint16_t half = tenrtRoundToHalfBits(value);
  uint16_t bfloat = tenrtRoundToBFloatBits(value);
  if (std::isnan(value)) {
    // Any quiet NaN of the same sign.
    EXPECT_EQ(half & 0xfe00, (std::signbit(value) ? 0xfe00 : 0x7e00));
    EXPECT_EQ(bfloat & 0xffc0, (std::signbit(value) ? 0xffc0 : 0x7fc0));
    return;
  }
  EXPECT_EQ(half, reference(value, llvm::APFloat::IEEEhalf())) << value;
  EXPECT_EQ(bfloat, reference(value, llvm::APFloat::BFloat())) << value;
}

TEST(NarrowingConversions, Edges) {
  const double infinity = std::numeric_limits<double>::infinity();
  for (double value : {0.0,
                       -0.0,
                       1.0,
                       -1.0,
                       65504.0,
                       65519.99,
                       65520.0,
                       65536.0,
                       1e6,
                       6.103515625e-05,
                       5.960464477539063e-08,
                       2.9802322387695312e-08,
                       2.98023223876953125e-08 * 1.0000001,
                       1e-300,
                       4.9e-324,
                       infinity,
                       -infinity,
                       3.3895313892515355e38,
                       3.40e38,
                       1e39,
                       9.18e-41,
                       1e-45,
                       std::numeric_limits<double>::quiet_NaN(),
                       -std::numeric_limits<double>::quiet_NaN()})
    expectBoth(value);
  // Every halfway point between consecutive f16 values near 1 and 2048.
  for (double base : {1.0, 2048.0, 6.103515625e-05})
    for (int step = 0; step < 2048; ++step)
      expectBoth(base + (step + 0.5) * base / 1024);
}

TEST(NarrowingConversions, RandomDoubles) {
  std::mt19937_64 rng(42);
  for (int i = 0; i < 2000000; ++i) {
    uint64_t bits = rng();
    double value;
    std::memcpy(&value, &bits, sizeof(value));
    // Magnitudes around the 16-bit formats' ranges, where it matters.
    int exponent;
    value = std::ldexp(std::frexp(value, &exponent) * 2,
                       static_cast<int>(rng() % 300) - 150);
    expectBoth(value);
  }
}

TEST(NarrowingConversions, RandomFloats) {
  std::mt19937 rng(7);
  for (int i = 0; i < 2000000; ++i) {
    uint32_t bits = rng();
    float value;
    std::memcpy(&value, &bits, sizeof(value));
    expectBoth(value);
  }
}

} // namespace
