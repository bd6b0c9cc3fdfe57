//===- EinsumPath.cpp - the ten-einsum-path pass --------------------------===//
//
// Splits einsums of three or more operands into pairwise einsums, in the
// order that ten/Support/EinsumPath.h finds cheapest.
//
//===----------------------------------------------------------------------===//

#include "ten/Dialect/Ten/Transforms/Passes.h"

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenShapes.h"
#include "ten/Support/EinsumPath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "ten-einsum-path"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENEINSUMPATHPASS
#include "ten/Dialect/Ten/Transforms/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

namespace {

/// A letter for every label of `spec`: letters keep their own, ellipsis
/// dimensions get letters that the equation does not use. None when there
/// are more than 52 labels in all.
std::optional<SmallVector<char>> assignLetters(const EinsumSpec &spec) {
  SmallVector<bool> used(spec.getNumLabels(), false);
  for (ArrayRef<unsigned> labels : spec.inputs)
    for (unsigned label : labels)
      used[label] = true;
  SmallVector<char> letters(spec.getNumLabels(), 0);
  unsigned nextFree = 0;
  for (unsigned label = 0; label < spec.getNumLabels(); ++label) {
    if (!used[label])
      continue;
    if (!EinsumSpec::isEllipsisLabel(label)) {
      letters[label] = getLabelLetter(label);
      continue;
    }
    while (nextFree < EinsumSpec::kNumLetterLabels && used[nextFree])
      ++nextFree;
    if (nextFree == EinsumSpec::kNumLetterLabels)
      return std::nullopt;
    letters[label] = getLabelLetter(nextFree++);
  }
  return letters;
}

std::string spell(ArrayRef<unsigned> labels, ArrayRef<char> letters) {
  std::string text;
  for (unsigned label : labels)
    text += letters[label];
  return text;
}

std::string formatCount(double count) {
  std::string text;
  llvm::raw_string_ostream(text) << llvm::format("%.3g", count);
  return text;
}

/// Sizes that a dynamic label takes in the scenarios whose cheapest orders
/// become the candidates of a choice at run time: small and large.
constexpr double kSmallDynamicSize = 16;
constexpr double kLargeDynamicSize = 4096;
/// Dynamic labels, at most, whose small and large sizes are all combined;
/// beyond, the others keep the assumed size.
constexpr unsigned kMaxScenarioLabels = 8;

bool isSameOrder(const EinsumPath &a, const EinsumPath &b) {
  return llvm::equal(a.steps, b.steps,
                     [](const EinsumStep &x, const EinsumStep &y) {
                       return x.lhs == y.lhs && x.rhs == y.rhs;
                     });
}

struct TenEinsumPathPass : ten::impl::TenEinsumPathPassBase<TenEinsumPathPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<EinsumOp> einsums;
    getOperation()->walk([&](EinsumOp op) {
      if (op.getInputs().size() >= 3)
        einsums.push_back(op);
    });
    for (EinsumOp op : einsums)
      rewrite(op);
  }

  void rewrite(EinsumOp op) {
    FailureOr<EinsumSpec> spec = getEinsumSpec(
        op.getEquation(), op.getInputs().getTypes(), std::nullopt);
    if (failed(spec))
      return;
    std::optional<SmallVector<char>> letters = assignLetters(*spec);
    if (!letters)
      return;
    SmallVector<ArrayRef<int64_t>> shapes;
    for (Type type : op.getInputs().getTypes())
      shapes.push_back(cast<RankedTensorType>(type).getShape());
    EinsumDiagnostic diag;
    FailureOr<SmallVector<int64_t>> sizes =
        spec->inferLabelSizes(shapes, ShapedType::kDynamic, diag);
    if (failed(sizes))
      return;
    SmallVector<double> costSizes;
    for (int64_t size : *sizes)
      costSizes.push_back(ShapedType::isDynamic(size) ? double(dynamicSize)
                                                      : double(size));

    EinsumPathOptions options;
    options.maxOptimalOperands = std::min<unsigned>(maxOptimal, 16);
    if (memoryLimit > 0)
      options.memoryLimit = double(memoryLimit);
    std::optional<EinsumPath> path =
        findEinsumPath(spec->inputs, spec->output, costSizes, options);
    LLVM_DEBUG({
      llvm::dbgs() << "[" DEBUG_TYPE "] \"" << op.getEquation() << "\" at "
                   << op.getLoc() << ": ";
      if (!path)
        llvm::dbgs() << "no order within the memory limit";
      else
        llvm::dbgs() << (path->optimal ? "optimal" : "greedy") << " order of "
                     << path->steps.size() << " steps, "
                     << llvm::format("%.0f", path->flops) << " FLOP against "
                     << llvm::format("%.0f", path->naiveFlops)
                     << " in one loop nest";
      llvm::dbgs() << "\n";
    });
    if (!path || path->flops >= path->naiveFlops)
      return;
    SmallVector<EinsumPath> candidates = {*path};
    if (maxRuntimeOrders > 1)
      addCandidates(candidates, *spec, *sizes, costSizes, options);

    OpBuilder builder(op);
    std::string explanation;
    llvm::raw_string_ostream os(explanation);
    Value result;
    if (candidates.size() == 1) {
      result = buildChain(builder, op, *spec, *letters, *path, os);
    } else {
      result = buildChoice(builder, op, *spec, *letters, candidates, os);
    }
    if (explain) {
      InFlightDiagnostic remark = op.emitRemark();
      remark << "einsum \"" << op.getEquation() << "\" in "
             << path->steps.size() << " pairwise steps ("
             << (path->optimal ? "optimal" : "greedy") << " order";
      if (candidates.size() > 1)
        remark << " at dynamic sizes of " << int64_t(dynamicSize);
      remark << "): " << formatCount(path->flops) << " FLOP instead of "
             << formatCount(path->naiveFlops) << " in one loop nest ("
             << formatCount(path->naiveFlops / path->flops)
             << "x fewer), largest intermediate "
             << formatCount(path->largestIntermediate) << " elements"
             << explanation;
    }
    op.replaceAllUsesWith(result);
    op.erase();
  }

  /// Adds to `candidates` the cheapest orders when each dynamic label is
  /// small or large (every combination of the first kMaxScenarioLabels of
  /// them), those not there yet, up to `max-runtime-orders` in all.
  void addCandidates(SmallVector<EinsumPath> &candidates,
                     const EinsumSpec &spec, ArrayRef<int64_t> sizes,
                     ArrayRef<double> costSizes,
                     const EinsumPathOptions &options) {
    SmallVector<unsigned> dynamicLabels;
    for (ArrayRef<unsigned> labels : spec.inputs)
      for (unsigned label : labels)
        if (ShapedType::isDynamic(sizes[label]) &&
            !llvm::is_contained(dynamicLabels, label) &&
            dynamicLabels.size() < kMaxScenarioLabels)
          dynamicLabels.push_back(label);
    for (uint64_t scenario = 0;
         scenario < (uint64_t(1) << dynamicLabels.size()) &&
         candidates.size() < maxRuntimeOrders;
         ++scenario) {
      SmallVector<double> scenarioSizes(costSizes);
      for (auto [bit, label] : llvm::enumerate(dynamicLabels))
        scenarioSizes[label] =
            (scenario >> bit) & 1 ? kLargeDynamicSize : kSmallDynamicSize;
      std::optional<EinsumPath> path =
          findEinsumPath(spec.inputs, spec.output, scenarioSizes, options);
      if (path && llvm::none_of(candidates, [&](const EinsumPath &known) {
            return isSameOrder(known, *path);
          }))
        candidates.push_back(std::move(*path));
    }
  }

  /// The einsum's value computed by `path`'s steps, built at `builder`; the
  /// steps are described to `os`.
  Value buildChain(OpBuilder &builder, EinsumOp op, const EinsumSpec &spec,
                   ArrayRef<char> letters, const EinsumPath &path,
                   raw_ostream &os, bool describeCosts = true) {
    // Replay the steps on a list of (value, labels), as the path numbers
    // them.
    SmallVector<std::pair<Value, SmallVector<unsigned>>> list;
    for (auto [value, labels] : llvm::zip(op.getInputs(), spec.inputs))
      list.push_back({value, labels});
    Value result;
    for (auto [index, step] : llvm::enumerate(path.steps)) {
      bool isLast = index + 1 == path.steps.size();
      auto [lhs, lhsLabels] = list[step.lhs];
      auto [rhs, rhsLabels] = list[step.rhs];
      SmallVector<unsigned> labels =
          isLast ? SmallVector<unsigned>(spec.output) : step.labels;
      // The operand with the result's outermost dimension that only one of
      // them has goes first, so that a matrix product reads as one
      // ("ik,kl->il", not "kl,ik->il").
      for (unsigned label : labels) {
        bool inLhs = llvm::is_contained(lhsLabels, label);
        if (inLhs == llvm::is_contained(rhsLabels, label))
          continue;
        if (!inLhs) {
          std::swap(lhs, rhs);
          std::swap(lhsLabels, rhsLabels);
        }
        break;
      }
      std::string equation = spell(lhsLabels, letters) + "," +
                             spell(rhsLabels, letters) + "->" +
                             spell(labels, letters);
      if (isLast) {
        result = EinsumOp::create(builder, op.getLoc(), op.getType(),
                                  builder.getStringAttr(equation),
                                  ValueRange{lhs, rhs});
      } else {
        result = EinsumOp::create(builder, op.getLoc(),
                                  builder.getStringAttr(equation),
                                  ValueRange{lhs, rhs});
      }
      os << "\n  step " << index + 1 << ": \"" << equation << "\" (operands "
         << step.lhs << ", " << step.rhs << ")";
      if (describeCosts)
        os << ", " << formatCount(step.flops) << " FLOP, result "
           << formatCount(step.resultElements) << " elements";
      list.erase(list.begin() + step.rhs);
      list.erase(list.begin() + step.lhs);
      list.push_back({result, labels});
    }
    return result;
  }

  /// The size of `label` at run time: the largest of the dimensions that
  /// carry it (a dimension of 1 broadcasts), as an f64.
  Value getLabelSize(OpBuilder &builder, EinsumOp op, const EinsumSpec &spec,
                     unsigned label) {
    Location loc = op.getLoc();
    Value size;
    for (auto [operand, labels] : llvm::zip(op.getInputs(), spec.inputs)) {
      for (auto [dim, operandLabel] : llvm::enumerate(labels)) {
        if (operandLabel != label)
          continue;
        Value dimSize = tensor::DimOp::create(builder, loc, operand, dim);
        size = size ? arith::MaxSIOp::create(builder, loc, size, dimSize)
                          .getResult()
                    : dimSize;
      }
    }
    Value asInteger =
        arith::IndexCastUIOp::create(builder, loc, builder.getI64Type(), size);
    return arith::UIToFPOp::create(builder, loc, builder.getF64Type(),
                                   asInteger);
  }

  /// The einsum's value computed by whichever of `candidates` takes the
  /// fewest FLOPs at the operands' sizes, chosen at run time: the FLOPs of
  /// each (the product of the sizes of each step's labels, summed over its
  /// steps) in f64, and an scf.index_switch over the orders.
  Value buildChoice(OpBuilder &builder, EinsumOp op, const EinsumSpec &spec,
                    ArrayRef<char> letters, ArrayRef<EinsumPath> candidates,
                    raw_ostream &os) {
    Location loc = op.getLoc();
    DenseMap<unsigned, Value> labelSizes;
    auto sizeOf = [&](unsigned label) {
      Value &size = labelSizes[label];
      if (!size)
        size = getLabelSize(builder, op, spec, label);
      return size;
    };
    Value bestCost, bestIndex;
    for (auto [index, path] : llvm::enumerate(candidates)) {
      SmallVector<SmallVector<unsigned>> list(spec.inputs.begin(),
                                              spec.inputs.end());
      Value cost;
      for (const EinsumStep &step : path.steps) {
        SmallVector<unsigned> labels;
        for (unsigned label :
             llvm::concat<unsigned>(list[step.lhs], list[step.rhs]))
          if (!llvm::is_contained(labels, label))
            labels.push_back(label);
        Value points;
        for (unsigned label : labels)
          points = points ? arith::MulFOp::create(builder, loc, points,
                                                  sizeOf(label))
                                .getResult()
                          : sizeOf(label);
        if (!points)
          points = arith::ConstantOp::create(builder, loc,
                                             builder.getF64FloatAttr(1));
        cost =
            cost ? arith::AddFOp::create(builder, loc, cost, points).getResult()
                 : points;
        list.erase(list.begin() + step.rhs);
        list.erase(list.begin() + step.lhs);
        list.push_back(step.labels);
      }
      Value indexValue = arith::ConstantIndexOp::create(builder, loc, index);
      if (!bestCost) {
        bestCost = cost;
        bestIndex = indexValue;
        continue;
      }
      // Strictly fewer: ties keep the earlier order.
      Value fewer = arith::CmpFOp::create(
          builder, loc, arith::CmpFPredicate::OLT, cost, bestCost);
      bestCost = arith::SelectOp::create(builder, loc, fewer, cost, bestCost);
      bestIndex =
          arith::SelectOp::create(builder, loc, fewer, indexValue, bestIndex);
    }

    SmallVector<int64_t> cases;
    for (int64_t index = 1; index < int64_t(candidates.size()); ++index)
      cases.push_back(index);
    auto choice = scf::IndexSwitchOp::create(
        builder, loc, TypeRange{op.getType()}, bestIndex, cases, cases.size());
    os << "; at run time, the one of " << candidates.size()
       << " orders (the cheapest with each dynamic size "
       << int64_t(kSmallDynamicSize) << " or " << int64_t(kLargeDynamicSize)
       << ") that takes the fewest FLOP at the operands' sizes";
    for (auto [index, path] : llvm::enumerate(candidates)) {
      Region &region = index == 0 ? choice.getDefaultRegion()
                                  : choice.getCaseRegions()[index - 1];
      OpBuilder::InsertionGuard guard(builder);
      builder.createBlock(&region);
      os << "\n order " << index + 1 << ":";
      // FLOPs at the assumed sizes for the first order only: the others
      // were found with other sizes.
      Value result =
          buildChain(builder, op, spec, letters, path, os, index == 0);
      scf::YieldOp::create(builder, loc, result);
    }
    return choice.getResult(0);
  }
};

} // namespace
