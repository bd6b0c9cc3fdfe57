//===- GPUMapReductions.cpp - the ten-gpu-map-reductions pass -------------===//
//
// Reductions become kernels that accumulate in registers. Row reductions
// (inputs contiguous along the reduced dimensions) get one block per output
// element: the block's threads stride over the row, and gpu.all_reduce
// combines their values through warp shuffles and shared memory. Every
// other reduction (column sums, argmax, types or combiners shuffles do not
// carry) gets one thread per output element.
//
//===----------------------------------------------------------------------===//

#include "ten/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUMAPREDUCTIONSPASS
#include "ten/Transforms/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

/// The gpu.all_reduce operation that `combiner` is, if any.
static std::optional<gpu::AllReduceOperation>
getAllReduceOperation(Operation *combiner) {
  using Kind = gpu::AllReduceOperation;
  return llvm::TypeSwitch<Operation *, std::optional<Kind>>(combiner)
      .Case<arith::AddFOp, arith::AddIOp>([](auto) { return Kind::ADD; })
      .Case<arith::MulFOp, arith::MulIOp>([](auto) { return Kind::MUL; })
      .Case<arith::MaximumFOp>([](auto) { return Kind::MAXIMUMF; })
      .Case<arith::MinimumFOp>([](auto) { return Kind::MINIMUMF; })
      .Case<arith::MaxNumFOp>([](auto) { return Kind::MAXNUMF; })
      .Case<arith::MinNumFOp>([](auto) { return Kind::MINNUMF; })
      .Case<arith::MaxSIOp>([](auto) { return Kind::MAXSI; })
      .Case<arith::MinSIOp>([](auto) { return Kind::MINSI; })
      .Case<arith::MaxUIOp>([](auto) { return Kind::MAXUI; })
      .Case<arith::MinUIOp>([](auto) { return Kind::MINUI; })
      .Case<arith::AndIOp>([](auto) { return Kind::AND; })
      .Case<arith::OrIOp>([](auto) { return Kind::OR; })
      .Case<arith::XOrIOp>([](auto) { return Kind::XOR; })
      .Default([](Operation *) { return std::nullopt; });
}

/// What a row reduction is made of.
struct RowReduction {
  Operation *combiner;
  gpu::AllReduceOperation kind;
  TypedAttr neutral;
};

/// The one combiner of `op`'s one output, if gpu.all_reduce knows it and it
/// has a neutral element.
static std::optional<RowReduction> matchCombiner(linalg::LinalgOp op) {
  if (op.getNumDpsInits() != 1)
    return std::nullopt;
  Block *body = op.getBlock();
  SmallVector<Operation *> combiners;
  Value reduced =
      matchReduction(body->getArguments().take_back(1), 0, combiners);
  if (!reduced || combiners.size() != 1)
    return std::nullopt;
  std::optional<gpu::AllReduceOperation> kind =
      getAllReduceOperation(combiners.front());
  std::optional<TypedAttr> neutral =
      arith::getNeutralElement(combiners.front());
  if (!kind || !neutral)
    return std::nullopt;
  return RowReduction{combiners.front(), *kind, *neutral};
}

/// Matches a linalg op on buffers with one output that reduces with one
/// combiner gpu.all_reduce knows, in a type that warp shuffles carry, and
/// whose inputs each either do not vary along the reduced loops or are
/// contiguous along one of them (their innermost dimension is reduced), so
/// that consecutive threads read consecutive elements.
static std::optional<RowReduction> matchRowReduction(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() == 0)
    return std::nullopt;
  Type elementType = getElementTypeOrSelf(op.getDpsInits()[0].getType());
  if (!elementType.isF32() && !elementType.isF64() &&
      !elementType.isInteger(32) && !elementType.isInteger(64))
    return std::nullopt;

  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    bool readsAlongReduction = llvm::any_of(
        llvm::seq<unsigned>(0, iterators.size()), [&](unsigned loop) {
          return iterators[loop] == utils::IteratorType::reduction &&
                 map.isFunctionOfDim(loop);
        });
    if (!readsAlongReduction)
      continue;
    auto innermost =
        dyn_cast<AffineDimExpr>(map.getResult(map.getNumResults() - 1));
    if (!innermost ||
        iterators[innermost.getPosition()] != utils::IteratorType::reduction)
      return std::nullopt;
  }

  return matchCombiner(op);
}

