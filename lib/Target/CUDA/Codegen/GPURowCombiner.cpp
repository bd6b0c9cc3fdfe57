//===- GPURowCombiner.cpp - how a GPU reduction combines values -----------===//
//
// Two kinds of reductions combine partial results in any grouping. A
// reduction with one combiner that gpu.all_reduce knows combines a block's
// values with gpu.all_reduce (values narrower than 32 bits widened, since
// warp shuffles move 32 or 64 bits). An arg reduction (argmax, argmin)
// carries a value and its index: two partial results combine as the
// reduction's own step would, the one with the lower index taken as the
// accumulator, so that ties keep the first index whatever the grouping; a
// block combines its threads' pairs by warp shuffles, then the warps'
// pairs through shared memory.
//
//===----------------------------------------------------------------------===//

#include "GPURowCombiner.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace mlir::ten;

RowCombiner::~RowCombiner() = default;

/// The type `type` travels in through warp shuffles and shared memory:
/// itself, or 32 bits when it is narrower.
static Type getShuffleType(Type type) {
  if (type.getIntOrFloatBitWidth() >= 32)
    return type;
  if (isa<FloatType>(type))
    return Float32Type::get(type.getContext());
  return IntegerType::get(type.getContext(), 32);
}

/// `value` widened to `type`; integers sign-extended unless `isUnsigned`.
static Value widen(OpBuilder &b, Location loc, Value value, Type type,
                   bool isUnsigned = false) {
  if (value.getType() == type)
    return value;
  if (isa<FloatType>(type))
    return arith::ExtFOp::create(b, loc, type, value);
  if (isUnsigned)
    return arith::ExtUIOp::create(b, loc, type, value);
  return arith::ExtSIOp::create(b, loc, type, value);
}

/// `value` narrowed back to `type`.
static Value narrow(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  if (isa<FloatType>(type))
    return arith::TruncFOp::create(b, loc, type, value);
  return arith::TruncIOp::create(b, loc, type, value);
}

/// The values of the lanes `offset` away (xor) within each `width` lanes
/// of the warp, each moved in its shuffle type.
static SmallVector<Value> shuffleXor(OpBuilder &b, Location loc,
                                     ValueRange values, int64_t offset,
                                     int64_t width) {
  Value widthValue = arith::ConstantIntOp::create(b, loc, width, 32);
  Value offsetValue = arith::ConstantIntOp::create(b, loc, offset, 32);
  SmallVector<Value> moved;
  for (Value value : values) {
    Value wide = widen(b, loc, value, getShuffleType(value.getType()));
    Value shuffled = gpu::ShuffleOp::create(b, loc, wide, offsetValue,
                                            widthValue, gpu::ShuffleMode::XOR)
                         .getShuffleResult();
    moved.push_back(narrow(b, loc, shuffled, value.getType()));
  }
  return moved;
}

SmallVector<Value> RowCombiner::reduceLanes(OpBuilder &b, Location loc,
                                            ValueRange values, int64_t width,
                                            int64_t lanes) const {
  SmallVector<Value> total(values.begin(), values.end());
  for (int64_t offset = lanes / 2; offset >= 1; offset /= 2)
    total = combinePartials(b, loc, total,
                            shuffleXor(b, loc, total, offset, width));
  return total;
}

//===----------------------------------------------------------------------===//
// One output, one combiner gpu.all_reduce knows
//===----------------------------------------------------------------------===//

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

namespace {
class AllReduceCombiner : public RowCombiner {
public:
  AllReduceCombiner(Operation *combiner, BlockArgument accumulator,
                    gpu::AllReduceOperation kind, TypedAttr neutral)
      : combiner(combiner), accumulator(accumulator), kind(kind),
        neutral(neutral) {}

  SmallVector<Value> createNeutral(OpBuilder &b, Location loc) const override {
    return {arith::ConstantOp::create(b, loc, neutral)};
  }

  SmallVector<Value> combineInOrder(OpBuilder &b, Location loc,
                                    ValueRange earlier,
                                    ValueRange later) const override {
    IRMapping mapping;
    mapping.map(accumulator, earlier.front());
    for (Value operand : combiner->getOperands())
      if (operand != accumulator)
        mapping.map(operand, later.front());
    return {b.clone(*combiner, mapping)->getResult(0)};
  }

