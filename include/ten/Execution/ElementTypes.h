//===- ElementTypes.h - element kinds and MLIR types ------------*- C++ -*-===//
//
// The correspondence between the element kinds of host tensors and the MLIR
// element types of the dialect's tensors.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_EXECUTION_ELEMENTTYPES_H
#define TEN_EXECUTION_ELEMENTTYPES_H

#include "ten/Support/HostTensor.h"

#include "mlir/IR/Types.h"

#include <optional>

namespace mlir {
namespace ten {

/// The kind of an element type of the dialect, if `type` is one.
std::optional<ElementKind> getElementKind(Type type);

/// The MLIR element type of `kind`.
Type getElementType(MLIRContext *context, ElementKind kind);

} // namespace ten
} // namespace mlir

#endif // TEN_EXECUTION_ELEMENTTYPES_H
