//===- LinearAlgebraSupport.h - ten.linalg's lowerings' pieces -*- C++ -*-===//
//
// The pieces that ten.linalg's lowerings to the host runtime
// (LinearAlgebra.cpp) and to the CUDA runtime (DeviceLinearAlgebra.cpp)
// share: a call of a runtime entry point on buffers, checks of the
// operands' sizes at run time, the sizes of a stack of matrices, and a
// solve's operands brought to one batch of matrices.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_CONVERSION_TENTOLINALG_LINEARALGEBRASUPPORT_H
#define TEN_LIB_CONVERSION_TENTOLINALG_LINEARALGEBRASUPPORT_H

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"

#include "mlir/Transforms/DialectConversion.h"

#include <optional>

namespace mlir {
namespace ten {
namespace lowering {

/// A call of a runtime entry point for one op: the buffers of the tensors
/// it reads, fresh ones that it writes, then integer flags, then (for the
/// host runtime) the threads it may use.
class RuntimeCall {
public:
  RuntimeCall(ConversionPatternRewriter &rewriter, Operation *op,
              std::optional<int64_t> threads)
      : rewriter(rewriter), op(op), loc(op->getLoc()), threads(threads) {}

  /// The buffer of `value`, a tensor or a buffer, which the call reads.
  void addInput(Value value);

  /// A fresh buffer of `sizes` that the call writes; returns its index
  /// among the results.
  unsigned addResult(ArrayRef<OpFoldResult> sizes, Type elementType);

  /// The buffer of result `index`, which a later call may read in place:
  /// only this call writes it.
  Value getResultBuffer(unsigned index) const { return results[index]; }

  /// Calls `name` + the suffix of `elementType` on the buffers, then
  /// `flags`, then the threads if any; returns the results as tensors.
  SmallVector<Value> call(StringRef name, Type elementType,
                          ArrayRef<int32_t> flags = {});

private:
  ConversionPatternRewriter &rewriter;
  Operation *op;
  Location loc;
  std::optional<int64_t> threads;
  /// The inputs' tensors and the results' buffers, in order.
  SmallVector<Value> arguments;
  SmallVector<Value> results;
};

/// Checks at run time that the matrices of `value` are square, where their
/// sizes are not known to be equal.
void checkSquare(OpBuilder &builder, Operation *op, Value value,
                 StringRef name);

/// `value` as the type `type` states, which may be more static: checked at
/// run time, then a tensor.cast.
Value castToType(OpBuilder &builder, Operation *op, Value value,
                 RankedTensorType type);

/// Replaces `op` by `results`, each cast to the type `op` states for it.
void replaceWithResults(ConversionPatternRewriter &rewriter, Operation *op,
                        ArrayRef<Value> results);

/// The sizes of a stack of matrices: its batch, then the rows and columns
/// of its matrices, and the smaller of the two.
struct MatrixSizes {
  SmallVector<OpFoldResult> batch;
  OpFoldResult rows, columns, smaller;

  MatrixSizes(OpBuilder &builder, Location loc, Value value);

  /// The batch, then `trailing`.
  SmallVector<OpFoldResult> with(ArrayRef<OpFoldResult> trailing) const {
    SmallVector<OpFoldResult> sizes(batch);
    sizes.append(trailing.begin(), trailing.end());
    return sizes;
  }
};

/// A solve's operands as stacks of matrices of one batch: `a` (n x n) and
/// `b` (n x k), a vector right-hand side a matrix of one column.
struct SolveOperands {
  Value a, b;
  bool isVector;
  int64_t batchRank;

  /// Checks the sizes of `op`'s operands and brings them to one batch.
  SolveOperands(ConversionPatternRewriter &rewriter, SolveOp op, Value a,
                Value b);

  /// The solution `x` (a stack like `b`) as `op`'s result.
  Value getResult(ConversionPatternRewriter &rewriter, SolveOp op,
                  Value x) const;
};

/// The factorizations of ten.linalg as calls of the CUDA runtime's
/// cuSOLVER entry points (DenseLinearAlgebra.h) on device buffers, with
/// kernels that transpose, mask and conjugate around them.
void populateDeviceLinearAlgebraPatterns(TypeConverter &typeConverter,
                                         RewritePatternSet &patterns);

} // namespace lowering
} // namespace ten
} // namespace mlir

#endif // TEN_LIB_CONVERSION_TENTOLINALG_LINEARALGEBRASUPPORT_H
