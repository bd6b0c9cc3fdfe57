//===- ContractionKernel.cpp - the ten-contraction-kernel pass ------------===//
//
// Lowers GEMM-like linalg contractions on buffers to a cache-blocked loop nest
// around a register-tiled vector kernel, with the right-hand operand packed
// into panels. The structure follows the classic blocked GEMM: a block of B
// stays in the L2 cache, one panel of it and a few rows of A in the L1 cache,
// and a tile of C in vector registers for a whole block of the depth.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CPU/Passes.h"

#include "KernelContractions.h"

#include "ten/Codegen/Common/GemmView.h"
#include "ten/Codegen/Common/Sizes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include <array>
#include <optional>

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENCONTRACTIONKERNELPASS
#include "ten/Target/CPU/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

namespace {

/// The narrowest tile worth a kernel of its own: a vector of 4 elements.
constexpr int64_t minimumTileWidth = 4;

/// The narrowest vector, in bits, that a tile narrower than half a panel
/// is worth (emitTileWidths).
constexpr int64_t narrowestTileBits = 256;

/// The fewest rows of the short last tile of rows unknown until run time
/// (emitRowTiles): tiles of at least 4 rows get one of half their rows.
constexpr int64_t minimumShortTileRows = 2;

/// The bits of the lanes within which x86's cheapest shuffles (unpack,
/// in-lane permutes) move elements; wider moves take whole lanes.
constexpr int64_t shuffleLaneBits = 128;

/// The rows of B that packing copies into one panel before the next panel
/// (emitPackedRows). A panel at a time over all rows of a block (a group
/// of the whole block), the reads of consecutive rows of B are a page
/// apart, past the hardware prefetchers; a row at a time over all panels,
/// each store goes to another panel, a line that has left the L1 cache.
/// On x(64, 2048) @ W(2048, 2048) in f32 (B on huge pages, 2 threads, Zen
/// 4), packing under the tiles in groups of 1 row took 1.015 of the time of
/// packing each block before its tiles a panel at a time; groups of 8,
/// 0.94-0.98; of 16, 0.96-0.98; of 32, 0.99; of all 128 rows, 1.00-1.01.
constexpr int64_t packedRowGroup = 8;

/// The most columns of a last panel that dot products along the depth
/// compute instead of a tile (operands both contiguous along the depth):
/// a tile would spend a whole vector's FMAs on each of them.
constexpr int64_t dotColumns = 4;

/// The lowest tile height that the choice of the fewest padded rows takes
/// before it would pad more than a sixteenth of the rows: 8 rows of 2
/// vectors keep 16 accumulators in flight, at least twice what the FMA
/// latency times the FMA pipes asks on AVX2 and AVX-512 hosts.
constexpr int64_t minimumPreferredTileRows = 8;

/// The rows of the register tile for `m` rows of C (ShapedType::kDynamic
/// if unknown), at most `maxRows`: all of them where they fit (2 rows take
/// one tile of 2, not 6 or 12 rows of which all but 2 are padding); else,
/// from `maxRows` down to two thirds of it (not below
/// minimumPreferredTileRows), the rows that pad the fewest, the taller on a
/// tie; where that pads more than a sixteenth of the rows, down to half of
/// `maxRows`. A padded row costs a row's FMAs, while at a depth block of 256
/// a tile of 8 rows runs as fast per row as one of 12 (a 1536^3 f32 GEMM, 2
/// threads, Zen 4: 32.9 ms either way). So 1024 rows take tiles of 8, not
/// of 12 with 8 rows of the last one wasted (W7 2048, 2 threads: 81.3 ->
/// 78.7 ms), 250 rows tiles of 10 and 100 rows tiles of 10.
int64_t chooseTileRows(int64_t m, int64_t maxRows) {
  if (ShapedType::isDynamic(m) || m <= 0)
    return maxRows;
  if (m <= maxRows)
    return m;
  auto padding = [&](int64_t rows) { return (m + rows - 1) / rows * rows - m; };
  auto fewestPadded = [&](int64_t lowest) {
    int64_t best = maxRows;
    for (int64_t rows = maxRows - 1; rows >= lowest; --rows)
      if (padding(rows) < padding(best))
        best = rows;
    return best;
  };
  int64_t best = fewestPadded(
      std::max<int64_t>((2 * maxRows + 2) / 3, minimumPreferredTileRows));
  if (16 * padding(best) <= m)
    return best;
  return fewestPadded((maxRows + 1) / 2);
}

/// The most rows of C for which a contraction gets half the depth block.
constexpr int64_t fewRows = 128;

/// The depth block for `m` rows of C (ShapedType::kDynamic if unknown):
/// `depthBlock`, halved for a known number of rows up to `fewRows`. Measured
/// on m x 2048 times 2048 x 2048 with 2 threads (AVX-512, 2 MiB of L2 per
/// core), halving it made f32 GEMMs of 32 rows 12-20% faster, 64 rows 8%,
/// 96 and 128 rows 2-5%, and 192 and 256 rows neither faster nor slower;
/// f64 ones of 32 and 64 rows 15-17% faster.
int64_t chooseDepthBlock(int64_t m, int64_t depthBlock) {
  if (ShapedType::isDynamic(m) || m > fewRows)
    return depthBlock;
  return std::max<int64_t>(depthBlock / 2, 1);
}

/// The rows of the register tile of a GEMM whose rows, unknown until it
/// runs, turn out to be few (at most `register-rows`), reading B directly.
/// Measured on x(m, 2048) @ W(2048, 2048), 2 threads, AVX-512: tiles of 8
/// rows take 0.38-0.39 ms for 1 row, 0.39-0.40 for 4 and 0.38-0.42 for 8
/// (one pass over B); tiles of 4, 0.34-0.36, 0.35-0.38 and 0.48-0.53 (8
/// rows read B twice); tiles of 12, 0.44-0.47 for each.
constexpr int64_t directRows = 8;

/// How the kernel of a GEMM computes its tiles of C.
enum class KernelKind {
  /// Register tiles against panels of B packed block by block.
  PackedTiles,
  /// Register tiles against B read where it lies (readsRhsDirectly).
  DirectTiles,
  /// Register tiles against panels of B packed block by block, every row
  /// tile under one panel before the next panel (tilesUnderPanels).
  TilesUnderPanels,
  /// Dot products of rows of A and rows of B along the depth, `dotColumns`
  /// columns and as many rows as fill a vector at a time (dotProductsFit).
  DotProducts,
};

/// The elements of one vector register of `elementType`: the lanes of the
/// vectors that dot products sum along the depth in, and the side of the
/// blocks of B that packing transposes in registers.
int64_t getVectorLanes(Type elementType, int64_t vectorBits) {
  return std::max<int64_t>(vectorBits / elementType.getIntOrFloatBitWidth(), 1);
}

/// Whether packing transposes square blocks of a B contiguous along the
/// depth in registers, a vector's elements a side (transposeInLanes): a
/// power of two of at least a shuffle lane's elements (16 x 16 f32 in
/// 512-bit vectors, 8 x 8 f32 in 256-bit ones, 8 x 8 or 4 x 4 f64). Other
/// B of that layout are packed a column at a time.
bool transposesInRegisters(Type elementType, int64_t vectorBits) {
  if (!elementType.isF32() && !elementType.isF64())
    return false;
  int64_t side = getVectorLanes(elementType, vectorBits);
  return llvm::isPowerOf2_64(side) &&
         side * elementType.getIntOrFloatBitWidth() >= shuffleLaneBits;
}

/// The most rows of C that run as dot products where those fit. Measured
/// on x(m, 2048) @ W.T (W 2048 x 2048, 2 threads, AVX-512) against tiles
/// whose packing transposes W in registers: f32, 4 rows 0.30 ms (tiles
/// 0.64, PyTorch 0.61), 12 rows 0.47 (0.77, PyTorch 1.19), 16 rows 0.69
/// (0.90), 24 rows 0.96 (1.06), 32 rows 1.24 (1.30), 64 rows 2.36 (2.03);
/// f64, 12 rows 1.20 (1.43), 24 rows 2.07 (2.09), 32 rows 2.76 (2.49);
/// f32 in 256-bit vectors (tiles of 6 rows), 12 rows 0.68 (0.91), 24 rows
/// 1.18 (1.31), 32 rows 1.50 (1.69), 48 rows 2.18 (2.07).
constexpr int64_t mostDotProductRows = 24;

/// The bytes of each row of A and B that dot products read in one depth
/// block: the rows of a round stay in the L1 cache across the block (on
/// x(8, 2048) @ W.T, blocks of 512 f32 took 0.36 ms, of 128 0.51 and of
/// 2048 0.39-0.41: short blocks sum a round's vectors more often).
constexpr int64_t dotDepthBytes = 2048;

/// Whether `operand`'s last dimension is loop `loop` of `op`, with unit
/// stride.
bool isContiguousAlong(linalg::LinalgOp op, OpOperand *operand, unsigned loop) {
  AffineMap map = op.getMatchingIndexingMap(operand);
  return resultPosition(map, loop) == map.getNumResults() - 1 &&
         hasUnitInnerStride(operand->get());
}

/// Whether `op` can run as dot products (KernelKind::DotProducts): A and
/// B both contiguous along the depth (a linear layer's `x @ W.T`), and a
/// vector of a power of two lanes, at least `dotColumns` (its lanes are
/// summed in halves).
bool dotProductsFit(linalg::LinalgOp op, const GemmView &view,
                    int64_t vectorBits) {
  Type elementType = getElementTypeOrSelf(view.out->get());
  int64_t lanes = getVectorLanes(elementType, vectorBits);
  return llvm::isPowerOf2_64(lanes) && lanes >= dotColumns &&
         isContiguousAlong(op, view.lhs, view.k) &&
         isContiguousAlong(op, view.rhs, view.k);
}

/// The most rows of an f32 GEMM, known at compile time, whose row tiles all
/// read B where it lies (B contiguous along `n`): each tile's loads of B
/// come from the L2 cache, where the tile before it left them, and
/// packing B, which only few rows would amortize, is left out. f32, 2
/// threads, Zen 4, x(m, 2048) @ W(2048, 2048) against packing under the
/// tiles: 16 rows 0.67-0.70 of the time, 32 rows 0.85, 48 0.84-0.94, 64
/// 0.93-0.95 (B on huge pages; on small pages 0.97-1.02), and
/// x(64, 512) @ W(512, 512) 0.82-0.87; but 128 rows 1.04-1.06. In f64,
/// 32 rows took 1.03-1.04 of the time and 64 rows 1.07-1.10: past one row
/// tile, f64 GEMMs pack B.
constexpr int64_t mostDirectRowsF32 = 64;

/// The most row tiles of few rows with small panels that read B where it
/// lies; more run under each packed panel instead (runsTilesUnderPanels).
constexpr int64_t mostDirectSmallPanelTiles = 2;

/// The most row tiles of few rows with larger panels that read B where it
/// lies without bringing in the next block of B; more prefetch it as they
/// read it (prefetchesNextBlockDirectly).
constexpr int64_t mostDirectRowTiles = 4;

/// The largest packed panel that the row tiles run under in turn: 8 KiB,
/// a quarter of the L1 cache of the smallest host measured (Zen 4).
constexpr int64_t maxUnderPanelBytes = 8 * 1024;

/// Whether a GEMM of `m` rows (ShapedType::kDynamic if unknown) in tiles of
/// `rows` reads B where it lies instead of packing it, B contiguous along
/// `n` (a row of a panel is then a vector load from B): where every row of
/// C is in one row tile (a few rows), each element of B is read once and
/// packing would only copy it; for f32, up to mostDirectRowsF32 rows.
bool readsRhsDirectly(const GemmView &view, int64_t m, int64_t rows) {
  if (!view.rhsRowsContiguous || ShapedType::isDynamic(m))
    return false;
  return m <= rows || (getElementTypeOrSelf(view.out->get()).isF32() &&
                       m <= mostDirectRowsF32);
}

/// Whether a GEMM of `m` rows in tiles of `rows` that would read B where
/// it lies (few rows of f32) runs its tiles under each packed panel in
/// turn instead (KernelKind::TilesUnderPanels): in more than
/// mostDirectSmallPanelTiles tiles, with panels of at most maxUnderPanelBytes
/// (AVX2's 16 columns of f32 at a depth of 128). Each row tile reading
/// the whole block of B, the block streams from the L2 cache once per
/// tile: 6 rows of FMAs per line of B with AVX2, which the L2 cache
/// cannot deliver as fast as the FMAs take them (x(64, 2048) @ W(2048,
/// 2048) for AVX2 on Zen 4: 75% of the FMA peak; B read directly maps a
/// panel's 128 rows, 8 KiB apart, to one set of the L1 cache). A packed
/// panel stays in the L1 cache under all the row tiles; A's depth block
/// for all of them, packed, in the L2. x(m, 2048) @ W(2048, 2048) for
/// AVX2, 2 threads, Zen 4, against reading B directly: 16 rows 0.73 of
/// the time, 24 rows 0.92, 32 rows 0.75, 48 rows 0.92, 64 rows (with W9's
/// second GEMM) 0.89-0.90; but in 2 tiles, 8 rows 0.96 and 12 rows 1.05;
/// and AVX-512's 64 rows in 8 tiles of 32 columns (16 KiB panels)
/// 1.03-1.14.
bool runsTilesUnderPanels(const GemmView &view, int64_t m, int64_t rows,
                          int64_t vectorBits, int64_t depth) {
  Type elementType = getElementTypeOrSelf(view.out->get());
  int64_t panelBytes = 2 * vectorBits / 8 * depth;
  return view.rhsRowsContiguous && !ShapedType::isDynamic(m) &&
         elementType.isF32() && m <= mostDirectRowsF32 &&
         llvm::divideCeil(m, rows) > mostDirectSmallPanelTiles &&
         panelBytes <= maxUnderPanelBytes;
}

/// Emits the kernel for one contraction. Loop values are kept per loop of
/// the op, so that each operand is indexed through its own indexing map.
class GemmEmitter {
public:
  /// `depthBlock` is the depth of a block; where `fewRowsDepth` is given
  /// (rows unknown until run time), the depth for at most `fewRows` rows,
  /// chosen then.
  GemmEmitter(linalg::LinalgOp op, const GemmView &view, linalg::FillOp fill,
              ImplicitLocOpBuilder &b, int64_t vectorBits, int64_t rows,
              int64_t depthBlock, std::optional<int64_t> fewRowsDepth,
              int64_t blockKiB, KernelKind kind)
      : op(op), view(view), b(b), rows(rows), depthBlock(depthBlock),
        fewRowsDepth(fewRowsDepth), fill(fill),
        directRhs(kind == KernelKind::DirectTiles),
        tilesUnderPanels(kind == KernelKind::TilesUnderPanels),
        dotProducts(kind == KernelKind::DotProducts), vectorBits(vectorBits) {
    elementType = getElementTypeOrSelf(view.out->get());
    int64_t elementBits = elementType.getIntOrFloatBitWidth();
    vectorLanes = getVectorLanes(elementType, vectorBits);
    columns = 2 * vectorLanes;
    vectorType = VectorType::get({columns}, elementType);
    maskType = VectorType::get({columns}, b.getI1Type());
    int64_t blockElements = blockKiB * 1024 * 8 / elementBits;
    columnBlock =
        std::max<int64_t>(blockElements / depthBlock / columns, 1) * columns;
    // The cache that keeps a block of B keeps about as much again.
    staleBytes = 2 * blockKiB * 1024;
    elementBytes = elementBits / 8;
    lineElements = std::max<int64_t>(64 / elementBytes, 1);
  }

