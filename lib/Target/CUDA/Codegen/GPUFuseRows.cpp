//===- GPUFuseRows.cpp - the ten-gpu-fuse-rows pass -----------------------===//
//
// A row reduction and the ops after it that iterate over the same rows run
// in one kernel of one block per row. Each op is a stage of the block: a
// reduction strides over the row and combines across the block (every
// thread gets the value), an op over the rows alone is computed by every
// thread, an elementwise op strides over the row and stores. Values
// computed per row stay in registers. Since every stage strides over a row
// the same way, a thread reads back only the elements it wrote itself: no
// barrier is needed between stages.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Sizes.h"
#include "ten/Target/CUDA/Passes.h"

#include "GPUKernelBuilder.h"
#include "GPURowCombiner.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUFUSEROWSPASS
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

namespace {
/// One op of a chain.
struct Stage {
  enum Kind { Reduction, RowOnly, Elementwise } kind;
  linalg::LinalgOp op;
  /// For a reduction: how its block combines, and the fill it starts from.
  std::unique_ptr<RowCombiner> combiner;
  DenseMap<OpOperand *, linalg::FillOp> fills;
};

/// A chain: its stages, in order, over `rows` row loops, and the ops
/// between them that move before the kernel.
struct Chain {
  unsigned rows;
  SmallVector<Stage> stages;
  SmallVector<Operation *> hoisted;
};
} // namespace

/// The bytes of one vector access: NVPTX's widest load and store.
constexpr int64_t kVectorBytes = 16;

/// Whether `map` is the projection onto the first `rows` loops, in order.
static bool isRowProjection(AffineMap map, unsigned rows) {
  if (map.getNumResults() != rows)
    return false;
  for (unsigned dim = 0; dim < rows; ++dim)
    if (map.getResult(dim) != getAffineDimExpr(dim, map.getContext()))
      return false;
  return true;
}

/// The static sizes of `op`'s first `rows` loops.
static SmallVector<int64_t> getRowSizes(linalg::LinalgOp op, unsigned rows) {
  return llvm::to_vector(ArrayRef(op.getStaticLoopRanges()).take_front(rows));
}

/// The buffer `buffer` is a view of, through any number of views.
static Value getRoot(Value buffer) {
  while (auto view = buffer.getDefiningOp<ViewLikeOpInterface>())
    buffer = view.getViewSource();
  return buffer;
}

/// `op` as a reduction stage over `rows` row loops: parallel row loops then
/// reduction loops, one output indexed by the rows, a combiner whose block
/// total every thread gets.
static std::optional<Stage> matchReductionStage(linalg::LinalgOp op,
                                                unsigned rows) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (auto [loop, iterator] : llvm::enumerate(iterators))
    if (iterator != (loop < rows ? utils::IteratorType::parallel
                                 : utils::IteratorType::reduction))
      return std::nullopt;
  Stage stage;
  stage.op = op;
  stage.kind = Stage::Reduction;
  stage.combiner = matchRowReduction(op);
  if (!stage.combiner || !stage.combiner->givesEveryThreadTheTotal() ||
      op.getNumDpsInits() != 1 ||
      !isRowProjection(op.getMatchingIndexingMap(op.getDpsInitOperand(0)),
                       rows))
    return std::nullopt;
  stage.fills = findInitializingFills(op);
  return stage;
}

/// What the stages of a chain have read and written so far.
struct ChainBuffers {
  /// Buffers holding a value per row, computed by a stage.
  DenseSet<Value> rowValues;
  /// Buffers an elementwise stage wrote, with the map and loop sizes it
  /// wrote them with.
  DenseMap<Value, std::pair<AffineMap, SmallVector<int64_t>>> written;
  /// The roots (getRoot) of every buffer a stage wrote, and read.
  DenseSet<Value> writtenRoots, readRoots;
};

