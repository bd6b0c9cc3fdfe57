//===- TenTypes.h - facts about the dialect's element types -----*- C++ -*-===//
//
// What the folders and the lowering both need to know of an element type.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_DIALECT_TEN_IR_TENTYPES_H
#define TEN_DIALECT_TEN_IR_TENTYPES_H

#include "mlir/IR/Types.h"

namespace mlir {
namespace ten {

/// Whether the integers of `type` (an element type or a tensor of them)
/// order, divide and extend as unsigned numbers: the `ui` types, and i1,
/// whose true is 1.
bool isUnsignedInteger(Type type);

/// Whether the elements of `type` (an element type or a tensor of them) are
/// of an fp8 storage type: f8E4M3FN or f8E5M2.
bool isFp8(Type type);

/// The bits an element of `type` (an element type or a tensor of them)
/// occupies in memory: i1 takes a byte, complex types twice their part.
unsigned getStorageBitWidth(Type type);

} // namespace ten
} // namespace mlir

#endif // TEN_DIALECT_TEN_IR_TENTYPES_H