  void emit() {
    for (Range range : op.createLoopRanges(b, b.getLoc()))
      sizes.push_back(
          getValueOrCreateConstantIndexOp(b, b.getLoc(), range.size));
    loopValues.assign(sizes.size(), Value());
    iteratorTypes = op.getIteratorTypesArray();
    zeroIndex = index(0);
    oneIndex = index(1);
    zeroElement = arith::ConstantOp::create(b, b.getZeroAttr(elementType));
    zeroVector = arith::ConstantOp::create(
        b, DenseElementsAttr::get(vectorType, b.getZeroAttr(elementType)));

    depthStep = index(depthBlock);
    if (fewRowsDepth)
      depthStep = arith::SelectOp::create(
          b,
          arith::CmpIOp::create(b, arith::CmpIPredicate::sle, sizes[view.m],
                                index(fewRows)),
          index(*fewRowsDepth), depthStep);

    // One buffer for a packed block of B: [panel][depth][column].
    Value n = sizes[view.n], k = sizes[view.k];
    Value blockColumns = min(n, index(columnBlock));
    Value panels = ceilDiv(blockColumns, columns);
    Value depth = min(k, index(depthBlock));
    // Under panels, one panel at a time (emitTilesUnderPanels).
    if (tilesUnderPanels)
      panels = oneIndex;
    SmallVector<OpFoldResult> packedSizes = {getAsOpFoldResult(panels),
                                             getAsOpFoldResult(depth),
                                             b.getIndexAttr(columns)};
    SmallVector<int64_t> staticSizes;
    SmallVector<Value> dynamicSizes;
    dispatchIndexOpFoldResults(packedSizes, dynamicSizes, staticSizes);
    if (!directRhs && !dotProducts) {
      auto packedType = MemRefType::get(staticSizes, elementType);
      packed = memref::AllocOp::create(b, packedType, dynamicSizes,
                                       b.getI64IntegerAttr(64));
      if (pipelinesPacking()) {
        packedBuffers[0] = packed;
        packedBuffers[1] = memref::AllocOp::create(b, packedType, dynamicSizes,
                                                   b.getI64IntegerAttr(64));
      }
    }
    // One buffer for a row tile's part of A in a depth block: [row][depth],
    // or [depth][row] where A is contiguous along its rows (A transposed).
    lhsDepthMajor = isLhsRowContiguous();
    int64_t kSize = staticSize(view.k);
    packedDepth = ShapedType::isDynamic(kSize)
                      ? depthBlock
                      : std::max<int64_t>(std::min(kSize, depthBlock), 1);
    // Under panels, every row tile's part: ceil(m / rows) tiles.
    int64_t lhsRows = rows;
    if (tilesUnderPanels)
      lhsRows *= llvm::divideCeil(staticSize(view.m), rows);
    SmallVector<int64_t> lhsShape = {lhsRows, packedDepth};
    if (lhsDepthMajor)
      std::swap(lhsShape[0], lhsShape[1]);
    if (!dotProducts && packsLhs())
      packedLhs = memref::AllocOp::create(
          b, MemRefType::get(lhsShape, elementType), b.getI64IntegerAttr(64));
    if (fill) {
      // With an empty reduction no tile is stored: the fill alone gives C.
      Value points = oneIndex;
      for (auto [loop, type] : llvm::enumerate(iteratorTypes))
        if (type == utils::IteratorType::reduction)
          points = b.createOrFold<arith::MulIOp>(points, sizes[loop]);
      Value empty =
          arith::CmpIOp::create(b, arith::CmpIPredicate::eq, points, zeroIndex);
      auto ifEmpty = scf::IfOp::create(b, empty, /*withElseRegion=*/false);
      fill->moveBefore(ifEmpty.thenBlock()->getTerminator());
    }
    emitOuterLoops(0);
    if (packedBuffers[1]) {
      memref::DeallocOp::create(b, packedBuffers[0]);
      memref::DeallocOp::create(b, packedBuffers[1]);
    } else if (packed) {
      memref::DeallocOp::create(b, packed);
    }
    if (packedLhs)
      memref::DeallocOp::create(b, packedLhs);
  }

  int64_t getRows() const { return rows; }
  int64_t getColumns() const { return columns; }

private:
  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(b, value);
  }
  Value ceilDiv(Value value, int64_t divisor) {
    return b.createOrFold<arith::CeilDivSIOp>(value, index(divisor));
  }
  Value min(Value lhs, Value rhs) {
    return b.createOrFold<arith::MinSIOp>(lhs, rhs);
  }
  Value sub(Value lhs, Value rhs) {
    return b.createOrFold<arith::SubIOp>(lhs, rhs);
  }
  Value add(Value lhs, Value rhs) {
    return b.createOrFold<arith::AddIOp>(lhs, rhs);
  }

  /// The first column of C that panel `panel` of the block at `blockStart`
  /// covers.
  Value panelColumn(Value blockStart, Value panel) {
    return add(blockStart,
               b.createOrFold<arith::MulIOp>(panel, index(columns)));
  }

  /// A loop from 0 to `upper` by `step` whose body `body` gets the induction
  /// variable with the builder inside the loop.
  void forLoop(Value upper, Value step, function_ref<void(Value)> body) {
    forRange(zeroIndex, upper, step, body);
  }

  /// Whether a tile of `tileRows` x `width` has every row and column
  /// inside, `rowsLeft` and `columnsLeft` of them remaining.
  Value isWholeTile(Value rowsLeft, int64_t tileRows, Value columnsLeft,
                    int64_t width) {
    Value allRows = arith::CmpIOp::create(b, arith::CmpIPredicate::sge,
                                          rowsLeft, index(tileRows));
    Value allColumns = arith::CmpIOp::create(b, arith::CmpIPredicate::sge,
                                             columnsLeft, index(width));
    return arith::AndIOp::create(b, allRows, allColumns);
  }

  /// Emits `body(false)` where `whole` holds and `body(true)`, its masked
  /// form, where it does not.
  void emitWholeOrMasked(Value whole, function_ref<void(bool masked)> body) {
    auto ifWhole = scf::IfOp::create(b, whole, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifWhole.thenBlock()->getTerminator());
    body(/*masked=*/false);
    b.setInsertionPoint(ifWhole.elseBlock()->getTerminator());
    body(/*masked=*/true);
  }

  /// A loop from `lower` to `upper` by `step`, as forLoop.
  void forRange(Value lower, Value upper, Value step,
                function_ref<void(Value)> body) {
    auto loop = scf::ForOp::create(b, lower, upper, step);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    body(loop.getInductionVar());
  }

  /// The indices of `operand` for the current loop values.
  SmallVector<Value> indices(OpOperand *operand) {
    SmallVector<Value> result;
    for (AffineExpr expr : op.getMatchingIndexingMap(operand).getResults())
      result.push_back(loopValues[cast<AffineDimExpr>(expr).getPosition()]);
    return result;
  }

  void emitOuterLoops(unsigned position) {
    if (position == view.outerLoops.size())
      return emitColumnBlocks();
    unsigned loop = view.outerLoops[position];
    forLoop(sizes[loop], oneIndex, [&](Value iv) {
      loopValues[loop] = iv;
      emitOuterLoops(position + 1);
    });
  }

  void emitColumnBlocks() {
    Value n = sizes[view.n];
    forLoop(n, index(columnBlock), [&](Value blockStart) {
      Value blockColumns = min(index(columnBlock), sub(n, blockStart));
      Value panels = ceilDiv(blockColumns, columns);
      Value k = sizes[view.k];
      forLoop(k, depthStep, [&](Value depthStart) {
        Value depth = min(depthStep, sub(k, depthStart));
        if (fill) {
          isFirstBlock = arith::CmpIOp::create(b, arith::CmpIPredicate::eq,
                                               depthStart, zeroIndex);
          for (unsigned loop : view.outerLoops)
            if (iteratorTypes[loop] == utils::IteratorType::reduction)
              isFirstBlock = arith::AndIOp::create(
                  b, isFirstBlock,
                  arith::CmpIOp::create(b, arith::CmpIPredicate::eq,
                                        loopValues[loop], zeroIndex));
        }
        if (dotProducts) {
          forRange(
              blockStart, add(blockStart, blockColumns), index(dotColumns),
              [&](Value column) { emitDotColumns(column, depthStart, depth); });
          return;
        }
        // A last panel of a few columns goes through dot products: it is
        // neither packed nor tiled.
        Value tilePanels = panels, dotEdge;
        if (hasDotEdge()) {
          Value lastColumns =
              sub(blockColumns, b.createOrFold<arith::MulIOp>(
                                    sub(panels, oneIndex), index(columns)));
          dotEdge = arith::CmpIOp::create(b, arith::CmpIPredicate::sle,
                                          lastColumns, index(dotColumns));
          tilePanels = arith::SelectOp::create(b, dotEdge,
                                               sub(panels, oneIndex), panels);
        }
        if (packedBuffers[1]) {
          emitPipelinedPacking(blockStart, tilePanels, depthStart, depth);
        } else if (!directRhs && !tilesUnderPanels) {
          emitPacking(blockStart, tilePanels, depthStart, depth);
        }
        emitRowTiles(blockStart, tilePanels, depthStart, depth);
        if (dotEdge) {
          auto ifEdge = scf::IfOp::create(b, dotEdge, /*withElseRegion=*/false);
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(ifEdge.thenBlock()->getTerminator());
          emitDotColumns(panelColumn(blockStart, tilePanels), depthStart,
                         depth);
        }
      });
    });
  }

