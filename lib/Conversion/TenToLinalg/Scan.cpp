//===- Scan.cpp - ten.scan to linalg.generic, in order or in blocks -------===//
//
// A scan is a linalg.generic whose scanned dimension is a reduction loop,
// run in order, with two inits: the carry, indexed by the other dimensions
// as a reduction's init is, and the result, indexed by every dimension,
// which takes the carry after each step. Passes that reorder reduction
// loops (splitting them over threads, combining them in trees) recognize a
// scan by its init indexed along a reduction loop and leave it alone. Each
// step rounds to the element type, as NumPy's accumulation does: f16 and
// bf16 compute in f32 and round back.
//
// Where the host does not read buffers (the CUDA target: a device of many
// threads, each slow alone), a long line is scanned in blocks instead (a
// blocked scan; Blelloch, "Prefix sums and their applications", 1990, for
// the scheme): the line is cut into blocks of kBlockSize elements, the
// blocks are scanned in order, each by a thread of its own; the blocks'
// totals are scanned (in blocks again, up to kMaxLevels deep); and each
// element combines its block's scan with the total of the blocks before.
// Sums of floats then associate differently from NumPy's order; integers,
// maxima and minima come out the same.
//
// A host of several threads scans few long lines in parallel too, with
// fewer passes over memory than the device's scheme (a host's thread is
// fast alone): each line, viewed as blocks, has its blocks' totals reduced,
// the totals scanned in order, and every block scanned from the total of
// the blocks before it; the blocks of a line go to different threads.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

/// Elements per block of a blocked scan: what one thread scans in order.
constexpr int64_t kBlockSize = 32;
/// Lines of at most this many elements (when known) are scanned in order:
/// a blocked scan costs more passes than it saves.
constexpr int64_t kLongestOrderedLine = 1024;
/// Levels of blocks (the totals of blocks scanned in blocks, ...): four cut
/// a line of 10^9 elements to 1000 scanned in order at the top.
constexpr int kMaxLevels = 4;
/// Lines a host of several threads splits in blocks: long enough that a
/// block of each thread's is worth a pass more over the line.
constexpr int64_t kShortestSplitLine = int64_t(1) << 16;
/// Blocks per thread on a host: a few, so that uneven threads even out.
constexpr int64_t kBlocksPerThread = 8;

/// The reduction whose combiner each step of a scan of `kind` applies.
ReduceKind getStepKind(ScanKind kind) {
  switch (kind) {
  case ScanKind::sum:
    return ReduceKind::sum;
  case ScanKind::prod:
    return ReduceKind::prod;
  case ScanKind::max:
    return ReduceKind::max;
  case ScanKind::min:
    return ReduceKind::min;
  }
  llvm_unreachable("unknown scan kind");
}

/// What a scan needs to know of its elements.
struct ScanStep {
  ReduceKind kind;
  Type elementType;
  bool isUnsigned;

  /// The value a line starts from: an identity that leaves every element
  /// as it is, as NumPy's first step copies the element. A float sum's is
  /// -0 (+0 would make -0 +0).
  Value getIdentity(OpBuilder &b, Location loc) const {
    Type part = elementType;
    if (auto complexType = dyn_cast<ComplexType>(elementType))
      part = complexType.getElementType();
    if (kind == ReduceKind::sum && isa<FloatType>(part)) {
      auto negativeZero = FloatAttr::get(
          part, APFloat::getZero(cast<FloatType>(part).getFloatSemantics(),
                                 /*Negative=*/true));
      if (part == elementType)
        return arith::ConstantOp::create(b, loc, negativeZero);
      return complex::ConstantOp::create(
          b, loc, elementType, b.getArrayAttr({negativeZero, negativeZero}));
    }
    return getReductionIdentity(b, loc, kind, elementType, isUnsigned);
  }

  /// Whether getIdentity leaves no element changed. A complex product has
  /// no such value: 1 + 0i times inf + 1i is inf + nan i, so its lines take
  /// their first element by a select instead.
  bool hasExactIdentity() const {
    return !(kind == ReduceKind::prod && isa<ComplexType>(elementType));
  }

  /// `acc` and `element` combined, computed in the compute type and
  /// rounded to the element type.
  Value combine(OpBuilder &b, Location loc, Value acc, Value element) const {
    Type computeType = getComputeType(elementType);
    return convertScalar(
        b, loc,
        combineReduction(b, loc, kind, convertScalar(b, loc, acc, computeType),
                         convertScalar(b, loc, element, computeType),
                         isUnsigned, /*reassociate=*/false),
        elementType);
  }

