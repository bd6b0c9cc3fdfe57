//===- Promotion.cpp - NumPy's type promotion -----------------------------===//
//
// NumPy's table follows from a few rules once every type is placed on one
// scale: which floats can hold an integer type exactly (8-bit integers fit
// the 16-bit floats, 16-bit ones f32, wider ones only f64), and which
// complex type holds a float's values.
//
//===----------------------------------------------------------------------===//

#include "ten/Support/Promotion.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>

using namespace mlir::ten;

namespace {

enum class Category { Bool, Int, Float, Complex };

/// The floats and complex numbers by the values they hold: the 16- and
/// 8-bit floats, f32 (and complex<f32>), f64 (and complex<f64>).
enum Level { kNarrow = 0, kSingle = 1, kDouble = 2 };

Category getCategory(ElementKind kind) {
  if (kind == ElementKind::I1)
    return Category::Bool;
  if (isComplexKind(kind))
    return Category::Complex;
  if (isFloatKind(kind))
    return Category::Float;
  return Category::Int;
}

/// The level of a float or complex kind; for an integer kind, the level of
/// the smallest float that holds its values exactly.
int getLevel(ElementKind kind) {
  switch (kind) {
  case ElementKind::F32:
  case ElementKind::C64:
    return kSingle;
  case ElementKind::F64:
  case ElementKind::C128:
    return kDouble;
  default:
    break;
  }
  if (isFloatKind(kind))
    return kNarrow;
  // Integers by width: 8 bits (and bool) fit the narrow floats' mantissas,
  // 16 bits f32's, wider ones only f64's.
  size_t bytes = getElementSize(kind);
  return bytes == 1 ? kNarrow : bytes == 2 ? kSingle : kDouble;
}

ElementKind getSignedInt(unsigned bytes) {
  switch (bytes) {
  case 1:
    return ElementKind::I8;
  case 2:
    return ElementKind::I16;
  case 4:
    return ElementKind::I32;
  default:
    return ElementKind::I64;
  }
}

ElementKind promoteInts(ElementKind lhs, ElementKind rhs) {
  size_t lhsBytes = getElementSize(lhs), rhsBytes = getElementSize(rhs);
  bool lhsUnsigned = isUnsignedKind(lhs), rhsUnsigned = isUnsignedKind(rhs);
  if (lhsUnsigned == rhsUnsigned)
    return lhsBytes >= rhsBytes ? lhs : rhs;
  ElementKind signedKind = lhsUnsigned ? rhs : lhs;
  size_t signedBytes = lhsUnsigned ? rhsBytes : lhsBytes;
  size_t unsignedBytes = lhsUnsigned ? lhsBytes : rhsBytes;
  // A signed type holds the unsigned one's values when it is wider; else
  // the signed type of twice the unsigned one's width, up to 64 bits, past
  // which only f64 holds both.
  if (signedBytes > unsignedBytes)
    return signedKind;
  if (unsignedBytes < 8)
    return getSignedInt(2 * unsignedBytes);
  return ElementKind::F64;
}

} // namespace

ElementKind mlir::ten::promoteKinds(ElementKind lhs, ElementKind rhs) {
  if (lhs == rhs)
    return lhs;
  Category lhsCategory = getCategory(lhs), rhsCategory = getCategory(rhs);
  if (lhsCategory == Category::Bool)
    return rhs;
  if (rhsCategory == Category::Bool)
    return lhs;
  if (lhsCategory == Category::Int && rhsCategory == Category::Int)
    return promoteInts(lhs, rhs);
  int level = std::max(getLevel(lhs), getLevel(rhs));
  if (lhsCategory == Category::Complex || rhsCategory == Category::Complex)
    return level == kDouble ? ElementKind::C128 : ElementKind::C64;
  // A float and an integer it holds: the float; two different narrow
  // floats: f32, which holds both.
  if (level == kNarrow) {
    if (lhsCategory == Category::Int)
      return rhs;
    if (rhsCategory == Category::Int)
      return lhs;
    return ElementKind::F32;
  }
  return level == kDouble ? ElementKind::F64 : ElementKind::F32;
}

ElementKind mlir::ten::promoteWithScalar(ElementKind kind, ScalarKind scalar) {
  Category category = getCategory(kind);
  bool isMlDtype = kind == ElementKind::BF16 || kind == ElementKind::F8E4M3FN ||
                   kind == ElementKind::F8E5M2;
  switch (scalar) {
  case ScalarKind::Bool:
    return kind;
  case ScalarKind::Int:
    // Python's int is NumPy's default integer, int64, next to a bool.
    return category == Category::Bool ? ElementKind::I64 : kind;
  case ScalarKind::Float:
    if (category == Category::Bool || category == Category::Int)
      return ElementKind::F64;
    // NumPy treats ml_dtypes' types as it treats no builtin float: a Python
    // float makes them f32.
    return isMlDtype ? ElementKind::F32 : kind;
  case ScalarKind::Complex:
    if (category == Category::Complex)
      return kind;
    if (category == Category::Float && getLevel(kind) != kDouble)
      return ElementKind::C64;
    return ElementKind::C128;
  }
  llvm_unreachable("unknown scalar kind");
}
