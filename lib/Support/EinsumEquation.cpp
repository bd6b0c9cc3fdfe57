//===- EinsumEquation.cpp - einsum subscripts, parsed and bound -----------===//

#include "ten/Support/EinsumEquation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <array>

using namespace mlir::ten;
using llvm::failure;
using llvm::FailureOr;

static bool isLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

unsigned mlir::ten::getLetterLabel(char letter) {
  assert(isLetter(letter) && "einsum labels are letters");
  return letter <= 'Z' ? letter - 'A' : 26 + (letter - 'a');
}

char mlir::ten::getLabelLetter(unsigned label) {
  assert(label < EinsumSpec::kNumLetterLabels && "not a letter label");
  return label < 26 ? 'A' + label : 'a' + (label - 26);
}

std::string EinsumSpec::getLabelName(unsigned label) {
  if (isEllipsisLabel(label))
    return "...[" + std::to_string(label - kFirstEllipsisLabel) + "]";
  return std::string(1, getLabelLetter(label));
}

bool EinsumSpec::isOutputLabel(unsigned label) const {
  return llvm::is_contained(output, label);
}

static llvm::LogicalResult fail(EinsumDiagnostic &diag,
                                std::optional<size_t> position,
                                const llvm::Twine &message) {
  diag.position = position;
  diag.message = message.str();
  return failure();
}

static std::string quote(char c) { return std::string("'") + c + "'"; }

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

namespace {
/// Reads the terms of an equation left to right.
class EquationParser {
public:
  EquationParser(llvm::StringRef text, EinsumDiagnostic &diag)
      : text(text), diag(diag) {}

  FailureOr<EinsumEquation> parse() {
    EinsumEquation equation;
    while (true) {
      FailureOr<EinsumTerm> term = parseTerm(/*isOutput=*/false);
      if (failed(term))
        return failure();
      equation.inputs.push_back(std::move(*term));
      if (atEnd())
        return equation;
      if (text[pos] == ',') {
        ++pos;
        continue;
      }
      // parseTerm stops only at the end, at ',' or at '->'.
      pos += 2;
      break;
    }
    FailureOr<EinsumTerm> output = parseTerm(/*isOutput=*/true);
    if (failed(output))
      return failure();
    if (failed(checkOutput(equation, *output)))
      return failure();
    equation.output = std::move(*output);
    return equation;
  }

private:
  bool atEnd() const { return pos >= text.size(); }

  FailureOr<EinsumTerm> parseTerm(bool isOutput) {
    EinsumTerm term;
    term.offset = pos;
    std::optional<size_t> ellipsisPos;
    while (!atEnd()) {
      char c = text[pos];
      if (c == ' ') {
        ++pos;
        continue;
      }
      if (isLetter(c)) {
        term.letters.push_back(c);
        ++pos;
        continue;
      }
      if (c == '.') {
        if (!text.substr(pos).starts_with("..."))
          return fail(diag, pos, "'.' that is not part of an ellipsis '...'");
        if (ellipsisPos)
          return fail(diag, pos,
                      "a second '...' in one term (the first is at " +
                          llvm::Twine(*ellipsisPos) + ")");
        ellipsisPos = pos;
        term.ellipsisIndex = term.letters.size();
        pos += 3;
        continue;
      }
      if (c == ',') {
        if (isOutput)
          return fail(diag, pos, "',' after '->': the output is one term");
        return term;
      }
      if (c == '-') {
        if (!text.substr(pos).starts_with("->"))
          return fail(diag, pos, "'-' that is not part of '->'");
        if (isOutput)
          return fail(diag, pos, "a second '->'");
        return term;
      }
      return fail(diag, pos,
                  "invalid character " + quote(c) +
                      " in subscripts: expected a letter, '...', ',' or '->'");
    }
    return term;
  }

  /// The output names each label once, and only labels of the inputs.
  llvm::LogicalResult checkOutput(const EinsumEquation &equation,
                                  const EinsumTerm &output) {
    std::array<bool, EinsumSpec::kNumLetterLabels> inInputs{};
    for (const EinsumTerm &term : equation.inputs)
      for (char c : term.letters)
        inInputs[getLetterLabel(c)] = true;
    std::array<bool, EinsumSpec::kNumLetterLabels> seen{};
    for (char c : output.letters) {
      unsigned label = getLetterLabel(c);
      if (seen[label])
        return fail(diag, findInOutput(output, c, /*occurrence=*/1),
                    "output names " + quote(c) + " more than once");
      seen[label] = true;
      if (!inInputs[label])
        return fail(diag, findInOutput(output, c, /*occurrence=*/0),
                    "output names " + quote(c) + ", which no input term names");
    }
    return llvm::success();
  }

  /// The offset of the n-th occurrence of `c` in the output term.
  size_t findInOutput(const EinsumTerm &output, char c, unsigned occurrence) {
    size_t at = output.offset;
    for (unsigned i = 0; i <= occurrence; ++i)
      at = text.find(c, i == 0 ? at : at + 1);
    return at;
  }

  llvm::StringRef text;
  EinsumDiagnostic &diag;
  size_t pos = 0;
};
} // namespace

FailureOr<EinsumEquation> EinsumEquation::parse(llvm::StringRef text,
                                                EinsumDiagnostic &diag) {
  return EquationParser(text, diag).parse();
}

//===----------------------------------------------------------------------===//
// Binding to ranks
//===----------------------------------------------------------------------===//

