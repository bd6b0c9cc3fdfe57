//===- ComplexVector.h - Whole complex numbers in vectors -------*- C++ -*-===//
//
// Vectors of whole complex numbers (real and imaginary parts interleaved,
// as std::complex lies in memory) in GCC's vector extensions, for the
// runtime's kernels that run in several vector widths (Fourier.cpp). Every
// function is always inlined: the kernel that instantiates them is
// compiled for a target (target("avx512f"), target("avx2"), or the
// baseline's SSE2 for 16 bytes), which chooses the instructions, so one
// template gives each width's code. Nothing here rounds differently from
// the scalar code it replaces: a product is x.re y.re - x.im y.im and x.re
// y.im + x.im y.re, its subtraction a negated product added (exact), and
// the file that uses it is compiled without contracting into FMAs.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_COMPLEXVECTOR_H
#define TEN_RUNTIME_HOST_COMPLEXVECTOR_H

#include <complex>
#include <cstdint>
#include <cstring>
#include <new>
#include <utility>
#include <vector>

// The vector types cross no call boundary (every function is inlined), so
// GCC's note that their ABI depends on the target does not apply.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace ten {

#define TEN_INLINE __attribute__((always_inline))

/// Complex numbers of `Real` in vectors of `Bytes` bytes (16, 32 or 64).
template <typename Real, int Bytes>
struct ComplexVector {
  typedef Real Vector __attribute__((vector_size(Bytes)));
  using Complex = std::complex<Real>;
  static constexpr int kReals = Bytes / sizeof(Real);
  /// Complex numbers in a vector.
  static constexpr int64_t kLanes = kReals / 2;
  /// Whether there are vectors half as wide (16 bytes, SSE2's, the
  /// narrowest): a loop whose trip count is no multiple of kLanes runs in
  /// those.
  static constexpr bool kHasNarrower = Bytes > 16;
  using Narrower = ComplexVector<Real, kHasNarrower ? Bytes / 2 : Bytes>;

  static TEN_INLINE Vector load(const Complex *at) {
    Vector value;
    std::memcpy(&value, at, sizeof(Vector));
    return value;
  }
  static TEN_INLINE void store(Complex *at, Vector value) {
    std::memcpy(at, &value, sizeof(Vector));
  }
  static TEN_INLINE Vector splat(Real v) {
    Vector value;
    for (int i = 0; i < kReals; ++i)
      value[i] = v;
    return value;
  }
  /// (v, -v) in each.
  static TEN_INLINE Vector alternate(Real v) {
    Vector value;
    for (int i = 0; i < kReals; ++i)
      value[i] = i % 2 ? -v : v;
    return value;
  }
  /// (x.im, x.re) of each.
  static TEN_INLINE Vector swap(Vector x) { return move<kSwap>(x, x); }
  /// The complex numbers in reverse order.
  static TEN_INLINE Vector reverse(Vector x) { return move<kReverse>(x, x); }

  /// x y, y split into (re, re) and (-im, im) (splitFactors): two
  /// products and a sum.
  static TEN_INLINE Vector multiply(Vector x, Vector yReals, Vector yImags) {
    return x * yReals + swap(x) * yImags;
  }

  /// at[4 i + j] = y[j][i]: y[j] holds output j of kLanes groups (a
  /// radix-4 first stage).
  static TEN_INLINE void storeTransposed4(Complex *at, const Vector y[4]) {
    Vector t[4];
    transpose4(y, t);
    for (int v = 0; v < 4; ++v)
      store(at + v * kLanes, t[v]);
  }

  /// at[8 i + j] = y[j][i] (a radix-8 first stage): the 4 x kLanes
  /// transposes of outputs 0-3 and 4-7, then their groups' halves
  /// side by side.
  static TEN_INLINE void storeTransposed8(Complex *at, const Vector y[8]) {
    if constexpr (kLanes == 1) {
      for (int j = 0; j < 8; ++j)
        store(at + j, y[j]);
    } else {
      Vector first[4], second[4];
      transpose4(y, first);
      transpose4(y + 4, second);
      for (int v = 0; v < 4; ++v) {
        if constexpr (kLanes == 2) {
          // first[v]: outputs 2 (v % 2) and the next of group v / 2.
          int64_t at0 = 8 * (v / 2) + 2 * (v % 2);
          store(at + at0, first[v]), store(at + at0 + 4, second[v]);
        } else if constexpr (kLanes == 4) {
          // first[v]: outputs 0-3 of group v.
          store(at + 8 * v, first[v]), store(at + 8 * v + 4, second[v]);
        } else {
          static_assert(kLanes == 8, "vectors of at most 8 complex numbers");
          // first[v]: outputs 0-3 of groups 2 v and 2 v + 1.
          store(at + 16 * v, move<kLow4>(first[v], second[v]));
          store(at + 16 * v + 8, move<kHigh4>(first[v], second[v]));
        }
      }
    }
  }

private:
  enum Move {
    kSwap,
    kReverse,
    kLow1,  // x0 y0 x1 y1 ... of the low halves, by one complex number
    kHigh1, // the same of the high halves
    kLow2,  // by two complex numbers
    kHigh2,
    kLow4, // by four
    kHigh4,
  };

