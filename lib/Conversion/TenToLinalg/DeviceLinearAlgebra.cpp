//===- DeviceLinearAlgebra.cpp - ten.linalg to cuSOLVER's calls -----------===//
//
// Where the host does not read buffers (the CUDA target), each
// factorization is a call of the CUDA runtime's entry point for its routine
// and element type (DenseLinearAlgebra.h), which runs cuSOLVER over the
// batch on device buffers. cuSOLVER's matrices are column-major, and a
// row-major buffer read column-major is the transpose: the calls are
// arranged so that this costs little, and what remains is done by
// elementwise generics around them, which become kernels:
//
//   cholesky  A^T = conj(A) factored from its other triangle: its factor,
//             read row-major, is NumPy's; the triangle it leaves is zeroed.
//   inv       A transposed in, then A^T X = I gives X = A^-T, read
//             row-major A^-1.
//   solve     A and B transposed in, X transposed out.
//   slogdet   A transposed in; its LU's diagonal and pivots summed by
//             generics: the logarithms of the magnitudes, and the negative
//             elements and row swaps (real) or the phases (complex) for
//             the sign.
//
// The LU factorizations are of A, not of A^T, as NumPy's are: a singular
// matrix's rounding then gives the exact zero pivot that NumPy reports.
//   qr        A transposed in; R the upper triangle of the factors, read
//             transposed; Q transposed out.
//   eigh      A^T = conj(A) has A's eigenvalues and conj(V) as vectors,
//             read row-major V^H: conjugated and transposed out.
//   svd       A^T = conj(V) S U^T: cuSOLVER's U read row-major is NumPy's
//             vh, and its V conjugated and transposed is NumPy's u.
//   eig       A transposed in: A^T has A's eigenvalues but its left
//             eigenvectors. The vectors transposed out; a real matrix's,
//             real in geev's form, made complex on the way.
//
//===----------------------------------------------------------------------===//

#include "LinearAlgebraSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <limits>
#include <type_traits>

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

// cublasFillMode_t: the triangle of a column-major matrix that cuSOLVER
// reads.
constexpr int32_t kFillLower = 0, kFillUpper = 1;

/// Builds an elementwise body from the row and column indices of the
/// element and the inputs' elements.
using MatrixBodyBuilder = function_ref<Value(
    OpBuilder &, Location, Value row, Value column, ValueRange elements)>;

/// A stack of matrices of `sizes` and `elementType` whose elements `body`
/// computes from `inputs`, each read at its map of (batch..., row, column).
Value buildMatrices(OpBuilder &builder, Location loc,
                    ArrayRef<OpFoldResult> sizes, Type elementType,
                    ValueRange inputs, ArrayRef<AffineMap> inputMaps,
                    MatrixBodyBuilder body) {
  int64_t rank = sizes.size();
  Value init = createEmptyTensor(builder, loc, sizes, elementType);
  SmallVector<AffineMap> maps(inputMaps);
  maps.push_back(builder.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             builder, loc, init.getType(), inputs, init, maps, iterators,
             [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
               Value row = linalg::IndexOp::create(nested, nestedLoc, rank - 2);
               Value column =
                   linalg::IndexOp::create(nested, nestedLoc, rank - 1);
               linalg::YieldOp::create(
                   nested, nestedLoc,
                   body(nested, nestedLoc, row, column, args.drop_back()));
             })
      .getResult(0);
}

/// The map of (batch..., row, column) that reads a stack of matrices
/// transposed.
AffineMap getTransposedMap(OpBuilder &builder, int64_t rank) {
  SmallVector<AffineExpr> results;
  for (int64_t dim = 0; dim < rank; ++dim)
    results.push_back(builder.getAffineDimExpr(dim));
  std::swap(results[rank - 1], results[rank - 2]);
  return AffineMap::get(rank, 0, results, builder.getContext());
}

