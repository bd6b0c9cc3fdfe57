//===- CPUTarget.h - the host CPU as a target -------------------*- C++ -*-===//

#ifndef TEN_TARGET_CPU_CPUTARGET_H
#define TEN_TARGET_CPU_CPUTARGET_H

namespace mlir {
namespace ten {

/// Registers the target `cpu`: ten-cpu-pipeline, JIT-compiled for the host
/// CPU with every feature it has.
void registerCPUTarget();

} // namespace ten
} // namespace mlir

#endif // TEN_TARGET_CPU_CPUTARGET_H
