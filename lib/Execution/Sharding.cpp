//===- Sharding.cpp - how a program is laid out over a grid ---------------===//

#include "ten/Execution/Sharding.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::ten;

FailureOr<SmallVector<int64_t>> mlir::ten::getGridShape(ModuleOp module) {
  Attribute attribute = module->getAttr(kGridAttrName);
  if (!attribute)
    return SmallVector<int64_t>{1};
  auto sizes = dyn_cast<DenseI64ArrayAttr>(attribute);
  if (!sizes || sizes.empty() ||
      llvm::any_of(sizes.asArrayRef(), [](int64_t size) { return size < 1; }))
    return module.emitError()
           << "'" << kGridAttrName
           << "' must be the grid's sizes, each 1 or more (array<i64: 2, 2>)";
  if (sizes.size() > 16)
    return module.emitError() << "a grid has at most 16 axes";
  return llvm::to_vector(sizes.asArrayRef());
}

int64_t mlir::ten::countProcesses(ArrayRef<int64_t> grid) {
  int64_t processes = 1;
  for (int64_t size : grid)
    processes *= size;
  return processes;
}

LogicalResult mlir::ten::verifySharding(Operation *op, ArrayRef<int64_t> axes,
                                        RankedTensorType type,
                                        const Twine &what,
                                        ArrayRef<int64_t> grid) {
  SmallVector<bool> used(grid.size(), false);
  for (auto [dim, axis] : llvm::enumerate(axes)) {
    if (axis == -1)
      continue;
    if (axis < 0 || axis >= static_cast<int64_t>(grid.size()))
      return op->emitError()
             << what << ": dimension " << dim << " is split over grid axis "
             << axis << ", and the grid has " << grid.size() << " axis(es)";
    if (used[axis])
      return op->emitError()
             << what << ": grid axis " << axis << " splits two dimensions";
    used[axis] = true;
    int64_t size = type.getDimSize(dim);
    if (ShapedType::isDynamic(size))
      return op->emitError()
             << what << ": dimension " << dim
             << " is split but its size is known only when the program runs";
    if (size % grid[axis] != 0)
      return op->emitError()
             << what << ": dimension " << dim << " of size " << size
             << " does not split evenly over the " << grid[axis]
             << " processes of grid axis " << axis;
  }
  return success();
}

/// The sharding of a value of type `type` that `attribute` gives (none:
/// replicated), checked against `grid`; `what` names the value in errors.
static FailureOr<SmallVector<int64_t>>
readSharding(func::FuncOp function, Attribute attribute, Type type,
             const Twine &what, ArrayRef<int64_t> grid) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  int64_t rank = tensor ? tensor.getRank() : 0;
  if (!attribute)
    return SmallVector<int64_t>(rank, -1);
  auto axes = dyn_cast<DenseI64ArrayAttr>(attribute);
  if (!axes || !tensor || axes.size() != rank)
    return function.emitError()
           << what << ": '" << kShardingAttrName << "' must give each of its "
           << rank << " dimension(s) a grid axis or -1 (array<i64: ...>)";
  if (failed(verifySharding(function, axes.asArrayRef(), tensor, what, grid)))
    return failure();
  return llvm::to_vector(axes.asArrayRef());
}

FailureOr<FunctionShardings>
mlir::ten::getFunctionShardings(func::FuncOp function, ArrayRef<int64_t> grid) {
  FunctionShardings shardings;
  FunctionType type = function.getFunctionType();
  for (auto [index, argumentType] : llvm::enumerate(type.getInputs())) {
    FailureOr<SmallVector<int64_t>> sharding =
        readSharding(function, function.getArgAttr(index, kShardingAttrName),
                     argumentType, "argument " + Twine(index), grid);
    if (failed(sharding))
      return failure();
    shardings.arguments.push_back(std::move(*sharding));
  }
  for (auto [index, resultType] : llvm::enumerate(type.getResults())) {
    FailureOr<SmallVector<int64_t>> sharding =
        readSharding(function, function.getResultAttr(index, kShardingAttrName),
                     resultType, "result " + Twine(index), grid);
    if (failed(sharding))
      return failure();
    shardings.results.push_back(std::move(*sharding));
  }
  return shardings;
}

SmallVector<int64_t> mlir::ten::getLocalShape(ArrayRef<int64_t> shape,
                                              ArrayRef<int64_t> sharding,
                                              ArrayRef<int64_t> grid) {
  SmallVector<int64_t> local(shape);
  for (auto [dim, axis] : llvm::enumerate(sharding))
    if (axis >= 0 && !ShapedType::isDynamic(local[dim]))
      local[dim] /= grid[axis];
  return local;
}