/// `value`'s matrices transposed, and conjugated if `conjugate` (for a
/// complex element type).
Value transposeMatrices(OpBuilder &builder, Location loc, Value value,
                        bool conjugate = false) {
  auto type = cast<RankedTensorType>(value.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> sizes = getDimSizes(builder, loc, value);
  std::swap(sizes[rank - 1], sizes[rank - 2]);
  bool isComplex = isa<ComplexType>(type.getElementType());
  return buildMatrices(
      builder, loc, sizes, type.getElementType(), value,
      getTransposedMap(builder, rank),
      [&](OpBuilder &b, Location nestedLoc, Value, Value, ValueRange elements) {
        Value element = elements[0];
        if (conjugate && isComplex)
          element = complex::ConjOp::create(b, nestedLoc, element);
        return element;
      });
}

/// The element if (row, column) is in the kept triangle (with the
/// diagonal), else zero.
Value selectTriangle(OpBuilder &b, Location loc, bool keepLower, Value row,
                     Value column, Value element) {
  Value kept = arith::CmpIOp::create(
      b, loc, keepLower ? arith::CmpIPredicate::ule : arith::CmpIPredicate::uge,
      column, row);
  Value zero = createScalarConstant(b, loc, element.getType(), 0.0);
  return arith::SelectOp::create(b, loc, kept, element, zero);
}

/// `value`'s matrices with the triangle above the diagonal zeroed
/// (`keepLower`), or the one below it.
Value maskTriangle(OpBuilder &builder, Location loc, Value value,
                   bool keepLower) {
  auto type = cast<RankedTensorType>(value.getType());
  return buildMatrices(builder, loc, getDimSizes(builder, loc, value),
                       type.getElementType(), value,
                       builder.getMultiDimIdentityMap(type.getRank()),
                       [&](OpBuilder &b, Location nestedLoc, Value row,
                           Value column, ValueRange elements) {
                         return selectTriangle(b, nestedLoc, keepLower, row,
                                               column, elements[0]);
                       });
}

/// The identity's element at (row, column).
Value getIdentityElement(OpBuilder &b, Location loc, Value row, Value column,
                         Type elementType) {
  Value diagonal =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, row, column);
  return arith::SelectOp::create(
      b, loc, diagonal, createScalarConstant(b, loc, elementType, 1.0),
      createScalarConstant(b, loc, elementType, 0.0));
}

/// Identity matrices of `sizes`.
Value buildIdentities(OpBuilder &builder, Location loc,
                      ArrayRef<OpFoldResult> sizes, Type elementType) {
  return buildMatrices(builder, loc, sizes, elementType, ValueRange(), {},
                       [&](OpBuilder &b, Location nestedLoc, Value row,
                           Value column, ValueRange) {
                         return getIdentityElement(b, nestedLoc, row, column,
                                                   elementType);
                       });
}

/// The map of (batch..., row, column) that reads a stack over the batch.
AffineMap getBatchMap(OpBuilder &builder, int64_t rank) {
  SmallVector<AffineExpr> results;
  for (int64_t dim = 0; dim < rank - 2; ++dim)
    results.push_back(builder.getAffineDimExpr(dim));
  return AffineMap::get(rank, 0, results, builder.getContext());
}

