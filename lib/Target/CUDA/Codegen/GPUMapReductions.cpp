//===- GPUMapReductions.cpp - the ten-gpu-map-reductions pass -------------===//
//
// Reductions become kernels that accumulate in registers. Row reductions
// (inputs contiguous along the reduced dimensions) whose partial results
// combine in any grouping (GPURowCombiner.h: one combiner gpu.all_reduce
// knows, or an argmax/argmin) get one block per output element: the
// block's threads stride over the row, and their values are combined
// through warp shuffles and shared memory. Every other reduction (column
// sums, combiners without a neutral value) gets one thread per output
// element.
//
//===----------------------------------------------------------------------===//

#include "GPUKernelBuilder.h"
#include "GPURowCombiner.h"

#include "ten/Target/CUDA/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "ten-gpu-map-reductions"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUMAPREDUCTIONSPASS
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

/// Combines the threads' `values` across the block of `launch`, of
/// `blockSize` threads; thread 0 gives the totals to `store`, which runs in
/// its branch.
static void reduceBlock(RewriterBase &rewriter, Location loc,
                        const ten::RowCombiner &combiner, gpu::LaunchOp launch,
                        int64_t blockSize, ValueRange values,
                        function_ref<void(ValueRange totals)> store) {
  SmallVector<Value> totals =
      combiner.reduceBlock(rewriter, loc, launch, blockSize, values);
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                      launch.getThreadIds().x, zero);
  auto branch =
      scf::IfOp::create(rewriter, loc, first, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(branch.thenBlock()->getTerminator());
  store(totals);
}

/// Stores `totals`, combined after the initial values of `op`'s outputs, at
/// `parallelIndices`.
static void
storeWithInitial(RewriterBase &rewriter, Location loc, linalg::LinalgOp op,
                 const ten::RowCombiner &combiner,
                 ArrayRef<Value> parallelIndices, ValueRange totals,
                 const DenseMap<OpOperand *, linalg::FillOp> &fills) {
  SmallVector<SmallVector<Value>> indices;
  SmallVector<Value> initial;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    indices.push_back(outputIndices(rewriter, loc, op, &init, parallelIndices));
    initial.push_back(loadInitial(rewriter, loc, &init, indices.back(), fills));
  }
  SmallVector<Value> results =
      combiner.combineInOrder(rewriter, loc, initial, totals);
  for (auto [result, init, at] :
       llvm::zip(results, op.getDpsInitsMutable(), indices))
    memref::StoreOp::create(rewriter, loc, result, init.get(), at);
}

/// Buffers of `count` partial values, one per output of `op`, of its type.
static SmallVector<Value> allocatePartials(RewriterBase &rewriter, Location loc,
                                           linalg::LinalgOp op, Value count) {
  std::optional<int64_t> staticCount = getConstantIntValue(count);
  SmallVector<Value> partials;
  for (Value init : op.getDpsInits()) {
    auto type =
        MemRefType::get({staticCount ? *staticCount : ShapedType::kDynamic},
                        getElementTypeOrSelf(init.getType()));
    partials.push_back(
        staticCount
            ? memref::AllocOp::create(rewriter, loc, type)
            : memref::AllocOp::create(rewriter, loc, type, ValueRange{count}));
  }
  return partials;
}

/// The values at `index` of the buffers `partials`.
static SmallVector<Value> loadPartials(RewriterBase &rewriter, Location loc,
                                       ValueRange partials, Value index) {
  SmallVector<Value> values;
  for (Value buffer : partials)
    values.push_back(
        memref::LoadOp::create(rewriter, loc, buffer, ValueRange{index}));
  return values;
}

/// Stores `values` at `index` of the buffers `partials`.
static void storePartials(RewriterBase &rewriter, Location loc,
                          ValueRange values, ValueRange partials, Value index) {
  for (auto [value, buffer] : llvm::zip(values, partials))
    memref::StoreOp::create(rewriter, loc, value, buffer, ValueRange{index});
}

/// Frees the buffers `partials`.
static void deallocatePartials(RewriterBase &rewriter, Location loc,
                               ValueRange partials) {
  for (Value buffer : partials)
    memref::DeallocOp::create(rewriter, loc, buffer);
}