/// The labels of a term's dimensions, its '...' standing for `numEllipsis`
/// dimensions that end `numEllipsisDims` broadcast dimensions.
static llvm::SmallVector<unsigned> labelTerm(const EinsumTerm &term,
                                             unsigned numEllipsis,
                                             unsigned numEllipsisDims) {
  llvm::SmallVector<unsigned> labels;
  auto pushEllipsis = [&] {
    for (unsigned i = 0; i < numEllipsis; ++i)
      labels.push_back(EinsumSpec::kFirstEllipsisLabel + numEllipsisDims -
                       numEllipsis + i);
  };
  for (auto [index, letter] : llvm::enumerate(term.letters)) {
    if (term.ellipsisIndex == index)
      pushEllipsis();
    labels.push_back(getLetterLabel(letter));
  }
  if (term.ellipsisIndex == term.letters.size())
    pushEllipsis();
  return labels;
}

FailureOr<EinsumSpec> EinsumEquation::bind(llvm::ArrayRef<int64_t> ranks,
                                           EinsumDiagnostic &diag) const {
  if (ranks.size() != inputs.size())
    return fail(diag, std::nullopt,
                "subscripts name " + llvm::Twine(inputs.size()) +
                    " operand(s) but " + llvm::Twine(ranks.size()) +
                    " are given");

  // How many dimensions each '...' stands for.
  llvm::SmallVector<unsigned> numEllipsis;
  EinsumSpec spec;
  for (auto [index, term] : llvm::enumerate(inputs)) {
    int64_t rank = ranks[index];
    int64_t numLetters = term.letters.size();
    if (rank < numLetters || (rank > numLetters && !term.hasEllipsis()))
      return fail(diag, term.offset,
                  "operand " + llvm::Twine(index) + " has rank " +
                      llvm::Twine(rank) + " but its term names " +
                      llvm::Twine(numLetters) + " dimension(s)" +
                      (rank > numLetters ? " and has no '...'" : ""));
    numEllipsis.push_back(rank - numLetters);
    spec.numEllipsisDims =
        std::max<unsigned>(spec.numEllipsisDims, rank - numLetters);
  }
  for (auto [index, term] : llvm::enumerate(inputs))
    spec.inputs.push_back(
        labelTerm(term, numEllipsis[index], spec.numEllipsisDims));

  if (output) {
    // An output without '...' sums the dimensions the inputs' '...' stand
    // for, as NumPy's optimized einsum, opt_einsum, PyTorch and JAX do
    // (NumPy's default C einsum refuses it).
    spec.output =
        labelTerm(*output, spec.numEllipsisDims, spec.numEllipsisDims);
    return spec;
  }

  // NumPy's implicit output: the broadcast dimensions, then the letters named
  // exactly once, in ASCII order (which is the order of their ids).
  for (unsigned i = 0; i < spec.numEllipsisDims; ++i)
    spec.output.push_back(EinsumSpec::kFirstEllipsisLabel + i);
  std::array<unsigned, EinsumSpec::kNumLetterLabels> count{};
  for (const EinsumTerm &term : inputs)
    for (char c : term.letters)
      ++count[getLetterLabel(c)];
  for (unsigned label = 0; label < EinsumSpec::kNumLetterLabels; ++label)
    if (count[label] == 1)
      spec.output.push_back(label);
  return spec;
}

//===----------------------------------------------------------------------===//
// Sizes
//===----------------------------------------------------------------------===//

FailureOr<llvm::SmallVector<int64_t>>
EinsumSpec::inferLabelSizes(llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes,
                            int64_t dynamicSize, EinsumDiagnostic &diag) const {
  assert(shapes.size() == inputs.size() && "one shape per operand");
  // Per label: the size it has in all operands that fix it (other than 1),
  // and the operand that first fixed it; whether some operand has it unknown.
  constexpr int64_t kUnset = -1;
  llvm::SmallVector<int64_t> size(getNumLabels(), kUnset);
  llvm::SmallVector<unsigned> sizeFrom(getNumLabels(), 0);
  llvm::SmallVector<bool> seenOne(getNumLabels(), false);
  llvm::SmallVector<bool> seenDynamic(getNumLabels(), false);

  for (auto [operand, labels] : llvm::enumerate(inputs)) {
    llvm::ArrayRef<int64_t> shape = shapes[operand];
    assert(shape.size() == labels.size() && "shape does not match its rank");
    // A label repeated within this operand takes one size: its diagonal.
    llvm::SmallVector<int64_t> local(getNumLabels(), kUnset);
    for (auto [dim, label] : llvm::enumerate(labels)) {
      int64_t dimSize = shape[dim];
      if (dimSize == dynamicSize)
        continue;
      if (local[label] != kUnset && local[label] != dimSize)
        return fail(diag, std::nullopt,
                    "operand " + llvm::Twine(operand) + " repeats label '" +
                        getLabelName(label) +
                        "' on dimensions of different sizes (" +
                        llvm::Twine(local[label]) + " and " +
                        llvm::Twine(dimSize) + ")");
      local[label] = dimSize;
    }
    for (unsigned label : labels) {
      int64_t dimSize = local[label];
      if (dimSize == kUnset) {
        seenDynamic[label] = true;
      } else if (dimSize == 1) {
        seenOne[label] = true;
      } else if (size[label] == kUnset) {
        size[label] = dimSize;
        sizeFrom[label] = operand;
      } else if (size[label] != dimSize) {
        return fail(diag, std::nullopt,
                    "label '" + getLabelName(label) + "' has size " +
                        llvm::Twine(size[label]) + " in operand " +
                        llvm::Twine(sizeFrom[label]) + " but size " +
                        llvm::Twine(dimSize) + " in operand " +
                        llvm::Twine(operand));
      }
    }
  }

  llvm::SmallVector<int64_t> result(getNumLabels(), dynamicSize);
  for (unsigned label = 0; label < getNumLabels(); ++label) {
    if (size[label] != kUnset)
      result[label] = size[label];
    else if (seenOne[label] && !seenDynamic[label])
      result[label] = 1;
  }
  return result;
}
