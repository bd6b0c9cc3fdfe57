/*===- FakeNccl.c - a stand-in for libnccl in tests -----------------------===*\
|*                                                                            *|
|* The NCCL entry points the runtime loads, answering as NCCL would, for the  *|
|* fake CUDA driver, whose device memory is host memory: every collective is  *|
|* done with MPI on the buffers, so that sharded programs on the CUDA target  *|
|* run under mpirun on machines without a GPU. Reductions are this file's     *|
|* own, with NCCL's semantics where they differ from NumPy's: a float         *|
|* maximum or minimum drops a NaN (as fmaxf does), which the compiler must    *|
|* not rely on. A communicator is split from MPI_COMM_WORLD by its unique id, *|
|* so every process of the job must start one at the same time (as the       *|
|* programs of a grid do). With TEN_FAKE_CUDA_TRACE set, each call is printed *|
|* to stderr with its stream (numbered as FakeCudaDriver.c numbers them).     *|
|* With TEN_FAKE_NCCL_FAIL set to a call's name, that call fails.             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include <math.h>
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
  kSuccess = 0,
  kSystemError = 2,
  kInvalidArgument = 4,
  kInvalidUsage = 5,
};

/* ncclDataType_t and ncclRedOp_t. */
enum {
  kInt8,
  kUint8,
  kInt32,
  kUint32,
  kInt64,
  kUint64,
  kFloat16,
  kFloat32,
  kFloat64,
  kBfloat16,
  kTypeCount
};
enum { kSum, kProd, kMax, kMin };

typedef struct {
  char internal[128];
} FakeUniqueId;

typedef struct {
  MPI_Comm comm;
  int rank, size;
} FakeComm;

static void trace(const char *call, void *stream) {
  if (getenv("TEN_FAKE_CUDA_TRACE"))
    fprintf(stderr, "fake-nccl: %s stream %u\n", call,
            stream ? (unsigned)((uintptr_t)stream - 0x5000) : 0u);
}

/* Whether the test asked `call` to fail. */
static int failing(const char *call) {
  const char *which = getenv("TEN_FAKE_NCCL_FAIL");
  return which && strcmp(which, call) == 0;
}

int ncclGetVersion(int *version) {
  *version = 22304;
  return kSuccess;
}

const char *ncclGetErrorString(int result) {
  switch (result) {
  case kSuccess:
    return "no error";
  case kSystemError:
    return "unhandled system error";
  case kInvalidArgument:
    return "invalid argument";
  case kInvalidUsage:
    return "invalid usage";
  default:
    return "unknown result code";
  }
}

int ncclGetUniqueId(FakeUniqueId *id) {
  static unsigned made;
  if (failing("ncclGetUniqueId"))
    return kSystemError;
  /* A real id is never all zeros; the fake's starts with its name. */
  memset(id, 0, sizeof(*id));
  snprintf(id->internal, sizeof(id->internal), "fake-nccl %ld %u",
           (long)getpid(), ++made);
  return kSuccess;
}

int ncclCommInitRank(FakeComm **result, int size, FakeUniqueId id, int rank) {
  if (failing("ncclCommInitRank"))
    return kSystemError;
  if (strncmp(id.internal, "fake-nccl ", 10) != 0)
    return kInvalidArgument;
  /* The id's hash as the color: the processes given one id are one group. */
  unsigned hash = 2166136261u;
  for (size_t i = 0; i < sizeof(id.internal); ++i)
    hash = (hash ^ (unsigned char)id.internal[i]) * 16777619u;
  FakeComm *comm = calloc(1, sizeof(FakeComm));
  if (!comm)
    return kSystemError;
  if (MPI_Comm_split(MPI_COMM_WORLD, (int)(hash & 0x3fffffff), rank,
                     &comm->comm) != MPI_SUCCESS) {
    free(comm);
    return kSystemError;
  }
  MPI_Comm_rank(comm->comm, &comm->rank);
  MPI_Comm_size(comm->comm, &comm->size);
  if (comm->size != size || comm->rank != rank) {
    MPI_Comm_free(&comm->comm);
    free(comm);
    return kInvalidUsage;
  }
  *result = comm;
  return kSuccess;
}

int ncclCommDestroy(FakeComm *comm) {
  if (!comm)
    return kInvalidArgument;
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized)
    MPI_Comm_free(&comm->comm);
  free(comm);
  return kSuccess;
}

static size_t typeBytes(int type) {
  static const size_t bytes[kTypeCount] = {1, 1, 4, 4, 8, 8, 2, 4, 8, 2};
  return type >= 0 && type < kTypeCount ? bytes[type] : 0;
}

