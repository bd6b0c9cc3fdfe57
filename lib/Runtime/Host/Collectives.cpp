//===- Collectives.cpp - collectives of sharded programs on MPI
//------------===//
//
// MPI is loaded with dlopen, its entry points looked up by name and called
// with MPICH's ABI (its handles are ints): mpi.h, where the build found it,
// gives the constants; a build without it has no MPI backend and says so.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/Host/Collectives.h"

#include "ten/Runtime/Host/CheckedRun.h"
#include "ten/Runtime/Host/PackedCall.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <map>
#include <mutex>
#include <vector>

#ifdef TEN_HAVE_MPI_H
// The C interface alone: no C++ bindings.
#define MPICH_SKIP_MPICXX 1
#define OMPI_SKIP_MPICXX 1
#include <mpi.h>
#endif

using namespace mlir::ten;

namespace {

/// Fails the current run with `message` (or, outside a run, ends the
/// process: compiled code has nowhere else to return to).
[[noreturn]] void fail(const std::string &message) {
  if (CheckedRun *run = CheckedRun::getCurrent()) {
    run->failure = message;
    run->fail();
  }
  std::fprintf(stderr, "ten: %s\n", message.c_str());
  std::abort();
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

  ~MPIState() {
    if (!started)
      return;
    int done = 0;
    library.finalized(&done);
    if (done)
      return;
    for (auto &[key, communicator] : communicators)
      library.commFree(&communicator);
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
  // This process's position on each axis (row-major ranks).
  std::vector<int64_t> position(grid.size());
  int64_t rest = state.group.rank;
  for (size_t axis = grid.size(); axis-- > 0;) {
    position[axis] = rest % grid[axis];
    rest /= grid[axis];
  }
  int64_t color = 0, order = 0;
  for (size_t axis = 0; axis < grid.size(); ++axis) {
    if (axesMask & (int64_t(1) << axis))
      order = order * grid[axis] + position[axis];
    else
      color = color * grid[axis] + position[axis];
  }
  MPI_Comm communicator;
  int code = state.library.commSplit(MPI_COMM_WORLD, static_cast<int>(color),
                                     static_cast<int>(order), &communicator);
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
  default:
    fail("a collective of element type " + std::to_string(type) +
         " is not supported");
  }
}

MPI_Op getOperation(int32_t reduction) {
  switch (reduction) {
  case TENRT_REDUCE_SUM:
    return MPI_SUM;
  case TENRT_REDUCE_PRODUCT:
    return MPI_PROD;
  case TENRT_REDUCE_MAX:
    return MPI_MAX;
  case TENRT_REDUCE_MIN:
    return MPI_MIN;
  default:
    fail("reduction " + std::to_string(reduction) + " is not supported");
  }
}

/// MPI, started, or a failed run saying why not.
MPIState &getStarted() {
  MPIState &state = getState();
  std::string error;
  if (!start(state, error))
    fail("a collective of a sharded program: " + error);
  return state;
}

#endif // TEN_HAVE_MPI_H

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

extern "C" int64_t tenrtProcessRank() {
#ifdef TEN_HAVE_MPI_H
  return getStarted().group.rank;
#else
  fail("a sharded program needs MPI, and this build of ten has none");
#endif
}

extern "C" void tenrtAllReduce(const TenrtUnrankedMemRef *input,
                               const TenrtUnrankedMemRef *output,
                               const TenrtUnrankedMemRef *grid,
                               int64_t axesMask, int32_t type,
                               int32_t reduction) {
#ifdef TEN_HAVE_MPI_H
  MPIState &state = getStarted();
  size_t bytes = 0;
  MPI_Datatype datatype = getDatatype(type, bytes);
  MPI_Op operation = getOperation(reduction);
  RowMajorBuffer in(input, bytes), out(output, bytes);
  MPI_Comm communicator = getCommunicator(state, readGrid(grid), axesMask);
  int code =
      state.library.allReduce(in.data, out.data, static_cast<int>(in.elements),
                              datatype, operation, communicator);
  if (code != MPI_SUCCESS)
    fail(state.library.describe(code, "MPI_Allreduce"));
#else
  fail("a sharded program needs MPI, and this build of ten has none");
#endif
}

extern "C" void tenrtAllGather(const TenrtUnrankedMemRef *input,
                               const TenrtUnrankedMemRef *output,
                               const TenrtUnrankedMemRef *grid,
                               int64_t axesMask, int64_t axis, int32_t type) {
#ifdef TEN_HAVE_MPI_H
  MPIState &state = getStarted();
  size_t bytes = 0;
  MPI_Datatype datatype = getDatatype(type, bytes);
  RowMajorBuffer in(input, bytes), out(output, bytes);
  MPI_Comm communicator = getCommunicator(state, readGrid(grid), axesMask);
  int parts = 1;
  state.library.commSize(communicator, &parts);
  // MPI joins the parts one after the other: along dimension 0. Along
  // another, they are gathered so, then each part's rows interleaved.
  int64_t outer = 1, inner = 1;
  for (int64_t dim = 0; dim < static_cast<int64_t>(in.sizes.size()); ++dim)
    (dim < axis ? outer : inner) *= in.sizes[dim];
  std::vector<char> staging;
  char *gathered = out.data;
  if (outer > 1) {
    staging.resize(out.elements * bytes);
    gathered = staging.data();
  }
  int code = state.library.allGather(
      in.data, static_cast<int>(in.elements), datatype, gathered,
      static_cast<int>(in.elements), datatype, communicator);
  if (code != MPI_SUCCESS)
    fail(state.library.describe(code, "MPI_Allgather"));
  if (outer > 1) {
    // Part p's row r (of `inner` elements) goes to row r, column block p.
    size_t rowBytes = inner * bytes;
    for (int part = 0; part < parts; ++part)
      for (int64_t row = 0; row < outer; ++row)
        std::memcpy(out.data + (row * parts + part) * rowBytes,
                    gathered + (part * outer + row) * rowBytes, rowBytes);
  }
#else
  fail("a sharded program needs MPI, and this build of ten has none");
#endif
}
