//===- HostAllocator.cpp - the allocator of compiled CPU code -------------===//

#include "ten/Runtime/Host/HostAllocator.h"
#include "ten/Runtime/Host/CheckedRun.h"

#include "ten/Runtime/Host/LargePages.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>

using namespace mlir::ten;

namespace {

/// Every buffer starts `kAlignment` bytes (or its larger alignment) into a
/// block from the C library; the 16 bytes before it record the block.
constexpr size_t kAlignment = 64;
/// Buffers from this size on are kept when freed...
constexpr size_t kCachedFrom = size_t(1) << 20;
/// ...in blocks rounded up to this granule, so that sizes that differ a
/// little share blocks...
constexpr size_t kGranule = size_t(64) << 10;
/// ...up to this many bytes in all.
constexpr size_t kMaxCachedBytes = size_t(1) << 30;

struct BlockRecord {
  void *block;
  size_t capacity; // Usable bytes after the header; 0 if never cached.
  CheckedRun *run; // The run that allocated it and tracks it, if any.
};

BlockRecord &getRecord(void *pointer) {
  return *reinterpret_cast<BlockRecord *>(static_cast<char *>(pointer) -
                                          sizeof(BlockRecord));
}

struct BlockCache {
  std::mutex mutex;
  std::multimap<size_t, void *> freeBlocks; // capacity -> buffer
  size_t cachedBytes = 0;
};

BlockCache &getCache() {
  // Never destroyed: compiled code may free buffers during exit.
  static BlockCache *cache = new BlockCache;
  return *cache;
}

void *allocate(size_t alignment, size_t size) {
  size_t headerSize = alignment > kAlignment ? alignment : kAlignment;
  if (headerSize & (headerSize - 1))
    return nullptr;
  bool cacheable = headerSize == kAlignment && size >= kCachedFrom;
  size_t capacity =
      cacheable ? (size + kGranule - 1) / kGranule * kGranule : size;
  if (cacheable) {
    BlockCache &cache = getCache();
    std::lock_guard<std::mutex> lock(cache.mutex);
    auto it = cache.freeBlocks.lower_bound(capacity);
    // Reuse a block at most one granule in eight larger than asked.
    if (it != cache.freeBlocks.end() && it->first <= capacity + capacity / 8) {
      void *pointer = it->second;
      cache.cachedBytes -= it->first;
      cache.freeBlocks.erase(it);
      return pointer;
    }
  }
  // Large blocks go on huge pages, as NumPy's arrays do.
  void *block = allocateHostBuffer(headerSize, headerSize + capacity);
  if (!block)
    return nullptr;
  void *pointer = static_cast<char *>(block) + headerSize;
  getRecord(pointer) = {block, cacheable ? capacity : 0, nullptr};
  return pointer;
}

/// `allocate` for compiled code: the buffer is tracked by the thread's
/// current run, and a failure fails the run (outside one, it is null).
void *allocateInRun(size_t alignment, size_t size) {
  void *pointer = allocate(alignment, size);
  CheckedRun *run = CheckedRun::getCurrent();
  if (!pointer) {
    if (!run)
      return nullptr;
    run->failure = "'" + run->entry + "' cannot allocate " +
                   std::to_string(size) + " bytes: out of memory";
    run->fail();
  }
  getRecord(pointer).run = run;
  if (run)
    run->track(pointer);
  return pointer;
}

/// Returns a buffer to the cache or the C library.
void release(void *pointer) {
  BlockRecord record = getRecord(pointer);
  if (record.capacity) {
    BlockCache &cache = getCache();
    std::lock_guard<std::mutex> lock(cache.mutex);
    if (cache.cachedBytes + record.capacity <= kMaxCachedBytes) {
      cache.cachedBytes += record.capacity;
      cache.freeBlocks.emplace(record.capacity, pointer);
      return;
    }
  }
  freeHostBuffer(record.block);
}

} // namespace

extern "C" void *tenrtMalloc(size_t size) {
  return allocateInRun(kAlignment, size);
}

extern "C" void *tenrtCalloc(size_t count, size_t size) {
  if (size && count > SIZE_MAX / size) {
    CheckedRun *run = CheckedRun::getCurrent();
    if (!run)
      return nullptr;
    run->failure = "'" + run->entry + "' cannot allocate " +
                   std::to_string(count) + " elements of " +
                   std::to_string(size) + " bytes: more than 2^64 bytes";
    run->fail();
  }
  void *pointer = allocateInRun(kAlignment, count * size);
  if (pointer)
    std::memset(pointer, 0, count * size);
  return pointer;
}

extern "C" void *tenrtAlignedAlloc(size_t alignment, size_t size) {
  return allocateInRun(alignment, size);
}

extern "C" void tenrtFree(void *pointer) {
  if (!pointer)
    return;
  if (CheckedRun *run = getRecord(pointer).run)
    run->untrack(pointer);
  release(pointer);
}

void mlir::ten::disownRunBuffers(CheckedRun &run) {
  for (void *pointer : run.takeAllocations())
    getRecord(pointer).run = nullptr;
}

void mlir::ten::freeRunBuffers(CheckedRun &run) {
  for (void *pointer : run.takeAllocations())
    release(pointer);
}