/// Splits `linear` into indices of `sizes`, the last varying fastest.
static SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                                      ArrayRef<Value> sizes) {
  SmallVector<Value> indices(sizes.size());
  for (int64_t dim = static_cast<int64_t>(sizes.size()) - 1; dim >= 0; --dim) {
    if (dim == 0) {
      indices[dim] = linear;
      break;
    }
    indices[dim] = arith::RemUIOp::create(b, loc, linear, sizes[dim]);
    linear = arith::DivUIOp::create(b, loc, linear, sizes[dim]);
  }
  return indices;
}

/// The product of `sizes`.
static Value product(OpBuilder &b, Location loc, ArrayRef<Value> sizes) {
  if (sizes.empty())
    return arith::ConstantIndexOp::create(b, loc, 1);
  Value result = sizes.front();
  for (Value size : sizes.drop_front())
    result = b.createOrFold<arith::MulIOp>(loc, result, size);
  return result;
}

/// The indices `map` gives for the loop indices `loopIndices`.
static SmallVector<Value> applyMap(OpBuilder &b, Location loc, AffineMap map,
                                   ArrayRef<Value> loopIndices) {
  SmallVector<OpFoldResult> operands(loopIndices.begin(), loopIndices.end());
  SmallVector<Value> indices;
  for (unsigned result = 0; result < map.getNumResults(); ++result)
    indices.push_back(getValueOrCreateConstantIndexOp(
        b, loc,
        affine::makeComposedFoldedAffineApply(b, loc, map.getSubMap({result}),
                                              operands)));
  return indices;
}

/// The sizes of `op`'s parallel and reduction loops, in loop order.
struct LoopSizes {
  SmallVector<Value> parallel, reduction;
  /// The product of the reduction sizes, when they are constants.
  std::optional<int64_t> staticReduction = 1;
};
static LoopSizes getLoopSizes(RewriterBase &rewriter, linalg::LinalgOp op) {
  LoopSizes sizes;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<Range> ranges = op.createLoopRanges(rewriter, op.getLoc());
  for (auto [range, iterator] : llvm::zip(ranges, iterators)) {
    Value size =
        getValueOrCreateConstantIndexOp(rewriter, op.getLoc(), range.size);
    if (iterator == utils::IteratorType::parallel) {
      sizes.parallel.push_back(size);
      continue;
    }
    sizes.reduction.push_back(size);
    std::optional<int64_t> constant = getConstantIntValue(range.size);
    sizes.staticReduction =
        sizes.staticReduction && constant
            ? std::optional<int64_t>(*sizes.staticReduction * *constant)
            : std::nullopt;
  }
  return sizes;
}

/// The loop indices, in loop order, of the given parallel and reduction
/// indices.
static SmallVector<Value> mergeIndices(linalg::LinalgOp op,
                                       ArrayRef<Value> parallel,
                                       ArrayRef<Value> reduction) {
  SmallVector<Value> indices;
  auto nextParallel = parallel.begin();
  auto nextReduction = reduction.begin();
  for (utils::IteratorType iterator : op.getIteratorTypesArray())
    indices.push_back(iterator == utils::IteratorType::parallel
                          ? *nextParallel++
                          : *nextReduction++);
  return indices;
}

