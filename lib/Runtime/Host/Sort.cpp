//===- Sort.cpp - sorting lines of a buffer -------------------------------===//
//
// Each line is read into (key, index) pairs, the key an unsigned integer
// whose order is NumPy's order of the elements (SortLines.h), sorted stably
// (least significant digit radix sort, or insertion sort for short lines),
// and written back through the indices. Complex numbers, whose order is on
// two parts, sort by comparison.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/Host/Sort.h"

#include "RunOnThreads.h"
#include "SortLines.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <vector>

namespace {

using namespace ten;

/// Copies the `length` keys (and, if `WithOrder`, indices) that a radix
/// sort's passes left at `from` (and `orderFrom`) back into `keys` (and
/// `order`), where the sort's caller reads them, if they are elsewhere.
template <typename Key, bool WithOrder>
void moveBackAfterPasses(Key *keys, uint32_t *order, const Key *from,
                         const uint32_t *orderFrom, size_t length) {
  if (from == keys)
    return;
  std::memcpy(keys, from, length * sizeof(Key));
  if (WithOrder)
    std::memcpy(order, orderFrom, length * sizeof(uint32_t));
}

/// Sorts the `length` keys at `keys` and, if `WithOrder`, the indices at
/// `order` that go with them, stably, with a least significant digit radix
/// sort of `DigitBits`-bit digits whose
/// digits' counts are taken in one pass, skipping the digits that every key
/// shares. The scratch arrays hold `length` elements each; the result ends
/// in `keys` and `order`.
template <typename Key, bool WithOrder, unsigned DigitBits>
void radixSort(Key *keys, uint32_t *order, Key *keyScratch,
               uint32_t *orderScratch, size_t length) {
  constexpr size_t kBuckets = size_t(1) << DigitBits;
  constexpr unsigned passes = (sizeof(Key) * 8 + DigitBits - 1) / DigitBits;
  std::array<std::array<size_t, kBuckets>, passes> counts{};
  for (size_t i = 0; i < length; ++i)
    for (unsigned pass = 0; pass < passes; ++pass)
      ++counts[pass][(keys[i] >> (pass * DigitBits)) & (kBuckets - 1)];
  Key *from = keys, *to = keyScratch;
  uint32_t *orderFrom = order, *orderTo = orderScratch;
  for (unsigned pass = 0; pass < passes; ++pass) {
    std::array<size_t, kBuckets> &starts = counts[pass];
    unsigned shift = pass * DigitBits;
    // A digit every key shares moves nothing.
    if (starts[(from[0] >> shift) & (kBuckets - 1)] == length)
      continue;
    size_t total = 0;
    for (size_t digit = 0; digit < kBuckets; ++digit) {
      size_t count = starts[digit];
      starts[digit] = total;
      total += count;
    }
    for (size_t i = 0; i < length; ++i) {
      size_t slot = starts[(from[i] >> shift) & (kBuckets - 1)]++;
      to[slot] = from[i];
      if (WithOrder)
        orderTo[slot] = orderFrom[i];
    }
    std::swap(from, to);
    if (WithOrder)
      std::swap(orderFrom, orderTo);
  }
  moveBackAfterPasses<Key, WithOrder>(keys, order, from, orderFrom, length);
}

template <typename Key, bool WithOrder>
void sortKeys(size_t length, Key *keys, uint32_t *order, Key *keyScratch,
              uint32_t *orderScratch) {
  if (length <= 32)
    return insertionSort<Key, WithOrder>(keys, order, length);
  radixSort<Key, WithOrder, 8>(keys, order, keyScratch, orderScratch, length);
}

/// radixSort of one line on `workers` threads, each moving a part of the
/// keys in every pass to the slots that the digits' counts in all parts
/// give it: after the keys of the same digit in the parts before its own,
/// which keeps the sort stable. The next pass's parts are runs of whole
/// digits of this pass (each digit in the part its middle falls in), so
/// that a thread, moving a key, knows the part it moves it into and counts
/// the next digit there: only the first pass reads the keys twice.
template <typename Key, bool WithOrder, unsigned DigitBits>
void parallelRadixSort(Key *keys, uint32_t *order, Key *keyScratch,
                       uint32_t *orderScratch, size_t length, int64_t workers) {
  constexpr size_t kBuckets = size_t(1) << DigitBits;
  constexpr unsigned passes = (sizeof(Key) * 8 + DigitBits - 1) / DigitBits;
  using Counts = std::array<size_t, kBuckets>;
  // counts[p]: the digits of this pass in part p; moved[w * workers + p]:
  // the next pass's digits of the keys thread w moves into part p.
  std::vector<Counts> counts(workers), moved(workers * workers);
  std::vector<size_t> partBegin(workers + 1), nextBegin(workers + 1);
  std::array<int64_t, kBuckets> partOfDigit;
  for (int64_t part = 0; part <= workers; ++part)
    partBegin[part] = length * part / workers;
  Key *from = keys, *to = keyScratch;
  uint32_t *orderFrom = order, *orderTo = orderScratch;
  auto countDigits = [&](unsigned shift) {
    runOnThreads(workers, workers, [&](int64_t part, int64_t, int64_t) {
      Counts &partCounts = counts[part];
      partCounts.fill(0);
      for (size_t i = partBegin[part]; i < partBegin[part + 1]; ++i)
        ++partCounts[(from[i] >> shift) & (kBuckets - 1)];
    });
  };
  countDigits(0);
  for (unsigned pass = 0; pass < passes; ++pass) {
    unsigned shift = pass * DigitBits;
    bool last = pass + 1 == passes;
    unsigned nextShift = last ? 0 : shift + DigitBits;
    // A digit every key shares moves nothing.
    size_t firstDigit = (from[0] >> shift) & (kBuckets - 1);
    size_t sharing = 0;
    for (const Counts &partCounts : counts)
      sharing += partCounts[firstDigit];
    if (sharing == length) {
      if (!last)
        countDigits(nextShift);
      continue;
    }
    // Each part's first slot for each digit, and the next pass's parts.
    size_t total = 0;
    int64_t nextPart = 0;
    nextBegin[0] = 0;
    for (size_t digit = 0; digit < kBuckets; ++digit) {
      size_t digitBegin = total;
      for (Counts &partCounts : counts) {
        size_t count = partCounts[digit];
        partCounts[digit] = total;
        total += count;
      }
      int64_t part = std::min<int64_t>(
          workers - 1, static_cast<int64_t>(
                           (digitBegin + total) / 2 *
                           static_cast<unsigned __int128>(workers) / length));
      for (; nextPart < part; ++nextPart)
        nextBegin[nextPart + 1] = digitBegin;
      partOfDigit[digit] = part;
    }
    for (; nextPart < workers; ++nextPart)
      nextBegin[nextPart + 1] = length;
    runOnThreads(workers, workers, [&](int64_t worker, int64_t, int64_t) {
      Counts &starts = counts[worker];
      Counts *movedTo = &moved[worker * workers];
      for (int64_t part = 0; part < workers; ++part)
        movedTo[part].fill(0);
      for (size_t i = partBegin[worker]; i < partBegin[worker + 1]; ++i) {
        Key key = from[i];
        size_t digit = (key >> shift) & (kBuckets - 1);
        size_t slot = starts[digit]++;
        to[slot] = key;
        if (WithOrder)
          orderTo[slot] = orderFrom[i];
        if (!last)
          ++movedTo[partOfDigit[digit]][(key >> nextShift) & (kBuckets - 1)];
      }
    });
    if (!last) {
      for (int64_t part = 0; part < workers; ++part) {
        Counts &partCounts = counts[part];
        partCounts.fill(0);
        for (int64_t worker = 0; worker < workers; ++worker)
          for (size_t digit = 0; digit < kBuckets; ++digit)
            partCounts[digit] += moved[worker * workers + part][digit];
      }
      std::swap(partBegin, nextBegin);
    }
    std::swap(from, to);
    if (WithOrder)
      std::swap(orderFrom, orderTo);
  }
  moveBackAfterPasses<Key, WithOrder>(keys, order, from, orderFrom, length);
}

/// Lines at least this long are each sorted by every thread where there
/// are fewer lines than threads.
constexpr int64_t kShortestSharedLine = int64_t(1) << 16;
constexpr unsigned kLineDigitBits = 8;

/// Sorts every line of `lines` by the keys `makeLineKey` makes of their
/// elements: the element's position in the line, and its bytes; on up to
/// `threads` threads, which share a line where there are fewer lines than
/// threads and the line is long. `valueOfLineKey` turns a key (of distinct
/// zeros) back into the element's bits.
template <typename Key, typename MakeKey, typename ValueOfKey>
void sortScalarLinesBy(const Lines &lines, MakeKey makeLineKey,
                       ValueOfKey valueOfLineKey, int32_t threads) {
  bool descending = lines.flags & TENRT_SORT_DESCENDING;
  // Without indices, the keys alone are sorted and turned back into values
  // (-0 kept apart from +0, NaN as the quiet NaN): no order to carry.
  bool withOrder = lines.flags & TENRT_SORT_WRITE_INDICES;
  size_t length = static_cast<size_t>(lines.length);
  int64_t lineCount = lines.outer * lines.inner;
  int64_t workers = getSortWorkers(lineCount, lines.length, threads);
  // The threads that share each line: all of them where lines are fewer.
  int64_t lineWorkers =
      threads > 1 && lineCount < threads && lines.length >= kShortestSharedLine
          ? threads
          : 1;
  if (lineWorkers > 1)
    workers = 1;
  std::vector<std::unique_ptr<LineScratch<Key>>> scratch =
      allocateLineScratch<Key>(workers, length, withOrder);
  if (scratch.empty())
    return;
  int64_t step = lines.input.strides[lines.dim] * lines.elementBytes;
  // Largest first, NaN first, as PyTorch's descending sort; a stable sort
  // of the complemented keys keeps ties in order.
  Key flip = descending ? Key(~Key(0)) : Key(0);
  // Runs `work(begin, end)` over parts of [0, length) on the line's threads.
  auto acrossLine = [&](auto work) {
    runOnThreads(
        lineWorkers, lines.length,
        [&](int64_t, int64_t begin, int64_t end) { work(begin, end); });
  };
  runOnThreads(
      workers, lineCount, [&](int64_t worker, int64_t begin, int64_t end) {
        LineScratch<Key> &arrays = *scratch[worker];
        Key *keys = arrays.keys.data();
        uint32_t *order = arrays.order.data();
        for (int64_t line = begin; line < end; ++line) {
          int64_t o = line / lines.inner, i = line % lines.inner;
          const uint8_t *first = lines.element(o, 0, i);
          acrossLine([&](int64_t from, int64_t to) {
            const uint8_t *element = first + from * step;
            for (int64_t l = from; l < to; ++l, element += step)
              keys[l] = Key(makeLineKey(element, withOrder) ^ flip);
            if (withOrder)
              for (int64_t l = from; l < to; ++l)
                order[l] = static_cast<uint32_t>(l);
          });
          if (withOrder) {
            if (lineWorkers > 1)
              parallelRadixSort<Key, true, kLineDigitBits>(
                  keys, order, arrays.keyScratch.data(),
                  arrays.orderScratch.data(), length, lineWorkers);
            else
              sortKeys<Key, true>(length, keys, order, arrays.keyScratch.data(),
                                  arrays.orderScratch.data());
            acrossLine([&](int64_t from, int64_t to) {
              lines.write(o, i, order, from, to);
            });
            continue;
          }
          if (lineWorkers > 1)
            parallelRadixSort<Key, false, kLineDigitBits>(
                keys, nullptr, arrays.keyScratch.data(), nullptr, length,
                lineWorkers);
          else
            sortKeys<Key, false>(length, keys, nullptr,
                                 arrays.keyScratch.data(), nullptr);
          int64_t out = lines.offset(lines.values, o, 0, i);
          int64_t outStep = lines.values.strides[lines.dim];
          acrossLine([&](int64_t from, int64_t to) {
            if (outStep == 1) {
              // Contiguous: a loop the compiler vectorizes.
              Key *values = reinterpret_cast<Key *>(lines.values.base) + out;
              for (int64_t l = from; l < to; ++l)
                values[l] = valueOfLineKey(Key(keys[l] ^ flip));
              return;
            }
            for (int64_t l = from; l < to; ++l) {
              Key value = valueOfLineKey(Key(keys[l] ^ flip));
              std::memcpy(lines.values.base + (out + l * outStep) * sizeof(Key),
                          &value, sizeof(Key));
            }
          });
        }
      });
}

/// Sorts every line of `lines`, of elements of kind `key`.
template <typename Key>
void sortScalarLines(const Lines &lines, int32_t key, int32_t threads) {
  withScalarKeys<Key>(key, [&](auto makeLineKey, auto valueOfLineKey) {
    sortScalarLinesBy<Key>(lines, makeLineKey, valueOfLineKey, threads);
  });
}

template <typename Float, typename Bits>
void sortComplexLines(const Lines &lines, Bits infinity) {
  std::vector<ComplexOrder<Bits>> orders(lines.length);
  std::vector<uint32_t> order(lines.length);
  bool descending = lines.flags & TENRT_SORT_DESCENDING;
  for (int64_t o = 0; o < lines.outer; ++o) {
    for (int64_t i = 0; i < lines.inner; ++i) {
      for (int64_t l = 0; l < lines.length; ++l) {
        orders[l] = complexOrder<Float, Bits>(lines.element(o, l, i), infinity);
        order[l] = static_cast<uint32_t>(l);
      }
      std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return descending ? orders[b] < orders[a] : orders[a] < orders[b];
      });
      lines.write(o, i, order.data());
    }
  }
}

