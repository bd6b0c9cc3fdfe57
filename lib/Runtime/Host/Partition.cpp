//===- Partition.cpp - partitioning lines of a buffer ---------------------===//
//
// Each line is read into keys (SortLines.h) and, where indices are asked
// for, their positions, and partitioned about the positions `kth` by a most
// significant digit radix select: the keys of a range are scattered by
// their top digit, stably, into runs of equal digits; only the runs that
// hold a `kth` position are partitioned further, on the next digit, and a
// run of a few keys is sorted by insertion. Keys of at most 32 bits whose
// positions are asked for are packed with them in one 64-bit word. A line
// of random numbers costs about one pass of a radix sort, where a sort
// costs one per digit. Every step is stable, so each `kth` position holds
// what a stable sort puts there, and equal elements keep their order. A
// long line partitioned about positions close together is first split
// about a band of keys from a sample (PartitionBand.h), in two passes
// over it, and only the band goes through the radix select.
// Complex numbers, whose order is on two parts, are selected by comparison.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/Host/Partition.h"

#include "PartitionBand.h"
#include "RunOnThreads.h"
#include "SortLines.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using ten::allocateLineScratch;
using ten::Buffer;
using ten::insertionSort;
using ten::Lines;
using ten::LineScratch;
using ten::runOnThreads;

constexpr unsigned kDigitBits = 8;
constexpr size_t kBuckets = size_t(1) << kDigitBits;

/// The streams that count and scatter a range's keys.
constexpr size_t kParts = 4;

/// Runs of at most this many keys are sorted by insertion: scattering them
/// by a digit costs more than sorting them.
constexpr size_t kLongestInsertedRun = 48;

/// The keys of a line being partitioned, and their positions in it where
/// `WithOrder`: the partition ends in `keys` and `order`; the scratch
/// arrays are what a scatter reads from.
template <typename Key, bool WithOrder>
struct LineKeys {
  Key *keys, *keyScratch;
  uint32_t *order, *orderScratch;
};

