//===- Collectives.cpp - collectives of sharded programs on MPI -----------===//
//
// MPI is loaded with dlopen, its entry points looked up by name and called
// with MPICH's ABI (its handles are ints): mpi.h, where the build found it,
// gives the constants; a build without it has no MPI backend and says so.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/Host/Collectives.h"

#include "ten/Runtime/Host/CheckedRun.h"
#include "ten/Runtime/Host/PackedCall.h"

#include <array>
#include <atomic>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <map>
#include <mutex>
#include <type_traits>
#include <vector>

#ifdef TEN_HAVE_MPI_H
// The C interface alone: no C++ bindings.
#define MPICH_SKIP_MPICXX 1
#define OMPI_SKIP_MPICXX 1
#include <mpi.h>
#endif

using namespace mlir::ten;

namespace {

/// Fails the current run with `message` (CheckedRun.h).
[[noreturn]] void fail(const std::string &message) { failCurrentRun(message); }

constexpr std::array<const char *, 6> kCollectiveNames = {
    "all_reduce", "all_gather", "reduce_scatter",
    "all_to_all", "broadcast",  "shift"};

struct TrafficCounters {
  std::array<std::atomic<int64_t>, kCollectiveNames.size()> calls{};
  std::array<std::atomic<int64_t>, kCollectiveNames.size()> bytes{};

  void record(CollectiveKind kind, int64_t payload) {
    calls[static_cast<size_t>(kind)] += 1;
    bytes[static_cast<size_t>(kind)] += payload;
  }
};

TrafficCounters &getTraffic() {
  static TrafficCounters traffic;
  return traffic;
}

#ifdef TEN_HAVE_MPI_H

/// The MPI entry points the collectives call.
struct MPILibrary {
  void *handle = nullptr;
  decltype(&MPI_Initialized) initialized = nullptr;
  decltype(&MPI_Init) init = nullptr;
  decltype(&MPI_Finalized) finalized = nullptr;
  decltype(&MPI_Finalize) finalize = nullptr;
  decltype(&MPI_Comm_rank) commRank = nullptr;
  decltype(&MPI_Comm_size) commSize = nullptr;
  decltype(&MPI_Comm_split) commSplit = nullptr;
  decltype(&MPI_Comm_free) commFree = nullptr;
  decltype(&MPI_Allreduce) allReduce = nullptr;
  decltype(&MPI_Allgather) allGather = nullptr;
  decltype(&MPI_Reduce_scatter_block) reduceScatter = nullptr;
  decltype(&MPI_Alltoall) allToAll = nullptr;
  decltype(&MPI_Bcast) broadcast = nullptr;
  decltype(&MPI_Sendrecv) sendReceive = nullptr;
  decltype(&MPI_Gather) gather = nullptr;
  decltype(&MPI_Op_create) operationCreate = nullptr;
  decltype(&MPI_Op_free) operationFree = nullptr;
  decltype(&MPI_Error_string) errorString = nullptr;

  /// Loads the library and its entry points; false, with `error`, if any
  /// is missing.
  bool load(std::string &error) {
    const char *name = std::getenv("TEN_MPI_LIBRARY");
    if (!name || !*name)
      name = "libmpich.so.12";
    handle = dlopen(name, RTLD_NOW | RTLD_GLOBAL);
    if (!handle) {
      error = std::string("no MPI library: ") + name + " (" + dlerror() +
              "); install MPICH (libmpich-dev) or set TEN_MPI_LIBRARY";
      return false;
    }
    bool found = true;
    auto bind = [&](auto &entry, const char *symbol) {
      entry = reinterpret_cast<std::remove_reference_t<decltype(entry)>>(
          dlsym(handle, symbol));
      if (!entry) {
        error = std::string("the MPI library ") + name + " has no " + symbol;
        found = false;
      }
    };
    bind(initialized, "MPI_Initialized");
    bind(init, "MPI_Init");
    bind(finalized, "MPI_Finalized");
    bind(finalize, "MPI_Finalize");
    bind(commRank, "MPI_Comm_rank");
    bind(commSize, "MPI_Comm_size");
    bind(commSplit, "MPI_Comm_split");
    bind(commFree, "MPI_Comm_free");
    bind(allReduce, "MPI_Allreduce");
    bind(allGather, "MPI_Allgather");
    bind(reduceScatter, "MPI_Reduce_scatter_block");
    bind(allToAll, "MPI_Alltoall");
    bind(broadcast, "MPI_Bcast");
    bind(sendReceive, "MPI_Sendrecv");
    bind(gather, "MPI_Gather");
    bind(operationCreate, "MPI_Op_create");
    bind(operationFree, "MPI_Op_free");
    bind(errorString, "MPI_Error_string");
    return found;
  }

