//===- Fourier.cpp - ten.fft on the host ----------------------------------===//
//
// Each line is transformed in a thread's contiguous workspace (a
// contiguous input read where it lies) and written to the output: a
// self-sorting (Stockham) transform whose stages combine r transforms of
// length L into one of rL for each factor r of n (eights while 8 divides
// n, then fours, 2, 3, 5, ..., 13), ping-ponging between two
// buffers. Output (g rL + h L + k) of a stage is sum over t < r of
// x[t n/r + g L + k] w^(t k n/rL) w_r^(t h), with w = exp(sign 2 pi i / n)
// and w_r = w^(n/r): the twiddles, then an r-point transform. A length
// with a larger prime factor takes Bluestein's convolution by transforms
// of a power of two M >= 2n - 1 (the chirp's j^2 taken mod 2n, so its
// angles stay exact). The factors are computed in double and rounded once;
// the plans that hold them are kept for the next calls.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/Host/Fourier.h"

#include "BufferView.h"
#include "ComplexVector.h"
#include "RunOnThreads.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <type_traits>
#include <vector>

using namespace ten;

// The stages' vector helpers are always inlined into the functions compiled
// for a target (ComplexVector.h): no vector crosses a call.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace {

/// Lines shorter than this many elements in all stay on one thread.
constexpr int64_t kShortestThreadedWork = 1 << 15;

/// A radix's largest prime: larger ones take Bluestein's convolution.
constexpr int64_t kLargestRadix = 13;

/// exp(sign 2 pi i m / n), computed in double; the quarter turns exact.
template <typename Real>
std::complex<Real> unit(int sign, int64_t m, int64_t n) {
  if ((4 * m) % n == 0) {
    static const int kCos[4] = {1, 0, -1, 0}, kSin[4] = {0, 1, 0, -1};
    int64_t quarter = (4 * m / n) % 4;
    return std::complex<Real>(kCos[quarter], sign * kSin[quarter]);
  }
  double angle =
      sign * 2 * M_PI * static_cast<double>(m) / static_cast<double>(n);
  return std::complex<Real>(static_cast<Real>(std::cos(angle)),
                            static_cast<Real>(std::sin(angle)));
}

/// x y as plain products: std::complex's operator* takes C99's care of
/// infinities (a library call per product), which FFTs do not.
template <typename Real>
std::complex<Real> multiply(std::complex<Real> x, std::complex<Real> y) {
  return std::complex<Real>(x.real() * y.real() - x.imag() * y.imag(),
                            x.real() * y.imag() + x.imag() * y.real());
}

/// The widest vectors the stages run in, in bytes: 64 where the host has
/// AVX-512F, 32 where it has AVX2, else 16 (SSE2, every x86-64 host).
/// TEN_HOST_VECTOR_BITS (512, 256, 128, or 0 for scalar code) caps it, so
/// that one host runs each width's code (test/Execution/fft-widths.test).
int getHostVectorBytes() {
  static const int bytes = [] {
    int widest = __builtin_cpu_supports("avx512f") ? 64
                 : __builtin_cpu_supports("avx2")  ? 32
                                                   : 16;
    if (const char *cap = std::getenv("TEN_HOST_VECTOR_BITS")) {
      int bits = std::atoi(cap);
      widest = std::min(widest, bits >= 512   ? 64
                                : bits >= 256 ? 32
                                : bits >= 128 ? 16
                                              : 0);
    }
    return widest;
  }();
  return bytes;
}

#define TEN_INLINE __attribute__((always_inline))

/// What runInHostVectors passes where the vectors are capped to scalar code.
struct ScalarCode {};

template <typename Real, typename Body>
__attribute__((target("avx512f"))) auto runInAvx512(const Body &body) {
  return body(ComplexVector<Real, 64>());
}
template <typename Real, typename Body>
__attribute__((target("avx2"))) auto runInAvx2(const Body &body) {
  return body(ComplexVector<Real, 32>());
}

/// body(V()) for V the ComplexVector of the host's widest vectors
/// (getHostVectorBytes), compiled for their target: `body`, always
/// inlined, is compiled once for each width; body(ScalarCode()) where
/// capped to scalar code.
template <typename Real, typename Body>
auto runInHostVectors(const Body &body) {
  switch (getHostVectorBytes()) {
  case 64:
    return runInAvx512<Real>(body);
  case 32:
    return runInAvx2<Real>(body);
  case 16:
    return body(ComplexVector<Real, 16>());
  default:
    return body(ScalarCode());
  }
}

/// The 4-point transform of x[0..3] (twiddled) into y[0..3], in complex
/// numbers or vectors of them (T), `quarter` the product by the quarter
/// turn w^(n/4), exact.
template <typename T, typename Quarter>
inline TEN_INLINE void transform4(const T x[4], const Quarter &quarter,
                                  T y[4]) {
  T even0 = x[0] + x[2], even1 = x[0] - x[2];
  T odd0 = x[1] + x[3], odd1 = x[1] - x[3];
  T turned = quarter(odd1);
  y[0] = even0 + odd0, y[1] = even1 + turned;
  y[2] = even0 - odd0, y[3] = even1 - turned;
}