/// The stage `op` would be after the stages of `chain`, reading and
/// writing as `buffers` allows; none when it cannot join.
static std::optional<Stage> matchStage(linalg::LinalgOp op, const Chain &chain,
                                       const ChainBuffers &buffers,
                                       ArrayRef<int64_t> rowSizes) {
  unsigned rows = chain.rows;
  if (!op.hasPureBufferSemantics() || op.getNumLoops() < rows ||
      op.getNumDpsInits() == 0)
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (unsigned loop = 0; loop < rows; ++loop)
    if (iterators[loop] != utils::IteratorType::parallel)
      return std::nullopt;
  // The same rows: equal where known, and the stage must read something
  // the chain computed (linalg's shapes then make the rows agree).
  SmallVector<int64_t> sizes = op.getStaticLoopRanges();
  for (unsigned loop = 0; loop < rows; ++loop)
    if (sizes[loop] != rowSizes[loop])
      return std::nullopt;

  Stage stage;
  stage.op = op;
  bool readsChain = false;
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value buffer = input->get();
    AffineMap map = op.getMatchingIndexingMap(input);
    if (buffers.rowValues.contains(buffer)) {
      if (!isRowProjection(map, rows))
        return std::nullopt;
      readsChain = true;
      continue;
    }
    auto written = buffers.written.find(buffer);
    if (written != buffers.written.end()) {
      if (map != written->second.first || sizes != written->second.second)
        return std::nullopt;
      readsChain = true;
      continue;
    }
    // Another view of what the chain wrote: not as it was written.
    if (buffers.writtenRoots.contains(getRoot(buffer)))
      return std::nullopt;
  }
  if (!readsChain)
    return std::nullopt;
  for (Value init : op.getDpsInits()) {
    Value root = getRoot(init);
    if (buffers.readRoots.contains(root) || buffers.writtenRoots.contains(root))
      return std::nullopt;
  }

  if (op.getNumReductionLoops() != 0)
    return matchReductionStage(op, rows);
  // Elementwise: every output indexed by all loops in order (each element
  // written once, by the thread of its point).
  for (OpOperand &init : op.getDpsInitsMutable())
    if (!op.getMatchingIndexingMap(&init).isIdentity())
      return std::nullopt;
  stage.kind = op.getNumLoops() == rows ? Stage::RowOnly : Stage::Elementwise;
  return stage;
}

/// Records what `stage` reads and writes.
static void recordStage(const Stage &stage, ChainBuffers &buffers) {
  linalg::LinalgOp op = stage.op;
  for (OpOperand *input : op.getDpsInputOperands())
    buffers.readRoots.insert(getRoot(input->get()));
  for (OpOperand &init : op.getDpsInitsMutable()) {
    buffers.writtenRoots.insert(getRoot(init.get()));
    if (stage.kind != Stage::Elementwise) {
      buffers.rowValues.insert(init.get());
      continue;
    }
    buffers.written[init.get()] = {op.getMatchingIndexingMap(&init),
                                   op.getStaticLoopRanges()};
  }
}

/// Whether `op` may move before `start`: an allocation, a check of sizes
/// (`cf.assert`: a failed one ends the program, before or after the stages
/// run), or an op without memory effects or regions (a view, a size, a
/// constant), whose operands are defined before `start` or by ops in
/// `hoisted`.
static bool isHoistable(Operation *op, Operation *start,
                        ArrayRef<Operation *> hoisted) {
  if (!isa<memref::AllocOp, cf::AssertOp>(op) &&
      (op->getNumRegions() != 0 || !isMemoryEffectFree(op)))
    return false;
  return llvm::all_of(op->getOperands(), [&](Value operand) {
    Operation *definition = operand.getDefiningOp();
    return !definition ||
           (definition->getBlock() == start->getBlock() &&
            definition->isBeforeInBlock(start)) ||
           llvm::is_contained(hoisted, definition);
  });
}

