//===- Nccl.cpp - the collectives of the CUDA target, on NCCL -------------===//

#include "ten/Runtime/CUDA/Nccl.h"

#include "ten/Runtime/Host/SharedLibrary.h"

#include "ten/Runtime/CUDA/Driver.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"
#include "ten/Runtime/Host/Collectives.h"
#include "ten/Runtime/Host/PackedCall.h"

#include <cstring>
#include <map>
#include <mutex>
#include <vector>

using namespace ten::cuda;
using mlir::ten::CollectiveKind;

std::string Nccl::getDefaultLibrary() {
  return findLibrary("TEN_NCCL", {"libnccl.so.2", "libnccl.so"});
}

Nccl::~Nccl() {
  if (handle)
    dlclose(handle);
}

std::unique_ptr<Nccl> Nccl::load(const std::string &library,
                                 std::string &error) {
  void *handle = openLibrary(library, "NCCL", error);
  if (!handle) {
    error += " (install NCCL, e.g. pip's nvidia-nccl-cu12, and set TEN_NCCL "
             "to its libnccl.so.2)";
    return nullptr;
  }
  std::unique_ptr<Nccl> nccl(new Nccl());
  nccl->handle = handle;
  // Every entry point of NcclSymbols.def.
#define TEN_CUDA_SYMBOL(member, symbol, Return, Parameters)                    \
  if (!resolveSymbol(handle, symbol, nccl->member, library, "NCCL", error))    \
    return nullptr;
#include "ten/Runtime/CUDA/NcclSymbols.def"
  return nccl;
}

std::string Nccl::describe(int result, const char *call) const {
  const char *text = ncclGetErrorString(result);
  return std::string(call) + ": " +
         (text ? text : "NCCL result " + std::to_string(result)) +
         " (NCCL_DEBUG=WARN says more)";
}

