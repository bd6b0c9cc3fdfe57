//===- HostTensor.cpp - a tensor in host memory ---------------------------===//

#include "ten/Support/HostTensor.h"
#include "ten/Support/ByteCount.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/ErrorHandling.h"

#include <cmath>
#include <cstring>

using namespace mlir::ten;

namespace {
/// What the rest of the file needs to know of each element kind.
struct ElementKindInfo {
  ElementKind kind;
  llvm::StringLiteral name;
  size_t size;
  bool isFloat;
  bool isUnsigned;
  bool isComplex;
};
} // namespace

static constexpr ElementKindInfo kElementKinds[] = {
#define TEN_ELEMENT_KIND(Kind, name, bytes, isFloat, npyDescr, cType)          \
  {ElementKind::Kind, name, bytes, isFloat, npyDescr[1] == 'u',                \
   npyDescr[1] == 'c'},
#include "ten/Support/ElementKinds.def"
};

/// `[2, 3]`, as NumPy prints shapes (almost).
static std::string formatShape(llvm::ArrayRef<int64_t> shape) {
  std::string text = "[";
  for (int64_t size : shape)
    text += (text.size() > 1 ? ", " : "") + std::to_string(size);
  return text + "]";
}

/// The table lists the kinds in the enum's order (both come from
/// ElementKinds.def): a kind is its index.
static const ElementKindInfo &getInfo(ElementKind kind) {
  return kElementKinds[static_cast<size_t>(kind)];
}

size_t mlir::ten::getElementSize(ElementKind kind) {
  return getInfo(kind).size;
}

llvm::StringRef mlir::ten::getElementKindName(ElementKind kind) {
  return getInfo(kind).name;
}

std::optional<ElementKind> mlir::ten::parseElementKind(llvm::StringRef name) {
  for (const ElementKindInfo &info : kElementKinds)
    if (info.name == name)
      return info.kind;
  return std::nullopt;
}

bool mlir::ten::isFloatKind(ElementKind kind) { return getInfo(kind).isFloat; }

bool mlir::ten::isUnsignedKind(ElementKind kind) {
  return getInfo(kind).isUnsigned;
}

bool mlir::ten::isComplexKind(ElementKind kind) {
  return getInfo(kind).isComplex;
}

HostTensor::HostTensor(ElementKind kind, llvm::ArrayRef<int64_t> shape)
    : kind(kind), shape(shape.begin(), shape.end()),
      bytes(getNumElements() * getElementSize(kind), 0) {}

