//===- PartitionTest.cpp - partitioning lines of a buffer -----------------===//
//
// tenrtPartition<Suffix> called as compiled code calls it, on random lines
// of floats (NaN, -0 and +0, many ties) and integers: short lines (sorted by
// insertion) and long ones (the radix select, keys packed with their
// positions or not), lines along a strided dimension, several lines over
// two threads, ascending and descending, values and indices written alone
// or together. Each is checked against a stable sort in NumPy's order: the
// element and index at every position asked for, nothing out of order on
// either side of one, the indices a permutation that takes the values.
// Positions that are not ascending or not in the line write nothing.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/Host/Partition.h"

#include "../../lib/Runtime/Host/PartitionBand.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <set>
#include <vector>

namespace {

/// A ranked memref descriptor of rank 2 and its unranked form.
struct Descriptor {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t sizes[2];
  int64_t strides[2];
};

template <typename T>
Descriptor describe(std::vector<T> &data, int64_t rows, int64_t columns) {
  return {data.data(), data.data(), 0, {rows, columns}, {columns, 1}};
}

/// NumPy's order: NaN after every number, -0 equal to +0.
template <typename T>
bool comesBefore(T a, T b) {
  if constexpr (std::is_floating_point_v<T>)
    return !std::isnan(a) && (std::isnan(b) || a < b);
  else
    return a < b;
}

template <typename T>
bool same(T a, T b) {
  if constexpr (std::is_floating_point_v<T>)
    if (std::isnan(a) && std::isnan(b))
      return true;
  return !comesBefore(a, b) && !comesBefore(b, a);
}

template <typename T>
using Entry = void (*)(const TenrtUnrankedMemRef *, const TenrtUnrankedMemRef *,
                       const TenrtUnrankedMemRef *, const TenrtUnrankedMemRef *,
                       int64_t, int32_t, int32_t);

template <typename T>
std::vector<T> randomLine(std::mt19937_64 &rng, size_t count) {
  std::vector<T> data(count);
  std::uniform_int_distribution<int> small(-6, 6);
  std::normal_distribution<double> normal;
  for (size_t i = 0; i < count; ++i) {
    if constexpr (std::is_floating_point_v<T>) {
      int pick = small(rng);
      data[i] = pick == -6   ? T(NAN)
                : pick == -5 ? T(-0.0)
                : pick == -4 ? T(0.0)
                : pick == 6  ? T(1.5)
                             : T(normal(rng));
    } else {
      data[i] = T(small(rng));
    }
  }
  return data;
}

/// Partitions the `rows` x `columns` buffer `input` along `dim` about `kth`
/// with `flags` and checks every line.
template <typename T>
void checkPartitionOf(Entry<T> partition, std::vector<T> input, int64_t rows,
                      int64_t columns, int64_t dim, std::vector<int64_t> kth,
                      int32_t flags, int32_t threads) {
  std::vector<T> values(input.size(), T(7));
  std::vector<int64_t> indices(input.size(), -1);
  Descriptor in = describe(input, rows, columns),
             out = describe(values, rows, columns),
             positions = describe(indices, rows, columns);
  Descriptor kthDescriptor{
      kth.data(), kth.data(), 0, {int64_t(kth.size()), 1}, {1, 1}};
  TenrtUnrankedMemRef inRef{2, &in}, outRef{2, &out},
      positionsRef{2, &positions}, kthRef{1, &kthDescriptor};
  partition(&inRef, &outRef, &positionsRef, &kthRef, dim, flags, threads);

  bool descending = flags & TENRT_SORT_DESCENDING;
  bool withValues = flags & TENRT_SORT_WRITE_VALUES;
  bool withIndices = flags & TENRT_SORT_WRITE_INDICES;
  int64_t length = dim == 0 ? rows : columns;
  int64_t lines = dim == 0 ? columns : rows;
  auto at = [&](int64_t line, int64_t l) {
    return dim == 0 ? l * columns + line : line * columns + l;
  };
  auto before = [&](T a, T b) {
    return descending ? comesBefore(b, a) : comesBefore(a, b);
  };
  for (int64_t line = 0; line < lines; ++line) {
    std::vector<int64_t> order(length);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
      return before(input[at(line, a)], input[at(line, b)]);
    });
    std::vector<T> got(length);
    for (int64_t l = 0; l < length; ++l) {
      if (withIndices) {
        int64_t index = indices[at(line, l)];
        ASSERT_TRUE(index >= 0 && index < length) << index;
        got[l] = input[at(line, index)];
        if (withValues) {
          ASSERT_TRUE(same(values[at(line, l)], got[l])) << line << " " << l;
        }
      } else {
        got[l] = values[at(line, l)];
      }
    }
    if (withIndices) {
      std::set<int64_t> seen;
      for (int64_t l = 0; l < length; ++l)
        seen.insert(indices[at(line, l)]);
      EXPECT_EQ(int64_t(seen.size()), length);
    } else {
      std::vector<T> sorted = got;
      std::stable_sort(sorted.begin(), sorted.end(), before);
      for (int64_t l = 0; l < length; ++l)
        EXPECT_TRUE(same(sorted[l], input[at(line, order[l])]));
    }
    for (int64_t k : kth) {
      T element = input[at(line, order[k])];
      EXPECT_TRUE(same(got[k], element)) << "line " << line << " kth " << k;
      if (withIndices) {
        EXPECT_EQ(indices[at(line, k)], order[k]) << "kth " << k;
      }
      for (int64_t l = 0; l < k; ++l)
        EXPECT_FALSE(before(element, got[l])) << "kth " << k << " l " << l;
      for (int64_t l = k + 1; l < length; ++l)
        EXPECT_FALSE(before(got[l], element)) << "kth " << k << " l " << l;
    }
  }
}