namespace {

// The runtime's reductions are passed to NCCL as they are: their codes
// are ncclRedOp_t's (nccl.h: ncclSum, ncclProd, ncclMax, ncclMin).
static_assert(TENRT_REDUCE_SUM == 0 && TENRT_REDUCE_PRODUCT == 1 &&
                  TENRT_REDUCE_MAX == 2 && TENRT_REDUCE_MIN == 3,
              "TenrtReduction must match ncclRedOp_t");

// ncclDataType_t (nccl.h).
enum NcclType : int {
  kNcclInt8 = 0,
  kNcclUint8 = 1,
  kNcclInt32 = 2,
  kNcclUint32 = 3,
  kNcclInt64 = 4,
  kNcclUint64 = 5,
  kNcclFloat16 = 6,
  kNcclFloat32 = 7,
  kNcclFloat64 = 8,
  kNcclBfloat16 = 9,
};

/// The bytes of one element of `type`; 0 for none.
size_t getElementBytes(int32_t type) {
  switch (type) {
  case TENRT_COLLECTIVE_I1:
  case TENRT_COLLECTIVE_I8:
  case TENRT_COLLECTIVE_U8:
    return 1;
  case TENRT_COLLECTIVE_I16:
  case TENRT_COLLECTIVE_U16:
  case TENRT_COLLECTIVE_F16:
  case TENRT_COLLECTIVE_BF16:
    return 2;
  case TENRT_COLLECTIVE_I32:
  case TENRT_COLLECTIVE_U32:
  case TENRT_COLLECTIVE_F32:
    return 4;
  case TENRT_COLLECTIVE_I64:
  case TENRT_COLLECTIVE_U64:
  case TENRT_COLLECTIVE_F64:
  case TENRT_COLLECTIVE_C64:
    return 8;
  case TENRT_COLLECTIVE_C128:
    return 16;
  default:
    return 0;
  }
}

/// How NCCL reduces elements of `type` by `reduction`: its type, and how
/// many of its elements one of ours is (a complex number's parts, summed
/// apart); false, with `error`, where NCCL cannot do it exactly.
bool getReductionType(int32_t type, int32_t reduction, int &ncclType,
                      int &parts, std::string &error) {
  parts = 1;
  bool isExtremum =
      reduction == TENRT_REDUCE_MAX || reduction == TENRT_REDUCE_MIN;
  switch (type) {
  case TENRT_COLLECTIVE_I8:
    ncclType = kNcclInt8;
    return true;
  case TENRT_COLLECTIVE_I1:
  case TENRT_COLLECTIVE_U8:
    ncclType = kNcclUint8;
    return true;
  case TENRT_COLLECTIVE_I32:
    ncclType = kNcclInt32;
    return true;
  case TENRT_COLLECTIVE_U32:
    ncclType = kNcclUint32;
    return true;
  case TENRT_COLLECTIVE_I64:
    ncclType = kNcclInt64;
    return true;
  case TENRT_COLLECTIVE_U64:
    ncclType = kNcclUint64;
    return true;
  case TENRT_COLLECTIVE_F16:
  case TENRT_COLLECTIVE_BF16:
  case TENRT_COLLECTIVE_F32:
  case TENRT_COLLECTIVE_F64:
    if (isExtremum) {
      // NCCL's maximum drops a NaN; NumPy's propagates it.
      error = "a float maximum or minimum on NCCL, which drops NaNs: "
              "ten-lower-collectives reduces ordered integer keys instead";
      return false;
    }
    ncclType = type == TENRT_COLLECTIVE_F16    ? kNcclFloat16
               : type == TENRT_COLLECTIVE_BF16 ? kNcclBfloat16
               : type == TENRT_COLLECTIVE_F32  ? kNcclFloat32
                                               : kNcclFloat64;
    return true;
  case TENRT_COLLECTIVE_C64:
  case TENRT_COLLECTIVE_C128:
    if (reduction != TENRT_REDUCE_SUM) {
      error = "NCCL reduces complex numbers by a sum only";
      return false;
    }
    ncclType = type == TENRT_COLLECTIVE_C64 ? kNcclFloat32 : kNcclFloat64;
    parts = 2;
    return true;
  case TENRT_COLLECTIVE_I16:
  case TENRT_COLLECTIVE_U16:
    error = "NCCL has no 16-bit integers: ten-lower-collectives widens their "
            "reductions";
    return false;
  default:
    error = "a collective of element type " + std::to_string(type) +
            " is not supported";
    return false;
  }
}

/// A row-major buffer of compiled code on the device: its first element
/// (a device address), sizes and count.
struct DeviceBuffer {
  char *data;
  std::vector<int64_t> sizes;
  size_t elements = 1;

  DeviceBuffer(const TenrtUnrankedMemRef *buffer, size_t elementBytes) {
    mlir::ten::Descriptor descriptor(
        static_cast<const int64_t *>(buffer->descriptor), buffer->rank);
    data = descriptor.getAligned() + descriptor.getOffset() * elementBytes;
    for (int64_t dim = 0; dim < buffer->rank; ++dim) {
      sizes.push_back(descriptor.getSize(dim));
      elements *= static_cast<size_t>(sizes.back());
    }
  }

  /// Whether the parts of this buffer split along `axis` are contiguous:
  /// nothing but dimensions of size 1 before it.
  bool hasContiguousParts(int64_t axis) const {
    for (int64_t dim = 0; dim < axis && dim < int64_t(sizes.size()); ++dim)
      if (sizes[dim] != 1)
        return false;
    return axis >= 0 && axis < int64_t(sizes.size());
  }
};

/// A communicator of one group of processes, and this process's place in
/// it.
struct Group {
  void *comm = nullptr;
  mlir::ten::GroupPlace place;
};

/// The process's NCCL: the library, loaded at the first collective, and a
/// communicator for each set of grid axes a collective ran over (of one
/// grid shape), destroyed when the process exits (before MPI, which was
/// started before them, is finalized).
struct NcclRuntime {
  std::mutex mutex;
  std::unique_ptr<Nccl> nccl;
  std::string loadError;
  std::map<std::pair<std::vector<int64_t>, int64_t>, Group> groups;

