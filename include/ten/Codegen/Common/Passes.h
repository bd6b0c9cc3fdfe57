//===- Passes.h - ten code generation shared by every target ---*- C++ -*-===//
//
// Passes on linalg, loops and arith that every target's pipeline runs.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_CODEGEN_COMMON_PASSES_H
#define TEN_CODEGEN_COMMON_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace ten {

#define GEN_PASS_DECL
#include "ten/Codegen/Common/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ten/Codegen/Common/Passes.h.inc"

/// How the ops of a program lowered to linalg (linalg, tensor, arith, func)
/// shard, which upstream sharding propagation and partitioning ask them.
void registerShardingModels(DialectRegistry &registry);

/// Sharding models for the ops upstream has none for (reshapes, slices,
/// sizes, calls): they read and make whole values (ReplicatedSharding.cpp).
void registerReplicatedShardingModels(DialectRegistry &registry);

} // namespace ten
} // namespace mlir

#endif // TEN_CODEGEN_COMMON_PASSES_H