/// For each matrix of `matrices`, whether one of its elements (either part
/// of a complex one) is NaN. cuSOLVER's LU does not carry NaN as LAPACK's
/// does: measured on an NVIDIA H200 with CUDA 13.0, getrf factors such a
/// matrix as if each NaN were zero, so that [[-1, 0], [0, nan]] has a zero
/// pivot (info 2, a "singular" matrix) and [[1, 3], [2, nan]] a finite
/// determinant of 6. The lowerings below give such matrices NumPy's NaN
/// results instead.
Value findNaNMatrices(OpBuilder &builder, Location loc, Value matrices) {
  auto type = cast<RankedTensorType>(matrices.getType());
  int64_t rank = type.getRank(), batchRank = rank - 2;
  SmallVector<OpFoldResult> batch = getDimSizes(builder, loc, matrices);
  batch.resize(batchRank);
  Type i1 = builder.getI1Type();
  Value init =
      linalg::FillOp::create(
          builder, loc,
          arith::ConstantIntOp::create(builder, loc, i1, 0).getResult(),
          createEmptyTensor(builder, loc, batch, i1))
          .getResult(0);
  SmallVector<AffineMap> maps = {builder.getMultiDimIdentityMap(rank),
                                 getBatchMap(builder, rank)};
  SmallVector<utils::IteratorType> iterators(batchRank,
                                             utils::IteratorType::parallel);
  iterators.append(2, utils::IteratorType::reduction);
  return linalg::GenericOp::create(
             builder, loc, init.getType(), matrices, init, maps, iterators,
             [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
               auto isNaN = [&](Value value) {
                 return arith::CmpFOp::create(b, nestedLoc,
                                              arith::CmpFPredicate::UNO, value,
                                              value)
                     .getResult();
               };
               Value element = args[0], found;
               if (isa<ComplexType>(element.getType()))
                 found = arith::OrIOp::create(
                     b, nestedLoc,
                     isNaN(complex::ReOp::create(b, nestedLoc, element)),
                     isNaN(complex::ImOp::create(b, nestedLoc, element)));
               else
                 found = isNaN(element);
               linalg::YieldOp::create(
                   b, nestedLoc,
                   arith::OrIOp::create(b, nestedLoc, args[1], found)
                       .getResult());
             })
      .getResult(0);
}

/// NaN of `type`, real or complex (NaN in both parts, as NumPy's complex
/// results from NaN).
Value createNaN(OpBuilder &b, Location loc, Type type) {
  double nan = std::numeric_limits<double>::quiet_NaN();
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    Type partType = complexType.getElementType();
    return complex::ConstantOp::create(
        b, loc, type,
        b.getArrayAttr(
            {b.getFloatAttr(partType, nan), b.getFloatAttr(partType, nan)}));
  }
  return createScalarConstant(b, loc, type, nan);
}

/// `values` (one per matrix) with NaN where `marked` (a stack of i1 of the
/// same sizes) marks them.
Value replaceMarkedValues(OpBuilder &builder, Location loc, Value values,
                          Value marked) {
  auto type = cast<RankedTensorType>(values.getType());
  int64_t rank = type.getRank();
  Value init = createEmptyTensor(
      builder, loc, getDimSizes(builder, loc, values), type.getElementType());
  SmallVector<AffineMap> maps(3, builder.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             builder, loc, type, ValueRange{values, marked}, init, maps,
             iterators,
             [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
               linalg::YieldOp::create(
                   b, nestedLoc,
                   arith::SelectOp::create(
                       b, nestedLoc, args[1],
                       createNaN(b, nestedLoc, type.getElementType()), args[0])
                       .getResult());
             })
      .getResult(0);
}

/// `matrices` with each one that `marked` (a stack of i1 over their batch)
/// marks replaced: by the identity (`withIdentity`), or by NaN in every
/// element.
Value replaceMarkedMatrices(OpBuilder &builder, Location loc, Value matrices,
                            Value marked, bool withIdentity) {
  auto type = cast<RankedTensorType>(matrices.getType());
  int64_t rank = type.getRank();
  Type elementType = type.getElementType();
  return buildMatrices(
      builder, loc, getDimSizes(builder, loc, matrices), elementType,
      {matrices, marked},
      {builder.getMultiDimIdentityMap(rank), getBatchMap(builder, rank)},
      [&](OpBuilder &b, Location nestedLoc, Value row, Value column,
          ValueRange elements) {
        Value replacement =
            withIdentity
                ? getIdentityElement(b, nestedLoc, row, column, elementType)
                : createNaN(b, nestedLoc, elementType);
        return arith::SelectOp::create(b, nestedLoc, elements[1], replacement,
                                       elements[0])
            .getResult();
      });
}