/// Partitions the keys in [begin, end) of `line` about the positions in
/// [kthBegin, kthEnd) (ascending, each in the range), their digits above
/// `shift + kDigitBits` all alike, by their digits down to the one at
/// `lowestShift` (keys alike there are in order): they are in the scratch
/// arrays if `inScratch`, else in `keys`, and end in `keys`.
template <typename Key, bool WithOrder>
void partitionRange(const LineKeys<Key, WithOrder> &line, size_t begin,
                    size_t end, const int64_t *kthBegin, const int64_t *kthEnd,
                    int shift, int lowestShift, bool inScratch) {
  size_t length = end - begin;
  auto moveToKeys = [&] {
    if (!inScratch)
      return;
    std::memcpy(line.keys + begin, line.keyScratch + begin,
                length * sizeof(Key));
    if (WithOrder)
      std::memcpy(line.order + begin, line.orderScratch + begin,
                  length * sizeof(uint32_t));
    inScratch = false;
  };
  // The range in kParts parts, each counted and scattered by a stream of
  // its own, interleaved: where most keys share a few digits (the top ones
  // of floats), one stream would wait on its last increment of the same
  // count.
  std::array<size_t, kParts + 1> partBegin;
  for (size_t part = 0; part <= kParts; ++part)
    partBegin[part] = begin + length * part / kParts;
  size_t shortest = length / kParts;
  std::array<std::array<size_t, kBuckets>, kParts> counts;
  auto digitOf = [&](Key key) { return (key >> shift) & (kBuckets - 1); };
  for (;; shift -= kDigitBits) {
    // Every digit alike: the keys are equal, and in order.
    if (shift < lowestShift)
      return moveToKeys();
    if (length <= kLongestInsertedRun) {
      moveToKeys();
      return insertionSort<Key, WithOrder>(
          line.keys + begin, WithOrder ? line.order + begin : nullptr, length);
    }
    const Key *from = inScratch ? line.keyScratch : line.keys;
    for (auto &partCounts : counts)
      partCounts.fill(0);
    for (size_t i = 0; i < shortest; ++i)
      for (size_t part = 0; part < kParts; ++part)
        ++counts[part][digitOf(from[partBegin[part] + i])];
    for (size_t part = 0; part < kParts; ++part)
      for (size_t i = partBegin[part] + shortest; i < partBegin[part + 1]; ++i)
        ++counts[part][digitOf(from[i])];
    // A digit every key shares moves nothing: on to the next one.
    size_t firstDigit = digitOf(from[begin]), sharing = 0;
    for (const auto &partCounts : counts)
      sharing += partCounts[firstDigit];
    if (sharing != length)
      break;
  }
  // Scatter from the scratch arrays into `keys`, stably: each part's keys
  // of a digit after those of the parts before it. The counts become each
  // part's next slot for each digit.
  if (!inScratch) {
    std::memcpy(line.keyScratch + begin, line.keys + begin,
                length * sizeof(Key));
    if (WithOrder)
      std::memcpy(line.orderScratch + begin, line.order + begin,
                  length * sizeof(uint32_t));
  }
  std::array<size_t, kBuckets + 1> runBegin;
  size_t total = begin;
  for (size_t digit = 0; digit < kBuckets; ++digit) {
    runBegin[digit] = total;
    for (auto &partCounts : counts) {
      size_t count = partCounts[digit];
      partCounts[digit] = total;
      total += count;
    }
  }
  runBegin[kBuckets] = end;
  const Key *from = line.keyScratch;
  const uint32_t *orderFrom = line.orderScratch;
  auto move = [&](size_t part, size_t i) {
    Key key = from[i];
    size_t slot = counts[part][digitOf(key)]++;
    line.keys[slot] = key;
    if (WithOrder)
      line.order[slot] = orderFrom[i];
  };
  for (size_t i = 0; i < shortest; ++i)
    for (size_t part = 0; part < kParts; ++part)
      move(part, partBegin[part] + i);
  for (size_t part = 0; part < kParts; ++part)
    for (size_t i = partBegin[part] + shortest; i < partBegin[part + 1]; ++i)
      move(part, i);
  // On to the runs that hold a position asked for.
  for (const int64_t *kth = kthBegin; kth != kthEnd;) {
    size_t digit = std::upper_bound(runBegin.begin() + 1, runBegin.end(),
                                    static_cast<size_t>(*kth)) -
                   (runBegin.begin() + 1);
    const int64_t *kthStop = kth;
    while (kthStop != kthEnd &&
           static_cast<size_t>(*kthStop) < runBegin[digit + 1])
      ++kthStop;
    partitionRange<Key, WithOrder>(line, runBegin[digit], runBegin[digit + 1],
                                   kth, kthStop, shift - int(kDigitBits),
                                   lowestShift, /*inScratch=*/false);
    kth = kthStop;
  }
}

