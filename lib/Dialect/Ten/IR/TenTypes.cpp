//===- TenTypes.cpp - facts about the dialect's element types -------------===//

#include "ten/Dialect/Ten/IR/TenTypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

bool mlir::ten::isUnsignedInteger(Type type) {
  Type elementType = getElementTypeOrSelf(type);
  return elementType.isUnsignedInteger() || elementType.isInteger(1);
}