/// A sum over the diagonal of each matrix: `sizes` the batch, `n` the
/// matrices' size; `term` computes one term from the diagonal's index, its
/// element of `matrices` and the element of each of `vectors` (stacks of
/// n-vectors).
Value sumOverDiagonals(
    OpBuilder &builder, Location loc, ArrayRef<OpFoldResult> batch,
    Value matrices, ValueRange vectors, Type sumType,
    function_ref<Value(OpBuilder &, Location, Value index, ValueRange elements)>
        term) {
  MLIRContext *context = builder.getContext();
  int64_t batchRank = batch.size(), rank = batchRank + 1;
  SmallVector<AffineExpr> batchExprs;
  for (int64_t dim = 0; dim < batchRank; ++dim)
    batchExprs.push_back(builder.getAffineDimExpr(dim));
  AffineExpr index = builder.getAffineDimExpr(batchRank);
  SmallVector<AffineExpr> diagonal(batchExprs);
  diagonal.append({index, index});
  SmallVector<AffineMap> maps = {AffineMap::get(rank, 0, diagonal, context)};
  SmallVector<Value> inputs = {matrices};
  for (Value vector : vectors) {
    maps.push_back(builder.getMultiDimIdentityMap(rank));
    inputs.push_back(vector);
  }
  maps.push_back(AffineMap::get(rank, 0, batchExprs, context));
  Value init =
      linalg::FillOp::create(builder, loc,
                             createScalarConstant(builder, loc, sumType, 0.0),
                             createEmptyTensor(builder, loc, batch, sumType))
          .getResult(0);
  SmallVector<utils::IteratorType> iterators(batchRank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  return linalg::GenericOp::create(
             builder, loc, init.getType(), inputs, init, maps, iterators,
             [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
               Value i = linalg::IndexOp::create(b, nestedLoc, batchRank);
               Value value = term(b, nestedLoc, i, args.drop_back());
               Value sum =
                   isa<FloatType>(sumType)
                       ? arith::AddFOp::create(b, nestedLoc, args.back(), value)
                             .getResult()
                       : arith::AddIOp::create(b, nestedLoc, args.back(), value)
                             .getResult();
               linalg::YieldOp::create(b, nestedLoc, sum);
             })
      .getResult(0);
}

/// The magnitude of `element`, real or complex.
Value getMagnitude(OpBuilder &b, Location loc, Value element) {
  if (isa<ComplexType>(element.getType()))
    return complex::AbsOp::create(b, loc, element);
  return math::AbsFOp::create(b, loc, element);
}

struct CholeskyLowering : OpConversionPattern<CholeskyOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CholeskyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    checkSquare(rewriter, op, input, "the input");
    Type elementType = op.getType().getElementType();
    RuntimeCall call(rewriter, op, std::nullopt);
    call.addInput(input);
    call.addResult(getDimSizes(rewriter, op.getLoc(), input), elementType);
    bool upper = op.getUpper();
    Value factor = call.call("tenCudaCholesky", elementType,
                             {upper ? kFillLower : kFillUpper})[0];
    factor = maskTriangle(rewriter, op.getLoc(), factor, /*keepLower=*/!upper);
    rewriter.replaceOp(op, castToResultType(rewriter, op, factor));
    return success();
  }
};

struct InvLowering : OpConversionPattern<InvOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(InvOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    checkSquare(rewriter, op, input, "the input");
    Type elementType = op.getType().getElementType();
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes = getDimSizes(rewriter, loc, input);
    // A matrix with NaN is factored as the identity, and its inverse is
    // NaN, as NumPy's.
    Value withNaN = findNaNMatrices(rewriter, loc, input);
    input = replaceMarkedMatrices(rewriter, loc, input, withNaN,
                                  /*withIdentity=*/true);
    RuntimeCall call(rewriter, op, std::nullopt);
    call.addInput(transposeMatrices(rewriter, loc, input));
    call.addInput(buildIdentities(rewriter, loc, sizes, elementType));
    call.addResult(sizes, elementType);
    Value inverse = call.call("tenCudaInverse", elementType)[0];
    inverse = replaceMarkedMatrices(rewriter, loc, inverse, withNaN,
                                    /*withIdentity=*/false);
    rewriter.replaceOp(op, castToResultType(rewriter, op, inverse));
    return success();
  }
};

