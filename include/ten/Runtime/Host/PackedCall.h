//===- PackedCall.h - calling an entry through its C interface --*- C++ -*-===//
//
// The executables call `_mlir_ciface_<entry>` through the ExecutionEngine's
// packed wrapper: a pointer to the buffer the result descriptors are
// written to, then a pointer to each argument's descriptor.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_PACKEDCALL_H
#define TEN_RUNTIME_HOST_PACKEDCALL_H

#include <algorithm>
#include <cstdint>
#include <vector>

namespace mlir {
namespace ten {

/// A memref descriptor as the C interface lays it out: allocated and aligned
/// pointers, offset, sizes, strides, all 8 bytes wide.
struct Descriptor {
  std::vector<int64_t> words;

  explicit Descriptor(int64_t rank) : words(3 + 2 * rank, 0) {}
  /// The descriptor at `words` (as the results come back), of rank `rank`.
  Descriptor(const int64_t *words, int64_t rank)
      : words(words, words + 3 + 2 * rank) {}
  /// A row-major buffer of `rank` sizes `shape` at `data`.
  static Descriptor rowMajor(void *data, const int64_t *shape, int64_t rank) {
    Descriptor descriptor(rank);
    descriptor.words[0] = descriptor.words[1] = reinterpret_cast<int64_t>(data);
    int64_t stride = 1;
    for (int64_t dim = rank - 1; dim >= 0; --dim) {
      descriptor.words[3 + dim] = shape[dim];
      descriptor.words[3 + rank + dim] = stride;
      stride *= shape[dim];
    }
    return descriptor;
  }

  int64_t getRank() const { return (words.size() - 3) / 2; }
  void *getAllocated() const { return reinterpret_cast<void *>(words[0]); }
  char *getAligned() const { return reinterpret_cast<char *>(words[1]); }
  int64_t getOffset() const { return words[2]; }
  int64_t getSize(int64_t dim) const { return words[3 + dim]; }
  int64_t getStride(int64_t dim) const { return words[3 + getRank() + dim]; }
};

/// The arguments of one packed call, which must stay alive during it.
class PackedCall {
public:
  /// Packs `arguments`; the descriptors of results of ranks `resultRanks`
  /// will be written to `resultStorage`, one after the other.
  PackedCall(std::vector<Descriptor> arguments,
             const std::vector<int64_t> &resultRanks,
             std::vector<int64_t> &resultStorage)
      : arguments(std::move(arguments)) {
    size_t resultWords = 0;
    for (int64_t rank : resultRanks)
      resultWords += 3 + 2 * rank;
    resultStorage.assign(std::max<size_t>(resultWords, 1), 0);
    resultPointer = resultStorage.data();
    for (Descriptor &descriptor : this->arguments)
      argumentPointers.push_back(descriptor.words.data());
    if (!resultRanks.empty())
      packed.push_back(&resultPointer);
    for (void *&pointer : argumentPointers)
      packed.push_back(&pointer);
  }
  PackedCall(const PackedCall &) = delete;
  PackedCall &operator=(const PackedCall &) = delete;

  /// What the packed wrapper takes.
  void **get() { return packed.data(); }

private:
  std::vector<Descriptor> arguments;
  std::vector<void *> argumentPointers;
  void *resultPointer = nullptr;
  std::vector<void *> packed;
};

} // namespace ten
} // namespace mlir

#endif // TEN_RUNTIME_HOST_PACKEDCALL_H
