//===- Grid.h - tensor-run on a grid of processes ---------------*- C++ -*-===//
//
// `--grid` and `--shard` as the module's attributes (Sharding.h), and each
// process's block of a whole input.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TOOLS_TENSOR_RUN_GRID_H
#define TEN_TOOLS_TENSOR_RUN_GRID_H

#include "ten/Support/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir {
namespace ten {

/// Sets `module`'s grid from `grid` ("2x2"; empty: as the module says) and
/// the shardings of `entry`'s arguments from `shards` ("ARG:SPEC", SPEC a
/// grid axis or '-' per dimension, comma-separated).
llvm::Error applyGridFlags(ModuleOp module, llvm::StringRef entry,
                           llvm::StringRef grid,
                           llvm::ArrayRef<std::string> shards);

/// The block of `whole` that process `rank` of `grid` holds under
/// `sharding` (each split dimension cut in equal parts, in the order of the
/// process's position on its axis).
HostTensor takeBlock(const HostTensor &whole, llvm::ArrayRef<int64_t> sharding,
                     llvm::ArrayRef<int64_t> grid, int64_t rank);

} // namespace ten
} // namespace mlir

#endif // TEN_TOOLS_TENSOR_RUN_GRID_H