/// The 8-point transform of x[0..7] into y[0..7]: the 4-point transforms
/// of the even and odd terms, E and O, and y[k] = E[k] + w8^k O[k], y[k +
/// 4] = E[k] - w8^k O[k]. w8 O = (O + w8^2 O) / sqrt 2 and w8^3 O = (w8^2 O
/// - O) / sqrt 2, `root` 1 / sqrt 2 (a Real, or a vector of them).
template <typename T, typename Quarter, typename Root>
inline TEN_INLINE void transform8(const T x[8], const Quarter &quarter,
                                  Root root, T y[8]) {
  T even[4] = {x[0], x[2], x[4], x[6]}, odd[4] = {x[1], x[3], x[5], x[7]};
  T evens[4], odds[4];
  transform4(even, quarter, evens);
  transform4(odd, quarter, odds);
  T turned1 = quarter(odds[1]), turned3 = quarter(odds[3]);
  T rotated[4] = {odds[0], (odds[1] + turned1) * root, quarter(odds[2]),
                  (turned3 - odds[3]) * root};
  for (int k = 0; k < 4; ++k) {
    y[k] = evens[k] + rotated[k];
    y[k + 4] = evens[k] - rotated[k];
  }
}

/// The transform of lines of one length in one direction.
template <typename Real>
class Plan {
public:
  using Complex = std::complex<Real>;

  Plan(int64_t n, int sign) : n(n), sign(sign) {
    int64_t rest = n;
    std::vector<int64_t> radices;
    // Stages of radix 8 while 8 divides n: a pass over the line for three
    // factors of 2, not two passes of 4 and 2 or one and a half of 4 (2048
    // complex numbers in 4 passes, not 6: W14's rfft of 1000 x 4096 f32,
    // one thread, AVX-512, 3.20-3.27 -> 3.10-3.13 ms), and the stages
    // after the first combine transforms at least 8 long, a vector of f32
    // in AVX-512. Then 4, 2 and the odd radices.
    for (; rest % 8 == 0; rest /= 8)
      radices.push_back(8);
    for (int64_t radix : {4, 2, 3, 5, 7, 11, 13})
      for (; rest > 1 && rest % radix == 0; rest /= radix)
        radices.push_back(radix);
    if (rest != 1) {
      buildBluestein(sign);
      return;
    }
    int64_t length = 1;
    for (int64_t radix : radices) {
      Stage stage{radix, length, n / (radix * length), n / radix, {}, {},
                  {},    {}};
      // The twiddles of term t at k, contiguous in k: w^(t k G).
      int64_t count = (radix - 1) * length;
      stage.twiddles.resize(count);
      for (int64_t t = 1; t < radix; ++t)
        for (int64_t k = 0; k < length; ++k)
          stage.twiddles[(t - 1) * length + k] =
              unit<Real>(sign, t * k * stage.groups, n);
      stage.twiddleReals.resize(count);
      stage.twiddleImags.resize(count);
      splitFactors(stage.twiddles.data(), stage.twiddleReals.data(),
                   stage.twiddleImags.data(), count);
      for (int64_t t = 0; t < radix; ++t)
        stage.roots.push_back(unit<Real>(sign, t, radix));
      stages.push_back(std::move(stage));
      length *= radix;
    }
  }

  /// The elements a workspace needs beside the line.
  int64_t getScratchSize() const { return bluestein ? 3 * convolution->n : n; }

  /// Transforms the n elements at `input` into `line` or `scratch` (n and
  /// getScratchSize() elements) and returns where the result lies: the
  /// stages ping-pong between the two, the first reading `input`, which
  /// may be `line` (then overwritten) but not `scratch`.
  const Complex *transform(const Complex *input, Complex *line,
                           Complex *scratch) const {
    if (bluestein) {
      if (input != line)
        std::copy(input, input + n, line);
      runBluestein(line, scratch);
      return line;
    }
    // The stages of radix 8, 4, 2, 3, 5 and 7 run in the host's widest
    // vectors of whole complex numbers (ComplexVector.h): GCC leaves the
    // interleaved parts of std::complex scalar (perf).
    return runInHostVectors<Real>([&](auto vectors) TEN_INLINE {
      return runStages<decltype(vectors)>(input, line, scratch);
    });
  }

  /// Transforms the n elements at `line` in place; `scratch` holds
  /// getScratchSize() elements.
  void run(Complex *line, Complex *scratch) const {
    const Complex *result = transform(line, line, scratch);
    if (result != line)
      std::copy(result, result + n, line);
  }

private:
  /// The stages in vectors V (ComplexVector), or scalar code.
  template <typename V>
  TEN_INLINE const Complex *runStages(const Complex *input, Complex *line,
                                      Complex *scratch) const {
    const Complex *from = input;
    Complex *to = input == line ? scratch : line;
    Complex *other = input == line ? line : scratch;
    for (const Stage &stage : stages) {
      if constexpr (std::is_same_v<V, ScalarCode>)
        runStage(stage, from, to);
      else
        runStageVector<V>(stage, from, to);
      from = to;
      std::swap(to, other);
    }
    return from;
  }

  /// One stage: radix r, the length L of the transforms it combines, G = n /
  /// rL groups of them, its inputs n / r apart, and its factors.
  struct Stage {
    int64_t radix, length, groups, part;
    std::vector<Complex> twiddles; // (r - 1) rows of L
    // The twiddles split for vector products (splitFactors).
    AlignedVector<Complex> twiddleReals, twiddleImags;
    std::vector<Complex> roots; // exp(sign 2 pi i t / r)
  };

  TEN_INLINE void runStage(const Stage &stage, const Complex *from,
                           Complex *to) const {
    switch (stage.radix) {
    case 8:
      return runRadix8(stage, from, to);
    case 4:
      return runRadix4(stage, from, to);
    case 2:
      return runRadix2(stage, from, to);
    case 3:
      return runFixedRadix<3>(stage, from, to);
    case 5:
      return runFixedRadix<5>(stage, from, to);
    case 7:
      return runFixedRadix<7>(stage, from, to);
    default:
      return runRadix(stage, from, to);
    }
  }

