//===- Grid.cpp - tensor-run on a grid of processes -----------------------===//

#include "Grid.h"

#include "ten/Execution/Sharding.h"
#include "ten/Support/Boxes.h"
#include "ten/Support/Npy.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>

using namespace mlir;
using namespace mlir::ten;

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Error mlir::ten::applyGridFlags(ModuleOp module, llvm::StringRef entry,
                                      llvm::StringRef grid,
                                      llvm::ArrayRef<std::string> shards) {
  Builder builder(module.getContext());
  if (!grid.empty()) {
    SmallVector<int64_t> sizes;
    SmallVector<llvm::StringRef> parts;
    grid.split(parts, 'x');
    for (llvm::StringRef part : parts) {
      int64_t size = 0;
      if (part.getAsInteger(10, size) || size < 1)
        return error("--grid takes the grid's sizes as 2 or 2x2, not '" + grid +
                     "'");
      sizes.push_back(size);
    }
    module->setAttr(kGridAttrName, builder.getDenseI64ArrayAttr(sizes));
  }
  if (shards.empty())
    return llvm::Error::success();
  auto function = module.lookupSymbol<func::FuncOp>(entry);
  if (!function)
    return error("--shard: the module has no function '" + entry + "'");
  for (llvm::StringRef shard : shards) {
    auto [index, spec] = shard.split(':');
    unsigned argument = 0;
    if (index.getAsInteger(10, argument) || spec.empty())
      return error("--shard takes ARG:SPEC (0:0,- splits argument 0's rows "
                   "over grid axis 0), not '" +
                   shard + "'");
    if (argument >= function.getNumArguments())
      return error("--shard=" + shard + ": '" + entry + "' has " +
                   llvm::Twine(function.getNumArguments()) + " argument(s)");
    SmallVector<int64_t> axes;
    SmallVector<llvm::StringRef> parts;
    spec.split(parts, ',');
    for (llvm::StringRef part : parts) {
      int64_t axis = -1;
      if (part != "-" && (part.getAsInteger(10, axis) || axis < 0))
        return error("--shard=" + shard +
                     ": each dimension takes a grid axis or '-', not '" + part +
                     "'");
      axes.push_back(axis);
    }
    function.setArgAttr(argument, kShardingAttrName,
                        builder.getDenseI64ArrayAttr(axes));
  }
  return llvm::Error::success();
}

SmallVector<int64_t> mlir::ten::getBlockStart(llvm::ArrayRef<int64_t> shape,
                                              llvm::ArrayRef<int64_t> sharding,
                                              llvm::ArrayRef<int64_t> grid,
                                              int64_t rank) {
  // The process's position on each grid axis (row-major ranks).
  SmallVector<int64_t> position(grid.size());
  for (size_t axis = grid.size(); axis-- > 0;) {
    position[axis] = rank % grid[axis];
    rank /= grid[axis];
  }
  SmallVector<int64_t> local = getLocalShape(shape, sharding, grid);
  SmallVector<int64_t> start(shape.size(), 0);
  for (size_t dim = 0; dim < shape.size(); ++dim)
    if (sharding[dim] >= 0)
      start[dim] = position[sharding[dim]] * local[dim];
  return start;
}

HostTensor mlir::ten::takeBlock(const HostTensor &whole,
                                llvm::ArrayRef<int64_t> sharding,
                                llvm::ArrayRef<int64_t> grid, int64_t rank) {
  SmallVector<int64_t> local = getLocalShape(whole.shape, sharding, grid);
  HostTensor block(whole.kind, local);
  size_t elementBytes = getElementSize(whole.kind);
  forEachBoxRow(whole.shape, getBlockStart(whole.shape, sharding, grid, rank),
                local, [&](int64_t from, int64_t to, int64_t count) {
                  std::memcpy(block.bytes.data() + to * elementBytes,
                              whole.bytes.data() + from * elementBytes,
                              count * elementBytes);
                });
  return block;
}

void mlir::ten::placeBlock(HostTensor &whole, const char *block,
                           llvm::ArrayRef<int64_t> sharding,
                           llvm::ArrayRef<int64_t> grid, int64_t rank) {
  SmallVector<int64_t> local = getLocalShape(whole.shape, sharding, grid);
  size_t elementBytes = getElementSize(whole.kind);
  forEachBoxRow(whole.shape, getBlockStart(whole.shape, sharding, grid, rank),
                local, [&](int64_t to, int64_t from, int64_t count) {
                  std::memcpy(whole.bytes.data() + to * elementBytes,
                              block + from * elementBytes,
                              count * elementBytes);
                });
}

