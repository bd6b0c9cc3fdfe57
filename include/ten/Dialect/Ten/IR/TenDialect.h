//===- TenDialect.h - the ten dialect ---------------------------*- C++ -*-===//

#ifndef TEN_DIALECT_TEN_IR_TENDIALECT_H
#define TEN_DIALECT_TEN_IR_TENDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include "ten/Dialect/Ten/IR/TenDialect.h.inc"

#endif // TEN_DIALECT_TEN_IR_TENDIALECT_H
