//===- NarrowingConversions.h - f64 to the 16-bit floats --------*- C++ -*-===//
//
// The conversions from f64 to f16 and bf16 that LLVM leaves to compiler-rt
// on x86, for the JIT to bind to __truncdfhf2 and __truncdfbf2. Each returns
// the 16-bit result in the low bits of a float's register.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_EXECUTION_NARROWINGCONVERSIONS_H
#define TEN_LIB_EXECUTION_NARROWINGCONVERSIONS_H

extern "C" {
float tenrtTruncDoubleToHalf(double value);
float tenrtTruncDoubleToBFloat(double value);
}

#endif // TEN_LIB_EXECUTION_NARROWINGCONVERSIONS_H