/// Partitions every line of `lines` about the positions `kth` by the keys
/// `makeLineKey` makes of their elements, on up to `threads` threads, each
/// taking whole lines. `valueOfLineKey` turns a key (of distinct zeros)
/// back into the element's bits. Where indices are written and keys have
/// at most 32 bits (`Packed`), each key and its position are one 64-bit
/// word, the key above: one array is scattered, not two, and the digits
/// of the positions are never visited (equal keys stay in order).
template <typename Key, bool Packed, typename MakeKey, typename ValueOfKey>
void partitionScalarLinesBy(const Lines &lines, const std::vector<int64_t> &kth,
                            MakeKey makeLineKey, ValueOfKey valueOfLineKey,
                            int32_t threads) {
  using Word = std::conditional_t<Packed, uint64_t, Key>;
  constexpr int kPositionBits = Packed ? 32 : 0;
  bool descending = lines.flags & TENRT_SORT_DESCENDING;
  // Without indices, the keys alone are partitioned and turned back into
  // values (-0 kept apart from +0, NaN as the quiet NaN).
  bool withOrder = lines.flags & TENRT_SORT_WRITE_INDICES;
  bool withOrderArrays = withOrder && !Packed;
  size_t length = static_cast<size_t>(lines.length);
  int64_t lineCount = lines.outer * lines.inner;
  int64_t workers = ten::getSortWorkers(lineCount, lines.length, threads);
  std::vector<std::unique_ptr<LineScratch<Word>>> scratch =
      allocateLineScratch<Word>(workers, length, withOrderArrays);
  if (scratch.empty())
    return;
  int64_t step = lines.input.strides[lines.dim] * lines.elementBytes;
  // Largest first, NaN first: the complemented keys.
  Key flip = descending ? Key(~Key(0)) : Key(0);
  int shift = kPositionBits + int(sizeof(Key) * 8) - int(kDigitBits);
  // The key of zero, which -0 shares where indices are written.
  const uint8_t zero[sizeof(Key)] = {};
  Key zeroKey = Key(makeLineKey(zero, withOrder));
  runOnThreads(
      workers, lineCount, [&](int64_t worker, int64_t begin, int64_t end) {
        LineScratch<Word> &arrays = *scratch[worker];
        Word *words = arrays.keys.data();
        uint32_t *order = arrays.order.data();
        Word *wordScratch = arrays.keyScratch.data();
        uint32_t *orderScratch = arrays.orderScratch.data();
        // The word of element `l`, the key and position of word `l`.
        auto makeWord = [&](size_t l, const uint8_t *element) {
          Key key = Key(makeLineKey(element, withOrder) ^ flip);
          if constexpr (Packed)
            return Word((uint64_t(key) << kPositionBits) | l);
          else
            return key;
        };
        auto keyAt = [&](size_t l) {
          return Key(Key(words[l] >> kPositionBits) ^ flip);
        };
        auto positionAt = [&](size_t l) {
          if constexpr (Packed)
            return uint32_t(words[l]);
          else
            return order[l];
        };
        // Partitions the first `count` words in the scratch arrays about
        // the positions `about`; they end in `words` and `order`.
        auto partitionWords = [&](size_t count,
                                  const std::vector<int64_t> &about) {
          if (withOrderArrays)
            partitionRange<Word, true>(
                {words, wordScratch, order, orderScratch}, 0, count,
                about.data(), about.data() + about.size(), shift, kPositionBits,
                /*inScratch=*/true);
          else
            partitionRange<Word, false>({words, wordScratch, nullptr, nullptr},
                                        0, count, about.data(),
                                        about.data() + about.size(), shift,
                                        kPositionBits, /*inScratch=*/true);
        };
        // Writes the words [0, count) (partitioned) to positions
        // [at, at + count) of the line at (o, i), whose elements start at
        // `first`: their indices, and their values from their keys, but for
        // the keys that -0 and +0 share where indices are written: those
        // from the input.
        auto writeWords = [&](int64_t o, int64_t i, const uint8_t *first,
                              size_t count, size_t at) {
          if (withOrder) {
            int64_t out = lines.offset(lines.indices, o, at, i);
            int64_t outStep = lines.indices.strides[lines.dim];
            auto *indices = reinterpret_cast<int64_t *>(lines.indices.base);
            for (size_t l = 0; l < count; ++l)
              indices[out + int64_t(l) * outStep] = positionAt(l);
          }
          if (!(lines.flags & TENRT_SORT_WRITE_VALUES))
            return;
          auto valueAt = [&](size_t l) {
            Key key = keyAt(l);
            if (withOrder && key == zeroKey)
              return ten::load<Key>(first + positionAt(l) * step);
            return Key(valueOfLineKey(key));
          };
          int64_t out = lines.offset(lines.values, o, at, i);
          int64_t outStep = lines.values.strides[lines.dim];
          if (outStep == 1) {
            // Contiguous: a loop the compiler vectorizes.
            Key *values = reinterpret_cast<Key *>(lines.values.base) + out;
            for (size_t l = 0; l < count; ++l)
              values[l] = valueAt(l);
            return;
          }
          for (size_t l = 0; l < count; ++l) {
            Key value = valueAt(l);
            std::memcpy(lines.values.base + (out + l * outStep) * sizeof(Key),
                        &value, sizeof(Key));
          }
        };
        // Partitions the line at (o, i), its words in the scratch arrays,
        // about a band of them (PartitionBand.h); false, having written
        // nothing, where the line takes no band or its band misses a
        // position asked for.
        auto partitionAboutBand = [&](int64_t o, int64_t i,
                                      const uint8_t *first) {
          // The line's last position asked for beside others (a median's
          // or a quantile's: its NaN makes the statistic NaN) is the
          // largest word above the band, not in it.
          bool withLast =
              kth.size() > 1 && static_cast<size_t>(kth.back()) == length - 1;
          int64_t bandBack = withLast ? kth[kth.size() - 2] : kth.back();
          Word low, high;
          if (!ten::chooseBand(
                  length, kth.front(), bandBack,
                  [&](size_t l) { return wordScratch[l]; }, low, high))
            return false;
          // The band's ends on the keys alone, every position of a key: the
          // same elements in the band whether positions are packed in the
          // words or not, so that a partition and an argpartition of a line
          // agree.
          if constexpr (Packed) {
            low = low >> kPositionBits << kPositionBits;
            high |= (Word(1) << kPositionBits) - 1;
          }
          // The line in parts, one per thread where it is the only line:
          // each part's words counted, then scattered, on a thread of its
          // own, its band gathered at its own front (the parts before it
          // may still be read), then moved after the bands before it.
          int64_t parts = workers == 1 && threads > 1 ? threads : 1;
          std::vector<size_t> partBelow(parts), partInside(parts);
          auto partBegin = [&](int64_t part) {
            return length * size_t(part) / size_t(parts);
          };
          runOnThreads(parts, parts, [&](int64_t part, int64_t, int64_t) {
            std::tie(partBelow[part], partInside[part]) = ten::countAboutBand(
                wordScratch, partBegin(part), partBegin(part + 1), low, high);
          });
          size_t below = 0, inside = 0;
          for (int64_t part = 0; part < parts; ++part) {
            below += partBelow[part];
            inside += partInside[part];
          }
          if (below > static_cast<size_t>(kth.front()) ||
              inside <= static_cast<size_t>(bandBack))
            return false;
          Key *values = lines.flags & TENRT_SORT_WRITE_VALUES
                            ? reinterpret_cast<Key *>(lines.values.base) +
                                  lines.offset(lines.values, o, 0, i)
                            : nullptr;
          int64_t valueStep = lines.values.strides[lines.dim];
          int64_t *indices =
              withOrder ? reinterpret_cast<int64_t *>(lines.indices.base) +
                              lines.offset(lines.indices, o, 0, i)
                        : nullptr;
          int64_t indexStep = lines.indices.strides[lines.dim];
          auto write = [=](size_t slot, size_t l) {
            if (values)
              std::memcpy(values + int64_t(slot) * valueStep,
                          first + int64_t(l) * step, sizeof(Key));
            if (indices)
              indices[int64_t(slot) * indexStep] = int64_t(l);
          };
          // Each part's first slots below, above and in the band.
          std::vector<size_t> partFront(parts), partBack(parts),
              partBand(parts);
          for (size_t part = 0, front = 0, back = inside, band = 0;
               part < size_t(parts); ++part) {
            partFront[part] = front;
            partBack[part] = back;
            partBand[part] = band;
            front += partBelow[part];
            back += partBegin(part + 1) - partBegin(part) - partInside[part];
            band += partInside[part] - partBelow[part];
          }
          std::vector<ten::BandScatter<Word>> scattered(parts);
          runOnThreads(parts, parts, [&](int64_t part, int64_t, int64_t) {
            scattered[part] = ten::scatterAboutBand(
                wordScratch, partBegin(part), partBegin(part + 1), low, high,
                partFront[part], partBack[part], below + partBand[part], write,
                withOrderArrays ? orderScratch : nullptr);
          });
          for (int64_t part = 1; part < parts; ++part) {
            size_t count = partInside[part] - partBelow[part];
            std::memmove(wordScratch + partBand[part],
                         wordScratch + partBegin(part), count * sizeof(Word));
            if (withOrderArrays)
              std::memmove(orderScratch + partBand[part],
                           orderScratch + partBegin(part),
                           count * sizeof(uint32_t));
          }
          // The largest word above the band (the last of equal ones, as a
          // stable sort puts it) to the last slot.
          const ten::BandScatter<Word> *largest = nullptr;
          for (const ten::BandScatter<Word> &part : scattered)
            if (part.anyAbove &&
                (!largest || part.largestAbove >= largest->largestAbove))
              largest = &part;
          if (withLast && largest && largest->largestSlot != length - 1) {
            int64_t last = int64_t(length - 1),
                    slot = int64_t(largest->largestSlot);
            if (values)
              std::swap(values[last * valueStep], values[slot * valueStep]);
            if (indices)
              std::swap(indices[last * indexStep], indices[slot * indexStep]);
          }
          std::vector<int64_t> kthInBand;
          for (int64_t k : kth)
            if (static_cast<size_t>(k) < inside)
              kthInBand.push_back(k - int64_t(below));
          size_t inBand = inside - below;
          partitionWords(inBand, kthInBand);
          writeWords(o, i, first, inBand, below);
          return true;
        };
        for (int64_t line = begin; line < end; ++line) {
          int64_t o = line / lines.inner, i = line % lines.inner;
          const uint8_t *first = lines.element(o, 0, i);
          // The words go to the scratch arrays, which the first scatter
          // reads.
          if (step == sizeof(Key)) {
            // Contiguous: a loop the compiler vectorizes.
            for (size_t l = 0; l < length; ++l)
              wordScratch[l] = makeWord(l, first + l * sizeof(Key));
          } else {
            const uint8_t *element = first;
            for (size_t l = 0; l < length; ++l, element += step)
              wordScratch[l] = makeWord(l, element);
          }
          if (sizeof(Key) >= 4 && partitionAboutBand(o, i, first))
            continue;
          if (withOrderArrays)
            for (size_t l = 0; l < length; ++l)
              orderScratch[l] = static_cast<uint32_t>(l);
          partitionWords(length, kth);
          writeWords(o, i, first, length, 0);
        }
      });
}

