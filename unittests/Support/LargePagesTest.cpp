//===- LargePagesTest.cpp - tests of host buffers on huge pages -----------===//

#include "ten/Runtime/Host/LargePages.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

using namespace mlir::ten;

namespace {

bool isAligned(const void *pointer, size_t alignment) {
  return reinterpret_cast<uintptr_t>(pointer) % alignment == 0;
}

/// The "THPeligible" field of the mapping of /proc/self/smaps that holds
/// `pointer`, or -1 where the kernel does not report it.
int getHugePageEligibility(const void *pointer) {
  std::ifstream smaps("/proc/self/smaps");
  uintptr_t address = reinterpret_cast<uintptr_t>(pointer);
  bool inside = false;
  std::string line;
  while (std::getline(smaps, line)) {
    uintptr_t begin, end;
    char dash;
    std::istringstream fields(line);
    if (fields >> std::hex >> begin >> dash >> end && dash == '-') {
      inside = begin <= address && address < end;
      continue;
    }
    if (inside && line.rfind("THPeligible:", 0) == 0)
      return std::atoi(line.c_str() + std::strlen("THPeligible:"));
  }
  return -1;
}

/// Whether the kernel gives huge pages to regions that ask for them.
bool kernelOffersHugePages() {
  std::ifstream enabled("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string modes;
  std::getline(enabled, modes);
  return modes.find("[always]") != std::string::npos ||
         modes.find("[madvise]") != std::string::npos;
}

TEST(LargePages, LargeBuffersAreAlignedToHugePages) {
  size_t bytes = kLargePageThreshold + 12345;
  void *pointer = allocateHostBuffer(64, bytes);
  ASSERT_NE(pointer, nullptr);
  EXPECT_TRUE(isAligned(pointer, kLargePageSize));
  std::memset(pointer, 1, bytes);
  EXPECT_EQ(static_cast<char *>(pointer)[bytes - 1], 1);
#if defined(__linux__)
  // The advice itself: the mapping may take huge pages. Whether the kernel
  // had free ones when the buffer was touched is not this code's to decide.
  if (kernelOffersHugePages()) {
    EXPECT_EQ(getHugePageEligibility(pointer), 1);
  }
#endif
  freeHostBuffer(pointer);
}

TEST(LargePages, SmallBuffersKeepTheirAlignment) {
  for (size_t alignment : {16, 64, 4096}) {
    void *pointer = allocateHostBuffer(alignment, 1000);
    ASSERT_NE(pointer, nullptr);
    EXPECT_TRUE(isAligned(pointer, alignment));
    std::memset(pointer, 0, 1000);
    freeHostBuffer(pointer);
  }
  // An empty buffer is still a distinct pointer to free.
  void *empty = allocateHostBuffer(64, 0);
  EXPECT_NE(empty, nullptr);
  freeHostBuffer(empty);
}

TEST(LargePages, RefusesBadAlignmentsAndSizes) {
  EXPECT_EQ(allocateHostBuffer(0, 64), nullptr);
  EXPECT_EQ(allocateHostBuffer(48, 64), nullptr);
  EXPECT_EQ(allocateHostBuffer(64, SIZE_MAX - 8), nullptr);
}

TEST(LargePages, HostBytesOfAnyLength) {
  HostBytes small(100, 7);
  EXPECT_EQ(small.size(), 100u);
  EXPECT_EQ(small[99], 7);
  HostBytes large(kLargePageThreshold, 3);
  EXPECT_TRUE(isAligned(large.data(), kLargePageSize));
  EXPECT_EQ(large.back(), 3);
  large.resize(10);
  large.shrink_to_fit();
  EXPECT_EQ(large.size(), 10u);
  EXPECT_EQ(large[9], 3);
}

} // namespace