/// A loop from `lower` to `upper` by `step` that folds, from the
/// combiner's neutral values, the partial values at `position(i)` of the
/// buffers `partials`.
static scf::ForOp emitPartialsLoop(RewriterBase &rewriter, Location loc,
                                   const ten::RowCombiner &combiner,
                                   ValueRange partials, Value lower,
                                   Value upper, Value step,
                                   function_ref<Value(Value)> position) {
  auto loop = scf::ForOp::create(rewriter, loc, lower, upper, step,
                                 combiner.createNeutral(rewriter, loc));
  OpBuilder::InsertionGuard inLoop(rewriter);
  rewriter.setInsertionPointToStart(loop.getBody());
  SmallVector<Value> loaded =
      loadPartials(rewriter, loc, partials, position(loop.getInductionVar()));
  scf::YieldOp::create(rewriter, loc,
                       combiner.combinePartials(
                           rewriter, loc, loop.getRegionIterArgs(), loaded));
  return loop;
}

/// The bytes of one vector access: NVPTX's widest load and store.
constexpr int64_t kVectorBytes = 16;

/// The least number of elements each thread folds in a block of a split
/// row: fewer, and the second kernel costs more than the parallelism gains.
constexpr int64_t kMinElementsPerThread = 8;

/// How many shares a reduction's loop is split into when `units` blocks (or
/// outputs) would run it unsplit: enough that about `targetBlocks` blocks
/// run, each share at least `minShare` elements of `length`; 1 when the
/// units alone fill the GPU, none when a size is not a constant otherwise.
static std::optional<int64_t> getShareCount(std::optional<int64_t> units,
                                            std::optional<int64_t> length,
                                            int64_t minShare,
                                            int64_t targetBlocks) {
  if (units && (*units == 0 || *units >= targetBlocks))
    return 1;
  if (!units || !length)
    return std::nullopt;
  int64_t forBlocks = llvm::divideCeil(targetBlocks, *units);
  return std::max<int64_t>(1, std::min(forBlocks, *length / minShare));
}

/// getShareCount computed by the host code, for sizes that are not
/// constants.
static Value createShareCount(RewriterBase &rewriter, Location loc, Value units,
                              Value length, int64_t minShare,
                              int64_t targetBlocks) {
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, value);
  };
  Value one = constant(1);
  Value someUnits = arith::MaxUIOp::create(rewriter, loc, units, one);
  Value forBlocks = arith::CeilDivUIOp::create(
      rewriter, loc, constant(targetBlocks), someUnits);
  Value forWork =
      arith::DivUIOp::create(rewriter, loc, length, constant(minShare));
  return arith::MaxUIOp::create(
      rewriter, loc, one,
      arith::MinUIOp::create(rewriter, loc, forBlocks, forWork));
}

/// Emits the unsplit kernel, or the split one with `shares` shares (when
/// known) or the count `createShares` makes the host code compute, and a
/// branch between the two. False when `emitUnsplit` ran and found
/// statically no outputs (it then erased the op).
static bool emitWithShares(
    RewriterBase &rewriter, Location loc, std::optional<int64_t> shares,
    function_ref<Value()> createShares, function_ref<bool()> emitUnsplit,
    function_ref<void(Value count, bool isStatic)> emitSplit) {
  if (shares == 1)
    return emitUnsplit();
  if (shares) {
    emitSplit(arith::ConstantIndexOp::create(rewriter, loc, *shares),
              /*isStatic=*/true);
    return true;
  }
  Value count = createShares();
  Value isSplit =
      arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ugt, count,
                            arith::ConstantIndexOp::create(rewriter, loc, 1));
  auto branches =
      scf::IfOp::create(rewriter, loc, isSplit, /*withElseRegion=*/true);
  rewriter.setInsertionPoint(branches.thenBlock()->getTerminator());
  emitSplit(count, /*isStatic=*/false);
  rewriter.setInsertionPoint(branches.elseBlock()->getTerminator());
  emitUnsplit();
  return true;
}

/// Threads per warp.
constexpr int64_t kWarpSize = 32;

/// How many lanes reduce each row of `vectors` vectors (a static count)
/// when the row is short enough for a group of lanes, at most a warp, with
/// at most `maxLaneVectors` vectors per lane; 0 when it is not.
static int64_t getRowLanes(std::optional<int64_t> vectors,
                           int64_t maxLaneVectors, int64_t maxBlockSize) {
  if (!vectors || *vectors == 0 || maxBlockSize < kWarpSize ||
      llvm::divideCeilSigned(*vectors, kWarpSize) > maxLaneVectors)
    return 0;
  return std::min<int64_t>(llvm::PowerOf2Ceil(*vectors), kWarpSize);
}

