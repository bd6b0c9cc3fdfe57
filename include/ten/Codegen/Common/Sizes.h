//===- Sizes.h - Saturating sizes of shapes and loop nests ------*- C++ -*-===//
//
// The cost heuristics of the CPU passes compare sizes against thresholds; a
// dynamic size counts as larger than any threshold, and products saturate
// instead of overflowing.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_CODEGEN_COMMON_SIZES_H
#define TEN_CODEGEN_COMMON_SIZES_H

#include "mlir/IR/BuiltinTypeInterfaces.h"

namespace mlir {
namespace ten {

/// The product of `sizes`: 0 if one is 0, else INT64_MAX if one is
/// dynamic or the product overflows.
int64_t saturatingProduct(ArrayRef<int64_t> sizes);

/// The number of elements of `type` (see saturatingProduct); 1 for a type
/// that is not shaped.
int64_t saturatingElementCount(Type type);

} // namespace ten
} // namespace mlir

#endif // TEN_CODEGEN_COMMON_SIZES_H
