//===- Stages.h - stages the pipelines share --------------------*- C++ -*-===//

#ifndef TEN_CODEGEN_COMMON_STAGES_H
#define TEN_CODEGEN_COMMON_STAGES_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class OpPassManager;
namespace ten {

/// Folds `ten` ops, splits N-operand einsums (when `einsumPath`), splits
/// complex contractions into real ones (when `splitComplexContractions`: a
/// target whose GEMM library multiplies complex matrices keeps them whole),
/// and lowers everything to linalg on tensors, with a keepdim reduction read
/// by a broadcast reaching its consumer without the unit dimension in between
/// (so that the two fuse). `hostReadsBuffers` and `threads` are the
/// options of convert-ten-to-linalg of the same names: whether the host
/// reads buffers and runs serial loops (else sorts, scatters, scans and
/// nonzero take their forms for a device of many threads), and how many
/// threads the host splits loops over (a scan of a long line splits in
/// blocks for them).
void addTenToLinalgStage(OpPassManager &pm, bool einsumPath, bool explain,
                         bool splitComplexContractions = true,
                         bool hostReadsBuffers = true, int64_t threads = 1);

/// Partitions a module whose grid (`ten.grid`) has more than one process
/// (Sharding.h): shard annotations of the arguments and results, upstream
/// sharding propagation and SPMD partitioning on linalg and tensors, and
/// the collectives as calls of the runtime: the host's on MPI (`backend`
/// "mpi") or the CUDA runtime's on NCCL ("nccl"). Leaves other modules
/// alone.
void addShardingStage(OpPassManager &pm, llvm::StringRef backend = "mpi");

/// Bufferizes in place where legal, every function result a fresh buffer
/// that the caller owns (row-major, as are buffers whose layout cannot be
/// inferred), frees the temporaries, and lowers bufferization's clones and
/// deallocations to memref ops. `beforeDeallocation` adds the passes that
/// must see the buffers before they are freed.
void addBufferizationStage(
    OpPassManager &pm,
    function_ref<void(OpPassManager &)> beforeDeallocation = {});

} // namespace ten
} // namespace mlir

#endif // TEN_CODEGEN_COMMON_STAGES_H
