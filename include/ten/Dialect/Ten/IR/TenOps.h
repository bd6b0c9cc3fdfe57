//===- TenOps.h - ten operations --------------------------------*- C++ -*-===//

#ifndef TEN_DIALECT_TEN_IR_TENOPS_H
#define TEN_DIALECT_TEN_IR_TENOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ten/Dialect/Ten/IR/TenDialect.h"
#include "ten/Dialect/Ten/IR/TenTraits.h"

#include "ten/Dialect/Ten/IR/TenEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "ten/Dialect/Ten/IR/TenAttrs.h.inc"

#define GET_OP_CLASSES
#include "ten/Dialect/Ten/IR/TenOps.h.inc"

#endif // TEN_DIALECT_TEN_IR_TENOPS_H
