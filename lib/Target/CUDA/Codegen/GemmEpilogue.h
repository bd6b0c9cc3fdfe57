//===- GemmEpilogue.h - a bias and ReLU after a GEMM ------------*- C++ -*-===//
//
// The elementwise op right after a GEMM that adds a bias along the
// product's last dimension, and optionally applies a ReLU: cuBLASLt's
// epilogue computes it as it writes the product, so that the product is
// not read back by a kernel of its own.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_TARGET_CUDA_CODEGEN_GEMMEPILOGUE_H
#define TEN_LIB_TARGET_CUDA_CODEGEN_GEMMEPILOGUE_H

#include "ten/Runtime/CUDA/CublasLt.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>
#include <string>

namespace mlir {
namespace ten {

/// An elementwise op that applies a GEMM's epilogue.
struct GemmEpilogueMatch {
  linalg::GenericOp op;
  /// The bias vector, indexed by the last loop.
  OpOperand *bias;
  /// Where the epilogue's result goes: the product's buffer, or another of
  /// its shape.
  Value result;
  ::ten::cuda::GemmEpilogue kind;
};

/// The epilogue op right after `gemm`, which writes the f32 product into
/// `product` (a buffer with the identity layout's strides along its last
/// dimension): an elementwise op on the product and a unit-stride vector
/// of f32 indexed by the last dimension, whose body is `product + bias`,
/// optionally followed by a ReLU (`select(x < 0, 0, x)`, `select(x > 0, x,
/// 0)`, `maximumf(x, 0)` or `maxnumf(x, 0)` and their unordered forms),
/// writing the product's buffer or, when nothing but `gemm`, `fill`, the
/// epilogue and deallocations use the product, another buffer of its shape
/// and identity layout that exists before `gemm`. A ReLU that keeps NaN
/// qualifies only with `fastRelu`: cuBLASLt's ReLU epilogue does not say
/// what it does with NaN. None, with `reason` set when an op follows that
/// reads the product, when there is no such op.
std::optional<GemmEpilogueMatch>
matchGemmEpilogue(linalg::LinalgOp gemm, Value product, linalg::FillOp fill,
                  bool fastRelu, std::string &reason);

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_TARGET_CUDA_CODEGEN_GEMMEPILOGUE_H