  std::string describe(int code, const char *call) const {
    char text[MPI_MAX_ERROR_STRING] = {0};
    int length = 0;
    errorString(code, text, &length);
    return std::string(call) + " failed: " + text;
  }
};

/// The process's MPI state: the library, the world, and a communicator for
/// each set of grid axes a collective ran over (of one grid shape).
struct MPIState {
  std::mutex mutex;
  MPILibrary library;
  bool started = false;
  std::string startError;
  ProcessGroup group;
  std::map<std::pair<std::vector<int64_t>, int64_t>, MPI_Comm> communicators;
  /// The reductions MPI's own operations get wrong, made once per element
  /// type and reduction.
  std::map<std::pair<int32_t, int32_t>, MPI_Op> operations;

  ~MPIState() {
    if (!started)
      return;
    int done = 0;
    library.finalized(&done);
    if (done)
      return;
    for (auto &[key, communicator] : communicators)
      library.commFree(&communicator);
    for (auto &[key, operation] : operations)
      library.operationFree(&operation);
    library.finalize();
  }
};

MPIState &getState() {
  static MPIState state;
  return state;
}

/// Starts MPI once; false with `error` when it cannot.
bool start(MPIState &state, std::string &error) {
  std::lock_guard<std::mutex> lock(state.mutex);
  if (state.started)
    return true;
  if (!state.startError.empty()) {
    error = state.startError;
    return false;
  }
  if (!state.library.load(error)) {
    state.startError = error;
    return false;
  }
  int initialized = 0;
  state.library.initialized(&initialized);
  if (!initialized) {
    int code = state.library.init(nullptr, nullptr);
    if (code != MPI_SUCCESS) {
      state.startError = error = state.library.describe(code, "MPI_Init");
      return false;
    }
  }
  state.library.commRank(MPI_COMM_WORLD, &state.group.rank);
  state.library.commSize(MPI_COMM_WORLD, &state.group.size);
  state.started = true;
  return true;
}

/// The communicator of the processes that share this one's position on
/// every grid axis outside `axesMask`, ranked by their positions on the
/// axes in it.
MPI_Comm getCommunicator(MPIState &state, const std::vector<int64_t> &grid,
                         int64_t axesMask) {
  std::lock_guard<std::mutex> lock(state.mutex);
  auto key = std::make_pair(grid, axesMask);
  auto found = state.communicators.find(key);
  if (found != state.communicators.end())
    return found->second;
  GroupPlace place = getGroupPlace(grid, axesMask, state.group.rank);
  MPI_Comm communicator;
  int code =
      state.library.commSplit(MPI_COMM_WORLD, static_cast<int>(place.color),
                              static_cast<int>(place.position), &communicator);
  if (code != MPI_SUCCESS)
    fail(state.library.describe(code, "MPI_Comm_split"));
  state.communicators.emplace(key, communicator);
  return communicator;
}

MPI_Datatype getDatatype(int32_t type, size_t &bytes) {
  switch (type) {
  case TENRT_COLLECTIVE_I1:
  case TENRT_COLLECTIVE_U8:
    bytes = 1;
    return MPI_UINT8_T;
  case TENRT_COLLECTIVE_I8:
    bytes = 1;
    return MPI_INT8_T;
  case TENRT_COLLECTIVE_I16:
    bytes = 2;
    return MPI_INT16_T;
  case TENRT_COLLECTIVE_U16:
    bytes = 2;
    return MPI_UINT16_T;
  case TENRT_COLLECTIVE_I32:
    bytes = 4;
    return MPI_INT32_T;
  case TENRT_COLLECTIVE_U32:
    bytes = 4;
    return MPI_UINT32_T;
  case TENRT_COLLECTIVE_I64:
    bytes = 8;
    return MPI_INT64_T;
  case TENRT_COLLECTIVE_U64:
    bytes = 8;
    return MPI_UINT64_T;
  case TENRT_COLLECTIVE_F32:
    bytes = 4;
    return MPI_FLOAT;
  case TENRT_COLLECTIVE_F64:
    bytes = 8;
    return MPI_DOUBLE;
  case TENRT_COLLECTIVE_C64:
    bytes = 8;
    return MPI_C_FLOAT_COMPLEX;
  case TENRT_COLLECTIVE_C128:
    bytes = 16;
    return MPI_C_DOUBLE_COMPLEX;
  case TENRT_COLLECTIVE_F16:
  case TENRT_COLLECTIVE_BF16:
    fail("MPI has no f16 or bf16: their collectives run on the CUDA target "
         "(NCCL)");
  default:
    fail("a collective of element type " + std::to_string(type) +
         " is not supported");
  }
}

/// `inout[i]` = the maximum (or minimum) of `in[i]` and `inout[i]`, a NaN
/// where either is one (as NumPy's maximum), in the order of T (unsigned
/// for unsigned integers: MPICH 4.0's MPI_MAX and MPI_MIN compare them as
/// signed, so that max(1, 200) of MPI_UINT8_T is 1).
template <typename T, bool isMaximum>
void reduceExtremum(void *in, void *inout, int *length, MPI_Datatype *) {
  const T *from = static_cast<const T *>(in);
  T *to = static_cast<T *>(inout);
  for (int i = 0; i < *length; ++i) {
    T a = from[i], b = to[i];
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(a) || std::isnan(b)) {
        to[i] = std::isnan(a) ? a : b;
        continue;
      }
    }
    to[i] = isMaximum ? (a > b ? a : b) : (a < b ? a : b);
  }
}