/// The chain that starts at `start`, if it has two stages or more.
static std::optional<Chain> matchChain(linalg::LinalgOp start,
                                       int64_t minRows) {
  if (!start.hasPureBufferSemantics() || start.getNumReductionLoops() == 0)
    return std::nullopt;
  unsigned rows = start.getNumParallelLoops();
  SmallVector<utils::IteratorType> iterators = start.getIteratorTypesArray();
  for (unsigned loop = 0; loop < rows; ++loop)
    if (iterators[loop] != utils::IteratorType::parallel)
      return std::nullopt;
  if (rows == 0)
    return std::nullopt;
  SmallVector<int64_t> rowSizes = getRowSizes(start, rows);
  // Saturating: sizes of IR that did not come from ten ops are unbounded.
  int64_t knownRows = saturatingProduct(llvm::to_vector(llvm::make_filter_range(
      rowSizes, [](int64_t size) { return !ShapedType::isDynamic(size); })));
  if (llvm::none_of(rowSizes, ShapedType::isDynamic) && knownRows < minRows)
    return std::nullopt;

  Chain chain;
  chain.rows = rows;
  ChainBuffers buffers;
  // The start is a stage with nothing of the chain to read.
  std::optional<Stage> first = matchReductionStage(start, rows);
  if (!first)
    return std::nullopt;
  recordStage(*first, buffers);
  chain.stages.push_back(std::move(*first));

  // The movable ops seen so far; those before the last stage move.
  SmallVector<Operation *> movable;
  SmallVector<linalg::FillOp> pendingFills;
  for (Operation *op = start->getNextNode(); op; op = op->getNextNode()) {
    if (isHoistable(op, start, movable)) {
      movable.push_back(op);
      continue;
    }
    if (auto fill = dyn_cast<linalg::FillOp>(op)) {
      pendingFills.push_back(fill);
      continue;
    }
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    std::optional<Stage> stage =
        linalgOp ? matchStage(linalgOp, chain, buffers, rowSizes)
                 : std::nullopt;
    // Fills before the stage must be the ones it starts from.
    if (stage && (stage->kind != Stage::Reduction ||
                  stage->fills.size() != pendingFills.size()))
      stage = pendingFills.empty() ? std::move(stage) : std::nullopt;
    if (!stage)
      break;
    recordStage(*stage, buffers);
    chain.stages.push_back(std::move(*stage));
    chain.hoisted = movable;
    pendingFills.clear();
  }
  if (chain.stages.size() < 2)
    return std::nullopt;
  return chain;
}

/// The value of output `init` at `indices` when `op`'s body reads it; a
/// zero (which nothing reads) otherwise: a complex zero of complex outputs
/// (a complex sum's parts joined into complex numbers).
static Value loadIfRead(RewriterBase &rewriter, linalg::LinalgOp op,
                        OpOperand *init, ArrayRef<Value> indices) {
  BlockArgument arg = op.getMatchingBlockArgument(init);
  if (arg.use_empty()) {
    if (auto complexType = dyn_cast<ComplexType>(arg.getType())) {
      Attribute zero = rewriter.getZeroAttr(complexType.getElementType());
      return complex::ConstantOp::create(rewriter, op.getLoc(), complexType,
                                         rewriter.getArrayAttr({zero, zero}));
    }
    return arith::ConstantOp::create(rewriter, op.getLoc(),
                                     rewriter.getZeroAttr(arg.getType()));
  }
  return memref::LoadOp::create(rewriter, op.getLoc(), init->get(), indices);
}

