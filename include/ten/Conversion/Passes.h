//===- Passes.h - conversions out of the ten dialect ------------*- C++ -*-===//

#ifndef TEN_CONVERSION_PASSES_H
#define TEN_CONVERSION_PASSES_H

#include "ten/Conversion/GPUToHost/GPUToHost.h"
#include "ten/Conversion/TenToLinalg/TenToLinalg.h"

#include "mlir/Pass/Pass.h"

namespace mlir {
namespace ten {

#define GEN_PASS_DECL
#include "ten/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ten/Conversion/Passes.h.inc"

} // namespace ten
} // namespace mlir

#endif // TEN_CONVERSION_PASSES_H
