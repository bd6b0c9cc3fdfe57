//===- Grid.h - tensor-run on a grid of processes ---------------*- C++ -*-===//
//
// `--grid` and `--shard` as the module's attributes (Sharding.h), and each
// process's block of a whole tensor: cut from an input, placed into a
// gathered result.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TOOLS_TENSOR_RUN_GRID_H
#define TEN_TOOLS_TENSOR_RUN_GRID_H

#include "ten/Execution/EntrySignature.h"
#include "ten/Runtime/Host/Collectives.h"
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

/// Where the block of a tensor of sizes `shape` that process `rank` of
/// `grid` holds under `sharding` starts (each split dimension cut in equal
/// parts, in the order of the process's position on its axis); its sizes
/// are getLocalShape's.
SmallVector<int64_t> getBlockStart(llvm::ArrayRef<int64_t> shape,
                                   llvm::ArrayRef<int64_t> sharding,
                                   llvm::ArrayRef<int64_t> grid, int64_t rank);

/// The block of `whole` that process `rank` of `grid` holds under
/// `sharding`.
HostTensor takeBlock(const HostTensor &whole, llvm::ArrayRef<int64_t> sharding,
                     llvm::ArrayRef<int64_t> grid, int64_t rank);

/// Copies `block` (row-major, the local shape) into `whole` where process
/// `rank` holds it.
void placeBlock(HostTensor &whole, const char *block,
                llvm::ArrayRef<int64_t> sharding, llvm::ArrayRef<int64_t> grid,
                int64_t rank);

/// Process `rank`'s block of the input in the .npy file at `path`, read
/// alone, for an argument whose whole type is `whole`; an error where the
/// file's array is not of that shape.
llvm::Expected<HostTensor> readInputBlock(llvm::StringRef path,
                                          const TensorSignature &whole,
                                          llvm::ArrayRef<int64_t> sharding,
                                          llvm::ArrayRef<int64_t> grid,
                                          int64_t rank);

/// On rank 0 of `group`, replaces `result` (a process's block under
/// `sharding`) by the whole tensor, gathered from every process, which
/// must all call it; a replicated result stays as it is. False, with
/// `why`, where MPI fails.
bool gatherResult(HostTensor &result, llvm::ArrayRef<int64_t> sharding,
                  llvm::ArrayRef<int64_t> grid, const ProcessGroup &group,
                  std::string &why);

/// What --bench prints for a run over a grid, on rank 0 (empty on the
/// others): the slowest process's min and median, each process's, and the
/// collectives of one run (`traffic`, this process's); every process must
/// call it. None, with `why`, where MPI fails.
std::optional<std::string>
reportGridTimes(llvm::StringRef entry, unsigned runs, double min, double median,
                double compileSeconds, const ProcessGroup &group,
                llvm::ArrayRef<CollectiveTraffic> traffic, std::string &why);

} // namespace ten
} // namespace mlir

#endif // TEN_TOOLS_TENSOR_RUN_GRID_H
