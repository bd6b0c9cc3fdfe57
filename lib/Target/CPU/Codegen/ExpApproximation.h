//===- ExpApproximation.h - exp of f32 in arith ops -------------*- C++ -*-===//
//
// exp of f32 values as range reduction and a polynomial in arith ops, which
// the loop vectorizer turns into vector code.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_TARGET_CPU_CODEGEN_EXPAPPROXIMATION_H
#define TEN_LIB_TARGET_CPU_CODEGEN_EXPAPPROXIMATION_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace ten {

/// Rewrites `math.exp` of `f32` (scalars and vectors) into arith ops: within
/// 1.1 units in the last place over the whole range, subnormal results
/// included; +inf, -inf and NaN give +inf, 0 and NaN.
void populateExpApproximationPatterns(RewritePatternSet &patterns,
                                      PatternBenefit benefit = 1);

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_TARGET_CPU_CODEGEN_EXPAPPROXIMATION_H