/// checkPartitionOf on a buffer of random elements.
template <typename T>
void checkPartition(Entry<T> partition, std::mt19937_64 &rng, int64_t rows,
                    int64_t columns, int64_t dim, std::vector<int64_t> kth,
                    int32_t flags, int32_t threads) {
  checkPartitionOf<T>(partition, randomLine<T>(rng, rows * columns), rows,
                      columns, dim, std::move(kth), flags, threads);
}

std::vector<int64_t> randomPositions(std::mt19937_64 &rng, int64_t length) {
  std::set<int64_t> positions = {0, length - 1};
  std::uniform_int_distribution<int64_t> any(0, length - 1);
  for (int i = 0; i < 3; ++i)
    positions.insert(any(rng));
  return {positions.begin(), positions.end()};
}

/// Every combination of what a partition writes and its order.
const int32_t kFlagSets[] = {
    TENRT_SORT_WRITE_VALUES, TENRT_SORT_WRITE_INDICES,
    TENRT_SORT_WRITE_VALUES | TENRT_SORT_WRITE_INDICES,
    TENRT_SORT_WRITE_VALUES | TENRT_SORT_WRITE_INDICES | TENRT_SORT_DESCENDING,
    TENRT_SORT_WRITE_VALUES | TENRT_SORT_DESCENDING};

template <typename T>
void checkEveryShape(Entry<T> partition) {
  std::mt19937_64 rng(30);
  struct Shape {
    int64_t rows, columns, dim;
  };
  const Shape shapes[] = {{1, 1, 1},    {1, 5, 1},    {1, 48, 1},
                          {1, 49, 1},   {3, 300, 1},  {1, 5000, 1},
                          {4000, 3, 0}, {40, 1200, 1}};
  for (int32_t flags : kFlagSets)
    for (const Shape &shape : shapes) {
      int64_t length = shape.dim == 0 ? shape.rows : shape.columns;
      SCOPED_TRACE(testing::Message()
                   << shape.rows << "x" << shape.columns << " dim " << shape.dim
                   << " flags " << flags);
      checkPartition<T>(partition, rng, shape.rows, shape.columns, shape.dim,
                        randomPositions(rng, length), flags, /*threads=*/2);
    }
}

TEST(Partition, Doubles) { checkEveryShape<double>(tenrtPartitionF64); }
TEST(Partition, Floats) { checkEveryShape<float>(tenrtPartitionF32); }
TEST(Partition, Int8) { checkEveryShape<int8_t>(tenrtPartitionI8); }
TEST(Partition, UInt16) { checkEveryShape<uint16_t>(tenrtPartitionU16); }
TEST(Partition, Int64) { checkEveryShape<int64_t>(tenrtPartitionI64); }

