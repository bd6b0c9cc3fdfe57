//===- InitAllDialects.h - every dialect tensor-opt knows --------*- C++
//-*-===//

#ifndef TEN_INITALLDIALECTS_H
#define TEN_INITALLDIALECTS_H

#include "ten/Dialect/Ten/IR/TenDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"

namespace mlir {
namespace ten {

/// The `ten` dialect and the upstream dialects that `ten` programs and their
/// lowerings are written in.
inline void registerAllTenDialects(DialectRegistry &registry) {
  registry.insert<TenDialect, arith::ArithDialect, func::FuncDialect,
                  linalg::LinalgDialect, math::MathDialect, scf::SCFDialect,
                  tensor::TensorDialect>();
}

} // namespace ten
} // namespace mlir

#endif // TEN_INITALLDIALECTS_H