  SmallVector<Value> combinePartials(OpBuilder &b, Location loc, ValueRange lhs,
                                     ValueRange rhs) const override {
    return combineInOrder(b, loc, lhs, rhs);
  }

  SmallVector<Value> reduceBlock(OpBuilder &b, Location loc, gpu::LaunchOp,
                                 int64_t, ValueRange values) const override {
    Type type = values.front().getType();
    Value wide =
        widen(b, loc, values.front(), getShuffleType(type), isUnsigned());
    Value total = gpu::AllReduceOp::create(
                      b, loc, wide,
                      gpu::AllReduceOperationAttr::get(b.getContext(), kind),
                      /*uniform=*/true)
                      .getResult();
    return {narrow(b, loc, total, type)};
  }

  /// gpu.all_reduce's result is every thread's.
  bool givesEveryThreadTheTotal() const override { return true; }

  /// Widened once and combined in the shuffles' type, as gpu.all_reduce
  /// combines: an f16 sum adds the lanes' partial sums in f32 and rounds
  /// once; for every other combiner the wide result narrows to the same.
  SmallVector<Value> reduceLanes(OpBuilder &b, Location loc, ValueRange values,
                                 int64_t width, int64_t lanes) const override {
    Type type = values.front().getType();
    Value total =
        widen(b, loc, values.front(), getShuffleType(type), isUnsigned());
    for (int64_t offset = lanes / 2; offset >= 1; offset /= 2)
      total = vector::makeArithReduction(
          b, loc, getCombiningKind(), total,
          shuffleXor(b, loc, total, offset, width).front());
    return {narrow(b, loc, total, type)};
  }

private:
  /// Whether the combiner compares integers as unsigned: their widened
  /// values are zero-extended.
  bool isUnsigned() const {
    return kind == gpu::AllReduceOperation::MAXUI ||
           kind == gpu::AllReduceOperation::MINUI;
  }

  /// The vector dialect's name for the combiner.
  vector::CombiningKind getCombiningKind() const {
    using Kind = gpu::AllReduceOperation;
    using Combining = vector::CombiningKind;
    switch (kind) {
    case Kind::ADD:
      return Combining::ADD;
    case Kind::MUL:
      return Combining::MUL;
    case Kind::MINUI:
      return Combining::MINUI;
    case Kind::MINSI:
      return Combining::MINSI;
    case Kind::MINNUMF:
      return Combining::MINNUMF;
    case Kind::MAXUI:
      return Combining::MAXUI;
    case Kind::MAXSI:
      return Combining::MAXSI;
    case Kind::MAXNUMF:
      return Combining::MAXNUMF;
    case Kind::AND:
      return Combining::AND;
    case Kind::OR:
      return Combining::OR;
    case Kind::XOR:
      return Combining::XOR;
    case Kind::MINIMUMF:
      return Combining::MINIMUMF;
    case Kind::MAXIMUMF:
      return Combining::MAXIMUMF;
    }
    llvm_unreachable("every gpu.all_reduce operation has a combining kind");
  }

  Operation *combiner;
  BlockArgument accumulator;
  gpu::AllReduceOperation kind;
  TypedAttr neutral;
};
} // namespace

/// The combiner of `op`'s one output, if gpu.all_reduce knows it and it has
/// a neutral element.
static std::unique_ptr<RowCombiner>
matchAllReduceCombiner(linalg::LinalgOp op) {
  Block *body = op.getBlock();
  SmallVector<Operation *> combiners;
  Value reduced =
      matchReduction(body->getArguments().take_back(1), 0, combiners);
  if (!reduced || combiners.size() != 1)
    return nullptr;
  std::optional<gpu::AllReduceOperation> kind =
      getAllReduceOperation(combiners.front());
  std::optional<TypedAttr> neutral =
      arith::getNeutralElement(combiners.front());
  if (!kind || !neutral)
    return nullptr;
  return std::make_unique<AllReduceCombiner>(
      combiners.front(), body->getArguments().back(), *kind, *neutral);
}

//===----------------------------------------------------------------------===//
// Arg reductions: a value and its index
//===----------------------------------------------------------------------===//

