//===- TenShapes.h - shape rules shared by ten ops and lowerings -*- C++
//-*-===//
//
// The shape rules of the dialect, in one place, for the verifiers, the folds
// and the lowerings alike.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_DIALECT_TEN_IR_TENSHAPES_H
#define TEN_DIALECT_TEN_IR_TENSHAPES_H

#include "ten/Support/EinsumEquation.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/TypeRange.h"

#include <optional>
#include <string>

namespace mlir {
namespace ten {

/// Prints a list of sizes as `[2, ?, 3]`.
std::string formatShape(ArrayRef<int64_t> shape);

/// The shape that `shapes` broadcast to by NumPy's rules: aligned on their
/// trailing dimensions, sizes of 1 stretching. A size that only run time can
/// tell (dynamic, and not fixed by another operand) is dynamic. Emits an error
/// at `loc`, if given, naming the operands and dimensions that disagree.
FailureOr<SmallVector<int64_t>>
inferBroadcastShape(ArrayRef<ArrayRef<int64_t>> shapes,
                    std::optional<Location> loc);

/// Parses an einsum equation and binds it to operands of `operandTypes`,
/// which must be ranked tensors. Emits an error at `loc`, if given.
FailureOr<EinsumSpec> getEinsumSpec(StringRef equation, TypeRange operandTypes,
                                    std::optional<Location> loc);

/// The elements NumPy's slice `start:stop:step` selects along a dimension of
/// `size` elements: the first one's index and how many there are, each next
/// one `step` further. `step` is not 0.
struct SliceExtent {
  int64_t first;
  int64_t count;
};
SliceExtent getSliceExtent(int64_t size, int64_t start, int64_t stop,
                           int64_t step);

/// The `start` and `stop` of a slice with `step` that leaves the bound out:
/// values that clamp to NumPy's defaults for any size.
int64_t getDefaultSliceStart(int64_t step);
int64_t getDefaultSliceStop(int64_t step);

} // namespace ten
} // namespace mlir

#endif // TEN_DIALECT_TEN_IR_TENSHAPES_H
