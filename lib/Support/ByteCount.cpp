//===- ByteCount.cpp - sizes of tensors that memory can hold --------------===//

#include "ten/Support/ByteCount.h"

#include "llvm/Support/MathExtras.h"

std::optional<int64_t> mlir::ten::getByteCount(llvm::ArrayRef<int64_t> shape,
                                               uint64_t elementBytes) {
  if (elementBytes > uint64_t(INT64_MAX))
    return std::nullopt;
  int64_t bytes = static_cast<int64_t>(elementBytes);
  bool empty = false;
  for (int64_t size : shape) {
    if (size == 0) {
      empty = true;
      continue;
    }
    if (size < 0)
      continue;
    if (llvm::MulOverflow(bytes, size, bytes))
      return std::nullopt;
  }
  return empty ? 0 : bytes;
}