namespace {
/// An arg reduction's step, `better = cond(element, best); best = better ?
/// element : best; at = better ? index : at`, where `cond` is a strict
/// comparison, optionally or'ed with "the element is NaN and `best` is
/// not".
class ArgCombiner : public RowCombiner {
public:
  ArgCombiner(SmallVector<Operation *> condition, Value element,
              BlockArgument best, TypedAttr neutral, Type indexType)
      : condition(std::move(condition)), element(element), best(best),
        neutral(neutral), indexType(indexType) {}

  SmallVector<Value> createNeutral(OpBuilder &b, Location loc) const override {
    return {arith::ConstantOp::create(b, loc, neutral),
            arith::ConstantOp::create(b, loc, b.getIntegerAttr(indexType, 0))};
  }

  SmallVector<Value> combineInOrder(OpBuilder &b, Location loc,
                                    ValueRange earlier,
                                    ValueRange later) const override {
    IRMapping mapping;
    mapping.map(element, later[0]);
    mapping.map(best, earlier[0]);
    for (Operation *op : condition)
      b.clone(*op, mapping);
    Value better = mapping.lookup(condition.back()->getResult(0));
    return {arith::SelectOp::create(b, loc, better, later[0], earlier[0]),
            arith::SelectOp::create(b, loc, better, later[1], earlier[1])};
  }

  SmallVector<Value> combinePartials(OpBuilder &b, Location loc, ValueRange lhs,
                                     ValueRange rhs) const override {
    // The pair whose index is lower comes first: among equal values it is
    // the one kept.
    Value rhsFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                           rhs[1], lhs[1]);
    SmallVector<Value> earlier, later;
    for (auto [left, right] : llvm::zip(lhs, rhs)) {
      earlier.push_back(arith::SelectOp::create(b, loc, rhsFirst, right, left));
      later.push_back(arith::SelectOp::create(b, loc, rhsFirst, left, right));
    }
    return combineInOrder(b, loc, earlier, later);
  }

  SmallVector<Value> reduceBlock(OpBuilder &b, Location loc,
                                 gpu::LaunchOp launch, int64_t blockSize,
                                 ValueRange values) const override;

  /// The first warp combines the warps' totals: its lanes have the total.
  bool givesEveryThreadTheTotal() const override { return false; }

private:
  /// The ops computing `better`, in order; the last one yields it.
  SmallVector<Operation *> condition;
  Value element;
  BlockArgument best;
  TypedAttr neutral;
  Type indexType;
};
} // namespace

SmallVector<Value> ArgCombiner::reduceBlock(OpBuilder &b, Location loc,
                                            gpu::LaunchOp launch,
                                            int64_t blockSize,
                                            ValueRange values) const {
  constexpr int64_t kWarpSize = 32;
  if (blockSize <= kWarpSize)
    return reduceLanes(b, loc, values, blockSize, blockSize);

  // Each warp's total, from its lane 0, into shared memory; then the first
  // warp combines those, in as many lanes as there are warps.
  SmallVector<Value> warpTotals =
      reduceLanes(b, loc, values, kWarpSize, kWarpSize);
  int64_t warpCount = llvm::divideCeil(blockSize, kWarpSize);
  Value thread = launch.getThreadIds().x;
  Value warpSize = arith::ConstantIndexOp::create(b, loc, kWarpSize);
  Value lane = arith::RemUIOp::create(b, loc, thread, warpSize);
  Value warp = arith::DivUIOp::create(b, loc, thread, warpSize);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  auto workgroup =
      gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
  SmallVector<Value> shared;
  SmallVector<Type> types;
  for (Value total : warpTotals) {
    types.push_back(total.getType());
    Type sharedType = getShuffleType(total.getType());
    shared.push_back(launch.addWorkgroupAttribution(
        MemRefType::get({kWarpSize}, sharedType, MemRefLayoutAttrInterface(),
                        workgroup),
        loc));
  }
  Value firstLane =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
  auto storeTotals =
      scf::IfOp::create(b, loc, firstLane, /*withElseRegion=*/false);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(storeTotals.thenBlock()->getTerminator());
    for (auto [total, buffer] : llvm::zip(warpTotals, shared))
      memref::StoreOp::create(
          b, loc,
          widen(b, loc, total,
                cast<MemRefType>(buffer.getType()).getElementType()),
          buffer, ValueRange{warp});
  }
  gpu::BarrierOp::create(b, loc);

  Value firstWarp =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, warp, zero);
  auto combineWarps =
      scf::IfOp::create(b, loc, types, firstWarp, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(combineWarps.thenBlock());
    // Lanes past the last warp take the neutral values.
    Value warps = arith::ConstantIndexOp::create(b, loc, warpCount);
    Value hasWarp =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lane, warps);
    auto load = scf::IfOp::create(b, loc, types, hasWarp,
                                  /*withElseRegion=*/true);
    b.setInsertionPointToStart(load.thenBlock());
    SmallVector<Value> loaded;
    for (auto [buffer, type] : llvm::zip(shared, types))
      loaded.push_back(narrow(
          b, loc, memref::LoadOp::create(b, loc, buffer, ValueRange{lane}),
          type));
    scf::YieldOp::create(b, loc, loaded);
    b.setInsertionPointToStart(load.elseBlock());
    scf::YieldOp::create(b, loc, createNeutral(b, loc));
    b.setInsertionPointAfter(load);
    scf::YieldOp::create(b, loc,
                         reduceLanes(b, loc, load.getResults(), kWarpSize,
                                     llvm::PowerOf2Ceil(warpCount)));
    b.setInsertionPointToStart(combineWarps.elseBlock());
    scf::YieldOp::create(b, loc, warpTotals);
  }
  return combineWarps.getResults();
}

