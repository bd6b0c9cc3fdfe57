//===- VectorMathLibrary.h - the host's vector math functions ---*- C++ -*-===//
//
// The vector variants of the C library's math functions that the host's
// vector math library (glibc's libmvec) provides, for LLVM's loop
// vectorizer: a loop calling sinf vectorizes into calls of a function that
// computes 16 sines of a 512-bit vector at once, instead of staying a loop
// of scalar calls.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TARGET_VECTORMATHLIBRARY_H
#define TEN_TARGET_VECTORMATHLIBRARY_H

#include <cstdint>

namespace llvm {
class TargetLibraryInfoImpl;
} // namespace llvm

namespace mlir {
namespace ten {

/// Declares to `info` the vector variants of the C math functions (and of
/// LLVM's intrinsics of the same functions) that the host's vector math
/// library provides for vectors of up to `vectorBits` bits (256 with AVX2,
/// 512 with AVX-512; below 256, none), loading the library into the process
/// (with global symbols, which the JIT resolves) the first time. Declares
/// nothing where the library does not load.
void addHostVectorMathFunctions(llvm::TargetLibraryInfoImpl &info,
                                int64_t vectorBits);

} // namespace ten
} // namespace mlir

#endif // TEN_TARGET_VECTORMATHLIBRARY_H
