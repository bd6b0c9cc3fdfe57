//===- Fft.cpp - ten.fft as data-parallel stages --------------------------===//
//
// Where the host reads buffers (the CPU target), a discrete Fourier
// transform is a call of the host runtime (Fourier.h), which transforms
// each line in cache. Elsewhere (the CUDA target) it becomes stages that
// are each one elementwise linalg.generic over every line at once, each a
// kernel, as the sorting network's stages:
//
// - A line of a known length n whose prime factors are at most 13 takes
//   the mixed-radix Stockham transform: a stage per factor (fours first),
//   stage s combining r transforms of the length L the stages before left
//   into one of rL, out of place; the powers of exp(sign 2 pi i / n) come
//   from one table. No bit reversal: the order comes out natural.
// - A line whose length is known only at run time takes, where it is a
//   power of two, the radix-2 form of the same stages in a loop.
// - Any other length takes Bluestein's chirp z-transform: with the chirp
//   c[m] = exp(sign pi i m^2 / n), X[k] = c[k] sum_j (x[j] c[j])
//   conj(c[k - j]), a convolution done by power-of-two transforms of
//   M >= 2n - 1 elements (m^2 is taken mod 2n in integers first, so that
//   the angles stay exact for long lines).
//
// The real transforms are the complex ones: real_forward transforms the
// line as complex numbers and keeps n/2 + 1 of them; real_inverse extends
// its n/2 + 1 elements to the Hermitian line of n (X[n - k] = conj(X[k]))
// and keeps the real parts of the inverse transform, which ignores the
// imaginary parts of X[0] and, for an even n, of X[n/2], as NumPy's does.
//
// Twiddle factors and chirps are computed in f64 and rounded once to the
// transform's precision.
//
//===----------------------------------------------------------------------===//

#include "LinearAlgebraSupport.h"
#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

/// Computes an element from the indices of its position.
using IndexedBody =
    function_ref<Value(OpBuilder &, Location, SmallVectorImpl<Value> &)>;

/// A tensor of `sizes` whose every element `body` computes from its
/// indices (reading other tensors with tensor.extract): one generic with no
/// inputs.
Value buildIndexed(OpBuilder &builder, Location loc,
                   ArrayRef<OpFoldResult> sizes, Type elementType,
                   IndexedBody body) {
  int64_t rank = sizes.size();
  Value init = createEmptyTensor(builder, loc, sizes, elementType);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             builder, loc, init.getType(), ValueRange(), init,
             builder.getMultiDimIdentityMap(rank), iterators,
             [&](OpBuilder &b, Location l, ValueRange) {
               SmallVector<Value> indices;
               for (int64_t d = 0; d < rank; ++d)
                 indices.push_back(linalg::IndexOp::create(b, l, d));
               linalg::YieldOp::create(b, l, body(b, l, indices));
             })
      .getResult(0);
}

/// The lines of one transform: along `dim`, of elements `complexType`.
struct Lines {
  int64_t dim;
  ComplexType complexType;

  Type getRealType() const { return complexType.getElementType(); }
};

