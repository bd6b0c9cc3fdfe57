//===- EinsumPath.h - the order of an N-operand einsum's contractions -*- C++
//-*-===//
//
// An einsum of N operands computed as one loop nest costs the product of all
// its label sizes per operand; computed as N-1 pairwise einsums it can cost
// orders of magnitude less, depending on the order. This file chooses the
// order: exhaustively (dynamic programming over subsets) for few operands,
// greedily for many, optionally bounding the size of every intermediate.
//
// Independent of MLIR: operands are sets of label ids with known sizes.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_SUPPORT_EINSUMPATH_H
#define TEN_SUPPORT_EINSUMPATH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace mlir {
namespace ten {

/// One pairwise contraction. Operands are numbered as NumPy's einsum_path
/// numbers them: the current list starts as the einsum's operands; a step
/// removes its two operands from the list and appends its result.
struct EinsumStep {
  unsigned lhs, rhs; // Positions in the current list, lhs < rhs.
  /// The result's labels: the operands' labels that the output or a later
  /// step needs, the lhs's first, in the order they appear.
  llvm::SmallVector<unsigned> labels;
  double flops = 0;
  double resultElements = 0;
};

struct EinsumPath {
  llvm::SmallVector<EinsumStep> steps;
  /// The steps' FLOPs in all.
  double flops = 0;
  /// The FLOPs of one loop nest over every label.
  double naiveFlops = 0;
  /// The largest intermediate, in elements.
  double largestIntermediate = 0;
  /// True when the steps came from the exhaustive search.
  bool optimal = false;
};

struct EinsumPathOptions {
  /// Up to this many operands the search is exhaustive; beyond, greedy.
  unsigned maxOptimalOperands = 8;
  /// When set, no intermediate may have more elements than this.
  std::optional<double> memoryLimit;
};

/// The cheapest order found for contracting operands with the given labels
/// (each a list of label ids; repeated ids are diagonals) into `output`.
/// `labelSizes` is indexed by label id. Returns none when fewer than three
/// operands are given or when the memory limit admits no order.
std::optional<EinsumPath>
findEinsumPath(llvm::ArrayRef<llvm::SmallVector<unsigned>> operands,
               llvm::ArrayRef<unsigned> output,
               llvm::ArrayRef<double> labelSizes,
               const EinsumPathOptions &options = {});

} // namespace ten
} // namespace mlir

#endif // TEN_SUPPORT_EINSUMPATH_H