  /// combine in a linalg.generic's body, except that without an exact
  /// identity the element where the loops `lineStarts` are all 0 is taken
  /// as it is.
  Value combineFromStart(OpBuilder &b, Location loc, Value acc, Value element,
                         ArrayRef<int64_t> lineStarts) const {
    Value combined = combine(b, loc, acc, element);
    if (hasExactIdentity())
      return combined;
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value first;
    for (int64_t dim : lineStarts) {
      Value atZero =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                linalg::IndexOp::create(b, loc, dim), zero);
      first = first ? arith::AndIOp::create(b, loc, first, atZero) : atZero;
    }
    return arith::SelectOp::create(b, loc, first, element, combined);
  }
};

/// The scan of `input` along `scanned`, each line in order, from `start`
/// (indexed by the other dimensions; the identity if null). Where the step
/// has no exact identity, the element where every dimension of `lineStarts`
/// (`scanned` if empty) is 0 starts its line as it is.
Value buildOrderedScan(OpBuilder &b, Location loc, Value input, int64_t scanned,
                       const ScanStep &step, Value start = {},
                       ArrayRef<int64_t> lineStarts = {}) {
  auto inputType = cast<RankedTensorType>(input.getType());
  int64_t rank = inputType.getRank();
  SmallVector<OpFoldResult> carrySizes;
  SmallVector<AffineExpr> carryExprs;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (dim == scanned) {
      iterators.push_back(utils::IteratorType::reduction);
      continue;
    }
    iterators.push_back(utils::IteratorType::parallel);
    carrySizes.push_back(getDimSize(b, loc, input, dim));
    carryExprs.push_back(b.getAffineDimExpr(dim));
  }
  AffineMap identity = b.getMultiDimIdentityMap(rank);
  SmallVector<AffineMap> maps = {
      identity, AffineMap::get(rank, 0, carryExprs, b.getContext()), identity};
  Value carry = start;
  if (!carry)
    carry = linalg::FillOp::create(
                b, loc, step.getIdentity(b, loc),
                createEmptyTensor(b, loc, carrySizes, step.elementType))
                .getResult(0);
  Value result =
      createEmptyTensor(b, loc, getDimSizes(b, loc, input), step.elementType);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{carry.getType(), result.getType()}, input,
      ValueRange{carry, result}, maps, iterators,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Value next = step.combineFromStart(
            nb, l, args[1], args[0],
            lineStarts.empty() ? ArrayRef<int64_t>(scanned) : lineStarts);
        linalg::YieldOp::create(nb, l, ValueRange{next, next});
      });
  return generic.getResult(1);
}

/// An elementwise generic over `sizes` yielding `body` of the loop indices.
Value buildIndexedGeneric(
    OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes, Type type,
    function_ref<Value(OpBuilder &, Location, ArrayRef<Value>)> body) {
  Value init = createEmptyTensor(b, loc, sizes, type);
  int64_t rank = static_cast<int64_t>(sizes.size());
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, init.getType(), ValueRange{}, init,
             ArrayRef<AffineMap>{b.getMultiDimIdentityMap(rank)}, iterators,
             [&](OpBuilder &nb, Location l, ValueRange) {
               SmallVector<Value> indices;
               for (int64_t d = 0; d < rank; ++d)
                 indices.push_back(linalg::IndexOp::create(nb, l, d));
               linalg::YieldOp::create(nb, l, body(nb, l, indices));
             })
      .getResult(0);
}

Value buildScan(OpBuilder &b, Location loc, Value input, int64_t scanned,
                const ScanStep &step, int levels);

