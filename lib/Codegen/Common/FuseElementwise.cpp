//===- FuseElementwise.cpp - the ten-fuse-elementwise pass ----------------===//
//
// Elementwise producers fused into each of their linalg consumers; see
// Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Passes.h"
#include "ten/Codegen/Common/Scans.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ten-fuse-elementwise"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENFUSEELEMENTWISEPASS
#include "ten/Codegen/Common/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// Whether `producer` evaluates a math function (exp, log, tanh...), which
/// costs more than reading its result back from the cache.
bool evaluatesMathFunction(linalg::GenericOp producer) {
  return producer.getBody()
      ->walk([](Operation *op) {
        return isa<math::MathDialect>(op->getDialect())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `op` is a math function that a library computes (the C
/// library's, the host's vector math library), rather than an instruction
/// or a sequence of them.
bool isLibraryFunction(Operation *op) {
  return isa<math::SinOp, math::CosOp, math::TanOp, math::AsinOp, math::AcosOp,
             math::AtanOp, math::Atan2Op, math::SinhOp, math::CoshOp,
             math::TanhOp, math::AsinhOp, math::AcoshOp, math::AtanhOp,
             math::ExpOp, math::Exp2Op, math::ExpM1Op, math::LogOp,
             math::Log2Op, math::Log10Op, math::Log1pOp, math::CbrtOp,
             math::ErfOp, math::ErfcOp, math::PowFOp>(op);
}

/// Which math functions may compute an element differently in two loops
/// (TenFuseElementwisePass's `library-math` and `inline-math`).
struct MathPolicy {
  bool libraryMath = false;
  ArrayRef<std::string> inlineMath;

  /// Whether `producer` evaluates a function of a library, not one of
  /// `inlineMath` on f32 or narrower floats.
  bool evaluatesLibraryMath(linalg::GenericOp producer) const {
    if (!libraryMath)
      return false;
    return producer.getBody()
        ->walk([&](Operation *op) {
          if (!isLibraryFunction(op))
            return WalkResult::advance();
          auto type =
              dyn_cast<FloatType>(getElementTypeOrSelf(op->getResult(0)));
          bool inlined =
              type && type.getWidth() <= 32 &&
              llvm::is_contained(inlineMath, op->getName().getStringRef());
          return inlined ? WalkResult::advance() : WalkResult::interrupt();
        })
        .wasInterrupted();
  }
};

/// Whether `op` reduces to the least position along a reduction loop
/// (linalg.index of the loop, combined by a minimum): an argmax's second
/// reduction, which compares each element with the extremum that another
/// reduction found for equality.
bool isLeastPositionReduction(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || generic->getNumResults() != 1)
    return false;
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  return yield.getOperand(0).getDefiningOp<arith::MinSIOp>() &&
         ten::readsReductionPosition(generic);
}

/// The most operations in the body of a consumer, with a producer that has
/// several users fused into it. Recomputing producers in every user, with
/// no bound, grows the code with the number of paths through the graph, not
/// its size: a chain of 16 steps `x, y = y, x + y` fused into 2584
/// additions per element and took 27 s to compile, 18 steps more than a
/// minute. A random-number generator (Philox, a few hundred operations)
/// read by two consumers stays within it, so its samples are still never
/// written to memory.
constexpr size_t maxRecomputedOps = 512;

/// The operations in the body of `op`.
size_t getBodySize(linalg::GenericOp op) {
  return op.getBody()->getOperations().size();
}

/// The operations in the body of `op`, counted up to `limit`: a block's
/// operations are a list, counted one by one, and the bound on
/// recomputation only asks whether a body passes it (counting whole
/// bodies of thousands of operations for each operand of each consumer
/// visited took 40% of the pass's time on a multinomial draw; a consumer
/// at the bound counts no producer: a multinomial draw of 5 outcomes,
/// 7045 generics checked 5.2 million times, 10.3 -> 6.5 s).
size_t getBodySizeUpTo(linalg::GenericOp op, size_t limit) {
  size_t count = 0;
  for (auto it = op.getBody()->begin(), end = op.getBody()->end();
       it != end && count < limit; ++it)
    ++count;
  return count;
}

/// The operations that fusing producers with several users may copy in one
/// run of the pass (over a module, in the pipelines), in all: at least this
/// many, and at least twice the operations of its generics before fusion. The
/// bound per consumer keeps the code of a long chain of values with several
/// users linear in its length, but not the pass's time: each consumer of a
/// 92-step chain (Euclid's algorithm unrolled, 470 generics) gathered hundreds
/// of operands and was checked again after each of thousands of fusions, for
/// more than 5 minutes. With the budget spent, the rest is computed once.
constexpr size_t minRecomputationBudget = 4096;

/// The operations in the body of each generic counted up to
/// maxRecomputedOps + 1 (getBodySizeUpTo), kept from one visit of the
/// rewrite driver to the next: counting the bodies of a consumer and of its
/// producers with several users at every visit took 30% of the pass's time
/// on a multinomial draw of 10 outcomes (312 thousand visits). As the
/// driver's listener it forgets an op that is inserted or erased, and the op
/// around one whose body gains or loses an operation or a block; an op
/// modified in place keeps its count (a new operand, say, changes no body:
/// forgetting the users of every result replaced kept the pass as slow), and
/// the splices of this pass, which fill a body with a plain builder, record
/// their counts themselves (set).
class BodySizes : public RewriterBase::Listener {
public:
  size_t get(linalg::GenericOp op) {
    auto [it, inserted] = sizes.try_emplace(op, 0);
    if (inserted)
      it->second = getBodySizeUpTo(op, maxRecomputedOps + 1);
    return it->second;
  }

  /// Records the size of a body just changed, known without counting.
  void set(linalg::GenericOp op, size_t size) { sizes[op] = size; }

  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    forget(op);
  }
  void notifyOperationErased(Operation *op) override { forget(op); }
  void notifyBlockInserted(Block *block, Region *previous,
                           Region::iterator previousIt) override {
    sizes.erase(block->getParentOp());
    if (previous)
      sizes.erase(previous->getParentOp());
  }
  void notifyBlockErased(Block *block) override {
    sizes.erase(block->getParentOp());
  }

private:
  void forget(Operation *op) {
    sizes.erase(op);
    sizes.erase(op->getParentOp());
  }

  DenseMap<Operation *, size_t> sizes;
};

/// Whether the producer of `operand` is an elementwise generic to fuse into
/// (recompute in) the op that owns `operand`, a generic (the sizes of both
/// bodies from `bodySizes`). A producer inside a cache-sized block
/// (an `scf.forall` of ten-fuse-reductions) that evaluates a math function and
/// has several users is computed once into its block-sized tile instead.
bool shouldFuse(OpOperand *operand, BodySizes &bodySizes, bool budgetSpent,
                const MathPolicy &math) {
  auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
  if (!producer || producer.getNumLoops() != producer.getNumParallelLoops())
    return false;
  // A consumer with a reduction loop that reads each producer element
  // several times (a contraction reads A[i, k] for every j) would evaluate
  // the producer that many times, and would no longer be a contraction
  // that a GEMM kernel or cuBLAS runs.
  auto consumer = cast<linalg::LinalgOp>(operand->getOwner());
  auto trace = [&](bool fuse, const char *why) {
    LLVM_DEBUG(llvm::dbgs()
               << "[" DEBUG_TYPE "] producer at " << producer.getLoc()
               << (fuse ? " fused into " : " kept apart from ")
               << consumer->getName() << " at " << consumer.getLoc() << ": "
               << why << "\n");
    return fuse;
  };
  if (consumer.getNumReductionLoops() > 0 &&
      !consumer.getMatchingIndexingMap(operand).isPermutation())
    return trace(false, "the consumer reads each element several times");
  // An argmax reads the same values in two reductions: its extremum, then
  // the least position of an element equal to it. Recomputed in each, a
  // value could differ between them (a math function's vector variant in
  // one loop, the C library's scalar function in the other's remainder:
  // a categorical draw's Gumbel scores), and no element equal the
  // extremum: the producer is computed once, for all its users.
  if (llvm::any_of(producer->getUsers(), isLeastPositionReduction))
    return trace(false, "read by the least position of an extremum, which "
                        "must see the values its extremum saw: computed once");
  bool severalUsers = !llvm::hasSingleElement(producer->getUsers());
  if (severalUsers && math.evaluatesLibraryMath(producer))
    return trace(false, "a library's math function with several users: "
                        "computed once, so that every user reads the same "
                        "values");
  if (severalUsers && budgetSpent)
    return trace(false, "a producer with several users, with the recomputation "
                        "budget spent: computed once");
  if (severalUsers && bodySizes.get(cast<linalg::GenericOp>(*consumer)) +
                              bodySizes.get(producer) >
                          maxRecomputedOps)
    return trace(false, "a producer with several users that would make the "
                        "consumer too large: computed once, not in each");
  if (!producer->getParentOfType<scf::ForallOp>() ||
      !evaluatesMathFunction(producer))
    return trace(true, "elementwise");
  if (!severalUsers)
    return trace(true, "a math function with one user, in a block");
  return trace(false, "a math function with several users, in a block: "
                      "computed once into its tile");
}

/// Whether `operand`, an input of `consumer`, can be fused by splicing
/// (spliceProducer): its producer a generic of one result over the same
/// loops, read by the consumer as the producer writes it (the same
/// indexing map, a permutation), whose body does not read its init.
bool fusesBySplicing(linalg::GenericOp consumer, OpOperand *operand) {
  auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
  if (!producer || producer->getNumResults() != 1 ||
      !consumer.isDpsInput(operand) || !producer.hasPureTensorSemantics() ||
      !consumer.hasPureTensorSemantics() ||
      producer.getNumLoops() != consumer.getNumLoops())
    return false;
  AffineMap written =
      producer.getIndexingMapMatchingResult(cast<OpResult>(operand->get()));
  return written.isPermutation() &&
         consumer.getMatchingIndexingMap(operand) == written &&
         !producer.payloadUsesValueFromOperand(producer.getDpsInitOperand(0));
}

/// Whether the operands of `consumer` other than `operand`, with the inputs
/// of its producer, give every loop its bounds. A reduction of producers
/// without inputs (ten.random_bits, ten.iota) has none left for its reduced
/// loops once the last of them is spliced.
bool keepsLoopBounds(linalg::GenericOp consumer, OpOperand *operand) {
  auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
  SmallVector<AffineMap> maps;
  for (OpOperand &other : consumer->getOpOperands())
    if (&other != operand)
      maps.push_back(consumer.getMatchingIndexingMap(&other));
  for (OpOperand *input : producer.getDpsInputOperands())
    maps.push_back(producer.getMatchingIndexingMap(input));
  return static_cast<bool>(
      inversePermutation(concatAffineMaps(maps, consumer.getContext())));
}

/// The indexing maps and inputs of `consumer` with the inputs of the
/// producer of `operand` in the operand's place (their maps unchanged, as
/// the loops are the same), and after them, where `shapeInput`, the
/// producer's init, read by nothing, for the loops' bounds (with the
/// operand's map).
std::pair<SmallVector<AffineMap>, SmallVector<Value>>
getSplicedOperands(linalg::GenericOp consumer, OpOperand *operand,
                   bool shapeInput) {
  auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
  unsigned position = operand->getOperandNumber();
  SmallVector<AffineMap> maps = consumer.getIndexingMapsArray();
  SmallVector<AffineMap> producerMaps;
  for (OpOperand *input : producer.getDpsInputOperands())
    producerMaps.push_back(producer.getMatchingIndexingMap(input));
  if (!shapeInput)
    maps.erase(maps.begin() + position);
  maps.insert(maps.begin() + position, producerMaps.begin(),
              producerMaps.end());
  SmallVector<Value> inputs;
  for (OpOperand *input : consumer.getDpsInputOperands()) {
    if (input->getOperandNumber() != position) {
      inputs.push_back(input->get());
      continue;
    }
    llvm::append_range(inputs, producer.getDpsInputs());
    if (shapeInput)
      inputs.push_back(producer.getDpsInits().front());
  }
  return {maps, inputs};
}

/// In `body`, a consumer's body whose argument `position` the producer
/// `producer` gives: arguments for the producer's inputs in its place, a
/// copy of the producer's body first, and the copy's yielded value where
/// the argument was read. Where `shapeInput`, the argument stays, read by
/// nothing (getSplicedOperands), else it goes.
void spliceProducerBody(Block &body, linalg::GenericOp producer,
                        unsigned position, bool shapeInput) {
  Block &producerBody = producer.getRegion().front();
  IRMapping mapping;
  unsigned inserted = 0;
  for (OpOperand *input : producer.getDpsInputOperands()) {
    BlockArgument argument = body.insertArgument(
        position + inserted,
        producerBody.getArgument(input->getOperandNumber()).getType(),
        producer.getLoc());
    mapping.map(producerBody.getArgument(input->getOperandNumber()), argument);
    ++inserted;
  }
  BlockArgument replaced = body.getArgument(position + inserted);
  OpBuilder builder = OpBuilder::atBlockBegin(&body);
  for (Operation &op : producerBody.without_terminator())
    builder.clone(op, mapping);
  replaced.replaceAllUsesWith(
      mapping.lookupOrDefault(producerBody.getTerminator()->getOperand(0)));
  if (!shapeInput)
    body.eraseArgument(position + inserted);
}

/// Fuses the producer of `operand` into `consumer` (fusesBySplicing): the
/// producer's inputs take the operand's place and a copy of its body goes
/// before the consumer's, as upstream's fusion builds, but without copying
/// the consumer's body: building a new op per fusion copied the whole body
/// each time, quadratic in a long chain (a binomial draw of 18 rejection
/// rounds, 4000 ops: the pipeline took 8.8-10.5 s spliced in place where
/// the producer had one user, 6.4-7.8 s; everywhere, 2.0). The only user of
/// its producer is changed in place (the producer is left dead); a consumer
/// whose producer has other users is replaced by a new op that takes over
/// its body, as upstream's fusion replaces it: changed in place, a chain of
/// such producers (fuse-elementwise-bound.mlir) came out with 1630
/// additions, not 538, the bound on recomputation passed over. Where no
/// operand would be left to give a loop its bounds (keepsLoopBounds), the
/// producer's init, unread, stays as an input: it is never written, and
/// once the loops are lowered nothing uses it and it is not allocated.
/// Returns the consumer after fusion: the same op, or the one in its place.
linalg::GenericOp spliceProducer(linalg::GenericOp consumer, OpOperand *operand,
                                 PatternRewriter &rewriter) {
  auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
  unsigned position = operand->getOperandNumber();
  bool shapeInput = !keepsLoopBounds(consumer, operand);
  auto [maps, inputs] = getSplicedOperands(consumer, operand, shapeInput);
  if (llvm::hasSingleElement(producer->getUsers())) {
    rewriter.modifyOpInPlace(consumer, [&] {
      spliceProducerBody(consumer.getRegion().front(), producer, position,
                         shapeInput);
      consumer.getInputsMutable().assign(inputs);
      consumer.setIndexingMapsAttr(rewriter.getAffineMapArrayAttr(maps));
    });
    return consumer;
  }
  auto fused = linalg::GenericOp::create(
      rewriter, consumer.getLoc(), consumer->getResultTypes(), inputs,
      consumer.getDpsInits(), maps, consumer.getIteratorTypesArray());
  rewriter.inlineRegionBefore(consumer.getRegion(), fused.getRegion(),
                              fused.getRegion().end());
  spliceProducerBody(fused.getRegion().front(), producer, position, shapeInput);
  rewriter.replaceOp(consumer, fused->getResults());
  return fused;
}

/// Fuses the first operand of a generic whose producer `shouldFuse` picks.
/// Unlike upstream's pattern set, nothing else is rewritten: an init that
/// the body does not read stays the op's destination (inside a block of
/// ten-fuse-reductions it is the slice of the result the block writes).
struct FuseElementwiseProducer : OpRewritePattern<linalg::GenericOp> {
  /// `recomputedOps` counts the operations copied by fusing producers with
  /// several users, up to `budget`; the pass owns the counter.
  FuseElementwiseProducer(MLIRContext *context, size_t &recomputedOps,
                          size_t budget, BodySizes &bodySizes,
                          const MathPolicy &math)
      : OpRewritePattern(context), recomputedOps(recomputedOps), budget(budget),
        bodySizes(bodySizes), math(math) {}

  LogicalResult matchAndRewrite(linalg::GenericOp consumer,
                                PatternRewriter &rewriter) const override {
    for (OpOperand &operand : consumer->getOpOperands()) {
      if (!shouldFuse(&operand, bodySizes, recomputedOps >= budget, math))
        continue;
      auto producer = operand.get().getDefiningOp<linalg::GenericOp>();
      // A producer with several users fits in the consumer
      // (maxRecomputedOps): its count is exact.
      size_t copied = llvm::hasSingleElement(producer->getUsers())
                          ? 0
                          : bodySizes.get(producer);
      if (fusesBySplicing(consumer, &operand)) {
        // The consumer's body gains the producer's, less its yield.
        size_t fusedSize =
            bodySizes.get(consumer) + bodySizes.get(producer) - 1;
        linalg::GenericOp fused = spliceProducer(consumer, &operand, rewriter);
        bodySizes.set(fused, std::min(fusedSize, maxRecomputedOps + 1));
        recomputedOps += copied;
        return success();
      }
      if (!linalg::areElementwiseOpsFusable(&operand))
        continue;
      FailureOr<linalg::ElementwiseOpFusionResult> fused =
          linalg::fuseElementwiseOps(rewriter, &operand);
      if (failed(fused))
        continue;
      recomputedOps += copied;
      // The producer stays for its other users, if any.
      for (OpResult result : consumer->getResults())
        rewriter.replaceAllUsesWith(result, fused->replacements.at(result));
      rewriter.eraseOp(consumer);
      return success();
    }
    return failure();
  }

private:
  size_t &recomputedOps;
  size_t budget;
  BodySizes &bodySizes;
  const MathPolicy &math;
};

/// Turns a result that nothing uses, and whose init the body does not read,
/// into an input that nothing reads. Fusing a producer with no input that
/// spans its loops (ten.iota, ten.random_bits) into a reduction keeps the
/// producer's result as a second output only because its shape gives the
/// loops their bounds: as an unread input, its buffer is never written, and
/// once the loops are lowered nothing uses it and it is not allocated.
struct DeadOutputToShapeInput : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumDpsInits() < 2)
      return failure();
    std::optional<unsigned> dead;
    for (OpResult result : op->getResults()) {
      OpOperand *init = op.getDpsInitOperand(result.getResultNumber());
      if (result.use_empty() && !op.payloadUsesValueFromOperand(init)) {
        dead = result.getResultNumber();
        break;
      }
    }
    if (!dead)
      return failure();
    OpOperand *init = op.getDpsInitOperand(*dead);
    SmallVector<Value> inputs(op.getDpsInputs());
    inputs.push_back(init->get());
    SmallVector<Value> inits;
    SmallVector<Type> resultTypes;
    SmallVector<AffineMap> maps;
    for (OpOperand *input : op.getDpsInputOperands())
      maps.push_back(op.getMatchingIndexingMap(input));
    maps.push_back(op.getMatchingIndexingMap(init));
    for (OpOperand &other : op.getDpsInitsMutable()) {
      if (&other == init)
        continue;
      inits.push_back(other.get());
      resultTypes.push_back(other.get().getType());
      maps.push_back(op.getMatchingIndexingMap(&other));
    }
    auto replacement =
        linalg::GenericOp::create(rewriter, op.getLoc(), resultTypes, inputs,
                                  inits, maps, op.getIteratorTypesArray());
    rewriter.inlineRegionBefore(op.getRegion(), replacement.getRegion(),
                                replacement.getRegion().end());
    Block &body = replacement.getRegion().front();
    unsigned numInputs = op.getNumDpsInputs();
    BlockArgument oldArgument = body.getArgument(numInputs + *dead);
    BlockArgument newArgument = body.insertArgument(
        numInputs, oldArgument.getType(), oldArgument.getLoc());
    rewriter.replaceAllUsesWith(oldArgument, newArgument);
    body.eraseArgument(numInputs + 1 + *dead);
    Operation *yield = body.getTerminator();
    rewriter.modifyOpInPlace(yield, [&] { yield->eraseOperand(*dead); });
    SmallVector<Value> results;
    for (OpResult result : op->getResults()) {
      unsigned number = result.getResultNumber();
      results.push_back(
          number == *dead
              ? Value()
              : replacement->getResult(number < *dead ? number : number - 1));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct TenFuseElementwisePass
    : ten::impl::TenFuseElementwisePassBase<TenFuseElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    MathPolicy math;
    math.libraryMath = libraryMath;
    math.inlineMath = inlineMath;
    MLIRContext *context = &getContext();
    size_t bodyOps = 0;
    getOperation()->walk(
        [&](linalg::GenericOp op) { bodyOps += getBodySize(op); });
    size_t recomputedOps = 0;
    RewritePatternSet patterns(context);
    BodySizes bodySizes;
    patterns.add<FuseElementwiseProducer>(
        context, recomputedOps, std::max(minRecomputationBudget, 2 * bodyOps),
        bodySizes, math);
    // Fusing a producer that has other users makes the fused op yield the
    // producer's value too; those users keep reading the producer, so the
    // extra results are dead and must not be written.
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    patterns.add<DeadOutputToShapeInput>(context, /*benefit=*/0);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    // Fusion is an optimization: where the rewrites have not settled within
    // the driver's iterations (a multinomial draw of three outcomes, two
    // binomial draws of 2344 generics each, took 20-50), the ops are all
    // still valid, fused or not, and the pipeline goes on.
    // Fusion alone: folding, constant deduplication and region
    // simplification are the canonicalizer's, which runs after, and each
    // of the driver's iterations did them again over every op of every
    // body (a multinomial draw of 10 outcomes: 8.9 -> 7.0 s of the pass).
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    config.enableFolding(false);
    config.enableConstantCSE(false);
    config.setListener(&bodySizes);
    (void)applyPatternsGreedily(getOperation(), std::move(patterns), config);
  }
};

} // namespace