/// Evaluates an op over the rows alone at `rowIndices` (every thread the
/// same values); thread 0 stores them.
static void emitRowOnly(RewriterBase &rewriter, const Stage &stage,
                        ArrayRef<Value> rowIndices, Value isFirstThread,
                        DenseMap<Value, Value> &rowValues) {
  linalg::LinalgOp op = stage.op;
  Location loc = op.getLoc();
  SmallVector<Value> current;
  for (OpOperand &init : op.getDpsInitsMutable())
    current.push_back(loadIfRead(
        rewriter, op, &init,
        applyMap(rewriter, loc, op.getMatchingIndexingMap(&init), rowIndices)));
  SmallVector<Value> values =
      emitBody(rewriter, loc, op, rowIndices, current, &rowValues);
  auto store = scf::IfOp::create(rewriter, loc, isFirstThread,
                                 /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(store.thenBlock()->getTerminator());
    for (auto [value, init] : llvm::zip(values, op.getDpsInitsMutable()))
      memref::StoreOp::create(rewriter, loc, value, init.get(),
                              applyMap(rewriter, loc,
                                       op.getMatchingIndexingMap(&init),
                                       rowIndices));
  }
  for (auto [value, init] : llvm::zip(values, op.getDpsInits()))
    rowValues[init] = value;
}

/// How many consecutive points of an elementwise stage's innermost loop a
/// thread can handle with `vectorBytes`-byte vector accesses: the loop's
/// static size divided by it, every buffer that varies along it of the
/// identity layout and indexed by it innermost alone, a body of
/// elementwise-mappable ops; 1 when it cannot.
static int64_t getElementwiseVectorLength(linalg::LinalgOp op,
                                          int64_t vectorBytes) {
  unsigned last = op.getNumLoops() - 1;
  if (!isVectorizableBody(op.getBlock()))
    return 1;
  int64_t widest = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isFunctionOfDim(last))
      continue;
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || !type.getLayout().isIdentity() ||
        !type.getElementType().isIntOrFloat() ||
        type.getElementType().getIntOrFloatBitWidth() % 8 != 0 ||
        !isContiguousAlong(map, last))
      return 1;
    widest = std::max<int64_t>(
        widest, type.getElementType().getIntOrFloatBitWidth() / 8);
  }
  int64_t size = op.getStaticLoopRanges()[last];
  if (widest == 0 || ShapedType::isDynamic(size))
    return 1;
  int64_t length = vectorBytes / widest;
  return length >= 2 && size % length == 0 ? length : 1;
}

/// The vector length every stage of `chain` can stride over its row with
/// (they must agree: a thread reads back what it wrote); 1 when one of
/// them cannot use vectors.
static int64_t getChainVectorLength(const Chain &chain) {
  int64_t length = kVectorBytes;
  for (const Stage &stage : chain.stages) {
    if (stage.kind == Stage::RowOnly)
      continue;
    int64_t own = stage.kind == Stage::Reduction
                      ? getReductionVectorLength(stage.op, kVectorBytes)
                      : getElementwiseVectorLength(stage.op, kVectorBytes);
    length = std::min(length, own);
  }
  return length;
}

