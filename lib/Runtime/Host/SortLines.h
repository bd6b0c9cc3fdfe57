//===- SortLines.h - the keys and lines of a sort ---------------*- C++ -*-===//
//
// What sorting and partitioning lines of a buffer share (Sort.cpp,
// Partition.cpp): each element's key, an unsigned integer of its width
// whose order is NumPy's order of the elements (NaN last; -0 equal to +0),
// or the order of a complex number on its two parts; the lines of a buffer
// along one dimension; scratch arrays from the host allocator.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_RUNTIME_HOST_SORTLINES_H
#define TEN_LIB_RUNTIME_HOST_SORTLINES_H

#include "ten/Runtime/Host/HostAllocator.h"
#include "ten/Runtime/Host/Sort.h"

#include "BufferView.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <tuple>
#include <type_traits>
#include <vector>

namespace ten {

/// The key of an IEEE float of `Bits` (an unsigned integer of its width)
/// whose infinity has bits `infinity`: NaN largest, the sign bit flipped
/// for numbers that are not negative and every bit for negative ones, so
/// that keys order as the numbers do. -0 has +0's key when `equalZeros`
/// (a stable order of equal elements); else just below it, which keeps
/// its sign when only the sorted values are wanted.
///
/// Written as selects, not branches, so that the loops that make keys and
/// values of a contiguous line vectorize.
template <typename Bits>
Bits floatKey(Bits bits, Bits infinity, bool equalZeros = true) {
  constexpr unsigned top = sizeof(Bits) * 8 - 1;
  constexpr Bits sign = Bits(1) << top;
  Bits magnitude = bits & Bits(~sign);
  // Every bit of a negative number flipped, the sign bit of another.
  Bits key = bits ^ Bits(Bits(Bits(0) - Bits(bits >> top)) | sign);
  key = magnitude == 0 && equalZeros ? sign : key;
  return magnitude > infinity ? std::numeric_limits<Bits>::max() : key;
}

/// The float whose floatKey (with distinct zeros) is `key`; NaN's key gives
/// the quiet NaN `nan`.
template <typename Bits>
Bits floatOfKey(Bits key, Bits nan) {
  constexpr unsigned top = sizeof(Bits) * 8 - 1;
  constexpr Bits sign = Bits(1) << top;
  // The inverse of floatKey's flips: the key's sign bit is set for numbers
  // that are not negative.
  Bits bits = key ^ Bits(Bits(Bits(key >> top) - Bits(1)) | sign);
  return key == std::numeric_limits<Bits>::max() ? nan : bits;
}

template <typename Bits>
Bits load(const uint8_t *element) {
  Bits bits;
  std::memcpy(&bits, element, sizeof(Bits));
  return bits;
}

/// An array of `T` from the host allocator, which keeps large freed buffers
/// for the next allocation of a similar size: a sort's scratch arrays,
/// fresh from the kernel on every call, would cost a page fault per 4 KiB.
/// Empty (null) if the allocation failed, which has failed the run.
template <typename T>
class ScratchArray {
public:
  explicit ScratchArray(size_t size)
      : elements(size ? static_cast<T *>(tenrtMalloc(size * sizeof(T)))
                      : nullptr),
        count(elements ? size : 0) {}
  ScratchArray(const ScratchArray &) = delete;
  ScratchArray &operator=(const ScratchArray &) = delete;
  ~ScratchArray() { tenrtFree(elements); }

