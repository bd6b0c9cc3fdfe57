//===- Nccl.h - NCCL, loaded at run time ------------------------*- C++ -*-===//
//
// The collectives of a program partitioned over a grid of GPUs (one process
// per GPU) run on NCCL, which the runtime loads with dlopen like cuBLAS:
// nothing links against it. A collective over some grid axes runs on the
// communicator of this process's group on those axes (Collectives.h), made
// at its first collective: the group's first process makes NCCL's unique
// id, MPI broadcasts it, and every member joins with ncclCommInitRank; the
// communicators are destroyed when the process exits. Each collective is
// enqueued on the runtime's current stream (tenCudaCurrentStream), in order
// with the kernels around it; nothing waits for it.
//
// The entry points take what the host runtime's MPI collectives take (the
// buffers' descriptors, with device addresses), so that one lowering serves
// both; ten-lower-collectives{backend=nccl} first rewrites what NCCL cannot
// do as it is asked: parts along an inner dimension (moved to the leading
// one by a transpose), reductions of 16-bit integers (widened) and float
// maxima and minima (NCCL's drop NaNs; the runtime gets ordered integer
// keys). A failure is recorded for tenCudaTakeError (RuntimeWrappers.h).
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_CUDA_NCCL_H
#define TEN_RUNTIME_CUDA_NCCL_H

#include "ten/Runtime/Host/UnrankedMemRef.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace ten {
namespace cuda {

/// ncclUniqueId: what the first process of a group makes and the others
/// receive.
struct NcclUniqueId {
  char internal[128];
};

/// The entry points of NCCL the runtime calls.
class Nccl {
public:
  /// The library loaded when none is named: $TEN_NCCL, else the first of
  /// libnccl.so.2 and libnccl.so that loads.
  static std::string getDefaultLibrary();

  /// Loads `library` and resolves every entry point; null, with `error`
  /// set to one line, when it is missing or is not NCCL.
  static std::unique_ptr<Nccl> load(const std::string &library,
                                    std::string &error);

  ~Nccl();
  Nccl(const Nccl &) = delete;
  Nccl &operator=(const Nccl &) = delete;

  /// "ncclAllReduce: invalid argument (run with NCCL_DEBUG=WARN for
  /// details)".
  std::string describe(int result, const char *call) const;

  // The library's functions (NcclSymbols.def).
#define TEN_CUDA_SYMBOL(member, symbol, Return, Parameters)                    \
  Return(*member) Parameters = nullptr;
#include "ten/Runtime/CUDA/NcclSymbols.def"

private:
  Nccl() = default;
  void *handle = nullptr;
};

} // namespace cuda
} // namespace ten

extern "C" {
/// As the host runtime's tenrtAllReduce, ... (Collectives.h), on NCCL: the
/// buffers are on the device, row-major; parts along `axis` must be
/// contiguous (nothing but dimensions of size 1 before it); max and min take
/// integers only. Compiled code calls them by their C interface names, one
/// per element type (_mlir_ciface_tenCudaAllReduce<Suffix>, EntryPoints.def).
void tenCudaAllReduce(const TenrtUnrankedMemRef *input,
                      const TenrtUnrankedMemRef *output,
                      const TenrtUnrankedMemRef *grid, int64_t axesMask,
                      int32_t type, int32_t reduction);
void tenCudaAllGather(const TenrtUnrankedMemRef *input,
                      const TenrtUnrankedMemRef *output,
                      const TenrtUnrankedMemRef *grid, int64_t axesMask,
                      int64_t axis, int32_t type);
void tenCudaReduceScatter(const TenrtUnrankedMemRef *input,
                          const TenrtUnrankedMemRef *output,
                          const TenrtUnrankedMemRef *grid, int64_t axesMask,
                          int64_t axis, int32_t type, int32_t reduction);
void tenCudaAllToAll(const TenrtUnrankedMemRef *input,
                     const TenrtUnrankedMemRef *output,
                     const TenrtUnrankedMemRef *grid, int64_t axesMask,
                     int64_t splitAxis, int64_t concatAxis, int32_t type);
void tenCudaBroadcast(const TenrtUnrankedMemRef *input,
                      const TenrtUnrankedMemRef *output,
                      const TenrtUnrankedMemRef *grid, int64_t axesMask,
                      int64_t root, int32_t type);
void tenCudaShift(const TenrtUnrankedMemRef *input,
                  const TenrtUnrankedMemRef *output,
                  const TenrtUnrankedMemRef *grid, int64_t axesMask,
                  int64_t shiftAxis, int64_t offset, int32_t rotate,
                  int32_t type);
}

#endif // TEN_RUNTIME_CUDA_NCCL_H