/// Long lines about one position or two neighbours, and the last one
/// beside them, which a band of keys from a sample splits first
/// (PartitionBand.h): along the contiguous and the strided dimension, one
/// line and several over two threads, every flag combination; and lines
/// whose sample misses the positions, which are partitioned whole.
template <typename T>
void checkLongLinesAboutNearbyPositions(Entry<T> partition) {
  std::mt19937_64 rng(24);
  const int64_t length = int64_t(ten::kShortestBandLine) + 1001;
  std::uniform_int_distribution<int64_t> any(0, length - 2);
  for (int32_t flags : kFlagSets) {
    for (int64_t front : {int64_t(0), length / 2, length - 2, any(rng)}) {
      SCOPED_TRACE(testing::Message() << "flags " << flags << " kth " << front);
      checkPartition<T>(partition, rng, 1, length, 1, {front}, flags, 2);
      checkPartition<T>(partition, rng, 1, length, 1, {front, front + 1}, flags,
                        2);
      checkPartition<T>(partition, rng, length, 2, 0, {front}, flags, 2);
      checkPartition<T>(partition, rng, 3, length, 1, {front, front + 1}, flags,
                        2);
      // With the last position too (a median's NaN check), which is the
      // largest element above the band where the band does not reach it.
      if (front + 1 < length - 1) {
        checkPartition<T>(partition, rng, 1, length, 1,
                          {front, front + 1, length - 1}, flags, 2);
        checkPartition<T>(partition, rng, length, 1, 0, {front, length - 1},
                          flags, 1);
      }
    }
    // The sample's elements the largest of the line: the band, chosen about
    // the middle of the sample, lies above the middle of the line.
    std::vector<T> input = randomLine<T>(rng, length);
    for (size_t s = 0; s < ten::kBandSampleSize; ++s)
      input[ten::getBandSamplePosition(s, length)] =
          std::numeric_limits<T>::max() - T(s % 50);
    SCOPED_TRACE(testing::Message() << "missed band, flags " << flags);
    checkPartitionOf<T>(partition, input, 1, length, 1, {length / 2}, flags, 1);
  }
}

TEST(Partition, LongDoublesAboutNearbyPositions) {
  checkLongLinesAboutNearbyPositions<double>(tenrtPartitionF64);
}
TEST(Partition, LongFloatsAboutNearbyPositions) {
  checkLongLinesAboutNearbyPositions<float>(tenrtPartitionF32);
}
TEST(Partition, LongInt64sAboutNearbyPositions) {
  checkLongLinesAboutNearbyPositions<int64_t>(tenrtPartitionI64);
}
TEST(Partition, LongUInt32sAboutNearbyPositions) {
  checkLongLinesAboutNearbyPositions<uint32_t>(tenrtPartitionU32);
}

TEST(Partition, PositionsOutOfOrderOrRangeWriteNothing) {
  std::mt19937_64 rng(1);
  for (std::vector<int64_t> kth :
       std::vector<std::vector<int64_t>>{{3, 1}, {2, 2}, {-1}, {10}}) {
    std::vector<double> input = randomLine<double>(rng, 10);
    std::vector<double> values(10, 7.0);
    std::vector<int64_t> indices(10, -1);
    Descriptor in = describe(input, 1, 10), out = describe(values, 1, 10),
               positions = describe(indices, 1, 10);
    Descriptor kthDescriptor{
        kth.data(), kth.data(), 0, {int64_t(kth.size()), 1}, {1, 1}};
    TenrtUnrankedMemRef inRef{2, &in}, outRef{2, &out},
        positionsRef{2, &positions}, kthRef{1, &kthDescriptor};
    tenrtPartitionF64(&inRef, &outRef, &positionsRef, &kthRef, 1,
                      TENRT_SORT_WRITE_VALUES | TENRT_SORT_WRITE_INDICES, 1);
    EXPECT_EQ(values, std::vector<double>(10, 7.0));
    EXPECT_EQ(indices, std::vector<int64_t>(10, -1));
  }
}

} // namespace
