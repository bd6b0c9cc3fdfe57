//===- Boxes.h - rectangular parts of row-major tensors ---------*- C++ -*-===//
//
// A box of a row-major tensor (from a start, of some sizes, per dimension)
// is a set of rows of its last dimension, each contiguous both in the
// tensor and in the box's own row-major layout: copying a process's block
// of a sharded tensor, or reading it from a file, goes row by row.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_SUPPORT_BOXES_H
#define TEN_SUPPORT_BOXES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>

namespace mlir {
namespace ten {

/// Calls `row(whole, inBox, count)` for each row of the box of a tensor of
/// sizes `shape` that starts at `start` and has sizes `sizes`, in order:
/// `whole` is the row's first element's offset in the tensor, `inBox` in
/// the box, `count` the row's elements. An empty box has no rows; a box of
/// a 0-d tensor is one row of one element.
void forEachBoxRow(
    llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> start,
    llvm::ArrayRef<int64_t> sizes,
    llvm::function_ref<void(int64_t whole, int64_t inBox, int64_t count)> row);

} // namespace ten
} // namespace mlir

#endif // TEN_SUPPORT_BOXES_H
