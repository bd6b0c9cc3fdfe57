//===- HostTensor.cpp - a tensor in host memory ---------------------------===//

#include "ten/Support/HostTensor.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstring>

using namespace mlir::ten;

size_t mlir::ten::getElementSize(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
  case ElementKind::I8:
    return 1;
  case ElementKind::F16:
  case ElementKind::BF16:
    return 2;
  case ElementKind::I32:
  case ElementKind::F32:
    return 4;
  case ElementKind::I64:
  case ElementKind::F64:
    return 8;
  }
  llvm_unreachable("unknown element kind");
}

llvm::StringRef mlir::ten::getElementKindName(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
    return "i1";
  case ElementKind::I8:
    return "i8";
  case ElementKind::I32:
    return "i32";
  case ElementKind::I64:
    return "i64";
  case ElementKind::F16:
    return "f16";
  case ElementKind::BF16:
    return "bf16";
  case ElementKind::F32:
    return "f32";
  case ElementKind::F64:
    return "f64";
  }
  llvm_unreachable("unknown element kind");
}

std::optional<ElementKind> mlir::ten::parseElementKind(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<ElementKind>>(name)
      .Case("i1", ElementKind::I1)
      .Case("i8", ElementKind::I8)
      .Case("i32", ElementKind::I32)
      .Case("i64", ElementKind::I64)
      .Case("f16", ElementKind::F16)
      .Case("bf16", ElementKind::BF16)
      .Case("f32", ElementKind::F32)
      .Case("f64", ElementKind::F64)
      .Default(std::nullopt);
}

bool mlir::ten::isFloatKind(ElementKind kind) {
  return kind == ElementKind::F16 || kind == ElementKind::BF16 ||
         kind == ElementKind::F32 || kind == ElementKind::F64;
}

HostTensor::HostTensor(ElementKind kind, llvm::ArrayRef<int64_t> shape)
    : kind(kind), shape(shape.begin(), shape.end()),
      bytes(getNumElements() * getElementSize(kind), 0) {}

int64_t HostTensor::getNumElements() const {
  int64_t count = 1;
  for (int64_t size : shape)
    count *= size;
  return count;
}

/// The semantics of a 16-bit float kind.
static const llvm::fltSemantics &getHalfSemantics(ElementKind kind) {
  return kind == ElementKind::F16 ? llvm::APFloat::IEEEhalf()
                                  : llvm::APFloat::BFloat();
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

double HostTensor::getAsDouble(int64_t index) const {
  const char *at = bytes.data() + index * getElementSize(kind);
  switch (kind) {
  case ElementKind::I1:
    return load<uint8_t>(at) != 0;
  case ElementKind::I8:
    return load<int8_t>(at);
  case ElementKind::I32:
    return load<int32_t>(at);
  case ElementKind::I64:
    return static_cast<double>(load<int64_t>(at));
  case ElementKind::F16:
  case ElementKind::BF16: {
    llvm::APFloat value(getHalfSemantics(kind),
                        llvm::APInt(16, load<uint16_t>(at)));
    bool losesInfo = false;
    value.convert(llvm::APFloat::IEEEdouble(),
                  llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    return value.convertToDouble();
  }
  case ElementKind::F32:
    return load<float>(at);
  case ElementKind::F64:
    return load<double>(at);
  }
  llvm_unreachable("unknown element kind");
}

void HostTensor::setFromDouble(int64_t index, double value) {
  char *at = bytes.data() + index * getElementSize(kind);
  switch (kind) {
  case ElementKind::I1:
    return store<uint8_t>(at, value != 0);
  case ElementKind::I8:
    return store<int8_t>(at, static_cast<int8_t>(value));
  case ElementKind::I32:
    return store<int32_t>(at, static_cast<int32_t>(value));
  case ElementKind::I64:
    return store<int64_t>(at, static_cast<int64_t>(value));
  case ElementKind::F16:
  case ElementKind::BF16: {
    llvm::APFloat half(value);
    bool losesInfo = false;
    half.convert(getHalfSemantics(kind), llvm::APFloat::rmNearestTiesToEven,
                 &losesInfo);
    return store<uint16_t>(
        at, static_cast<uint16_t>(half.bitcastToAPInt().getZExtValue()));
  }
  case ElementKind::F32:
    return store<float>(at, static_cast<float>(value));
  case ElementKind::F64:
    return store<double>(at, value);
  }
}