/// The user function of a maximum or minimum of elements of `type` that
/// MPI's own gets wrong (floats with NaNs, unsigned integers); none for the
/// others.
template <bool isMaximum>
MPI_User_function *getExtremum(int32_t type) {
  switch (type) {
  case TENRT_COLLECTIVE_F32:
    return reduceExtremum<float, isMaximum>;
  case TENRT_COLLECTIVE_F64:
    return reduceExtremum<double, isMaximum>;
  case TENRT_COLLECTIVE_U8:
    return reduceExtremum<uint8_t, isMaximum>;
  case TENRT_COLLECTIVE_U16:
    return reduceExtremum<uint16_t, isMaximum>;
  case TENRT_COLLECTIVE_U32:
    return reduceExtremum<uint32_t, isMaximum>;
  case TENRT_COLLECTIVE_U64:
    return reduceExtremum<uint64_t, isMaximum>;
  default:
    return nullptr;
  }
}

MPI_Op getOperation(MPIState &state, int32_t type, int32_t reduction) {
  MPI_User_function *function = nullptr;
  switch (reduction) {
  case TENRT_REDUCE_SUM:
    return MPI_SUM;
  case TENRT_REDUCE_PRODUCT:
    return MPI_PROD;
  case TENRT_REDUCE_MAX:
    function = getExtremum</*isMaximum=*/true>(type);
    if (!function)
      return MPI_MAX;
    break;
  case TENRT_REDUCE_MIN:
    function = getExtremum</*isMaximum=*/false>(type);
    if (!function)
      return MPI_MIN;
    break;
  default:
    fail("reduction " + std::to_string(reduction) + " is not supported");
  }
  std::lock_guard<std::mutex> lock(state.mutex);
  auto [found, inserted] =
      state.operations.try_emplace(std::make_pair(type, reduction));
  if (inserted) {
    int code =
        state.library.operationCreate(function, /*commute=*/1, &found->second);
    if (code != MPI_SUCCESS) {
      state.operations.erase(found);
      fail(state.library.describe(code, "MPI_Op_create"));
    }
  }
  return found->second;
}

