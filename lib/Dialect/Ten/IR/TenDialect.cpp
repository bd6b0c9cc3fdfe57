//===- TenDialect.cpp - the ten dialect -----------------------------------===//

#include "ten/Dialect/Ten/IR/TenDialect.h"
#include "ten/Dialect/Ten/IR/TenOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ten;

#include "ten/Dialect/Ten/IR/TenDialect.cpp.inc"
#include "ten/Dialect/Ten/IR/TenEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "ten/Dialect/Ten/IR/TenAttrs.cpp.inc"

void TenDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "ten/Dialect/Ten/IR/TenOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ten/Dialect/Ten/IR/TenAttrs.cpp.inc"
      >();
}

Operation *TenDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, elements);
}