llvm::Expected<HostTensor> HostTensor::create(ElementKind kind,
                                              llvm::ArrayRef<int64_t> shape) {
  auto error = [](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  std::optional<int64_t> bytes = getByteCount(shape, getElementSize(kind));
  if (!bytes)
    return error("a tensor of shape " + formatShape(shape) + " and type " +
                 getElementKindName(kind) + " has more than 2^63 bytes");
  HostTensor tensor;
  tensor.kind = kind;
  tensor.shape.assign(shape.begin(), shape.end());
  try {
    tensor.bytes.resize(*bytes);
  } catch (const std::bad_alloc &) {
    return error("cannot allocate " + llvm::Twine(*bytes) +
                 " bytes for a tensor of shape " + formatShape(shape));
  }
  return tensor;
}

int64_t HostTensor::getNumElements() const {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

/// The semantics of a float kind narrower than 32 bits.
static const llvm::fltSemantics &getNarrowSemantics(ElementKind kind) {
  switch (kind) {
  case ElementKind::F16:
    return llvm::APFloat::IEEEhalf();
  case ElementKind::BF16:
    return llvm::APFloat::BFloat();
  case ElementKind::F8E4M3FN:
    return llvm::APFloat::Float8E4M3FN();
  default:
    return llvm::APFloat::Float8E5M2();
  }
}

template <typename T>
static T load(const char *at) {
  T value;
  std::memcpy(&value, at, sizeof(T));
  return value;
}

template <typename T>
static void store(char *at, T value) {
  std::memcpy(at, &value, sizeof(T));
}

/// `value` truncated toward zero, as the 64 bits of a two's-complement
/// integer: values from 2^63 up as unsigned ones. (Out of range, C++'s
/// conversions are undefined.)
static uint64_t toInteger(double value) {
  if (!(std::fabs(value) < 0x1p64))
    return 0;
  if (value < 0)
    return static_cast<uint64_t>(
        value <= -0x1p63 ? INT64_MIN : static_cast<int64_t>(value));
  return static_cast<uint64_t>(value);
}

int64_t HostTensor::getAsInt64(int64_t index) const {
  const char *at = bytes.data() + index * getElementSize(kind);
  switch (kind) {
  case ElementKind::I1:
    return load<uint8_t>(at) != 0;
  case ElementKind::I8:
    return load<int8_t>(at);
  case ElementKind::I16:
    return load<int16_t>(at);
  case ElementKind::I32:
    return load<int32_t>(at);
  case ElementKind::I64:
    return load<int64_t>(at);
  case ElementKind::UI8:
    return load<uint8_t>(at);
  case ElementKind::UI16:
    return load<uint16_t>(at);
  case ElementKind::UI32:
    return load<uint32_t>(at);
  case ElementKind::UI64:
    return static_cast<int64_t>(load<uint64_t>(at));
  case ElementKind::F16:
  case ElementKind::BF16:
  case ElementKind::F32:
  case ElementKind::F64:
  case ElementKind::C64:
  case ElementKind::C128:
  case ElementKind::F8E4M3FN:
  case ElementKind::F8E5M2:
    break;
  }
  llvm_unreachable("not an integer kind");
}

double HostTensor::getAsDouble(int64_t index) const {
  const char *at = bytes.data() + index * getElementSize(kind);
  switch (kind) {
  case ElementKind::I1:
  case ElementKind::I8:
  case ElementKind::I16:
  case ElementKind::I32:
  case ElementKind::I64:
    return static_cast<double>(getAsInt64(index));
  case ElementKind::UI8:
  case ElementKind::UI16:
  case ElementKind::UI32:
  case ElementKind::UI64:
    return static_cast<double>(static_cast<uint64_t>(getAsInt64(index)));
  case ElementKind::F8E4M3FN:
  case ElementKind::F8E5M2:
  case ElementKind::F16:
  case ElementKind::BF16: {
    unsigned width = getElementSize(kind) * 8;
    llvm::APFloat value(getNarrowSemantics(kind),
                        llvm::APInt(width, width == 8 ? load<uint8_t>(at)
                                                      : load<uint16_t>(at)));
    bool losesInfo = false;
    value.convert(llvm::APFloat::IEEEdouble(),
                  llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    return value.convertToDouble();
  }
  case ElementKind::F32:
    return load<float>(at);
  case ElementKind::F64:
  case ElementKind::C128:
    return load<double>(at);
  case ElementKind::C64:
    return load<float>(at);
  }
  llvm_unreachable("unknown element kind");
}

double HostTensor::getImagAsDouble(int64_t index) const {
  const char *at = bytes.data() + index * getElementSize(kind);
  if (kind == ElementKind::C64)
    return load<float>(at + sizeof(float));
  if (kind == ElementKind::C128)
    return load<double>(at + sizeof(double));
  return 0;
}

void HostTensor::setFromDouble(int64_t index, double value) {
  char *at = bytes.data() + index * getElementSize(kind);
  switch (kind) {
  case ElementKind::I1:
    return store<uint8_t>(at, value != 0);
  case ElementKind::I8:
    return store<int8_t>(at, static_cast<int8_t>(toInteger(value)));
  case ElementKind::I16:
    return store<int16_t>(at, static_cast<int16_t>(toInteger(value)));
  case ElementKind::UI8:
    return store<uint8_t>(at, static_cast<uint8_t>(toInteger(value)));
  case ElementKind::UI16:
    return store<uint16_t>(at, static_cast<uint16_t>(toInteger(value)));
  case ElementKind::UI32:
    return store<uint32_t>(at, static_cast<uint32_t>(toInteger(value)));
  case ElementKind::UI64:
    return store<uint64_t>(at, static_cast<uint64_t>(toInteger(value)));
  case ElementKind::I32:
    return store<int32_t>(at, static_cast<int32_t>(toInteger(value)));
  case ElementKind::I64:
    return store<int64_t>(at, static_cast<int64_t>(toInteger(value)));
  case ElementKind::F8E4M3FN:
  case ElementKind::F8E5M2:
  case ElementKind::F16:
  case ElementKind::BF16: {
    llvm::APFloat narrow(value);
    bool losesInfo = false;
    narrow.convert(getNarrowSemantics(kind), llvm::APFloat::rmNearestTiesToEven,
                   &losesInfo);
    uint64_t bits = narrow.bitcastToAPInt().getZExtValue();
    if (getElementSize(kind) == 1)
      return store<uint8_t>(at, static_cast<uint8_t>(bits));
    return store<uint16_t>(at, static_cast<uint16_t>(bits));
  }
  case ElementKind::F32:
    return store<float>(at, static_cast<float>(value));
  case ElementKind::F64:
    return store<double>(at, value);
  case ElementKind::C64:
    store<float>(at + sizeof(float), 0);
    return store<float>(at, static_cast<float>(value));
  case ElementKind::C128:
    store<double>(at + sizeof(double), 0);
    return store<double>(at, value);
  }
}
