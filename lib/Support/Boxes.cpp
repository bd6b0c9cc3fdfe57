//===- Boxes.cpp - rectangular parts of row-major tensors -----------------===//

#include "ten/Support/Boxes.h"

#include "llvm/ADT/SmallVector.h"

using namespace mlir::ten;

void mlir::ten::forEachBoxRow(
    llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> start,
    llvm::ArrayRef<int64_t> sizes,
    llvm::function_ref<void(int64_t whole, int64_t inBox, int64_t count)> row) {
  int64_t dims = shape.size();
  int64_t elements = 1;
  for (int64_t size : sizes)
    elements *= size;
  if (elements == 0)
    return;
  int64_t rowElements = dims ? sizes[dims - 1] : 1;
  // The index of the current row in the box, over every dimension but the
  // last.
  llvm::SmallVector<int64_t> index(dims, 0);
  for (int64_t inBox = 0; inBox < elements; inBox += rowElements) {
    int64_t whole = 0;
    for (int64_t dim = 0; dim < dims; ++dim)
      whole = whole * shape[dim] + start[dim] + index[dim];
    row(whole, inBox, rowElements);
    for (int64_t dim = dims - 2; dim >= 0; --dim) {
      if (++index[dim] < sizes[dim])
        break;
      index[dim] = 0;
    }
  }
}
