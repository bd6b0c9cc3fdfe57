//===- Collectives.h - collectives of sharded programs ----------*- C++ -*-===//
//
// A program partitioned over a grid of processes (one per device) exchanges
// data through the collectives below, which compiled code calls and which
// run on MPI: the library of the MPI the process runs under (MPICH's ABI),
// loaded when a run first needs it, so that a build or a process without
// MPI still works. The processes of a grid of shape (n0, n1, ...) are the
// ranks of MPI_COMM_WORLD in row-major order; a collective over some grid
// axes runs among the processes that share this one's position on every
// other axis, on a communicator split once per set of axes and freed when
// the process exits.
//
// A failure (no MPI library, an MPI error, a type a collective does not
// take) fails the current run (CheckedRun.h) with a message.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_COLLECTIVES_H
#define TEN_RUNTIME_HOST_COLLECTIVES_H

#include "ten/Runtime/Host/UnrankedMemRef.h"

#include <cstdint>
#include <string>
#include <vector>

/// The reductions of tenrtAllReduce.
enum TenrtReduction : int32_t {
  TENRT_REDUCE_SUM = 0,
  TENRT_REDUCE_PRODUCT = 1,
  TENRT_REDUCE_MAX = 2,
  TENRT_REDUCE_MIN = 3,
};

/// The element types a collective moves: bool as a byte, the integers, f32,
/// f64, complex64, complex128 (all of which MPI has), and f16 and bf16
/// (which only the CUDA target's collectives, on NCCL, take).
enum TenrtCollectiveType : int32_t {
#define TEN_COLLECTIVE_TYPE(Suffix) TENRT_COLLECTIVE_##Suffix,
#include "ten/Runtime/Host/CollectiveTypes.def"
};

extern "C" {
/// This process's rank in the grid (MPI_COMM_WORLD's); 0 outside MPI.
int64_t tenrtProcessRank();

/// `output` = the reduction of `input` over the processes of the grid axes
/// in `axesMask` (bit a: axis a) of the grid of sizes `grid` (an i64
/// vector); both buffers have the same sizes and are row-major. Compiled
/// code calls it by its C interface name, _mlir_ciface_tenrtAllReduce.
void tenrtAllReduce(const TenrtUnrankedMemRef *input,
                    const TenrtUnrankedMemRef *output,
                    const TenrtUnrankedMemRef *grid, int64_t axesMask,
                    int32_t type, int32_t reduction);

/// `output` = the `input`s of the processes of the grid axes in `axesMask`
/// joined along dimension `axis`, in the order of their positions on those
/// axes; row-major both.
void tenrtAllGather(const TenrtUnrankedMemRef *input,
                    const TenrtUnrankedMemRef *output,
                    const TenrtUnrankedMemRef *grid, int64_t axesMask,
                    int64_t axis, int32_t type);
/// `output` = this process's part of the reduction of `input` over the
/// processes of the axes in `axesMask`: the reduced tensor split along
/// dimension `axis` into as many parts as processes, the part at this
/// process's position.
void tenrtReduceScatter(const TenrtUnrankedMemRef *input,
                        const TenrtUnrankedMemRef *output,
                        const TenrtUnrankedMemRef *grid, int64_t axesMask,
                        int64_t axis, int32_t type, int32_t reduction);
/// Each process splits `input` along dimension `splitAxis` into as many
/// parts as processes of the axes in `axesMask` and sends part p to the
/// process at position p; `output` = the parts it receives, joined along
/// `concatAxis` in the order of their senders' positions.
void tenrtAllToAll(const TenrtUnrankedMemRef *input,
                   const TenrtUnrankedMemRef *output,
                   const TenrtUnrankedMemRef *grid, int64_t axesMask,
                   int64_t splitAxis, int64_t concatAxis, int32_t type);
/// `output` = the `input` of the process at position `root` (row-major over
/// the axes in `axesMask`) among those of this one's group.
void tenrtBroadcast(const TenrtUnrankedMemRef *input,
                    const TenrtUnrankedMemRef *output,
                    const TenrtUnrankedMemRef *grid, int64_t axesMask,
                    int64_t root, int32_t type);
/// `output` = the `input` of the process `offset` positions before this one
/// along grid axis `shiftAxis` (data moves `offset` positions forward, as
/// numpy.roll moves elements); with `rotate` the positions wrap around,
/// without it a process with no sender gets zeros.
void tenrtShift(const TenrtUnrankedMemRef *input,
                const TenrtUnrankedMemRef *output,
                const TenrtUnrankedMemRef *grid, int64_t axesMask,
                int64_t shiftAxis, int64_t offset, int32_t rotate,
                int32_t type);
}