struct SolveLowering : OpConversionPattern<SolveOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SolveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SolveOperands operands(rewriter, op, adaptor.getA(), adaptor.getB());
    Type elementType = op.getType().getElementType();
    Value columns = transposeMatrices(rewriter, loc, operands.b);
    // A matrix with NaN is factored as the identity, and its solutions are
    // NaN, as NumPy's.
    Value withNaN = findNaNMatrices(rewriter, loc, operands.a);
    Value a = replaceMarkedMatrices(rewriter, loc, operands.a, withNaN,
                                    /*withIdentity=*/true);
    RuntimeCall call(rewriter, op, std::nullopt);
    call.addInput(transposeMatrices(rewriter, loc, a));
    call.addInput(columns);
    call.addResult(getDimSizes(rewriter, loc, columns), elementType);
    Value x = call.call("tenCudaSolve", elementType)[0];
    x = transposeMatrices(rewriter, loc, x);
    x = replaceMarkedMatrices(rewriter, loc, x, withNaN,
                              /*withIdentity=*/false);
    rewriter.replaceOp(op, operands.getResult(rewriter, op, x));
    return success();
  }
};

struct SlogdetLowering : OpConversionPattern<SlogdetOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SlogdetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    checkSquare(rewriter, op, input, "the input");
    MatrixSizes sizes(rewriter, loc, input);
    Type elementType = op.getSign().getType().getElementType();
    Type realType = op.getLogabsdet().getType().getElementType();
    bool isComplex = isa<ComplexType>(elementType);
    RuntimeCall call(rewriter, op, std::nullopt);
    call.addInput(transposeMatrices(rewriter, loc, input));
    call.addResult(getDimSizes(rewriter, loc, input), elementType);
    call.addResult(sizes.with({sizes.rows}), rewriter.getI32Type());
    SmallVector<Value> factors = call.call("tenCudaLu", elementType);
    Value lu = factors[0], pivots = factors[1];

    // log|det| = the sum of log|u_ii|; NaN for a matrix with NaN, which
    // cuSOLVER factors as if its NaN were zeros.
    Value withNaN = findNaNMatrices(rewriter, loc, input);
    Value logabsdet = sumOverDiagonals(
        rewriter, loc, sizes.batch, lu, ValueRange(), realType,
        [&](OpBuilder &b, Location nestedLoc, Value, ValueRange elements) {
          return math::LogOp::create(b, nestedLoc,
                                     getMagnitude(b, nestedLoc, elements[0]));
        });
    logabsdet = replaceMarkedValues(rewriter, loc, logabsdet, withNaN);
    // Whether row i was swapped: pivot i (1-based) is not i.
    auto isSwapped = [](OpBuilder &b, Location nestedLoc, Value i,
                        Value pivot) {
      Value position = arith::IndexCastOp::create(
          b, nestedLoc, b.getI32Type(),
          arith::AddIOp::create(
              b, nestedLoc, i,
              arith::ConstantIndexOp::create(b, nestedLoc, 1)));
      return arith::CmpIOp::create(b, nestedLoc, arith::CmpIPredicate::ne,
                                   pivot, position);
    };
    // The sign's argument: the count of negative elements and swaps (real),
    // or the sum of the elements' phases and pi per swap (complex).
    Type angleType = isComplex ? realType : rewriter.getI32Type();
    Value angle = sumOverDiagonals(
        rewriter, loc, sizes.batch, lu, pivots, angleType,
        [&](OpBuilder &b, Location nestedLoc, Value i, ValueRange elements) {
          Value swapped = isSwapped(b, nestedLoc, i, elements[1]);
          if (!isComplex) {
            Value negative = arith::CmpFOp::create(
                b, nestedLoc, arith::CmpFPredicate::OLT, elements[0],
                createScalarConstant(b, nestedLoc, realType, 0.0));
            Type i32 = b.getI32Type();
            return arith::AddIOp::create(
                       b, nestedLoc,
                       arith::ExtUIOp::create(b, nestedLoc, i32, negative),
                       arith::ExtUIOp::create(b, nestedLoc, i32, swapped))
                .getResult();
          }
          Value real = complex::ReOp::create(b, nestedLoc, elements[0]);
          Value imaginary = complex::ImOp::create(b, nestedLoc, elements[0]);
          Value phase = math::Atan2Op::create(b, nestedLoc, imaginary, real);
          Value turn = arith::SelectOp::create(
              b, nestedLoc, swapped,
              createScalarConstant(b, nestedLoc, realType, M_PI),
              createScalarConstant(b, nestedLoc, realType, 0.0));
          return arith::AddFOp::create(b, nestedLoc, phase, turn).getResult();
        });
    // The sign: 0 for a zero on the diagonal (log|det| = -inf); a complex
    // one NaN where an element was infinite or NaN, as NumPy's product of
    // u_ii/|u_ii|; a real one +-1 whatever the elements, as NumPy's count
    // of the negative ones.
    Value sign = buildSign(rewriter, loc, sizes.batch, logabsdet, angle,
                           elementType, realType);
    replaceWithResults(rewriter, op, {sign, logabsdet});
    return success();
  }

  static Value buildSign(OpBuilder &builder, Location loc,
                         ArrayRef<OpFoldResult> batch, Value logabsdet,
                         Value angle, Type elementType, Type realType) {
    int64_t rank = batch.size();
    Value init = createEmptyTensor(builder, loc, batch, elementType);
    SmallVector<AffineMap> maps(3, builder.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    bool isComplex = isa<ComplexType>(elementType);
    return linalg::GenericOp::create(
               builder, loc, init.getType(), ValueRange{logabsdet, angle}, init,
               maps, iterators,
               [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
                 Value logarithm = args[0];
                 Value sign;
                 if (isComplex) {
                   Value cosine = math::CosOp::create(b, nestedLoc, args[1]);
                   Value sine = math::SinOp::create(b, nestedLoc, args[1]);
                   sign = complex::CreateOp::create(b, nestedLoc, elementType,
                                                    cosine, sine);
                 } else {
                   Value odd = arith::TruncIOp::create(b, nestedLoc,
                                                       b.getI1Type(), args[1]);
                   sign = arith::SelectOp::create(
                       b, nestedLoc, odd,
                       createScalarConstant(b, nestedLoc, elementType, -1.0),
                       createScalarConstant(b, nestedLoc, elementType, 1.0));
                 }
                 Value zeroPivot = arith::CmpFOp::create(
                     b, nestedLoc, arith::CmpFPredicate::OEQ, logarithm,
                     createScalarConstant(
                         b, nestedLoc, realType,
                         -std::numeric_limits<double>::infinity()));
                 sign = arith::SelectOp::create(
                     b, nestedLoc, zeroPivot,
                     createScalarConstant(b, nestedLoc, elementType, 0.0),
                     sign);
                 if (!isComplex) {
                   linalg::YieldOp::create(b, nestedLoc, sign);
                   return;
                 }
                 // NaN or +inf: not ordered below +inf.
                 Value notFinite = arith::CmpFOp::create(
                     b, nestedLoc, arith::CmpFPredicate::UGE, logarithm,
                     createScalarConstant(
                         b, nestedLoc, realType,
                         std::numeric_limits<double>::infinity()));
                 sign = arith::SelectOp::create(
                     b, nestedLoc, notFinite,
                     createNaN(b, nestedLoc, elementType), sign);
                 linalg::YieldOp::create(b, nestedLoc, sign);
               })
        .getResult(0);
  }
};