  ~NcclRuntime() {
    if (nccl)
      for (auto &[key, group] : groups)
        nccl->ncclCommDestroy(group.comm);
  }
};

NcclRuntime &getRuntime() {
  static NcclRuntime runtime;
  static std::once_flag once;
  std::call_once(once, [] {
    // MPI first, so that it outlives the communicators (its state, made
    // first, is destroyed last).
    mlir::ten::ProcessGroup processes;
    if (!mlir::ten::startCollectives(processes, runtime.loadError))
      return;
    runtime.nccl = Nccl::load(Nccl::getDefaultLibrary(), runtime.loadError);
  });
  return runtime;
}

/// The grid's sizes, from their buffer (on the host: a constant).
std::vector<int64_t> readGrid(const TenrtUnrankedMemRef *grid) {
  mlir::ten::Descriptor descriptor(
      static_cast<const int64_t *>(grid->descriptor), grid->rank);
  const int64_t *sizes =
      reinterpret_cast<const int64_t *>(descriptor.getAligned()) +
      descriptor.getOffset();
  return std::vector<int64_t>(sizes, sizes + descriptor.getSize(0));
}

/// What every collective starts from: NCCL loaded, the element size, the
/// two buffers, the grid, the communicator of this process's group and
/// the stream; and the traffic counted. `ok` is false, with the failure
/// recorded, where any of them cannot be had.
struct CollectiveCall {
  NcclRuntime &runtime;
  const Nccl *nccl = nullptr;
  size_t bytes = 0;
  DeviceBuffer in, out;
  std::vector<int64_t> grid;
  Group group;
  void *stream = nullptr;
  bool ok = false;

  CollectiveCall(CollectiveKind kind, const TenrtUnrankedMemRef *input,
                 const TenrtUnrankedMemRef *output,
                 const TenrtUnrankedMemRef *gridSizes, int64_t axesMask,
                 int32_t type)
      : runtime(getRuntime()), bytes(getElementBytes(type)), in(input, bytes),
        out(output, bytes), grid(readGrid(gridSizes)),
        stream(tenCudaCurrentStream()) {
    if (!runtime.nccl) {
      recordError("a collective of a sharded program: " + runtime.loadError);
      return;
    }
    nccl = runtime.nccl.get();
    if (!bytes) {
      recordError("a collective of element type " + std::to_string(type) +
                  " is not supported");
      return;
    }
    if (!joinGroup(axesMask))
      return;
    mlir::ten::recordCollectiveTraffic(
        kind, static_cast<int64_t>(in.elements * bytes));
    ok = true;
  }

  /// The communicator of this process's group on `axesMask`, made at its
  /// first collective.
  bool joinGroup(int64_t axesMask) {
    std::lock_guard<std::mutex> lock(runtime.mutex);
    auto key = std::make_pair(grid, axesMask);
    auto found = runtime.groups.find(key);
    if (found != runtime.groups.end()) {
      group = found->second;
      return true;
    }
    group.place = mlir::ten::getGroupPlace(grid, axesMask, tenrtProcessRank());
    // The first process's id, or zeros where it could not make one: the
    // others still take part in the broadcast and then fail too, instead
    // of waiting for it.
    NcclUniqueId id, none;
    std::memset(&id, 0, sizeof(id));
    std::memset(&none, 0, sizeof(none));
    bool made = group.place.position != 0 ||
                check(nccl->ncclGetUniqueId(&id), "ncclGetUniqueId");
    std::string error;
    if (!mlir::ten::broadcastInGroup(grid, axesMask, &id, sizeof(id), error)) {
      recordError("starting NCCL: " + error);
      return false;
    }
    if (!made)
      return false;
    if (std::memcmp(&id, &none, sizeof(id)) == 0) {
      recordError("starting NCCL: the first process of this one's group could "
                  "not make NCCL's unique id");
      return false;
    }
    if (!check(nccl->ncclCommInitRank(&group.comm,
                                      static_cast<int>(group.place.size), id,
                                      static_cast<int>(group.place.position)),
               "ncclCommInitRank"))
      return false;
    runtime.groups.emplace(key, group);
    return true;
  }

  /// Records `result`'s failure of `call`; whether it succeeded.
  bool check(int result, const char *call) const {
    if (result == 0)
      return true;
    recordError(nccl->describe(result, call));
    return false;
  }

