//===- ByteCount.h - sizes of tensors that memory can hold ------*- C++ -*-===//
//
// Every count of elements or bytes that a shape implies is computed here,
// with the product checked: a product that wraps past 2^64 would make a huge
// tensor look small (or empty) to a size check and then be read past its end.
// The limit is NumPy's: the non-zero sizes and the element size multiply to
// at most INT64_MAX bytes, zeros or not.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_SUPPORT_BYTECOUNT_H
#define TEN_SUPPORT_BYTECOUNT_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>

namespace mlir {
namespace ten {

/// The bytes that a tensor of `shape` takes at `elementBytes` bytes an
/// element (0 when a size is 0), or nothing when the non-zero sizes and the
/// element size multiply past INT64_MAX. Negative sizes (dynamic ones) count
/// as 1: the result is then what the static sizes alone take.
std::optional<int64_t> getByteCount(llvm::ArrayRef<int64_t> shape,
                                    uint64_t elementBytes);

} // namespace ten
} // namespace mlir

#endif // TEN_SUPPORT_BYTECOUNT_H