Value index(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// exp(i angle) as `type`, for an f64 `angle`: computed in f64, rounded
/// once.
Value buildUnit(OpBuilder &b, Location loc, Value angle, ComplexType type) {
  Value re = math::CosOp::create(b, loc, angle);
  Value im = math::SinOp::create(b, loc, angle);
  Type realType = type.getElementType();
  if (!realType.isF64()) {
    re = arith::TruncFOp::create(b, loc, realType, re);
    im = arith::TruncFOp::create(b, loc, realType, im);
  }
  return complex::CreateOp::create(b, loc, type, re, im);
}

/// An index as f64.
Value toF64(OpBuilder &b, Location loc, Value value) {
  Value integer = arith::IndexCastOp::create(b, loc, b.getI64Type(), value);
  return arith::SIToFPOp::create(b, loc, b.getF64Type(), integer);
}

/// The `count` factors exp(sign 2 pi i m / n), m = 0, 1, ...
Value buildTwiddles(OpBuilder &builder, Location loc, Value n, Value count,
                    int sign, ComplexType type) {
  return buildIndexed(
      builder, loc, {OpFoldResult(count)}, type,
      [&](OpBuilder &b, Location l, SmallVectorImpl<Value> &indices) {
        Value scale = arith::ConstantFloatOp::create(
            b, l, b.getF64Type(), APFloat(sign * 2 * llvm::numbers::pi));
        Value angle = arith::DivFOp::create(
            b, l, arith::MulFOp::create(b, l, scale, toF64(b, l, indices[0])),
            toF64(b, l, n));
        return buildUnit(b, l, angle, type);
      });
}

/// x y, without the special cases of infinities that complex.mul may
/// take: the plain products, as FFT libraries compute them.
Value multiply(OpBuilder &b, Location loc, Value x, Value y) {
  Value xr = complex::ReOp::create(b, loc, x);
  Value xi = complex::ImOp::create(b, loc, x);
  Value yr = complex::ReOp::create(b, loc, y);
  Value yi = complex::ImOp::create(b, loc, y);
  Value re =
      arith::SubFOp::create(b, loc, arith::MulFOp::create(b, loc, xr, yr),
                            arith::MulFOp::create(b, loc, xi, yi));
  Value im =
      arith::AddFOp::create(b, loc, arith::MulFOp::create(b, loc, xr, yi),
                            arith::MulFOp::create(b, loc, xi, yr));
  return complex::CreateOp::create(b, loc, x.getType(), re, im);
}

/// Largest prime factor of a length that the mixed-radix stages take; a
/// length with a larger one takes Bluestein's convolution (a stage costs
/// its radix in products per element).
constexpr int64_t kLargestRadix = 13;

/// The radices of the stages of a known length n: fours while two twos
/// remain (half the passes), then its prime factors; empty where a prime
/// factor exceeds kLargestRadix, and for n <= 1 (no stage).
SmallVector<int64_t> getRadices(int64_t n) {
  SmallVector<int64_t> radices;
  if (n <= 1)
    return radices;
  int64_t rest = n;
  for (int64_t radix : {4, 2, 3, 5, 7, 11, 13})
    for (; rest % radix == 0; rest /= radix)
      radices.push_back(radix);
  if (rest != 1)
    radices.clear();
  return radices;
}

/// The Stockham transform of `x`'s lines of a known length n whose
/// `radices` multiply to n: stage by stage, with L the length of the
/// transforms done, a stage of radix r combines r of them into one of rL.
/// Output position o = (g rL + h L + k) is sum over t < r of
/// x[t n/r + g L + k] w^(t (h L + k) n/rL), w = exp(sign 2 pi i / n), the
/// powers from one table of n factors. Every stage is one generic of r
/// gathers per element; the order comes out natural.
Value buildMixedRadixFft(OpBuilder &builder, Location loc, const Lines &lines,
                         Value x, int64_t n, ArrayRef<int64_t> radices,
                         int sign) {
  if (radices.empty())
    return x;
  Value table = buildTwiddles(builder, loc, index(builder, loc, n),
                              index(builder, loc, n), sign, lines.complexType);
  SmallVector<OpFoldResult> sizes = getDimSizes(builder, loc, x);
  int64_t length = 1;
  Value line = x;
  for (int64_t radix : radices) {
    int64_t span = radix * length, groups = n / span, part = n / radix;
    Value current = line;
    line = buildIndexed(
        builder, loc, sizes, lines.complexType,
        [&](OpBuilder &b, Location l, SmallVectorImpl<Value> &indices) {
          Value o = indices[lines.dim];
          Value g = arith::DivUIOp::create(b, l, o, index(b, l, span));
          Value within = arith::RemUIOp::create(b, l, o, index(b, l, span));
          Value k = arith::RemUIOp::create(b, l, within, index(b, l, length));
          Value base = arith::AddIOp::create(
              b, l, arith::MulIOp::create(b, l, g, index(b, l, length)), k);
          indices[lines.dim] = base;
          Value sum = tensor::ExtractOp::create(b, l, current, indices);
          // The power of w of term t: t `within` n/rL, mod n.
          Value step = arith::MulIOp::create(b, l, within, index(b, l, groups));
          for (int64_t t = 1; t < radix; ++t) {
            indices[lines.dim] =
                arith::AddIOp::create(b, l, base, index(b, l, t * part));
            Value term = tensor::ExtractOp::create(b, l, current, indices);
            Value power = arith::RemUIOp::create(
                b, l, arith::MulIOp::create(b, l, step, index(b, l, t)),
                index(b, l, n));
            Value factor =
                tensor::ExtractOp::create(b, l, table, ValueRange{power});
            sum =
                complex::AddOp::create(b, l, sum, multiply(b, l, factor, term));
          }
          return sum;
        });
    length = span;
  }
  return line;
}

/// The transform of `x`'s lines, whose length `n` is a power of two (1 and
/// 0 included: no stage): the mixed-radix stages where n is known, else a
/// loop of log2 n radix-2 Stockham stages. Output position o of stage s,
/// with L = 2^s, k = o mod L and j = (o / 2L) L + k, takes
/// x[j] +- w x[j + n/2], minus where o mod 2L >= L, w the (k n/2L)-th of
/// the n/2 factors exp(sign 2 pi i m / n).
Value buildPowerOfTwoFft(OpBuilder &builder, Location loc, const Lines &lines,
                         Value x, Value n, int sign) {
  SmallVector<OpFoldResult> sizes = getDimSizes(builder, loc, x);
  Type i64 = builder.getI64Type();
  Value half = arith::DivUIOp::create(builder, loc, n, index(builder, loc, 2));
  if (std::optional<int64_t> known = getConstantIntValue(n))
    return buildMixedRadixFft(builder, loc, lines, x, *known,
                              getRadices(*known), sign);
  // n/2 factors, at least one (unused for n < 2).
  Value count = arith::MaxUIOp::create(
      builder, loc,
      arith::DivUIOp::create(builder, loc, n, index(builder, loc, 2)),
      index(builder, loc, 1));
  Value twiddles =
      buildTwiddles(builder, loc, n, count, sign, lines.complexType);
  // log2 n stages; none for n <= 1.
  Value zeros = math::CountTrailingZerosOp::create(
      builder, loc, arith::IndexCastOp::create(builder, loc, i64, n));
  Value isShort = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ule,
                                        n, index(builder, loc, 1));
  Value stages = arith::SelectOp::create(
      builder, loc, isShort, index(builder, loc, 0),
      arith::IndexCastOp::create(builder, loc, builder.getIndexType(), zeros));
  auto loop = scf::ForOp::create(
      builder, loc, index(builder, loc, 0), stages, index(builder, loc, 1),
      ValueRange{x},
      [&](OpBuilder &sb, Location sl, Value stage, ValueRange iterArgs) {
        Value current = iterArgs[0];
        // Every length is a power of two: divisions are shifts and
        // remainders masks.
        Value one = index(sb, sl, 1);
        Value length = arith::ShLIOp::create(sb, sl, one, stage);
        Value mask = arith::SubIOp::create(sb, sl, length, one);
        Value spanShift = arith::AddIOp::create(sb, sl, stage, one);
        Value stride = arith::ShRUIOp::create(sb, sl, n, spanShift);
        Value next = buildIndexed(
            sb, sl, sizes, lines.complexType,
            [&](OpBuilder &b, Location l, SmallVectorImpl<Value> &indices) {
              Value o = indices[lines.dim];
              Value k = arith::AndIOp::create(b, l, o, mask);
              // Bit `stage` of o: o mod 2L >= L.
              Value upper = arith::CmpIOp::create(
                  b, l, arith::CmpIPredicate::ne,
                  arith::AndIOp::create(b, l, o, length), index(b, l, 0));
              Value j = arith::AddIOp::create(
                  b, l,
                  arith::ShLIOp::create(
                      b, l, arith::ShRUIOp::create(b, l, o, spanShift), stage),
                  k);
              indices[lines.dim] = j;
              Value even = tensor::ExtractOp::create(b, l, current, indices);
              indices[lines.dim] = arith::AddIOp::create(b, l, j, half);
              Value odd = tensor::ExtractOp::create(b, l, current, indices);
              Value factor = tensor::ExtractOp::create(
                  b, l, twiddles,
                  ValueRange{arith::MulIOp::create(b, l, k, stride)});
              Value product = multiply(b, l, factor, odd);
              Value sum = complex::AddOp::create(b, l, even, product);
              Value difference = complex::SubOp::create(b, l, even, product);
              return arith::SelectOp::create(b, l, upper, difference, sum);
            });
        scf::YieldOp::create(sb, sl, next);
      });
  return loop.getResult(0);
}

