//===- Fourier.cpp - ten.fft on the host ----------------------------------===//
//
// Each line is copied into a thread's contiguous workspace, transformed
// there in cache, and written to the output: a self-sorting (Stockham)
// transform whose stages combine r transforms of length L into one of rL
// for each factor r of n (fours first, then 2, 3, 5, ..., 13), ping-ponging
// between two buffers. Output (g rL + h L + k) of a stage is
// sum over t < r of x[t n/r + g L + k] w^(t k n/rL) w_r^(t h), with
// w = exp(sign 2 pi i / n) and w_r = w^(n/r): the twiddles, then an r-point
// transform. A length with a larger prime factor takes Bluestein's
// convolution by transforms of a power of two M >= 2n - 1 (the chirp's
// j^2 taken mod 2n, so its angles stay exact). The factors are computed in
// double and rounded once.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/Host/Fourier.h"

#include "BufferView.h"
#include "RunOnThreads.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <immintrin.h>
#include <memory>
#include <vector>

using namespace ten;

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

/// Whether the host runs AVX2: the stages and the real transforms' steps
/// then run their target("avx2") versions.
bool hostHasAvx2() {
  static const bool hasAvx2 = __builtin_cpu_supports("avx2");
  return hasAvx2;
}

/// The moves of whole complex numbers within AVX2 vectors that differ
/// between the precisions (target("avx2") functions only).
template <typename Real>
struct Avx2Moves;

template <>
struct Avx2Moves<float> {
  using Vector = __m256;
  /// (x.im, x.re) of each.
  __attribute__((target("avx2"))) static Vector swap(Vector x) {
    return _mm256_permute_ps(x, 0xB1);
  }
  /// (x.re, x.re) and (x.im, x.im) of each.
  __attribute__((target("avx2"))) static Vector realParts(Vector x) {
    return _mm256_moveldup_ps(x);
  }
  __attribute__((target("avx2"))) static Vector imagParts(Vector x) {
    return _mm256_movehdup_ps(x);
  }
  /// The complex numbers in reverse order.
  __attribute__((target("avx2"))) static Vector reverse(Vector x) {
    return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(x), 0x1B));
  }
  /// at[4 i + j] = y_j[i]: y_j holds output j of as many groups as a
  /// vector has complex numbers (a radix-4 stage's first stage).
  __attribute__((target("avx2"))) static void
  storeTransposed(std::complex<float> *at, Vector y0, Vector y1, Vector y2,
                  Vector y3) {
    // A complex<float> is 64 bits: a 4 x 4 transpose of doubles.
    __m256d a = _mm256_castps_pd(y0), b = _mm256_castps_pd(y1),
            c = _mm256_castps_pd(y2), d = _mm256_castps_pd(y3);
    __m256d low01 = _mm256_unpacklo_pd(a, b), high01 = _mm256_unpackhi_pd(a, b);
    __m256d low23 = _mm256_unpacklo_pd(c, d), high23 = _mm256_unpackhi_pd(c, d);
    auto *out = reinterpret_cast<double *>(at);
    _mm256_storeu_pd(out, _mm256_permute2f128_pd(low01, low23, 0x20));
    _mm256_storeu_pd(out + 4, _mm256_permute2f128_pd(high01, high23, 0x20));
    _mm256_storeu_pd(out + 8, _mm256_permute2f128_pd(low01, low23, 0x31));
    _mm256_storeu_pd(out + 12, _mm256_permute2f128_pd(high01, high23, 0x31));
  }
};

