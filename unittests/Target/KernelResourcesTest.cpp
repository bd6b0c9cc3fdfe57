//===- KernelResourcesTest.cpp - the occupancy model ----------------------===//
//
// Occupancies worked by hand from the CUDA C++ Programming Guide's limits
// per compute capability: 64K registers per SM in four partitions,
// allocated per warp in units of 256; shared memory in units of 128 bytes
// plus 1 KB reserved per block.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CUDA/KernelResources.h"

#include <gtest/gtest.h>

#include <string>

using namespace mlir::ten;

namespace {

struct Expected {
  unsigned blocks;
  unsigned warps;
  unsigned maxWarps;
  std::string limitedBy;
};

void expectOccupancy(const char *chip, unsigned threads, unsigned registers,
                     uint64_t shared, const Expected &expected) {
  std::optional<Occupancy> occupancy =
      computeOccupancy(chip, threads, registers, shared);
  ASSERT_TRUE(occupancy.has_value()) << chip;
  EXPECT_EQ(occupancy->blocksPerSM, expected.blocks);
  EXPECT_EQ(occupancy->activeWarps, expected.warps);
  EXPECT_EQ(occupancy->maxWarps, expected.maxWarps);
  EXPECT_EQ(occupancy->limitedBy, expected.limitedBy);
}

TEST(Occupancy, ThreadsLimitSmallKernels) {
  // 8 warps a block, 64 warps an SM.
  expectOccupancy("sm_80", 256, 32, 0, {8, 64, 64, "threads"});
  // sm_86 and sm_89 hold 48 warps.
  expectOccupancy("sm_86", 256, 32, 0, {6, 48, 48, "threads"});
  expectOccupancy("sm_89", 128, 16, 0, {12, 48, 48, "threads"});
}

TEST(Occupancy, BlocksLimitOneWarpBlocks) {
  // 32 blocks an SM on sm_80 and sm_90, 16 on sm_86.
  expectOccupancy("sm_80", 32, 16, 0, {32, 32, 64, "blocks"});
  expectOccupancy("sm_90", 32, 16, 0, {32, 32, 64, "blocks"});
  expectOccupancy("sm_86", 32, 16, 0, {16, 16, 48, "blocks"});
  // A partial warp counts as a whole one.
  expectOccupancy("sm_80", 1, 8, 0, {32, 32, 64, "blocks"});
}

TEST(Occupancy, RegistersAllocatedPerWarpAndPartition) {
  // 64 registers: 2048 a warp, 8 warps a partition, 32 an SM: 4 blocks.
  expectOccupancy("sm_80", 256, 64, 0, {4, 32, 64, "registers"});
  // 40 registers round up to 1280 a warp: 12 warps a partition (not the
  // 51 that the whole register file would give), 48 an SM: 6 blocks.
  expectOccupancy("sm_90", 256, 40, 0, {6, 48, 64, "registers"});
  // 255 registers: 8192 a warp, 2 warps a partition; a block of 32 warps
  // cannot run.
  expectOccupancy("sm_90", 1024, 255, 0, {0, 0, 64, "registers"});
  expectOccupancy("sm_80", 1024, 256, 0, {0, 0, 64, "registers"});
}

TEST(Occupancy, SharedMemoryCountsTheReservedKilobyte) {
  // 48 KB + 1 KB a block of the 164 KB of an sm_80: 3 blocks.
  expectOccupancy("sm_80", 128, 32, 48 * 1024, {3, 12, 64, "shared memory"});
  // 227 KB is the most an sm_90 block may have, and one fits.
  expectOccupancy("sm_90", 128, 32, 227 * 1024, {1, 4, 64, "shared memory"});
  // More than a block may have: none runs.
  expectOccupancy("sm_80", 128, 32, 164 * 1024, {0, 0, 64, "shared memory"});
  // 1 byte takes a unit of 128 beside the reserved kilobyte: 1152 bytes,
  // 145 blocks' worth on an sm_80, so the 32-block limit holds.
  expectOccupancy("sm_80", 32, 16, 1, {32, 32, 64, "blocks"});
}

TEST(Occupancy, UnknownChipOrNoThreads) {
  EXPECT_FALSE(computeOccupancy("sm_75", 256, 32, 0).has_value());
  EXPECT_FALSE(computeOccupancy("sm_80", 0, 32, 0).has_value());
}

TEST(Occupancy, OverlargeBlocksRunNowhere) {
  // More than 1024 threads a block: a launch fails.
  expectOccupancy("sm_80", 2048, 16, 0, {0, 0, 64, "threads"});
}

TEST(KernelResources, RejectsWhatIsNotACubin) {
  llvm::Expected<KernelResources> resources =
      readKernelResources("not an ELF file", "kernel");
  ASSERT_FALSE(static_cast<bool>(resources));
  EXPECT_NE(llvm::toString(resources.takeError()).find("not a cubin"),
            std::string::npos);
}

} // namespace