/// The scan of `input` along `scanned` in blocks (see the file's comment);
/// the blocks' totals are scanned with `levels` levels left.
Value buildBlockedScan(OpBuilder &b, Location loc, Value input, int64_t scanned,
                       const ScanStep &step, int levels) {
  SmallVector<OpFoldResult> sizes = getDimSizes(b, loc, input);
  Value length = getValueOrCreateConstantIndexOp(b, loc, sizes[scanned]);
  Value blockSize = arith::ConstantIndexOp::create(b, loc, kBlockSize);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  OpFoldResult blocks;
  if (std::optional<int64_t> known = getConstantIntValue(sizes[scanned]))
    blocks = b.getIndexAttr(llvm::divideCeil(*known, kBlockSize));
  else
    blocks = arith::CeilDivUIOp::create(b, loc, length, blockSize).getResult();

  // The line as blocks (a dimension of blocks, then one within the block),
  // padded at the end with the identity.
  SmallVector<OpFoldResult> blockedSizes(sizes);
  blockedSizes[scanned] = blocks;
  blockedSizes.insert(blockedSizes.begin() + scanned + 1,
                      b.getIndexAttr(kBlockSize));
  Value blocked = buildIndexedGeneric(
      b, loc, blockedSizes, step.elementType,
      [&](OpBuilder &nb, Location l, ArrayRef<Value> at) -> Value {
        Value position = arith::AddIOp::create(
            nb, l, arith::MulIOp::create(nb, l, at[scanned], blockSize),
            at[scanned + 1]);
        Value inLine = arith::CmpIOp::create(nb, l, arith::CmpIPredicate::ult,
                                             position, length);
        SmallVector<Value> source(at.take_front(scanned));
        source.push_back(
            arith::SelectOp::create(nb, l, inLine, position, zero));
        llvm::append_range(source, at.drop_front(scanned + 2));
        Value element = tensor::ExtractOp::create(nb, l, input, source);
        return arith::SelectOp::create(nb, l, inLine, element,
                                       step.getIdentity(nb, l));
      });
  Value blockScans = buildOrderedScan(b, loc, blocked, scanned + 1, step);

  // Each block's total, and the scan of the totals.
  int64_t rank = static_cast<int64_t>(sizes.size());
  SmallVector<OpFoldResult> offsets(rank + 1, b.getIndexAttr(0));
  offsets[scanned + 1] = b.getIndexAttr(kBlockSize - 1);
  SmallVector<OpFoldResult> totalSizes(blockedSizes);
  totalSizes[scanned + 1] = b.getIndexAttr(1);
  SmallVector<OpFoldResult> strides(rank + 1, b.getIndexAttr(1));
  SmallVector<int64_t> totalShape;
  for (auto [d, size] : llvm::enumerate(blockedSizes))
    if (static_cast<int64_t>(d) != scanned + 1)
      totalShape.push_back(
          getConstantIntValue(size).value_or(ShapedType::kDynamic));
  auto totalType = RankedTensorType::get(totalShape, step.elementType);
  Value totals = tensor::ExtractSliceOp::create(b, loc, totalType, blockScans,
                                                offsets, totalSizes, strides);
  Value totalScans = buildScan(b, loc, totals, scanned, step, levels);

  // Each element: its block's scan, after the total of the blocks before.
  return buildIndexedGeneric(
      b, loc, sizes, step.elementType,
      [&](OpBuilder &nb, Location l, ArrayRef<Value> at) -> Value {
        Value block = arith::DivUIOp::create(nb, l, at[scanned], blockSize);
        Value within = arith::RemUIOp::create(nb, l, at[scanned], blockSize);
        SmallVector<Value> inBlocks(at.take_front(scanned));
        inBlocks.push_back(block);
        inBlocks.push_back(within);
        llvm::append_range(inBlocks, at.drop_front(scanned + 1));
        Value element = tensor::ExtractOp::create(nb, l, blockScans, inBlocks);
        Value first =
            arith::CmpIOp::create(nb, l, arith::CmpIPredicate::eq, block, zero);
        SmallVector<Value> before(at);
        before[scanned] = arith::SelectOp::create(
            nb, l, first, zero, arith::SubIOp::create(nb, l, block, one));
        Value total = tensor::ExtractOp::create(nb, l, totalScans, before);
        return arith::SelectOp::create(nb, l, first, element,
                                       step.combine(nb, l, total, element));
      });
}

/// How many blocks a host of `threads` threads splits the lines of `input`
/// along `scanned` into, or 0 to scan them in order: few static lines along
/// the last dimension, each at least kShortestSplitLine long, whose length
/// a count of blocks near kBlocksPerThread per thread divides (views then
/// cut them into blocks without copies).
int64_t getHostBlockCount(RankedTensorType type, int64_t scanned,
                          int64_t threads) {
  if (threads < 2 || !type.hasStaticShape() || scanned != type.getRank() - 1)
    return 0;
  int64_t length = type.getDimSize(scanned);
  int64_t lines = type.getNumElements() / std::max<int64_t>(length, 1);
  if (length < kShortestSplitLine || lines >= threads)
    return 0;
  for (int64_t blocks = threads * kBlocksPerThread;
       blocks <= 4 * threads * kBlocksPerThread; ++blocks)
    if (length % blocks == 0)
      return blocks;
  return 0;
}