  /// Whether each block of B is packed under the tiles of the block before
  /// it, into the other of two buffers (emitPipelinedPacking), rather than
  /// all at once before its own tiles: for B contiguous along `n`, a few
  /// rows known at compile time (at most `fewRows`) and more than one
  /// block, counting those of every iteration of the outer loops (a
  /// batch's first block is packed under the last one's tiles of the batch
  /// before it). With few rows the tiles of a block are few: packing each
  /// block before them took 14% of x(64, 2048) @ W(2048, 2048) in f32
  /// (perf, 2 threads, Zen 4). Under the tiles before it, the same GEMM in
  /// f64 took 0.94 of the time, and of 128 rows in f32 0.975 (at most 64
  /// rows of f32 read B where it lies instead). Many rows amortize packing
  /// over many tiles, and one block has no block before it.
  bool pipelinesPacking() {
    int64_t m = staticSize(view.m), n = staticSize(view.n),
            k = staticSize(view.k);
    if (!view.rhsRowsContiguous || directRhs || dotProducts ||
        tilesUnderPanels || ShapedType::isDynamic(m) || m > fewRows)
      return false;
    return !view.outerLoops.empty() || ShapedType::isDynamic(n) ||
           ShapedType::isDynamic(k) || n > columnBlock || k > depthBlock;
  }