/// Sorts as tenrtSort<Suffix> of the element type of `key`.
void sort(const TenrtUnrankedMemRef *input, const TenrtUnrankedMemRef *values,
          const TenrtUnrankedMemRef *indices, int64_t dim, int32_t key,
          int32_t flags, int32_t threads) {
  size_t elementBytes = getElementBytes(key);
  int64_t rank = input->rank;
  if (rank <= 0 || dim < 0 || dim >= rank || values->rank != rank ||
      indices->rank != rank)
    return;
  Lines lines(Buffer(rank, input->descriptor, elementBytes),
              Buffer(rank, values->descriptor, elementBytes),
              Buffer(rank, indices->descriptor, 8), rank, dim, elementBytes,
              flags);
  if (lines.outer <= 0 || lines.length <= 0 || lines.inner <= 0)
    return;
  switch (key) {
  case TENRT_SORT_C64:
    return sortComplexLines<float, uint32_t>(lines, 0x7F800000u);
  case TENRT_SORT_C128:
    return sortComplexLines<double, uint64_t>(lines, 0x7FF0000000000000ull);
  default:
    break;
  }
  switch (elementBytes) {
  case 1:
    return sortScalarLines<uint8_t>(lines, key, threads);
  case 2:
    return sortScalarLines<uint16_t>(lines, key, threads);
  case 4:
    return sortScalarLines<uint32_t>(lines, key, threads);
  default:
    return sortScalarLines<uint64_t>(lines, key, threads);
  }
}

} // namespace

#define TEN_SORT_KEY(Suffix)                                                   \
  void tenrtSort##Suffix(const TenrtUnrankedMemRef *input,                     \
                         const TenrtUnrankedMemRef *values,                    \
                         const TenrtUnrankedMemRef *indices, int64_t dim,      \
                         int32_t flags, int32_t threads) {                     \
    sort(input, values, indices, dim, TENRT_SORT_##Suffix, flags, threads);    \
  }
#include "ten/Runtime/Host/SortKeys.def"