/// The smallest power of two of at least 2n - 1 elements, for n >= 2.
Value getConvolutionLength(OpBuilder &builder, Location loc, Value n) {
  Type i64 = builder.getI64Type();
  // 2^(64 - clz(2n - 2)): the power of two above 2n - 2.
  Value twice = arith::ShLIOp::create(builder, loc, n, index(builder, loc, 1));
  Value bound = arith::IndexCastOp::create(
      builder, loc, i64,
      arith::SubIOp::create(builder, loc, twice, index(builder, loc, 2)));
  Value zeros = math::CountLeadingZerosOp::create(builder, loc, bound);
  Value bits = arith::SubIOp::create(
      builder, loc, arith::ConstantIntOp::create(builder, loc, i64, 64), zeros);
  Value power = arith::ShLIOp::create(
      builder, loc, arith::ConstantIntOp::create(builder, loc, i64, 1), bits);
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(),
                                    power);
}

/// Bluestein's transform of `x`'s lines of any length `n` >= 2.
Value buildBluesteinFft(OpBuilder &builder, Location loc, const Lines &lines,
                        Value x, Value n, int sign) {
  SmallVector<OpFoldResult> sizes = getDimSizes(builder, loc, x);
  ComplexType complexType = lines.complexType;
  Type i64 = builder.getI64Type();
  std::optional<int64_t> known = getConstantIntValue(n);
  Value m = known ? index(builder, loc, llvm::PowerOf2Ceil(2 * *known - 1))
                  : getConvolutionLength(builder, loc, n);
  Value zero = complex::ConstantOp::create(
      builder, loc, complexType,
      builder.getArrayAttr({builder.getFloatAttr(lines.getRealType(), 0.0),
                            builder.getFloatAttr(lines.getRealType(), 0.0)}));
  // The chirp: c[j] = exp(sign pi i (j^2 mod 2n) / n).
  Value chirp = buildIndexed(
      builder, loc, {OpFoldResult(n)}, complexType,
      [&](OpBuilder &b, Location l, SmallVectorImpl<Value> &indices) {
        Value j = arith::IndexCastOp::create(b, l, i64, indices[0]);
        Value twiceN = arith::IndexCastOp::create(
            b, l, i64, arith::ShLIOp::create(b, l, n, index(b, l, 1)));
        Value square = arith::RemUIOp::create(
            b, l, arith::MulIOp::create(b, l, j, j), twiceN);
        Value scale = arith::ConstantFloatOp::create(
            b, l, b.getF64Type(), APFloat(sign * llvm::numbers::pi));
        Value angle = arith::DivFOp::create(
            b, l,
            arith::MulFOp::create(
                b, l, scale,
                arith::SIToFPOp::create(b, l, b.getF64Type(), square)),
            toF64(b, l, n));
        return buildUnit(b, l, angle, complexType);
      });
  // x c, zero-padded to M along the lines.
  SmallVector<OpFoldResult> padded(sizes);
  padded[lines.dim] = m;
  Value last = arith::SubIOp::create(builder, loc, n, index(builder, loc, 1));
  Value weighted = buildIndexed(
      builder, loc, padded, complexType,
      [&](OpBuilder &b, Location l, SmallVectorImpl<Value> &indices) {
        Value j = indices[lines.dim];
        Value inLine =
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, j, n);
        Value at = arith::MinUIOp::create(b, l, j, last);
        indices[lines.dim] = at;
        Value element = tensor::ExtractOp::create(b, l, x, indices);
        Value factor = tensor::ExtractOp::create(b, l, chirp, ValueRange{at});
        return arith::SelectOp::create(b, l, inLine,
                                       multiply(b, l, element, factor), zero);
      });
  // conj(c[|d|]) at offsets d = 0..n-1 and, wrapped, M-n+1..M-1.
  Value kernel = buildIndexed(
      builder, loc, {OpFoldResult(m)}, complexType,
      [&](OpBuilder &b, Location l, SmallVectorImpl<Value> &indices) {
        Value d = indices[0];
        Value reflected = arith::SubIOp::create(b, l, m, d);
        Value front =
            arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, d, n);
        Value back = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult,
                                           reflected, n);
        Value at = arith::SelectOp::create(
            b, l, front, d,
            arith::SelectOp::create(b, l, back, reflected, index(b, l, 0)));
        Value factor = complex::ConjOp::create(
            b, l, tensor::ExtractOp::create(b, l, chirp, ValueRange{at}));
        Value inside = arith::OrIOp::create(b, l, front, back);
        return arith::SelectOp::create(b, l, inside, factor, zero);
      });
  Lines single{0, complexType};
  Value weightedSpectrum =
      buildPowerOfTwoFft(builder, loc, lines, weighted, m, -1);
  Value kernelSpectrum =
      buildPowerOfTwoFft(builder, loc, single, kernel, m, -1);
  // The product of the spectra, scaled by 1/M for the inverse to come.
  Value product = buildIndexed(
      builder, loc, padded, complexType,
      [&](OpBuilder &b, Location l, SmallVectorImpl<Value> &indices) {
        Value a = tensor::ExtractOp::create(b, l, weightedSpectrum, indices);
        Value k = tensor::ExtractOp::create(b, l, kernelSpectrum,
                                            ValueRange{indices[lines.dim]});
        Value scale = arith::DivFOp::create(
            b, l, createScalarConstant(b, l, b.getF64Type(), 1.0),
            toF64(b, l, m));
        if (!lines.getRealType().isF64())
          scale = arith::TruncFOp::create(b, l, lines.getRealType(), scale);
        Value scaleComplex = complex::CreateOp::create(
            b, l, complexType, scale,
            createScalarConstant(b, l, lines.getRealType(), 0.0));
        return multiply(b, l, multiply(b, l, a, k), scaleComplex);
      });
  Value convolution = buildPowerOfTwoFft(builder, loc, lines, product, m, 1);
  return buildIndexed(
      builder, loc, sizes, complexType,
      [&](OpBuilder &b, Location l, SmallVectorImpl<Value> &indices) {
        Value k = indices[lines.dim];
        Value element = tensor::ExtractOp::create(b, l, convolution, indices);
        Value factor = tensor::ExtractOp::create(b, l, chirp, ValueRange{k});
        return multiply(b, l, element, factor);
      });
}

