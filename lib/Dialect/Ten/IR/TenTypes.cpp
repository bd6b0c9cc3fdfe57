//===- TenTypes.cpp - facts about the dialect's element types -------------===//

#include "ten/Dialect/Ten/IR/TenTypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

bool mlir::ten::isUnsignedInteger(Type type) {
  Type elementType = getElementTypeOrSelf(type);
  return elementType.isUnsignedInteger() || elementType.isInteger(1);
}

bool mlir::ten::isFp8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(getElementTypeOrSelf(type));
}

unsigned mlir::ten::getStorageBitWidth(Type type) {
  Type elementType = getElementTypeOrSelf(type);
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return 2 * getStorageBitWidth(complex.getElementType());
  if (elementType.isInteger(1))
    return 8;
  return elementType.getIntOrFloatBitWidth();
}
