//===- MergeEinsums.cpp - the ten-merge-einsums pass ----------------------===//
//
// A product of products as one einsum, so that the einsum path orders all
// of it. Works on bound equations (every dimension named by a label), and
// writes the merged equation with a letter per label: ellipsis dimensions
// become letters too, which broadcast as they did.
//
//===----------------------------------------------------------------------===//

#include "ten/Dialect/Ten/Transforms/Passes.h"

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenShapes.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallSet.h"

#include <optional>
#include <string>

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENMERGEEINSUMSPASS
#include "ten/Dialect/Ten/Transforms/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

namespace {

/// Letters for labels, in the order they are first asked for.
class LetterAssignment {
public:
  /// The letter of `key`, a new one if it has none; none when the 52
  /// letters are used up.
  std::optional<char> get(int64_t key) {
    auto [it, inserted] = letters.try_emplace(key, 0);
    if (inserted) {
      if (next == EinsumSpec::kNumLetterLabels)
        return std::nullopt;
      it->second = getLabelLetter(next++);
    }
    return it->second;
  }

private:
  llvm::DenseMap<int64_t, char> letters;
  unsigned next = 0;
};

/// The equation of `outer` with its operand `position` replaced by the
/// operands of `inner`, or none where the merge does not apply.
std::optional<std::string> mergeEquations(const EinsumSpec &outer,
                                          unsigned position,
                                          const EinsumSpec &inner) {
  ArrayRef<unsigned> joined = outer.inputs[position];
  if (llvm::SmallSet<unsigned, 8>(joined.begin(), joined.end()).size() !=
      joined.size())
    return std::nullopt;
  // The outer einsum's labels are keys 0..; the inner one's are keys from
  // `innerBase` on, those of its result taken as the outer labels they
  // meet.
  int64_t innerBase = outer.getNumLabels();
  llvm::DenseMap<unsigned, int64_t> innerKeys;
  for (auto [dim, label] : llvm::enumerate(inner.output))
    innerKeys[label] = joined[dim];
  LetterAssignment letters;
  std::string equation;
  bool failed = false;
  auto append = [&](int64_t key) {
    std::optional<char> letter = letters.get(key);
    if (!letter)
      failed = true;
    else
      equation += *letter;
  };
  for (auto [index, labels] : llvm::enumerate(outer.inputs)) {
    if (index == position) {
      for (auto [innerIndex, innerLabels] : llvm::enumerate(inner.inputs)) {
        if (innerIndex)
          equation += ',';
        for (unsigned label : innerLabels) {
          auto it = innerKeys.find(label);
          append(it != innerKeys.end() ? it->second : innerBase + label);
        }
      }
    } else {
      for (unsigned label : labels)
        append(label);
    }
    if (index + 1 != outer.inputs.size())
      equation += ',';
  }
  equation += "->";
  for (unsigned label : outer.output)
    append(label);
  if (failed)
    return std::nullopt;
  return equation;
}

struct TenMergeEinsumsPass
    : ten::impl::TenMergeEinsumsPassBase<TenMergeEinsumsPass> {
  using Base::Base;

  void runOnOperation() override {
    // Outer einsums in order: a merge's result may merge again with its
    // own user, which comes later.
    SmallVector<EinsumOp> einsums;
    getOperation()->walk([&](EinsumOp op) { einsums.push_back(op); });
    for (EinsumOp outer : einsums)
      while (mergeOne(outer))
        ;
  }

  /// Merges one producer into `outer` (replacing it, updated in place);
  /// whether one was merged.
  bool mergeOne(EinsumOp &outer) {
    if (outer.getInputs().size() < 2)
      return false;
    for (auto [position, operand] : llvm::enumerate(outer.getInputs())) {
      auto inner = operand.getDefiningOp<EinsumOp>();
      if (!inner || inner.getInputs().size() < 2 || !inner->hasOneUse() ||
          inner->getBlock() != outer->getBlock())
        continue;
      size_t operands = outer.getInputs().size() - 1 + inner.getInputs().size();
      if (operands > maxOperands)
        continue;
      FailureOr<EinsumSpec> outerSpec = getEinsumSpec(
          outer.getEquation(), outer.getInputs().getTypes(), std::nullopt);
      FailureOr<EinsumSpec> innerSpec = getEinsumSpec(
          inner.getEquation(), inner.getInputs().getTypes(), std::nullopt);
      if (failed(outerSpec) || failed(innerSpec))
        continue;
      std::optional<std::string> equation =
          mergeEquations(*outerSpec, position, *innerSpec);
      if (!equation)
        continue;
      SmallVector<Value> inputs(outer.getInputs());
      inputs.erase(inputs.begin() + position);
      inputs.insert(inputs.begin() + position, inner.getInputs().begin(),
                    inner.getInputs().end());
      OpBuilder builder(outer);
      auto merged = EinsumOp::create(builder, outer.getLoc(), outer.getType(),
                                     *equation, inputs);
      if (explain)
        merged->emitRemark()
            << "einsum \"" << outer.getEquation() << "\" merged with \""
            << inner.getEquation() << "\", its operand " << position << ": \""
            << *equation << "\"";
      outer.getResult().replaceAllUsesWith(merged.getResult());
      outer.erase();
      inner.erase();
      outer = merged;
      return true;
    }
    return false;
  }
};

} // namespace