  /// NCCL's type for reducing elements of `type` by `reduction`, and how
  /// many of its elements one of ours is; false, with the failure
  /// recorded, where NCCL cannot do it exactly.
  bool getReduction(int32_t type, int32_t reduction, int &ncclType,
                    int &parts) const {
    std::string error;
    if (getReductionType(type, reduction, ncclType, parts, error))
      return true;
    recordError(error);
    return false;
  }

  /// Runs the sends and receives that `post` posts (false if one fails) as
  /// one group; whether all of them and the group succeeded. The group is
  /// ended either way: NCCL's state must not stay in one.
  template <typename Post>
  bool inGroup(Post post) const {
    if (!check(nccl->ncclGroupStart(), "ncclGroupStart"))
      return false;
    bool posted = post();
    int ended = nccl->ncclGroupEnd();
    return posted && check(ended, "ncclGroupEnd");
  }

  /// Whether the parts of `buffer` along `axis` are contiguous; records
  /// the failure of `what` otherwise.
  bool checkContiguous(const DeviceBuffer &buffer, int64_t axis,
                       const char *what) const {
    if (buffer.hasContiguousParts(axis))
      return true;
    recordError(std::string(what) + " along dimension " + std::to_string(axis) +
                ": NCCL moves contiguous parts only (ten-lower-collectives "
                "moves the dimension to the front)");
    return false;
  }
};

} // namespace

extern "C" void tenCudaAllReduce(const TenrtUnrankedMemRef *input,
                                 const TenrtUnrankedMemRef *output,
                                 const TenrtUnrankedMemRef *grid,
                                 int64_t axesMask, int32_t type,
                                 int32_t reduction) {
  if (hasError())
    return;
  CollectiveCall call(CollectiveKind::AllReduce, input, output, grid, axesMask,
                      type);
  if (!call.ok)
    return;
  int ncclType = 0, parts = 1;
  if (!call.getReduction(type, reduction, ncclType, parts))
    return;
  call.check(call.nccl->ncclAllReduce(call.in.data, call.out.data,
                                      call.in.elements * parts, ncclType,
                                      reduction, call.group.comm, call.stream),
             "ncclAllReduce");
}

extern "C" void tenCudaAllGather(const TenrtUnrankedMemRef *input,
                                 const TenrtUnrankedMemRef *output,
                                 const TenrtUnrankedMemRef *grid,
                                 int64_t axesMask, int64_t axis, int32_t type) {
  if (hasError())
    return;
  CollectiveCall call(CollectiveKind::AllGather, input, output, grid, axesMask,
                      type);
  if (!call.ok || !call.checkContiguous(call.out, axis, "an all_gather"))
    return;
  // Parts joined one after the other, as bytes: any element type.
  call.check(call.nccl->ncclAllGather(call.in.data, call.out.data,
                                      call.in.elements * call.bytes, kNcclUint8,
                                      call.group.comm, call.stream),
             "ncclAllGather");
}

extern "C" void tenCudaReduceScatter(const TenrtUnrankedMemRef *input,
                                     const TenrtUnrankedMemRef *output,
                                     const TenrtUnrankedMemRef *grid,
                                     int64_t axesMask, int64_t axis,
                                     int32_t type, int32_t reduction) {
  if (hasError())
    return;
  CollectiveCall call(CollectiveKind::ReduceScatter, input, output, grid,
                      axesMask, type);
  if (!call.ok || !call.checkContiguous(call.in, axis, "a reduce_scatter"))
    return;
  int ncclType = 0, parts = 1;
  if (!call.getReduction(type, reduction, ncclType, parts))
    return;
  call.check(call.nccl->ncclReduceScatter(
                 call.in.data, call.out.data, call.out.elements * parts,
                 ncclType, reduction, call.group.comm, call.stream),
             "ncclReduceScatter");
}