/// The complex transform of `x`'s lines, forward (sign -1) or inverse (+1),
/// the algorithm chosen by their length.
Value buildComplexFft(OpBuilder &builder, Location loc, const Lines &lines,
                      Value x, int sign) {
  OpFoldResult length = getDimSize(builder, loc, x, lines.dim);
  Value n = getValueOrCreateConstantIndexOp(builder, loc, length);
  if (std::optional<int64_t> known = getConstantIntValue(length)) {
    SmallVector<int64_t> radices = getRadices(*known);
    if (*known <= 1 || !radices.empty())
      return buildMixedRadixFft(builder, loc, lines, x, *known, radices, sign);
    return buildBluesteinFft(builder, loc, lines, x, n, sign);
  }
  Value belowTwo = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::ult, n, index(builder, loc, 2));
  Value powerOfTwo = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::eq,
      arith::AndIOp::create(
          builder, loc, n,
          arith::SubIOp::create(builder, loc, n, index(builder, loc, 1))),
      index(builder, loc, 0));
  Value direct = arith::OrIOp::create(builder, loc, belowTwo, powerOfTwo);
  auto choice = scf::IfOp::create(
      builder, loc, direct,
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(b, l, buildPowerOfTwoFft(b, l, lines, x, n, sign));
      },
      [&](OpBuilder &b, Location l) {
        scf::YieldOp::create(b, l, buildBluesteinFft(b, l, lines, x, n, sign));
      });
  return choice.getResult(0);
}

