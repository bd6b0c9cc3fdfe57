//===- GemmView.h - contractions seen as GEMMs ------------------*- C++ -*-===//
//
// The view of a linalg contraction on buffers as a GEMM that both the CPU
// contraction kernel and the GPU's cuBLAS dispatch take.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_CODEGEN_COMMON_GEMMVIEW_H
#define TEN_CODEGEN_COMMON_GEMMVIEW_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>
#include <string>

namespace mlir {
namespace ten {

/// A contraction seen as `C[.., m, n] += A[.., m, k] * B[.., k, n]`: which
/// operand plays A and which B, and which of its loops are the GEMM's `m`,
/// `n` and `k`. Every other loop runs around the GEMM.
struct GemmView {
  OpOperand *lhs;
  OpOperand *rhs;
  OpOperand *out;
  unsigned m, n, k;
  SmallVector<unsigned> outerLoops;
  /// Whether B's last dimension is `n` with unit stride, so that a row of a
  /// panel is one vector load.
  bool rhsRowsContiguous;
};

/// The position of loop `loop` among the results of `map`, if it has one.
std::optional<unsigned> resultPosition(AffineMap map, unsigned loop);

/// Whether the innermost dimension of `value`'s memref has unit stride.
bool hasUnitInnerStride(Value value);

/// `op`, a contraction of two buffers of one element type into a result of
/// a type that the caller supports for it (`supportedElementTypes` names
/// the pairs in the reason), as a GEMM whose result is contiguous along
/// `n`, or the reason it is not one.
FailureOr<GemmView>
matchGemm(linalg::LinalgOp op,
          function_ref<bool(Type input, Type output)> isSupportedElementType,
          StringRef supportedElementTypes, std::string &reason);

/// The fill of `op`'s result right before `op` (only ops without memory
/// effects between them), which a GEMM can fold: it starts from the fill
/// value instead of storing it and loading it back.
linalg::FillOp findInitializingFill(linalg::LinalgOp op, const GemmView &view);

} // namespace ten
} // namespace mlir

#endif // TEN_CODEGEN_COMMON_GEMMVIEW_H
