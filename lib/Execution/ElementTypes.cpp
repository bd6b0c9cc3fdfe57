//===- ElementTypes.cpp - element kinds and MLIR types --------------------===//

#include "ten/Execution/ElementTypes.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::ten;

std::optional<ElementKind> mlir::ten::getElementKind(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (integer.isSigned())
      return std::nullopt;
    bool isUnsigned = integer.isUnsigned();
    switch (integer.getWidth()) {
    case 1:
      return isUnsigned ? std::nullopt : std::optional(ElementKind::I1);
    case 8:
      return isUnsigned ? ElementKind::UI8 : ElementKind::I8;
    case 16:
      return isUnsigned ? ElementKind::UI16 : ElementKind::I16;
    case 32:
      return isUnsigned ? ElementKind::UI32 : ElementKind::I32;
    case 64:
      return isUnsigned ? ElementKind::UI64 : ElementKind::I64;
    default:
      return std::nullopt;
    }
  }
  if (isa<Float8E4M3FNType>(type))
    return ElementKind::F8E4M3FN;
  if (isa<Float8E5M2Type>(type))
    return ElementKind::F8E5M2;
  if (type.isF16())
    return ElementKind::F16;
  if (type.isBF16())
    return ElementKind::BF16;
  if (type.isF32())
    return ElementKind::F32;
  if (type.isF64())
    return ElementKind::F64;
  if (auto complex = dyn_cast<ComplexType>(type)) {
    if (complex.getElementType().isF32())
      return ElementKind::C64;
    if (complex.getElementType().isF64())
      return ElementKind::C128;
  }
  return std::nullopt;
}

Type mlir::ten::getElementType(MLIRContext *context, ElementKind kind) {
  auto unsignedType = [&](unsigned width) {
    return IntegerType::get(context, width, IntegerType::Unsigned);
  };
  switch (kind) {
  case ElementKind::I1:
    return IntegerType::get(context, 1);
  case ElementKind::I8:
    return IntegerType::get(context, 8);
  case ElementKind::I16:
    return IntegerType::get(context, 16);
  case ElementKind::I32:
    return IntegerType::get(context, 32);
  case ElementKind::I64:
    return IntegerType::get(context, 64);
  case ElementKind::UI8:
    return unsignedType(8);
  case ElementKind::UI16:
    return unsignedType(16);
  case ElementKind::UI32:
    return unsignedType(32);
  case ElementKind::UI64:
    return unsignedType(64);
  case ElementKind::F8E4M3FN:
    return Float8E4M3FNType::get(context);
  case ElementKind::F8E5M2:
    return Float8E5M2Type::get(context);
  case ElementKind::F16:
    return Float16Type::get(context);
  case ElementKind::BF16:
    return BFloat16Type::get(context);
  case ElementKind::F32:
    return Float32Type::get(context);
  case ElementKind::F64:
    return Float64Type::get(context);
  case ElementKind::C64:
    return ComplexType::get(Float32Type::get(context));
  case ElementKind::C128:
    return ComplexType::get(Float64Type::get(context));
  }
  llvm_unreachable("unknown element kind");
}