/// Evaluates `op`'s body at `loopIndices` (its inputs loaded there) with its
/// outputs' values `accumulators`; returns what it yields.
static SmallVector<Value> emitBody(RewriterBase &rewriter, Location loc,
                                   linalg::LinalgOp op,
                                   ArrayRef<Value> loopIndices,
                                   ValueRange accumulators) {
  IRMapping mapping;
  Block *body = op.getBlock();
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value value = input->get();
    if (isa<MemRefType>(value.getType()))
      value = memref::LoadOp::create(rewriter, loc, value,
                                     applyMap(rewriter, loc,
                                              op.getMatchingIndexingMap(input),
                                              loopIndices));
    mapping.map(op.getMatchingBlockArgument(input), value);
  }
  for (auto [init, accumulator] :
       llvm::zip(op.getDpsInitsMutable(), accumulators))
    mapping.map(op.getMatchingBlockArgument(&init), accumulator);
  for (Operation &bodyOp : body->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(bodyOp)) {
      mapping.map(index.getResult(), loopIndices[index.getDim()]);
      continue;
    }
    rewriter.clone(bodyOp, mapping);
  }
  SmallVector<Value> yielded;
  for (Value value : body->getTerminator()->getOperands())
    yielded.push_back(mapping.lookupOrDefault(value));
  return yielded;
}

/// A loop from `lower` to `upper` by `step` over the linearized reduction
/// loops, at the output element `parallelIndices`, that folds `op`'s body
/// into the accumulators `initial`.
static scf::ForOp emitReductionLoop(RewriterBase &rewriter, linalg::LinalgOp op,
                                    const LoopSizes &sizes,
                                    ArrayRef<Value> parallelIndices,
                                    Value lower, Value upper, Value step,
                                    ValueRange initial) {
  Location loc = op.getLoc();
  auto loop = scf::ForOp::create(rewriter, loc, lower, upper, step, initial);
  OpBuilder::InsertionGuard inLoop(rewriter);
  rewriter.setInsertionPointToStart(loop.getBody());
  SmallVector<Value> reductionIndices =
      delinearize(rewriter, loc, loop.getInductionVar(), sizes.reduction);
  scf::YieldOp::create(
      rewriter, loc,
      emitBody(rewriter, loc, op,
               mergeIndices(op, parallelIndices, reductionIndices),
               loop.getRegionIterArgs()));
  return loop;
}

/// Creates a launch of `blocks` blocks of `threads` threads at `op`, under
/// a guard when `outputs` is not a constant (a grid of no blocks is an
/// error on the GPU), with the rewriter inside its body; null, `op` erased,
/// when there are statically no outputs.
static gpu::LaunchOp createLaunch(RewriterBase &rewriter, linalg::LinalgOp op,
                                  Value outputs, Value blocks, Value threads) {
  Location loc = op.getLoc();
  std::optional<int64_t> staticOutputs = getConstantIntValue(outputs);
  if (staticOutputs && *staticOutputs == 0) {
    rewriter.eraseOp(op);
    return nullptr;
  }
  if (!staticOutputs) {
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value nonEmpty = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ugt, outputs, zero);
    auto guard =
        scf::IfOp::create(rewriter, loc, nonEmpty, /*withElseRegion=*/false);
    rewriter.setInsertionPoint(guard.thenBlock()->getTerminator());
  }
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  auto launch =
      gpu::LaunchOp::create(rewriter, loc, blocks, one, one, threads, one, one);
  Block &kernel = launch.getBody().front();
  rewriter.setInsertionPointToStart(&kernel);
  gpu::TerminatorOp::create(rewriter, loc);
  rewriter.setInsertionPointToStart(&kernel);
  return launch;
}

/// The indices of output `init` at the parallel indices `parallel`.
static SmallVector<Value> outputIndices(RewriterBase &rewriter, Location loc,
                                        linalg::LinalgOp op, OpOperand *init,
                                        ArrayRef<Value> parallel) {
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<Value> zeros(op.getNumReductionLoops(), zero);
  return applyMap(rewriter, loc, op.getMatchingIndexingMap(init),
                  mergeIndices(op, parallel, zeros));
}