/// MPI, started, or a failed run saying why not.
/// MPI started, for one message of `bytes` bytes; null, with `error`, when
/// it cannot start or the message is more than MPI's int count.
MPIState *startForMessage(size_t bytes, std::string &error) {
  MPIState &state = getState();
  if (!start(state, error))
    return nullptr;
  if (bytes > static_cast<size_t>(INT_MAX)) {
    error = "a message of " + std::to_string(bytes) +
            " bytes: MPI moves at most " + std::to_string(INT_MAX) +
            " in one message";
    return nullptr;
  }
  return &state;
}

MPIState &getStarted() {
  MPIState &state = getState();
  std::string error;
  if (!start(state, error))
    fail("a collective of a sharded program: " + error);
  return state;
}

/// A row-major tensor of `sizes` seen as (outer, parts, chunk): the
/// dimensions before `axis`, the parts `axis` splits into, and the bytes of
/// one part's slice of one outer index.
struct Blocks {
  int64_t outer = 1;
  size_t chunkBytes = 0;

  Blocks(const std::vector<int64_t> &sizes, int64_t axis, int parts,
         size_t elementBytes) {
    int64_t inner = 1;
    for (int64_t dim = 0; dim < static_cast<int64_t>(sizes.size()); ++dim)
      (dim < axis ? outer : inner) *= sizes[dim];
    chunkBytes = static_cast<size_t>(inner / parts) * elementBytes;
  }

  /// Whether part p is already contiguous (nothing before `axis`).
  bool isContiguous() const { return outer == 1; }
};

/// Copies a tensor split along an axis into its parts, one after the other
/// (part p: the p-th slice along the axis), which is how MPI sends and
/// receives them.
void splitIntoParts(const char *tensor, char *parts, const Blocks &blocks,
                    int count) {
  for (int part = 0; part < count; ++part)
    for (int64_t row = 0; row < blocks.outer; ++row)
      std::memcpy(parts + (part * blocks.outer + row) * blocks.chunkBytes,
                  tensor + (row * count + part) * blocks.chunkBytes,
                  blocks.chunkBytes);
}

/// The inverse of splitIntoParts: parts one after the other, joined along
/// the axis.
void joinParts(const char *parts, char *tensor, const Blocks &blocks,
               int count) {
  for (int part = 0; part < count; ++part)
    for (int64_t row = 0; row < blocks.outer; ++row)
      std::memcpy(tensor + (row * count + part) * blocks.chunkBytes,
                  parts + (part * blocks.outer + row) * blocks.chunkBytes,
                  blocks.chunkBytes);
}
/// A row-major buffer of compiled code: its first element, sizes and count.
struct RowMajorBuffer {
  char *data;
  std::vector<int64_t> sizes;
  int64_t elements = 1;

  RowMajorBuffer(const TenrtUnrankedMemRef *buffer, size_t elementBytes) {
    Descriptor descriptor(static_cast<const int64_t *>(buffer->descriptor),
                          buffer->rank);
    data = descriptor.getAligned() + descriptor.getOffset() * elementBytes;
    for (int64_t dim = 0; dim < buffer->rank; ++dim) {
      sizes.push_back(descriptor.getSize(dim));
      elements *= sizes.back();
    }
  }
};

std::vector<int64_t> readGrid(const TenrtUnrankedMemRef *grid) {
  RowMajorBuffer buffer(grid, sizeof(int64_t));
  std::vector<int64_t> shape(buffer.elements);
  std::memcpy(shape.data(), buffer.data, shape.size() * sizeof(int64_t));
  return shape;
}

/// A count of elements as MPI takes it (an int).
int toCount(int64_t elements) {
  if (elements > INT_MAX)
    fail("a collective of " + std::to_string(elements) +
         " elements: MPI moves at most " + std::to_string(INT_MAX) +
         " in one message");
  return static_cast<int>(elements);
}

/// What every collective starts from: MPI started, the element type, the
/// two buffers, the grid and the communicator of this process's group; and
/// the traffic counted.
struct CollectiveCall {
  MPIState &state;
  size_t bytes = 0;
  MPI_Datatype datatype;
  RowMajorBuffer in, out;
  std::vector<int64_t> grid;
  MPI_Comm communicator;
  int parts = 1;

