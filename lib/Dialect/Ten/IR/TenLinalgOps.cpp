//===- TenLinalgOps.cpp - ten.linalg ops: type inference ------------------===//
//
// The shapes of the dense linear algebra ops (TenLinalgOps.td): stacks of
// matrices in the last two dimensions, the dimensions before them a batch.
//
//===----------------------------------------------------------------------===//

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenShapes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::ten;

/// Whether `value`'s type is a stack of square matrices, with an error at
/// `loc` naming `what` otherwise. Sizes that only run time knows pass.
static FailureOr<RankedTensorType>
getSquareMatrices(Value value, StringRef what, std::optional<Location> loc) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return emitOptionalError(loc, what, " must be a ranked tensor");
  if (type.getRank() < 2)
    return emitOptionalError(loc, what,
                             " must be a stack of matrices (rank 2 or more), "
                             "not of rank ",
                             type.getRank());
  int64_t rows = type.getDimSize(type.getRank() - 2);
  int64_t columns = type.getDimSize(type.getRank() - 1);
  if (!ShapedType::isDynamic(rows) && !ShapedType::isDynamic(columns) &&
      rows != columns)
    return emitOptionalError(loc, what, " has matrices of ", rows, "x", columns,
                             ", not square ones");
  return type;
}

/// The real type of `elementType`'s values: itself, or its parts' type.
static Type getRealElementType(Type elementType) {
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return complex.getElementType();
  return elementType;
}

/// The type of a result that holds one value per matrix of `type`.
static RankedTensorType getPerMatrixType(RankedTensorType type,
                                         Type elementType) {
  return RankedTensorType::get(type.getShape().drop_back(2), elementType);
}

/// The result types of an op whose one result has its input's type, a
/// stack of square matrices.
static LogicalResult inferSquareResult(Value input, std::optional<Location> loc,
                                       SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> type = getSquareMatrices(input, "the input", loc);
  if (failed(type))
    return failure();
  results.push_back(*type);
  return success();
}

LogicalResult CholeskyOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &results) {
  return inferSquareResult(adaptor.getInput(), loc, results);
}

LogicalResult InvOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  return inferSquareResult(adaptor.getInput(), loc, results);
}

LogicalResult SolveOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> aType =
      getSquareMatrices(adaptor.getA(), "a", loc);
  if (failed(aType))
    return failure();
  auto bType = dyn_cast<RankedTensorType>(adaptor.getB().getType());
  if (!bType)
    return emitOptionalError(loc, "b must be a ranked tensor");
  Type elementType = aType->getElementType();
  if (bType.getElementType() != elementType)
    return emitOptionalError(loc, "a has ", elementType, " elements and b ",
                             bType.getElementType(),
                             ": both must have one element type");
  if (bType.getRank() == 0)
    return emitOptionalError(
        loc, "b must be a vector or a stack of matrices, not a scalar");
  ArrayRef<int64_t> aShape = aType->getShape();
  ArrayRef<int64_t> bShape = bType.getShape();
  int64_t rows = aShape[aShape.size() - 2];
  // A vector is one right-hand side, against every matrix of `a`.
  bool isVector = bType.getRank() == 1;
  int64_t bRows = isVector ? bShape.back() : bShape[bShape.size() - 2];
  if (!ShapedType::isDynamic(rows) && !ShapedType::isDynamic(bRows) &&
      rows != bRows)
    return emitOptionalError(loc, "b has ", bRows, " rows, a's matrices ", rows,
                             ": they must be the same");
  if (ShapedType::isDynamic(rows))
    rows = bRows;
  if (isVector) {
    SmallVector<int64_t> shape(aShape.drop_back(2));
    shape.push_back(rows);
    results.push_back(RankedTensorType::get(shape, elementType));
    return success();
  }
  FailureOr<SmallVector<int64_t>> batch = inferBroadcastShape(
      {aShape.drop_back(2), bShape.drop_back(2)}, std::nullopt);
  if (failed(batch))
    return emitOptionalError(
        loc, "a's batch ", formatShape(aShape.drop_back(2)), " and b's batch ",
        formatShape(bShape.drop_back(2)), " do not broadcast");
  batch->push_back(rows);
  batch->push_back(bShape.back());
  results.push_back(RankedTensorType::get(*batch, elementType));
  return success();
}

LogicalResult SlogdetOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> type =
      getSquareMatrices(adaptor.getInput(), "the input", loc);
  if (failed(type))
    return failure();
  Type elementType = type->getElementType();
  results.push_back(getPerMatrixType(*type, elementType));
  results.push_back(getPerMatrixType(*type, getRealElementType(elementType)));
  return success();
}