/// Checks at run time that the lines of `op`'s real input have at least one
/// element, where that is not known.
void checkRealLines(OpBuilder &builder, FftOp op, OpFoldResult length) {
  if (getConstantIntValue(length))
    return;
  Location loc = op.getLoc();
  Value some =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::uge,
                            cast<Value>(length), index(builder, loc, 1));
  emitRuntimeCheck(builder, op, some,
                   "real_forward needs lines of at least one real element");
}

/// n / 2 + 1 of a line's length n.
OpFoldResult getHalfLength(OpBuilder &builder, Location loc,
                           OpFoldResult length) {
  if (std::optional<int64_t> n = getConstantIntValue(length))
    return builder.getIndexAttr(*n / 2 + 1);
  return arith::AddIOp::create(builder, loc,
                               arith::DivUIOp::create(builder, loc,
                                                      cast<Value>(length),
                                                      index(builder, loc, 2)),
                               index(builder, loc, 1))
      .getResult();
}

/// The length n of real_inverse's result lines: its type's, the input's m
/// = n / 2 + 1 checked at run time where not known to be, or where the
/// type leaves it open NumPy's default 2 (m - 1), m checked to be at least
/// one.
OpFoldResult getRealInverseLength(OpBuilder &builder, FftOp op, Value input) {
  Location loc = op.getLoc();
  int64_t dim = op.getDim();
  OpFoldResult size = getDimSize(builder, loc, input, dim);
  Value m = getValueOrCreateConstantIndexOp(builder, loc, size);
  int64_t resultLength = op.getResult().getType().getDimSize(dim);
  if (!ShapedType::isDynamic(resultLength)) {
    int64_t expected = resultLength / 2 + 1;
    if (!isConstantIntValue(size, expected)) {
      Value equal =
          arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, m,
                                index(builder, loc, expected));
      emitRuntimeCheck(builder, op, equal,
                       "real_inverse to " + Twine(resultLength) +
                           " reals needs " + Twine(expected) +
                           " elements along dim " + Twine(dim));
    }
    return builder.getIndexAttr(resultLength);
  }
  Value some = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::uge, m,
                                     index(builder, loc, 1));
  emitRuntimeCheck(builder, op, some,
                   "real_inverse of a result whose length the type leaves "
                   "open needs at least one element along dim " +
                       Twine(dim));
  return arith::ShLIOp::create(
             builder, loc,
             arith::SubIOp::create(builder, loc, m, index(builder, loc, 1)),
             index(builder, loc, 1))
      .getResult();
}

