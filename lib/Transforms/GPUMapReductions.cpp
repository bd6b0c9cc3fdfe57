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

/// Replaces `op` by a kernel of one block per output element.
static void mapRowReduction(RewriterBase &rewriter, linalg::LinalgOp op,
                            const RowReduction &reduction,
                            int64_t maxBlockSize) {
  Location loc = op.getLoc();
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
  gpu::LaunchOp launch = createLaunch(rewriter, op, outputs, outputs, threads);
  if (!launch)
    return;
  Value thread = launch.getThreadIds().x;
  SmallVector<Value> parallelIndices =
      delinearize(rewriter, loc, launch.getBlockIds().x, sizes.parallel);

  // Each thread folds every blockSize-th element of the row into a register.
  Value neutral =
      arith::ConstantOp::create(rewriter, loc, reduction.neutral).getResult();
  scf::ForOp rowLoop =
      emitReductionLoop(rewriter, op, sizes, parallelIndices, thread, rowLength,
                        threads, ValueRange{neutral});

  // The threads' values combined across the block, then with the output's
  // initial value, by one thread.
  Value total =
      gpu::AllReduceOp::create(rewriter, loc, rowLoop.getResult(0),
                               gpu::AllReduceOperationAttr::get(
                                   rewriter.getContext(), reduction.kind),
                               /*uniform=*/true)
          .getResult();
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                      thread, zero);
  auto store =
      scf::IfOp::create(rewriter, loc, first, /*withElseRegion=*/false);
  rewriter.setInsertionPoint(store.thenBlock()->getTerminator());
  OpOperand *init = op.getDpsInitOperand(0);
  SmallVector<Value> indices =
      outputIndices(rewriter, loc, op, init, parallelIndices);
  Value initial = memref::LoadOp::create(rewriter, loc, init->get(), indices);
  BlockArgument outputArg = op.getMatchingBlockArgument(init);
  IRMapping finalMapping;
  finalMapping.map(outputArg, initial);
  for (Value operand : reduction.combiner->getOperands())
    if (operand != outputArg)
      finalMapping.map(operand, total);
  Operation *combined = rewriter.clone(*reduction.combiner, finalMapping);
  memref::StoreOp::create(rewriter, loc, combined->getResult(0), init->get(),
                          indices);
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

/// Replaces `op` by a kernel of one thread per output element, which
/// accumulates in registers and stores once: consecutive threads take
/// consecutive output elements, so a reduction whose input is contiguous
/// along an output dimension (a column sum) reads coalesced.
static void mapThreadPerOutput(RewriterBase &rewriter, linalg::LinalgOp op,
                               int64_t blockSize) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  LoopSizes sizes = getLoopSizes(rewriter, op);
  Value outputs = product(rewriter, loc, sizes.parallel);
  Value length = product(rewriter, loc, sizes.reduction);
  Value threads = arith::ConstantIndexOp::create(rewriter, loc, blockSize);
  Value blocks =
      rewriter.createOrFold<arith::CeilDivUIOp>(loc, outputs, threads);
  gpu::LaunchOp launch = createLaunch(rewriter, op, outputs, blocks, threads);
  if (!launch)
    return;
  Value first =
      arith::MulIOp::create(rewriter, loc, launch.getBlockIds().x, threads);
  Value linear =
      arith::AddIOp::create(rewriter, loc, first, launch.getThreadIds().x);
  Value inRange = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ult, linear, outputs);
  auto guard =
      scf::IfOp::create(rewriter, loc, inRange, /*withElseRegion=*/false);
  rewriter.setInsertionPoint(guard.thenBlock()->getTerminator());
  SmallVector<Value> parallelIndices =
      delinearize(rewriter, loc, linear, sizes.parallel);

  SmallVector<SmallVector<Value>> indices;
  SmallVector<Value> initial;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    indices.push_back(outputIndices(rewriter, loc, op, &init, parallelIndices));
    initial.push_back(
        memref::LoadOp::create(rewriter, loc, init.get(), indices.back()));
  }
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  scf::ForOp loop = emitReductionLoop(rewriter, op, sizes, parallelIndices,
                                      zero, length, one, initial);
  for (auto [result, init, at] :
       llvm::zip(loop.getResults(), op.getDpsInitsMutable(), indices))
    memref::StoreOp::create(rewriter, loc, result, init.get(), at);
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
        mapRowReduction(rewriter, op, *row, blockSize);
      else
        mapThreadPerOutput(rewriter, op, blockSize);
    }
  }
};
} // namespace
