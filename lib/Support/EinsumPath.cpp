//===- EinsumPath.cpp - the order of an N-operand einsum's contractions ---===//

#include "ten/Support/EinsumPath.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"

#include <functional>
#include <limits>

using namespace mlir;
using namespace mlir::ten;
using llvm::ArrayRef;
using llvm::BitVector;
using llvm::SmallVector;

namespace {

/// What the search knows of a tensor: its labels in order, without repeats.
struct Term {
  SmallVector<unsigned> labels;
  double elements = 1;
};

class PathSearch {
public:
  PathSearch(ArrayRef<SmallVector<unsigned>> operands,
             ArrayRef<unsigned> output, ArrayRef<double> sizes,
             const EinsumPathOptions &options)
      : sizes(sizes), options(options), output(output.begin(), output.end()) {
    for (ArrayRef<unsigned> labels : operands)
      terms.push_back(makeTerm(labels, /*keep=*/nullptr));
  }

  std::optional<EinsumPath> run();

private:
  /// A term of the given labels (first appearance order, no repeats),
  /// keeping only those in `keep` when it is given.
  Term makeTerm(ArrayRef<unsigned> labels, const BitVector *keep) const {
    Term term;
    for (unsigned label : labels) {
      if ((keep && !keep->test(label)) ||
          llvm::is_contained(term.labels, label))
        continue;
      term.labels.push_back(label);
      term.elements *= sizes[label];
    }
    return term;
  }

  BitVector labelSet(ArrayRef<unsigned> labels) const {
    BitVector set(sizes.size());
    for (unsigned label : labels)
      set.set(label);
    return set;
  }

  /// The result of contracting `lhs` with `rhs` when `others` (and the
  /// output) still need their labels, and the FLOPs it takes.
  std::pair<Term, double> contract(const Term &lhs, const Term &rhs,
                                   const BitVector &others) const {
    SmallVector<unsigned> both(lhs.labels);
    both.append(rhs.labels.begin(), rhs.labels.end());
    Term all = makeTerm(both, nullptr);
    BitVector keep = others;
    keep |= labelSet(output);
    Term result = makeTerm(both, &keep);
    // A multiply and an add per point of the joint iteration space.
    return {result, 2 * all.elements};
  }

  bool fits(const Term &term, bool isFinal) const {
    return isFinal || !options.memoryLimit ||
           term.elements <= *options.memoryLimit;
  }

  std::optional<EinsumPath> runOptimal();
  std::optional<EinsumPath> runGreedy();

