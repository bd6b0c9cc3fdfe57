/*===- FakeCudaKernels.c - the test driver runs host-compiled kernels -----===*\
|*                                                                            *|
|* tenLaunchHostKernel, which the runtime calls for kernels compiled for the  *|
|* host (ten-nvvm-pipeline{emulate-kernels}; HostKernel.h). The GPU threads   *|
|* of a block are coroutines of the calling thread, each on a stack of its    *|
|* own: a thread runs until it reaches a barrier or a shuffle, then the next  *|
|* one runs. When none can run, the shuffles whose lanes have all arrived     *|
|* are done, else the barrier where every thread still running waits is       *|
|* passed; if neither, the threads wait for each other forever (a barrier or  *|
|* shuffle in divergent code) and the launch fails, naming the kernel.        *|
|* A thread that returns no longer counts at barriers, as on the GPU; a       *|
|* shuffle of width w takes the first w lanes of the warp, as gpu.shuffle     *|
|* and its NVVM lowering do. Blocks run one after another (their workgroup    *|
|* memory is one global per kernel), launches one at a time. The order is     *|
|* fixed, so a run is repeatable.                                             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "ten/Runtime/CUDA/HostKernel.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

#if defined(__SANITIZE_ADDRESS__)
#define TEN_FAKE_CUDA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEN_FAKE_CUDA_ASAN 1
#endif
#endif
#ifdef TEN_FAKE_CUDA_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

enum {
  kSuccess = 0,
  kInvalidValue = 1,
  kOutOfMemory = 2,
  kLaunchFailed = 719,
  kWarpSize = 32,
  kStackBytes = 256 << 10
};

typedef enum { kRunnable, kAtBarrier, kAtShuffle, kDone } Status;

typedef struct Launch Launch;

typedef struct Thread {
  TenHostThread state; /* its `runner` is this Thread */
  Launch *launch;
  Status status;
  ucontext_t context;
  char *stack;
  /* A shuffle in progress: what the lane gives, then what it gets. */
  int32_t value, offset, width, mode;
  int64_t result;
} Thread;

struct Launch {
  TenHostKernel kernel;
  const char *name;
  void **params;
  unsigned threads;
  Thread *thread;
  ucontext_t scheduler;
#ifdef TEN_FAKE_CUDA_ASAN
  const void *schedulerStack;
  size_t schedulerStackBytes;
#endif
};

/* The scheduler runs `thread` until it waits or ends. AddressSanitizer is
   told of each switch of stacks. */
static void enterThread(Launch *launch, Thread *thread) {
#ifdef TEN_FAKE_CUDA_ASAN
  void *fakeStack = NULL;
  __sanitizer_start_switch_fiber(&fakeStack, thread->stack, kStackBytes);
  swapcontext(&launch->scheduler, &thread->context);
  __sanitizer_finish_switch_fiber(fakeStack, NULL, NULL);
#else
  swapcontext(&launch->scheduler, &thread->context);
#endif
}

/* `thread` gives the scheduler back its stack; for good when `ending`. */
static void leaveThread(Thread *thread, int ending) {
  Launch *launch = thread->launch;
#ifdef TEN_FAKE_CUDA_ASAN
  void *fakeStack = NULL;
  __sanitizer_start_switch_fiber(ending ? NULL : &fakeStack,
                                 launch->schedulerStack,
                                 launch->schedulerStackBytes);
  swapcontext(&thread->context, &launch->scheduler);
  __sanitizer_finish_switch_fiber(fakeStack, &launch->schedulerStack,
                                  &launch->schedulerStackBytes);
#else
  (void)ending;
  swapcontext(&thread->context, &launch->scheduler);
#endif
}

static void suspend(Thread *thread, Status status) {
  thread->status = status;
  leaveThread(thread, 0);
}

static void barrier(TenHostThread *self) {
  suspend((Thread *)self->runner, kAtBarrier);
}

static int64_t shuffle(TenHostThread *self, int32_t value, int32_t offset,
                       int32_t width, int32_t mode) {
  Thread *thread = (Thread *)self->runner;
  thread->value = value;
  thread->offset = offset;
  thread->width = width;
  thread->mode = mode;
  suspend(thread, kAtShuffle);
  return thread->result;
}

/* A coroutine's body; makecontext passes the Thread as two 32-bit halves. */
static void runThread(unsigned high, unsigned low) {
  Thread *thread = (Thread *)(((uintptr_t)high << 32) | low);
  Launch *launch = thread->launch;
#ifdef TEN_FAKE_CUDA_ASAN
  __sanitizer_finish_switch_fiber(NULL, &launch->schedulerStack,
                                  &launch->schedulerStackBytes);
#endif
  launch->kernel(launch->params, &thread->state);
  thread->status = kDone;
  leaveThread(thread, 1);
}

/* Does the shuffles of warp `first / 32` whose lanes have all arrived;
   returns how many lanes it let go, or -1 for a lane outside the width. */
static int shuffleWarp(Launch *launch, unsigned first) {
  Thread *lanes = &launch->thread[first];
  unsigned count = launch->threads - first;
  if (count > kWarpSize)
    count = kWarpSize;
  int width = 0;
  for (unsigned lane = 0; lane < count; ++lane) {
    if (lanes[lane].status != kAtShuffle)
      continue;
    width = lanes[lane].width;
    if (width < 1 || (unsigned)width > count || (int)lane >= width) {
      fprintf(stderr,
              "fake-cuda: kernel %s: lane %u shuffles with width %d: only "
              "the first `width` lanes of a warp may shuffle\n",
              launch->name, lane, width);
      return -1;
    }
  }
  if (width == 0)
    return 0;
  for (int lane = 0; lane < width; ++lane)
    if (lanes[lane].status != kAtShuffle || lanes[lane].width != width)
      return 0;
  for (int lane = 0; lane < width; ++lane) {
    Thread *thread = &lanes[lane];
    int source = thread->mode == kTenShuffleXor    ? lane ^ thread->offset
                 : thread->mode == kTenShuffleDown ? lane + thread->offset
                 : thread->mode == kTenShuffleUp   ? lane - thread->offset
                                                   : thread->offset;
    int valid = source >= 0 && source < width;
    uint32_t bits = (uint32_t)(valid ? lanes[source].value : thread->value);
    thread->result = (int64_t)bits | ((int64_t)valid << 32);
  }
  for (int lane = 0; lane < width; ++lane)
    lanes[lane].status = kRunnable;
  return width;
}

