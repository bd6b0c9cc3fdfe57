//===- HostOptimizer.h - LLVM for the host CPU ------------------*- C++ -*-===//
//
// The host CPU's target machine and the LLVM optimization pipeline that the
// targets run on the host code they compile (all of the CPU target's, the
// CUDA target's launches and calls), for the JIT and ahead of time.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TARGET_HOSTOPTIMIZER_H
#define TEN_TARGET_HOSTOPTIMIZER_H

#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir {
namespace ten {

/// A target machine for the host: its triple, CPU and every feature it has
/// (less those of vectors wider than TEN_HOST_VECTOR_BITS, where that is
/// set: 256 compiles an AVX-512 host's code as for AVX2, 128 as for SSE);
/// null, with `error` set, where LLVM has no such target.
std::unique_ptr<llvm::TargetMachine>
createHostTargetMachine(std::string &error);

/// The width of the host's widest vector registers that the contraction
/// kernel uses: 512 bits with AVX-512, 256 otherwise (AVX2, and the 128-bit
/// targets, where a 256-bit vector is two registers).
int64_t getHostVectorBits();

/// The host's vector registers of that width: 32 with AVX-512, 16 otherwise.
int64_t getHostVectorRegisters();

/// The bytes of the host's level-1 data cache (per core), or 0 where the
/// system does not say.
int64_t getHostL1DataCacheBytes();

/// The bytes of the host's level-2 cache (per core), or 0 where the system
/// does not say.
int64_t getHostL2CacheBytes();

/// Marks every function defined in `module` as compiled for
/// `targetMachine`'s CPU and features, which the optimizer's cost models
/// read from the functions, and, where those features include AVX-512, as
/// preferring 512-bit vectors.
void setTargetAttributes(llvm::Module &module,
                         const llvm::TargetMachine &targetMachine);

/// Runs LLVM's default pipeline at `optLevel` (0 to 3) on `module` for
/// `targetMachine`, except that the loops that its vectorizer makes are not
/// unrolled.
llvm::Error optimizeForHost(llvm::Module &module, unsigned optLevel,
                            llvm::TargetMachine *targetMachine);

} // namespace ten
} // namespace mlir

#endif // TEN_TARGET_HOSTOPTIMIZER_H