/// `shape` as text: f32[4, 6].
static std::string describeShape(ElementKind kind, ArrayRef<int64_t> shape) {
  std::string text = getElementKindName(kind).str() + "[";
  for (auto [dim, size] : llvm::enumerate(shape))
    text += (dim ? ", " : "") + std::to_string(size);
  return text + "]";
}

llvm::Expected<HostTensor>
mlir::ten::readInputBlock(llvm::StringRef path, const TensorSignature &whole,
                          llvm::ArrayRef<int64_t> sharding,
                          llvm::ArrayRef<int64_t> grid, int64_t rank) {
  // Every process opens the file: a pipe would give its bytes to one.
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(path, status) &&
      status.type() != llvm::sys::fs::file_type::regular_file)
    return error(path + ": over a grid every process reads its own block of "
                        "an input, which must be a regular file, not a "
                        "pipe or a device");
  llvm::Expected<NpyHeader> header = readNpyHeader(path);
  if (!header)
    return header.takeError();
  bool fits = header->shape.size() == whole.shape.size();
  for (size_t dim = 0; fits && dim < whole.shape.size(); ++dim)
    fits = ShapedType::isDynamic(whole.shape[dim]) ||
           whole.shape[dim] == header->shape[dim];
  if (!fits)
    return error(path + " holds " + describeShape(header->kind, header->shape) +
                 " but the argument is " + whole.str());
  return readNpyBox(path, getBlockStart(header->shape, sharding, grid, rank),
                    getLocalShape(header->shape, sharding, grid));
}

bool mlir::ten::gatherResult(HostTensor &result,
                             llvm::ArrayRef<int64_t> sharding,
                             llvm::ArrayRef<int64_t> grid,
                             const ProcessGroup &group, std::string &why) {
  if (llvm::none_of(sharding, [](int64_t axis) { return axis >= 0; }))
    return true;
  // Every process sends its block; rank 0 puts them in place.
  size_t bytes = result.bytes.size();
  bool leader = group.rank == 0;
  std::vector<char> blocks;
  if (leader)
    blocks.resize(bytes * group.size);
  if (!gatherToLeader(result.bytes.data(), bytes,
                      leader ? blocks.data() : nullptr, why))
    return false;
  if (!leader)
    return true;
  SmallVector<int64_t> shape(result.shape);
  for (auto [dim, axis] : llvm::enumerate(sharding))
    if (axis >= 0)
      shape[dim] *= grid[axis];
  llvm::Expected<HostTensor> whole = HostTensor::create(result.kind, shape);
  if (!whole) {
    why = llvm::toString(whole.takeError());
    return false;
  }
  for (int rank = 0; rank < group.size; ++rank)
    placeBlock(*whole, blocks.data() + rank * bytes, sharding, grid, rank);
  result = std::move(*whole);
  return true;
}

std::optional<std::string> mlir::ten::reportGridTimes(
    llvm::StringRef entry, unsigned runs, double min, double median,
    double compileSeconds, const ProcessGroup &group,
    llvm::ArrayRef<CollectiveTraffic> traffic, std::string &why) {
  double mine[2] = {min, median};
  std::vector<double> all(group.rank == 0 ? 2 * group.size : 0);
  if (!gatherToLeader(mine, sizeof(mine), all.data(), why))
    return std::nullopt;
  if (group.rank != 0)
    return std::string();
  // The grid runs as fast as its slowest process.
  double slowestMin = 0, slowestMedian = 0;
  for (int rank = 0; rank < group.size; ++rank) {
    slowestMin = std::max(slowestMin, all[2 * rank]);
    slowestMedian = std::max(slowestMedian, all[2 * rank + 1]);
  }
  std::string report;
  llvm::raw_string_ostream os(report);
  os << llvm::format("%s: %u runs, min %.3f ms, median %.3f ms (the slowest "
                     "of %d processes), compile %.1f ms\n",
                     entry.str().c_str(), runs, slowestMin * 1e3,
                     slowestMedian * 1e3, group.size, compileSeconds * 1e3);
  for (int rank = 0; rank < group.size; ++rank)
    os << llvm::format("  rank %d: min %.3f ms, median %.3f ms\n", rank,
                       all[2 * rank] * 1e3, all[2 * rank + 1] * 1e3);
  os << "  collectives of one run (rank 0):";
  bool any = false;
  for (const CollectiveTraffic &each : traffic) {
    if (!each.calls)
      continue;
    os << (any ? ", " : " ") << each.name << " " << each.calls << " x, "
       << each.bytes << " bytes";
    any = true;
  }
  os << (any ? "\n" : " none\n");
  return report;
}