static double bf16ToDouble(uint16_t value) {
  uint32_t bits = (uint32_t)value << 16;
  float single;
  memcpy(&single, &bits, 4);
  return single;
}

static uint16_t doubleToBf16(double value) {
  float single = (float)value;
  uint32_t bits;
  memcpy(&bits, &single, 4);
  if (isnan(single))
    return 0x7fc0;
  /* Round to nearest even. */
  bits += 0x7fff + ((bits >> 16) & 1);
  return (uint16_t)(bits >> 16);
}

/* Integer element `i` of `data`, sign- or zero-extended, and back
   (truncated: sums and products wrap around as NCCL's do). */
static int64_t loadInteger(const void *data, int type, size_t i) {
  switch (type) {
  case kInt8:
    return ((const int8_t *)data)[i];
  case kUint8:
    return ((const uint8_t *)data)[i];
  case kInt32:
    return ((const int32_t *)data)[i];
  case kUint32:
    return ((const uint32_t *)data)[i];
  default:
    return ((const int64_t *)data)[i];
  }
}

static void storeInteger(void *data, int type, size_t i, int64_t value) {
  switch (type) {
  case kInt8:
  case kUint8:
    ((uint8_t *)data)[i] = (uint8_t)value;
    break;
  case kInt32:
  case kUint32:
    ((uint32_t *)data)[i] = (uint32_t)value;
    break;
  default:
    ((int64_t *)data)[i] = value;
  }
}

static int64_t combineIntegers(int64_t a, int64_t b, int op, int type) {
  int isSigned = type == kInt8 || type == kInt32 || type == kInt64;
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  switch (op) {
  case kSum:
    return (int64_t)(ua + ub);
  case kProd:
    return (int64_t)(ua * ub);
  case kMax:
    return isSigned ? (a > b ? a : b) : (int64_t)(ua > ub ? ua : ub);
  default:
    return isSigned ? (a < b ? a : b) : (int64_t)(ua < ub ? ua : ub);
  }
}

/* Float element `i` of `data` as a double, and back. */
static double loadFloat(const void *data, int type, size_t i) {
  switch (type) {
  case kFloat16:
    return ((const _Float16 *)data)[i];
  case kFloat32:
    return ((const float *)data)[i];
  case kFloat64:
    return ((const double *)data)[i];
  default:
    return bf16ToDouble(((const uint16_t *)data)[i]);
  }
}

static void storeFloat(void *data, int type, size_t i, double value) {
  switch (type) {
  case kFloat16:
    ((_Float16 *)data)[i] = (_Float16)value;
    break;
  case kFloat32:
    ((float *)data)[i] = (float)value;
    break;
  case kFloat64:
    ((double *)data)[i] = value;
    break;
  default:
    ((uint16_t *)data)[i] = doubleToBf16(value);
  }
}

/* NCCL's float maximum and minimum drop a NaN, as fmax does. */
static double combineFloats(double a, double b, int op) {
  switch (op) {
  case kSum:
    return a + b;
  case kProd:
    return a * b;
  case kMax:
    return fmax(a, b);
  default:
    return fmin(a, b);
  }
}

/* `into[i]` = the reduction of element `first + i` of the `parts` inputs
   in `all` (the processes' inputs in rank order, `stride` elements each). */
static void reduceParts(const char *all, void *into, size_t count, size_t first,
                        size_t stride, int parts, int type, int op) {
  const size_t partBytes = stride * typeBytes(type);
  for (size_t i = 0; i < count; ++i) {
    if (type <= kUint64) {
      int64_t acc = loadInteger(all, type, first + i);
      for (int p = 1; p < parts; ++p)
        acc = combineIntegers(
            acc, loadInteger(all + p * partBytes, type, first + i), op, type);
      storeInteger(into, type, i, acc);
    } else {
      double acc = loadFloat(all, type, first + i);
      for (int p = 1; p < parts; ++p)
        acc = combineFloats(
            acc, loadFloat(all + p * partBytes, type, first + i), op);
      storeFloat(into, type, i, acc);
    }
  }
}

/* Every process's `count` elements of `send`, in rank order, in a fresh
   buffer; null on failure. */
static char *gatherAll(const void *send, size_t count, int type,
                       FakeComm *comm) {
  size_t bytes = count * typeBytes(type);
  char *all = malloc(bytes * (size_t)comm->size + 1);
  if (!all)
    return NULL;
  if (MPI_Allgather(send, (int)bytes, MPI_BYTE, all, (int)bytes, MPI_BYTE,
                    comm->comm) != MPI_SUCCESS) {
    free(all);
    return NULL;
  }
  return all;
}