  CollectiveCall(CollectiveKind kind, const TenrtUnrankedMemRef *input,
                 const TenrtUnrankedMemRef *output,
                 const TenrtUnrankedMemRef *gridSizes, int64_t axesMask,
                 int32_t type)
      : state(getStarted()), datatype(getDatatype(type, bytes)),
        in(input, bytes), out(output, bytes), grid(readGrid(gridSizes)),
        communicator(getCommunicator(state, grid, axesMask)) {
    state.library.commSize(communicator, &parts);
    getTraffic().record(kind, in.elements * static_cast<int64_t>(bytes));
  }

  void check(int code, const char *call) const {
    if (code != MPI_SUCCESS)
      fail(state.library.describe(code, call));
  }
};

#else

[[noreturn]] void failWithoutMPI() {
  fail("a sharded program needs MPI, and this build of ten has none");
}

#endif // TEN_HAVE_MPI_H

} // namespace

bool mlir::ten::isUnderMPILauncher() {
  // Hydra (MPICH's mpirun) and PMI-based launchers set these.
  for (const char *name : {"PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID",
                           "OMPI_COMM_WORLD_RANK", "PMIX_RANK"})
    if (std::getenv(name))
      return true;
  return false;
}

bool mlir::ten::startCollectives(ProcessGroup &group, std::string &error) {
#ifdef TEN_HAVE_MPI_H
  MPIState &state = getState();
  if (!start(state, error))
    return false;
  group = state.group;
  return true;
#else
  error = "this build of ten has no MPI backend (mpi.h was not found when "
          "it was built: install libmpich-dev and rebuild)";
  return false;
#endif
}

bool mlir::ten::gatherToLeader(const void *data, size_t bytes, void *into,
                               std::string &error) {
#ifdef TEN_HAVE_MPI_H
  MPIState *started = startForMessage(bytes, error);
  if (!started)
    return false;
  MPIState &state = *started;
  int count = static_cast<int>(bytes);
  int code = state.library.gather(data, count, MPI_BYTE, into, count, MPI_BYTE,
                                  /*root=*/0, MPI_COMM_WORLD);
  if (code != MPI_SUCCESS) {
    error = state.library.describe(code, "MPI_Gather");
    return false;
  }
  return true;
#else
  error = "this build of ten has no MPI backend";
  return false;
#endif
}

extern "C" int64_t tenrtProcessRank() {
#ifdef TEN_HAVE_MPI_H
  return getStarted().group.rank;
#else
  failWithoutMPI();
#endif
}

std::vector<CollectiveTraffic> mlir::ten::getCollectiveTraffic() {
  TrafficCounters &traffic = getTraffic();
  std::vector<CollectiveTraffic> result;
  for (size_t kind = 0; kind < kCollectiveNames.size(); ++kind)
    result.push_back(
        {kCollectiveNames[kind], traffic.calls[kind], traffic.bytes[kind]});
  return result;
}

void mlir::ten::resetCollectiveTraffic() {
  TrafficCounters &traffic = getTraffic();
  for (size_t kind = 0; kind < kCollectiveNames.size(); ++kind) {
    traffic.calls[kind] = 0;
    traffic.bytes[kind] = 0;
  }
}

void mlir::ten::recordCollectiveTraffic(CollectiveKind kind, int64_t bytes) {
  getTraffic().record(kind, bytes);
}

std::vector<int64_t> mlir::ten::getPositionOf(const std::vector<int64_t> &grid,
                                              int64_t rank) {
  std::vector<int64_t> position(grid.size());
  for (size_t axis = grid.size(); axis-- > 0;) {
    position[axis] = rank % grid[axis];
    rank /= grid[axis];
  }
  return position;
}

int64_t mlir::ten::getRankAt(const std::vector<int64_t> &grid,
                             const std::vector<int64_t> &position) {
  int64_t rank = 0;
  for (size_t axis = 0; axis < grid.size(); ++axis)
    rank = rank * grid[axis] + position[axis];
  return rank;
}

int64_t mlir::ten::getNeighbourRank(const std::vector<int64_t> &grid,
                                    int64_t rank, int64_t axis, int64_t step,
                                    bool rotate) {
  std::vector<int64_t> position = getPositionOf(grid, rank);
  int64_t size = grid[axis];
  int64_t at = position[axis] + step;
  if (rotate)
    at = ((at % size) + size) % size;
  else if (at < 0 || at >= size)
    return -1;
  position[axis] = at;
  return getRankAt(grid, position);
}