/// Replaces `op` by a kernel of one block per output element; or, when few
/// outputs have long rows, by a kernel of several blocks per output that
/// each reduce a share of the row into buffers of partial values, and a
/// kernel of one block per output that reduces those. When the sizes are
/// not constants, the host code computes how many blocks share a row and
/// runs the one or the other. Short rows of a static length (at most
/// `maxLaneVectors` vectors per lane of a warp) get a group of lanes each
/// instead, several rows per block, combined by warp shuffles alone.
static void mapRowReduction(RewriterBase &rewriter, linalg::LinalgOp op,
                            const ten::RowCombiner &combiner,
                            int64_t maxBlockSize, int64_t targetBlocks,
                            int64_t maxLaneVectors) {
  Location loc = op.getLoc();
  DenseMap<OpOperand *, linalg::FillOp> fills = findInitializingFills(op);
  rewriter.setInsertionPoint(op);
  LoopSizes sizes = getLoopSizes(rewriter, op);

  // Each thread folds 16-byte vectors of the row where it can: as many
  // threads as the row has vectors (or elements), in whole warps, up to the
  // block size.
  int64_t vectorLength = getReductionVectorLength(op, kVectorBytes);
  int64_t blockSize = maxBlockSize;
  if (sizes.staticReduction)
    blockSize = std::min<int64_t>(
        std::max<int64_t>(
            llvm::PowerOf2Ceil(*sizes.staticReduction / vectorLength), 32),
        maxBlockSize);
  blockSize = roundToWarps(blockSize);
  Value outputs = product(rewriter, loc, sizes.parallel);
  Value rowLength = product(rewriter, loc, sizes.reduction);
  Value vectors = rewriter.createOrFold<arith::DivUIOp>(
      loc, rowLength,
      arith::ConstantIndexOp::create(rewriter, loc, vectorLength));
  Value threads = arith::ConstantIndexOp::create(rewriter, loc, blockSize);

  // One block per output. Each thread folds every blockSize-th element of
  // the row into registers; the block's values are combined, then after
  // the output's initial values, by one thread. False when there are
  // statically no outputs (`op` is erased).
  auto emitBlockPerRow = [&]() -> bool {
    gpu::LaunchOp launch =
        createLaunch(rewriter, op, outputs, outputs, threads);
    if (!launch)
      return false;
    Value thread = launch.getThreadIds().x;
    SmallVector<Value> parallelIndices =
        delinearize(rewriter, loc, launch.getBlockIds().x, sizes.parallel);
    SmallVector<Value> share =
        emitThreadShare(rewriter, op, combiner, sizes, parallelIndices, thread,
                        vectors, threads, vectorLength);
    reduceBlock(rewriter, loc, combiner, launch, blockSize, share,
                [&](ValueRange totals) {
                  storeWithInitial(rewriter, loc, op, combiner, parallelIndices,
                                   totals, fills);
                });
    return true;
  };

  // A group of `rowLanes` lanes per output, `rowsPerBlock` outputs per
  // block: each lane folds every rowLanes-th vector of its row, and the
  // group's values are combined by warp shuffles, without the shared memory
  // and barriers of a block-wide combination, whose cost a short row does
  // not repay. The rows per block are as many as fill the block, unless
  // fewer blocks than `targetBlocks` would then run; at least a warp's
  // worth. False when there are statically no outputs (`op` is erased).
  std::optional<int64_t> staticVectors;
  if (sizes.staticReduction)
    staticVectors = *sizes.staticReduction / vectorLength;
  int64_t rowLanes = getRowLanes(staticVectors, maxLaneVectors, maxBlockSize);
  auto emitGroupPerRow = [&]() -> bool {
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, value);
    };
    int64_t warpRows = kWarpSize / rowLanes;
    int64_t rowsPerBlock = roundToWarps(maxBlockSize) / rowLanes;
    if (std::optional<int64_t> staticOutputs = getConstantIntValue(outputs))
      rowsPerBlock = std::clamp<int64_t>(
          llvm::bit_floor(static_cast<uint64_t>(
              std::max<int64_t>(1, *staticOutputs / targetBlocks))),
          warpRows, rowsPerBlock);
    Value blockRows = constant(rowsPerBlock);
    gpu::LaunchOp launch = createLaunch(
        rewriter, op, outputs,
        rewriter.createOrFold<arith::CeilDivUIOp>(loc, outputs, blockRows),
        constant(rowsPerBlock * rowLanes));
    if (!launch)
      return false;
    Value thread = launch.getThreadIds().x;
    Value lanes = constant(rowLanes);
    Value lane = arith::RemUIOp::create(rewriter, loc, thread, lanes);
    Value row = arith::AddIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, launch.getBlockIds().x, blockRows),
        arith::DivUIOp::create(rewriter, loc, thread, lanes));
    SmallVector<Value> parallelIndices =
        delinearize(rewriter, loc, row, sizes.parallel);

    // The lanes of rows past the end fold nothing, but take part in the
    // shuffles, which every lane of the warp must reach.
    Value inRange = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ult, row, outputs);
    SmallVector<Value> neutral = combiner.createNeutral(rewriter, loc);
    auto fold = scf::IfOp::create(rewriter, loc, ValueRange(neutral).getTypes(),
                                  inRange, /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(fold.thenBlock());
      // Where every lane folds as many vectors, the loop counts from 0 with
      // the lane as an offset: a constant trip count, which LLVM unrolls so
      // that the lane's loads issue together.
      SmallVector<Value> share =
          *staticVectors % rowLanes == 0
              ? emitThreadShare(rewriter, op, combiner, sizes, parallelIndices,
                                constant(0), vectors, lanes, vectorLength,
                                /*rowValues=*/nullptr, /*offset=*/lane)
              : emitThreadShare(rewriter, op, combiner, sizes, parallelIndices,
                                lane, vectors, lanes, vectorLength);
      scf::YieldOp::create(rewriter, loc, share);
      rewriter.setInsertionPointToStart(fold.elseBlock());
      scf::YieldOp::create(rewriter, loc, neutral);
    }
    SmallVector<Value> totals = combiner.reduceLanes(
        rewriter, loc, fold.getResults(), kWarpSize, rowLanes);
    Value firstLane = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, lane, constant(0));
    auto store = scf::IfOp::create(
        rewriter, loc, arith::AndIOp::create(rewriter, loc, inRange, firstLane),
        /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(store.thenBlock()->getTerminator());
    storeWithInitial(rewriter, loc, op, combiner, parallelIndices, totals,
                     fills);
    return true;
  };

  // `splitCount` blocks per output, then one block of `combineSize`
  // threads per output that combines their partial values.
  auto emitSplitRows = [&](Value splitCount, int64_t combineSize) {
    // The first kernel: block b reduces share b % splits of row b / splits,
    // its threads striding over the share's elements, into partials[b].
    Value partialCount =
        rewriter.createOrFold<arith::MulIOp>(loc, outputs, splitCount);
    SmallVector<Value> partials =
        allocatePartials(rewriter, loc, op, partialCount);
    Block *block = rewriter.getInsertionBlock();
    gpu::LaunchOp shares =
        createLaunch(rewriter, op, outputs, partialCount, threads);
    {
      Value block = shares.getBlockIds().x, thread = shares.getThreadIds().x;
      Value row = arith::DivUIOp::create(rewriter, loc, block, splitCount);
      Value share = arith::RemUIOp::create(rewriter, loc, block, splitCount);
      SmallVector<Value> parallelIndices =
          delinearize(rewriter, loc, row, sizes.parallel);
      Value first = arith::AddIOp::create(
          rewriter, loc, arith::MulIOp::create(rewriter, loc, share, threads),
          thread);
      Value stride =
          rewriter.createOrFold<arith::MulIOp>(loc, splitCount, threads);
      SmallVector<Value> partial =
          emitThreadShare(rewriter, op, combiner, sizes, parallelIndices, first,
                          vectors, stride, vectorLength);
      reduceBlock(rewriter, loc, combiner, shares, blockSize, partial,
                  [&](ValueRange totals) {
                    storePartials(rewriter, loc, totals, partials, block);
                  });
    }

    // The second kernel: one block per output folds its partial values.
    rewriter.setInsertionPointAfter(block->findAncestorOpInBlock(*shares));
    Value combineThreads =
        arith::ConstantIndexOp::create(rewriter, loc, combineSize);
    gpu::LaunchOp rows =
        createLaunch(rewriter, op, outputs, outputs, combineThreads);
    {
      Value row = rows.getBlockIds().x, thread = rows.getThreadIds().x;
      Value base = arith::MulIOp::create(rewriter, loc, row, splitCount);
      scf::ForOp partialLoop = emitPartialsLoop(
          rewriter, loc, combiner, partials, thread, splitCount, combineThreads,
          [&](Value share) {
            return arith::AddIOp::create(rewriter, loc, base, share);
          });
      SmallVector<Value> parallelIndices =
          delinearize(rewriter, loc, row, sizes.parallel);
      reduceBlock(rewriter, loc, combiner, rows, combineSize,
                  partialLoop.getResults(), [&](ValueRange totals) {
                    storeWithInitial(rewriter, loc, op, combiner,
                                     parallelIndices, totals, fills);
                  });
    }
    rewriter.setInsertionPointAfter(block->findAncestorOpInBlock(*rows));
    deallocatePartials(rewriter, loc, partials);
  };
  // As many threads as there are partial values per output, in whole
  // warps, up to the block size.
  auto getCombineSize = [&](int64_t splits) {
    return roundToWarps(std::min<int64_t>(
        std::max<int64_t>(llvm::PowerOf2Ceil(splits), 32), maxBlockSize));
  };

  if (rowLanes) {
    LLVM_DEBUG(llvm::dbgs()
               << "[" DEBUG_TYPE "] " << op->getName() << " at " << op->getLoc()
               << ": " << rowLanes << " lanes per row\n");
    if (!emitGroupPerRow())
      return;
    eraseFills(rewriter, fills);
    rewriter.eraseOp(op);
    return;
  }
  std::optional<int64_t> staticSplits =
      getShareCount(getConstantIntValue(outputs), sizes.staticReduction,
                    blockSize * kMinElementsPerThread, targetBlocks);
  LLVM_DEBUG({
    llvm::dbgs() << "[" DEBUG_TYPE "] " << op->getName() << " at "
                 << op->getLoc() << ": a block per row";
    if (!staticSplits)
      llvm::dbgs() << ", split at run time if its rows are few and long";
    else if (*staticSplits > 1)
      llvm::dbgs() << ", each row split into " << *staticSplits << " shares";
    llvm::dbgs() << "\n";
  });
  if (!emitWithShares(
          rewriter, loc, staticSplits,
          [&] {
            return createShareCount(rewriter, loc, outputs, rowLength,
                                    blockSize * kMinElementsPerThread,
                                    targetBlocks);
          },
          emitBlockPerRow,
          [&](Value splitCount, bool isStatic) {
            // Dynamic: at most targetBlocks partial values per output.
            emitSplitRows(splitCount, getCombineSize(isStatic ? *staticSplits
                                                              : targetBlocks));
          }))
    return;
  eraseFills(rewriter, fills);
  rewriter.eraseOp(op);
}

