//===- Random.cpp - ten.random_bits to linalg -----------------------------===//
//
// ten.random_bits is a generic with no input: each element reads the key
// and computes Philox-4x32-10 of its own row-major position, so the
// generator fuses into its consumers and parallelizes like any elementwise
// op, and gives the same bits however the loops are split.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

// Philox-4x32's multipliers and key increments (Salmon et al., SC 2011,
// and the Random123 library's philox.h).
constexpr uint32_t kPhiloxM0 = 0xD2511F53;
constexpr uint32_t kPhiloxM1 = 0xCD9E8D57;
constexpr uint32_t kPhiloxW0 = 0x9E3779B9;
constexpr uint32_t kPhiloxW1 = 0xBB67AE85;
constexpr int kPhiloxRounds = 10;

/// Philox-4x32-10 of `counter` under `key`, on i32 values.
SmallVector<Value, 4> buildPhilox(OpBuilder &b, Location loc,
                                  SmallVector<Value, 4> counter, Value key0,
                                  Value key1) {
  Type i32 = b.getI32Type();
  auto constant = [&](uint32_t value) -> Value {
    return arith::ConstantIntOp::create(b, loc, i32, value);
  };
  Value m0 = constant(kPhiloxM0), m1 = constant(kPhiloxM1);
  Value w0 = constant(kPhiloxW0), w1 = constant(kPhiloxW1);
  for (int round = 0; round < kPhiloxRounds; ++round) {
    if (round) {
      key0 = arith::AddIOp::create(b, loc, key0, w0);
      key1 = arith::AddIOp::create(b, loc, key1, w1);
    }
    auto product0 = arith::MulUIExtendedOp::create(b, loc, m0, counter[0]);
    auto product1 = arith::MulUIExtendedOp::create(b, loc, m1, counter[2]);
    Value word0 = arith::XOrIOp::create(
        b, loc, arith::XOrIOp::create(b, loc, product1.getHigh(), counter[1]),
        key0);
    Value word2 = arith::XOrIOp::create(
        b, loc, arith::XOrIOp::create(b, loc, product0.getHigh(), counter[3]),
        key1);
    counter = {word0, product1.getLow(), word2, product0.getLow()};
  }
  return counter;
}

struct RandomBitsLowering : OpConversionPattern<RandomBitsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(RandomBitsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType type = op.getType();
    int64_t rank = type.getRank();
    Type element = getLoweredType(type.getElementType());
    Value init =
        tensor::EmptyOp::create(rewriter, loc, type.getShape(), element);
    // Each element reads the key's two words itself (in a GPU kernel too,
    // where the host cannot read them). They are not inputs read at
    // constant indices: reshaping the loops (to split a reduction over
    // threads) would not keep such indexing maps.
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Value key = adaptor.getKey();
    ArrayRef<int64_t> shape = type.getShape();
    rewriter.replaceOpWithNewOp<linalg::GenericOp>(
        op, init.getType(), ValueRange(), init,
        rewriter.getMultiDimIdentityMap(rank), iterators,
        [&](OpBuilder &b, Location bodyLoc, ValueRange) {
          Value zeroIndex = arith::ConstantIndexOp::create(b, bodyLoc, 0);
          Value oneIndex = arith::ConstantIndexOp::create(b, bodyLoc, 1);
          Value key0 = tensor::ExtractOp::create(b, bodyLoc, key, zeroIndex);
          Value key1 = tensor::ExtractOp::create(b, bodyLoc, key, oneIndex);
          // The row-major position, as a 64-bit counter.
          Type i64 = b.getI64Type();
          Value position = arith::ConstantIntOp::create(b, bodyLoc, i64, 0);
          for (int64_t dim = 0; dim < rank; ++dim) {
            Value size =
                arith::ConstantIntOp::create(b, bodyLoc, i64, shape[dim]);
            Value index = arith::IndexCastUIOp::create(
                b, bodyLoc, i64, linalg::IndexOp::create(b, bodyLoc, dim));
            position = arith::AddIOp::create(
                b, bodyLoc, arith::MulIOp::create(b, bodyLoc, position, size),
                index);
          }
          Type i32 = b.getI32Type();
          Value low = arith::TruncIOp::create(b, bodyLoc, i32, position);
          Value high = arith::TruncIOp::create(
              b, bodyLoc, i32,
              arith::ShRUIOp::create(
                  b, bodyLoc, position,
                  arith::ConstantIntOp::create(b, bodyLoc, i64, 32)));
          Value zero = arith::ConstantIntOp::create(b, bodyLoc, i32, 0);
          Value stream = arith::ConstantIntOp::create(
              b, bodyLoc, i32, static_cast<uint32_t>(op.getStream()));
          SmallVector<Value, 4> block =
              buildPhilox(b, bodyLoc, {low, high, stream, zero}, key0, key1);
          Value bits = block[0];
          if (element.isInteger(64)) {
            Value first = arith::ExtUIOp::create(b, bodyLoc, i64, block[0]);
            Value second = arith::ExtUIOp::create(b, bodyLoc, i64, block[1]);
            bits = arith::OrIOp::create(
                b, bodyLoc, first,
                arith::ShLIOp::create(
                    b, bodyLoc, second,
                    arith::ConstantIntOp::create(b, bodyLoc, i64, 32)));
          }
          linalg::YieldOp::create(b, bodyLoc, bits);
        });
    return success();
  }
};

} // namespace

void lowering::populateRandomLoweringPatterns(TypeConverter &typeConverter,
                                              RewritePatternSet &patterns) {
  patterns.add<RandomBitsLowering>(typeConverter, patterns.getContext());
}