template <>
struct Avx2Moves<double> {
  using Vector = __m256d;
  __attribute__((target("avx2"))) static Vector swap(Vector x) {
    return _mm256_permute_pd(x, 0x5);
  }
  __attribute__((target("avx2"))) static Vector realParts(Vector x) {
    return _mm256_movedup_pd(x);
  }
  __attribute__((target("avx2"))) static Vector imagParts(Vector x) {
    return _mm256_permute_pd(x, 0xF);
  }
  __attribute__((target("avx2"))) static Vector reverse(Vector x) {
    return _mm256_permute2f128_pd(x, x, 0x01);
  }
  __attribute__((target("avx2"))) static void
  storeTransposed(std::complex<double> *at, Vector y0, Vector y1, Vector y2,
                  Vector y3) {
    // Two complex<double> a vector: whole 128-bit lanes move.
    auto *out = reinterpret_cast<double *>(at);
    _mm256_storeu_pd(out, _mm256_permute2f128_pd(y0, y1, 0x20));
    _mm256_storeu_pd(out + 4, _mm256_permute2f128_pd(y2, y3, 0x20));
    _mm256_storeu_pd(out + 8, _mm256_permute2f128_pd(y0, y1, 0x31));
    _mm256_storeu_pd(out + 12, _mm256_permute2f128_pd(y2, y3, 0x31));
  }
};

/// Whole complex numbers in AVX2 vectors, for the stages compiled for
/// AVX2 (target("avx2") functions only): the arithmetic on the vector
/// types' operators, the moves per precision.
template <typename Real>
struct Avx2Complex : Avx2Moves<Real> {
  using Moves = Avx2Moves<Real>;
  using Vector = typename Moves::Vector;
  using Complex = std::complex<Real>;
  static constexpr int64_t kLanes = sizeof(Vector) / sizeof(Complex);

  __attribute__((target("avx2"))) static Vector load(const Complex *at) {
    Vector value;
    std::memcpy(&value, at, sizeof(Vector));
    return value;
  }
  __attribute__((target("avx2"))) static void store(Complex *at, Vector value) {
    std::memcpy(at, &value, sizeof(Vector));
  }
  __attribute__((target("avx2"))) static Vector add(Vector x, Vector y) {
    return x + y;
  }
  __attribute__((target("avx2"))) static Vector sub(Vector x, Vector y) {
    return x - y;
  }
  __attribute__((target("avx2"))) static Vector mul(Vector x, Vector y) {
    return x * y;
  }
  __attribute__((target("avx2"))) static Vector splat(Real v) {
    Vector value;
    for (int64_t i = 0; i < 2 * kLanes; ++i)
      value[i] = v;
    return value;
  }
  /// (v, -v) in each.
  __attribute__((target("avx2"))) static Vector alternate(Real v) {
    Vector value;
    for (int64_t i = 0; i < 2 * kLanes; ++i)
      value[i] = i % 2 ? -v : v;
    return value;
  }
  /// x y: x.re y.re - x.im y.im, x.im y.re + x.re y.im (a negated product
  /// added, exactly the subtraction).
  __attribute__((target("avx2"))) static Vector multiply(Vector x, Vector y) {
    Vector byReal = x * Moves::realParts(y);
    Vector byImag = Moves::swap(x) * Moves::imagParts(y);
    return byReal + byImag * alternate(Real(-1));
  }
};

/// The transform of lines of one length in one direction.
template <typename Real>
class Plan {
public:
  using Complex = std::complex<Real>;

  Plan(int64_t n, int sign) : n(n), sign(sign) {
    int64_t rest = n;
    std::vector<int64_t> radices;
    for (int64_t radix : {4, 2, 3, 5, 7, 11, 13})
      for (; rest > 1 && rest % radix == 0; rest /= radix)
        radices.push_back(radix);
    if (rest != 1) {
      buildBluestein(sign);
      return;
    }
    int64_t length = 1;
    for (int64_t radix : radices) {
      Stage stage{radix, length, n / (radix * length), n / radix, {}, {}};
      // The twiddles of term t at k, contiguous in k: w^(t k G).
      stage.twiddles.resize((radix - 1) * length);
      for (int64_t t = 1; t < radix; ++t)
        for (int64_t k = 0; k < length; ++k)
          stage.twiddles[(t - 1) * length + k] =
              unit<Real>(sign, t * k * stage.groups, n);
      for (int64_t t = 0; t < radix; ++t)
        stage.roots.push_back(unit<Real>(sign, t, radix));
      stages.push_back(std::move(stage));
      length *= radix;
    }
  }