/// Orders `order[begin, end)` so that each position in [kthBegin, kthEnd)
/// holds what a stable sort by `less` puts there, none before it after it
/// in that order and none after it before it.
template <typename Less>
void selectPositions(uint32_t *order, size_t begin, size_t end,
                     const int64_t *kthBegin, const int64_t *kthEnd,
                     Less less) {
  while (kthBegin != kthEnd) {
    const int64_t *middle = kthBegin + (kthEnd - kthBegin) / 2;
    std::nth_element(order + begin, order + *middle, order + end, less);
    selectPositions(order, begin, static_cast<size_t>(*middle), kthBegin,
                    middle, less);
    begin = static_cast<size_t>(*middle) + 1;
    kthBegin = middle + 1;
  }
}

template <typename Float, typename Bits>
void partitionComplexLines(const Lines &lines, const std::vector<int64_t> &kth,
                           Bits infinity) {
  std::vector<ten::ComplexOrder<Bits>> orders(lines.length);
  std::vector<uint32_t> order(lines.length);
  bool descending = lines.flags & TENRT_SORT_DESCENDING;
  // Equal numbers by their positions, as a stable sort orders them.
  auto less = [&](uint32_t a, uint32_t b) {
    if (orders[a] != orders[b])
      return descending ? orders[b] < orders[a] : orders[a] < orders[b];
    return a < b;
  };
  for (int64_t o = 0; o < lines.outer; ++o) {
    for (int64_t i = 0; i < lines.inner; ++i) {
      for (int64_t l = 0; l < lines.length; ++l) {
        orders[l] =
            ten::complexOrder<Float, Bits>(lines.element(o, l, i), infinity);
        order[l] = static_cast<uint32_t>(l);
      }
      selectPositions(order.data(), 0, order.size(), kth.data(),
                      kth.data() + kth.size(), less);
      lines.write(o, i, order.data());
    }
  }
}

