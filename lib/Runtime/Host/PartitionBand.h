//===- PartitionBand.h - a band of keys about the positions asked --*- C++
//-*-===//
//
// A long line partitioned about positions close together (one, as NumPy's
// partition of a single kth, or the two of an even median) is first split
// about a band of its keys: a sample of the line, selected at the sample
// ranks of the positions and a margin either side, gives two keys that
// hold every position between them with high probability. One pass counts
// the keys below and inside the band, which tells whether they do; a
// second sends the keys below to the front of the result and those above
// to its back, where they stay, and gathers the band, a few percent of the
// line, for the radix select. Where the sample misses (the counts say so),
// the line is partitioned whole, as without a band: slower, never wrong.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_RUNTIME_HOST_PARTITIONBAND_H
#define TEN_LIB_RUNTIME_HOST_PARTITIONBAND_H

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>

namespace ten {

/// Lines shorter than this are partitioned whole: the band's sample and
/// second pass cost more than they save.
inline constexpr size_t kShortestBandLine = size_t(1) << 15;

/// The keys of a line that its band is chosen from.
inline constexpr size_t kBandSampleSize = 2048;

/// The sample ranks either side of the positions asked for that the band
/// takes in: a sample rank's standard deviation is at most
/// sqrt(kBandSampleSize) / 2 (22.6): the band misses fewer than one line of
/// random keys in 500 and takes about 7% of a line.
inline constexpr size_t kBandMargin = 72;

/// The position in a line of `length` keys of its band sample's key
/// `sample`: one in each of kBandSampleSize equal parts of the line, at an
/// offset in it that varies from part to part (a line whose keys repeat
/// with the parts' period is not sampled at the same phase).
inline size_t getBandSamplePosition(size_t sample, size_t length) {
  size_t part = length / kBandSampleSize;
  return sample * part + (sample * 2654435761u) % part;
}

/// Chooses the band [low, high] of the words of a line of `length` words
/// (`wordAt(l)` the word at position l) that the positions from `kthFront`
/// to `kthBack` likely fall in (a last position of the line asked for
/// beside them is the largest word above the band: scatterAboutBand finds
/// it). False if the line is too short or the
/// positions too far apart for a narrow band.
template <typename Word, typename WordAt>
bool chooseBand(size_t length, int64_t kthFront, int64_t kthBack, WordAt wordAt,
                Word &low, Word &high) {
  if (length < kShortestBandLine ||
      static_cast<size_t>(kthBack - kthFront) > length / 32)
    return false;
  std::array<Word, kBandSampleSize> sample;
  for (size_t s = 0; s < kBandSampleSize; ++s)
    sample[s] = wordAt(getBandSamplePosition(s, length));
  // The sample ranks of the positions, then the margin either side.
  size_t front = static_cast<size_t>(kthFront) * kBandSampleSize / length;
  size_t back = static_cast<size_t>(kthBack) * kBandSampleSize / length + 1;
  low = std::numeric_limits<Word>::min();
  high = std::numeric_limits<Word>::max();
  auto *begin = sample.begin();
  if (front > kBandMargin) {
    size_t rank = front - kBandMargin;
    std::nth_element(sample.begin(), sample.begin() + rank, sample.end());
    low = sample[rank];
    begin = sample.begin() + rank;
  }
  if (back + kBandMargin < kBandSampleSize) {
    size_t rank = back + kBandMargin;
    std::nth_element(begin, sample.begin() + rank, sample.end());
    high = sample[rank];
  }
  return true;
}

/// The words [begin, end) of `words` below the band [low, high], and
/// those below or in it.
template <typename Word>
__attribute__((always_inline)) inline std::pair<size_t, size_t>
countAboutBandIn(const Word *words, size_t begin, size_t end, Word low,
                 Word high) {
  size_t below = 0, notAbove = 0;
  for (size_t l = begin; l < end; ++l) {
    below += words[l] < low;
    notAbove += words[l] <= high;
  }
  return {below, notAbove};
}

/// countAboutBandIn compiled for AVX2, whose vectors compare 64-bit words
/// (the runtime's baseline, SSE2, has no such compare: its loop is scalar).
template <typename Word>
__attribute__((target("avx2"))) std::pair<size_t, size_t>
countAboutBandInAvx2(const Word *words, size_t begin, size_t end, Word low,
                     Word high) {
  return countAboutBandIn(words, begin, end, low, high);
}

/// countAboutBandIn in the host's widest vectors that it compiles for
/// (1e6 64-bit words, Zen 3, the best of 50 calls: 1.27 ms scalar, 0.22 in
/// AVX2).
template <typename Word>
std::pair<size_t, size_t> countAboutBand(const Word *words, size_t begin,
                                         size_t end, Word low, Word high) {
  static const bool hostHasAvx2 = __builtin_cpu_supports("avx2");
  if (hostHasAvx2)
    return countAboutBandInAvx2(words, begin, end, low, high);
  return countAboutBandIn(words, begin, end, low, high);
}

/// What scatterAboutBand found in a part of a line.
template <typename Word>
struct BandScatter {
  /// The words of the part in the band.
  size_t inBand = 0;
  /// The largest word above the band (the last of equal ones), where one
  /// is, and its slot in the result.
  bool anyAbove = false;
  Word largestAbove = 0;
  size_t largestSlot = 0;
};

/// Where the words [begin, end) of a line's `words` go about its band: each
/// word below the band to the next slot of the result from `front`, each
/// above it to the next from `back`, each in it to the next of `words`
/// from `begin` (and its position to `bandPositions` alike, if not null),
/// in order, for the radix select. `write(slot, l)` writes element l to
/// the result's slot, for the elements in the band too, to `bandSlot`,
/// which the band's own writes cover: no branch on where an element goes,
/// which is a coin toss about a median.
template <typename Word, typename Write>
BandScatter<Word> scatterAboutBand(Word *words, size_t begin, size_t end,
                                   Word low, Word high, size_t front,
                                   size_t back, size_t bandSlot, Write write,
                                   uint32_t *bandPositions) {
  BandScatter<Word> result;
  size_t inBand = begin, firstBack = back;
  Word largest = 0;
  size_t largestSlot = 0;
  for (size_t l = begin; l < end; ++l) {
    Word word = words[l];
    size_t isBelow = word < low;
    size_t isAbove = word > high;
    size_t slot = bandSlot + ((size_t(0) - isBelow) & (front - bandSlot)) +
                  ((size_t(0) - isAbove) & (back - bandSlot));
    write(slot, l);
    words[inBand] = word;
    if (bandPositions)
      bandPositions[inBand] = static_cast<uint32_t>(l);
    bool isLargest = isAbove && word >= largest;
    largest = isLargest ? word : largest;
    largestSlot = isLargest ? slot : largestSlot;
    front += isBelow;
    back += isAbove;
    inBand += 1 - isBelow - isAbove;
  }
  result.inBand = inBand - begin;
  result.anyAbove = back != firstBack;
  result.largestAbove = largest;
  result.largestSlot = largestSlot;
  return result;
}

} // namespace ten

#endif // TEN_LIB_RUNTIME_HOST_PARTITIONBAND_H
