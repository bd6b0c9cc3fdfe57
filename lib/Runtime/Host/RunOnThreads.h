//===- RunOnThreads.h - a range of work over threads ------------*- C++ -*-===//
//
// The host runtime's own threads, for the library calls that compiled code
// makes (sorting, linear algebra): a range of work split into contiguous
// parts, the calling thread running one of them.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_RUNTIME_HOST_RUNONTHREADS_H
#define TEN_LIB_RUNTIME_HOST_RUNONTHREADS_H

#include <cstdint>
#include <thread>
#include <utility>
#include <vector>

namespace ten {

/// Runs `work(worker, begin, end)` on `workers` threads (the calling one
/// among them), each over a contiguous part of [0, count).
template <typename Work>
void runOnThreads(int64_t workers, int64_t count, Work work) {
  auto part = [&](int64_t worker) {
    return std::make_pair(count * worker / workers,
                          count * (worker + 1) / workers);
  };
  std::vector<std::thread> others;
  for (int64_t worker = 1; worker < workers; ++worker)
    others.emplace_back([&work, worker, range = part(worker)] {
      work(worker, range.first, range.second);
    });
  auto [begin, end] = part(0);
  work(0, begin, end);
  for (std::thread &other : others)
    other.join();
}

} // namespace ten

#endif // TEN_LIB_RUNTIME_HOST_RUNONTHREADS_H
