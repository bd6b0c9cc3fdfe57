//===- TenTraits.cpp - traits of ten ops ----------------------------------===//

#include "ten/Dialect/Ten/IR/TenTraits.h"
#include "ten/Support/ByteCount.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

/// The bytes an element of `type` takes in memory (i1 takes one).
static uint64_t getElementBytes(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * getElementBytes(complex.getElementType());
  if (type.isIntOrFloat())
    return (type.getIntOrFloatBitWidth() + 7) / 8;
  return 1;
}

static LogicalResult verifyValue(Operation *op, Value value, StringRef kind,
                                 unsigned index) {
  auto type = dyn_cast<ShapedType>(value.getType());
  if (!type || !type.hasRank())
    return success();
  if (ten::getByteCount(type.getShape(),
                        getElementBytes(type.getElementType())))
    return success();
  return op->emitOpError() << kind << " #" << index << " of type " << type
                           << " has more than 2^63 bytes";
}

LogicalResult mlir::ten::verifyAddressableTensors(Operation *op) {
  for (auto [index, operand] : llvm::enumerate(op->getOperands()))
    if (failed(verifyValue(op, operand, "operand", index)))
      return failure();
  for (auto [index, result] : llvm::enumerate(op->getResults()))
    if (failed(verifyValue(op, result, "result", index)))
      return failure();
  return success();
}
