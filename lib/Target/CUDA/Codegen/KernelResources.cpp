//===- KernelResources.cpp - what a compiled kernel uses of an SM ---------===//

#include "ten/Target/CUDA/KernelResources.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Object/ELF.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::ten;

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

// The layout of a cubin, as the toolkit's cuobjdump -elf decodes it: each
// kernel's code is in section `.text.<kernel>`, whose sh_info holds the
// kernel's symbol index in its low 24 bits; its static shared memory is
// section `.nv.shared.<kernel>` (no bits, only a size); section `.nv.info`
// is a list of attributes, each a format byte, an attribute byte and, for
// the format of sized values, a 16-bit size and that many bytes (the other
// formats hold two bytes).
static constexpr uint8_t kSizedValueFormat = 0x04;
/// EIATTR_FRAME_SIZE and EIATTR_REGCOUNT: a symbol index and the function's
/// frame size or register count, 32-bit each.
static constexpr uint8_t kFrameSizeAttribute = 0x11;
static constexpr uint8_t kRegisterCountAttribute = 0x2f;
/// The shared memory that the system reserves per block on sm_80 and later
/// (CUDA C++ Programming Guide, "Shared Memory" of compute capability 8.x
/// and 9.0). For sm_90, ptxas counts it in the kernel's shared section and
/// marks that with a section `.nv.shared.reserved.0`.
static constexpr uint64_t kReservedSharedPerBlock = 1024;

llvm::Expected<KernelResources>
mlir::ten::readKernelResources(llvm::StringRef cubin, llvm::StringRef name) {
  auto file = llvm::object::ELF64LEFile::create(cubin);
  if (!file)
    return error("not a cubin: " + llvm::toString(file.takeError()));
  auto sections = file->sections();
  if (!sections)
    return error("not a cubin: " + llvm::toString(sections.takeError()));
  KernelResources resources;
  std::optional<uint32_t> symbol;
  bool sharedIncludesReserved = false;
  llvm::ArrayRef<uint8_t> attributes;
  for (const auto &section : *sections) {
    auto sectionName = file->getSectionName(section);
    if (!sectionName)
      return error("not a cubin: " + llvm::toString(sectionName.takeError()));
    if (*sectionName == (".text." + name).str()) {
      symbol = section.sh_info & 0xffffff;
    } else if (*sectionName == (".nv.shared." + name).str()) {
      resources.sharedBytes = section.sh_size;
    } else if (sectionName->starts_with(".nv.shared.reserved.")) {
      sharedIncludesReserved = true;
    } else if (*sectionName == ".nv.info") {
      auto contents = file->getSectionContents(section);
      if (!contents)
        return error("not a cubin: " + llvm::toString(contents.takeError()));
      attributes = *contents;
    }
  }
  if (!symbol)
    return error("the cubin has no kernel '" + name + "'");
  if (sharedIncludesReserved)
    resources.sharedBytes -=
        std::min(resources.sharedBytes, kReservedSharedPerBlock);
  bool registersFound = false;
  for (size_t at = 0; at + 4 <= attributes.size();) {
    uint8_t format = attributes[at], attribute = attributes[at + 1];
    if (format != kSizedValueFormat) {
      at += 4;
      continue;
    }
    size_t size = attributes[at + 2] | attributes[at + 3] << 8;
    const uint8_t *value = attributes.data() + at + 4;
    if (at + 4 + size > attributes.size())
      return error("a cubin attribute runs past its section");
    auto word = [&](size_t index) {
      return uint32_t(value[4 * index]) | uint32_t(value[4 * index + 1]) << 8 |
             uint32_t(value[4 * index + 2]) << 16 |
             uint32_t(value[4 * index + 3]) << 24;
    };
    if (size == 8 && word(0) == *symbol) {
      if (attribute == kFrameSizeAttribute)
        resources.frameBytes = word(1);
      if (attribute == kRegisterCountAttribute) {
        resources.registers = word(1);
        registersFound = true;
      }
    }
    at += 4 + size;
  }
  if (!registersFound)
    return error("the cubin gives no register count for '" + name + "'");
  return resources;
}

