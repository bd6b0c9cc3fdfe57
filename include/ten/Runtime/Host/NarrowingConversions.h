//===- NarrowingConversions.h - f64 to the 16-bit floats --------*- C++ -*-===//
//
// The conversions to f16 and bf16 that LLVM leaves to compiler-rt on x86,
// for the JIT to bind to __truncdfhf2, __truncdfbf2, __truncsfhf2 and
// __truncsfbf2. Each returns the 16-bit result in the low bits of a float's
// register.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_NARROWINGCONVERSIONS_H
#define TEN_RUNTIME_HOST_NARROWINGCONVERSIONS_H

#include <cstdint>

extern "C" {
/// `value` rounded to nearest even as f16's and bf16's bits.
uint16_t tenrtRoundToHalfBits(double value);
uint16_t tenrtRoundToBFloatBits(double value);
float tenrtTruncDoubleToHalf(double value);
float tenrtTruncDoubleToBFloat(double value);
float tenrtTruncFloatToHalf(float value);
float tenrtTruncFloatToBFloat(float value);
}

#endif // TEN_RUNTIME_HOST_NARROWINGCONVERSIONS_H
