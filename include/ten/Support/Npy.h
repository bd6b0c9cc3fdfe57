//===- Npy.h - NumPy .npy files ---------------------------------*- C++ -*-===//
//
// Reads and writes NumPy's .npy format (versions 1.0, 2.0 and 3.0) for the
// element types of the dialect:
//
//   | .npy descr          | kind  |
//   |---------------------|-------|
//   | |b1                 | i1    |
//   | |i1 <i2 <i4 <i8     | i8 i16 i32 i64 |
//   | |u1 <u2 <u4 <u8     | ui8 ui16 ui32 ui64 |
//   | <f2 <f4 <f8         | f16 f32 f64 |
//   | <c8 <c16            | complex<f32> complex<f64> |
//   | <V2                 | bf16 (how NumPy saves ml_dtypes.bfloat16) |
//   | <V1 (<f1)           | f8E4M3FN or f8E5M2 (see below) |
//
// (ElementKinds.def lists them.) Big-endian data ('>') is byte-swapped;
// Fortran-order data is reordered to C order. Every other dtype (object,
// strings, ...) is refused by name. NumPy saves ml_dtypes' float8_e4m3fn
// as '<V1' and its float8_e5m2 as '<f1', a descr NumPy cannot load back:
// both fp8 types are written as '<V1' (np.load gives bytes to view as the
// ml_dtypes type), and '<V1' is read as f8E4M3FN, which isReadableAs lets
// stand for f8E5M2; '<f1' is read as f8E5M2.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_SUPPORT_NPY_H
#define TEN_SUPPORT_NPY_H

#include "ten/Support/HostTensor.h"

#include "llvm/Support/Error.h"

namespace mlir {
namespace ten {

/// Parses the contents of a .npy file. Errors say what is wrong, not where:
/// callers prefix the file name.
llvm::Expected<HostTensor> parseNpy(llvm::StringRef contents);

/// The descr a tensor of `kind` is written with: "<f4", "|u1", "<V2" ...
llvm::StringRef getNpyDescr(ElementKind kind);

/// Whether a tensor read from a .npy file as `read` may be taken as one of
/// `declared`: the same kind, or the kind that `declared`'s descr is read
/// as (f8E4M3FN, read from '<V1', may be an f8E5M2).
bool isReadableAs(ElementKind read, ElementKind declared);

/// Reads the .npy file at `path`; errors start with the path.
llvm::Expected<HostTensor> readNpy(llvm::StringRef path);

/// What a .npy file's header says of its array.
struct NpyHeader {
  ElementKind kind;
  llvm::SmallVector<int64_t> shape;
};

/// The header of the .npy file at `path`, its data unread but its size
/// checked where the file is a regular one; errors start with the path.
llvm::Expected<NpyHeader> readNpyHeader(llvm::StringRef path);

/// The part of the array in the .npy file at `path` from `start` of sizes
/// `sizes` (one of each per dimension), read alone from a regular file in C
/// order (by rows of its last dimension); a stream or a Fortran-order file
/// is read whole, then cut. Errors start with the path.
llvm::Expected<HostTensor> readNpyBox(llvm::StringRef path,
                                      llvm::ArrayRef<int64_t> start,
                                      llvm::ArrayRef<int64_t> sizes);

/// The .npy (version 1.0) encoding of `tensor`.
std::string serializeNpy(const HostTensor &tensor);

} // namespace ten
} // namespace mlir

#endif // TEN_SUPPORT_NPY_H