  T *data() { return elements; }
  const T *data() const { return elements; }
  size_t size() const { return count; }
  T &operator[](size_t i) { return elements[i]; }
  const T &operator[](size_t i) const { return elements[i]; }

private:
  T *elements;
  size_t count;
};

/// The key of the element at `element` of kind `key`, as an unsigned
/// integer of the element's width.
template <typename Key>
Key makeKey(const uint8_t *element, int32_t key, bool equalZeros) {
  switch (key) {
  case TENRT_SORT_Bool:
    return *element != 0;
  case TENRT_SORT_U8:
  case TENRT_SORT_U16:
  case TENRT_SORT_U32:
  case TENRT_SORT_U64:
    return load<Key>(element);
  case TENRT_SORT_I8:
  case TENRT_SORT_I16:
  case TENRT_SORT_I32:
  case TENRT_SORT_I64:
    return load<Key>(element) ^ (Key(1) << (sizeof(Key) * 8 - 1));
  case TENRT_SORT_F16:
    return floatKey<Key>(load<Key>(element), Key(0x7C00), equalZeros);
  case TENRT_SORT_BF16:
    return floatKey<Key>(load<Key>(element), Key(0x7F80), equalZeros);
  case TENRT_SORT_F32:
    return floatKey<Key>(load<Key>(element), Key(0x7F800000u), equalZeros);
  case TENRT_SORT_F64:
    return floatKey<Key>(load<Key>(element), Key(0x7FF0000000000000ull),
                         equalZeros);
  default:
    return 0;
  }
}

/// The element of kind `key` whose key (with distinct zeros) is `k`.
template <typename Key>
Key valueOfKey(Key k, int32_t key) {
  switch (key) {
  case TENRT_SORT_I8:
  case TENRT_SORT_I16:
  case TENRT_SORT_I32:
  case TENRT_SORT_I64:
    return k ^ (Key(1) << (sizeof(Key) * 8 - 1));
  case TENRT_SORT_F16:
    return floatOfKey<Key>(k, Key(0x7E00));
  case TENRT_SORT_BF16:
    return floatOfKey<Key>(k, Key(0x7FC0));
  case TENRT_SORT_F32:
    return floatOfKey<Key>(k, Key(0x7FC00000u));
  case TENRT_SORT_F64:
    return floatOfKey<Key>(k, Key(0x7FF8000000000000ull));
  default:
    return k;
  }
}

/// The order of a complex number: its class (numbers, NaN imaginary part,
/// NaN real part, both NaN), then the keys of its parts.
template <typename Part>
using ComplexOrder =
    std::tuple<int, std::make_unsigned_t<Part>, std::make_unsigned_t<Part>>;

template <typename Float, typename Bits>
ComplexOrder<Bits> complexOrder(const uint8_t *element, Bits infinity) {
  Bits re = load<Bits>(element), im = load<Bits>(element + sizeof(Float));
  constexpr Bits sign = Bits(1) << (sizeof(Bits) * 8 - 1);
  bool reNaN = (re & Bits(~sign)) > infinity;
  bool imNaN = (im & Bits(~sign)) > infinity;
  return {(reNaN ? 2 : 0) + (imNaN ? 1 : 0), floatKey<Bits>(re, infinity),
          floatKey<Bits>(im, infinity)};
}

/// The lines of the sort: `outer` x `inner` lines of `length` elements,
/// the positions before and after the sorted dimension flattened.
struct Lines {
  Buffer input, values, indices;
  int64_t rank, dim;
  int64_t outer = 1, length, inner = 1;
  size_t elementBytes;
  int32_t flags;

  Lines(Buffer input, Buffer values, Buffer indices, int64_t rank, int64_t dim,
        size_t elementBytes, int32_t flags)
      : input(input), values(values), indices(indices), rank(rank), dim(dim),
        length(input.sizes[dim]), elementBytes(elementBytes), flags(flags) {
    for (int64_t d = 0; d < dim; ++d)
      outer *= input.sizes[d];
    for (int64_t d = dim + 1; d < rank; ++d)
      inner *= input.sizes[d];
  }

  /// The offset in elements of element (o, l, i) of `buffer`.
  int64_t offset(const Buffer &buffer, int64_t o, int64_t l, int64_t i) const {
    int64_t result = l * buffer.strides[dim];
    for (int64_t d = rank - 1; d > dim; --d) {
      result += (i % buffer.sizes[d]) * buffer.strides[d];
      i /= buffer.sizes[d];
    }
    for (int64_t d = dim - 1; d >= 0; --d) {
      result += (o % buffer.sizes[d]) * buffer.strides[d];
      o /= buffer.sizes[d];
    }
    return result;
  }

  const uint8_t *element(int64_t o, int64_t l, int64_t i) const {
    return input.base + offset(input, o, l, i) * elementBytes;
  }

  /// Writes positions [begin, end) of the line at (o, i) in the order
  /// `order` (the whole line by default).
  void write(int64_t o, int64_t i, const uint32_t *order, int64_t begin = 0,
             int64_t end = -1) const {
    if (end < 0)
      end = length;
    int64_t start = offset(input, o, 0, i);
    int64_t step = input.strides[dim];
    if (flags & TENRT_SORT_WRITE_VALUES) {
      int64_t out = offset(values, o, 0, i);
      for (int64_t l = begin; l < end; ++l)
        std::memcpy(values.base +
                        (out + l * values.strides[dim]) * elementBytes,
                    input.base + (start + order[l] * step) * elementBytes,
                    elementBytes);
    }
    if (flags & TENRT_SORT_WRITE_INDICES) {
      int64_t out = offset(indices, o, 0, i);
      for (int64_t l = begin; l < end; ++l) {
        int64_t index = order[l];
        std::memcpy(indices.base + (out + l * indices.strides[dim]) * 8, &index,
                    sizeof(index));
      }
    }
  }
};

/// Sorts the `length` keys at `keys` (and their positions at `order`)
/// stably, by insertion.
template <typename Key, bool WithOrder>
void insertionSort(Key *keys, uint32_t *order, size_t length) {
  for (size_t i = 1; i < length; ++i) {
    Key key = keys[i];
    uint32_t position = WithOrder ? order[i] : 0;
    size_t j = i;
    for (; j > 0 && keys[j - 1] > key; --j) {
      keys[j] = keys[j - 1];
      if (WithOrder)
        order[j] = order[j - 1];
    }
    keys[j] = key;
    if (WithOrder)
      order[j] = position;
  }
}

/// The scratch arrays one thread sorts or partitions lines in: keys and
/// the positions they came from, and a second array of each.
template <typename Key>
struct LineScratch {
  ScratchArray<Key> keys, keyScratch;
  ScratchArray<uint32_t> order, orderScratch;

