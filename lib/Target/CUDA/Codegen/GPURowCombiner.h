//===- GPURowCombiner.h - how a GPU reduction combines values ---*- C++ -*-===//
//
// ten-gpu-map-reductions splits a reduction's work among threads and blocks
// and combines their partial results. A RowCombiner says how: the values a
// thread starts from, how two partial results combine, and how a block
// combines its threads' values.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_TARGET_CUDA_CODEGEN_GPUROWCOMBINER_H
#define TEN_LIB_TARGET_CUDA_CODEGEN_GPUROWCOMBINER_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <memory>

namespace mlir {
namespace ten {

/// How the partial results of a reduction combine, one value per output of
/// the linalg op it was matched on.
class RowCombiner {
public:
  virtual ~RowCombiner();

  /// The values a thread's registers start from: combined with any partial
  /// result, they leave it as it is.
  virtual SmallVector<Value> createNeutral(OpBuilder &b,
                                           Location loc) const = 0;

  /// `earlier` and `later` combined, `earlier` taken as coming first in the
  /// reduction's order (the output's initial value comes before every
  /// element).
  virtual SmallVector<Value> combineInOrder(OpBuilder &b, Location loc,
                                            ValueRange earlier,
                                            ValueRange later) const = 0;

  /// The partial results of two disjoint sets of elements combined,
  /// whichever set comes first.
  virtual SmallVector<Value> combinePartials(OpBuilder &b, Location loc,
                                             ValueRange lhs,
                                             ValueRange rhs) const = 0;

  /// Combines the values of every thread of `launch`'s block, `blockSize`
  /// threads (a multiple of 32, or a power of two below it) along x; every
  /// thread must reach it. The result is the total in thread 0.
  virtual SmallVector<Value> reduceBlock(OpBuilder &b, Location loc,
                                         gpu::LaunchOp launch,
                                         int64_t blockSize,
                                         ValueRange values) const = 0;

  /// Whether reduceBlock gives every thread the total, not only thread 0.
  virtual bool givesEveryThreadTheTotal() const = 0;

  /// Combines `values` across aligned groups of `lanes` lanes (a power of
  /// two, at most `width`) of each `width` lanes of a warp, by warp
  /// shuffles alone; every lane gets its group's total. Every lane of the
  /// `width` must reach it. By default, two values combine by
  /// combinePartials in their own types.
  virtual SmallVector<Value> reduceLanes(OpBuilder &b, Location loc,
                                         ValueRange values, int64_t width,
                                         int64_t lanes) const;
};

/// The combiner of `op`'s outputs, if its partial results can be combined
/// in any grouping: one output with one combiner that `gpu.all_reduce`
/// knows and that has a neutral value; or an arg reduction (the extremum
/// and the first index where it occurs, NaN first where the comparison says
/// so) along one reduction loop.
std::unique_ptr<RowCombiner> matchRowCombiner(linalg::LinalgOp op);

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_TARGET_CUDA_CODEGEN_GPUROWCOMBINER_H