/// Whether `op` is a reduction that a thread per output element can run: on
/// buffers, with a reduction loop, its outputs indexed by parallel loops.
static bool isThreadPerOutputReduction(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumReductionLoops() == 0 ||
      op.getNumDpsInits() == 0)
    return false;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (OpOperand &init : op.getDpsInitsMutable()) {
    AffineMap map = op.getMatchingIndexingMap(&init);
    if (!isa<MemRefType>(init.get().getType()) || !map.isProjectedPermutation())
      return false;
    for (unsigned loop = 0; loop < iterators.size(); ++loop)
      if (iterators[loop] == utils::IteratorType::reduction &&
          map.isFunctionOfDim(loop))
        return false;
  }
  return true;
}

/// The least number of elements each thread folds in a share of a split
/// column reduction.
constexpr int64_t kMinColumnShare = 16;

/// Replaces `op` by a kernel of one thread per output element, which
/// accumulates in registers and stores once: consecutive threads take
/// consecutive output elements, so a reduction whose input is contiguous
/// along an output dimension (a column sum) reads coalesced. When there are
/// few outputs and long reductions, and the outputs' partial results
/// combine in any grouping, the reduction loop is split into shares: a
/// first kernel's threads each fold one share of one output into buffers
/// of partial values, and a second kernel's threads fold an output's
/// partial values into it. When the sizes are not constants, the host code
/// computes the shares and runs the one or the other.
static void mapThreadPerOutput(RewriterBase &rewriter, linalg::LinalgOp op,
                               int64_t blockSize, int64_t targetBlocks) {
  Location loc = op.getLoc();
  DenseMap<OpOperand *, linalg::FillOp> fills = findInitializingFills(op);
  rewriter.setInsertionPoint(op);
  LoopSizes sizes = getLoopSizes(rewriter, op);
  Value outputs = product(rewriter, loc, sizes.parallel);
  Value length = product(rewriter, loc, sizes.reduction);
  Value threads = arith::ConstantIndexOp::create(rewriter, loc, blockSize);
  Value outputBlocks =
      rewriter.createOrFold<arith::CeilDivUIOp>(loc, outputs, threads);
  std::unique_ptr<ten::RowCombiner> combiner = ten::matchRowCombiner(op);

  // The thread's output element and its parallel indices, under a guard
  // for the last block's threads past the end. `block` counts blocks of
  // outputs.
  auto enterOutput = [&](Value block, Value thread) {
    Value first = arith::MulIOp::create(rewriter, loc, block, threads);
    Value linear = arith::AddIOp::create(rewriter, loc, first, thread);
    Value inRange = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ult, linear, outputs);
    auto guard =
        scf::IfOp::create(rewriter, loc, inRange, /*withElseRegion=*/false);
    rewriter.setInsertionPoint(guard.thenBlock()->getTerminator());
    return linear;
  };
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);

  // Each thread runs the whole loop from its outputs' values. False when
  // there are statically no outputs (`op` is erased).
  auto emitThreadPerOutput = [&]() -> bool {
    gpu::LaunchOp launch =
        createLaunch(rewriter, op, outputs, outputBlocks, threads);
    if (!launch)
      return false;
    Value linear = enterOutput(launch.getBlockIds().x, launch.getThreadIds().x);
    SmallVector<Value> parallelIndices =
        delinearize(rewriter, loc, linear, sizes.parallel);
    SmallVector<SmallVector<Value>> indices;
    SmallVector<Value> initial;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      indices.push_back(
          outputIndices(rewriter, loc, op, &init, parallelIndices));
      initial.push_back(
          loadInitial(rewriter, loc, &init, indices.back(), fills));
    }
    scf::ForOp loop = emitReductionLoop(rewriter, op, sizes, parallelIndices,
                                        zero, length, one, initial);
    for (auto [result, init, at] :
         llvm::zip(loop.getResults(), op.getDpsInitsMutable(), indices))
      memref::StoreOp::create(rewriter, loc, result, init.get(), at);
    return true;
  };

  // The loop in `splitCount` shares, then their partial values combined.
  auto emitSplitColumns = [&](Value splitCount) {
    // The first kernel: block b takes the outputs of block b % outputBlocks
    // and share b / outputBlocks of their reduction loop, from the neutral
    // values, into partials[share * outputs + output].
    Value shareSize =
        rewriter.createOrFold<arith::CeilDivUIOp>(loc, length, splitCount);
    SmallVector<Value> partials = allocatePartials(
        rewriter, loc, op,
        rewriter.createOrFold<arith::MulIOp>(loc, splitCount, outputs));
    Value blockCount =
        rewriter.createOrFold<arith::MulIOp>(loc, outputBlocks, splitCount);
    Block *block = rewriter.getInsertionBlock();
    gpu::LaunchOp shares =
        createLaunch(rewriter, op, outputs, blockCount, threads);
    {
      Value blockId = shares.getBlockIds().x;
      Value share =
          arith::DivUIOp::create(rewriter, loc, blockId, outputBlocks);
      Value linear = enterOutput(
          arith::RemUIOp::create(rewriter, loc, blockId, outputBlocks),
          shares.getThreadIds().x);
      SmallVector<Value> parallelIndices =
          delinearize(rewriter, loc, linear, sizes.parallel);
      Value lower = arith::MulIOp::create(rewriter, loc, share, shareSize);
      Value upper = arith::MinUIOp::create(
          rewriter, loc, arith::AddIOp::create(rewriter, loc, lower, shareSize),
          length);
      scf::ForOp loop =
          emitReductionLoop(rewriter, op, sizes, parallelIndices, lower, upper,
                            one, combiner->createNeutral(rewriter, loc));
      Value at = arith::AddIOp::create(
          rewriter, loc, arith::MulIOp::create(rewriter, loc, share, outputs),
          linear);
      storePartials(rewriter, loc, loop.getResults(), partials, at);
    }

    // The second kernel: a thread per output folds its partial values,
    // which consecutive threads read from consecutive addresses, and
    // stores them combined after the output's initial values.
    rewriter.setInsertionPointAfter(block->findAncestorOpInBlock(*shares));
    gpu::LaunchOp combining =
        createLaunch(rewriter, op, outputs, outputBlocks, threads);
    {
      Value linear =
          enterOutput(combining.getBlockIds().x, combining.getThreadIds().x);
      SmallVector<Value> parallelIndices =
          delinearize(rewriter, loc, linear, sizes.parallel);
      scf::ForOp loop = emitPartialsLoop(
          rewriter, loc, *combiner, partials, zero, splitCount, one,
          [&](Value share) {
            return arith::AddIOp::create(
                rewriter, loc,
                arith::MulIOp::create(rewriter, loc, share, outputs), linear);
          });
      storeWithInitial(rewriter, loc, op, *combiner, parallelIndices,
                       loop.getResults(), fills);
    }
    rewriter.setInsertionPointAfter(block->findAncestorOpInBlock(*combining));
    deallocatePartials(rewriter, loc, partials);
  };

  std::optional<int64_t> staticShares =
      combiner
          ? getShareCount(getConstantIntValue(outputBlocks),
                          sizes.staticReduction, kMinColumnShare, targetBlocks)
          : 1;
  LLVM_DEBUG({
    llvm::dbgs() << "[" DEBUG_TYPE "] " << op->getName() << " at "
                 << op->getLoc() << ": a thread per output";
    if (!staticShares)
      llvm::dbgs() << ", split at run time if its outputs are few";
    else if (*staticShares > 1)
      llvm::dbgs() << ", its reduction split into " << *staticShares
                   << " shares";
    llvm::dbgs() << "\n";
  });
  if (!emitWithShares(
          rewriter, loc, staticShares,
          [&] {
            return createShareCount(rewriter, loc, outputBlocks, length,
                                    kMinColumnShare, targetBlocks);
          },
          emitThreadPerOutput,
          [&](Value shareCount, bool) { emitSplitColumns(shareCount); }))
    return;
  eraseFills(rewriter, fills);
  rewriter.eraseOp(op);
}

