//===- RunOnThreads.h - a range of work over threads ------------*- C++ -*-===//
//
// The threads of the library calls that compiled code makes (sorting,
// Fourier transforms, linear algebra): a range of work split into
// contiguous parts, on the threads of LLVM's OpenMP runtime, which the
// compiled code's parallel loops run on too, where the process has loaded
// it (the JIT always has; an ahead-of-time program of one thread need
// not), else on threads of their own.
//
// Threads of its own cost the runtime twice: starting and joining one took
// 37 us a call, and where a parallel loop of the compiled code had just
// run, the OpenMP runtime's threads kept spinning for the next one on the
// cores that the new threads wanted (an elementwise product of 1000 x 4096
// f32 then its rfft, 2 threads: a median of 2.86-3.47 ms, against 0.59 +
// 1.84 for the two alone; on the OpenMP runtime's threads, 2.40-2.43).
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_RUNTIME_HOST_RUNONTHREADS_H
#define TEN_LIB_RUNTIME_HOST_RUNONTHREADS_H

#include <cstdint>
#include <thread>
#include <vector>

namespace ten {

/// The entry points of LLVM's OpenMP runtime that runOnThreads calls.
struct OpenMPRuntime {
  /// The GNU compilers' entry for a parallel region, which LLVM's runtime
  /// provides too: region(data) on up to `threads` threads.
  void (*parallel)(void (*region)(void *), void *data, unsigned threads,
                   unsigned flags);
  int (*getThreadNum)();
  int (*getNumThreads)();
};

/// LLVM's OpenMP runtime where the process had loaded it when first asked
/// (looked up once, whatever the scope it was loaded in: a Python
/// extension's libraries are local to it), else null.
const OpenMPRuntime *getLoadedOpenMPRuntime();

/// Runs `work(worker, begin, end)` for each worker in [0, workers), over
/// contiguous parts of [0, count), on up to `workers` threads (the calling
/// one among them). Where the OpenMP runtime gives fewer threads (inside a
/// parallel region of the compiled code, which nests none), each thread
/// runs several workers' parts in turn: every part runs once, with its
/// worker's index.
template <typename Work>
void runOnThreads(int64_t workers, int64_t count, Work work) {
  auto runPart = [&](int64_t worker) {
    work(worker, count * worker / workers, count * (worker + 1) / workers);
  };
  if (workers <= 1) {
    for (int64_t worker = 0; worker < workers; ++worker)
      runPart(worker);
    return;
  }
  const OpenMPRuntime *openMP = getLoadedOpenMPRuntime();
  if (!openMP) {
    std::vector<std::thread> others;
    for (int64_t worker = 1; worker < workers; ++worker)
      others.emplace_back(runPart, worker);
    runPart(0);
    for (std::thread &other : others)
      other.join();
    return;
  }
  using Part = decltype(runPart);
  struct Region {
    Part *part;
    int64_t workers;
    const OpenMPRuntime *openMP;
  } region{&runPart, workers, openMP};
  openMP->parallel(
      [](void *data) {
        const Region &region = *static_cast<const Region *>(data);
        int64_t threads = region.openMP->getNumThreads();
        for (int64_t worker = region.openMP->getThreadNum();
             worker < region.workers; worker += threads)
          (*region.part)(worker);
      },
      &region, static_cast<unsigned>(workers), /*flags=*/0);
}

} // namespace ten

#endif // TEN_LIB_RUNTIME_HOST_RUNONTHREADS_H