/// A loop over the row's points of an elementwise op, the thread's share:
/// from `thread` by `threads`, in vectors of `vectorLength` points.
static void emitElementwise(RewriterBase &rewriter, const Stage &stage,
                            ArrayRef<Value> rowIndices,
                            ArrayRef<Value> columnSizes, Value thread,
                            Value threads, int64_t vectorLength,
                            const DenseMap<Value, Value> &rowValues) {
  linalg::LinalgOp op = stage.op;
  Location loc = op.getLoc();
  Value vectorCount =
      arith::ConstantIndexOp::create(rewriter, loc, vectorLength);
  Value length = rewriter.createOrFold<arith::DivUIOp>(
      loc, product(rewriter, loc, columnSizes), vectorCount);
  auto loop = scf::ForOp::create(rewriter, loc, thread, length, threads);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(loop.getBody());
  Value start = rewriter.createOrFold<arith::MulIOp>(
      loc, loop.getInductionVar(), vectorCount);
  SmallVector<Value> indices(rowIndices.begin(), rowIndices.end());
  llvm::append_range(indices, delinearize(rewriter, loc, start, columnSizes));
  if (vectorLength == 1) {
    SmallVector<SmallVector<Value>> outputIndices;
    SmallVector<Value> current;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      outputIndices.push_back(
          applyMap(rewriter, loc, op.getMatchingIndexingMap(&init), indices));
      current.push_back(loadIfRead(rewriter, op, &init, outputIndices.back()));
    }
    SmallVector<Value> values =
        emitBody(rewriter, loc, op, indices, current, &rowValues);
    for (auto [value, init, at] :
         llvm::zip(values, op.getDpsInits(), outputIndices))
      memref::StoreOp::create(rewriter, loc, value, init, at);
    return;
  }

  // Vectors: what varies along the innermost loop is a vector access,
  // aligned to its size (identity layouts, rows a multiple of the length);
  // the rest is loaded once and broadcast.
  auto alignment = [&](Value buffer) {
    return llvm::MaybeAlign(
        vectorLength * getElementTypeOrSelf(buffer).getIntOrFloatBitWidth() /
        8);
  };
  IRMapping mapping;
  for (OpOperand &operand : op->getOpOperands())
    if (!op.getMatchingBlockArgument(&operand).use_empty())
      mapping.map(op.getMatchingBlockArgument(&operand),
                  loadOperandOnVectors(rewriter, loc, op, &operand, indices,
                                       vectorLength, &rowValues));
  SmallVector<Value> values =
      cloneBodyOnVectors(rewriter, loc, op.getBlock(), mapping, vectorLength);
  for (auto [value, init] : llvm::zip(values, op.getDpsInitsMutable()))
    vector::StoreOp::create(
        rewriter, loc, value, init.get(),
        applyMap(rewriter, loc, op.getMatchingIndexingMap(&init), indices),
        /*nontemporal=*/false, alignment(init.get()));
}

/// The threads of a chain's block: as many as its longest row has vectors
/// of `vectorLength` points, in whole warps, up to `maxBlockSize`;
/// `maxBlockSize` when a length is not known.
static int64_t getChainBlockSize(const Chain &chain, int64_t vectorLength,
                                 int64_t maxBlockSize) {
  int64_t longest = 1;
  for (const Stage &stage : chain.stages) {
    linalg::LinalgOp op = stage.op;
    SmallVector<int64_t> sizes = op.getStaticLoopRanges();
    ArrayRef<int64_t> pointSizes = ArrayRef(sizes).drop_front(chain.rows);
    if (llvm::any_of(pointSizes, ShapedType::isDynamic))
      return maxBlockSize;
    longest = std::max(longest, saturatingProduct(pointSizes));
  }
  return roundToWarps(std::min<int64_t>(
      std::max<int64_t>(llvm::PowerOf2Ceil(longest / vectorLength), 32),
      maxBlockSize));
}

