//===- Promotion.h - NumPy's type promotion ---------------------*- C++ -*-===//
//
// The element type NumPy 2 gives arithmetic on operands of two element
// types, for frontends other than the Python package (which asks NumPy):
// np.result_type over the builtin dtypes, and for ml_dtypes' bfloat16 and
// float8 types the dtype of NumPy's `a + b` (np.result_type refuses some of
// their pairs, which NumPy's arithmetic computes). Python scalars are weak
// (NEP 50): an array's type wins over a scalar's kind where it can hold it.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_SUPPORT_PROMOTION_H
#define TEN_SUPPORT_PROMOTION_H

#include "ten/Support/HostTensor.h"

namespace mlir {
namespace ten {

/// The kinds of Python scalars.
enum class ScalarKind { Bool, Int, Float, Complex };

/// The element type of arithmetic on arrays of `lhs` and `rhs`.
ElementKind promoteKinds(ElementKind lhs, ElementKind rhs);

/// The element type of arithmetic on an array of `kind` and a Python scalar
/// of `scalar`'s kind.
ElementKind promoteWithScalar(ElementKind kind, ScalarKind scalar);

} // namespace ten
} // namespace mlir

#endif // TEN_SUPPORT_PROMOTION_H