  /// A stage in vectors V where its transforms are a multiple of a vector
  /// long (the first stage of radix 4 or 8 runs along the groups, its tail
  /// scalar), else in narrower vectors, else scalar code.
  template <typename V>
  TEN_INLINE void runStageVector(const Stage &stage, const Complex *from,
                                 Complex *to) const {
    bool alongGroups =
        stage.length == 1 && (stage.radix == 4 || stage.radix == 8);
    if (!alongGroups && stage.length % V::kLanes != 0) {
      if constexpr (V::kHasNarrower)
        return runStageVector<typename V::Narrower>(stage, from, to);
      else
        return runStage(stage, from, to);
    }
    switch (stage.radix) {
    case 8:
      return stage.length == 1 ? runRadix8FirstVector<V>(stage, from, to)
                               : runRadix8Vector<V>(stage, from, to);
    case 4:
      return runRadix4Vector<V>(stage, from, to);
    case 2:
      return runRadix2Vector<V>(stage, from, to);
    case 3:
      return runFixedRadixVector<3, V>(stage, from, to);
    case 5:
      return runFixedRadixVector<5, V>(stage, from, to);
    case 7:
      return runFixedRadixVector<7, V>(stage, from, to);
    default:
      return runRadix(stage, from, to);
    }
  }

  TEN_INLINE void runRadix2(const Stage &stage, const Complex *from,
                            Complex *to) const {
    int64_t length = stage.length;
    const Complex *w = stage.twiddles.data();
    for (int64_t g = 0; g < stage.groups; ++g) {
      const Complex *a = from + g * length, *b = a + stage.part;
      Complex *out = to + 2 * g * length;
      for (int64_t k = 0; k < length; ++k) {
        Complex product = multiply(b[k], w[k]);
        out[k] = a[k] + product;
        out[k + length] = a[k] - product;
      }
    }
  }

  /// The product by the quarter turn, exactly: -i forward, +i inverse.
  TEN_INLINE Complex quarter(Complex x) const {
    Real turn = sign < 0 ? Real(1) : Real(-1);
    return Complex(turn * x.imag(), -turn * x.real());
  }

  /// The 4-point transform of a, b, c, d (twiddled) into out[0], out[step],
  /// out[2 step], out[3 step].
  TEN_INLINE void radix4Butterfly(Complex a, Complex b, Complex c, Complex d,
                                  Complex *out, int64_t step) const {
    Complex x[4] = {a, b, c, d}, y[4];
    transform4(
        x, [&](Complex v) TEN_INLINE { return quarter(v); }, y);
    for (int j = 0; j < 4; ++j)
      out[j * step] = y[j];
  }

  /// A stage of radix 8: the first (transforms of length 1, every twiddle
  /// 1) along the groups, the others along k.
  TEN_INLINE void runRadix8(const Stage &stage, const Complex *from,
                            Complex *to) const {
    if (stage.length == 1)
      return runRadix8Groups(stage, from, to, 0);
    Real root = static_cast<Real>(M_SQRT1_2);
    int64_t length = stage.length;
    for (int64_t g = 0; g < stage.groups; ++g) {
      const Complex *in = from + g * length;
      Complex *out = to + 8 * g * length;
      for (int64_t k = 0; k < length; ++k) {
        Complex x[8], y[8];
        x[0] = in[k];
        for (int t = 1; t < 8; ++t)
          x[t] = multiply(in[k + t * stage.part],
                          stage.twiddles[(t - 1) * length + k]);
        transform8(
            x, [&](Complex v) TEN_INLINE { return quarter(v); }, root, y);
        for (int j = 0; j < 8; ++j)
          out[k + j * length] = y[j];
      }
    }
  }

  /// runRadix8First from group `first` on.
  TEN_INLINE void runRadix8Groups(const Stage &stage, const Complex *from,
                                  Complex *to, int64_t first) const {
    Real root = static_cast<Real>(M_SQRT1_2);
    for (int64_t g = first; g < stage.groups; ++g) {
      Complex x[8];
      for (int t = 0; t < 8; ++t)
        x[t] = from[g + t * stage.part];
      transform8(
          x, [&](Complex v) TEN_INLINE { return quarter(v); }, root,
          to + 8 * g);
    }
  }

  TEN_INLINE void runRadix4(const Stage &stage, const Complex *from,
                            Complex *to) const {
    int64_t length = stage.length, part = stage.part;
    const Complex *w1 = stage.twiddles.data(), *w2 = w1 + length,
                  *w3 = w2 + length;
    if (length == 1) {
      // The first stage: every twiddle is 1, and the loop runs along the
      // groups, whose inputs are contiguous (along k it would run once).
      for (int64_t g = 0; g < stage.groups; ++g)
        radix4Butterfly(from[g], from[g + part], from[g + 2 * part],
                        from[g + 3 * part], to + 4 * g, 1);
      return;
    }
    for (int64_t g = 0; g < stage.groups; ++g) {
      const Complex *x0 = from + g * length, *x1 = x0 + part, *x2 = x1 + part,
                    *x3 = x2 + part;
      Complex *out = to + 4 * g * length;
      for (int64_t k = 0; k < length; ++k)
        radix4Butterfly(x0[k], multiply(x1[k], w1[k]), multiply(x2[k], w2[k]),
                        multiply(x3[k], w3[k]), out + k, length);
    }
  }

  /// The product of term t at k by its twiddle, in vectors V.
  template <typename V>
  TEN_INLINE typename V::Vector twiddled(const Stage &stage,
                                         const Complex *from, int64_t t,
                                         int64_t k) const {
    int64_t at = (t - 1) * stage.length + k;
    return V::multiply(V::load(from + t * stage.part + k),
                       V::load(stage.twiddleReals.data() + at),
                       V::load(stage.twiddleImags.data() + at));
  }

