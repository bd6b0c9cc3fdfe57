//===- EinsumEquation.h - einsum subscripts, parsed and bound ---*- C++ -*-===//
//
// The subscripts of an einsum in NumPy's grammar, independent of MLIR so that
// the dialect, the Python package and the unit tests share one parser.
//
// Parsing happens in two steps. `EinsumEquation::parse` reads the text alone:
// terms of letters with at most one '...' each, separated by ',', optionally
// followed by '->' and an output term. `EinsumEquation::bind` then takes the
// operands' ranks, decides how many dimensions each '...' stands for, and
// names every operand and result dimension by a label id.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_SUPPORT_EINSUMEQUATION_H
#define TEN_SUPPORT_EINSUMEQUATION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace ten {

/// Why an equation was rejected, and where: `position` is a byte offset into
/// the equation text, or `std::nullopt` when the problem is not at one place
/// (a wrong number of operands, say).
struct EinsumDiagnostic {
  std::optional<size_t> position;
  std::string message;
};

/// One term of an equation: the letters of one operand (or of the output) in
/// order, and where its '...' stands, if it has one.
struct EinsumTerm {
  /// The letters, without the ellipsis.
  llvm::SmallVector<char> letters;
  /// The number of letters before the '...'; none when the term has none.
  std::optional<unsigned> ellipsisIndex;
  /// Byte offset of the term in the equation text.
  size_t offset = 0;

  bool hasEllipsis() const { return ellipsisIndex.has_value(); }
};

/// An equation whose operands' ranks are known: every dimension of every
/// operand and of the result is named by a label id.
///
/// Letters get the ids 0-51 in ASCII order ('A'-'Z', then 'a'-'z'), so that
/// sorting ids sorts letters as NumPy's implicit output does. The dimensions
/// that the ellipses stand for get the ids from `kFirstEllipsisLabel` on,
/// outermost first, aligned on the right across operands as NumPy
/// broadcasting aligns them.
struct EinsumSpec {
  static constexpr unsigned kNumLetterLabels = 52;
  static constexpr unsigned kFirstEllipsisLabel = kNumLetterLabels;

  /// The label of each dimension of each operand.
  llvm::SmallVector<llvm::SmallVector<unsigned>> inputs;
  /// The label of each dimension of the result.
  llvm::SmallVector<unsigned> output;
  /// How many dimensions the ellipses broadcast to: the most that any one
  /// operand's '...' stands for.
  unsigned numEllipsisDims = 0;

  /// One past the largest label id in use.
  unsigned getNumLabels() const {
    return kFirstEllipsisLabel + numEllipsisDims;
  }
  /// True for the label ids of the dimensions that ellipses stand for.
  static bool isEllipsisLabel(unsigned label) {
    return label >= kFirstEllipsisLabel;
  }
  /// The label's letter, or `...[k]` for the k-th ellipsis dimension, for
  /// messages.
  static std::string getLabelName(unsigned label);
  /// True when `label` appears in the result.
  bool isOutputLabel(unsigned label) const;

  /// The size of every label, given the operands' shapes, in which
  /// `dynamicSize` marks an unknown size. Across operands a size of 1
  /// broadcasts against any other, for letters and ellipsis dimensions alike,
  /// as NumPy does; the dimensions of a letter repeated within one operand (a
  /// diagonal) must be equal. A label whose size is known nowhere, or is 1 in
  /// some operands and unknown in others, is `dynamicSize`.
  llvm::FailureOr<llvm::SmallVector<int64_t>>
  inferLabelSizes(llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes,
                  int64_t dynamicSize, EinsumDiagnostic &diag) const;
};

/// The parsed text of an einsum equation.
struct EinsumEquation {
  llvm::SmallVector<EinsumTerm> inputs;
  /// The term after '->'; none for an implicit output.
  std::optional<EinsumTerm> output;

  /// Parses `text` in NumPy's grammar. Spaces are ignored. On failure returns
  /// failure and describes the problem in `diag`.
  static llvm::FailureOr<EinsumEquation> parse(llvm::StringRef text,
                                               EinsumDiagnostic &diag);

  /// Binds the equation to operands of the given ranks. The output of an
  /// implicit equation is NumPy's: the ellipsis dimensions, then the letters
  /// that appear exactly once, in ASCII order.
  llvm::FailureOr<EinsumSpec> bind(llvm::ArrayRef<int64_t> ranks,
                                   EinsumDiagnostic &diag) const;
};

/// Maps a letter to its label id; the letter must be in [A-Za-z].
unsigned getLetterLabel(char letter);
/// Maps a label id in [0, 52) back to its letter.
char getLabelLetter(unsigned label);

} // namespace ten
} // namespace mlir

#endif // TEN_SUPPORT_EINSUMEQUATION_H