/// The fills right before `op` of its outputs' whole buffers, by output:
/// the reduction stores every element of each output, so it can start from
/// the fill's value instead of a kernel that stores it and a load.
static DenseMap<OpOperand *, linalg::FillOp>
findInitializingFills(linalg::LinalgOp op) {
  DenseMap<OpOperand *, linalg::FillOp> fills;
  for (Operation *previous = op->getPrevNode(); previous;
       previous = previous->getPrevNode()) {
    auto fill = dyn_cast<linalg::FillOp>(previous);
    if (!fill || !fill.hasPureBufferSemantics())
      break;
    Value filled = fill.getDpsInitOperand(0)->get();
    OpOperand *init = llvm::find_if(op.getDpsInitsMutable(), [&](OpOperand &o) {
      return o.get() == filled;
    });
    if (init == op.getDpsInitsMutable().end() || fills.count(init) ||
        llvm::any_of(op.getDpsInputOperands(),
                     [&](OpOperand *input) { return input->get() == filled; }))
      break;
    fills[init] = fill;
  }
  return fills;
}

/// The value output `init` starts from at `indices`: its fill's value, or
/// what the buffer holds.
static Value loadInitial(RewriterBase &rewriter, Location loc, OpOperand *init,
                         ArrayRef<Value> indices,
                         const DenseMap<OpOperand *, linalg::FillOp> &fills) {
  if (linalg::FillOp fill = fills.lookup(init))
    return fill.getInputs().front();
  return memref::LoadOp::create(rewriter, loc, init->get(), indices);
}

/// Erases the fills that the reduction replacing them starts from.
static void eraseFills(RewriterBase &rewriter,
                       const DenseMap<OpOperand *, linalg::FillOp> &fills) {
  for (auto [init, fill] : fills)
    rewriter.eraseOp(fill);
}

/// `reduction`'s combiner applied to `accumulated` (in the place of the
/// output) and `value`.
static Value combine(RewriterBase &rewriter, linalg::LinalgOp op,
                     const RowReduction &reduction, Value accumulated,
                     Value value) {
  BlockArgument outputArg =
      op.getMatchingBlockArgument(op.getDpsInitOperand(0));
  IRMapping mapping;
  mapping.map(outputArg, accumulated);
  for (Value operand : reduction.combiner->getOperands())
    if (operand != outputArg)
      mapping.map(operand, value);
  return rewriter.clone(*reduction.combiner, mapping)->getResult(0);
}

/// Combines the threads' `values` across the block; thread 0 gives the
/// total to `store`, which runs in its branch.
static void reduceBlock(RewriterBase &rewriter, Location loc,
                        const RowReduction &reduction, Value thread,
                        Value values, function_ref<void(Value total)> store) {
  Value total =
      gpu::AllReduceOp::create(rewriter, loc, values,
                               gpu::AllReduceOperationAttr::get(
                                   rewriter.getContext(), reduction.kind),
                               /*uniform=*/true)
          .getResult();
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                      thread, zero);
  auto branch =
      scf::IfOp::create(rewriter, loc, first, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(branch.thenBlock()->getTerminator());
  store(total);
}

/// Stores `total` combined with the initial value of `op`'s output at
/// `parallelIndices`.
static void
storeWithInitial(RewriterBase &rewriter, Location loc, linalg::LinalgOp op,
                 const RowReduction &reduction, ArrayRef<Value> parallelIndices,
                 Value total,
                 const DenseMap<OpOperand *, linalg::FillOp> &fills) {
  OpOperand *init = op.getDpsInitOperand(0);
  SmallVector<Value> indices =
      outputIndices(rewriter, loc, op, init, parallelIndices);
  Value initial = loadInitial(rewriter, loc, init, indices, fills);
  memref::StoreOp::create(rewriter, loc,
                          combine(rewriter, op, reduction, initial, total),
                          init->get(), indices);
}

/// The least number of elements each thread folds in a block of a split
/// row: fewer, and the second kernel costs more than the parallelism gains.
constexpr int64_t kMinElementsPerThread = 8;

/// How many blocks share each output of a row reduction: enough that about
/// `targetBlocks` blocks run, each thread folding at least
/// kMinElementsPerThread elements; 1 when a size is not a constant.
static int64_t getRowSplits(std::optional<int64_t> outputs,
                            std::optional<int64_t> rowLength, int64_t blockSize,
                            int64_t targetBlocks) {
  if (!outputs || !rowLength || *outputs == 0 || *outputs >= targetBlocks)
    return 1;
  int64_t forBlocks = llvm::divideCeil(targetBlocks, *outputs);
  int64_t forWork = *rowLength / (blockSize * kMinElementsPerThread);
  return std::max<int64_t>(1, std::min(forBlocks, forWork));
}