extern "C" void tenCudaAllToAll(const TenrtUnrankedMemRef *input,
                                const TenrtUnrankedMemRef *output,
                                const TenrtUnrankedMemRef *grid,
                                int64_t axesMask, int64_t splitAxis,
                                int64_t concatAxis, int32_t type) {
  if (hasError())
    return;
  CollectiveCall call(CollectiveKind::AllToAll, input, output, grid, axesMask,
                      type);
  if (!call.ok || !call.checkContiguous(call.in, splitAxis, "an all_to_all") ||
      !call.checkContiguous(call.out, concatAxis, "an all_to_all"))
    return;
  // NCCL has no all-to-all: part p is sent to and received from the
  // process at position p, all in one group of sends and receives.
  int64_t peers = call.group.place.size;
  size_t partBytes = call.in.elements * call.bytes / peers;
  call.inGroup([&] {
    for (int64_t peer = 0; peer < peers; ++peer)
      if (!call.check(call.nccl->ncclSend(call.in.data + peer * partBytes,
                                          partBytes, kNcclUint8,
                                          static_cast<int>(peer),
                                          call.group.comm, call.stream),
                      "ncclSend") ||
          !call.check(call.nccl->ncclRecv(call.out.data + peer * partBytes,
                                          partBytes, kNcclUint8,
                                          static_cast<int>(peer),
                                          call.group.comm, call.stream),
                      "ncclRecv"))
        return false;
    return true;
  });
}

extern "C" void tenCudaBroadcast(const TenrtUnrankedMemRef *input,
                                 const TenrtUnrankedMemRef *output,
                                 const TenrtUnrankedMemRef *grid,
                                 int64_t axesMask, int64_t root, int32_t type) {
  if (hasError())
    return;
  CollectiveCall call(CollectiveKind::Broadcast, input, output, grid, axesMask,
                      type);
  if (!call.ok)
    return;
  if (root < 0 || root >= call.group.place.size) {
    recordError("a broadcast from position " + std::to_string(root) +
                " of a group of " + std::to_string(call.group.place.size) +
                " processes");
    return;
  }
  call.check(call.nccl->ncclBroadcast(call.in.data, call.out.data,
                                      call.in.elements * call.bytes, kNcclUint8,
                                      static_cast<int>(root), call.group.comm,
                                      call.stream),
             "ncclBroadcast");
}

extern "C" void tenCudaShift(const TenrtUnrankedMemRef *input,
                             const TenrtUnrankedMemRef *output,
                             const TenrtUnrankedMemRef *grid, int64_t axesMask,
                             int64_t shiftAxis, int64_t offset, int32_t rotate,
                             int32_t type) {
  if (hasError())
    return;
  CollectiveCall call(CollectiveKind::Shift, input, output, grid, axesMask,
                      type);
  if (!call.ok)
    return;
  if (shiftAxis < 0 || shiftAxis >= static_cast<int64_t>(call.grid.size()) ||
      !(axesMask & (int64_t(1) << shiftAxis))) {
    recordError("a shift along grid axis " + std::to_string(shiftAxis) +
                ", which is not one of the group's");
    return;
  }
  // The positions in this process's group of the processes `step` places
  // along the axis from it, or -1.
  int64_t rank = tenrtProcessRank();
  auto neighbour = [&](int64_t step) -> int64_t {
    int64_t other = mlir::ten::getNeighbourRank(call.grid, rank, shiftAxis,
                                                step, rotate != 0);
    return other < 0
               ? -1
               : mlir::ten::getGroupPlace(call.grid, axesMask, other).position;
  };
  int64_t source = neighbour(-offset), destination = neighbour(offset);
  size_t bytes = call.in.elements * call.bytes;
  if (source < 0 && !setZero(call.out.data, bytes, call.stream))
    return;
  call.inGroup([&] {
    if (destination >= 0 &&
        !call.check(call.nccl->ncclSend(call.in.data, bytes, kNcclUint8,
                                        static_cast<int>(destination),
                                        call.group.comm, call.stream),
                    "ncclSend"))
      return false;
    return source < 0 ||
           call.check(call.nccl->ncclRecv(call.out.data, bytes, kNcclUint8,
                                          static_cast<int>(source),
                                          call.group.comm, call.stream),
                      "ncclRecv");
  });
}