/// Where the host reads buffers (the CPU target): a call of the host
/// runtime's transform (Fourier.h), which runs each line in cache.
Value buildRuntimeCall(ConversionPatternRewriter &rewriter, FftOp op,
                       Value input, ComplexType complexType, int64_t threads) {
  Location loc = op.getLoc();
  int64_t dim = op.getDim();
  Type inputElement = op.getInput().getType().getElementType();
  SmallVector<OpFoldResult> sizes = getDimSizes(rewriter, loc, input);
  RuntimeCall call(rewriter, op, threads);
  call.addInput(input);
  int32_t dimFlag = static_cast<int32_t>(dim);
  switch (op.getKind()) {
  case FftKind::forward:
  case FftKind::inverse:
    call.addResult(sizes, complexType);
    return call.call("tenrtFft", inputElement,
                     {dimFlag, op.getKind() == FftKind::inverse ? 1 : 0})[0];
  case FftKind::real_forward:
    checkRealLines(rewriter, op, sizes[dim]);
    sizes[dim] = getHalfLength(rewriter, loc, sizes[dim]);
    call.addResult(sizes, complexType);
    return call.call("tenrtRfft", inputElement, {dimFlag})[0];
  case FftKind::real_inverse:
    sizes[dim] = getRealInverseLength(rewriter, op, input);
    call.addResult(sizes, complexType.getElementType());
    return call.call("tenrtIrfft", inputElement, {dimFlag})[0];
  }
  llvm_unreachable("every kind is handled");
}

