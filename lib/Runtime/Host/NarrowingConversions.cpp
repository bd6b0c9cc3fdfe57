//===- NarrowingConversions.cpp - f64 to the 16-bit floats ----------------===//
//
// LLVM lowers an f64 -> f16 or f64 -> bf16 conversion on x86 to a call of
// compiler-rt's __truncdfhf2 / __truncdfbf2, which no library the JIT sees
// defines. These stand in for them, rounding once to nearest even (going
// through f32 would round twice and be off by one ulp in rare cases). The
// same holds for f32 -> bf16 (__truncsfbf2) on CPUs without AVX-512's bf16
// instructions (AVX2 machines), and f32 -> f16 (__truncsfhf2) without F16C.
// Plain C++ on the bits: ahead-of-time compiled code links them without
// LLVM.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/Host/NarrowingConversions.h"

#include <cstdint>
#include <cstring>

/// `value` rounded to nearest, ties to even, in the binary format of
/// `exponentBits` and `mantissaBits` (f16: 5 and 10, bf16: 8 and 7), as the
/// format's bits. NaN stays NaN (quiet, its sign and top payload kept);
/// past the largest finite value it is an infinity.
static uint16_t narrow(double value, int exponentBits, int mantissaBits) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  uint32_t sign = static_cast<uint32_t>(bits >> 63)
                  << (exponentBits + mantissaBits);
  int exponent = static_cast<int>((bits >> 52) & 0x7ff);
  uint64_t mantissa = bits & ((uint64_t(1) << 52) - 1);
  uint32_t maxExponent = (1u << exponentBits) - 1;
  if (exponent == 0x7ff) {
    uint32_t infinity = sign | maxExponent << mantissaBits;
    if (!mantissa)
      return infinity;
    uint32_t payload = static_cast<uint32_t>(mantissa >> (52 - mantissaBits));
    return infinity | payload | 1u << (mantissaBits - 1);
  }
  // A double's subnormals are far below the 16-bit formats' smallest value.
  if (exponent == 0)
    return sign;
  int bias = (1 << (exponentBits - 1)) - 1;
  int biased = exponent - 1023 + bias;
  uint64_t significand = mantissa | uint64_t(1) << 52;
  // The bits of the 53-bit significand below the result's last one: a
  // subnormal result keeps fewer.
  int shift = biased >= 1 ? 52 - mantissaBits : 53 - mantissaBits - biased;
  if (shift > 63)
    return sign;
  uint64_t kept = significand >> shift;
  uint64_t rest = significand & ((uint64_t(1) << shift) - 1);
  uint64_t half = uint64_t(1) << (shift - 1);
  if (rest > half || (rest == half && (kept & 1)))
    ++kept;
  if (biased < 1)
    // A subnormal, or the smallest normal where rounding carried into the
    // exponent field: the bits are the same.
    return static_cast<uint16_t>(sign | kept);
  if (kept >> (mantissaBits + 1)) {
    kept >>= 1;
    ++biased;
  }
  if (biased >= static_cast<int>(maxExponent))
    return static_cast<uint16_t>(sign | maxExponent << mantissaBits);
  return static_cast<uint16_t>(sign |
                               static_cast<uint32_t>(biased) << mantissaBits |
                               (kept & ((uint64_t(1) << mantissaBits) - 1)));
}

/// The x86-64 calling convention returns a 16-bit float in the low bits of
/// xmm0, where a float is returned: a float with those low bits is the
/// 16-bit float the caller reads.
static float inReturnRegister(uint16_t bits) {
  uint32_t word = bits;
  float value;
  std::memcpy(&value, &word, sizeof(value));
  return value;
}

extern "C" uint16_t tenrtRoundToHalfBits(double value) {
  return narrow(value, 5, 10);
}

extern "C" uint16_t tenrtRoundToBFloatBits(double value) {
  return narrow(value, 8, 7);
}

extern "C" float tenrtTruncDoubleToHalf(double value) {
  return inReturnRegister(narrow(value, 5, 10));
}

extern "C" float tenrtTruncDoubleToBFloat(double value) {
  return inReturnRegister(narrow(value, 8, 7));
}

extern "C" float tenrtTruncFloatToHalf(float value) {
  // An f32 is exactly a double: one rounding.
  return inReturnRegister(narrow(value, 5, 10));
}

extern "C" float tenrtTruncFloatToBFloat(float value) {
  return inReturnRegister(narrow(value, 8, 7));
}
