//===- GPUKernelBuilder.cpp - pieces of reduction kernels -----------------===//

#include "GPUKernelBuilder.h"

#include "ten/Codegen/Common/Scans.h"
#include "ten/Codegen/Common/Sizes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::ten;

bool mlir::ten::isBlockReducibleType(Type type) {
  if (isa<FloatType>(type))
    return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
  return type.isSignlessInteger() && type.getIntOrFloatBitWidth() <= 64;
}

std::unique_ptr<RowCombiner> mlir::ten::matchRowReduction(linalg::LinalgOp op) {
  // A scan's reduction loops run in order: no tree combines them.
  if (!op.hasPureBufferSemantics() || op.getNumReductionLoops() == 0 ||
      isLinalgScan(op) || !llvm::all_of(op.getDpsInits(), [](Value init) {
        return isBlockReducibleType(getElementTypeOrSelf(init.getType()));
      }))
    return nullptr;

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
      return nullptr;
  }

  return matchRowCombiner(op);
}

SmallVector<Value> mlir::ten::delinearize(OpBuilder &b, Location loc,
                                          Value linear, ArrayRef<Value> sizes) {
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

Value mlir::ten::product(OpBuilder &b, Location loc, ArrayRef<Value> sizes) {
  if (sizes.empty())
    return arith::ConstantIndexOp::create(b, loc, 1);
  Value result = sizes.front();
  for (Value size : sizes.drop_front())
    result = b.createOrFold<arith::MulIOp>(loc, result, size);
  return result;
}

SmallVector<Value> mlir::ten::applyMap(OpBuilder &b, Location loc,
                                       AffineMap map,
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

LoopSizes mlir::ten::getLoopSizes(RewriterBase &rewriter, linalg::LinalgOp op) {
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
    sizes.staticReduction = sizes.staticReduction && constant
                                ? std::optional<int64_t>(saturatingProduct(
                                      {*sizes.staticReduction, *constant}))
                                : std::nullopt;
  }
  return sizes;
}

SmallVector<Value> mlir::ten::mergeIndices(linalg::LinalgOp op,
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

SmallVector<Value>
mlir::ten::emitBody(RewriterBase &rewriter, Location loc, linalg::LinalgOp op,
                    ArrayRef<Value> loopIndices, ValueRange accumulators,
                    const DenseMap<Value, Value> *rowValues) {
  IRMapping mapping;
  Block *body = op.getBlock();
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value value = input->get();
    if (Value known = rowValues ? rowValues->lookup(value) : Value())
      value = known;
    else if (isa<MemRefType>(value.getType()))
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

/// The point that iteration `loop` folds: its induction variable, plus
/// `offset` when there is one.
static Value addOffset(OpBuilder &b, Location loc, scf::ForOp loop,
                       Value offset) {
  Value index = loop.getInductionVar();
  return offset ? arith::AddIOp::create(b, loc, offset, index) : index;
}

scf::ForOp mlir::ten::emitReductionLoop(
    RewriterBase &rewriter, linalg::LinalgOp op, const LoopSizes &sizes,
    ArrayRef<Value> parallelIndices, Value lower, Value upper, Value step,
    ValueRange initial, const DenseMap<Value, Value> *rowValues, Value offset) {
  Location loc = op.getLoc();
  auto loop = scf::ForOp::create(rewriter, loc, lower, upper, step, initial);
  OpBuilder::InsertionGuard inLoop(rewriter);
  rewriter.setInsertionPointToStart(loop.getBody());
  SmallVector<Value> reductionIndices = delinearize(
      rewriter, loc, addOffset(rewriter, loc, loop, offset), sizes.reduction);
  scf::YieldOp::create(
      rewriter, loc,
      emitBody(rewriter, loc, op,
               mergeIndices(op, parallelIndices, reductionIndices),
               loop.getRegionIterArgs(), rowValues));
  return loop;
}

bool mlir::ten::isVectorizableBody(Block *body) {
  return llvm::all_of(body->without_terminator(), [](Operation &bodyOp) {
    // The NVVM lowering calls libdevice's fmod for a scalar frem only.
    return OpTrait::hasElementwiseMappableTraits(&bodyOp) &&
           !isa<arith::RemFOp>(bodyOp) && bodyOp.getNumRegions() == 0 &&
           llvm::all_of(llvm::concat<Type>(bodyOp.getOperandTypes(),
                                           bodyOp.getResultTypes()),
                        [](Type type) { return type.isIntOrFloat(); });
  });
}

bool mlir::ten::isContiguousAlong(AffineMap map, unsigned dim) {
  unsigned innermost = map.getNumResults() - 1;
  if (map.getNumResults() == 0 ||
      map.getResult(innermost) != getAffineDimExpr(dim, map.getContext()))
    return false;
  return llvm::none_of(llvm::seq(0u, innermost), [&](unsigned result) {
    return map.getResult(result).isFunctionOfDim(dim);
  });
}

SmallVector<Value> mlir::ten::cloneBodyOnVectors(RewriterBase &rewriter,
                                                 Location loc, Block *body,
                                                 IRMapping &mapping,
                                                 int64_t length) {
  auto vectorOf = [&](Type type) { return VectorType::get({length}, type); };
  auto asVector = [&](Value value) -> Value {
    if (isa<VectorType>(value.getType()))
      return value;
    return vector::BroadcastOp::create(rewriter, loc, vectorOf(value.getType()),
                                       value);
  };
  for (Operation &bodyOp : body->without_terminator()) {
    SmallVector<Value> operands;
    for (Value operand : bodyOp.getOperands())
      operands.push_back(asVector(mapping.lookupOrDefault(operand)));
    SmallVector<Type> resultTypes;
    for (Type type : bodyOp.getResultTypes())
      resultTypes.push_back(vectorOf(type));
    Operation *vectorOp =
        rewriter.create(loc, bodyOp.getName().getIdentifier(), operands,
                        resultTypes, bodyOp.getAttrs());
    mapping.map(bodyOp.getResults(), vectorOp->getResults());
  }
  SmallVector<Value> yielded;
  for (Value value : body->getTerminator()->getOperands())
    yielded.push_back(asVector(mapping.lookupOrDefault(value)));
  return yielded;
}

Value mlir::ten::loadOperandOnVectors(RewriterBase &rewriter, Location loc,
                                      linalg::LinalgOp op, OpOperand *operand,
                                      ArrayRef<Value> indices, int64_t length,
                                      const DenseMap<Value, Value> *rowValues) {
  Value buffer = operand->get();
  if (Value known = rowValues ? rowValues->lookup(buffer) : Value())
    return known;
  if (!isa<MemRefType>(buffer.getType()))
    return buffer;
  AffineMap map = op.getMatchingIndexingMap(operand);
  SmallVector<Value> at = applyMap(rewriter, loc, map, indices);
  if (!map.isFunctionOfDim(op.getNumLoops() - 1))
    return memref::LoadOp::create(rewriter, loc, buffer, at);
  Type elementType = getElementTypeOrSelf(buffer);
  return vector::LoadOp::create(
      rewriter, loc, VectorType::get({length}, elementType), buffer, at,
      /*nontemporal=*/false,
      llvm::MaybeAlign(length * elementType.getIntOrFloatBitWidth() / 8));
}

int64_t mlir::ten::getReductionVectorLength(linalg::LinalgOp op,
                                            int64_t vectorBytes) {
  unsigned last = op.getNumLoops() - 1;
  if (!op.hasPureBufferSemantics() || op.getNumLoops() == 0 ||
      op.getIteratorTypesArray()[last] != utils::IteratorType::reduction ||
      !isVectorizableBody(op.getBlock()))
    return 1;
  int64_t widest = 0;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!map.isFunctionOfDim(last))
      continue;
    auto type = dyn_cast<MemRefType>(input->get().getType());
    Type elementType = getElementTypeOrSelf(input->get().getType());
    if (!type || !type.getLayout().isIdentity() ||
        !elementType.isIntOrFloat() ||
        elementType.getIntOrFloatBitWidth() % 8 != 0 ||
        !isContiguousAlong(map, last))
      return 1;
    widest = std::max<int64_t>(widest, elementType.getIntOrFloatBitWidth() / 8);
  }
  int64_t size = op.getStaticLoopRanges()[last];
  if (widest == 0 || ShapedType::isDynamic(size))
    return 1;
  int64_t length = vectorBytes / widest;
  return length >= 2 && size % length == 0 ? length : 1;
}

SmallVector<Value> mlir::ten::emitThreadShare(
    RewriterBase &rewriter, linalg::LinalgOp op, const RowCombiner &combiner,
    const LoopSizes &sizes, ArrayRef<Value> parallelIndices, Value first,
    Value length, Value stride, int64_t vectorLength,
    const DenseMap<Value, Value> *rowValues, Value offset) {
  Location loc = op.getLoc();
  if (vectorLength == 1)
    return emitReductionLoop(
               rewriter, op, sizes, parallelIndices, first, length, stride,
               combiner.createNeutral(rewriter, loc), rowValues, offset)
        .getResults();

  // Vector accumulators, every lane from the neutral values.
  SmallVector<Value> initial;
  for (Value neutral : combiner.createNeutral(rewriter, loc))
    initial.push_back(vector::BroadcastOp::create(
        rewriter, loc, VectorType::get({vectorLength}, neutral.getType()),
        neutral));
  auto loop = scf::ForOp::create(rewriter, loc, first, length, stride, initial);
  {
    OpBuilder::InsertionGuard inLoop(rewriter);
    rewriter.setInsertionPointToStart(loop.getBody());
    // The vector's first point, and the loop indices there.
    Value start = arith::MulIOp::create(
        rewriter, loc, addOffset(rewriter, loc, loop, offset),
        arith::ConstantIndexOp::create(rewriter, loc, vectorLength));
    SmallVector<Value> indices =
        mergeIndices(op, parallelIndices,
                     delinearize(rewriter, loc, start, sizes.reduction));
    IRMapping mapping;
    for (OpOperand *input : op.getDpsInputOperands())
      mapping.map(op.getMatchingBlockArgument(input),
                  loadOperandOnVectors(rewriter, loc, op, input, indices,
                                       vectorLength, rowValues));
    for (auto [init, accumulator] :
         llvm::zip(op.getDpsInitsMutable(), loop.getRegionIterArgs()))
      mapping.map(op.getMatchingBlockArgument(&init), accumulator);
    scf::YieldOp::create(rewriter, loc,
                         cloneBodyOnVectors(rewriter, loc, op.getBlock(),
                                            mapping, vectorLength));
  }

  // The lanes combined: any grouping gives the same reduction.
  SmallVector<Value> total;
  for (Value vector : loop.getResults())
    total.push_back(vector::ExtractOp::create(rewriter, loc, vector, 0));
  for (int64_t lane = 1; lane < vectorLength; ++lane) {
    SmallVector<Value> next;
    for (Value vector : loop.getResults())
      next.push_back(vector::ExtractOp::create(rewriter, loc, vector, lane));
    total = combiner.combinePartials(rewriter, loc, total, next);
  }
  return total;
}

gpu::LaunchOp mlir::ten::createLaunch(RewriterBase &rewriter,
                                      linalg::LinalgOp op, Value outputs,
                                      Value blocks, Value threads) {
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

SmallVector<Value> mlir::ten::outputIndices(RewriterBase &rewriter,
                                            Location loc, linalg::LinalgOp op,
                                            OpOperand *init,
                                            ArrayRef<Value> parallel) {
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<Value> zeros(op.getNumReductionLoops(), zero);
  return applyMap(rewriter, loc, op.getMatchingIndexingMap(init),
                  mergeIndices(op, parallel, zeros));
}

DenseMap<OpOperand *, linalg::FillOp>
mlir::ten::findInitializingFills(linalg::LinalgOp op) {
  DenseMap<OpOperand *, linalg::FillOp> fills;
  for (Operation *previous = op->getPrevNode(); previous;
       previous = previous->getPrevNode()) {
    if (isa<memref::AllocOp>(previous))
      continue;
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

Value mlir::ten::loadInitial(
    RewriterBase &rewriter, Location loc, OpOperand *init,
    ArrayRef<Value> indices,
    const DenseMap<OpOperand *, linalg::FillOp> &fills) {
  if (linalg::FillOp fill = fills.lookup(init))
    return fill.getInputs().front();
  return memref::LoadOp::create(rewriter, loc, init->get(), indices);
}

void mlir::ten::eraseFills(RewriterBase &rewriter,
                           const DenseMap<OpOperand *, linalg::FillOp> &fills) {
  for (auto [init, fill] : fills)
    rewriter.eraseOp(fill);
}

int64_t mlir::ten::roundToWarps(int64_t threads) {
  constexpr int64_t kWarpSize = 32;
  if (threads >= kWarpSize)
    return threads - threads % kWarpSize;
  return llvm::bit_floor(static_cast<uint64_t>(threads));
}
