//===- Grid.cpp - tensor-run on a grid of processes -----------------------===//

#include "Grid.h"

#include "ten/Execution/Sharding.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"

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

HostTensor mlir::ten::takeBlock(const HostTensor &whole,
                                llvm::ArrayRef<int64_t> sharding,
                                llvm::ArrayRef<int64_t> grid, int64_t rank) {
  // The process's position on each grid axis (row-major ranks).
  SmallVector<int64_t> position(grid.size());
  for (size_t axis = grid.size(); axis-- > 0;) {
    position[axis] = rank % grid[axis];
    rank /= grid[axis];
  }
  int64_t dims = whole.shape.size();
  SmallVector<int64_t> local = getLocalShape(whole.shape, sharding, grid);
  SmallVector<int64_t> start(dims, 0);
  for (int64_t dim = 0; dim < dims; ++dim)
    if (sharding[dim] >= 0)
      start[dim] = position[sharding[dim]] * local[dim];
  HostTensor block(whole.kind, local);
  if (block.bytes.empty())
    return block;
  // Row by row of the last dimension, which is contiguous in both.
  size_t elementBytes = getElementSize(whole.kind);
  int64_t rowElements = dims ? local[dims - 1] : 1;
  SmallVector<int64_t> index(dims, 0);
  for (int64_t row = 0, rows = block.getNumElements() / rowElements; row < rows;
       ++row) {
    int64_t from = 0;
    for (int64_t dim = 0; dim < dims; ++dim)
      from = from * whole.shape[dim] + start[dim] + index[dim];
    std::memcpy(block.bytes.data() + row * rowElements * elementBytes,
                whole.bytes.data() + from * elementBytes,
                rowElements * elementBytes);
    for (int64_t dim = dims - 2; dim >= 0; --dim) {
      if (++index[dim] < local[dim])
        break;
      index[dim] = 0;
    }
  }
  return block;
}
