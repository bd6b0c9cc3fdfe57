//===- Fourier.h - ten.fft on the host --------------------------*- C++ -*-===//
//
// The discrete Fourier transforms of ten.fft on the CPU target: every line
// of a buffer along one dimension, transformed in cache, the lines spread
// over threads. Unnormalized, as the op. Plain C++: no MLIR, no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_FOURIER_H
#define TEN_RUNTIME_HOST_FOURIER_H

#include "ten/Runtime/Host/UnrankedMemRef.h"

#include <cstdint>

extern "C" {
/// Called by their C interface names, _mlir_ciface_<name> (HostRuntime.def),
/// on buffers of any strides whose lines run along `dim`, on up to
/// `threads` threads (the calling one among them):
///
/// tenrtFft: `output` = the transform of each line of the complex `input`,
/// forward (exp(-2 pi i j k / n)) or with `inverse` exp(+2 pi i j k / n).
/// tenrtRfft: `output` (n / 2 + 1 along `dim`) = the first half of the
/// forward transform of each line of the real `input` (n).
/// tenrtIrfft: `output` (n reals along `dim`, n from its size) = the real
/// parts of the inverse transform of the Hermitian line whose first n / 2
/// + 1 elements are `input`'s.
#define TEN_FOURIER_PRECISION(Real, Complex, Type)                             \
  void tenrtFft##Complex(const TenrtUnrankedMemRef *input,                     \
                         const TenrtUnrankedMemRef *output, int32_t dim,       \
                         int32_t inverse, int32_t threads);                    \
  void tenrtRfft##Real(const TenrtUnrankedMemRef *input,                       \
                       const TenrtUnrankedMemRef *output, int32_t dim,         \
                       int32_t threads);                                       \
  void tenrtIrfft##Complex(const TenrtUnrankedMemRef *input,                   \
                           const TenrtUnrankedMemRef *output, int32_t dim,     \
                           int32_t threads);
#include "ten/Runtime/Host/FourierPrecisions.def"
}

#endif // TEN_RUNTIME_HOST_FOURIER_H