struct QrLowering : OpConversionPattern<QrOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(QrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    MatrixSizes sizes(rewriter, loc, input);
    OpFoldResult rows = op.getComplete() ? sizes.rows : sizes.smaller;
    Type elementType = op.getQ().getType().getElementType();
    Value columns = transposeMatrices(rewriter, loc, input);
    RuntimeCall factor(rewriter, op, std::nullopt);
    factor.addInput(columns);
    factor.addResult(getDimSizes(rewriter, loc, columns), elementType);
    factor.addResult(sizes.with({sizes.smaller}), elementType);
    SmallVector<Value> factors = factor.call("tenCudaGeqrf", elementType);
    // R: the upper triangle of the factors' first rows (column-major),
    // read transposed.
    int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
    SmallVector<OpFoldResult> zeros(rank, rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> ones(rank, rewriter.getIndexAttr(1));
    Value upperRows =
        tensor::ExtractSliceOp::create(rewriter, loc, factors[0], zeros,
                                       sizes.with({sizes.columns, rows}), ones);
    Value r =
        buildMatrices(rewriter, loc, sizes.with({rows, sizes.columns}),
                      elementType, upperRows, getTransposedMap(rewriter, rank),
                      [&](OpBuilder &b, Location nestedLoc, Value row,
                          Value column, ValueRange elements) {
                        return selectTriangle(b, nestedLoc, /*keepLower=*/false,
                                              row, column, elements[0]);
                      });
    RuntimeCall form(rewriter, op, std::nullopt);
    form.addInput(factor.getResultBuffer(0));
    form.addInput(factor.getResultBuffer(1));
    form.addResult(sizes.with({rows, sizes.rows}), elementType);
    Value q = form.call("tenCudaOrgqr", elementType)[0];
    q = transposeMatrices(rewriter, loc, q);
    replaceWithResults(rewriter, op, {q, r});
    return success();
  }
};