static int checkArguments(int type, int op, FakeComm *comm) {
  if (!comm || !typeBytes(type) || op < kSum || op > kMin)
    return kInvalidArgument;
  return kSuccess;
}

int ncclAllReduce(const void *send, void *receive, size_t count, int type,
                  int op, FakeComm *comm, void *stream) {
  trace("ncclAllReduce", stream);
  if (failing("ncclAllReduce"))
    return kSystemError;
  if (checkArguments(type, op, comm))
    return kInvalidArgument;
  char *all = gatherAll(send, count, type, comm);
  if (!all)
    return kSystemError;
  reduceParts(all, receive, count, 0, count, comm->size, type, op);
  free(all);
  return kSuccess;
}

int ncclReduceScatter(const void *send, void *receive, size_t receiveCount,
                      int type, int op, FakeComm *comm, void *stream) {
  trace("ncclReduceScatter", stream);
  if (checkArguments(type, op, comm))
    return kInvalidArgument;
  size_t count = receiveCount * (size_t)comm->size;
  char *all = gatherAll(send, count, type, comm);
  if (!all)
    return kSystemError;
  reduceParts(all, receive, receiveCount, receiveCount * (size_t)comm->rank,
              count, comm->size, type, op);
  free(all);
  return kSuccess;
}

int ncclAllGather(const void *send, void *receive, size_t sendCount, int type,
                  FakeComm *comm, void *stream) {
  trace("ncclAllGather", stream);
  if (checkArguments(type, kSum, comm))
    return kInvalidArgument;
  int bytes = (int)(sendCount * typeBytes(type));
  return MPI_Allgather(send, bytes, MPI_BYTE, receive, bytes, MPI_BYTE,
                       comm->comm) == MPI_SUCCESS
             ? kSuccess
             : kSystemError;
}

int ncclBroadcast(const void *send, void *receive, size_t count, int type,
                  int root, FakeComm *comm, void *stream) {
  trace("ncclBroadcast", stream);
  if (checkArguments(type, kSum, comm) || root < 0 || root >= comm->size)
    return kInvalidArgument;
  size_t bytes = count * typeBytes(type);
  if (comm->rank == root && send != receive)
    memmove(receive, send, bytes);
  return MPI_Bcast(receive, (int)bytes, MPI_BYTE, root, comm->comm) ==
                 MPI_SUCCESS
             ? kSuccess
             : kSystemError;
}

/* Sends and receives between ncclGroupStart and ncclGroupEnd are posted at
   once and completed at the end (outside a group, each alone). */
enum { kMaxPending = 256 };
static MPI_Request pending[kMaxPending];
static MPI_Status statuses[kMaxPending];
static int pendingCount, groupDepth;

static int finishPending(void) {
  int result = MPI_Waitall(pendingCount, pending, statuses);
  pendingCount = 0;
  return result == MPI_SUCCESS ? kSuccess : kSystemError;
}

int ncclGroupStart(void) {
  ++groupDepth;
  return kSuccess;
}

int ncclGroupEnd(void) {
  if (groupDepth == 0)
    return kInvalidUsage;
  return --groupDepth == 0 ? finishPending() : kSuccess;
}

/* Posts a send of `sent` or (without `isSend`) a receive into `received`. */
static int post(int isSend, const void *sent, void *received, size_t count,
                int type, int peer, FakeComm *comm) {
  if (checkArguments(type, kSum, comm) || peer < 0 || peer >= comm->size ||
      pendingCount == kMaxPending)
    return kInvalidArgument;
  int bytes = (int)(count * typeBytes(type));
  MPI_Request *request = &pending[pendingCount++];
  int code =
      isSend
          ? MPI_Isend(sent, bytes, MPI_BYTE, peer, 0, comm->comm, request)
          : MPI_Irecv(received, bytes, MPI_BYTE, peer, 0, comm->comm, request);
  if (code != MPI_SUCCESS)
    return kSystemError;
  return groupDepth ? kSuccess : finishPending();
}

int ncclSend(const void *send, size_t count, int type, int peer, FakeComm *comm,
             void *stream) {
  trace("ncclSend", stream);
  return post(1, send, NULL, count, type, peer, comm);
}

int ncclRecv(void *receive, size_t count, int type, int peer, FakeComm *comm,
             void *stream) {
  trace("ncclRecv", stream);
  return post(0, NULL, receive, count, type, peer, comm);
}
