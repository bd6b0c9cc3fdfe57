//===- GPUMapReductions.cpp - the ten-gpu-map-reductions pass -------------===//
//
// Row reductions (those whose inputs are contiguous along the reduced
// dimensions) become kernels of one block per output element: the block's
// threads stride over the row, each accumulating in a register, and
// gpu.all_reduce combines the threads' values through warp shuffles and
// shared memory.
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

/// Replaces `op` by a kernel of one block per output element.
static void mapRowReduction(RewriterBase &rewriter, linalg::LinalgOp op,
                            const RowReduction &reduction,
                            int64_t maxBlockSize) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
  SmallVector<Value> parallelSizes, reductionSizes;
  std::optional<int64_t> staticReductionSize = 1;
  for (auto [range, iterator] : llvm::zip(ranges, iterators)) {
    Value size = getValueOrCreateConstantIndexOp(rewriter, loc, range.size);
    if (iterator == utils::IteratorType::parallel) {
      parallelSizes.push_back(size);
      continue;
    }
    reductionSizes.push_back(size);
    std::optional<int64_t> constant = getConstantIntValue(range.size);
    staticReductionSize =
        staticReductionSize && constant
            ? std::optional<int64_t>(*staticReductionSize * *constant)
            : std::nullopt;
  }

  // As many threads as the row has elements, in whole warps, up to the
  // block size.
  int64_t blockSize = maxBlockSize;
  if (staticReductionSize)
    blockSize = std::min<int64_t>(
        std::max<int64_t>(llvm::PowerOf2Ceil(*staticReductionSize), 32),
        maxBlockSize);

  Value outputs = product(rewriter, loc, parallelSizes);
  Value rowLength = product(rewriter, loc, reductionSizes);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value threads = arith::ConstantIndexOp::create(rewriter, loc, blockSize);

  // A grid of no blocks is an error on the GPU: no outputs, no launch.
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  std::optional<int64_t> staticOutputs = getConstantIntValue(outputs);
  if (staticOutputs && *staticOutputs == 0) {
    rewriter.eraseOp(op);
    return;
  }
  if (!staticOutputs) {
    Value nonEmpty = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ugt, outputs, zero);
    auto guard =
        scf::IfOp::create(rewriter, loc, nonEmpty, /*withElseRegion=*/false);
    rewriter.setInsertionPoint(guard.thenBlock()->getTerminator());
  }
  auto launch = gpu::LaunchOp::create(rewriter, loc, outputs, one, one, threads,
                                      one, one);
  Block &kernel = launch.getBody().front();
  rewriter.setInsertionPointToStart(&kernel);
  gpu::TerminatorOp::create(rewriter, loc);
  rewriter.setInsertionPointToStart(&kernel);

  Value outputIndex = launch.getBlockIds().x;
  Value thread = launch.getThreadIds().x;
  SmallVector<Value> parallelIndices =
      delinearize(rewriter, loc, outputIndex, parallelSizes);

  // Each thread folds every blockSize-th element of the row into a register.
  Block *body = op.getBlock();
  BlockArgument outputArg = body->getArguments().back();
  Operation *combiner = reduction.combiner;
  Value neutral =
      arith::ConstantOp::create(rewriter, loc, reduction.neutral).getResult();
  auto rowLoop = scf::ForOp::create(rewriter, loc, thread, rowLength, threads,
                                    ValueRange{neutral});
  {
    OpBuilder::InsertionGuard inLoop(rewriter);
    rewriter.setInsertionPointToStart(rowLoop.getBody());
    SmallVector<Value> reductionIndices =
        delinearize(rewriter, loc, rowLoop.getInductionVar(), reductionSizes);
    SmallVector<Value> loopIndices;
    auto nextParallel = parallelIndices.begin();
    auto nextReduction = reductionIndices.begin();
    for (utils::IteratorType iterator : iterators)
      loopIndices.push_back(iterator == utils::IteratorType::parallel
                                ? *nextParallel++
                                : *nextReduction++);
    IRMapping mapping;
    for (OpOperand *input : op.getDpsInputOperands()) {
      Value value = input->get();
      BlockArgument arg = op.getMatchingBlockArgument(input);
      if (isa<MemRefType>(value.getType())) {
        value = memref::LoadOp::create(
            rewriter, loc, value,
            applyMap(rewriter, loc, op.getMatchingIndexingMap(input),
                     loopIndices));
      }
      mapping.map(arg, value);
    }
    mapping.map(outputArg, rowLoop.getRegionIterArgs().front());
    for (Operation &bodyOp : body->without_terminator()) {
      if (auto index = dyn_cast<linalg::IndexOp>(bodyOp)) {
        mapping.map(index.getResult(), loopIndices[index.getDim()]);
        continue;
      }
      rewriter.clone(bodyOp, mapping);
    }
    scf::YieldOp::create(rewriter, loc, mapping.lookup(combiner->getResult(0)));
  }

  // The threads' values combined across the block, then with the output's
  // initial value, by one thread.
  Value total =
      gpu::AllReduceOp::create(rewriter, loc, rowLoop.getResult(0),
                               gpu::AllReduceOperationAttr::get(
                                   rewriter.getContext(), reduction.kind),
                               /*uniform=*/true)
          .getResult();
  Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                      thread, zero);
  auto store =
      scf::IfOp::create(rewriter, loc, first, /*withElseRegion=*/false);
  rewriter.setInsertionPoint(store.thenBlock()->getTerminator());
  OpOperand *init = op.getDpsInitOperand(0);
  SmallVector<Value> outputIndices(
      applyMap(rewriter, loc, op.getMatchingIndexingMap(init), [&] {
        SmallVector<Value> loopIndices;
        auto nextParallel = parallelIndices.begin();
        for (utils::IteratorType iterator : iterators)
          loopIndices.push_back(iterator == utils::IteratorType::parallel
                                    ? *nextParallel++
                                    : zero);
        return loopIndices;
      }()));
  Value initial =
      memref::LoadOp::create(rewriter, loc, init->get(), outputIndices);
  IRMapping finalMapping;
  finalMapping.map(outputArg, initial);
  for (Value operand : combiner->getOperands())
    if (operand != outputArg)
      finalMapping.map(operand, total);
  Operation *combined = rewriter.clone(*combiner, finalMapping);
  memref::StoreOp::create(rewriter, loc, combined->getResult(0), init->get(),
                          outputIndices);
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
    SmallVector<std::pair<linalg::LinalgOp, RowReduction>> reductions;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op->getParentOfType<gpu::LaunchOp>() ||
          op->getParentOfType<scf::ParallelOp>())
        return;
      if (std::optional<RowReduction> reduction = matchRowReduction(op))
        reductions.emplace_back(op, *reduction);
    });
    IRRewriter rewriter(&getContext());
    for (auto &[op, reduction] : reductions)
      mapRowReduction(rewriter, op, reduction, blockSize);
  }
};
} // namespace