/// Replaces `op` by a kernel of one block per output element; or, when few
/// outputs have long rows, by a kernel of `splits` blocks per output that
/// each reduce a share of the row into a buffer of partial values, and a
/// kernel of one block per output that reduces those.
static void mapRowReduction(RewriterBase &rewriter, linalg::LinalgOp op,
                            const RowReduction &reduction, int64_t maxBlockSize,
                            int64_t targetBlocks) {
  Location loc = op.getLoc();
  DenseMap<OpOperand *, linalg::FillOp> fills = findInitializingFills(op);
  rewriter.setInsertionPoint(op);
  LoopSizes sizes = getLoopSizes(rewriter, op);

  // As many threads as the row has elements, in whole warps, up to the
  // block size.
  int64_t blockSize = maxBlockSize;
  if (sizes.staticReduction)
    blockSize = std::min<int64_t>(
        std::max<int64_t>(llvm::PowerOf2Ceil(*sizes.staticReduction), 32),
        maxBlockSize);
  Value outputs = product(rewriter, loc, sizes.parallel);
  Value rowLength = product(rewriter, loc, sizes.reduction);
  Value threads = arith::ConstantIndexOp::create(rewriter, loc, blockSize);
  // Each kernel's registers start from the combiner's neutral value.
  auto createNeutral = [&] {
    return arith::ConstantOp::create(rewriter, loc, reduction.neutral)
        .getResult();
  };
  int64_t splits = getRowSplits(getConstantIntValue(outputs),
                                sizes.staticReduction, blockSize, targetBlocks);
  if (splits == 1) {
    gpu::LaunchOp launch =
        createLaunch(rewriter, op, outputs, outputs, threads);
    if (!launch)
      return;
    Value thread = launch.getThreadIds().x;
    SmallVector<Value> parallelIndices =
        delinearize(rewriter, loc, launch.getBlockIds().x, sizes.parallel);
    // Each thread folds every blockSize-th element of the row into a
    // register; the block's values are combined, then with the output's
    // initial value, by one thread.
    scf::ForOp rowLoop =
        emitReductionLoop(rewriter, op, sizes, parallelIndices, thread,
                          rowLength, threads, ValueRange{createNeutral()});
    reduceBlock(rewriter, loc, reduction, thread, rowLoop.getResult(0),
                [&](Value total) {
                  storeWithInitial(rewriter, loc, op, reduction,
                                   parallelIndices, total, fills);
                });
    eraseFills(rewriter, fills);
    rewriter.eraseOp(op);
    return;
  }

  // The first kernel: block b reduces share b % splits of row b / splits,
  // its threads striding over the share's elements, into partials[b].
  int64_t staticOutputs = *getConstantIntValue(outputs);
  Type elementType = reduction.neutral.getType();
  Value partials = memref::AllocOp::create(
      rewriter, loc, MemRefType::get({staticOutputs * splits}, elementType));
  Value splitCount = arith::ConstantIndexOp::create(rewriter, loc, splits);
  Value partialCount =
      arith::ConstantIndexOp::create(rewriter, loc, staticOutputs * splits);
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
        arith::ConstantIndexOp::create(rewriter, loc, splits * blockSize);
    scf::ForOp shareLoop =
        emitReductionLoop(rewriter, op, sizes, parallelIndices, first,
                          rowLength, stride, ValueRange{createNeutral()});
    reduceBlock(rewriter, loc, reduction, thread, shareLoop.getResult(0),
                [&](Value total) {
                  memref::StoreOp::create(rewriter, loc, total, partials,
                                          ValueRange{block});
                });
  }

  // The second kernel: one block per output folds its partial values.
  rewriter.setInsertionPointAfter(shares);
  int64_t combineSize = std::min<int64_t>(
      std::max<int64_t>(llvm::PowerOf2Ceil(splits), 32), maxBlockSize);
  Value combineThreads =
      arith::ConstantIndexOp::create(rewriter, loc, combineSize);
  gpu::LaunchOp rows =
      createLaunch(rewriter, op, outputs, outputs, combineThreads);
  {
    Value row = rows.getBlockIds().x, thread = rows.getThreadIds().x;
    Value base = arith::MulIOp::create(rewriter, loc, row, splitCount);
    auto partialLoop =
        scf::ForOp::create(rewriter, loc, thread, splitCount, combineThreads,
                           ValueRange{createNeutral()});
    {
      OpBuilder::InsertionGuard inLoop(rewriter);
      rewriter.setInsertionPointToStart(partialLoop.getBody());
      Value at = arith::AddIOp::create(rewriter, loc, base,
                                       partialLoop.getInductionVar());
      Value partial =
          memref::LoadOp::create(rewriter, loc, partials, ValueRange{at});
      scf::YieldOp::create(rewriter, loc,
                           combine(rewriter, op, reduction,
                                   partialLoop.getRegionIterArgs()[0],
                                   partial));
    }
    SmallVector<Value> parallelIndices =
        delinearize(rewriter, loc, row, sizes.parallel);
    reduceBlock(rewriter, loc, reduction, thread, partialLoop.getResult(0),
                [&](Value total) {
                  storeWithInitial(rewriter, loc, op, reduction,
                                   parallelIndices, total, fills);
                });
  }
  rewriter.setInsertionPointAfter(rows);
  memref::DeallocOp::create(rewriter, loc, partials);
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

