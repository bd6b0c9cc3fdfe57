//===- Passes.h - transformations of ten programs ---------------*- C++ -*-===//

#ifndef TEN_DIALECT_TEN_TRANSFORMS_PASSES_H
#define TEN_DIALECT_TEN_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace ten {

#define GEN_PASS_DECL
#include "ten/Dialect/Ten/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ten/Dialect/Ten/Transforms/Passes.h.inc"

} // namespace ten
} // namespace mlir

#endif // TEN_DIALECT_TEN_TRANSFORMS_PASSES_H
