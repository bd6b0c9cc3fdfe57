//===- InitAllDialects.h - every dialect tensor-opt knows -------*- C++ -*-===//

#ifndef TEN_INITALLDIALECTS_H
#define TEN_INITALLDIALECTS_H

#include "ten/Dialect/Ten/IR/TenDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Linalg/Transforms/TilingInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/IR/TensorInferTypeOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"

namespace mlir {
namespace ten {

/// The `ten` dialect and the upstream dialects that `ten` programs lower
/// through on the CPU (linalg on tensors, bufferization, complex numbers,
/// loops, vectors, the OpenMP, the LLVM dialect, the shard dialect of
/// programs over a grid of devices), with the external models
/// one-shot bufferization needs, and those that give tensor.expand_shape and
/// collapse_shape their result sizes (so that a dim of their result resolves to
/// them).
inline void registerAllTenDialects(DialectRegistry &registry) {
  registry
      .insert<TenDialect, affine::AffineDialect, arith::ArithDialect,
              bufferization::BufferizationDialect, complex::ComplexDialect,
              cf::ControlFlowDialect, func::FuncDialect, linalg::LinalgDialect,
              LLVM::LLVMDialect, math::MathDialect, memref::MemRefDialect,
              omp::OpenMPDialect, scf::SCFDialect, shard::ShardDialect,
              tensor::TensorDialect, vector::VectorDialect>();
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerTilingInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerInferTypeOpInterfaceExternalModels(registry);
}

} // namespace ten
} // namespace mlir

#endif // TEN_INITALLDIALECTS_H