GroupPlace mlir::ten::getGroupPlace(const std::vector<int64_t> &grid,
                                    int64_t axesMask, int64_t rank) {
  std::vector<int64_t> position = getPositionOf(grid, rank);
  GroupPlace place;
  place.size = 1;
  for (size_t axis = 0; axis < grid.size(); ++axis) {
    if (axesMask & (int64_t(1) << axis)) {
      place.position = place.position * grid[axis] + position[axis];
      place.size *= grid[axis];
    } else {
      place.color = place.color * grid[axis] + position[axis];
    }
  }
  return place;
}

bool mlir::ten::broadcastInGroup(const std::vector<int64_t> &grid,
                                 int64_t axesMask, void *data, size_t bytes,
                                 std::string &error) {
#ifdef TEN_HAVE_MPI_H
  MPIState *started = startForMessage(bytes, error);
  if (!started)
    return false;
  MPIState &state = *started;
  MPI_Comm communicator = getCommunicator(state, grid, axesMask);
  int code = state.library.broadcast(data, static_cast<int>(bytes), MPI_BYTE,
                                     /*root=*/0, communicator);
  if (code != MPI_SUCCESS) {
    error = state.library.describe(code, "MPI_Bcast");
    return false;
  }
  return true;
#else
  (void)grid, (void)axesMask, (void)data, (void)bytes;
  error = "this build of ten has no MPI backend, which starts NCCL";
  return false;
#endif
}

extern "C" void tenrtAllReduce(const TenrtUnrankedMemRef *input,
                               const TenrtUnrankedMemRef *output,
                               const TenrtUnrankedMemRef *grid,
                               int64_t axesMask, int32_t type,
                               int32_t reduction) {
#ifdef TEN_HAVE_MPI_H
  CollectiveCall call(CollectiveKind::AllReduce, input, output, grid, axesMask,
                      type);
  call.check(call.state.library.allReduce(
                 call.in.data, call.out.data, toCount(call.in.elements),
                 call.datatype, getOperation(call.state, type, reduction),
                 call.communicator),
             "MPI_Allreduce");
#else
  failWithoutMPI();
#endif
}

extern "C" void tenrtAllGather(const TenrtUnrankedMemRef *input,
                               const TenrtUnrankedMemRef *output,
                               const TenrtUnrankedMemRef *grid,
                               int64_t axesMask, int64_t axis, int32_t type) {
#ifdef TEN_HAVE_MPI_H
  CollectiveCall call(CollectiveKind::AllGather, input, output, grid, axesMask,
                      type);
  // MPI joins the parts one after the other: along an inner dimension they
  // are gathered so, then joined.
  Blocks blocks(call.out.sizes, axis, call.parts, call.bytes);
  std::vector<char> staging;
  char *gathered = call.out.data;
  if (!blocks.isContiguous()) {
    staging.resize(call.out.elements * call.bytes);
    gathered = staging.data();
  }
  int count = toCount(call.in.elements);
  call.check(call.state.library.allGather(call.in.data, count, call.datatype,
                                          gathered, count, call.datatype,
                                          call.communicator),
             "MPI_Allgather");
  if (!blocks.isContiguous())
    joinParts(gathered, call.out.data, blocks, call.parts);
#else
  failWithoutMPI();
#endif
}

extern "C" void tenrtReduceScatter(const TenrtUnrankedMemRef *input,
                                   const TenrtUnrankedMemRef *output,
                                   const TenrtUnrankedMemRef *grid,
                                   int64_t axesMask, int64_t axis, int32_t type,
                                   int32_t reduction) {
#ifdef TEN_HAVE_MPI_H
  CollectiveCall call(CollectiveKind::ReduceScatter, input, output, grid,
                      axesMask, type);
  Blocks blocks(call.in.sizes, axis, call.parts, call.bytes);
  std::vector<char> staging;
  const char *parts = call.in.data;
  if (!blocks.isContiguous()) {
    staging.resize(call.in.elements * call.bytes);
    splitIntoParts(call.in.data, staging.data(), blocks, call.parts);
    parts = staging.data();
  }
  call.check(call.state.library.reduceScatter(
                 parts, call.out.data, toCount(call.out.elements),
                 call.datatype, getOperation(call.state, type, reduction),
                 call.communicator),
             "MPI_Reduce_scatter_block");
#else
  failWithoutMPI();
#endif
}