/// The scan of `input` along its last dimension, each line split in
/// `blocks` blocks that a host's threads scan at once (see the file's
/// comment).
Value buildHostBlockedScan(OpBuilder &b, Location loc, Value input,
                           const ScanStep &step, int64_t blocks) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t rank = type.getRank();
  int64_t length = type.getDimSize(rank - 1);
  SmallVector<int64_t> blockedShape(type.getShape());
  blockedShape.back() = blocks;
  blockedShape.push_back(length / blocks);
  SmallVector<ReassociationIndices> reassociation;
  for (int64_t d = 0; d < rank - 1; ++d)
    reassociation.push_back({d});
  reassociation.push_back({rank - 1, rank});
  auto blockedType = RankedTensorType::get(blockedShape, step.elementType);
  Value blocked =
      tensor::ExpandShapeOp::create(b, loc, blockedType, input, reassociation);

  // Each block's total: a reduction over the block.
  SmallVector<int64_t> totalShape(type.getShape());
  totalShape.back() = blocks;
  auto totalType = RankedTensorType::get(totalShape, step.elementType);
  Value identity = step.getIdentity(b, loc);
  Value init = linalg::FillOp::create(
                   b, loc, identity,
                   tensor::EmptyOp::create(b, loc, totalShape, step.elementType)
                       .getResult())
                   .getResult(0);
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  AffineMap all = b.getMultiDimIdentityMap(rank + 1);
  Value totals =
      linalg::GenericOp::create(
          b, loc, totalType, blocked, init,
          ArrayRef<AffineMap>{all, all.getMajorSubMap(rank)}, iterators,
          [&](OpBuilder &nb, Location l, ValueRange args) {
            linalg::YieldOp::create(
                nb, l, step.combineFromStart(nb, l, args[1], args[0], rank));
          })
          .getResult(0);

  // The totals of the blocks before each block: the totals scanned in
  // order, shifted by one.
  Value scanned = buildOrderedScan(b, loc, totals, rank - 1, step);
  SmallVector<OpFoldResult> totalSizes;
  for (int64_t size : totalShape)
    totalSizes.push_back(b.getIndexAttr(size));
  Value before = buildIndexedGeneric(
      b, loc, totalSizes, step.elementType,
      [&](OpBuilder &nb, Location l, ArrayRef<Value> at) -> Value {
        Value zero = arith::ConstantIndexOp::create(nb, l, 0);
        Value one = arith::ConstantIndexOp::create(nb, l, 1);
        Value first = arith::CmpIOp::create(nb, l, arith::CmpIPredicate::eq,
                                            at.back(), zero);
        SmallVector<Value> previous(at);
        previous.back() = arith::SelectOp::create(
            nb, l, first, zero, arith::SubIOp::create(nb, l, at.back(), one));
        Value total = tensor::ExtractOp::create(nb, l, scanned, previous);
        return arith::SelectOp::create(nb, l, first, step.getIdentity(nb, l),
                                       total);
      });

  // Every block scanned from there, and the blocks viewed as lines again.
  Value blockScans = buildOrderedScan(b, loc, blocked, rank, step, before,
                                      /*lineStarts=*/{rank - 1, rank});
  return tensor::CollapseShapeOp::create(b, loc, type, blockScans,
                                         reassociation);
}

/// The scan of `input` along `scanned`: in blocks if the line may be long
/// and levels of blocks are left, else in order.
Value buildScan(OpBuilder &b, Location loc, Value input, int64_t scanned,
                const ScanStep &step, int levels) {
  int64_t length = cast<RankedTensorType>(input.getType()).getDimSize(scanned);
  bool mayBeLong =
      ShapedType::isDynamic(length) || length > kLongestOrderedLine;
  if (levels > 0 && mayBeLong)
    return buildBlockedScan(b, loc, input, scanned, step, levels - 1);
  return buildOrderedScan(b, loc, input, scanned, step);
}

struct ScanLowering : HostReadingPattern<ScanOp> {
  using HostReadingPattern::HostReadingPattern;

  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value input = adaptor.getInput();
    ScanStep step{getStepKind(op.getKind()),
                  cast<RankedTensorType>(input.getType()).getElementType(),
                  isUnsignedInteger(op.getInput().getType())};
    int64_t scanned = static_cast<int64_t>(op.getDim());
    auto type = cast<RankedTensorType>(input.getType());
    int64_t blocks =
        hostReadsBuffers ? getHostBlockCount(type, scanned, threads) : 0;
    Value result =
        blocks
            ? buildHostBlockedScan(rewriter, op.getLoc(), input, step, blocks)
            : buildScan(rewriter, op.getLoc(), input, scanned, step,
                        /*levels=*/hostReadsBuffers ? 0 : kMaxLevels);
    rewriter.replaceOp(op, castToResultType(rewriter, op, result));
    return success();
  }
};

} // namespace

void lowering::populateScanLoweringPatterns(TypeConverter &typeConverter,
                                            RewritePatternSet &patterns,
                                            bool hostReadsBuffers,
                                            int64_t threads) {
  patterns.add<ScanLowering>(typeConverter, patterns.getContext(),
                             hostReadsBuffers, threads);
}