struct FftLowering : HostReadingPattern<FftOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(FftOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    int64_t dim = op.getDim();
    Type inputElement = op.getInput().getType().getElementType();
    auto complexType = dyn_cast<ComplexType>(inputElement);
    if (!complexType)
      complexType = ComplexType::get(inputElement);
    if (hostReadsBuffers) {
      Value result =
          buildRuntimeCall(rewriter, op, input, complexType, threads);
      rewriter.replaceOp(op, castToResultType(rewriter, op, result));
      return success();
    }
    Lines lines{dim, complexType};
    Value result;
    switch (op.getKind()) {
    case FftKind::forward:
    case FftKind::inverse:
      result = buildComplexFft(rewriter, loc, lines, input,
                               op.getKind() == FftKind::forward ? -1 : 1);
      break;
    case FftKind::real_forward: {
      checkRealLines(rewriter, op, getDimSize(rewriter, loc, input, dim));
      Value complexInput =
          mapElements(rewriter, loc, input, complexType,
                      [&](OpBuilder &b, Location l, Value element) {
                        return complex::CreateOp::create(
                            b, l, complexType, element,
                            createScalarConstant(b, l, inputElement, 0.0));
                      });
      Value spectrum = buildComplexFft(rewriter, loc, lines, complexInput, -1);
      SmallVector<OpFoldResult> sizes = getDimSizes(rewriter, loc, spectrum);
      sizes[dim] = getHalfLength(rewriter, loc, sizes[dim]);
      // A slice at offset 0 of a dimension known to be empty does not
      // verify: an empty result is made as such.
      if (llvm::any_of(sizes, [](OpFoldResult size) {
            return isConstantIntValue(size, 0);
          })) {
        result = createEmptyTensor(rewriter, loc, sizes, complexType);
        break;
      }
      SmallVector<OpFoldResult> offsets(sizes.size(), rewriter.getIndexAttr(0));
      SmallVector<OpFoldResult> strides(sizes.size(), rewriter.getIndexAttr(1));
      result = tensor::ExtractSliceOp::create(rewriter, loc, spectrum, offsets,
                                              sizes, strides);
      break;
    }
    case FftKind::real_inverse:
      result = buildRealInverse(rewriter, op, lines, input);
      break;
    }
    rewriter.replaceOp(op, castToResultType(rewriter, op, result));
    return success();
  }

private:
  /// The real lines of length n (the result type's, or where it is dynamic
  /// NumPy's default 2(m - 1)) of the Hermitian lines that `input`'s m
  /// elements begin.
  static Value buildRealInverse(ConversionPatternRewriter &rewriter, FftOp op,
                                const Lines &lines, Value input) {
    Location loc = op.getLoc();
    int64_t dim = lines.dim;
    SmallVector<OpFoldResult> sizes = getDimSizes(rewriter, loc, input);
    Value m = getValueOrCreateConstantIndexOp(rewriter, loc, sizes[dim]);
    Value n = getValueOrCreateConstantIndexOp(
        rewriter, loc, getRealInverseLength(rewriter, op, input));
    sizes[dim] = n;
    Value hermitian = buildIndexed(
        rewriter, loc, sizes, lines.complexType,
        [&](OpBuilder &b, Location l, SmallVectorImpl<Value> &indices) {
          Value k = indices[dim];
          Value given =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::ult, k, m);
          Value mirrored = arith::SubIOp::create(b, l, n, k);
          indices[dim] = arith::SelectOp::create(b, l, given, k, mirrored);
          Value element = tensor::ExtractOp::create(b, l, input, indices);
          return arith::SelectOp::create(
              b, l, given, element, complex::ConjOp::create(b, l, element));
        });
    Value line = buildComplexFft(rewriter, loc, lines, hermitian, 1);
    return mapElements(rewriter, loc, line, lines.getRealType(),
                       [&](OpBuilder &b, Location l, Value element) {
                         return complex::ReOp::create(b, l, element);
                       });
  }
};

} // namespace

void lowering::populateFftLoweringPatterns(TypeConverter &typeConverter,
                                           RewritePatternSet &patterns,
                                           bool hostReadsBuffers,
                                           int64_t threads) {
  patterns.add<FftLowering>(typeConverter, patterns.getContext(),
                            hostReadsBuffers, threads);
}