/// Partitions as tenrtPartition<Suffix> of the element type of `key`.
void partition(const TenrtUnrankedMemRef *input,
               const TenrtUnrankedMemRef *values,
               const TenrtUnrankedMemRef *indices,
               const TenrtUnrankedMemRef *kthBuffer, int64_t dim, int32_t key,
               int32_t flags, int32_t threads) {
  size_t elementBytes = ten::getElementBytes(key);
  int64_t rank = input->rank;
  if (rank <= 0 || dim < 0 || dim >= rank || values->rank != rank ||
      indices->rank != rank || kthBuffer->rank != 1)
    return;
  Lines lines(Buffer(rank, input->descriptor, elementBytes),
              Buffer(rank, values->descriptor, elementBytes),
              Buffer(rank, indices->descriptor, 8), rank, dim, elementBytes,
              flags);
  if (lines.outer <= 0 || lines.length <= 0 || lines.inner <= 0)
    return;
  // The positions, ascending and in the line (as compiled code checks).
  Buffer kthView(1, kthBuffer->descriptor, sizeof(int64_t));
  std::vector<int64_t> kth;
  for (int64_t k = 0; k < kthView.sizes[0]; ++k) {
    int64_t position;
    std::memcpy(&position,
                kthView.base + k * kthView.strides[0] * sizeof(int64_t),
                sizeof(position));
    if (position < 0 || position >= lines.length ||
        (!kth.empty() && position <= kth.back()))
      return;
    kth.push_back(position);
  }
  switch (key) {
  case TENRT_SORT_C64:
    return partitionComplexLines<float, uint32_t>(lines, kth, 0x7F800000u);
  case TENRT_SORT_C128:
    return partitionComplexLines<double, uint64_t>(lines, kth,
                                                   0x7FF0000000000000ull);
  default:
    break;
  }
  auto partitionScalarLines = [&](auto keyType) {
    using Key = decltype(keyType);
    ten::withScalarKeys<Key>(key, [&](auto makeLineKey, auto valueOfLineKey) {
      if constexpr (sizeof(Key) <= 4)
        if (flags & TENRT_SORT_WRITE_INDICES)
          return partitionScalarLinesBy<Key, true>(lines, kth, makeLineKey,
                                                   valueOfLineKey, threads);
      partitionScalarLinesBy<Key, false>(lines, kth, makeLineKey,
                                         valueOfLineKey, threads);
    });
  };
  switch (elementBytes) {
  case 1:
    return partitionScalarLines(uint8_t());
  case 2:
    return partitionScalarLines(uint16_t());
  case 4:
    return partitionScalarLines(uint32_t());
  default:
    return partitionScalarLines(uint64_t());
  }
}

} // namespace

#define TEN_SORT_KEY(Suffix)                                                   \
  void tenrtPartition##Suffix(                                                 \
      const TenrtUnrankedMemRef *input, const TenrtUnrankedMemRef *values,     \
      const TenrtUnrankedMemRef *indices, const TenrtUnrankedMemRef *kth,      \
      int64_t dim, int32_t flags, int32_t threads) {                           \
    partition(input, values, indices, kth, dim, TENRT_SORT_##Suffix, flags,    \
              threads);                                                        \
  }
#include "ten/Runtime/Host/SortKeys.def"
