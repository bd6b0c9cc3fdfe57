//===- CheckedRun.h - runs whose failed checks return -----------*- C++ -*-===//
//
// A failed cf.assert in JIT-compiled code prints its message with `puts`
// and calls `abort`. The executables resolve both to the functions below,
// which record the message and jump back to the run that called the code,
// instead of ending the process.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_EXECUTION_CHECKEDRUN_H
#define TEN_LIB_EXECUTION_CHECKEDRUN_H

#include <csetjmp>
#include <string>

namespace mlir {
namespace ten {

/// One call into compiled code. The caller makes it current, then calls
/// setjmp on `returnPoint` in its own frame: setjmp returning non-zero means
/// a check failed, with `failure` its message.
struct CheckedRun {
  std::jmp_buf returnPoint;
  std::string failure;
  CheckedRun *previous = nullptr;

  /// Makes this the thread's current run.
  void begin();
  /// Restores the run that was current before.
  void end();
};

} // namespace ten
} // namespace mlir

extern "C" {
/// `puts` for compiled code: records the message for the current run.
int tenrtRecordCheckMessage(const char *message);
/// `abort` for compiled code: returns to the current run's setjmp.
void tenrtFailRun();
}

#endif // TEN_LIB_EXECUTION_CHECKEDRUN_H