namespace {
struct TenGPUMapReductionsPass
    : public ten::impl::TenGPUMapReductionsPassBase<TenGPUMapReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (blockSize < 1 || blockSize > 1024) {
      getOperation().emitError("ten-gpu-map-reductions: block-size must be 1 "
                               "to 1024, not ")
          << static_cast<int64_t>(blockSize);
      return signalPassFailure();
    }
    if (maxLaneVectors < 0) {
      getOperation().emitError("ten-gpu-map-reductions: max-lane-vectors "
                               "must be at least 0, not ")
          << static_cast<int64_t>(maxLaneVectors);
      return signalPassFailure();
    }
    if (targetBlocks < 1) {
      getOperation().emitError("ten-gpu-map-reductions: target-blocks must "
                               "be at least 1, not ")
          << static_cast<int64_t>(targetBlocks);
      return signalPassFailure();
    }
    SmallVector<std::pair<linalg::LinalgOp, std::unique_ptr<ten::RowCombiner>>>
        reductions;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op->getParentOfType<gpu::LaunchOp>() ||
          op->getParentOfType<scf::ParallelOp>())
        return;
      if (std::unique_ptr<ten::RowCombiner> row = matchRowReduction(op))
        reductions.emplace_back(op, std::move(row));
      else if (isThreadPerOutputReduction(op))
        reductions.emplace_back(op, nullptr);
    });
    IRRewriter rewriter(&getContext());
    for (auto &[op, row] : reductions) {
      if (row)
        mapRowReduction(rewriter, op, *row, blockSize, targetBlocks,
                        maxLaneVectors);
      else
        mapThreadPerOutput(rewriter, op, blockSize, targetBlocks);
    }
  }
};
} // namespace