LogicalResult DetOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> type =
      getSquareMatrices(adaptor.getInput(), "the input", loc);
  if (failed(type))
    return failure();
  results.push_back(getPerMatrixType(*type, type->getElementType()));
  return success();
}

/// Whether `value`'s type is a stack of matrices (rank 2 or more), with an
/// error at `loc` otherwise.
static FailureOr<RankedTensorType> getMatrices(Value value,
                                               std::optional<Location> loc) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return emitOptionalError(loc, "the input must be a ranked tensor");
  if (type.getRank() < 2)
    return emitOptionalError(loc,
                             "the input must be a stack of matrices (rank 2 "
                             "or more), not of rank ",
                             type.getRank());
  return type;
}

/// `type`'s batch followed by `trailing`, of `elementType`.
static RankedTensorType getBatchedType(RankedTensorType type,
                                       ArrayRef<int64_t> trailing,
                                       Type elementType) {
  SmallVector<int64_t> shape(type.getShape().drop_back(2));
  llvm::append_range(shape, trailing);
  return RankedTensorType::get(shape, elementType);
}

/// min(m, n), dynamic when either is.
static int64_t getSmallerSize(int64_t m, int64_t n) {
  if (ShapedType::isDynamic(m) || ShapedType::isDynamic(n))
    return ShapedType::kDynamic;
  return std::min(m, n);
}

LogicalResult QrOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                                     Adaptor adaptor,
                                     SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> type = getMatrices(adaptor.getInput(), loc);
  if (failed(type))
    return failure();
  int64_t m = type->getDimSize(type->getRank() - 2);
  int64_t n = type->getDimSize(type->getRank() - 1);
  int64_t rows = adaptor.getComplete() ? m : getSmallerSize(m, n);
  Type elementType = type->getElementType();
  results.push_back(getBatchedType(*type, {m, rows}, elementType));
  results.push_back(getBatchedType(*type, {rows, n}, elementType));
  return success();
}

/// The eigenvalues of the square matrices of `input`, then, with
/// `withVectors`, the eigenvectors: of Hermitian matrices, the values are
/// real and the vectors of the input's type; of general ones (`general`),
/// both are complex.
static LogicalResult inferEigenTypes(Value input, bool withVectors,
                                     bool general, std::optional<Location> loc,
                                     SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> type = getSquareMatrices(input, "the input", loc);
  if (failed(type))
    return failure();
  int64_t n = type->getDimSize(type->getRank() - 1);
  Type realType = getRealElementType(type->getElementType());
  Type valueType = general ? ComplexType::get(realType) : realType;
  results.push_back(getBatchedType(*type, {n}, valueType));
  if (withVectors)
    results.push_back(general ? type->clone(valueType) : *type);
  return success();
}

LogicalResult EighOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  return inferEigenTypes(adaptor.getInput(), /*withVectors=*/true,
                         /*general=*/false, loc, results);
}

LogicalResult EigvalshOp::inferReturnTypes(MLIRContext *,
                                           std::optional<Location> loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &results) {
  return inferEigenTypes(adaptor.getInput(), /*withVectors=*/false,
                         /*general=*/false, loc, results);
}

LogicalResult EigOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  return inferEigenTypes(adaptor.getInput(), /*withVectors=*/true,
                         /*general=*/true, loc, results);
}

LogicalResult EigvalsOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  return inferEigenTypes(adaptor.getInput(), /*withVectors=*/false,
                         /*general=*/true, loc, results);
}

/// The singular values of the matrices of `input`, then, with
/// `withVectors`, u before them and vh after them (square with `full`).
static LogicalResult inferSingularTypes(Value input, bool withVectors,
                                        bool full, std::optional<Location> loc,
                                        SmallVectorImpl<Type> &results) {
  FailureOr<RankedTensorType> type = getMatrices(input, loc);
  if (failed(type))
    return failure();
  int64_t m = type->getDimSize(type->getRank() - 2);
  int64_t n = type->getDimSize(type->getRank() - 1);
  int64_t k = getSmallerSize(m, n);
  Type elementType = type->getElementType();
  if (withVectors)
    results.push_back(getBatchedType(*type, {m, full ? m : k}, elementType));
  results.push_back(
      getBatchedType(*type, {k}, getRealElementType(elementType)));
  if (withVectors)
    results.push_back(getBatchedType(*type, {full ? n : k, n}, elementType));
  return success();
}

LogicalResult SvdOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  return inferSingularTypes(adaptor.getInput(), /*withVectors=*/true,
                            adaptor.getFullMatrices(), loc, results);
}

LogicalResult SvdvalsOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  return inferSingularTypes(adaptor.getInput(), /*withVectors=*/false,
                            /*full=*/false, loc, results);
}