  /// runRadix2 in vectors V (runStageVector: the transforms it combines a
  /// multiple of a vector long).
  template <typename V>
  TEN_INLINE void runRadix2Vector(const Stage &stage, const Complex *from,
                                  Complex *to) const {
    using Vector = typename V::Vector;
    int64_t length = stage.length;
    for (int64_t g = 0; g < stage.groups; ++g) {
      const Complex *in = from + g * length;
      Complex *out = to + 2 * g * length;
      for (int64_t k = 0; k < length; k += V::kLanes) {
        Vector product = twiddled<V>(stage, in, 1, k);
        Vector x = V::load(in + k);
        V::store(out + k, x + product);
        V::store(out + k + length, x - product);
      }
    }
  }

  /// runRadix4 in vectors V, along k as runRadix2Vector, and for the
  /// first stage (transforms of length 1) along the groups, a vector
  /// holding one output of kLanes groups, stored transposed. The same
  /// operations in the same order as runRadix4, so the same results. In
  /// AVX2 vectors, with the radix-2 and odd-radix stages and the real
  /// transform's last step so, W14's rfft of 1000 x 4096 f32 went from
  /// 9.8-10.0 to 2.4-2.5 ms, of 1000 x 1000 f64 from 2.52-2.56 to
  /// 0.96-0.98 (tensor-run --bench=200, 2 threads, Zen 4). In AVX-512
  /// vectors on 64-byte boundaries, the twiddles split, the first stage
  /// reading the input where it lies: 2.76-2.86 to 2.1-2.2 ms and 1.36-1.52
  /// to 0.84-0.90 (alternating runs, 2 threads, a Xeon with AVX-512).
  template <typename V>
  TEN_INLINE void runRadix4Vector(const Stage &stage, const Complex *from,
                                  Complex *to) const {
    using Vector = typename V::Vector;
    int64_t length = stage.length, part = stage.part;
    // The quarter turn: (turn x.im, -turn x.re) from the swapped parts.
    Vector turn = V::alternate(sign < 0 ? Real(1) : Real(-1));
    auto quarterOf = [&](Vector x) TEN_INLINE { return V::swap(x) * turn; };
    if (length == 1) {
      int64_t groups = stage.groups - stage.groups % V::kLanes;
      for (int64_t g = 0; g < groups; g += V::kLanes) {
        Vector x[4], y[4];
        for (int t = 0; t < 4; ++t)
          x[t] = V::load(from + g + t * part);
        transform4(x, quarterOf, y);
        V::storeTransposed4(to + 4 * g, y);
      }
      for (int64_t g = groups; g < stage.groups; ++g)
        radix4Butterfly(from[g], from[g + part], from[g + 2 * part],
                        from[g + 3 * part], to + 4 * g, 1);
      return;
    }
    for (int64_t g = 0; g < stage.groups; ++g) {
      const Complex *in = from + g * length;
      Complex *out = to + 4 * g * length;
      for (int64_t k = 0; k < length; k += V::kLanes) {
        Vector x[4] = {V::load(in + k), twiddled<V>(stage, in, 1, k),
                       twiddled<V>(stage, in, 2, k),
                       twiddled<V>(stage, in, 3, k)};
        Vector y[4];
        transform4(x, quarterOf, y);
        for (int j = 0; j < 4; ++j)
          V::store(out + k + j * length, y[j]);
      }
    }
  }

  /// transform8 of vectors V of complex numbers: the quarter turn from the
  /// swapped parts, 1 / sqrt 2 in every lane.
  template <typename V>
  TEN_INLINE void transform8Vectors(const typename V::Vector x[8],
                                    typename V::Vector y[8]) const {
    using Vector = typename V::Vector;
    Vector turn = V::alternate(sign < 0 ? Real(1) : Real(-1));
    auto quarterOf = [&](Vector v) TEN_INLINE { return V::swap(v) * turn; };
    transform8(x, quarterOf, V::splat(static_cast<Real>(M_SQRT1_2)), y);
  }

  /// runRadix8First in vectors V along the groups, as runRadix4Vector's
  /// first stage: a vector holds one output of kLanes groups, stored
  /// transposed.
  template <typename V>
  TEN_INLINE void runRadix8FirstVector(const Stage &stage, const Complex *from,
                                       Complex *to) const {
    using Vector = typename V::Vector;
    int64_t groups = stage.groups - stage.groups % V::kLanes;
    for (int64_t g = 0; g < groups; g += V::kLanes) {
      Vector x[8], y[8];
      for (int t = 0; t < 8; ++t)
        x[t] = V::load(from + g + t * stage.part);
      transform8Vectors<V>(x, y);
      V::storeTransposed8(to + 8 * g, y);
    }
    runRadix8Groups(stage, from, to, groups);
  }

  /// runRadix8 after the first stage in vectors V, along k as
  /// runRadix4Vector: the same operations in the same order.
  template <typename V>
  TEN_INLINE void runRadix8Vector(const Stage &stage, const Complex *from,
                                  Complex *to) const {
    using Vector = typename V::Vector;
    int64_t length = stage.length;
    for (int64_t g = 0; g < stage.groups; ++g) {
      const Complex *in = from + g * length;
      Complex *out = to + 8 * g * length;
      for (int64_t k = 0; k < length; k += V::kLanes) {
        Vector x[8], y[8];
        x[0] = V::load(in + k);
        for (int t = 1; t < 8; ++t)
          x[t] = twiddled<V>(stage, in, t, k);
        transform8Vectors<V>(x, y);
        for (int j = 0; j < 8; ++j)
          V::store(out + k + j * length, y[j]);
      }
    }
  }