namespace {
/// What an SM offers the blocks of one kernel (CUDA C++ Programming Guide,
/// "Features and Technical Specifications", table of technical
/// specifications per compute capability; and its occupancy calculator's
/// allocation granularities).
struct SMLimits {
  unsigned maxBlocks;
  unsigned maxWarps;
  uint64_t sharedBytes;
  uint64_t sharedBytesPerBlock;
};
} // namespace

// The same on every chip here (8.0 to 9.0): 64K 32-bit registers per SM in
// four partitions, allocated per warp in units of 256; shared memory
// allocated in units of 128 bytes, plus what the system reserves per block.
static constexpr unsigned kRegistersPerPartition = 16384;
static constexpr unsigned kPartitions = 4;
static constexpr unsigned kRegisterUnit = 256;
static constexpr unsigned kMaxRegistersPerThread = 255;
static constexpr unsigned kMaxThreadsPerBlock = 1024;
static constexpr uint64_t kSharedUnit = 128;

static std::optional<SMLimits> getSMLimits(llvm::StringRef chip) {
  constexpr uint64_t kKiB = 1024;
  return llvm::StringSwitch<std::optional<SMLimits>>(chip)
      .Case("sm_80", SMLimits{32, 64, 164 * kKiB, 163 * kKiB})
      .Case("sm_86", SMLimits{16, 48, 100 * kKiB, 99 * kKiB})
      .Case("sm_87", SMLimits{16, 48, 164 * kKiB, 163 * kKiB})
      .Case("sm_89", SMLimits{24, 48, 100 * kKiB, 99 * kKiB})
      .Cases({"sm_90", "sm_90a"}, SMLimits{32, 64, 228 * kKiB, 227 * kKiB})
      .Default(std::nullopt);
}

static uint64_t roundUp(uint64_t value, uint64_t unit) {
  return (value + unit - 1) / unit * unit;
}

std::optional<Occupancy> mlir::ten::computeOccupancy(llvm::StringRef chip,
                                                     unsigned threadsPerBlock,
                                                     unsigned registers,
                                                     uint64_t sharedBytes) {
  std::optional<SMLimits> limits = getSMLimits(chip);
  if (!limits || threadsPerBlock == 0)
    return std::nullopt;
  Occupancy occupancy;
  occupancy.maxWarps = limits->maxWarps;
  unsigned warpsPerBlock = (threadsPerBlock + 31) / 32;
  if (threadsPerBlock > kMaxThreadsPerBlock) {
    occupancy.limitedBy = "threads";
    return occupancy;
  }
  // Each limit as a number of blocks; the least wins (ties go to the first).
  unsigned blocks = limits->maxWarps / warpsPerBlock;
  occupancy.limitedBy = "threads";
  auto limit = [&](unsigned byThis, const char *what) {
    if (byThis < blocks) {
      blocks = byThis;
      occupancy.limitedBy = what;
    }
  };
  limit(limits->maxBlocks, "blocks");
  if (registers > kMaxRegistersPerThread) {
    limit(0, "registers");
  } else if (registers) {
    // A warp stays in one partition: whole warps per partition.
    unsigned registersPerWarp = roundUp(registers * 32, kRegisterUnit);
    unsigned warps = kPartitions * (kRegistersPerPartition / registersPerWarp);
    limit(warps / warpsPerBlock, "registers");
  }
  uint64_t sharedPerBlock =
      roundUp(sharedBytes + kReservedSharedPerBlock, kSharedUnit);
  if (sharedBytes > limits->sharedBytesPerBlock)
    limit(0, "shared memory");
  else
    limit(limits->sharedBytes / sharedPerBlock, "shared memory");
  occupancy.blocksPerSM = blocks;
  occupancy.activeWarps = blocks * warpsPerBlock;
  return occupancy;
}