extern "C" void tenrtAllToAll(const TenrtUnrankedMemRef *input,
                              const TenrtUnrankedMemRef *output,
                              const TenrtUnrankedMemRef *grid, int64_t axesMask,
                              int64_t splitAxis, int64_t concatAxis,
                              int32_t type) {
#ifdef TEN_HAVE_MPI_H
  CollectiveCall call(CollectiveKind::AllToAll, input, output, grid, axesMask,
                      type);
  Blocks sent(call.in.sizes, splitAxis, call.parts, call.bytes);
  Blocks received(call.out.sizes, concatAxis, call.parts, call.bytes);
  std::vector<char> sendStaging, receiveStaging;
  const char *sendParts = call.in.data;
  if (!sent.isContiguous()) {
    sendStaging.resize(call.in.elements * call.bytes);
    splitIntoParts(call.in.data, sendStaging.data(), sent, call.parts);
    sendParts = sendStaging.data();
  }
  char *receiveParts = call.out.data;
  if (!received.isContiguous()) {
    receiveStaging.resize(call.out.elements * call.bytes);
    receiveParts = receiveStaging.data();
  }
  int count = toCount(call.in.elements / call.parts);
  call.check(call.state.library.allToAll(sendParts, count, call.datatype,
                                         receiveParts, count, call.datatype,
                                         call.communicator),
             "MPI_Alltoall");
  if (!received.isContiguous())
    joinParts(receiveParts, call.out.data, received, call.parts);
#else
  failWithoutMPI();
#endif
}

extern "C" void tenrtBroadcast(const TenrtUnrankedMemRef *input,
                               const TenrtUnrankedMemRef *output,
                               const TenrtUnrankedMemRef *grid,
                               int64_t axesMask, int64_t root, int32_t type) {
#ifdef TEN_HAVE_MPI_H
  CollectiveCall call(CollectiveKind::Broadcast, input, output, grid, axesMask,
                      type);
  if (root < 0 || root >= call.parts)
    fail("a broadcast from position " + std::to_string(root) +
         " of a group of " + std::to_string(call.parts) + " processes");
  std::memcpy(call.out.data, call.in.data, call.in.elements * call.bytes);
  call.check(call.state.library.broadcast(
                 call.out.data, toCount(call.out.elements), call.datatype,
                 static_cast<int>(root), call.communicator),
             "MPI_Bcast");
#else
  failWithoutMPI();
#endif
}

extern "C" void tenrtShift(const TenrtUnrankedMemRef *input,
                           const TenrtUnrankedMemRef *output,
                           const TenrtUnrankedMemRef *grid, int64_t axesMask,
                           int64_t shiftAxis, int64_t offset, int32_t rotate,
                           int32_t type) {
#ifdef TEN_HAVE_MPI_H
  CollectiveCall call(CollectiveKind::Shift, input, output, grid, axesMask,
                      type);
  const std::vector<int64_t> &sizes = call.grid;
  if (shiftAxis < 0 || shiftAxis >= static_cast<int64_t>(sizes.size()))
    fail("a shift along grid axis " + std::to_string(shiftAxis) +
         " of a grid of " + std::to_string(sizes.size()) + " axes");
  // The world rank of the process `step` positions along the axis from
  // this one, or none.
  auto neighbour = [&](int64_t step) -> int {
    int64_t rank =
        getNeighbourRank(sizes, call.state.group.rank, shiftAxis, step, rotate);
    return rank < 0 ? MPI_PROC_NULL : static_cast<int>(rank);
  };
  int source = neighbour(-offset), destination = neighbour(offset);
  if (source == MPI_PROC_NULL)
    std::memset(call.out.data, 0, call.out.elements * call.bytes);
  int count = toCount(call.in.elements);
  call.check(call.state.library.sendReceive(
                 call.in.data, count, call.datatype, destination, /*tag=*/0,
                 call.out.data, count, call.datatype, source, /*tag=*/0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE),
             "MPI_Sendrecv");
#else
  failWithoutMPI();
#endif
}