  LineScratch(size_t length, bool withOrder)
      : keys(length), keyScratch(length), order(withOrder ? length : 0),
        orderScratch(withOrder ? length : 0) {}

  /// Whether every array the line needs was allocated.
  bool isComplete(bool withOrder) const {
    return keys.data() && keyScratch.data() &&
           (!withOrder || (order.data() && orderScratch.data()));
  }
};

/// The scratch arrays of `workers` threads for lines of `length`
/// elements, allocated by the calling thread, so that a failed allocation
/// fails the run there (a worker has no run to fail): then none.
template <typename Key>
std::vector<std::unique_ptr<LineScratch<Key>>>
allocateLineScratch(int64_t workers, size_t length, bool withOrder) {
  std::vector<std::unique_ptr<LineScratch<Key>>> scratch;
  for (int64_t worker = 0; worker < workers; ++worker) {
    scratch.push_back(std::make_unique<LineScratch<Key>>(length, withOrder));
    if (!scratch.back()->isComplete(withOrder))
      return {};
  }
  return scratch;
}

/// Sorts with fewer elements than this stay on the calling thread: a thread
/// costs tens of microseconds to start.
inline constexpr int64_t kShortestThreadedSort = int64_t(1) << 15;

/// How many threads sort `lineCount` lines of `length` elements, at most
/// `threads`: one per line at most, one for small sorts.
inline int64_t getSortWorkers(int64_t lineCount, int64_t length,
                              int32_t threads) {
  if (threads <= 1 || lineCount < 2 ||
      lineCount * length < kShortestThreadedSort)
    return 1;
  return std::min<int64_t>(threads, lineCount);
}

/// The bytes of an element of kind `key`.
inline size_t getElementBytes(int32_t key) {
  switch (key) {
  case TENRT_SORT_Bool:
  case TENRT_SORT_U8:
  case TENRT_SORT_I8:
    return 1;
  case TENRT_SORT_U16:
  case TENRT_SORT_I16:
  case TENRT_SORT_F16:
  case TENRT_SORT_BF16:
    return 2;
  case TENRT_SORT_U32:
  case TENRT_SORT_I32:
  case TENRT_SORT_F32:
    return 4;
  case TENRT_SORT_U64:
  case TENRT_SORT_I64:
  case TENRT_SORT_F64:
  case TENRT_SORT_C64:
    return 8;
  case TENRT_SORT_C128:
    return 16;
  default:
    return 0;
  }
}

/// Calls `work(makeLineKey, valueOfLineKey)` with the functions of elements
/// of kind `key` (not complex), each kind's its own, so that the loops that
/// call them are compiled for each: `makeLineKey(element, equalZeros)` the
/// element's key (see floatKey), `valueOfLineKey(key)` the bits of the
/// element whose key (of distinct zeros) it is.
template <typename Key, typename Work>
void withScalarKeys(int32_t key, Work work) {
  auto withKeyMaker = [&](auto makeLineKey) {
    // The value of a key, by kind, in a loop of its own.
    switch (key) {
    case TENRT_SORT_F32:
      return work(makeLineKey,
                  [](Key k) { return floatOfKey<Key>(k, Key(0x7FC00000u)); });
    case TENRT_SORT_F64:
      return work(makeLineKey, [](Key k) {
        return floatOfKey<Key>(k, Key(0x7FF8000000000000ull));
      });
    case TENRT_SORT_I8:
    case TENRT_SORT_I16:
    case TENRT_SORT_I32:
    case TENRT_SORT_I64:
      return work(makeLineKey, [](Key k) {
        return Key(k ^ (Key(1) << (sizeof(Key) * 8 - 1)));
      });
    default:
      return work(makeLineKey,
                  [key](Key k) { return valueOfKey<Key>(k, key); });
    }
  };
  switch (key) {
  case TENRT_SORT_F16:
  case TENRT_SORT_BF16:
  case TENRT_SORT_F32:
  case TENRT_SORT_F64: {
    Key infinity = key == TENRT_SORT_F16    ? Key(0x7C00)
                   : key == TENRT_SORT_BF16 ? Key(0x7F80)
                   : key == TENRT_SORT_F32  ? Key(0x7F800000u)
                                            : Key(0x7FF0000000000000ull);
    return withKeyMaker([infinity](const uint8_t *element, bool equalZeros) {
      return floatKey<Key>(load<Key>(element), infinity, equalZeros);
    });
  }
  case TENRT_SORT_I8:
  case TENRT_SORT_I16:
  case TENRT_SORT_I32:
  case TENRT_SORT_I64:
    return withKeyMaker([](const uint8_t *element, bool) {
      return Key(load<Key>(element) ^ (Key(1) << (sizeof(Key) * 8 - 1)));
    });
  default:
    return withKeyMaker([key](const uint8_t *element, bool equalZeros) {
      return makeKey<Key>(element, key, equalZeros);
    });
  }
}

} // namespace ten

#endif // TEN_LIB_RUNTIME_HOST_SORTLINES_H