namespace mlir {
namespace ten {

/// The processes of the MPI job this one belongs to.
struct ProcessGroup {
  int rank = 0;
  int size = 1;
};

/// Starts MPI for this process (once; it is finalized at exit) and says
/// where it stands; false, with `error`, when the MPI library cannot be
/// loaded or started. `TEN_MPI_LIBRARY` names the library (default
/// MPICH's libmpich.so.12).
bool startCollectives(ProcessGroup &group, std::string &error);

/// What this process's collectives of one kind have moved: the calls and
/// the bytes of their inputs (the payload; the bytes on the wire follow from
/// the algorithm, docs/Scaling.md).
struct CollectiveTraffic {
  const char *name;
  int64_t calls = 0;
  int64_t bytes = 0;
};

/// The kinds of collective whose traffic is counted, in the order
/// getCollectiveTraffic reports them.
enum class CollectiveKind {
  AllReduce,
  AllGather,
  ReduceScatter,
  AllToAll,
  Broadcast,
  Shift,
};

/// The traffic of each kind of collective since the process started or the
/// last reset, in a fixed order (all_reduce, all_gather, reduce_scatter,
/// all_to_all, broadcast, shift).
std::vector<CollectiveTraffic> getCollectiveTraffic();
void resetCollectiveTraffic();
/// Counts one collective of `kind` whose input has `bytes` bytes (for the
/// collectives of other backends: NCCL's).
void recordCollectiveTraffic(CollectiveKind kind, int64_t bytes);

/// A process's place in its group of the grid axes in `axesMask` (bit a:
/// axis a) of the grid of sizes `grid`: the processes that share its
/// position on every other axis, ranked by their positions on those axes
/// (row-major, in the grid's order).
struct GroupPlace {
  /// The process's rank in its group, and the group's size.
  int64_t position = 0;
  int64_t size = 1;
  /// Which group: the process's positions on the other axes, row-major.
  int64_t color = 0;
};
/// The place of the process of rank `rank` (ranks are row-major over the
/// grid).
GroupPlace getGroupPlace(const std::vector<int64_t> &grid, int64_t axesMask,
                         int64_t rank);
/// The rank of the process at `position` on each grid axis.
int64_t getRankAt(const std::vector<int64_t> &grid,
                  const std::vector<int64_t> &position);
/// The position on each grid axis of the process of rank `rank`.
std::vector<int64_t> getPositionOf(const std::vector<int64_t> &grid,
                                   int64_t rank);

/// The rank of the process `step` positions from the one of rank `rank`
/// along grid axis `axis` (in range), wrapping around with `rotate`; -1
/// where there is none.
int64_t getNeighbourRank(const std::vector<int64_t> &grid, int64_t rank,
                         int64_t axis, int64_t step, bool rotate);

/// Broadcasts `bytes` bytes at `data` from the first process of this
/// process's group on `axesMask` to the others (how NCCL's communicators
/// are started: the first makes an id that all of them pass to
/// ncclCommInitRank). Every process of the grid calls it at once; false,
/// with `error`, when MPI cannot.
bool broadcastInGroup(const std::vector<int64_t> &grid, int64_t axesMask,
                      void *data, size_t bytes, std::string &error);

/// Gathers `bytes` bytes from every process of the job into `into` on
/// rank 0, one part after the other in rank order (`into` holds the job's
/// size times `bytes` there; other ranks pass null); false, with `error`,
/// when MPI fails or a part is too large for one message. Every process of
/// the job must call it.
bool gatherToLeader(const void *data, size_t bytes, void *into,
                    std::string &error);

/// Whether this process was started by an MPI launcher (its environment
/// says so), which a grid of more than one process needs.
bool isUnderMPILauncher();

} // namespace ten
} // namespace mlir

#endif // TEN_RUNTIME_HOST_COLLECTIVES_H
