//===- JitMemory.cpp - one arena for every JIT-compiled module ------------===//

#include "ten/Target/JitMemory.h"

#include "llvm/Support/Memory.h"
#include "llvm/Support/Process.h"

#include <map>
#include <mutex>
#include <sys/mman.h>

using namespace mlir;
using namespace mlir::ten;

namespace {

/// Pages of one reserved range of address space, handed out first fit and
/// merged with their neighbours when released.
class ArenaMemoryMapper : public llvm::SectionMemoryManager::MemoryMapper {
public:
  ArenaMemoryMapper() {
    pageBytes = llvm::sys::Process::getPageSizeEstimate();
    // Address space only: no page is backed until it is made accessible.
    void *base = mmap(nullptr, kJitArenaBytes, PROT_NONE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED)
      return;
    arena = static_cast<char *>(base);
    freeRanges[0] = kJitArenaBytes;
  }

  llvm::sys::MemoryBlock
  allocateMappedMemory(llvm::SectionMemoryManager::AllocationPurpose,
                       size_t numBytes, const llvm::sys::MemoryBlock *,
                       unsigned flags, std::error_code &error) override {
    size_t bytes = (numBytes + pageBytes - 1) / pageBytes * pageBytes;
    if (bytes == 0)
      bytes = pageBytes;
    std::lock_guard<std::mutex> lock(mutex);
    // Without an arena (the reservation failed), freeRanges is empty.
    for (auto it = freeRanges.begin(); it != freeRanges.end(); ++it) {
      if (it->second < bytes)
        continue;
      size_t offset = it->first;
      size_t left = it->second - bytes;
      freeRanges.erase(it);
      if (left)
        freeRanges[offset + bytes] = left;
      char *address = arena + offset;
      if (mprotect(address, bytes, toProtection(flags)) != 0) {
        error = std::error_code(errno, std::generic_category());
        release(offset, bytes);
        return llvm::sys::MemoryBlock();
      }
      error = std::error_code();
      return llvm::sys::MemoryBlock(address, bytes);
    }
    error = std::make_error_code(std::errc::not_enough_memory);
    return llvm::sys::MemoryBlock();
  }

  std::error_code protectMappedMemory(const llvm::sys::MemoryBlock &block,
                                      unsigned flags) override {
    if (!block.base() || block.allocatedSize() == 0)
      return std::error_code();
    // SectionMemoryManager passes the parts of its blocks that sections
    // use, which need not start or end on a page: their whole pages.
    uintptr_t start = reinterpret_cast<uintptr_t>(block.base());
    uintptr_t end = start + block.allocatedSize();
    start = start / pageBytes * pageBytes;
    end = (end + pageBytes - 1) / pageBytes * pageBytes;
    if (mprotect(reinterpret_cast<void *>(start), end - start,
                 toProtection(flags)))
      return std::error_code(errno, std::generic_category());
    if (flags & llvm::sys::Memory::MF_EXEC)
      llvm::sys::Memory::InvalidateInstructionCache(block.base(),
                                                    block.allocatedSize());
    return std::error_code();
  }

  std::error_code releaseMappedMemory(llvm::sys::MemoryBlock &block) override {
    if (!block.base() || block.allocatedSize() == 0)
      return std::error_code();
    char *address = static_cast<char *>(block.base());
    size_t bytes = block.allocatedSize();
    // The pages go back to the system; the address space stays reserved.
    if (mmap(address, bytes, PROT_NONE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1,
             0) == MAP_FAILED)
      return std::error_code(errno, std::generic_category());
    std::lock_guard<std::mutex> lock(mutex);
    release(address - arena, bytes);
    block = llvm::sys::MemoryBlock();
    return std::error_code();
  }

private:
  static int toProtection(unsigned flags) {
    int protection = PROT_NONE;
    if (flags & llvm::sys::Memory::MF_READ)
      protection |= PROT_READ;
    if (flags & llvm::sys::Memory::MF_WRITE)
      protection |= PROT_WRITE;
    if (flags & llvm::sys::Memory::MF_EXEC)
      protection |= PROT_EXEC;
    return protection;
  }

  /// Returns [offset, offset + bytes) to the free ranges, merged with the
  /// free ranges it touches. The caller holds the mutex.
  void release(size_t offset, size_t bytes) {
    auto next = freeRanges.lower_bound(offset);
    if (next != freeRanges.end() && offset + bytes == next->first) {
      bytes += next->second;
      next = freeRanges.erase(next);
    }
    if (next != freeRanges.begin()) {
      auto previous = std::prev(next);
      if (previous->first + previous->second == offset) {
        previous->second += bytes;
        return;
      }
    }
    freeRanges[offset] = bytes;
  }

  char *arena = nullptr;
  size_t pageBytes = 4096;
  std::mutex mutex;
  /// Offset into the arena -> bytes of a free range.
  std::map<size_t, size_t> freeRanges;
};

} // namespace

llvm::SectionMemoryManager::MemoryMapper &mlir::ten::getJitMemoryMapper() {
  // Never destroyed: compiled modules may be freed during exit.
  static ArenaMemoryMapper *mapper = new ArenaMemoryMapper;
  return *mapper;
}