  /// A small odd radix known when compiled: its terms and roots stay in
  /// registers, and the loop along k vectorizes. The r-point transform
  /// pairs the terms (t, r - t), half the products of its definition.
  template <int Radix>
  TEN_INLINE void runFixedRadix(const Stage &stage, const Complex *from,
                                Complex *to) const {
    int64_t length = stage.length, part = stage.part;
    Complex roots[Radix];
    for (int t = 0; t < Radix; ++t)
      roots[t] = stage.roots[t];
    for (int64_t g = 0; g < stage.groups; ++g) {
      const Complex *in = from + g * length;
      Complex *out = to + g * Radix * length;
      for (int64_t k = 0; k < length; ++k) {
        Complex terms[Radix];
        terms[0] = in[k];
        for (int t = 1; t < Radix; ++t)
          terms[t] =
              multiply(in[k + t * part], stage.twiddles[(t - 1) * length + k]);
        // Terms t and r - t meet the roots w^(th) = c + i s and w^(-th)
        // = c - i s: their sum takes the cosines, their difference the
        // sines, and outputs h and r - h share both (r odd).
        constexpr int kPairs = (Radix - 1) / 2;
        Complex sums[kPairs], differences[kPairs];
        Complex total = terms[0];
        for (int t = 1; t <= kPairs; ++t) {
          sums[t - 1] = terms[t] + terms[Radix - t];
          differences[t - 1] = terms[t] - terms[Radix - t];
          total += sums[t - 1];
        }
        out[k] = total;
        for (int h = 1; h <= kPairs; ++h) {
          Complex cosines = terms[0], sines(0, 0);
          for (int t = 1; t <= kPairs; ++t) {
            Complex root = roots[(t * h) % Radix];
            cosines += sums[t - 1] * root.real();
            sines += differences[t - 1] * root.imag();
          }
          // i sines.
          Complex turned(-sines.imag(), sines.real());
          out[k + h * length] = cosines + turned;
          out[k + (Radix - h) * length] = cosines - turned;
        }
      }
    }
  }

  /// runFixedRadix in vectors V as runRadix2Vector: the same operations
  /// in the same order, kLanes values of k at a time.
  template <int Radix, typename V>
  TEN_INLINE void runFixedRadixVector(const Stage &stage, const Complex *from,
                                      Complex *to) const {
    using Vector = typename V::Vector;
    int64_t length = stage.length;
    constexpr int kPairs = (Radix - 1) / 2;
    Vector cosines[kPairs + 1][kPairs], sines[kPairs + 1][kPairs];
    for (int h = 1; h <= kPairs; ++h)
      for (int t = 1; t <= kPairs; ++t) {
        Complex root = stage.roots[(t * h) % Radix];
        cosines[h][t - 1] = V::splat(root.real());
        sines[h][t - 1] = V::splat(root.imag());
      }
    Vector timesI = V::alternate(Real(-1)); // (-im, re) from the swap
    for (int64_t g = 0; g < stage.groups; ++g) {
      const Complex *in = from + g * length;
      Complex *out = to + g * Radix * length;
      for (int64_t k = 0; k < length; k += V::kLanes) {
        Vector terms[Radix];
        terms[0] = V::load(in + k);
        for (int t = 1; t < Radix; ++t)
          terms[t] = twiddled<V>(stage, in, t, k);
        Vector sums[kPairs], differences[kPairs];
        Vector total = terms[0];
        for (int t = 1; t <= kPairs; ++t) {
          sums[t - 1] = terms[t] + terms[Radix - t];
          differences[t - 1] = terms[t] - terms[Radix - t];
          total = total + sums[t - 1];
        }
        V::store(out + k, total);
        for (int h = 1; h <= kPairs; ++h) {
          Vector cosine = terms[0], sine = V::splat(0);
          for (int t = 1; t <= kPairs; ++t) {
            cosine = cosine + sums[t - 1] * cosines[h][t - 1];
            sine = sine + differences[t - 1] * sines[h][t - 1];
          }
          Vector turned = V::swap(sine) * timesI;
          V::store(out + k + h * length, cosine + turned);
          V::store(out + k + (Radix - h) * length, cosine - turned);
        }
      }
    }
  }

  /// Any other radix: the twiddled terms, then an r-point transform by
  /// its definition (r <= 13).
  TEN_INLINE void runRadix(const Stage &stage, const Complex *from,
                           Complex *to) const {
    int64_t radix = stage.radix, length = stage.length, part = stage.part;
    Complex terms[kLargestRadix];
    for (int64_t g = 0; g < stage.groups; ++g)
      for (int64_t k = 0; k < length; ++k) {
        const Complex *in = from + g * length + k;
        terms[0] = in[0];
        for (int64_t t = 1; t < radix; ++t)
          terms[t] =
              multiply(in[t * part], stage.twiddles[(t - 1) * length + k]);
        Complex *out = to + g * radix * length + k;
        for (int64_t h = 0; h < radix; ++h) {
          Complex sum = terms[0];
          for (int64_t t = 1; t < radix; ++t)
            sum += multiply(terms[t], stage.roots[(t * h) % radix]);
          out[h * length] = sum;
        }
      }
  }