  /// The 4 x kLanes transpose of y[0..3]: t[v] holds, of groups in turn,
  /// outputs 0-3 (kLanes >= 4), or two of them (kLanes = 2: t[0] outputs 0
  /// and 1 of group 0, t[1] outputs 2 and 3, t[2] and t[3] group 1's), or
  /// one (kLanes = 1): pairs of inputs interleaved by one complex number,
  /// then those pairs by two.
  static TEN_INLINE void transpose4(const Vector y[4], Vector t[4]) {
    if constexpr (kLanes == 1) {
      for (int v = 0; v < 4; ++v)
        t[v] = y[v];
    } else {
      Vector low01 = move<kLow1>(y[0], y[1]), high01 = move<kHigh1>(y[0], y[1]);
      Vector low23 = move<kLow1>(y[2], y[3]), high23 = move<kHigh1>(y[2], y[3]);
      if constexpr (kLanes == 2) {
        t[0] = low01, t[1] = low23, t[2] = high01, t[3] = high23;
      } else {
        t[0] = move<kLow2>(low01, low23), t[1] = move<kHigh2>(low01, low23);
        t[2] = move<kLow2>(high01, high23), t[3] = move<kHigh2>(high01, high23);
      }
    }
  }

  /// The element of (x, y) (x's kReals, then y's) at element i of `move`.
  static constexpr int getSource(Move move, int i) {
    switch (move) {
    case kSwap:
      return i ^ 1;
    case kReverse:
      return 2 * (kLanes - 1 - i / 2) + i % 2;
    default: {
      // Units of one, two or four complex numbers from x and y in turn,
      // from the low or high half of each.
      int unit = move == kLow1 || move == kHigh1   ? 2
                 : move == kLow2 || move == kHigh2 ? 4
                                                   : 8;
      bool high = move == kHigh1 || move == kHigh2 || move == kHigh4;
      int half = high ? kReals / unit / 2 : 0;
      int position = i / unit;
      return (position % 2 ? kReals : 0) + (position / 2 + half) * unit +
             i % unit;
    }
    }
  }
  template <Move M, size_t... I>
  static TEN_INLINE Vector shuffle(Vector x, Vector y,
                                   std::index_sequence<I...>) {
    return __builtin_shufflevector(x, y, getSource(M, I)...);
  }
  template <Move M>
  static TEN_INLINE Vector move(Vector x, Vector y) {
    return shuffle<M>(x, y, std::make_index_sequence<kReals>());
  }
};

#undef TEN_INLINE

/// Allocates on 64-byte boundaries, a cache line and the widest vector:
/// a vector store that straddles two cache lines costs about two (perf on
/// the radix-4 stages in AVX-512 vectors).
template <typename T>
struct CacheLineAllocator {
  using value_type = T;
  static constexpr std::align_val_t kAlignment{64};
  CacheLineAllocator() = default;
  template <typename U>
  CacheLineAllocator(const CacheLineAllocator<U> &) {}
  T *allocate(size_t count) {
    return static_cast<T *>(::operator new(count * sizeof(T), kAlignment));
  }
  void deallocate(T *pointer, size_t) {
    ::operator delete(pointer, kAlignment);
  }
  template <typename U>
  bool operator==(const CacheLineAllocator<U> &) const {
    return true;
  }
  template <typename U>
  bool operator!=(const CacheLineAllocator<U> &) const {
    return false;
  }
};

/// A std::vector on cache-line boundaries.
template <typename T>
using AlignedVector = std::vector<T, CacheLineAllocator<T>>;

/// (re, re) and (-im, im) of each of `count` factors at `from`: the halves
/// of ComplexVector's product by them, for factors used many times.
template <typename Real>
void splitFactors(const std::complex<Real> *from, std::complex<Real> *reals,
                  std::complex<Real> *imags, int64_t count) {
  for (int64_t i = 0; i < count; ++i) {
    reals[i] = std::complex<Real>(from[i].real(), from[i].real());
    imags[i] = std::complex<Real>(-from[i].imag(), from[i].imag());
  }
}

} // namespace ten

#pragma GCC diagnostic pop

#endif // TEN_RUNTIME_HOST_COMPLEXVECTOR_H