/// ten.linalg.eigh and eigvalsh: the eigenvalues, and the vectors if
/// `OpTy` has them.
template <typename OpTy>
struct EighLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    constexpr bool withVectors = std::is_same<OpTy, EighOp>::value;
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    checkSquare(rewriter, op, input, "the input");
    MatrixSizes sizes(rewriter, loc, input);
    Type elementType = op.getInput().getType().getElementType();
    RuntimeCall call(rewriter, op, std::nullopt);
    call.addInput(input);
    call.addResult(sizes.with({sizes.rows}),
                   op.getValues().getType().getElementType());
    if (withVectors)
      call.addResult(sizes.with({sizes.rows, sizes.rows}), elementType);
    // NumPy's lower triangle is the transpose's upper one.
    SmallVector<Value> results =
        call.call(withVectors ? "tenCudaEigh" : "tenCudaEigvalsh", elementType,
                  {op.getUpper() ? kFillLower : kFillUpper});
    if (withVectors)
      results[1] =
          transposeMatrices(rewriter, loc, results[1], /*conjugate=*/true);
    replaceWithResults(rewriter, op, results);
    return success();
  }
};

/// The complex eigenvectors (batch..., row, column) of a real matrix from
/// geev's real ones, `packed` (batch..., column, row), and the eigenvalues
/// `values`: a conjugate pair of eigenvalues (the one of positive
/// imaginary part first) shares two columns, the real and the imaginary
/// parts of the first's vector, whose conjugate is the second's. The
/// neighbouring column's index is clamped, so that no read leaves the
/// matrix whatever the values (a failed run's).
Value unpackRealEigenvectors(OpBuilder &builder, Location loc, Value packed,
                             Value values) {
  auto type = cast<RankedTensorType>(packed.getType());
  int64_t rank = type.getRank();
  auto complexType = cast<ComplexType>(
      cast<RankedTensorType>(values.getType()).getElementType());
  Type realType = complexType.getElementType();
  SmallVector<AffineExpr> valueMap;
  for (int64_t dim = 0; dim < rank - 2; ++dim)
    valueMap.push_back(builder.getAffineDimExpr(dim));
  valueMap.push_back(builder.getAffineDimExpr(rank - 1));
  AffineMap byColumn = AffineMap::get(rank, 0, valueMap, builder.getContext());
  return buildMatrices(
      builder, loc, getDimSizes(builder, loc, packed), complexType, values,
      byColumn,
      [&](OpBuilder &b, Location l, Value row, Value column,
          ValueRange elements) {
        Value zero = createScalarConstant(b, l, realType, 0.0);
        Value imaginary = complex::ImOp::create(b, l, elements[0]);
        Value first = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OGT,
                                            imaginary, zero);
        Value second = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT,
                                             imaginary, zero);
        Value one = arith::ConstantIndexOp::create(b, l, 1);
        Value last = arith::SubIOp::create(
            b, l, tensor::DimOp::create(b, l, packed, rank - 1), one);
        Value next = arith::MinSIOp::create(
            b, l, arith::AddIOp::create(b, l, column, one), last);
        Value previous = arith::MaxSIOp::create(
            b, l, arith::SubIOp::create(b, l, column, one),
            arith::ConstantIndexOp::create(b, l, 0));
        // The columns of the real and the imaginary parts.
        Value realColumn =
            arith::SelectOp::create(b, l, second, previous, column);
        Value imaginaryColumn =
            arith::SelectOp::create(b, l, first, next, column);
        SmallVector<Value> at;
        for (int64_t dim = 0; dim < rank - 2; ++dim)
          at.push_back(linalg::IndexOp::create(b, l, dim));
        at.append({realColumn, row});
        Value real = tensor::ExtractOp::create(b, l, packed, at);
        at.back() = row;
        at[rank - 2] = imaginaryColumn;
        Value part = tensor::ExtractOp::create(b, l, packed, at);
        Value isComplex = arith::OrIOp::create(b, l, first, second);
        part = arith::SelectOp::create(b, l, second,
                                       arith::NegFOp::create(b, l, part), part);
        part = arith::SelectOp::create(b, l, isComplex, part, zero);
        return complex::CreateOp::create(b, l, complexType, real, part);
      });
}