  void buildBluestein(int sign) {
    bluestein = true;
    int64_t m = 1;
    while (m < 2 * n - 1)
      m *= 2;
    convolution = std::make_unique<Plan>(m, -1);
    inverseConvolution = std::make_unique<Plan>(m, 1);
    chirp.resize(n);
    for (int64_t j = 0; j < n; ++j)
      chirp[j] = unit<Real>(sign, (j * j) % (2 * n), 2 * n);
    // The kernel conj(c[|d|]) at offsets d and M - d, transformed once.
    kernel.assign(m, Complex(0));
    for (int64_t d = 0; d < n; ++d) {
      kernel[d] = std::conj(chirp[d]);
      if (d > 0)
        kernel[m - d] = std::conj(chirp[d]);
    }
    std::vector<Complex> scratch(convolution->getScratchSize());
    convolution->run(kernel.data(), scratch.data());
    // 1/M of the inverse, folded into the kernel.
    for (Complex &value : kernel)
      value /= static_cast<Real>(m);
  }

  void runBluestein(Complex *line, Complex *scratch) const {
    int64_t m = convolution->n;
    Complex *padded = scratch, *inner = scratch + m;
    for (int64_t j = 0; j < n; ++j)
      padded[j] = multiply(line[j], chirp[j]);
    std::fill(padded + n, padded + m, Complex(0));
    convolution->run(padded, inner);
    for (int64_t j = 0; j < m; ++j)
      padded[j] = multiply(padded[j], kernel[j]);
    inverseConvolution->run(padded, inner);
    for (int64_t k = 0; k < n; ++k)
      line[k] = multiply(padded[k], chirp[k]);
  }

  int64_t n;
  int sign;
  std::vector<Stage> stages;
  bool bluestein = false;
  std::unique_ptr<Plan> convolution, inverseConvolution;
  std::vector<Complex> chirp, kernel;
};

/// The lines of a buffer along `dim`: `count` of them, each of `length`
/// elements `stride` apart; line i starts at getOffset(i).
struct Lines {
  int64_t count = 1, length, stride;
  std::vector<int64_t> sizes, strides; // the other dimensions'

  Lines(const TenrtUnrankedMemRef *memref, size_t elementBytes, int32_t dim,
        uint8_t *&base) {
    Buffer buffer(memref->rank, memref->descriptor, elementBytes);
    base = buffer.base;
    length = buffer.sizes[dim];
    stride = buffer.strides[dim];
    for (int64_t d = 0; d < memref->rank; ++d) {
      if (d == dim)
        continue;
      sizes.push_back(buffer.sizes[d]);
      strides.push_back(buffer.strides[d]);
      count *= buffer.sizes[d];
    }
  }

  int64_t getOffset(int64_t line) const {
    int64_t offset = 0;
    for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
      offset += (line % sizes[d]) * strides[d];
      line /= sizes[d];
    }
    return offset;
  }
};

/// Runs `transform(from, inStride, to, outStride, work)` on every pair of
/// lines of `input` and `output` (elements of types In and Out) along
/// `dim`, on up to `threads` threads, `work` a thread's `workSize` complex
/// elements of type Work; `length` is the transform's, for the split.
template <typename In, typename Out, typename Work, typename Transform>
void forEachLinePair(const TenrtUnrankedMemRef *input,
                     const TenrtUnrankedMemRef *output, int32_t dim,
                     int32_t threads, int64_t length, int64_t workSize,
                     Transform transform) {
  uint8_t *inBase, *outBase;
  Lines in(input, sizeof(In), dim, inBase);
  Lines out(output, sizeof(Out), dim, outBase);
  int64_t workers = 1;
  if (threads > 1 && in.count > 1 && in.count * length >= kShortestThreadedWork)
    workers = std::min<int64_t>(threads, in.count);
  runOnThreads(workers, in.count, [&](int64_t, int64_t begin, int64_t end) {
    AlignedVector<Work> work(workSize);
    for (int64_t index = begin; index < end; ++index)
      transform(reinterpret_cast<const In *>(inBase) + in.getOffset(index),
                in.stride,
                reinterpret_cast<Out *>(outBase) + out.getOffset(index),
                out.stride, work.data());
  });
}

/// The length of the lines of `memref` along `dim`, and whether it holds
/// any.
std::pair<int64_t, bool> getLineLength(const TenrtUnrankedMemRef *memref,
                                       int32_t dim) {
  Buffer buffer(memref->rank, memref->descriptor, 1);
  bool any = true;
  for (int64_t d = 0; d < memref->rank; ++d)
    any = any && buffer.sizes[d] > 0;
  return {buffer.sizes[dim], any};
}

/// The plan of type PlanType (Plan or RealPlan) of n elements in the
/// direction `sign`, shared by the calls: the last kCachedPlans of each
/// type are kept, the one used moved to the front. Building one takes a
/// sine and a cosine per factor: 15% of an rfft of 64 lines of 4096 f32
/// (perf, one thread). Plans are immutable once built, so threads share
/// them.
template <typename PlanType>
std::shared_ptr<const PlanType> getPlan(int64_t n, int sign) {
  constexpr size_t kCachedPlans = 8;
  struct Entry {
    int64_t n;
    int sign;
    std::shared_ptr<const PlanType> plan;
  };
  // Never destroyed: a transform may run while the process exits.
  static auto *mutex = new std::mutex;
  static auto *plans = new std::vector<Entry>;
  std::lock_guard<std::mutex> lock(*mutex);
  auto found = std::find_if(plans->begin(), plans->end(), [&](const Entry &e) {
    return e.n == n && e.sign == sign;
  });
  if (found == plans->end()) {
    if (plans->size() == kCachedPlans)
      plans->pop_back();
    plans->insert(plans->begin(),
                  Entry{n, sign, std::make_shared<const PlanType>(n, sign)});
  } else {
    std::rotate(plans->begin(), found, found + 1);
  }
  return plans->front().plan;
}