  /// The elements a workspace needs beside the line.
  int64_t getScratchSize() const { return bluestein ? 3 * convolution->n : n; }

  /// Transforms the n elements at `line` in place; `scratch` holds
  /// getScratchSize() elements.
  void run(Complex *line, Complex *scratch) const {
    if (bluestein)
      return runBluestein(line, scratch);
    // Where the host has AVX2, the stages of radix 2, 4, 3, 5 and 7 run in
    // AVX2 vectors of whole complex numbers (the ...Avx2 stages), the rest
    // compiled for AVX2. No FMA: the products round as on any host.
    if (hostHasAvx2())
      return runStagesAvx2(line, scratch);
    runStages(line, scratch);
  }

private:
  __attribute__((target("avx2"))) void runStagesAvx2(Complex *line,
                                                     Complex *scratch) const {
    runStages</*Avx2=*/true>(line, scratch);
  }

  template <bool Avx2 = false>
  __attribute__((always_inline)) void runStages(Complex *line,
                                                Complex *scratch) const {
    Complex *from = line, *to = scratch;
    for (const Stage &stage : stages) {
      switch (stage.radix) {
      case 4:
        if constexpr (Avx2)
          runRadix4Avx2(stage, from, to);
        else
          runRadix4(stage, from, to);
        break;
      case 2:
        if constexpr (Avx2)
          runRadix2Avx2(stage, from, to);
        else
          runRadix2(stage, from, to);
        break;
      case 3:
        if constexpr (Avx2)
          runFixedRadixAvx2<3>(stage, from, to);
        else
          runFixedRadix<3>(stage, from, to);
        break;
      case 5:
        if constexpr (Avx2)
          runFixedRadixAvx2<5>(stage, from, to);
        else
          runFixedRadix<5>(stage, from, to);
        break;
      case 7:
        if constexpr (Avx2)
          runFixedRadixAvx2<7>(stage, from, to);
        else
          runFixedRadix<7>(stage, from, to);
        break;
      default:
        runRadix(stage, from, to);
      }
      std::swap(from, to);
    }
    if (from != line)
      std::copy(from, from + n, line);
  }

  /// One stage: radix r, the length L of the transforms it combines, G = n /
  /// rL groups of them, its inputs n / r apart, and its factors.
  struct Stage {
    int64_t radix, length, groups, part;
    std::vector<Complex> twiddles; // (r - 1) rows of L
    std::vector<Complex> roots;    // exp(sign 2 pi i t / r)
  };