  ArrayRef<double> sizes;
  const EinsumPathOptions &options;
  SmallVector<unsigned> output;
  SmallVector<Term> terms;
};

std::optional<EinsumPath> PathSearch::run() {
  if (terms.size() < 3)
    return std::nullopt;
  std::optional<EinsumPath> path =
      terms.size() <= options.maxOptimalOperands ? runOptimal() : runGreedy();
  if (!path)
    return std::nullopt;
  SmallVector<unsigned> everything;
  for (const Term &term : terms)
    everything.append(term.labels.begin(), term.labels.end());
  path->naiveFlops = terms.size() * makeTerm(everything, nullptr).elements;
  for (const EinsumStep &step : llvm::drop_end(path->steps))
    path->largestIntermediate =
        std::max(path->largestIntermediate, step.resultElements);
  return path;
}

std::optional<EinsumPath> PathSearch::runOptimal() {
  unsigned n = terms.size();
  unsigned full = (1u << n) - 1;
  constexpr double kNone = std::numeric_limits<double>::infinity();
  // For every subset of operands: the cheapest way to contract it into one
  // tensor, its cost, and the split it came from.
  SmallVector<double> cost(full + 1, kNone);
  SmallVector<unsigned> split(full + 1, 0);
  SmallVector<Term> result(full + 1);
  auto labelsOutside = [&](unsigned subset) {
    BitVector set(sizes.size());
    for (unsigned i = 0; i < n; ++i)
      if (!(subset & (1u << i)))
        set |= labelSet(terms[i].labels);
    return set;
  };
  for (unsigned i = 0; i < n; ++i) {
    cost[1u << i] = 0;
    result[1u << i] = terms[i];
  }
  for (unsigned subset = 1; subset <= full; ++subset) {
    if (llvm::popcount(subset) < 2)
      continue;
    BitVector others = labelsOutside(subset);
    // Each unordered split once: the part holding the lowest operand first.
    unsigned lowest = subset & -subset;
    for (unsigned part = (subset - 1) & subset; part;
         part = (part - 1) & subset) {
      if (!(part & lowest))
        continue;
      unsigned rest = subset ^ part;
      if (cost[part] == kNone || cost[rest] == kNone)
        continue;
      auto [term, flops] = contract(result[part], result[rest], others);
      if (!fits(term, subset == full))
        continue;
      double total = cost[part] + cost[rest] + flops;
      if (total < cost[subset]) {
        cost[subset] = total;
        split[subset] = part;
        result[subset] = term;
      }
    }
  }
  if (cost[full] == kNone)
    return std::nullopt;

  // Replay the tree in post order as NumPy-numbered steps.
  EinsumPath path;
  path.optimal = true;
  path.flops = cost[full];
  SmallVector<unsigned> list; // Subsets in the current operand list.
  for (unsigned i = 0; i < n; ++i)
    list.push_back(1u << i);
  std::function<void(unsigned)> emit = [&](unsigned subset) {
    if (llvm::popcount(subset) < 2)
      return;
    unsigned part = split[subset], rest = subset ^ part;
    emit(part);
    emit(rest);
    unsigned a = llvm::find(list, part) - list.begin();
    unsigned b = llvm::find(list, rest) - list.begin();
    EinsumStep step;
    step.lhs = std::min(a, b);
    step.rhs = std::max(a, b);
    unsigned lhsSubset = list[step.lhs], rhsSubset = list[step.rhs];
    auto [term, flops] =
        contract(result[lhsSubset], result[rhsSubset], labelsOutside(subset));
    step.labels = term.labels;
    step.flops = flops;
    step.resultElements = term.elements;
    result[subset] = term;
    list.erase(list.begin() + step.rhs);
    list.erase(list.begin() + step.lhs);
    list.push_back(subset);
    path.steps.push_back(std::move(step));
  };
  emit(full);
  return path;
}

std::optional<EinsumPath> PathSearch::runGreedy() {
  SmallVector<Term> list(terms);
  EinsumPath path;
  while (list.size() > 1) {
    std::optional<EinsumStep> best;
    double bestGrowth = 0;
    for (unsigned a = 0; a < list.size(); ++a) {
      for (unsigned b = a + 1; b < list.size(); ++b) {
        BitVector others(sizes.size());
        for (unsigned c = 0; c < list.size(); ++c)
          if (c != a && c != b)
            others |= labelSet(list[c].labels);
        auto [term, flops] = contract(list[a], list[b], others);
        if (!fits(term, list.size() == 2))
          continue;
        // Prefer the pair whose result is smallest against its operands,
        // then the cheapest.
        double growth = term.elements - list[a].elements - list[b].elements;
        if (!best || growth < bestGrowth ||
            (growth == bestGrowth && flops < best->flops)) {
          best = EinsumStep{a, b, term.labels, flops, term.elements};
          bestGrowth = growth;
        }
      }
    }
    if (!best)
      return std::nullopt;
    path.flops += best->flops;
    list.erase(list.begin() + best->rhs);
    list.erase(list.begin() + best->lhs);
    list.push_back(Term{best->labels, best->resultElements});
    path.steps.push_back(std::move(*best));
  }
  return path;
}

} // namespace

std::optional<EinsumPath> mlir::ten::findEinsumPath(
    ArrayRef<SmallVector<unsigned>> operands, ArrayRef<unsigned> output,
    ArrayRef<double> labelSizes, const EinsumPathOptions &options) {
  return PathSearch(operands, output, labelSizes, options).run();
}
