//===- GPUKernelBuilder.h - pieces of reduction kernels ---------*- C++ -*-===//
//
// What ten-gpu-map-reductions and ten-gpu-fuse-rows build kernels from: a
// linalg op's loop sizes and indices, its body evaluated at given loop
// indices (a thread's share of the op), launches, and the fills a
// reduction starts from.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_TARGET_CUDA_CODEGEN_GPUKERNELBUILDER_H
#define TEN_LIB_TARGET_CUDA_CODEGEN_GPUKERNELBUILDER_H

#include "GPURowCombiner.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

#include <memory>
#include <optional>

namespace mlir {
namespace ten {

/// Whether a block of threads can combine values of `type`: floats of 16
/// to 64 bits, integers of 1 to 64 (narrower ones widened to 32 bits for
/// warp shuffles).
bool isBlockReducibleType(Type type);

/// Matches a linalg op on buffers whose outputs combine in any grouping
/// (one combiner gpu.all_reduce knows, or an argmax/argmin), in types that
/// warp shuffles carry, and whose inputs each either do not vary along the
/// reduced loops or are contiguous along one of them (their innermost
/// dimension is reduced), so that consecutive threads read consecutive
/// elements.
std::unique_ptr<RowCombiner> matchRowReduction(linalg::LinalgOp op);

/// Splits `linear` into indices of `sizes`, the last varying fastest.
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                               ArrayRef<Value> sizes);

/// The product of `sizes`.
Value product(OpBuilder &b, Location loc, ArrayRef<Value> sizes);

/// The indices `map` gives for the loop indices `loopIndices`.
SmallVector<Value> applyMap(OpBuilder &b, Location loc, AffineMap map,
                            ArrayRef<Value> loopIndices);

/// The sizes of `op`'s parallel and reduction loops, in loop order.
struct LoopSizes {
  SmallVector<Value> parallel, reduction;
  /// The product of the reduction sizes, when they are constants.
  std::optional<int64_t> staticReduction = 1;
};
LoopSizes getLoopSizes(RewriterBase &rewriter, linalg::LinalgOp op);

/// The loop indices, in loop order, of the given parallel and reduction
/// indices.
SmallVector<Value> mergeIndices(linalg::LinalgOp op, ArrayRef<Value> parallel,
                                ArrayRef<Value> reduction);

/// Evaluates `op`'s body at `loopIndices` (its inputs loaded there) with its
/// outputs' values `accumulators`; returns what it yields. An input buffer
/// that `rowValues` maps is not loaded: its value is the one mapped (the
/// caller knows it is read at the row the value belongs to).
SmallVector<Value> emitBody(RewriterBase &rewriter, Location loc,
                            linalg::LinalgOp op, ArrayRef<Value> loopIndices,
                            ValueRange accumulators,
                            const DenseMap<Value, Value> *rowValues = nullptr);

/// A loop from `lower` to `upper` by `step` over the linearized reduction
/// loops, at the output element `parallelIndices`, that folds `op`'s body
/// into the accumulators `initial`. With `offset`, iteration `i` folds the
/// point `offset + i`: a loop of constant bounds, whose trip count LLVM
/// knows, for threads that each start at their own offset.
scf::ForOp emitReductionLoop(RewriterBase &rewriter, linalg::LinalgOp op,
                             const LoopSizes &sizes,
                             ArrayRef<Value> parallelIndices, Value lower,
                             Value upper, Value step, ValueRange initial,
                             const DenseMap<Value, Value> *rowValues = nullptr,
                             Value offset = {});

/// Whether the ops of `body` can run on vectors: elementwise-mappable ops
/// without regions on integers and floats, but float remainders (fmod).
bool isVectorizableBody(Block *body);

/// Whether consecutive points of loop `dim` are consecutive elements of a
/// row-major buffer indexed by `map`: `dim` is the innermost index and no
/// other (a diagonal, `x[i, i]`, steps a whole row plus one).
bool isContiguousAlong(AffineMap map, unsigned dim);

/// Clones the ops of `body` (elementwise-mappable, on scalars) on vectors of
/// `length` lanes: `mapping` maps the block's arguments to vectors; values
/// defined outside it are broadcast. Returns what the block yields, as
/// vectors.
SmallVector<Value> cloneBodyOnVectors(RewriterBase &rewriter, Location loc,
                                      Block *body, IRMapping &mapping,
                                      int64_t length);

/// The value of `operand` of `op` for the `length` consecutive points of
/// its last loop that start at the loop indices `indices`: the value
/// `rowValues` maps its buffer to; for a buffer that varies along the last
/// loop, a vector load aligned to its size (the caller knows the buffer has
/// the identity layout and the loop's size is a multiple of `length`); for
/// another buffer, a scalar load; any other operand as it is.
/// cloneBodyOnVectors broadcasts the scalars.
Value loadOperandOnVectors(RewriterBase &rewriter, Location loc,
                           linalg::LinalgOp op, OpOperand *operand,
                           ArrayRef<Value> indices, int64_t length,
                           const DenseMap<Value, Value> *rowValues = nullptr);

/// How many consecutive points of `op`'s innermost reduction loop (its last
/// loop) a thread can fold per iteration with `vectorBytes`-byte vector
/// loads: the loop's static size divided by it, every input that varies
/// along it a buffer of the identity layout (rows start aligned) indexed by
/// it innermost alone (isContiguousAlong), a body of elementwise-mappable ops
/// without linalg.index; 1 when it cannot.
int64_t getReductionVectorLength(linalg::LinalgOp op, int64_t vectorBytes);

/// A thread's share of a row reduction `op` at the output `parallelIndices`:
/// the linearized reduction points from `first` to `length` by `stride`,
/// folded from the combiner's neutral values; with `vectorLength` > 1,
/// `first`, `length` and `stride` count vectors of that many points (the
/// innermost loop's size a multiple of it), folded lane by lane and the
/// lanes combined at the end. With `offset`, the points are `offset` past
/// those (emitReductionLoop). Returns one value per output.
SmallVector<Value> emitThreadShare(
    RewriterBase &rewriter, linalg::LinalgOp op, const RowCombiner &combiner,
    const LoopSizes &sizes, ArrayRef<Value> parallelIndices, Value first,
    Value length, Value stride, int64_t vectorLength,
    const DenseMap<Value, Value> *rowValues = nullptr, Value offset = {});

/// Creates a launch of `blocks` blocks of `threads` threads at `op`, under
/// a guard when `outputs` is not a constant (a grid of no blocks is an
/// error on the GPU), with the rewriter inside its body; null, `op` erased,
/// when there are statically no outputs.
gpu::LaunchOp createLaunch(RewriterBase &rewriter, linalg::LinalgOp op,
                           Value outputs, Value blocks, Value threads);

/// The indices of output `init` at the parallel indices `parallel`.
SmallVector<Value> outputIndices(RewriterBase &rewriter, Location loc,
                                 linalg::LinalgOp op, OpOperand *init,
                                 ArrayRef<Value> parallel);

/// The fills right before `op` of its outputs' whole buffers, by output
/// (allocations may come between them, as an arg reduction allocates and
/// fills its two outputs in turn): the reduction stores every element of
/// each output, so it can start from the fill's value instead of a kernel
/// that stores it and a load.
DenseMap<OpOperand *, linalg::FillOp>
findInitializingFills(linalg::LinalgOp op);

/// The value output `init` starts from at `indices`: its fill's value, or
/// what the buffer holds.
Value loadInitial(RewriterBase &rewriter, Location loc, OpOperand *init,
                  ArrayRef<Value> indices,
                  const DenseMap<OpOperand *, linalg::FillOp> &fills);

/// Erases the fills that the reduction replacing them starts from.
void eraseFills(RewriterBase &rewriter,
                const DenseMap<OpOperand *, linalg::FillOp> &fills);

/// `threads` rounded down to whole warps (or to a power of two below one
/// warp), the block sizes a block-wide combination supports.
int64_t roundToWarps(int64_t threads);

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_TARGET_CUDA_CODEGEN_GPUKERNELBUILDER_H