  // The stages' loops run along k, over contiguous elements and factors,
  // which the compiler vectorizes.
  __attribute__((always_inline)) void
  runRadix2(const Stage &stage, const Complex *from, Complex *to) const {
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

  __attribute__((always_inline)) void
  runRadix4(const Stage &stage, const Complex *from, Complex *to) const {
    int64_t length = stage.length, part = stage.part;
    const Complex *w1 = stage.twiddles.data(), *w2 = w1 + length,
                  *w3 = w2 + length;
    // A quarter turn, exactly: -i forward (turn = 1), +i inverse (-1).
    Real turn = sign < 0 ? Real(1) : Real(-1);
    if (length == 1) {
      // The first stage: every twiddle is 1, and the loop runs along the
      // groups, whose inputs are contiguous (along k it would run once).
      const Complex *__restrict x0 = from, *__restrict x1 = x0 + part;
      const Complex *__restrict x2 = x1 + part, *__restrict x3 = x2 + part;
      Complex *__restrict out = to;
      for (int64_t g = 0; g < stage.groups; ++g) {
        Complex a = x0[g], b = x1[g], c = x2[g], d = x3[g];
        Complex even0 = a + c, even1 = a - c, odd0 = b + d, odd1 = b - d;
        Complex turned(turn * odd1.imag(), -turn * odd1.real());
        out[4 * g] = even0 + odd0;
        out[4 * g + 1] = even1 + turned;
        out[4 * g + 2] = even0 - odd0;
        out[4 * g + 3] = even1 - turned;
      }
      return;
    }
    for (int64_t g = 0; g < stage.groups; ++g) {
      const Complex *__restrict x0 = from + g * length;
      const Complex *__restrict x1 = x0 + part;
      const Complex *__restrict x2 = x1 + part;
      const Complex *__restrict x3 = x2 + part;
      Complex *__restrict out = to + 4 * g * length;
      for (int64_t k = 0; k < length; ++k) {
        Complex a = x0[k], b = multiply(x1[k], w1[k]);
        Complex c = multiply(x2[k], w2[k]), d = multiply(x3[k], w3[k]);
        Complex even0 = a + c, even1 = a - c, odd0 = b + d, odd1 = b - d;
        Complex turned(turn * odd1.imag(), -turn * odd1.real());
        out[k] = even0 + odd0;
        out[k + length] = even1 + turned;
        out[k + 2 * length] = even0 - odd0;
        out[k + 3 * length] = even1 - turned;
      }
    }
  }

  /// runRadix2 as runRadix4Avx2.
  __attribute__((target("avx2"))) void
  runRadix2Avx2(const Stage &stage, const Complex *from, Complex *to) const {
    using Ops = Avx2Complex<Real>;
    using Vector = typename Ops::Vector;
    int64_t length = stage.length;
    if (length % Ops::kLanes != 0)
      return runRadix2(stage, from, to);
    const Complex *w = stage.twiddles.data();
    for (int64_t g = 0; g < stage.groups; ++g) {
      const Complex *a = from + g * length, *b = a + stage.part;
      Complex *out = to + 2 * g * length;
      for (int64_t k = 0; k < length; k += Ops::kLanes) {
        Vector product = Ops::multiply(Ops::load(b + k), Ops::load(w + k));
        Vector x = Ops::load(a + k);
        Ops::store(out + k, Ops::add(x, product));
        Ops::store(out + k + length, Ops::sub(x, product));
      }
    }
  }

  /// runRadix4 in AVX2 vectors of whole complex numbers (4 of f32, 2 of
  /// f64), where the transforms it combines are a multiple of a vector
  /// long, and for the first stage (transforms of length 1) along the
  /// groups, its outputs stored transposed: GCC left the interleaved real
  /// and imaginary parts of std::complex scalar (perf). The same
  /// operations in the same order (a product is x.re y.re - x.im y.im,
  /// x.re y.im + x.im y.re, no FMA), so the same results. With the radix-2
  /// and odd-radix stages and the real transform's last step so, W14's
  /// rfft of 1000 x 4096 f32 went from 9.8-10.0 to 2.4-2.5 ms, of 1000 x
  /// 1000 f64 from 2.52-2.56 to 0.96-0.98 (tensor-run --bench=200, 2
  /// threads, Zen 4).
  __attribute__((target("avx2"))) void
  runRadix4Avx2(const Stage &stage, const Complex *from, Complex *to) const {
    using Ops = Avx2Complex<Real>;
    using Vector = typename Ops::Vector;
    int64_t length = stage.length, part = stage.part;
    // The quarter turn: (turn odd.im, -turn odd.re) from the swapped parts.
    Vector turn = Ops::alternate(sign < 0 ? Real(1) : Real(-1));
    if (length == 1 && stage.groups % Ops::kLanes == 0) {
      // The first stage, along the groups (runRadix4): a vector holds one
      // output of kLanes groups, stored transposed.
      for (int64_t g = 0; g < stage.groups; g += Ops::kLanes) {
        Vector a = Ops::load(from + g), b = Ops::load(from + g + part);
        Vector c = Ops::load(from + g + 2 * part);
        Vector d = Ops::load(from + g + 3 * part);
        Vector even0 = Ops::add(a, c), even1 = Ops::sub(a, c);
        Vector odd0 = Ops::add(b, d), odd1 = Ops::sub(b, d);
        Vector turned = Ops::mul(Ops::swap(odd1), turn);
        Ops::storeTransposed(to + 4 * g, Ops::add(even0, odd0),
                             Ops::add(even1, turned), Ops::sub(even0, odd0),
                             Ops::sub(even1, turned));
      }
      return;
    }
    if (length % Ops::kLanes != 0)
      return runRadix4(stage, from, to);
    const Complex *w1 = stage.twiddles.data(), *w2 = w1 + length,
                  *w3 = w2 + length;
    for (int64_t g = 0; g < stage.groups; ++g) {
      const Complex *x0 = from + g * length, *x1 = x0 + part, *x2 = x1 + part,
                    *x3 = x2 + part;
      Complex *out = to + 4 * g * length;
      for (int64_t k = 0; k < length; k += Ops::kLanes) {
        Vector a = Ops::load(x0 + k);
        Vector b = Ops::multiply(Ops::load(x1 + k), Ops::load(w1 + k));
        Vector c = Ops::multiply(Ops::load(x2 + k), Ops::load(w2 + k));
        Vector d = Ops::multiply(Ops::load(x3 + k), Ops::load(w3 + k));
        Vector even0 = Ops::add(a, c), even1 = Ops::sub(a, c);
        Vector odd0 = Ops::add(b, d), odd1 = Ops::sub(b, d);
        Vector turned = Ops::mul(Ops::swap(odd1), turn);
        Ops::store(out + k, Ops::add(even0, odd0));
        Ops::store(out + k + length, Ops::add(even1, turned));
        Ops::store(out + k + 2 * length, Ops::sub(even0, odd0));
        Ops::store(out + k + 3 * length, Ops::sub(even1, turned));
      }
    }
  }

  /// A small odd radix known when compiled: its terms and roots stay in
  /// registers, and the loop along k vectorizes. The r-point transform
  /// pairs the terms (t, r - t), half the products of its definition.
  template <int Radix>
  __attribute__((always_inline)) void
  runFixedRadix(const Stage &stage, const Complex *from, Complex *to) const {
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

  /// runFixedRadix as runRadix4Avx2: the same operations in the same
  /// order, kLanes values of k at a time.
  template <int Radix>
  __attribute__((target("avx2"))) void runFixedRadixAvx2(const Stage &stage,
                                                         const Complex *from,
                                                         Complex *to) const {
    using Ops = Avx2Complex<Real>;
    using Vector = typename Ops::Vector;
    int64_t length = stage.length, part = stage.part;
    if (length % Ops::kLanes != 0)
      return runFixedRadix<Radix>(stage, from, to);
    constexpr int kPairs = (Radix - 1) / 2;
    Vector cosines[kPairs + 1][kPairs], sines[kPairs + 1][kPairs];
    for (int h = 1; h <= kPairs; ++h)
      for (int t = 1; t <= kPairs; ++t) {
        Complex root = stage.roots[(t * h) % Radix];
        cosines[h][t - 1] = Ops::splat(root.real());
        sines[h][t - 1] = Ops::splat(root.imag());
      }
    Vector timesI = Ops::alternate(Real(-1)); // (-im, re) from the swap
    for (int64_t g = 0; g < stage.groups; ++g) {
      const Complex *in = from + g * length;
      Complex *out = to + g * Radix * length;
      for (int64_t k = 0; k < length; k += Ops::kLanes) {
        Vector terms[Radix];
        terms[0] = Ops::load(in + k);
        for (int t = 1; t < Radix; ++t)
          terms[t] = Ops::multiply(
              Ops::load(in + k + t * part),
              Ops::load(stage.twiddles.data() + (t - 1) * length + k));
        Vector sums[kPairs], differences[kPairs];
        Vector total = terms[0];
        for (int t = 1; t <= kPairs; ++t) {
          sums[t - 1] = Ops::add(terms[t], terms[Radix - t]);
          differences[t - 1] = Ops::sub(terms[t], terms[Radix - t]);
          total = Ops::add(total, sums[t - 1]);
        }
        Ops::store(out + k, total);
        for (int h = 1; h <= kPairs; ++h) {
          Vector cosine = terms[0], sine = Ops::splat(0);
          for (int t = 1; t <= kPairs; ++t) {
            cosine = Ops::add(cosine, Ops::mul(sums[t - 1], cosines[h][t - 1]));
            sine =
                Ops::add(sine, Ops::mul(differences[t - 1], sines[h][t - 1]));
          }
          Vector turned = Ops::mul(Ops::swap(sine), timesI);
          Ops::store(out + k + h * length, Ops::add(cosine, turned));
          Ops::store(out + k + (Radix - h) * length, Ops::sub(cosine, turned));
        }
      }
    }
  }

  /// Any other radix: the twiddled terms, then an r-point transform by
  /// its definition (r <= 13).
  __attribute__((always_inline)) void
  runRadix(const Stage &stage, const Complex *from, Complex *to) const {
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
    std::vector<Work> work(workSize);
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

template <typename Real>
void complexTransform(const TenrtUnrankedMemRef *input,
                      const TenrtUnrankedMemRef *output, int32_t dim,
                      int32_t inverse, int32_t threads) {
  using Complex = std::complex<Real>;
  auto [n, any] = getLineLength(input, dim);
  if (!any)
    return;
  Plan<Real> plan(n, inverse ? 1 : -1);
  forEachLinePair<Complex, Complex, Complex>(
      input, output, dim, threads, n, n + plan.getScratchSize(),
      [&](const Complex *from, int64_t inStride, Complex *to, int64_t outStride,
          Complex *work) {
        for (int64_t j = 0; j < n; ++j)
          work[j] = from[j * inStride];
        plan.run(work, work + n);
        for (int64_t j = 0; j < n; ++j)
          to[j * outStride] = work[j];
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
    if (packed)
      for (int64_t k = 0; k <= n / 2; ++k)
        factors.push_back(unit<Real>(-1, k, n));
  }

  int64_t getWorkSize() const { return n + plan.getScratchSize(); }

  /// The n / 2 + 1 first elements of the transform of the reals `from`
  /// (`stride` apart) into `to` (`toStride` apart).
  void forward(const Real *from, int64_t stride, Complex *to, int64_t toStride,
               Complex *work) const {
    // Compiled for AVX2 where the host has it, as Plan's stages.
    if (hostHasAvx2())
      return forwardAvx2(from, stride, to, toStride, work);
    forwardLine(from, stride, to, toStride, work);
  }

  /// The n reals (`stride` apart, into `to`) whose transform begins with
  /// the n / 2 + 1 elements `from` (`fromStride` apart), times n; the
  /// imaginary parts of the first and, for an even n, the last ignored.
  void inverse(const Complex *from, int64_t fromStride, Real *to,
               int64_t stride, Complex *work) const {
    if (hostHasAvx2())
      return inverseAvx2(from, fromStride, to, stride, work);
    inverseLine(from, fromStride, to, stride, work);
  }

private:
  __attribute__((target("avx2"))) void forwardAvx2(const Real *from,
                                                   int64_t stride, Complex *to,
                                                   int64_t toStride,
                                                   Complex *work) const {
    forwardLine</*Avx2=*/true>(from, stride, to, toStride, work);
  }

  /// to[k] = combine(k, line[k], line[h - k]) for k from 1 to h - 1, in
  /// AVX2 vectors of whole complex numbers, the same operations in the
  /// same order; the last few as combine does.
  __attribute__((target("avx2"))) void
  combineAvx2(const Complex *line, Complex *to, int64_t h) const {
    using Ops = Avx2Complex<Real>;
    using Vector = typename Ops::Vector;
    Vector half = Ops::splat(Real(0.5)), conjugate = Ops::alternate(1);
    int64_t k = 1;
    for (; k + Ops::kLanes <= h; k += Ops::kLanes) {
      Vector z = Ops::load(line + k);
      Vector mirror = Ops::mul(
          Ops::reverse(Ops::load(line + h - k - (Ops::kLanes - 1))), conjugate);
      Vector even = Ops::mul(Ops::add(z, mirror), half);
      Vector difference = Ops::mul(Ops::sub(z, mirror), half);
      Vector odd = Ops::mul(Ops::swap(difference), conjugate); // / i
      Ops::store(
          to + k,
          Ops::add(even, Ops::multiply(Ops::load(factors.data() + k), odd)));
    }
    for (; k < h; ++k)
      to[k] = combine(k, line[k], line[h - k]);
  }

  __attribute__((target("avx2"))) void inverseAvx2(const Complex *from,
                                                   int64_t fromStride, Real *to,
                                                   int64_t stride,
                                                   Complex *work) const {
    inverseLine</*Avx2=*/true>(from, fromStride, to, stride, work);
  }

  /// X[k] = E[k] + w^k O[k] from Z[k] and Z[h - k] (the class comment).
  __attribute__((always_inline)) Complex combine(int64_t k, Complex z,
                                                 Complex zMirror) const {
    Complex mirror = std::conj(zMirror);
    Complex even = (z + mirror) * Real(0.5);
    Complex difference = (z - mirror) * Real(0.5);
    Complex odd(difference.imag(), -difference.real()); // / i
    return even + multiply(factors[k], odd);
  }

  template <bool Avx2 = false>
  __attribute__((always_inline)) void
  forwardLine(const Real *from, int64_t stride, Complex *to, int64_t toStride,
              Complex *work) const {
    Complex *line = work, *scratch = work + n;
    if (!packed) {
      for (int64_t j = 0; j < n; ++j)
        line[j] = Complex(from[j * stride], 0);
      plan.run(line, scratch);
      for (int64_t k = 0; k <= n / 2; ++k)
        to[k * toStride] = line[k];
      return;
    }
    int64_t h = n / 2;
    // Contiguous reals are the complex numbers already (real, imaginary).
    if (stride == 1)
      std::memcpy(line, from, sizeof(Complex) * h);
    else
      for (int64_t j = 0; j < h; ++j)
        line[j] = Complex(from[2 * j * stride], from[(2 * j + 1) * stride]);
    plan.run(line, scratch);
    // Z[0] is its own mirror, and X[h] takes Z[0] again; between them
    // the loops run without wrapping, contiguous ones vectorized.
    to[0] = combine(0, line[0], line[0]);
    if (toStride == 1 && Avx2)
      combineAvx2(line, to, h);
    else if (toStride == 1)
      for (int64_t k = 1; k < h; ++k)
        to[k] = combine(k, line[k], line[h - k]);
    else
      for (int64_t k = 1; k < h; ++k)
        to[k * toStride] = combine(k, line[k], line[h - k]);
    to[h * toStride] = combine(h, line[0], line[0]);
  }

  /// Z[k] of the packed line from X[k] and X[h - k] (the inverse of
  /// combine): E[k] + i O[k] w^-k, E and O times 2.
  __attribute__((always_inline)) Complex separate(int64_t k, Complex x,
                                                  Complex xMirror) const {
    Complex mirror = std::conj(xMirror);
    Complex even = x + mirror;
    Complex odd = multiply(x - mirror, std::conj(factors[k]));
    return even + Complex(-odd.imag(), odd.real()); // + i odd
  }

  /// line[k] = separate(k, from[k], from[h - k]) for k from 1 to h - 1, in
  /// AVX2 vectors as combineAvx2.
  __attribute__((target("avx2"))) void
  separateAvx2(const Complex *from, Complex *line, int64_t h) const {
    using Ops = Avx2Complex<Real>;
    using Vector = typename Ops::Vector;
    Vector conjugate = Ops::alternate(1), timesI = Ops::alternate(-1);
    int64_t k = 1;
    for (; k + Ops::kLanes <= h; k += Ops::kLanes) {
      Vector x = Ops::load(from + k);
      Vector mirror = Ops::mul(
          Ops::reverse(Ops::load(from + h - k - (Ops::kLanes - 1))), conjugate);
      Vector even = Ops::add(x, mirror);
      Vector odd =
          Ops::multiply(Ops::sub(x, mirror),
                        Ops::mul(Ops::load(factors.data() + k), conjugate));
      Ops::store(line + k, Ops::add(even, Ops::mul(Ops::swap(odd), timesI)));
    }
    for (; k < h; ++k)
      line[k] = separate(k, from[k], from[h - k]);
  }

  template <bool Avx2 = false>
  __attribute__((always_inline)) void
  inverseLine(const Complex *from, int64_t fromStride, Real *to, int64_t stride,
              Complex *work) const {
    Complex *line = work, *scratch = work + n;
    int64_t m = n / 2 + 1;
    if (!packed) {
      for (int64_t k = 0; k < n; ++k)
        line[k] = k < m ? from[k * fromStride]
                        : std::conj(from[(n - k) * fromStride]);
      line[0] = Complex(line[0].real(), 0);
      plan.run(line, scratch);
      for (int64_t j = 0; j < n; ++j)
        to[j * stride] = line[j].real();
      return;
    }
    int64_t h = n / 2;
    // X[0] and X[h] without their imaginary parts meet at k = 0; between
    // them the loops run without the test, contiguous ones vectorized.
    line[0] = separate(0, Complex(from[0].real(), 0),
                       Complex(from[h * fromStride].real(), 0));
    if (fromStride == 1 && Avx2)
      separateAvx2(from, line, h);
    else
      for (int64_t k = 1; k < h; ++k)
        line[k] = separate(k, from[k * fromStride], from[(h - k) * fromStride]);
    plan.run(line, scratch);
    if (stride == 1) {
      std::memcpy(to, line, sizeof(Complex) * h);
      return;
    }
    for (int64_t j = 0; j < h; ++j) {
      to[2 * j * stride] = line[j].real();
      to[(2 * j + 1) * stride] = line[j].imag();
    }
  }

  int64_t n;
  bool packed;
  Plan<Real> plan;
  std::vector<Complex> factors;
};

template <typename Real>
void realTransform(const TenrtUnrankedMemRef *input,
                   const TenrtUnrankedMemRef *output, int32_t dim,
                   int32_t threads) {
  using Complex = std::complex<Real>;
  // The compiled code checks that n >= 1.
  auto [n, any] = getLineLength(input, dim);
  if (!any)
    return;
  RealPlan<Real> plan(n, -1);
  forEachLinePair<Real, Complex, Complex>(
      input, output, dim, threads, n, plan.getWorkSize(),
      [&](const Real *from, int64_t inStride, Complex *to, int64_t outStride,
          Complex *work) {
        plan.forward(from, inStride, to, outStride, work);
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
  RealPlan<Real> plan(n, 1);
  forEachLinePair<Complex, Real, Complex>(
      input, output, dim, threads, n, plan.getWorkSize(),
      [&](const Complex *from, int64_t inStride, Real *to, int64_t outStride,
          Complex *work) {
        plan.inverse(from, inStride, to, outStride, work);
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
