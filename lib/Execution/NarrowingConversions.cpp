//===- NarrowingConversions.cpp - f64 to the 16-bit floats ----------------===//
//
// LLVM lowers an f64 -> f16 or f64 -> bf16 conversion on x86 to a call of
// compiler-rt's __truncdfhf2 / __truncdfbf2, which no library the JIT sees
// defines. These stand in for them, rounding once to nearest even (going
// through f32 would round twice and be off by one ulp in rare cases). The
// same holds for f32 -> bf16 (__truncsfbf2) on CPUs without AVX-512's bf16
// instructions (AVX2 machines), and f32 -> f16 (__truncsfhf2) without F16C.
//
//===----------------------------------------------------------------------===//

#include "ten/Execution/NarrowingConversions.h"

#include "llvm/ADT/APFloat.h"

#include <cstdint>
#include <cstring>

/// `value` rounded to `semantics`, as its bits.
static uint16_t narrow(double value, const llvm::fltSemantics &semantics) {
  llvm::APFloat converted(value);
  bool losesInfo;
  converted.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return static_cast<uint16_t>(converted.bitcastToAPInt().getZExtValue());
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

extern "C" float tenrtTruncDoubleToHalf(double value) {
  return inReturnRegister(narrow(value, llvm::APFloat::IEEEhalf()));
}

extern "C" float tenrtTruncDoubleToBFloat(double value) {
  return inReturnRegister(narrow(value, llvm::APFloat::BFloat()));
}

extern "C" float tenrtTruncFloatToHalf(float value) {
  return inReturnRegister(narrow(value, llvm::APFloat::IEEEhalf()));
}

extern "C" float tenrtTruncFloatToBFloat(float value) {
  // bf16 is the upper half of an f32: round the lower half to nearest even,
  // quieting NaN so that rounding cannot make it an infinity.
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return inReturnRegister(static_cast<uint16_t>((bits >> 16) | 0x40));
  bits += 0x7fffu + ((bits >> 16) & 1);
  return inReturnRegister(static_cast<uint16_t>(bits >> 16));
}
