//===- Sharding.h - how a program is laid out over a grid -------*- C++ -*-===//
//
// A module runs over a grid of processes when its `ten.grid` attribute says
// so (the grid's sizes), each argument and result of its functions split as
// its `ten.sharding` attribute says (per dimension, the grid axis it is
// split over, or -1). The passes that partition it and the runners that
// feed it read them here.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_EXECUTION_SHARDING_H
#define TEN_EXECUTION_SHARDING_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir {
namespace ten {

/// The module attribute of the grid's sizes, the argument and result
/// attribute of their shardings, and the name of the declared grid.
constexpr llvm::StringLiteral kGridAttrName = "ten.grid";
constexpr llvm::StringLiteral kShardingAttrName = "ten.sharding";
constexpr llvm::StringLiteral kGridName = "ten_grid";

/// The grid's sizes ({1} without one); failure, with an error on `module`,
/// when the attribute is not an array of sizes of at least 1.
FailureOr<SmallVector<int64_t>> getGridShape(ModuleOp module);

/// The processes of a grid of sizes `grid`.
int64_t countProcesses(ArrayRef<int64_t> grid);

/// Checks a sharding `axes` (one grid axis or -1 per dimension) of a value
/// of type `type` against `grid`; failure, with an error on `op` starting
/// with `what`, when an axis is not the grid's or named twice, or a split
/// dimension is dynamic or not a multiple of the processes along its axis.
LogicalResult verifySharding(Operation *op, ArrayRef<int64_t> axes,
                             RankedTensorType type, const llvm::Twine &what,
                             ArrayRef<int64_t> grid);

/// The sharding of each argument and result of a function (-1 per
/// dimension where it is replicated).
struct FunctionShardings {
  SmallVector<SmallVector<int64_t>> arguments;
  SmallVector<SmallVector<int64_t>> results;
};

/// The shardings of `function` on a grid of sizes `grid`; failure, with an
/// error on the function, when one is not valid there: of the wrong length,
/// an axis the grid lacks or named twice, a split dimension that is
/// dynamic or not a multiple of the processes along its axis.
FailureOr<FunctionShardings> getFunctionShardings(func::FuncOp function,
                                                  ArrayRef<int64_t> grid);

/// `shape` as one process holds it under `sharding` on `grid`.
SmallVector<int64_t> getLocalShape(ArrayRef<int64_t> shape,
                                   ArrayRef<int64_t> sharding,
                                   ArrayRef<int64_t> grid);

} // namespace ten
} // namespace mlir

#endif // TEN_EXECUTION_SHARDING_H