/// Replaces the chain by one launch of a block per row.
static void fuseChain(RewriterBase &rewriter, Chain &chain,
                      int64_t maxBlockSize) {
  int64_t vectorLength = getChainVectorLength(chain);
  int64_t blockSize = getChainBlockSize(chain, vectorLength, maxBlockSize);
  linalg::LinalgOp start = chain.stages.front().op;
  Location loc = start.getLoc();
  for (Operation *op : chain.hoisted)
    rewriter.moveOpBefore(op, start);
  rewriter.setInsertionPoint(start);

  // Every stage's loop sizes, on the host.
  SmallVector<LoopSizes> sizes;
  for (Stage &stage : chain.stages)
    sizes.push_back(getLoopSizes(rewriter, stage.op));
  SmallVector<Value> rowSizes = sizes.front().parallel;
  Value rows = product(rewriter, loc, rowSizes);
  Value threads = arith::ConstantIndexOp::create(rewriter, loc, blockSize);
  gpu::LaunchOp launch = createLaunch(rewriter, start, rows, rows, threads);
  if (!launch)
    return;
  Value thread = launch.getThreadIds().x;
  SmallVector<Value> rowIndices =
      delinearize(rewriter, loc, launch.getBlockIds().x, rowSizes);
  Value isFirstThread =
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, thread,
                            arith::ConstantIndexOp::create(rewriter, loc, 0));

  DenseMap<Value, Value> rowValues;
  for (auto [stage, stageSizes] : llvm::zip(chain.stages, sizes)) {
    linalg::LinalgOp op = stage.op;
    if (stage.kind == Stage::RowOnly) {
      emitRowOnly(rewriter, stage, rowIndices, isFirstThread, rowValues);
      continue;
    }
    if (stage.kind == Stage::Elementwise) {
      emitElementwise(rewriter, stage, rowIndices,
                      ArrayRef(stageSizes.parallel).drop_front(chain.rows),
                      thread, threads, vectorLength, rowValues);
      continue;
    }
    // A reduction: the thread's share of the row, then the block's total,
    // which every thread gets, after the output's initial value.
    Value vectors = rewriter.createOrFold<arith::DivUIOp>(
        loc, product(rewriter, loc, stageSizes.reduction),
        arith::ConstantIndexOp::create(rewriter, loc, vectorLength));
    SmallVector<Value> share =
        emitThreadShare(rewriter, op, *stage.combiner, stageSizes, rowIndices,
                        thread, vectors, threads, vectorLength, &rowValues);
    SmallVector<Value> totals =
        stage.combiner->reduceBlock(rewriter, loc, launch, blockSize, share);
    OpOperand *init = op.getDpsInitOperand(0);
    SmallVector<Value> at = outputIndices(rewriter, loc, op, init, rowIndices);
    Value initial = loadInitial(rewriter, loc, init, at, stage.fills);
    Value value =
        stage.combiner->combineInOrder(rewriter, loc, {initial}, totals)
            .front();
    auto store = scf::IfOp::create(rewriter, loc, isFirstThread,
                                   /*withElseRegion=*/false);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(store.thenBlock()->getTerminator());
      memref::StoreOp::create(rewriter, loc, value, init->get(), at);
    }
    rowValues[init->get()] = value;
  }

  for (Stage &stage : llvm::reverse(chain.stages)) {
    eraseFills(rewriter, stage.fills);
    rewriter.eraseOp(stage.op);
  }
}

namespace {
struct TenGPUFuseRowsPass
    : public ten::impl::TenGPUFuseRowsPassBase<TenGPUFuseRowsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize < 32 || blockSize > 1024 || blockSize % 32 != 0) {
      getOperation().emitError("ten-gpu-fuse-rows: block-size must be a "
                               "multiple of 32 from 32 to 1024, not ")
          << static_cast<int64_t>(blockSize);
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    // Chains do not overlap: the next search starts after the last one.
    SmallVector<Block *> blocks;
    getOperation().walk([&](Block *block) {
      // Not the bodies of linalg ops, which the fusion erases.
      if (!isa<linalg::LinalgOp>(block->getParentOp()))
        blocks.push_back(block);
    });
    for (Block *block : blocks) {
      if (block->getParentOp()->getParentOfType<gpu::LaunchOp>() ||
          isa<gpu::LaunchOp>(block->getParentOp()) ||
          block->getParentOp()->getParentOfType<scf::ParallelOp>() ||
          isa<scf::ParallelOp>(block->getParentOp()))
        continue;
      // An empty block (a bufferized scf.forall.in_parallel) has no front.
      for (Operation *op = block->empty() ? nullptr : &block->front(); op;) {
        auto start = dyn_cast<linalg::LinalgOp>(op);
        std::optional<Chain> chain =
            start ? matchChain(start, minRows) : std::nullopt;
        if (!chain) {
          op = op->getNextNode();
          continue;
        }
        Operation *next = chain->stages.back().op->getNextNode();
        fuseChain(rewriter, *chain, blockSize);
        op = next;
      }
    }
  }
};
} // namespace
