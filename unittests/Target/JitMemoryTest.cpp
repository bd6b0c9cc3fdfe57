//===- JitMemoryTest.cpp - the JIT's arena of memory ----------------------===//

#include "ten/Target/JitMemory.h"

#include "llvm/Support/Memory.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <sys/mman.h>

using namespace mlir::ten;
using Purpose = llvm::SectionMemoryManager::AllocationPurpose;
using llvm::sys::Memory;
using llvm::sys::MemoryBlock;

namespace {

constexpr unsigned kReadWrite = Memory::MF_READ | Memory::MF_WRITE;

MemoryBlock allocate(size_t bytes, Purpose purpose = Purpose::RWData) {
  std::error_code error;
  MemoryBlock block = getJitMemoryMapper().allocateMappedMemory(
      purpose, bytes, nullptr, kReadWrite, error);
  EXPECT_FALSE(error) << error.message();
  return block;
}

intptr_t distance(const MemoryBlock &a, const MemoryBlock &b) {
  return reinterpret_cast<intptr_t>(a.base()) -
         reinterpret_cast<intptr_t>(b.base());
}

// Code and the data it reaches stay within a 32-bit displacement however
// much else the process maps between their allocations.
TEST(JitMemoryTest, SectionsStayWithinADisplacement) {
  MemoryBlock code = allocate(5000, Purpose::Code);
  // 8 GiB of other mappings, as a crowded process has.
  void *other = mmap(nullptr, size_t(8) << 30, PROT_NONE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  ASSERT_NE(other, MAP_FAILED);
  MemoryBlock table = allocate(64, Purpose::RWData);
  MemoryBlock constants = allocate(100000, Purpose::ROData);
  for (const MemoryBlock &block : {table, constants}) {
    intptr_t apart = distance(block, code);
    EXPECT_LT(apart < 0 ? -apart : apart, intptr_t(1) << 31);
  }
  munmap(other, size_t(8) << 30);
  for (MemoryBlock *block : {&code, &table, &constants})
    EXPECT_FALSE(getJitMemoryMapper().releaseMappedMemory(*block));
}

// Blocks are whole pages, writable as asked, and protections apply to the
// pages of any part of a block (SectionMemoryManager passes parts that do
// not start on a page).
TEST(JitMemoryTest, ProtectsThePagesOfAnyPart) {
  MemoryBlock block = allocate(3 * 4096 + 1);
  ASSERT_NE(block.base(), nullptr);
  EXPECT_EQ(block.allocatedSize() % 4096, 0u);
  EXPECT_GE(block.allocatedSize(), 3u * 4096 + 1);
  static_cast<char *>(block.base())[block.allocatedSize() - 1] = 7;
  MemoryBlock part(static_cast<char *>(block.base()) + 100, 5000);
  EXPECT_FALSE(getJitMemoryMapper().protectMappedMemory(
      part, Memory::MF_READ | Memory::MF_EXEC));
  MemoryBlock empty;
  EXPECT_FALSE(getJitMemoryMapper().protectMappedMemory(empty, kReadWrite));
  EXPECT_FALSE(getJitMemoryMapper().releaseMappedMemory(block));
  EXPECT_EQ(block.base(), nullptr);
}

// Released pages are reused, merged with their free neighbours: a compile
// cache that drops and recompiles programs does not run out of arena.
TEST(JitMemoryTest, ReusesReleasedPages) {
  MemoryBlock first = allocate(1 << 20);
  MemoryBlock second = allocate(1 << 20);
  MemoryBlock third = allocate(1 << 20);
  void *start = first.base();
  EXPECT_FALSE(getJitMemoryMapper().releaseMappedMemory(second));
  EXPECT_FALSE(getJitMemoryMapper().releaseMappedMemory(first));
  MemoryBlock both = allocate(2 << 20);
  EXPECT_EQ(both.base(), start);
  EXPECT_FALSE(getJitMemoryMapper().releaseMappedMemory(both));
  EXPECT_FALSE(getJitMemoryMapper().releaseMappedMemory(third));
  // Many more programs than fit at once, one after another.
  for (int i = 0; i < 4000; ++i) {
    MemoryBlock block = allocate(1 << 20);
    ASSERT_NE(block.base(), nullptr) << "after " << i << " programs";
    EXPECT_FALSE(getJitMemoryMapper().releaseMappedMemory(block));
  }
}

// More than the arena holds fails with ENOMEM, and nothing else.
TEST(JitMemoryTest, ReportsAFullArena) {
  std::error_code error;
  MemoryBlock block = getJitMemoryMapper().allocateMappedMemory(
      Purpose::Code, kJitArenaBytes + 1, nullptr, kReadWrite, error);
  EXPECT_EQ(block.base(), nullptr);
  EXPECT_EQ(error, std::make_error_code(std::errc::not_enough_memory));
  MemoryBlock after = allocate(4096);
  EXPECT_NE(after.base(), nullptr);
  EXPECT_FALSE(getJitMemoryMapper().releaseMappedMemory(after));
}

} // namespace