template <typename Real>
void complexTransform(const TenrtUnrankedMemRef *input,
                      const TenrtUnrankedMemRef *output, int32_t dim,
                      int32_t inverse, int32_t threads) {
  using Complex = std::complex<Real>;
  auto [n, any] = getLineLength(input, dim);
  if (!any)
    return;
  auto plan = getPlan<Plan<Real>>(n, inverse ? 1 : -1);
  forEachLinePair<Complex, Complex, Complex>(
      input, output, dim, threads, n, n + plan->getScratchSize(),
      [&](const Complex *from, int64_t inStride, Complex *to, int64_t outStride,
          Complex *work) {
        const Complex *result;
        if (inStride == 1) {
          result = plan->transform(from, work, work + n);
        } else {
          for (int64_t j = 0; j < n; ++j)
            work[j] = from[j * inStride];
          result = plan->transform(work, work, work + n);
        }
        for (int64_t j = 0; j < n; ++j)
          to[j * outStride] = result[j];
      });
}

/// The real transforms of lines of n elements. An even n packs the n reals
/// as n/2 complex numbers (even elements the real parts, odd ones the
/// imaginary parts) and transforms those, half the work: the spectra E and
/// O of the even and odd elements come apart as E[k] = (Z[k] +
/// conj(Z[h - k])) / 2 and O[k] = (Z[k] - conj(Z[h - k])) / 2i, and X[k] =
/// E[k] + w^k O[k] (h = n/2, w = exp(-2 pi i / n)). The inverse runs the
/// same steps backwards. An odd n transforms the line as complex numbers.
template <typename Real>
class RealPlan {
public:
  using Complex = std::complex<Real>;

  RealPlan(int64_t n, int sign)
      : n(n), packed(n % 2 == 0 && n >= 2), plan(packed ? n / 2 : n, sign) {
    if (!packed)
      return;
    for (int64_t k = 0; k <= n / 2; ++k)
      factors.push_back(unit<Real>(-1, k, n));
    factorReals.resize(factors.size());
    factorImags.resize(factors.size());
    splitFactors(factors.data(), factorReals.data(), factorImags.data(),
                 static_cast<int64_t>(factors.size()));
  }

  int64_t getWorkSize() const { return n + plan.getScratchSize(); }

  /// The n / 2 + 1 first elements of the transform of the reals `from`
  /// (`stride` apart) into `to` (`toStride` apart).
  void forward(const Real *from, int64_t stride, Complex *to, int64_t toStride,
               Complex *work) const {
    Complex *line = work, *scratch = work + n;
    if (!packed) {
      for (int64_t j = 0; j < n; ++j)
        line[j] = Complex(from[j * stride], 0);
      const Complex *spectrum = plan.transform(line, line, scratch);
      for (int64_t k = 0; k <= n / 2; ++k)
        to[k * toStride] = spectrum[k];
      return;
    }
    int64_t h = n / 2;
    // Contiguous reals are the complex numbers already (real, imaginary):
    // the first stage reads them where they lie.
    const Complex *z;
    if (stride == 1) {
      z = plan.transform(reinterpret_cast<const Complex *>(from), line,
                         scratch);
    } else {
      for (int64_t j = 0; j < h; ++j)
        line[j] = Complex(from[2 * j * stride], from[(2 * j + 1) * stride]);
      z = plan.transform(line, line, scratch);
    }
    // Z[0] is its own mirror, and X[h] takes Z[0] again; between them
    // the loops run without wrapping, contiguous ones in vectors.
    to[0] = combine(0, z[0], z[0]);
    if (toStride == 1)
      runInHostVectors<Real>([&](auto vectors) TEN_INLINE {
        combineLine<decltype(vectors)>(z, to, h);
      });
    else
      for (int64_t k = 1; k < h; ++k)
        to[k * toStride] = combine(k, z[k], z[h - k]);
    to[h * toStride] = combine(h, z[0], z[0]);
  }

  /// The n reals (`stride` apart, into `to`) whose transform begins with
  /// the n / 2 + 1 elements `from` (`fromStride` apart), times n; the
  /// imaginary parts of the first and, for an even n, the last ignored.
  void inverse(const Complex *from, int64_t fromStride, Real *to,
               int64_t stride, Complex *work) const {
    Complex *line = work, *scratch = work + n;
    int64_t m = n / 2 + 1;
    if (!packed) {
      for (int64_t k = 0; k < n; ++k)
        line[k] = k < m ? from[k * fromStride]
                        : std::conj(from[(n - k) * fromStride]);
      line[0] = Complex(line[0].real(), 0);
      const Complex *result = plan.transform(line, line, scratch);
      for (int64_t j = 0; j < n; ++j)
        to[j * stride] = result[j].real();
      return;
    }
    int64_t h = n / 2;
    // X[0] and X[h] without their imaginary parts meet at k = 0; between
    // them the loops run without the test, contiguous ones in vectors.
    line[0] = separate(0, Complex(from[0].real(), 0),
                       Complex(from[h * fromStride].real(), 0));
    if (fromStride == 1)
      runInHostVectors<Real>([&](auto vectors) TEN_INLINE {
        separateLine<decltype(vectors)>(from, line, h);
      });
    else
      for (int64_t k = 1; k < h; ++k)
        line[k] = separate(k, from[k * fromStride], from[(h - k) * fromStride]);
    const Complex *result = plan.transform(line, line, scratch);
    if (stride == 1) {
      std::memcpy(to, result, sizeof(Complex) * h);
      return;
    }
    for (int64_t j = 0; j < h; ++j) {
      to[2 * j * stride] = result[j].real();
      to[(2 * j + 1) * stride] = result[j].imag();
    }
  }

private:
  /// X[k] = E[k] + w^k O[k] from Z[k] and Z[h - k] (the class comment).
  TEN_INLINE Complex combine(int64_t k, Complex z, Complex zMirror) const {
    Complex mirror = std::conj(zMirror);
    Complex even = (z + mirror) * Real(0.5);
    Complex difference = (z - mirror) * Real(0.5);
    Complex odd(difference.imag(), -difference.real()); // / i
    return even + multiply(factors[k], odd);
  }