/// How many shares a thread-per-output reduction's loop is split into:
/// enough that about `targetBlocks` blocks run, each thread folding at least
/// kMinColumnShare elements; 1 when a size is not a constant.
static int64_t getColumnSplits(std::optional<int64_t> outputs,
                               std::optional<int64_t> length, int64_t blockSize,
                               int64_t targetBlocks) {
  if (!outputs || !length || *outputs == 0)
    return 1;
  int64_t blocks = llvm::divideCeil(*outputs, blockSize);
  if (blocks >= targetBlocks)
    return 1;
  int64_t forBlocks = llvm::divideCeil(targetBlocks, blocks);
  int64_t forWork = *length / kMinColumnShare;
  return std::max<int64_t>(1, std::min(forBlocks, forWork));
}

/// Replaces `op` by a kernel of one thread per output element, which
/// accumulates in registers and stores once: consecutive threads take
/// consecutive output elements, so a reduction whose input is contiguous
/// along an output dimension (a column sum) reads coalesced. When there are
/// few outputs and long reductions, and the output has one combiner with a
/// neutral value, the reduction loop is split into shares: a first kernel's
/// threads each fold one share of one output into a buffer of partial
/// values, and a second kernel's threads fold an output's partial values
/// into it.
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
  std::optional<RowReduction> combiner = matchCombiner(op);
  int64_t splits =
      combiner ? getColumnSplits(getConstantIntValue(outputs),
                                 sizes.staticReduction, blockSize, targetBlocks)
               : 1;

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

  if (splits == 1) {
    gpu::LaunchOp launch =
        createLaunch(rewriter, op, outputs, outputBlocks, threads);
    if (!launch)
      return;
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
    eraseFills(rewriter, fills);
    rewriter.eraseOp(op);
    return;
  }

  // The first kernel: block b takes the outputs of block b % outputBlocks
  // and share b / outputBlocks of their reduction loop, from the neutral
  // value, into partials[share * outputs + output].
  int64_t staticOutputs = *getConstantIntValue(outputs);
  int64_t shareLength = llvm::divideCeil(*sizes.staticReduction, splits);
  Type elementType = combiner->neutral.getType();
  Value partials = memref::AllocOp::create(
      rewriter, loc, MemRefType::get({splits * staticOutputs}, elementType));
  Value blockCount = arith::ConstantIndexOp::create(
      rewriter, loc, *getConstantIntValue(outputBlocks) * splits);
  gpu::LaunchOp shares =
      createLaunch(rewriter, op, outputs, blockCount, threads);
  {
    Value block = shares.getBlockIds().x;
    Value share = arith::DivUIOp::create(rewriter, loc, block, outputBlocks);
    Value linear =
        enterOutput(arith::RemUIOp::create(rewriter, loc, block, outputBlocks),
                    shares.getThreadIds().x);
    SmallVector<Value> parallelIndices =
        delinearize(rewriter, loc, linear, sizes.parallel);
    Value shareSize =
        arith::ConstantIndexOp::create(rewriter, loc, shareLength);
    Value lower = arith::MulIOp::create(rewriter, loc, share, shareSize);
    Value upper = arith::MinUIOp::create(
        rewriter, loc, arith::AddIOp::create(rewriter, loc, lower, shareSize),
        length);
    Value neutral = arith::ConstantOp::create(rewriter, loc, combiner->neutral);
    scf::ForOp loop = emitReductionLoop(rewriter, op, sizes, parallelIndices,
                                        lower, upper, one, ValueRange{neutral});
    Value at = arith::AddIOp::create(
        rewriter, loc, arith::MulIOp::create(rewriter, loc, share, outputs),
        linear);
    memref::StoreOp::create(rewriter, loc, loop.getResult(0), partials,
                            ValueRange{at});
  }

  // The second kernel: a thread per output folds its partial values, which
  // consecutive threads read from consecutive addresses, into the output.
  rewriter.setInsertionPointAfter(shares);
  gpu::LaunchOp combining =
      createLaunch(rewriter, op, outputs, outputBlocks, threads);
  {
    Value linear =
        enterOutput(combining.getBlockIds().x, combining.getThreadIds().x);
    SmallVector<Value> parallelIndices =
        delinearize(rewriter, loc, linear, sizes.parallel);
    OpOperand *init = op.getDpsInitOperand(0);
    SmallVector<Value> indices =
        outputIndices(rewriter, loc, op, init, parallelIndices);
    Value initial = loadInitial(rewriter, loc, init, indices, fills);
    Value splitCount = arith::ConstantIndexOp::create(rewriter, loc, splits);
    auto loop = scf::ForOp::create(rewriter, loc, zero, splitCount, one,
                                   ValueRange{initial});
    {
      OpBuilder::InsertionGuard inLoop(rewriter);
      rewriter.setInsertionPointToStart(loop.getBody());
      Value at = arith::AddIOp::create(
          rewriter, loc,
          arith::MulIOp::create(rewriter, loc, loop.getInductionVar(), outputs),
          linear);
      Value partial =
          memref::LoadOp::create(rewriter, loc, partials, ValueRange{at});
      scf::YieldOp::create(rewriter, loc,
                           combine(rewriter, op, *combiner,
                                   loop.getRegionIterArgs()[0], partial));
    }
    memref::StoreOp::create(rewriter, loc, loop.getResult(0), init->get(),
                            indices);
  }
  rewriter.setInsertionPointAfter(combining);
  memref::DeallocOp::create(rewriter, loc, partials);
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
    if (targetBlocks < 1) {
      getOperation().emitError("ten-gpu-map-reductions: target-blocks must "
                               "be at least 1, not ")
          << static_cast<int64_t>(targetBlocks);
      return signalPassFailure();
    }
    SmallVector<std::pair<linalg::LinalgOp, std::optional<RowReduction>>>
        reductions;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op->getParentOfType<gpu::LaunchOp>() ||
          op->getParentOfType<scf::ParallelOp>())
        return;
      if (std::optional<RowReduction> row = matchRowReduction(op))
        reductions.emplace_back(op, row);
      else if (isThreadPerOutputReduction(op))
        reductions.emplace_back(op, std::nullopt);
    });
    IRRewriter rewriter(&getContext());
    for (auto &[op, row] : reductions) {
      if (row)
        mapRowReduction(rewriter, op, *row, blockSize, targetBlocks);
      else
        mapThreadPerOutput(rewriter, op, blockSize, targetBlocks);
    }
  }
};
} // namespace
