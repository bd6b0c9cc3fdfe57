//===- JitMemory.h - one arena for every JIT-compiled module ----*- C++ -*-===//
//
// The memory in which the JIT places compiled code and data. LLVM's default
// mapper asks the system for each section on its own; in a process whose
// address space other libraries crowd (PyTorch, many compiled programs), a
// module's code and the table its calls jump through can land more than
// 2 GiB apart, out of reach of the 32-bit displacements of the small code
// model, and the call jumps to garbage. Every section of every module here
// comes from one reserved arena smaller than 2 GiB instead, so that any
// displacement between them fits.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TARGET_JITMEMORY_H
#define TEN_TARGET_JITMEMORY_H

#include "llvm/ExecutionEngine/SectionMemoryManager.h"

#include <cstddef>

namespace mlir {
namespace ten {

/// The bytes of address space the arena reserves: less than 2 GiB, so that
/// any two of its addresses are within a 32-bit displacement.
constexpr size_t kJitArenaBytes = size_t(1) << 30;

/// The process's JIT memory mapper: pages from one reserved arena, freed
/// pages reused. Allocation fails (ENOMEM) when the arena is full.
llvm::SectionMemoryManager::MemoryMapper &getJitMemoryMapper();

} // namespace ten
} // namespace mlir

#endif // TEN_TARGET_JITMEMORY_H
