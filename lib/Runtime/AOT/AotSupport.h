//===- AotSupport.h - what the AOT run functions share ----------*- C++ -*-===//

#ifndef TEN_LIB_RUNTIME_AOT_AOTSUPPORT_H
#define TEN_LIB_RUNTIME_AOT_AOTSUPPORT_H

#include "ten-aot/Runtime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir {
namespace ten {
namespace aot {

/// Makes `message` the thread's last error (tenAotLastError); returns -1.
int failWith(std::string message);

/// What a run function does first: clears the thread's last error, checks
/// its arguments against `signature` and sets `shapes`
/// to each input's sizes; false, with the thread's last error set, where
/// they do not fit (null pointers, sizes that do not match the signature,
/// null data for a tensor that is not empty).
bool readArguments(const tenAotSignature *signature, const void *const *inputs,
                   const int64_t *const *inputSizes, void **results,
                   std::vector<std::vector<int64_t>> &shapes);

} // namespace aot
} // namespace ten
} // namespace mlir

#endif // TEN_LIB_RUNTIME_AOT_AOTSUPPORT_H