/// ten.linalg.eig and eigvals: the eigenvalues, and the vectors if `OpTy`
/// has them.
template <typename OpTy>
struct EigLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    constexpr bool withVectors = std::is_same<OpTy, EigOp>::value;
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    checkSquare(rewriter, op, input, "the input");
    MatrixSizes sizes(rewriter, loc, input);
    Type elementType = op.getInput().getType().getElementType();
    RuntimeCall call(rewriter, op, std::nullopt);
    call.addInput(transposeMatrices(rewriter, loc, input));
    call.addResult(sizes.with({sizes.rows}),
                   op.getValues().getType().getElementType());
    if (withVectors)
      call.addResult(sizes.with({sizes.rows, sizes.rows}), elementType);
    SmallVector<Value> results =
        call.call(withVectors ? "tenCudaEig" : "tenCudaEigvals", elementType);
    if (withVectors)
      results[1] =
          isa<ComplexType>(elementType)
              ? transposeMatrices(rewriter, loc, results[1])
              : unpackRealEigenvectors(rewriter, loc, results[1], results[0]);
    replaceWithResults(rewriter, op, results);
    return success();
  }
};

struct SvdLowering : OpConversionPattern<SvdOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SvdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    MatrixSizes sizes(rewriter, loc, input);
    bool full = op.getFullMatrices();
    Type elementType = op.getU().getType().getElementType();
    RuntimeCall call(rewriter, op, std::nullopt);
    call.addInput(input);
    call.addResult(sizes.with({sizes.smaller}),
                   op.getS().getType().getElementType());
    // cuSOLVER's U (n x p) and V (m x q) of A^T, column-major.
    call.addResult(
        sizes.with({full ? sizes.columns : sizes.smaller, sizes.columns}),
        elementType);
    call.addResult(sizes.with({full ? sizes.rows : sizes.smaller, sizes.rows}),
                   elementType);
    SmallVector<Value> results = call.call("tenCudaSvd", elementType);
    Value u = transposeMatrices(rewriter, loc, results[2], /*conjugate=*/true);
    replaceWithResults(rewriter, op, {u, results[0], results[1]});
    return success();
  }
};

struct SvdvalsLowering : OpConversionPattern<SvdvalsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SvdvalsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    MatrixSizes sizes(rewriter, op.getLoc(), input);
    RuntimeCall call(rewriter, op, std::nullopt);
    call.addInput(input);
    call.addResult(sizes.with({sizes.smaller}),
                   op.getS().getType().getElementType());
    replaceWithResults(
        rewriter, op,
        call.call("tenCudaSvdvals", op.getInput().getType().getElementType()));
    return success();
  }
};

} // namespace

void lowering::populateDeviceLinearAlgebraPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<CholeskyLowering, InvLowering, SolveLowering, SlogdetLowering,
               QrLowering, EighLowering<EighOp>, EighLowering<EigvalshOp>,
               EigLowering<EigOp>, EigLowering<EigvalsOp>, SvdLowering,
               SvdvalsLowering>(typeConverter, patterns.getContext());
}
