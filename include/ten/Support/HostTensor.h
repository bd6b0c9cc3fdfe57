//===- HostTensor.h - a tensor in host memory -------------------*- C++ -*-===//
//
// The tensors that cross the boundary between the compiled code and its
// callers (tensor-run's .npy files, the C API, Python): an element kind, a
// shape, and the elements in row-major (C) order.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_SUPPORT_HOSTTENSOR_H
#define TEN_SUPPORT_HOSTTENSOR_H

#include "ten/Runtime/Host/LargePages.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace mlir {
namespace ten {

/// The element types of the dialect (ElementKinds.def). i1 is stored as one
/// byte, 0 or 1.
enum class ElementKind : uint8_t {
#define TEN_ELEMENT_KIND(Kind, name, bytes, isFloat, npyDescr, cType) Kind,
#include "ten/Support/ElementKinds.def"
};

/// Bytes per element.
size_t getElementSize(ElementKind kind);
/// The dialect's name of the type: "f32", "i1", ...
llvm::StringRef getElementKindName(ElementKind kind);
/// The kind named `name` ("f32", "i1", ...), if any.
std::optional<ElementKind> parseElementKind(llvm::StringRef name);
bool isFloatKind(ElementKind kind);
/// Whether the kind is an unsigned integer type (ui8 ... ui64); i1 is not.
bool isUnsignedKind(ElementKind kind);
/// Whether the kind is a complex type (complex<f32>, complex<f64>).
bool isComplexKind(ElementKind kind);

/// A tensor in host memory, row-major.
struct HostTensor {
  ElementKind kind = ElementKind::F32;
  llvm::SmallVector<int64_t> shape;
  /// On huge pages when large (LargePages.h).
  HostBytes bytes;

  HostTensor() = default;
  /// A zero-filled tensor, of a shape whose bytes are known to fit in
  /// memory (a result of compiled code, a checked shape).
  HostTensor(ElementKind kind, llvm::ArrayRef<int64_t> shape);
  /// A zero-filled tensor of any shape: an error says, rather than a crash,
  /// that its bytes cannot be counted (ByteCount.h) or allocated.
  static llvm::Expected<HostTensor> create(ElementKind kind,
                                           llvm::ArrayRef<int64_t> shape);

  int64_t getNumElements() const;
  /// Element `index` (row-major) as a double; i1 reads as 0 or 1, complex
  /// numbers as their real part.
  double getAsDouble(int64_t index) const;
  /// The imaginary part of element `index`: 0 for the real kinds.
  double getImagAsDouble(int64_t index) const;
  /// Sets element `index` from a double (complex numbers: the real part, the
  /// imaginary one 0), rounding to nearest for floats and
  /// truncating toward zero for integers, whose types keep the low bits (as
  /// NumPy's conversions do: -1.0 gives 255 as ui8).
  void setFromDouble(int64_t index, double value);
  /// Element `index` of an integer kind, exactly: sign-extended for the
  /// signed kinds, zero-extended for the unsigned ones and i1.
  int64_t getAsInt64(int64_t index) const;
};

} // namespace ten
} // namespace mlir

#endif // TEN_SUPPORT_HOSTTENSOR_H