  /// to[k] = combine(k, z[k], z[h - k]) for k from 1 to h - 1, in vectors
  /// V (or scalar code), the mirror reversed in a register, the same
  /// operations in the same order; the last few as combine does.
  template <typename V>
  TEN_INLINE void combineLine(const Complex *z, Complex *to, int64_t h) const {
    int64_t k = 1;
    if constexpr (!std::is_same_v<V, ScalarCode>) {
      using Vector = typename V::Vector;
      Vector half = V::splat(Real(0.5)), conjugate = V::alternate(1);
      for (; k + V::kLanes <= h; k += V::kLanes) {
        Vector x = V::load(z + k);
        Vector mirror =
            V::reverse(V::load(z + h - k - (V::kLanes - 1))) * conjugate;
        Vector even = (x + mirror) * half, difference = (x - mirror) * half;
        Vector odd = V::swap(difference) * conjugate; // / i
        V::store(to + k,
                 even + V::multiply(odd, V::load(factorReals.data() + k),
                                    V::load(factorImags.data() + k)));
      }
    }
    for (; k < h; ++k)
      to[k] = combine(k, z[k], z[h - k]);
  }

  /// Z[k] of the packed line from X[k] and X[h - k] (the inverse of
  /// combine): E[k] + i O[k] w^-k, E and O times 2.
  TEN_INLINE Complex separate(int64_t k, Complex x, Complex xMirror) const {
    Complex mirror = std::conj(xMirror);
    Complex even = x + mirror;
    Complex odd = multiply(x - mirror, std::conj(factors[k]));
    return even + Complex(-odd.imag(), odd.real()); // + i odd
  }

  /// line[k] = separate(k, from[k], from[h - k]) for k from 1 to h - 1 as
  /// combineLine.
  template <typename V>
  TEN_INLINE void separateLine(const Complex *from, Complex *line,
                               int64_t h) const {
    int64_t k = 1;
    if constexpr (!std::is_same_v<V, ScalarCode>) {
      using Vector = typename V::Vector;
      Vector conjugate = V::alternate(1), timesI = V::alternate(-1);
      for (; k + V::kLanes <= h; k += V::kLanes) {
        Vector x = V::load(from + k);
        Vector mirror =
            V::reverse(V::load(from + h - k - (V::kLanes - 1))) * conjugate;
        // By conj(w^k): the split imaginary parts negated.
        Vector odd = V::multiply(x - mirror, V::load(factorReals.data() + k),
                                 -V::load(factorImags.data() + k));
        V::store(line + k, (x + mirror) + V::swap(odd) * timesI);
      }
    }
    for (; k < h; ++k)
      line[k] = separate(k, from[k], from[h - k]);
  }

  int64_t n;
  bool packed;
  Plan<Real> plan;
  std::vector<Complex> factors;
  // The factors split for vector products (splitFactors).
  AlignedVector<Complex> factorReals, factorImags;
};

#undef TEN_INLINE

template <typename Real>
void realTransform(const TenrtUnrankedMemRef *input,
                   const TenrtUnrankedMemRef *output, int32_t dim,
                   int32_t threads) {
  using Complex = std::complex<Real>;
  // The compiled code checks that n >= 1.
  auto [n, any] = getLineLength(input, dim);
  if (!any)
    return;
  auto plan = getPlan<RealPlan<Real>>(n, -1);
  forEachLinePair<Real, Complex, Complex>(
      input, output, dim, threads, n, plan->getWorkSize(),
      [&](const Real *from, int64_t inStride, Complex *to, int64_t outStride,
          Complex *work) {
        plan->forward(from, inStride, to, outStride, work);
      });
}

template <typename Real>
void realInverseTransform(const TenrtUnrankedMemRef *input,
                          const TenrtUnrankedMemRef *output, int32_t dim,
                          int32_t threads) {
  using Complex = std::complex<Real>;
  auto [n, any] = getLineLength(output, dim);
  if (!any)
    return;
  auto plan = getPlan<RealPlan<Real>>(n, 1);
  forEachLinePair<Complex, Real, Complex>(
      input, output, dim, threads, n, plan->getWorkSize(),
      [&](const Complex *from, int64_t inStride, Real *to, int64_t outStride,
          Complex *work) {
        plan->inverse(from, inStride, to, outStride, work);
      });
}

} // namespace

extern "C" {
#define TEN_FOURIER_PRECISION(Real, Complex, Type)                             \
  void tenrtFft##Complex(const TenrtUnrankedMemRef *input,                     \
                         const TenrtUnrankedMemRef *output, int32_t dim,       \
                         int32_t inverse, int32_t threads) {                   \
    complexTransform<Type>(input, output, dim, inverse, threads);              \
  }                                                                            \
  void tenrtRfft##Real(const TenrtUnrankedMemRef *input,                       \
                       const TenrtUnrankedMemRef *output, int32_t dim,         \
                       int32_t threads) {                                      \
    realTransform<Type>(input, output, dim, threads);                          \
  }                                                                            \
  void tenrtIrfft##Complex(const TenrtUnrankedMemRef *input,                   \
                           const TenrtUnrankedMemRef *output, int32_t dim,     \
                           int32_t threads) {                                  \
    realInverseTransform<Type>(input, output, dim, threads);                   \
  }
#include "ten/Runtime/Host/FourierPrecisions.def"
}