/// Whether `value` is computed, inside `body`, from the values that
/// `isLeaf` accepts and constants only, through ops that have no regions
/// and no memory effects.
static bool isComputedFrom(Value value, Block *body,
                           function_ref<bool(Value)> isLeaf) {
  if (isLeaf(value))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != body)
    return !isa<BlockArgument>(value) || value.getParentBlock() != body;
  if (isa<linalg::IndexOp>(def) || def->getNumRegions() != 0 ||
      !isMemoryEffectFree(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isComputedFrom(operand, body, isLeaf);
  });
}

/// What an arg reduction's threads start from: the least value of `type`
/// for a maximum, the greatest for a minimum, which no element's strict
/// comparison loses to.
static TypedAttr getArgNeutral(Type type, bool isMax, bool isUnsigned) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return FloatAttr::get(type, isMax
                                    ? -std::numeric_limits<double>::infinity()
                                    : std::numeric_limits<double>::infinity());
  unsigned width = type.getIntOrFloatBitWidth();
  APInt value = isUnsigned ? (isMax ? APInt::getMinValue(width)
                                    : APInt::getMaxValue(width))
                           : (isMax ? APInt::getSignedMinValue(width)
                                    : APInt::getSignedMaxValue(width));
  return IntegerAttr::get(type, value);
}

/// Matches `cmp(element, best)` with a strict order predicate; the ops in
/// `ops`, the start value in `neutral`.
static bool matchStrictComparison(Value value, Value element, Value best,
                                  SmallVectorImpl<Operation *> &ops,
                                  TypedAttr &neutral) {
  Type type = best.getType();
  if (auto cmp = value.getDefiningOp<arith::CmpFOp>()) {
    using P = arith::CmpFPredicate;
    P predicate = cmp.getPredicate();
    if (cmp.getLhs() != element || cmp.getRhs() != best ||
        (predicate != P::OGT && predicate != P::OLT))
      return false;
    neutral = getArgNeutral(type, predicate == P::OGT, false);
    ops.push_back(cmp);
    return true;
  }
  if (auto cmp = value.getDefiningOp<arith::CmpIOp>()) {
    using P = arith::CmpIPredicate;
    P predicate = cmp.getPredicate();
    if (cmp.getLhs() != element || cmp.getRhs() != best ||
        (predicate != P::sgt && predicate != P::slt && predicate != P::ugt &&
         predicate != P::ult))
      return false;
    neutral = getArgNeutral(type, predicate == P::sgt || predicate == P::ugt,
                            predicate == P::ugt || predicate == P::ult);
    ops.push_back(cmp);
    return true;
  }
  return false;
}

