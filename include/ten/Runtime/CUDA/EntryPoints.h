//===- EntryPoints.h - names of the CUDA runtime's entry points -*- C++ -*-===//
//
// The C names of the runtime functions that ten's GPU passes emit calls to,
// for the compiler; one constant per TEN_CUDA_ENTRY of EntryPoints.def.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_CUDA_ENTRYPOINTS_H
#define TEN_RUNTIME_CUDA_ENTRYPOINTS_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace ten {
namespace cuda_entry {

#define TEN_CUDA_ENTRY(name) inline constexpr llvm::StringLiteral name = #name;
#include "ten/Runtime/CUDA/EntryPoints.def"

} // namespace cuda_entry
} // namespace ten
} // namespace mlir

#endif // TEN_RUNTIME_CUDA_ENTRYPOINTS_H
