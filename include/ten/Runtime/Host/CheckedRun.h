//===- CheckedRun.h - runs whose failures return ----------------*- C++ -*-===//
//
// A failed cf.assert in JIT-compiled code prints its message with `puts`
// and calls `abort`. The executables resolve both to the functions below,
// which record the message and jump back to the run that called the code,
// instead of ending the process. An allocation of the compiled code that
// cannot be satisfied fails the run the same way (HostAllocator.h).
//
// A failed run frees what the compiled code had allocated in it: the
// buffers it allocates are tracked by the run that is current on the
// allocating thread until they are freed, or, when the run succeeds, handed
// to its caller with the results.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_CHECKEDRUN_H
#define TEN_RUNTIME_HOST_CHECKEDRUN_H

#include <csetjmp>
#include <mutex>
#include <string>
#include <unordered_set>
#include <vector>

namespace mlir {
namespace ten {

/// One call into compiled code. The caller makes it current, then calls
/// setjmp on `returnPoint` in its own frame: setjmp returning non-zero means
/// the run failed, with `failure` the message that says why.
struct CheckedRun {
  explicit CheckedRun(std::string entry) : entry(std::move(entry)) {}

  std::jmp_buf returnPoint;
  /// The function that the run calls, for messages.
  std::string entry;
  std::string failure;
  CheckedRun *previous = nullptr;

  /// Makes this the thread's current run.
  void begin();
  /// Restores the run that was current before.
  void end();
  /// The calling thread's current run, if any.
  static CheckedRun *getCurrent();

  /// What a failed run reports: its message, or that the code aborted.
  std::string describeFailure() const {
    return failure.empty() ? "'" + entry + "' aborted" : failure;
  }

  /// Returns to the setjmp of the run, which fails with `failure`. Whatever
  /// the frames in between hold is not destroyed: callers build the message
  /// in `failure` first.
  [[noreturn]] void fail();

  /// Buffers allocated in the run and not freed yet. Any thread may free
  /// one (an OpenMP worker), hence the lock.
  void track(void *allocation);
  void untrack(void *allocation);
  /// The buffers still tracked; the run tracks none after.
  std::vector<void *> takeAllocations();

private:
  std::mutex mutex;
  std::unordered_set<void *> allocations;
};

/// Fails the calling thread's current run with `message`, or, outside a
/// run, prints it and ends the process: compiled code that calls the
/// runtime has nowhere else to return to. Like CheckedRun::fail, it
/// destroys nothing in the frames it leaves: callers move their message in,
/// and hold no other string or container that owns memory.
[[noreturn]] void failCurrentRun(std::string message);

} // namespace ten
} // namespace mlir

extern "C" {
/// `puts` for compiled code: records the message for the current run.
int tenrtRecordCheckMessage(const char *message);
/// `abort` for compiled code: returns to the current run's setjmp.
void tenrtFailRun();
}

#endif // TEN_RUNTIME_HOST_CHECKEDRUN_H