/// Matches `cmpf pred(lhs, rhs)` with both operands `operand`.
static arith::CmpFOp matchSelfComparison(Value value,
                                         arith::CmpFPredicate predicate,
                                         Value operand) {
  auto cmp = value.getDefiningOp<arith::CmpFOp>();
  if (!cmp || cmp.getPredicate() != predicate || cmp.getLhs() != operand ||
      cmp.getRhs() != operand)
    return nullptr;
  return cmp;
}

/// Matches the condition under which `element` replaces `best`: a strict
/// comparison, or one or'ed with `element` NaN and `best` ordered (the
/// first NaN wins); the ops computing it in `ops`, in order.
static bool matchCondition(Value condition, Value element, Value best,
                           SmallVectorImpl<Operation *> &ops,
                           TypedAttr &neutral) {
  if (matchStrictComparison(condition, element, best, ops, neutral))
    return true;
  auto any = condition.getDefiningOp<arith::OrIOp>();
  if (!any)
    return false;
  for (auto [comparison, nanFirst] : {std::pair(any.getLhs(), any.getRhs()),
                                      std::pair(any.getRhs(), any.getLhs())}) {
    auto both = nanFirst.getDefiningOp<arith::AndIOp>();
    if (!both || !isa<FloatType>(best.getType()))
      continue;
    for (auto [isNaN, isNumber] : {std::pair(both.getLhs(), both.getRhs()),
                                   std::pair(both.getRhs(), both.getLhs())}) {
      arith::CmpFOp nan =
          matchSelfComparison(isNaN, arith::CmpFPredicate::UNO, element);
      arith::CmpFOp number =
          matchSelfComparison(isNumber, arith::CmpFPredicate::ORD, best);
      SmallVector<Operation *> compared;
      if (!nan || !number ||
          !matchStrictComparison(comparison, element, best, compared, neutral))
        continue;
      ops.append({compared.front(), nan, number, both, any});
      return true;
    }
  }
  return false;
}

/// The combiner of an arg reduction: two outputs, one reduction loop, and
/// a body that yields `select(better, element, best)` and
/// `select(better, index_cast(linalg.index), at)`, where `element` comes
/// from the inputs alone.
static std::unique_ptr<RowCombiner> matchArgCombiner(linalg::LinalgOp op) {
  if (op.getNumReductionLoops() != 1)
    return nullptr;
  Block *body = op.getBlock();
  BlockArgument best = op.getMatchingBlockArgument(op.getDpsInitOperand(0));
  BlockArgument at = op.getMatchingBlockArgument(op.getDpsInitOperand(1));
  Operation *yield = body->getTerminator();
  auto valueSelect = yield->getOperand(0).getDefiningOp<arith::SelectOp>();
  auto indexSelect = yield->getOperand(1).getDefiningOp<arith::SelectOp>();
  if (!valueSelect || !indexSelect ||
      valueSelect.getCondition() != indexSelect.getCondition() ||
      valueSelect.getFalseValue() != best ||
      indexSelect.getFalseValue() != at || !at.getType().isSignlessInteger())
    return nullptr;

  // The index is the reduction loop's.
  auto cast = indexSelect.getTrueValue().getDefiningOp<arith::IndexCastOp>();
  auto index = cast ? cast.getIn().getDefiningOp<linalg::IndexOp>() : nullptr;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (!index || iterators[index.getDim()] != utils::IteratorType::reduction)
    return nullptr;

  // The element does not depend on the accumulators or the index.
  Value element = valueSelect.getTrueValue();
  auto inputArgs = body->getArguments().take_front(op.getNumDpsInputs());
  if (!isComputedFrom(element, body, [&](Value value) {
        return llvm::is_contained(inputArgs, value);
      }))
    return nullptr;

  SmallVector<Operation *> condition;
  TypedAttr neutral;
  if (!matchCondition(valueSelect.getCondition(), element, best, condition,
                      neutral))
    return nullptr;
  return std::make_unique<ArgCombiner>(std::move(condition), element, best,
                                       neutral, at.getType());
}

std::unique_ptr<RowCombiner> ten::matchRowCombiner(linalg::LinalgOp op) {
  if (op.getNumDpsInits() == 1)
    return matchAllReduceCombiner(op);
  if (op.getNumDpsInits() == 2)
    return matchArgCombiner(op);
  return nullptr;
}