/* Runs every thread of the block at `block` to its end. */
static int runBlock(Launch *launch, const unsigned block[3]) {
  for (unsigned t = 0; t < launch->threads; ++t) {
    Thread *thread = &launch->thread[t];
    for (int dim = 0; dim < 3; ++dim)
      thread->state.blockId[dim] = block[dim];
    thread->status = kRunnable;
    getcontext(&thread->context);
    thread->context.uc_stack.ss_sp = thread->stack;
    thread->context.uc_stack.ss_size = kStackBytes;
    thread->context.uc_link = NULL;
    uintptr_t address = (uintptr_t)thread;
    makecontext(&thread->context, (void (*)(void))runThread, 2,
                (unsigned)(address >> 32), (unsigned)address);
  }
  for (;;) {
    for (unsigned t = 0; t < launch->threads; ++t) {
      Thread *thread = &launch->thread[t];
      while (thread->status == kRunnable)
        enterThread(launch, thread);
    }
    /* Nobody can run: shuffles first, then the block's barrier. */
    int released = 0;
    for (unsigned first = 0; first < launch->threads; first += kWarpSize) {
      int lanes = shuffleWarp(launch, first);
      if (lanes < 0)
        return kLaunchFailed;
      released += lanes;
    }
    if (released)
      continue;
    unsigned done = 0, waiting = 0;
    for (unsigned t = 0; t < launch->threads; ++t) {
      done += launch->thread[t].status == kDone;
      waiting += launch->thread[t].status == kAtBarrier;
    }
    if (done == launch->threads)
      return kSuccess;
    if (done + waiting < launch->threads) {
      fprintf(stderr,
              "fake-cuda: kernel %s: block (%u, %u, %u): threads wait for "
              "each other forever (%u at a barrier, %u at a shuffle, %u "
              "done): a barrier or shuffle in divergent code\n",
              launch->name, block[0], block[1], block[2], waiting,
              launch->threads - done - waiting, done);
      return kLaunchFailed;
    }
    for (unsigned t = 0; t < launch->threads; ++t)
      if (launch->thread[t].status == kAtBarrier)
        launch->thread[t].status = kRunnable;
  }
}

static pthread_mutex_t launchMutex = PTHREAD_MUTEX_INITIALIZER;

int tenLaunchHostKernel(TenHostKernel kernel, const char *name, unsigned gridX,
                        unsigned gridY, unsigned gridZ, unsigned blockX,
                        unsigned blockY, unsigned blockZ, unsigned sharedBytes,
                        void *stream, void **params) {
  (void)sharedBytes;
  (void)stream;
  if (getenv("TEN_FAKE_CUDA_TRACE"))
    fprintf(stderr,
            "fake-cuda: tenLaunchHostKernel %s grid %ux%ux%u block "
            "%ux%ux%u\n",
            name, gridX, gridY, gridZ, blockX, blockY, blockZ);
  unsigned threads = blockX * blockY * blockZ;
  if (!kernel || threads == 0 || threads > 1024)
    return kInvalidValue;
  if (gridX == 0 || gridY == 0 || gridZ == 0)
    return kSuccess;

  pthread_mutex_lock(&launchMutex);
  Launch launch;
  memset(&launch, 0, sizeof(launch));
  launch.kernel = kernel;
  launch.name = name;
  launch.params = params;
  launch.threads = threads;
  launch.thread = calloc(threads, sizeof(Thread));
  size_t stackBytes = (size_t)threads * kStackBytes;
  char *stacks = mmap(NULL, stackBytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  int result = kSuccess;
  if (!launch.thread || stacks == MAP_FAILED) {
    result = kOutOfMemory;
  } else {
    for (unsigned t = 0; t < threads; ++t) {
      Thread *thread = &launch.thread[t];
      thread->launch = &launch;
      thread->state.runner = thread;
      thread->stack = stacks + (size_t)t * kStackBytes;
      thread->state.threadId[0] = t % blockX;
      thread->state.threadId[1] = t / blockX % blockY;
      thread->state.threadId[2] = t / (blockX * blockY);
      thread->state.blockDim[0] = blockX;
      thread->state.blockDim[1] = blockY;
      thread->state.blockDim[2] = blockZ;
      thread->state.gridDim[0] = gridX;
      thread->state.gridDim[1] = gridY;
      thread->state.gridDim[2] = gridZ;
      thread->state.laneId = t % kWarpSize;
      thread->state.barrier = barrier;
      thread->state.shuffle = shuffle;
    }
    for (unsigned z = 0; z < gridZ && result == kSuccess; ++z)
      for (unsigned y = 0; y < gridY && result == kSuccess; ++y)
        for (unsigned x = 0; x < gridX && result == kSuccess; ++x) {
          unsigned block[3] = {x, y, z};
          result = runBlock(&launch, block);
        }
  }
  if (stacks != MAP_FAILED)
    munmap(stacks, stackBytes);
  free(launch.thread);
  pthread_mutex_unlock(&launchMutex);
  return result;
}
