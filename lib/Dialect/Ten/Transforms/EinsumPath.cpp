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

#include "mlir/IR/Builders.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

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
    if (!path || path->flops >= path->naiveFlops)
      return;

    // Replay the steps on a list of (value, labels), as the path numbers
    // them.
    SmallVector<std::pair<Value, SmallVector<unsigned>>> list;
    for (auto [value, labels] : llvm::zip(op.getInputs(), spec->inputs))
      list.push_back({value, labels});
    OpBuilder builder(op);
    std::string explanation;
    llvm::raw_string_ostream os(explanation);
    Value result;
    for (auto [index, step] : llvm::enumerate(path->steps)) {
      bool isLast = index + 1 == path->steps.size();
      auto [lhs, lhsLabels] = list[step.lhs];
      auto [rhs, rhsLabels] = list[step.rhs];
      SmallVector<unsigned> labels =
          isLast ? SmallVector<unsigned>(spec->output) : step.labels;
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
      std::string equation = spell(lhsLabels, *letters) + "," +
                             spell(rhsLabels, *letters) + "->" +
                             spell(labels, *letters);
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
         << step.lhs << ", " << step.rhs << "), " << formatCount(step.flops)
         << " FLOP, result " << formatCount(step.resultElements) << " elements";
      list.erase(list.begin() + step.rhs);
      list.erase(list.begin() + step.lhs);
      list.push_back({result, labels});
    }
    if (explain)
      op.emitRemark() << "einsum \"" << op.getEquation() << "\" in "
                      << path->steps.size() << " pairwise steps ("
                      << (path->optimal ? "optimal" : "greedy")
                      << " order): " << formatCount(path->flops)
                      << " FLOP instead of " << formatCount(path->naiveFlops)
                      << " in one loop nest ("
                      << formatCount(path->naiveFlops / path->flops)
                      << "x fewer), largest intermediate "
                      << formatCount(path->largestIntermediate) << " elements"
                      << explanation;
    op.replaceAllUsesWith(result);
    op.erase();
  }
};

} // namespace