  /// The block of B at `blockStart` and `depthStart` in the buffer of its
  /// place in the sequence of blocks of all iterations of the outer loops,
  /// and the block after it (in the other buffer, possibly in the next
  /// iteration), which the tiles of this one pack (nextBlock): the very
  /// first block is packed here.
  void emitPipelinedPacking(Value blockStart, Value panels, Value depthStart,
                            Value depth) {
    Value k = sizes[view.k], n = sizes[view.n];
    Value depthBlocks = b.createOrFold<arith::CeilDivUIOp>(k, depthStep);
    Value blocks = b.createOrFold<arith::MulIOp>(
        b.createOrFold<arith::CeilDivUIOp>(n, index(columnBlock)), depthBlocks);
    // The blocks of the iterations of the outer loops before this one.
    Value iteration = zeroIndex;
    for (unsigned loop : view.outerLoops)
      iteration = add(b.createOrFold<arith::MulIOp>(iteration, sizes[loop]),
                      loopValues[loop]);
    Value ordinal = add(
        add(b.createOrFold<arith::MulIOp>(iteration, blocks),
            b.createOrFold<arith::MulIOp>(
                b.createOrFold<arith::DivUIOp>(blockStart, index(columnBlock)),
                depthBlocks)),
        b.createOrFold<arith::DivUIOp>(depthStart, depthStep));
    Value odd = arith::TruncIOp::create(
        b, b.getI1Type(),
        arith::IndexCastUIOp::create(b, b.getI64Type(), ordinal));
    packed =
        arith::SelectOp::create(b, odd, packedBuffers[1], packedBuffers[0]);
    nextBlock.packed =
        arith::SelectOp::create(b, odd, packedBuffers[0], packedBuffers[1]);
    Value first =
        arith::CmpIOp::create(b, arith::CmpIPredicate::eq, ordinal, zeroIndex);
    {
      auto ifFirst = scf::IfOp::create(b, first, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(ifFirst.thenBlock()->getTerminator());
      emitPackedRows(packed, blockStart, panels, depthStart, zeroIndex, depth);
    }
    // The next block: deeper in the same columns, else the first depth of
    // the next columns, else the first block of the next iteration of the
    // outer loops, else none (no rows to pack).
    Value nextDepthStart = add(depthStart, depthStep);
    Value sameColumns =
        arith::CmpIOp::create(b, arith::CmpIPredicate::slt, nextDepthStart, k);
    Value followingStart = add(blockStart, index(columnBlock));
    Value sameIteration = arith::OrIOp::create(
        b, sameColumns,
        arith::CmpIOp::create(b, arith::CmpIPredicate::slt, followingStart, n));
    nextBlock.blockStart = arith::SelectOp::create(
        b, sameIteration,
        arith::SelectOp::create(b, sameColumns, blockStart, followingStart),
        zeroIndex);
    nextBlock.depthStart =
        arith::SelectOp::create(b, sameColumns, nextDepthStart, zeroIndex);
    Value exists = sameIteration;
    nextBlock.outerValues.clear();
    if (!view.outerLoops.empty()) {
      auto [stepped, wrapped] = stepOuterLoops();
      for (unsigned loop : view.outerLoops)
        nextBlock.outerValues.push_back(arith::SelectOp::create(
            b, sameIteration, loopValues[loop], stepped[loop]));
      exists = arith::OrIOp::create(
          b, exists,
          arith::XOrIOp::create(
              b, wrapped, arith::ConstantOp::create(b, b.getBoolAttr(true))));
    }
    Value nextColumns = b.createOrFold<arith::MaxSIOp>(
        min(index(columnBlock), sub(n, nextBlock.blockStart)), zeroIndex);
    nextBlock.panels = ceilDiv(nextColumns, columns);
    nextBlock.depth = arith::SelectOp::create(
        b, exists, min(depthStep, sub(k, nextBlock.depthStart)), zeroIndex);
  }

  /// The share of the rows of the next block (nextBlock) that the tile of
  /// row tile `rowStart` against panel `panel` of `panels` packs: the rows
  /// spread over all tiles of the block, so that their loads run under
  /// the tiles' FMAs rather than all at once before the next block. The
  /// shares are as even as whole rows make them, not whole groups of
  /// packedRowGroup rows: W4's 64 rows of the next batch over 40 tiles
  /// went to 8 tiles in groups of 8, and the GEMM ran at 151 GFLOP/s; in
  /// rows of 2 over 32 tiles, at 158 (8 of W4's batches on one thread,
  /// AVX-512; 32 on 2 threads, 298 -> 305). x(64, 2048) @ W(2048, 2048)
  /// took the same time either way.
  void emitNextBlockShare(Value rowStart, Value panels, Value panel) {
    Value tiles = ceilDiv(sizes[view.m], rows);
    Value tile = b.createOrFold<arith::DivUIOp>(rowStart, index(rows));
    Value slots = b.createOrFold<arith::MulIOp>(tiles, panels);
    Value slot = add(b.createOrFold<arith::MulIOp>(tile, panels), panel);
    Value share = b.createOrFold<arith::CeilDivUIOp>(nextBlock.depth, slots);
    Value first =
        min(b.createOrFold<arith::MulIOp>(slot, share), nextBlock.depth);
    Value last = min(add(first, share), nextBlock.depth);
    SmallVector<Value> saved = loopValues;
    for (auto [loop, value] :
         llvm::zip_equal(view.outerLoops, nextBlock.outerValues))
      loopValues[loop] = value;
    emitPackedRows(nextBlock.packed, nextBlock.blockStart, nextBlock.panels,
                   nextBlock.depthStart, first, last);
    loopValues = std::move(saved);
  }

  /// The values of the loops of the next iteration of the outer loops (the
  /// innermost one counting up, carrying into the ones outside it), indexed
  /// as loopValues, and whether the current iteration is the last (every
  /// loop wraps to 0).
  std::pair<SmallVector<Value>, Value> stepOuterLoops() {
    SmallVector<Value> values = loopValues;
    // Whether every loop inside the current one wraps (none: the innermost
    // always steps).
    Value carry;
    for (unsigned loop : llvm::reverse(view.outerLoops)) {
      Value next = add(loopValues[loop], oneIndex);
      Value wraps = arith::CmpIOp::create(b, arith::CmpIPredicate::sge, next,
                                          sizes[loop]);
      Value stepped = arith::SelectOp::create(b, wraps, zeroIndex, next);
      values[loop] =
          carry ? arith::SelectOp::create(b, carry, stepped, loopValues[loop])
                : stepped;
      carry = carry ? arith::AndIOp::create(b, carry, wraps) : wraps;
    }
    return {values, carry};
  }

  /// into[p][d][c] = B[k = depthStart + d, n = blockStart + p * columns + c]
  /// for d from `firstRow` to `lastRow`, zero past the last column, where B
  /// is contiguous along `n`: a row of a panel is a masked vector load. The
  /// rows go in groups of `packedRowGroup`, each group a panel at a time:
  /// the block's part of a group's rows of B is read in one sweep, while
  /// the stores fill whole lines of a panel in turn.
  void emitPackedRows(Value into, Value blockStart, Value panels,
                      Value depthStart, Value firstRow, Value lastRow) {
    forRange(firstRow, lastRow, index(packedRowGroup), [&](Value groupStart) {
      emitPanelRows(into, blockStart, panels, depthStart, groupStart,
                    min(add(groupStart, index(packedRowGroup)), lastRow));
    });
  }

  /// into[p][d][c] as emitPackedRows, for d from `firstRow` to `lastRow`,
  /// a panel at a time.
  void emitPanelRows(Value into, Value blockStart, Value panels,
                     Value depthStart, Value firstRow, Value lastRow) {
    Value n = sizes[view.n];
    forLoop(panels, oneIndex, [&](Value panel) {
      Value column = panelColumn(blockStart, panel);
      Value mask =
          vector::CreateMaskOp::create(b, maskType, ValueRange{sub(n, column)});
      forRange(firstRow, lastRow, oneIndex, [&](Value d) {
        loopValues[view.k] = add(depthStart, d);
        loopValues[view.n] = column;
        Value row =
            vector::MaskedLoadOp::create(b, vectorType, view.rhs->get(),
                                         indices(view.rhs), mask, zeroVector);
        vector::StoreOp::create(b, row, into, ValueRange{panel, d, zeroIndex});
      });
    });
  }

  /// packed[p][d][c] = B[k = depthStart + d, n = blockStart + p * columns + c],
  /// zero past the last column.
  void emitPacking(Value blockStart, Value panels, Value depthStart,
                   Value depth) {
    // B contiguous along `n`: a row of a panel is a masked vector load.
    if (view.rhsRowsContiguous)
      return emitPanelRows(packed, blockStart, panels, depthStart, zeroIndex,
                           depth);
    Value n = sizes[view.n];
    Value rhs = view.rhs->get();
    forLoop(panels, oneIndex, [&](Value panel) {
      Value column = panelColumn(blockStart, panel);
      // B is strided along n. Contiguous along the depth (attention
      // scores), whole blocks of the depth go through register transposes.
      Value packedDepth = zeroIndex;
      if (isRhsDepthContiguous())
        packedDepth = emitTransposedBlocks(panel, column, depthStart, depth);
      // The rest: a column of the panel at a time, so that the innermost
      // loop reads B along the depth; columns past the end are zero.
      forLoop(index(columns), oneIndex, [&](Value c) {
        Value want = add(column, c);
        Value inside =
            arith::CmpIOp::create(b, arith::CmpIPredicate::slt, want, n);
        auto ifInside = scf::IfOp::create(b, inside, /*withElseRegion=*/true);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(ifInside.thenBlock()->getTerminator());
        loopValues[view.n] = want;
        forRange(packedDepth, depth, oneIndex, [&](Value d) {
          loopValues[view.k] = add(depthStart, d);
          Value element = memref::LoadOp::create(b, rhs, indices(view.rhs));
          memref::StoreOp::create(b, element, packed, ValueRange{panel, d, c});
        });
        b.setInsertionPoint(ifInside.elseBlock()->getTerminator());
        forRange(packedDepth, depth, oneIndex, [&](Value d) {
          memref::StoreOp::create(b, zeroElement, packed,
                                  ValueRange{panel, d, c});
        });
      });
    });
  }

  /// Whether B's last dimension is the depth, with unit stride, and square
  /// blocks of a vector's elements transpose in registers (16 x 16 f32:
  /// the shuffles convert-vector-to-llvm's shuffle_16x16 lowering emits).
  bool isRhsDepthContiguous() {
    return transposesInRegisters(elementType, vectorBits) &&
           isContiguousAlong(op, view.rhs, view.k);
  }

  /// Packs the whole blocks of `vectorLanes` depths of the panel at
  /// `column`: each block of columns is read as vectors along the depth,
  /// transposed in registers and stored as rows of the panel. A block of
  /// columns all inside B is read with plain loads; one that ends past the
  /// last column with masked ones (a column past the end as zeros); one
  /// that starts past it is not packed, since only the narrow tile of a
  /// last panel, which reads the first block alone, runs there. Returns the
  /// depth packed.
  Value emitTransposedBlocks(Value panel, Value column, Value depthStart,
                             Value depth) {
    int64_t width = vectorLanes;
    Value n = sizes[view.n];
    Value wholeDepth = b.createOrFold<arith::MulIOp>(
        b.createOrFold<arith::DivUIOp>(depth, index(width)), index(width));
    forLoop(wholeDepth, index(width), [&](Value d0) {
      for (int64_t part = 0; part < columns / width; ++part) {
        Value partColumn = add(column, index(part * width));
        Value whole = arith::CmpIOp::create(b, arith::CmpIPredicate::sle,
                                            add(partColumn, index(width)), n);
        auto ifWhole = scf::IfOp::create(b, whole, /*withElseRegion=*/true);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(ifWhole.thenBlock()->getTerminator());
        emitTransposedBlock(panel, partColumn, part, depthStart, d0,
                            /*masked=*/false);
        b.setInsertionPoint(ifWhole.elseBlock()->getTerminator());
        if (part == 0) {
          // The first block of a panel always has a column inside B.
          emitTransposedBlock(panel, partColumn, part, depthStart, d0,
                              /*masked=*/true);
          continue;
        }
        Value started =
            arith::CmpIOp::create(b, arith::CmpIPredicate::slt, partColumn, n);
        auto ifStarted =
            scf::IfOp::create(b, started, /*withElseRegion=*/false);
        b.setInsertionPoint(ifStarted.thenBlock()->getTerminator());
        emitTransposedBlock(panel, partColumn, part, depthStart, d0,
                            /*masked=*/true);
      }
    });
    return wholeDepth;
  }

  /// One block of emitTransposedBlocks: the `vectorLanes` columns from
  /// `partColumn` (block `part` of the panel) at depths `d0` on.
  void emitTransposedBlock(Value panel, Value partColumn, int64_t part,
                           Value depthStart, Value d0, bool masked) {
    int64_t width = vectorLanes;
    auto rowType = VectorType::get({width}, elementType);
    auto rowMaskType = VectorType::get({width}, b.getI1Type());
    Value n = sizes[view.n];
    Value rhs = view.rhs->get();
    Value zeroRow = arith::ConstantOp::create(
        b, DenseElementsAttr::get(rowType, b.getZeroAttr(elementType)));
    Value full = index(width);
    loopValues[view.k] = add(depthStart, d0);
    SmallVector<Value> block;
    for (int64_t c = 0; c < width; ++c) {
      Value want = add(partColumn, index(c));
      if (!masked) {
        loopValues[view.n] = want;
        block.push_back(
            vector::LoadOp::create(b, rowType, rhs, indices(view.rhs)));
        continue;
      }
      Value inside =
          arith::CmpIOp::create(b, arith::CmpIPredicate::slt, want, n);
      // A column past the end reads nothing (from the block's first
      // column, which exists).
      loopValues[view.n] = arith::SelectOp::create(b, inside, want, partColumn);
      Value count = arith::SelectOp::create(b, inside, full, zeroIndex);
      Value mask =
          vector::CreateMaskOp::create(b, rowMaskType, ValueRange{count});
      block.push_back(vector::MaskedLoadOp::create(
          b, rowType, rhs, indices(view.rhs), mask, zeroRow));
    }
    SmallVector<Value> transposed = transposeInLanes(block);
    for (int64_t d = 0; d < width; ++d)
      vector::StoreOp::create(
          b, transposed[d], packed,
          ValueRange{panel, add(d0, index(d)), index(part * width)});
  }

  /// The transpose of `rows`, as many as each has elements (a power of two,
  /// at least a shuffle lane's: transposesInRegisters), as rounds of
  /// two-source shuffles. Within each 128-bit lane first: pairs of rows
  /// interleaved element by element (unpcklps/unpckhps; unpcklpd/unpckhpd
  /// for f64), then for f32 pairs of elements of those two rows apart
  /// (unpcklpd/unpckhpd), which transposes each lane's square of elements
  /// in place. Then whole lanes: the grid of squares is transposed by
  /// swapping the off-diagonal halves of each 2 x 2 group of them, groups
  /// of 1, then 2 squares a side (vshuff32x4 and the like; one round of
  /// vperm2f128 for 256-bit vectors). For 16 x 16 f32, the 64 shuffles of
  /// AVX-512's classic transpose. A 2-D vector.transpose would not survive
  /// to LLVM as such: the canonicalizer scalarizes a transpose of rows
  /// built by inserts into element moves.
  SmallVector<Value> transposeInLanes(ArrayRef<Value> rows) {
    int64_t size = rows.size();
    int64_t lane = shuffleLaneBits / elementType.getIntOrFloatBitWidth();
    int64_t lanes = size / lane;
    // Element i of a round's result comes from element pick(i) of the
    // concatenation of its two sources (the second from `size` on).
    auto shuffle = [&](Value first, Value second,
                       function_ref<int64_t(int64_t)> pick) {
      SmallVector<int64_t> mask;
      for (int64_t i = 0; i < size; ++i)
        mask.push_back(pick(i));
      return vector::ShuffleOp::create(b, first, second, mask).getResult();
    };
    // Within each lane: the `half`-th half of the lane's elements of the
    // first source interleaved with the second's.
    auto interleave = [&](Value x, Value y, int64_t half) {
      return shuffle(x, y, [&](int64_t i) {
        int64_t at = i % lane;
        return (i / lane) * lane + half * lane / 2 + at / 2 + (at % 2) * size;
      });
    };
    // Within each lane of 4: a pair of the first source, then the same
    // pair of the second.
    auto pairs = [&](Value x, Value y, int64_t half) {
      return shuffle(x, y, [&](int64_t i) {
        int64_t at = i % lane;
        return (i / lane) * lane + 2 * half + at % 2 + (at / 2) * size;
      });
    };
    // Whole lanes: lane j of the result is lane from(j) of the
    // concatenation of the two sources, the second's numbered from `lanes`.
    auto wholeLanes = [&](Value x, Value y,
                          function_ref<int64_t(int64_t)> from) {
      return shuffle(x, y, [&](int64_t i) {
        int64_t source = from(i / lane);
        return (source % lanes) * lane + (source / lanes) * size + i % lane;
      });
    };
    SmallVector<Value> current(rows.begin(), rows.end()), next(size);
    for (int64_t i = 0; i < size / 2; ++i) {
      next[2 * i] = interleave(current[2 * i], current[2 * i + 1], 0);
      next[2 * i + 1] = interleave(current[2 * i], current[2 * i + 1], 1);
    }
    std::swap(current, next);
    if (lane == 4) {
      // Each vector now holds, lane by lane, pairs of elements of 2 rows.
      for (int64_t i = 0; i < size / 4; ++i)
        for (int64_t j = 0; j < 2; ++j) {
          Value x = current[4 * i + j], y = current[4 * i + j + 2];
          next[4 * i + 2 * j] = pairs(x, y, 0);
          next[4 * i + 2 * j + 1] = pairs(x, y, 1);
        }
      std::swap(current, next);
    }
    // Each lane's square is transposed; now the grid of squares, `span`
    // squares a side at a time.
    for (int64_t span = 1; span < lanes; span *= 2) {
      for (int64_t row = 0; row < size; ++row) {
        if ((row / lane) & span)
          continue;
        Value x = current[row], y = current[row + span * lane];
        next[row] = wholeLanes(
            x, y, [&](int64_t j) { return j & span ? lanes + j - span : j; });
        next[row + span * lane] = wholeLanes(
            x, y, [&](int64_t j) { return j & span ? lanes + j : j + span; });
      }
      std::swap(current, next);
    }
    return current;
  }

  /// Whether a last panel of at most `dotColumns` columns runs as dot
  /// products: both operands contiguous along the depth, B transposed in
  /// registers, and vectors of at least `dotColumns` lanes.
  /// A static number of columns whose last panel is wider has none.
  bool hasDotEdge() {
    if (vectorLanes < dotColumns || !isRhsDepthContiguous() ||
        !isLhsDepthContiguous())
      return false;
    int64_t n = staticSize(view.n);
    return ShapedType::isDynamic(n) || n == 0 ||
           (n - 1) % columns + 1 <= dotColumns;
  }

  /// The columns of C from `column` to the end (at most `dotColumns`) for
  /// this depth block, as dot products of rows of A and rows of B read
  /// along the depth: `dotRows` rows at a time, each pair of a row and a
  /// column summed in a vector of `vectorLanes` of its own (as many vectors as
  /// lanes), the vectors' lanes summed together at the end of the depth
  /// into one vector of the round's outputs.
  void emitDotColumns(Value column, Value depthStart, Value depth) {
    int64_t lanes = vectorLanes, dotRows = lanes / dotColumns;
    auto rowType = VectorType::get({lanes}, elementType);
    auto rowMaskType = VectorType::get({lanes}, b.getI1Type());
    auto partType = VectorType::get({dotColumns}, elementType);
    auto partMaskType = VectorType::get({dotColumns}, b.getI1Type());
    Value m = sizes[view.m], n = sizes[view.n];
    Value lastRow = sub(m, oneIndex), lastColumn = sub(n, oneIndex);
    Value columnsLeft = sub(n, column);
    Value zeroRow = arith::ConstantOp::create(
        b, DenseElementsAttr::get(rowType, b.getZeroAttr(elementType)));
    // Columns past the end read the last one and store nothing.
    SmallVector<Value> columnIndices;
    for (int64_t c = 0; c < dotColumns; ++c)
      columnIndices.push_back(min(add(column, index(c)), lastColumn));
    Value wholeDepth = b.createOrFold<arith::MulIOp>(
        b.createOrFold<arith::DivUIOp>(depth, index(lanes)), index(lanes));
    forLoop(m, index(dotRows), [&](Value rowStart) {
      SmallVector<Value> rowIndices;
      for (int64_t r = 0; r < dotRows; ++r)
        rowIndices.push_back(min(add(rowStart, index(r)), lastRow));
      // One step of the depth: every row against every column.
      auto step = [&](ImplicitLocOpBuilder &at, Value d, ValueRange sums,
                      Value mask) {
        loopValues[view.k] = at.createOrFold<arith::AddIOp>(depthStart, d);
        auto load = [&](OpOperand *operand) -> Value {
          if (!mask)
            return vector::LoadOp::create(at, rowType, operand->get(),
                                          indices(operand));
          return vector::MaskedLoadOp::create(at, rowType, operand->get(),
                                              indices(operand), mask, zeroRow);
        };
        SmallVector<Value> lhsRows, rhsRows, updated;
        for (Value row : rowIndices) {
          loopValues[view.m] = row;
          lhsRows.push_back(load(view.lhs));
        }
        for (Value c : columnIndices) {
          loopValues[view.n] = c;
          rhsRows.push_back(load(view.rhs));
        }
        for (int64_t r = 0; r < dotRows; ++r)
          for (int64_t c = 0; c < dotColumns; ++c)
            updated.push_back(vector::FMAOp::create(at, lhsRows[r], rhsRows[c],
                                                    sums[r * dotColumns + c]));
        return updated;
      };
      SmallVector<Value> initial(lanes, zeroRow);
      auto loop = scf::ForOp::create(
          b, zeroIndex, wholeDepth, index(lanes), initial,
          [&](OpBuilder &nested, Location loc, Value d, ValueRange sums) {
            ImplicitLocOpBuilder body(loc, nested);
            scf::YieldOp::create(body, step(body, d, sums, Value()));
          });
      // The depths past the last whole vector, from masked loads.
      Value partial = arith::CmpIOp::create(b, arith::CmpIPredicate::slt,
                                            wholeDepth, depth);
      auto ifPartial = scf::IfOp::create(
          b, partial,
          [&](OpBuilder &nested, Location loc) {
            ImplicitLocOpBuilder body(loc, nested);
            Value mask = vector::CreateMaskOp::create(
                body, rowMaskType,
                ValueRange{
                    body.createOrFold<arith::SubIOp>(depth, wholeDepth)});
            scf::YieldOp::create(
                body, step(body, wholeDepth, loop.getResults(), mask));
          },
          [&](OpBuilder &nested, Location loc) {
            scf::YieldOp::create(nested, loc, loop.getResults());
          });
      Value outputs =
          sumLanesOfEach(SmallVector<Value>(ifPartial.getResults()));
      Value rowsLeft = sub(m, rowStart);
      loopValues[view.n] = column;
      // Each row's part of C plus its sums; plain loads and stores where
      // every row and column is inside (a masked store is many micro-ops
      // with AVX2 on AMD's cores: see emitTile).
      auto updateRows = [&](bool masked) {
        for (int64_t r = 0; r < dotRows; ++r) {
          Value part = vector::ExtractStridedSliceOp::create(
              b, outputs, ArrayRef<int64_t>{r * dotColumns},
              ArrayRef<int64_t>{dotColumns}, ArrayRef<int64_t>{1});
          loopValues[view.m] = rowIndices[r];
          Value mask, before;
          if (masked) {
            Value rowInside = arith::CmpIOp::create(
                b, arith::CmpIPredicate::slt, index(r), rowsLeft);
            Value count =
                arith::SelectOp::create(b, rowInside, columnsLeft, zeroIndex);
            mask = vector::CreateMaskOp::create(b, partMaskType,
                                                ValueRange{count});
            Value partZero = arith::ConstantOp::create(
                b,
                DenseElementsAttr::get(partType, b.getZeroAttr(elementType)));
            before =
                vector::MaskedLoadOp::create(b, partType, view.out->get(),
                                             indices(view.out), mask, partZero);
          } else {
            before = vector::LoadOp::create(b, partType, view.out->get(),
                                            indices(view.out));
          }
          if (fill) {
            // The first block of the depth starts from the fill value.
            Value splat = vector::BroadcastOp::create(b, partType,
                                                      fill.getInputs().front());
            before = arith::SelectOp::create(b, isFirstBlock, splat, before);
          }
          Value after = arith::AddFOp::create(b, before, part);
          if (masked)
            vector::MaskedStoreOp::create(b, view.out->get(), indices(view.out),
                                          mask, after);
          else
            vector::StoreOp::create(b, after, view.out->get(),
                                    indices(view.out));
        }
      };
      emitWholeOrMasked(isWholeTile(rowsLeft, dotRows, columnsLeft, dotColumns),
                        updateRows);
    });
  }

  /// Lane j of the result: the sum of the lanes of `vectors[j]`, one vector
  /// per lane. Each round adds pairs of vectors into one, lanes of both
  /// folded together: after a round of span s, lane l of a vector holds a
  /// part of the sum of its (l mod 2s)-th input, so that the last round
  /// leaves each sum whole in its own lane (15 rounds of two shuffles and
  /// an add for 16 lanes, not 16 reductions of a vector each).
  Value sumLanesOfEach(SmallVector<Value> vectors) {
    int64_t lanes = vectors.size();
    for (int64_t span = 1; span < lanes; span *= 2) {
      SmallVector<Value> folded;
      for (size_t i = 0; i + 1 < vectors.size(); i += 2) {
        SmallVector<int64_t> low, high;
        for (int64_t l = 0; l < lanes; ++l) {
          bool fromFirst = l % (2 * span) < span;
          low.push_back(fromFirst ? l : lanes + l - span);
          high.push_back(fromFirst ? l + span : lanes + l);
        }
        Value x = vectors[i], y = vectors[i + 1];
        folded.push_back(
            arith::AddFOp::create(b, vector::ShuffleOp::create(b, x, y, low),
                                  vector::ShuffleOp::create(b, x, y, high)));
      }
      vectors = std::move(folded);
    }
    return vectors.front();
  }

  /// Every tile of `rows` rows of C against every panel of the block. A
  /// last panel of at most half its columns gets a tile half as wide: the
  /// FMAs of the other half would only compute zeros of the padding.
  void emitRowTiles(Value blockStart, Value panels, Value depthStart,
                    Value depth) {
    if (tilesUnderPanels)
      return emitTilesUnderPanels(blockStart, panels, depthStart, depth);
    Value m = sizes[view.m], n = sizes[view.n], k = sizes[view.k];
    Value lastRow = sub(m, oneIndex);
    // A tile reads its tile of C again a sweep of the block's columns
    // later, and the rows of A of its depth block a sweep later too: in
    // between pass the block's rows of A and its sweep of C. Where both
    // together take more than twice as much as the cache keeps besides the
    // block of B, A has left it (W7 2048 in f32, 1024 rows a thread, depth
    // blocks of 256 and 768 columns: 1 MiB of A, 3 MiB of C; copying each
    // tile's rows of A, which waited for memory, took 4.3% of the time
    // without these prefetches and 0.3% with them, 55.6 -> 55.2 ms,
    // AVX-512 with 2 MiB of L2, 2 threads; at 1024 rows in all, 0.5 and
    // 1.5 MiB, prefetching A made it 1.5% slower, at 1536 neither). In a
    // small GEMM both are still in the cache, and prefetches only cost (W4
    // with its sizes unknown until run time: 0.179 ms with them, 0.171
    // without). Where a size is unknown, the tests run with the op.
    Value sweepColumns = min(n, index(columnBlock));
    Value prefetchLhs;
    if (isLhsDepthContiguous())
      prefetchLhs = exceedsStaleBytes(m, add(min(k, depthStep), sweepColumns),
                                      /*staleMultiple=*/2);
    Value prefetchOut = exceedsStaleBytes(m, sweepColumns);
    // The first depth block finds C where the code before the op left it:
    // a C (every GEMM of a batch) more than four times what the cache
    // keeps has left it, and each tile would wait for its lines before its
    // stores. Zen 4, 2 threads, 1 MiB of L2 (3 MiB here): W5, 5 MiB of C a
    // thread, 0.87-0.93 of the time with these prefetches; W4 with 128
    // GEMMs, 3.3 MiB, 0.89-0.94; W4, 0.8 MiB, was 1.025 with them.
    if (isFirstBlock) {
      Value outRows = m;
      for (unsigned loop : view.outerLoops)
        if (iteratorTypes[loop] == utils::IteratorType::parallel)
          outRows = b.createOrFold<arith::MulIOp>(outRows, sizes[loop]);
      prefetchOut = b.createOrFold<arith::OrIOp>(
          prefetchOut, b.createOrFold<arith::AndIOp>(
                           isFirstBlock,
                           exceedsStaleBytes(outRows, n, /*staleMultiple=*/4)));
    }
    Value lastBlock;
    if (prefetchesNextIteration())
      lastBlock = isLastBlock(blockStart, depthStart);
    forLoop(m, index(rows), [&](Value rowStart) {
      // Rows past the end read the last row and store nothing.
      SmallVector<Value> rowIndices;
      for (int64_t r = 0; r < rows; ++r)
        rowIndices.push_back(min(add(rowStart, index(r)), lastRow));
      Value rowsLeft = sub(m, rowStart);
      if (packedLhs)
        emitLhsPacking(rowIndices, rowStart, rowsLeft, depthStart, depth);
      std::optional<PrefetchRows> prefetchRows;
      if (view.rhsRowsContiguous &&
          (!directRhs || prefetchesNextBlockDirectly()))
        prefetchRows = getPrefetchRows(rowStart, depthStart);
      forLoop(panels, oneIndex, [&](Value panel) {
        Value column = panelColumn(blockStart, panel);
        Value columnsLeft = sub(n, column);
        if (directRhs)
          setNextPanel(blockStart, panels, panel, column, depthStart);
        if (lastBlock) {
          auto ifLast =
              scf::IfOp::create(b, lastBlock, /*withElseRegion=*/false);
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(ifLast.thenBlock()->getTerminator());
          emitNextIterationPrefetch(rowStart, panels, panel);
        }
        if (prefetchRows)
          emitNextBlockPrefetch(*prefetchRows, column);
        if (packedBuffers[1])
          emitNextBlockShare(rowStart, panels, panel);
        // What the next tiles read from memory comes in under this one.
        if (prefetchLhs && !matchPattern(prefetchLhs, m_Zero()))
          emitNextRowsPrefetch(panels, panel, rowStart, depthStart,
                               prefetchLhs);
        if (!matchPattern(prefetchOut, m_Zero())) {
          OpBuilder::InsertionGuard guard(b);
          if (!matchPattern(prefetchOut, m_One())) {
            auto ifStale =
                scf::IfOp::create(b, prefetchOut, /*withElseRegion=*/false);
            b.setInsertionPoint(ifStale.thenBlock()->getTerminator());
          }
          emitNextTilePrefetch(blockStart, panels, panel, column, rowStart,
                               rowIndices);
        }
        // Rows unknown until run time: a last tile of at most half the
        // rows is half as high, rather than padding the rest (64 rows in
        // tiles of 12 computed 72).
        int64_t shortRows = rows / 2;
        if (!ShapedType::isDynamic(staticSize(view.m)) || directRhs ||
            shortRows < minimumShortTileRows) {
          emitTileWidths(panel, column, columnsLeft, rowIndices, rowsLeft,
                         depthStart, depth);
          return;
        }
        Value isShort = arith::CmpIOp::create(b, arith::CmpIPredicate::sle,
                                              rowsLeft, index(shortRows));
        emitIfElse(
            isShort,
            [&] {
              emitTileWidths(panel, column, columnsLeft,
                             ArrayRef<Value>(rowIndices).take_front(shortRows),
                             rowsLeft, depthStart, depth);
            },
            [&] {
              emitTileWidths(panel, column, columnsLeft, rowIndices, rowsLeft,
                             depthStart, depth);
            });
      });
    });
  }

  /// The row tiles of C in this depth block, all under one panel of B
  /// before the next (runsTilesUnderPanels): A's part of the block packed
  /// for every tile first; then, for each panel, the first row tile reads
  /// it from B where it lies and stores it packed, and the other tiles
  /// read the packed copy from the L1 cache, each prefetching its share of
  /// the next panel. The rows are known at compile time and make more
  /// than two tiles.
  void emitTilesUnderPanels(Value blockStart, Value panels, Value depthStart,
                            Value depth) {
    Value m = sizes[view.m], n = sizes[view.n];
    Value lastRow = sub(m, oneIndex);
    auto forRowTiles = [&](Value firstRow,
                           function_ref<void(ArrayRef<Value>, Value)> body) {
      forRange(firstRow, m, index(rows), [&](Value rowStart) {
        SmallVector<Value> rowIndices;
        for (int64_t r = 0; r < rows; ++r)
          rowIndices.push_back(min(add(rowStart, index(r)), lastRow));
        lhsTileRow = rowStart;
        body(rowIndices, rowStart);
        lhsTileRow = Value();
      });
    };
    if (packedLhs)
      forRowTiles(zeroIndex, [&](ArrayRef<Value> rowIndices, Value rowStart) {
        emitLhsPacking(rowIndices, rowStart, sub(m, rowStart), depthStart,
                       depth);
      });
    forLoop(panels, oneIndex, [&](Value panel) {
      Value column = panelColumn(blockStart, panel);
      Value columnsLeft = sub(n, column);
      setNextPanel(blockStart, panels, panel, column, depthStart);
      // The tiles after the first bring the next panel into the L2 cache,
      // an even share of its rows each: B's stream from memory runs under
      // all the tiles, not only under the one that packs it (which, W9
      // 64/2048 for AVX2, waited for it: 17% of the samples for 1/11 of
      // the FMAs).
      Value left = b.createOrFold<arith::MaxSIOp>(
          sub(sizes[view.k], nextPanelDepth), zeroIndex);
      Value nextDepth = min(left, depthStep);
      Value share = b.createOrFold<arith::CeilDivSIOp>(
          nextDepth, sub(ceilDiv(m, rows), oneIndex));
      SmallVector<Value> firstRows;
      for (int64_t r = 0; r < rows; ++r)
        firstRows.push_back(index(r));
      lhsTileRow = zeroIndex;
      directRhs = packsPanel = true;
      emitTile(zeroIndex, column, columnsLeft, firstRows, m, depthStart, depth,
               columns);
      directRhs = packsPanel = false;
      lhsTileRow = Value();
      forRowTiles(index(rows), [&](ArrayRef<Value> rowIndices, Value rowStart) {
        Value tile = sub(b.createOrFold<arith::DivSIOp>(rowStart, index(rows)),
                         oneIndex);
        Value first =
            min(b.createOrFold<arith::MulIOp>(tile, share), nextDepth);
        emitNextBlockPrefetch(
            {nextPanelDepth, first, min(add(first, share), nextDepth)},
            nextPanelColumn);
        emitTileWidths(zeroIndex, column, columnsLeft, rowIndices,
                       sub(m, rowStart), depthStart, depth);
      });
    });
  }

  /// Whether the row tiles of a GEMM reading B where it lies bring in the
  /// next depth block of B, a share of its rows each, as packing's do:
  /// where the tiles are many (known rows in more than mostDirectRowTiles
  /// tiles), the first tile of each block otherwise waits for B's stream
  /// from memory alone, one panel ahead. x(m, 2048) @ W(2048, 2048) in
  /// f32, AVX-512, 2 threads, Zen 4: 64 rows in 8 tiles took 0.82-0.93 of
  /// the time, W9 64/2048 0.86-0.92; but 32 rows in 4 tiles took 1.03, 16
  /// in 2 1.10, 4 in 1 1.13.
  bool prefetchesNextBlockDirectly() {
    int64_t m = staticSize(view.m);
    return !ShapedType::isDynamic(m) &&
           llvm::divideCeil(m, rows) > mostDirectRowTiles;
  }

  /// Whether the last block of each iteration of the outer loops (a batch)
  /// prefetches what the first block of the next iteration reads: the
  /// operands of one iteration's first block, known at compile time, fit
  /// in the cache beside the current one's. A batch of small GEMMs then
  /// computes while the next one's operands come in from memory, instead
  /// of its packing and first row tile waiting for them (W5's 256 GEMMs of
  /// 100 x 64 x 100 ran at 72% of the FMA peak, 16 of them, in the cache,
  /// at 92%).
  bool prefetchesNextIteration() {
    if (view.outerLoops.empty())
      return false;
    int64_t m = staticSize(view.m), n = staticSize(view.n),
            k = staticSize(view.k);
    if (ShapedType::isDynamic(m) || ShapedType::isDynamic(n) ||
        ShapedType::isDynamic(k))
      return false;
    int64_t depth = std::min(k, depthBlock);
    int64_t firstBlockElements = (m + std::min(n, columnBlock)) * depth;
    return firstBlockElements * elementBytes <= staleBytes;
  }

  /// Whether the block of columns at `blockStart` and depth at `depthStart`
  /// is the last of the current iteration of the outer loops.
  Value isLastBlock(Value blockStart, Value depthStart) {
    Value lastColumns = arith::CmpIOp::create(
        b, arith::CmpIPredicate::sge, add(blockStart, index(columnBlock)),
        sizes[view.n]);
    Value lastDepth =
        arith::CmpIOp::create(b, arith::CmpIPredicate::sge,
                              add(depthStart, depthStep), sizes[view.k]);
    return arith::AndIOp::create(b, lastColumns, lastDepth);
  }

  /// Prefetches the share of the tile at `rowStart` and `panel` of the
  /// first block of A and of B in the next iteration of the outer loops
  /// (the innermost one counting up, carrying into the ones outside it;
  /// after the last iteration, the first). Each tile, a row tile against a
  /// panel, brings in as many rows of each: a row tile's whole share at
  /// once filled the line-fill buffers and stalled its first tile (W5 on
  /// an Intel Xeon with AVX-512: 2.52 ms on one thread, 2.38 spread over
  /// the panels; perf put 10% of the samples on the prefetches before).
  /// The lines go to the L2 cache, not the L1: packing and the broadcasts
  /// read them from there soon enough, and prefetches into the L1 held
  /// its fill buffers while the lines came from L3 (W5, 2 threads, Intel
  /// Xeon with AVX-512: 0.97 of the time, bench/compare_builds.py).
  void emitNextIterationPrefetch(Value rowStart, Value panels, Value panel) {
    SmallVector<Value> saved = loopValues;
    loopValues = stepOuterLoops().first;
    Value tiles =
        b.createOrFold<arith::MulIOp>(ceilDiv(sizes[view.m], rows), panels);
    Value tile =
        add(b.createOrFold<arith::MulIOp>(
                b.createOrFold<arith::DivSIOp>(rowStart, index(rows)), panels),
            panel);
    Value depth = min(sizes[view.k], depthStep);
    Value blockColumns = min(sizes[view.n], index(columnBlock));
    prefetchShare(view.lhs, view.m, sizes[view.m], view.k, depth, tile, tiles);
    // Where the tiles pack the next iteration's first block of B, packing
    // reads it.
    if (!packedBuffers[1])
      prefetchShare(view.rhs, view.k, depth, view.n, blockColumns, tile, tiles);
    loopValues = std::move(saved);
  }

  /// Prefetches share `tile` of `tiles` of `operand` over loops `first` and
  /// `second` from 0 to `firstSize` and `secondSize`: a cache line at a time
  /// along the one of them that it is contiguous along, an equal share of
  /// the other's values per tile. Nothing for an operand contiguous along
  /// neither.
  void prefetchShare(OpOperand *operand, unsigned first, Value firstSize,
                     unsigned second, Value secondSize, Value tile,
                     Value tiles) {
    unsigned along = second, across = first;
    Value alongSize = secondSize, acrossSize = firstSize;
    if (!isContiguousAlong(op, operand, along)) {
      std::swap(along, across);
      std::swap(alongSize, acrossSize);
      if (!isContiguousAlong(op, operand, along))
        return;
    }
    Value share = b.createOrFold<arith::CeilDivSIOp>(acrossSize, tiles);
    Value start = min(b.createOrFold<arith::MulIOp>(tile, share), acrossSize);
    Value end = min(add(start, share), acrossSize);
    forRange(start, end, oneIndex, [&](Value at) {
      loopValues[across] = at;
      forLoop(alongSize, index(lineElements), [&](Value line) {
        loopValues[along] = line;
        memref::PrefetchOp::create(b, operand->get(), indices(operand),
                                   /*isWrite=*/false, /*localityHint=*/2,
                                   /*isDataCache=*/true);
      });
    });
  }

  /// The tile of `rowIndices` rows against panel `panel`: as wide as the
  /// panel, or the narrowest of its halvings (half, quarter) that holds
  /// the columns left (the FMAs past them would only compute zeros of the
  /// padding). A quarter is a tile of its own only where it is a vector of
  /// 256 bits or more: cores that run 512-bit FMAs as two 256-bit halves
  /// (Zen 4) run a 256-bit one in half the time, while a 128-bit FMA costs
  /// as much as a 256-bit one on every x86 core (attention scores of 32 x
  /// 8 heads, 100 queries against 40 keys, 64 deep: 0.88-0.89 of the time
  /// with a quarter tile for the last 8 keys, Zen 4, 2 threads).
  void emitTileWidths(Value panel, Value column, Value columnsLeft,
                      ArrayRef<Value> rowIndices, Value rowsLeft,
                      Value depthStart, Value depth) {
    SmallVector<int64_t> widths{columns};
    // Reading B directly, the kernel waits on memory, not on FMAs: one
    // tile width, half the code.
    while (!directRhs && widths.back() % 2 == 0 &&
           widths.back() / 2 >= minimumTileWidth &&
           (widths.size() == 1 ||
            widths.back() / 2 * elementBytes * 8 >= narrowestTileBits))
      widths.push_back(widths.back() / 2);
    emitTileOfWidths(widths, panel, column, columnsLeft, rowIndices, rowsLeft,
                     depthStart, depth);
  }

  /// The tile as wide as `widths.front()`, or as one of the narrower
  /// `widths` after it where the columns left fit in that.
  void emitTileOfWidths(ArrayRef<int64_t> widths, Value panel, Value column,
                        Value columnsLeft, ArrayRef<Value> rowIndices,
                        Value rowsLeft, Value depthStart, Value depth) {
    if (widths.size() == 1) {
      emitTile(panel, column, columnsLeft, rowIndices, rowsLeft, depthStart,
               depth, widths.front());
      return;
    }
    Value narrow = arith::CmpIOp::create(b, arith::CmpIPredicate::sle,
                                         columnsLeft, index(widths[1]));
    emitIfElse(
        narrow,
        [&] {
          emitTileOfWidths(widths.drop_front(), panel, column, columnsLeft,
                           rowIndices, rowsLeft, depthStart, depth);
        },
        [&] {
          emitTile(panel, column, columnsLeft, rowIndices, rowsLeft, depthStart,
                   depth, widths.front());
        });
  }

  /// An scf.if on `condition` whose branches `emitThen` and `emitElse`
  /// emit (ops without results).
  void emitIfElse(Value condition, function_ref<void()> emitThen,
                  function_ref<void()> emitElse) {
    auto ifOp = scf::IfOp::create(b, condition, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    emitThen();
    b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    emitElse();
  }

  /// Whether `rowCount` rows of `rowLength` elements take more than
  /// `staleMultiple` times `staleBytes`: an i1 constant where both are
  /// known, else a test.
  Value exceedsStaleBytes(Value rowCount, Value rowLength,
                          int64_t staleMultiple = 1) {
    Value elements = b.createOrFold<arith::MulIOp>(rowCount, rowLength);
    return b.createOrFold<arith::CmpIOp>(
        arith::CmpIPredicate::sgt, elements,
        index(staleMultiple * staleBytes / elementBytes));
  }

  /// The size of loop `loop`, or ShapedType::kDynamic.
  int64_t staticSize(unsigned loop) {
    return getConstantIntValue(sizes[loop]).value_or(ShapedType::kDynamic);
  }

  /// Where the panel after `panel` starts: the next panel of the block at
  /// the same depths, or after the last one the block's first panel in the
  /// next depth block. A tile reading B directly prefetches that panel's
  /// row at each of its own depths, so that the next tile finds B in the
  /// cache.
  void setNextPanel(Value blockStart, Value panels, Value panel, Value column,
                    Value depthStart) {
    Value samePanelDepths = arith::CmpIOp::create(b, arith::CmpIPredicate::slt,
                                                  add(panel, oneIndex), panels);
    nextPanelColumn = arith::SelectOp::create(
        b, samePanelDepths, add(column, index(columns)), blockStart);
    nextPanelDepth = arith::SelectOp::create(b, samePanelDepths, depthStart,
                                             add(depthStart, depthStep));
  }

  /// Whether A's last dimension is `m`, with unit stride (A transposed):
  /// a tile's rows at one depth are then a few neighbouring elements.
  bool isLhsRowContiguous() {
    AffineMap map = op.getMatchingIndexingMap(view.lhs);
    return resultPosition(map, view.m) == map.getNumResults() - 1 &&
           hasUnitInnerStride(view.lhs->get());
  }

  /// Whether each row tile packs its rows of A (emitLhsPacking): not where
  /// A is contiguous along the depth with rows at most a packed row apart
  /// (its tiles are then as compact as packed ones: W4's and W5's rows of
  /// 64 f32, whose packing cost 2-4%), else yes.
  bool packsLhs() {
    if (!isLhsDepthContiguous())
      return true;
    auto type = dyn_cast<MemRefType>(view.lhs->get().getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    std::optional<unsigned> rowDim =
        resultPosition(op.getMatchingIndexingMap(view.lhs), view.m);
    if (!type || !rowDim || failed(type.getStridesAndOffset(strides, offset)))
      return true;
    int64_t rowStride = strides[*rowDim];
    return ShapedType::isDynamic(rowStride) || rowStride > packedDepth;
  }

  /// The indices of row `r`, depth `d` of the packed tile of A (the tile
  /// at lhsTileRow where the buffer holds every row tile).
  SmallVector<Value> packedLhsIndices(Value r, Value d) {
    if (lhsTileRow)
      r = add(lhsTileRow, r);
    if (lhsDepthMajor)
      return {d, r};
    return {r, d};
  }

  /// Packs the row tile's part of A in this depth block, so that the
  /// kernel's broadcasts read one small contiguous buffer: rows of A far
  /// apart in memory (8 KiB apart in a 2048-wide A) would share the L1
  /// cache's sets with each other and with the panel of B streaming through
  /// them, and a transposed A would take a cache line per row and depth.
  /// Rows past the end repeat the last row (the kernel stores nothing of
  /// them); depths past the block's end are never read.
  void emitLhsPacking(ArrayRef<Value> rowIndices, Value rowStart,
                      Value rowsLeft, Value depthStart, Value depth) {
    Value lhs = view.lhs->get();
    int64_t lanes = std::max<int64_t>(columns / 2, 1);
    if (lhsDepthMajor) {
      // A transposed: each depth's rows are one masked vector load (rows
      // past the end read as zeros).
      auto rowType = VectorType::get({rows}, elementType);
      auto rowMaskType = VectorType::get({rows}, b.getI1Type());
      Value zeroRow = arith::ConstantOp::create(
          b, DenseElementsAttr::get(rowType, b.getZeroAttr(elementType)));
      Value mask =
          vector::CreateMaskOp::create(b, rowMaskType, ValueRange{rowsLeft});
      loopValues[view.m] = rowStart;
      forLoop(depth, oneIndex, [&](Value d) {
        loopValues[view.k] = add(depthStart, d);
        Value row = vector::MaskedLoadOp::create(
            b, rowType, lhs, indices(view.lhs), mask, zeroRow);
        vector::StoreOp::create(b, row, packedLhs,
                                packedLhsIndices(zeroIndex, d));
      });
      return;
    }
    if (isLhsDepthContiguous()) {
      // Each row's depths as whole vectors, then the last part masked (a
      // masked store is many micro-ops with AVX2 on AMD's cores: see
      // emitTile).
      auto partType = VectorType::get({lanes}, elementType);
      auto partMaskType = VectorType::get({lanes}, b.getI1Type());
      Value zeroPart = arith::ConstantOp::create(
          b, DenseElementsAttr::get(partType, b.getZeroAttr(elementType)));
      Value wholeDepth = b.createOrFold<arith::MulIOp>(
          b.createOrFold<arith::DivUIOp>(depth, index(lanes)), index(lanes));
      forLoop(wholeDepth, index(lanes), [&](Value d) {
        loopValues[view.k] = add(depthStart, d);
        for (int64_t r = 0; r < rows; ++r) {
          loopValues[view.m] = rowIndices[r];
          Value part =
              vector::LoadOp::create(b, partType, lhs, indices(view.lhs));
          vector::StoreOp::create(b, part, packedLhs,
                                  packedLhsIndices(index(r), d));
        }
      });
      forRange(wholeDepth, depth, index(lanes), [&](Value d) {
        loopValues[view.k] = add(depthStart, d);
        Value mask = vector::CreateMaskOp::create(b, partMaskType,
                                                  ValueRange{sub(depth, d)});
        for (int64_t r = 0; r < rows; ++r) {
          loopValues[view.m] = rowIndices[r];
          Value part = vector::MaskedLoadOp::create(
              b, partType, lhs, indices(view.lhs), mask, zeroPart);
          vector::MaskedStoreOp::create(
              b, packedLhs, packedLhsIndices(index(r), d), mask, part);
        }
      });
      return;
    }
    // Neither dimension contiguous: an element at a time.
    forLoop(depth, oneIndex, [&](Value d) {
      loopValues[view.k] = add(depthStart, d);
      for (int64_t r = 0; r < rows; ++r) {
        loopValues[view.m] = rowIndices[r];
        Value element = memref::LoadOp::create(b, lhs, indices(view.lhs));
        memref::StoreOp::create(b, element, packedLhs,
                                packedLhsIndices(index(r), d));
      }
    });
  }

  /// Whether A's last dimension is the depth, with unit stride: a row of a
  /// depth block is then a few whole cache lines.
  bool isLhsDepthContiguous() {
    return isContiguousAlong(op, view.lhs, view.k);
  }

  /// Prefetches panel `panel`'s share of the rows of A that the next row
  /// tile reads in this depth block: A is not packed, and a row tile's
  /// rows, far apart in memory, would otherwise each stall its first
  /// panel.
  void emitNextRowsPrefetch(Value panels, Value panel, Value rowStart,
                            Value depthStart, Value enabled) {
    // Lines of a whole depth block (or of K, if known and shorter), so that
    // the row and line of each come from a constant division; those of a
    // shorter last block are clamped.
    int64_t blockDepth = depthBlock;
    if (!ShapedType::isDynamic(staticSize(view.k)))
      blockDepth =
          std::max<int64_t>(std::min(staticSize(view.k), blockDepth), 1);
    int64_t linesPerRow = (blockDepth + lineElements - 1) / lineElements;
    Value lastRow = sub(sizes[view.m], oneIndex);
    Value lastDepth = sub(sizes[view.k], oneIndex);
    Value lines = index(linesPerRow * rows);
    Value share = b.createOrFold<arith::CeilDivSIOp>(lines, panels);
    Value first = min(b.createOrFold<arith::MulIOp>(panel, share), lines);
    Value last = min(add(first, share), lines);
    if (!matchPattern(enabled, m_One()))
      last = arith::SelectOp::create(b, enabled, last, first);
    forRange(first, last, oneIndex, [&](Value line) {
      Value r = b.createOrFold<arith::DivUIOp>(line, index(linesPerRow));
      Value at = b.createOrFold<arith::RemUIOp>(line, index(linesPerRow));
      loopValues[view.m] = min(add(add(rowStart, index(rows)), r), lastRow);
      loopValues[view.k] =
          min(add(depthStart,
                  b.createOrFold<arith::MulIOp>(at, index(lineElements))),
              lastDepth);
      memref::PrefetchOp::create(b, view.lhs->get(), indices(view.lhs),
                                 /*isWrite=*/false, /*localityHint=*/3,
                                 /*isDataCache=*/true);
    });
  }

  /// Prefetches the tile of C that follows the one of `panel` at
  /// `rowStart`: the next panel's in the same rows, or after the last
  /// panel the first panel's in the next rows. A tile's accumulators start
  /// from C (after the first depth block), and C was last touched a whole
  /// sweep of the rows ago: without this, every tile waits for its C.
  void emitNextTilePrefetch(Value blockStart, Value panels, Value panel,
                            Value column, Value rowStart,
                            ArrayRef<Value> rowIndices) {
    Value lastRow = sub(sizes[view.m], oneIndex);
    Value lastColumn = sub(sizes[view.n], oneIndex);
    Value samePanelRows = arith::CmpIOp::create(b, arith::CmpIPredicate::slt,
                                                add(panel, oneIndex), panels);
    Value nextColumn = arith::SelectOp::create(
        b, samePanelRows, add(column, index(columns)), blockStart);
    for (int64_t r = 0; r < rows; ++r) {
      Value nextRow =
          arith::SelectOp::create(b, samePanelRows, rowIndices[r],
                                  min(add(rowStart, index(rows + r)), lastRow));
      loopValues[view.m] = nextRow;
      for (int64_t at = 0; at < columns; at += lineElements) {
        loopValues[view.n] = min(add(nextColumn, index(at)), lastColumn);
        memref::PrefetchOp::create(b, view.out->get(), indices(view.out),
                                   /*isWrite=*/true, /*localityHint=*/3,
                                   /*isDataCache=*/true);
      }
    }
  }

  /// The rows of B, [first, last) after `nextStart`, that a row tile
  /// prefetches for the next depth block.
  struct PrefetchRows {
    Value nextStart, first, last;
  };

  /// The row tile at `rowStart`'s share of the rows of B that the next depth
  /// block packs: every row tile of the block brings in as many, so that
  /// reading B from memory, which packing would otherwise do alone before
  /// its block's kernels, runs under them (a GEMM of few rows packs as much
  /// of B as one of many, and computes little while it does).
  PrefetchRows getPrefetchRows(Value rowStart, Value depthStart) {
    Value m = sizes[view.m], k = sizes[view.k];
    Value nextStart = add(depthStart, depthStep);
    // Packing under the tiles reads the next block: what it will read comes
    // in a block earlier.
    if (packedBuffers[1])
      nextStart = add(nextStart, depthStep);
    Value left = b.createOrFold<arith::MaxSIOp>(sub(k, nextStart), zeroIndex);
    Value nextDepth = min(left, depthStep);
    Value share =
        b.createOrFold<arith::CeilDivSIOp>(nextDepth, ceilDiv(m, rows));
    Value tile = b.createOrFold<arith::DivSIOp>(rowStart, index(rows));
    Value first = min(b.createOrFold<arith::MulIOp>(tile, share), nextDepth);
    return {nextStart, first, min(add(first, share), nextDepth)};
  }

  /// Prefetches `share`'s rows of B for the panel at `column`, a cache line
  /// of 64 bytes at a time.
  void emitNextBlockPrefetch(const PrefetchRows &share, Value column) {
    Value lastColumn = sub(sizes[view.n], oneIndex);
    forRange(share.first, share.last, oneIndex, [&](Value d) {
      loopValues[view.k] = add(share.nextStart, d);
      for (int64_t at = 0; at < columns; at += lineElements) {
        loopValues[view.n] = min(add(column, index(at)), lastColumn);
        memref::PrefetchOp::create(b, view.rhs->get(), indices(view.rhs),
                                   /*isWrite=*/false, /*localityHint=*/2,
                                   /*isDataCache=*/true);
      }
    });
  }

  /// The tile of the rows `rowIndices` and the first `width` columns of
  /// panel `panel` (from column `column` of C): accumulators in vector
  /// registers over the depth block, masked where rows or columns run out.
  void emitTile(Value panel, Value column, Value columnsLeft,
                ArrayRef<Value> rowIndices, Value rowsLeft, Value depthStart,
                Value depth, int64_t width) {
    int64_t tileRows = rowIndices.size();
    auto tileType = VectorType::get({width}, elementType);
    auto tileMaskType = VectorType::get({width}, b.getI1Type());
    Value tileZero = arith::ConstantOp::create(
        b, DenseElementsAttr::get(tileType, b.getZeroAttr(elementType)));
    loopValues[view.n] = column;
    SmallVector<Value> masks, accumulators;
    for (int64_t r = 0; r < tileRows; ++r) {
      Value rowInside = arith::CmpIOp::create(b, arith::CmpIPredicate::slt,
                                              index(r), rowsLeft);
      Value count =
          arith::SelectOp::create(b, rowInside, columnsLeft, zeroIndex);
      masks.push_back(
          vector::CreateMaskOp::create(b, tileMaskType, ValueRange{count}));
    }
    auto loadTile = [&](OpBuilder &builder, Location loc) {
      ImplicitLocOpBuilder at(loc, builder);
      SmallVector<Value> tile;
      for (int64_t r = 0; r < tileRows; ++r) {
        loopValues[view.m] = rowIndices[r];
        tile.push_back(vector::MaskedLoadOp::create(
            at, tileType, view.out->get(), indices(view.out), masks[r],
            tileZero));
      }
      return tile;
    };
    if (fill) {
      // The first block of the depth starts from the fill value, which
      // nothing has stored yet.
      auto ifFirst = scf::IfOp::create(
          b, isFirstBlock,
          [&](OpBuilder &builder, Location loc) {
            Value splat = vector::BroadcastOp::create(builder, loc, tileType,
                                                      fill.getInputs().front());
            scf::YieldOp::create(builder, loc,
                                 SmallVector<Value>(tileRows, splat));
          },
          [&](OpBuilder &builder, Location loc) {
            scf::YieldOp::create(builder, loc, loadTile(builder, loc));
          });
      llvm::append_range(accumulators, ifFirst.getResults());
    } else {
      accumulators = loadTile(b, b.getLoc());
    }
    // Reading B directly: the mask of its row's columns (none where the
    // tile's columns are all inside), and the bounds of the next panel's
    // prefetches.
    Value rhsMask, lastDepth, lastColumn;
    if (directRhs) {
      rhsMask = vector::CreateMaskOp::create(b, tileMaskType,
                                             ValueRange{columnsLeft});
      lastDepth = sub(sizes[view.k], oneIndex);
      lastColumn = sub(sizes[view.n], oneIndex);
    }
    auto emitLoop = [&](OpBuilder &builder, Location loc,
                        bool maskedRhs) -> scf::ForOp {
      ImplicitLocOpBuilder at(loc, builder);
      return scf::ForOp::create(
          at, zeroIndex, depth, oneIndex, accumulators,
          [&](OpBuilder &nested, Location loc, Value d, ValueRange accs) {
            ImplicitLocOpBuilder body(loc, nested);
            Value row;
            if (directRhs) {
              // B's row at this depth, straight from B; and the row of the
              // panel that runs next, a whole panel ahead.
              loopValues[view.n] = column;
              loopValues[view.k] =
                  body.createOrFold<arith::AddIOp>(depthStart, d);
              if (maskedRhs)
                row = vector::MaskedLoadOp::create(
                    body, tileType, view.rhs->get(), indices(view.rhs), rhsMask,
                    tileZero);
              else
                row = vector::LoadOp::create(body, tileType, view.rhs->get(),
                                             indices(view.rhs));
              if (packsPanel)
                vector::StoreOp::create(body, row, packed,
                                        ValueRange{panel, d, zeroIndex});
              loopValues[view.k] = body.createOrFold<arith::MinSIOp>(
                  body.createOrFold<arith::AddIOp>(nextPanelDepth, d),
                  lastDepth);
              // Packing a panel under its tiles, the others prefetch the
              // next one (emitTilesUnderPanels).
              for (int64_t at = 0; !packsPanel && at < width;
                   at += lineElements) {
                loopValues[view.n] = body.createOrFold<arith::MinSIOp>(
                    body.createOrFold<arith::AddIOp>(
                        nextPanelColumn,
                        arith::ConstantIndexOp::create(body, at)),
                    lastColumn);
                memref::PrefetchOp::create(body, view.rhs->get(),
                                           indices(view.rhs), /*isWrite=*/false,
                                           /*localityHint=*/3,
                                           /*isDataCache=*/true);
              }
              // C's stores after the loop index this tile's columns.
              loopValues[view.n] = column;
            } else {
              row = vector::LoadOp::create(body, tileType, packed,
                                           ValueRange{panel, d, zeroIndex});
            }
            loopValues[view.k] =
                body.createOrFold<arith::AddIOp>(depthStart, d);
            SmallVector<Value> updated;
            for (int64_t r = 0; r < tileRows; ++r) {
              Value element;
              if (packedLhs) {
                element = memref::LoadOp::create(body, packedLhs,
                                                 packedLhsIndices(index(r), d));
              } else {
                loopValues[view.m] = rowIndices[r];
                element = memref::LoadOp::create(body, view.lhs->get(),
                                                 indices(view.lhs));
              }
              Value splat =
                  vector::BroadcastOp::create(body, tileType, element);
              updated.push_back(
                  vector::FMAOp::create(body, splat, row, accs[r]));
            }
            scf::YieldOp::create(body, updated);
          });
    };
    // Read directly, B's row is a masked load only in a tile at the right
    // edge: with AVX2 the masks would take two of the 16 registers that
    // the accumulators leave, and be reloaded from the stack at every
    // depth (x(64, 2048) @ W(2048, 2048), compiled for AVX2: 69% of the
    // FMA peak).
    ValueRange results;
    if (directRhs) {
      Value allColumns = arith::CmpIOp::create(b, arith::CmpIPredicate::sge,
                                               columnsLeft, index(width));
      auto ifAllColumns = scf::IfOp::create(
          b, allColumns,
          [&](OpBuilder &builder, Location loc) {
            scf::YieldOp::create(builder, loc,
                                 emitLoop(builder, loc, false).getResults());
          },
          [&](OpBuilder &builder, Location loc) {
            scf::YieldOp::create(builder, loc,
                                 emitLoop(builder, loc, true).getResults());
          });
      results = ifAllColumns.getResults();
    } else {
      results = emitLoop(b, b.getLoc(), false).getResults();
    }
    // A whole tile (all but those at the edges) stores without masks: one
    // masked store is one instruction with AVX-512's mask registers, but
    // AVX2's vmaskmovps to memory is dozens of micro-ops on AMD's cores
    // (W7 2048 compiled for AVX2 on Zen 4: 8% of the samples in the
    // tiles' stores).
    emitWholeOrMasked(
        isWholeTile(rowsLeft, tileRows, columnsLeft, width), [&](bool masked) {
          for (int64_t r = 0; r < tileRows; ++r) {
            loopValues[view.m] = rowIndices[r];
            if (masked)
              vector::MaskedStoreOp::create(
                  b, view.out->get(), indices(view.out), masks[r], results[r]);
            else
              vector::StoreOp::create(b, results[r], view.out->get(),
                                      indices(view.out));
          }
        });
  }

  linalg::LinalgOp op;
  const GemmView &view;
  ImplicitLocOpBuilder &b;
  int64_t rows, depthBlock, columns, columnBlock;
  std::optional<int64_t> fewRowsDepth;
  /// The depth of a block: `depthBlock`, or `fewRowsDepth` where the rows,
  /// unknown until run time, are few.
  Value depthStep;
  /// Bytes read between two uses of a value, beyond which it is likely to
  /// have left the cache.
  int64_t staleBytes;
  /// The bytes of an element, and the elements of a 64-byte cache line,
  /// which one prefetch brings in.
  int64_t elementBytes, lineElements;
  Type elementType;
  VectorType vectorType, maskType;
  SmallVector<Value> sizes, loopValues;
  SmallVector<utils::IteratorType> iteratorTypes;
  Value zeroIndex, oneIndex, zeroElement, zeroVector, packed;
  /// Where B is contiguous along `n`: the two buffers that blocks of B are
  /// packed into in turn, and the block that the current one's tiles pack
  /// (emitPipelinedPacking): its buffer, columns, panels, depth and rows
  /// (none after the last block).
  std::array<Value, 2> packedBuffers;
  struct {
    Value packed, blockStart, panels, depthStart, depth;
    /// The values of view.outerLoops at the next block.
    SmallVector<Value> outerValues;
  } nextBlock;
  /// The row tile's part of A in the current depth block, and its layout:
  /// [depth][row] where A is contiguous along its rows, else [row][depth];
  /// its depth is the block's (or K, if smaller).
  Value packedLhs;
  /// Where packedLhs holds every row tile (tilesUnderPanels), the first
  /// row of the current tile's part; else null.
  Value lhsTileRow;
  bool lhsDepthMajor = false;
  int64_t packedDepth = 0;
  /// The fill of C just before the op, folded into the kernel, if any.
  linalg::FillOp fill;
  /// Whether B is read where it lies instead of packed (readsRhsDirectly),
  /// and the start of the panel after the current one (setNextPanel).
  bool directRhs;
  Value nextPanelColumn, nextPanelDepth;
  /// Whether every row tile runs under a packed panel before the next
  /// panel (KernelKind::TilesUnderPanels), and whether the tile being
  /// emitted stores the rows of B it reads into that panel.
  bool tilesUnderPanels, packsPanel = false;
  /// Whether every column runs as dot products (KernelKind::DotProducts),
  /// the width of a vector register, and its elements (getVectorLanes).
  bool dotProducts;
  int64_t vectorBits;
  int64_t vectorLanes;
  /// Whether the current depth block is the first of the reduction.
  Value isFirstBlock;
};

struct TenContractionKernelPass
    : ten::impl::TenContractionKernelPassBase<TenContractionKernelPass> {
  using Base::Base;

  /// The remark of --explain for `op`, as `emitter` runs it.
  InFlightDiagnostic explainKernel(linalg::LinalgOp op,
                                   const GemmEmitter &emitter, int64_t depth,
                                   std::optional<int64_t> fewRowsDepth) {
    InFlightDiagnostic remark = op->emitRemark();
    remark << "contraction runs as a packed, register-tiled kernel: "
           << emitter.getRows() << " rows x " << emitter.getColumns()
           << " columns in registers, depth blocks of " << depth;
    if (fewRowsDepth)
      remark << " (" << *fewRowsDepth << " for at most " << fewRows << " rows)";
    return remark;
  }

  /// The rows of A (and of C) that one round of dot products covers, and
  /// the depth of their blocks, for `view`'s element type.
  std::pair<int64_t, int64_t> getDotShape(const GemmView &view) {
    Type elementType = getElementTypeOrSelf(view.out->get());
    return {getVectorLanes(elementType, vectorBits) / dotColumns,
            std::max<int64_t>(dotDepthBytes / getElementBytes(view), 1)};
  }

  /// `depth-block` counts `f32` elements: a block of another type is as
  /// many bytes deep (128 `f64`). A row of A and of a panel in the depth
  /// block take the same cache whatever the type; `f64` GEMMs of 2048 ran
  /// in 0.94-0.96 of the time with blocks of 128 rather than 256, those of
  /// 32 to 512 rows x 2048 x 2048 in 0.91-0.98 (2 threads, Zen 4).
  int64_t getTypeDepthBlock(const GemmView &view) {
    return std::max<int64_t>(depthBlock * 4 / getElementBytes(view), 1);
  }

  /// The bytes of an element of `view`'s contraction.
  static int64_t getElementBytes(const GemmView &view) {
    return getElementTypeOrSelf(view.out->get()).getIntOrFloatBitWidth() / 8;
  }

  void runOnOperation() override {
    // Vectors of a power of two bits, as the CPU pipeline takes: dot
    // products sum their lanes in halves.
    if (vectorBits < 64 || !llvm::isPowerOf2_64(vectorBits) ||
        registerRows < 1 || depthBlock < 1 || blockKiB < 1) {
      getOperation()->emitError(
          "ten-contraction-kernel: vector-bits must be a power of two of at "
          "least 64 and the other sizes positive");
      return signalPassFailure();
    }
    SmallVector<linalg::LinalgOp> contractions;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (linalg::isaContractionOpInterface(op))
        contractions.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : contractions) {
      std::string reason;
      FailureOr<GemmView> view = matchKernelContraction(op, reason);
      if (failed(view)) {
        if (explain)
          op->emitRemark() << "contraction left to the loop lowering: "
                           << reason;
        continue;
      }
      rewriter.setInsertionPoint(op);
      ImplicitLocOpBuilder builder(op.getLoc(), rewriter);
      int64_t m = op.getStaticLoopRanges()[view->m];
      int64_t rows = chooseTileRows(m, registerRows);
      int64_t typeDepthBlock = getTypeDepthBlock(*view);
      int64_t depth = chooseDepthBlock(m, typeDepthBlock);
      // Rows unknown until run time: the depth for few rows chosen then.
      std::optional<int64_t> fewRowsDepth;
      if (ShapedType::isDynamic(m) &&
          chooseDepthBlock(fewRows, typeDepthBlock) < depth)
        fewRowsDepth = chooseDepthBlock(fewRows, typeDepthBlock);
      linalg::FillOp fill = findInitializingFill(op, *view);
      if (ShapedType::isDynamic(m)) {
        // Rows unknown until run time: one row is left to the loop lowering
        // (a copy of the op, with a copy of its fill), as a single row known
        // at compile time is; where B is contiguous along `n`, at most
        // `register-rows` of them read B directly, in tiles of a few rows;
        // more, the packed kernel. Each kernel has its own fill.
        Value rowCount = getValueOrCreateConstantIndexOp(
            builder, op.getLoc(),
            op.createLoopRanges(builder, op.getLoc())[view->m].size);
        Value one =
            arith::CmpIOp::create(builder, arith::CmpIPredicate::eq, rowCount,
                                  arith::ConstantIndexOp::create(builder, 1));
        auto ifOne = scf::IfOp::create(builder, one, /*withElseRegion=*/true);
        OpBuilder::InsertionGuard guard(builder);
        builder.setInsertionPoint(ifOne.thenBlock()->getTerminator());
        if (fill)
          builder.clone(*fill);
        builder.clone(*op);
        builder.setInsertionPoint(ifOne.elseBlock()->getTerminator());
        // Few rows, with a kernel of their own: at most `limit` of them,
        // the rest in the else branch.
        auto emitFewRows = [&](int64_t limit, int64_t tileRows,
                               int64_t tileDepth, KernelKind kind) {
          Value few = arith::CmpIOp::create(
              builder, arith::CmpIPredicate::sle, rowCount,
              arith::ConstantIndexOp::create(builder, limit));
          linalg::FillOp fewFill;
          if (fill)
            fewFill = cast<linalg::FillOp>(builder.clone(*fill));
          auto ifFew = scf::IfOp::create(builder, few, /*withElseRegion=*/true);
          builder.setInsertionPoint(ifFew.thenBlock()->getTerminator());
          GemmEmitter(op, *view, fewFill, builder, vectorBits, tileRows,
                      tileDepth, std::nullopt, blockKiB, kind)
              .emit();
          builder.setInsertionPoint(ifFew.elseBlock()->getTerminator());
        };
        bool dots =
            !view->rhsRowsContiguous && dotProductsFit(op, *view, vectorBits);
        if (view->rhsRowsContiguous) {
          emitFewRows(registerRows, std::min<int64_t>(directRows, registerRows),
                      chooseDepthBlock(registerRows, typeDepthBlock),
                      KernelKind::DirectTiles);
        } else if (dots) {
          auto [dotRows, dotDepth] = getDotShape(*view);
          emitFewRows(mostDotProductRows, dotRows, dotDepth,
                      KernelKind::DotProducts);
        }
        GemmEmitter emitter(op, *view, fill, builder, vectorBits, rows, depth,
                            fewRowsDepth, blockKiB, KernelKind::PackedTiles);
        emitter.emit();
        if (explain) {
          InFlightDiagnostic remark =
              explainKernel(op, emitter, depth, fewRowsDepth);
          remark << "; one row left to the loop lowering";
          if (view->rhsRowsContiguous)
            remark << ", at most " << int64_t(registerRows)
                   << " rows read B where it lies, "
                   << std::min<int64_t>(directRows, registerRows)
                   << " rows at a time";
          if (dots)
            remark << ", at most " << mostDotProductRows
                   << " rows run as dot products along the depth";
        }
        rewriter.eraseOp(op);
        continue;
      }
      if (m <= mostDotProductRows && dotProductsFit(op, *view, vectorBits)) {
        auto [dotRows, dotDepth] = getDotShape(*view);
        GemmEmitter(op, *view, fill, builder, vectorBits, dotRows, dotDepth,
                    std::nullopt, blockKiB, KernelKind::DotProducts)
            .emit();
        if (explain)
          op->emitRemark() << "contraction runs as dot products along the "
                              "depth: "
                           << dotRows << " rows x " << dotColumns
                           << " columns at a time, depth blocks of "
                           << dotDepth;
        rewriter.eraseOp(op);
        continue;
      }
      bool underPanels =
          runsTilesUnderPanels(*view, m, rows, vectorBits, depth);
      bool direct = !underPanels && readsRhsDirectly(*view, m, rows);
      GemmEmitter emitter(op, *view, fill, builder, vectorBits, rows, depth,
                          fewRowsDepth, blockKiB,
                          direct        ? KernelKind::DirectTiles
                          : underPanels ? KernelKind::TilesUnderPanels
                                        : KernelKind::PackedTiles);
      emitter.emit();
      if (explain) {
        InFlightDiagnostic remark =
            explainKernel(op, emitter, depth, fewRowsDepth);
        if (direct)
          remark << "; B read where it lies ("
                 << (m <= rows ? "one row tile" : "few rows of f32") << ")";
        if (underPanels)
          remark << "; every row tile under each packed panel in turn";
      }
      rewriter.eraseOp(op);
    }
  }
};

} // namespace
