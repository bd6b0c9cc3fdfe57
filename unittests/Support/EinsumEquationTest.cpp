//===- EinsumEquationTest.cpp - the einsum subscript parser ---------------===//

#include "ten/Support/EinsumEquation.h"

#include "gtest/gtest.h"

#include <climits>

using namespace mlir::ten;
using llvm::SmallVector;

namespace {

constexpr int64_t kDyn = INT64_MIN;

/// Parses `text`, which must be well formed.
EinsumEquation parseOk(llvm::StringRef text) {
  EinsumDiagnostic diag;
  llvm::FailureOr<EinsumEquation> eq = EinsumEquation::parse(text, diag);
  EXPECT_TRUE(succeeded(eq)) << text.str() << ": " << diag.message;
  return succeeded(eq) ? *eq : EinsumEquation();
}

/// Parses `text`, which must be rejected, and returns why.
EinsumDiagnostic parseError(llvm::StringRef text) {
  EinsumDiagnostic diag;
  EXPECT_TRUE(failed(EinsumEquation::parse(text, diag))) << text.str();
  return diag;
}

/// Binds `text` to `ranks`; both must be well formed.
EinsumSpec bindOk(llvm::StringRef text, llvm::ArrayRef<int64_t> ranks) {
  EinsumDiagnostic diag;
  llvm::FailureOr<EinsumSpec> spec = parseOk(text).bind(ranks, diag);
  EXPECT_TRUE(succeeded(spec)) << text.str() << ": " << diag.message;
  return succeeded(spec) ? *spec : EinsumSpec();
}

EinsumDiagnostic bindError(llvm::StringRef text,
                           llvm::ArrayRef<int64_t> ranks) {
  EinsumDiagnostic diag;
  EXPECT_TRUE(failed(parseOk(text).bind(ranks, diag))) << text.str();
  return diag;
}

/// The labels of an equation's output, as letters and '.' per ellipsis dim.
std::string outputOf(const EinsumSpec &spec) {
  std::string text;
  for (unsigned label : spec.output)
    text += EinsumSpec::isEllipsisLabel(label) ? '.' : getLabelLetter(label);
  return text;
}

unsigned L(char c) { return getLetterLabel(c); }
constexpr unsigned E0 = EinsumSpec::kFirstEllipsisLabel;

//===----------------------------------------------------------------------===//
// Syntax
//===----------------------------------------------------------------------===//

TEST(EinsumParse, ExplicitOutput) {
  EinsumEquation eq = parseOk("bij,bjk->bik");
  ASSERT_EQ(eq.inputs.size(), 2u);
  EXPECT_EQ(
      std::string(eq.inputs[0].letters.begin(), eq.inputs[0].letters.end()),
      "bij");
  EXPECT_EQ(eq.inputs[1].offset, 4u);
  ASSERT_TRUE(eq.output.has_value());
  EXPECT_EQ(std::string(eq.output->letters.begin(), eq.output->letters.end()),
            "bik");
  EXPECT_EQ(eq.output->offset, 9u);
}

TEST(EinsumParse, ImplicitOutput) {
  EinsumEquation eq = parseOk("ij,jk");
  EXPECT_EQ(eq.inputs.size(), 2u);
  EXPECT_FALSE(eq.output.has_value());
}

TEST(EinsumParse, ScalarAndEmptyTerms) {
  EXPECT_EQ(parseOk("").inputs.size(), 1u);
  EinsumEquation eq = parseOk("->");
  EXPECT_TRUE(eq.output.has_value());
  EXPECT_TRUE(eq.output->letters.empty());
  EXPECT_EQ(parseOk("i,->i").inputs.size(), 2u);
}

TEST(EinsumParse, EllipsisAnywhere) {
  EXPECT_EQ(parseOk("...ij").inputs[0].ellipsisIndex, 0u);
  EXPECT_EQ(parseOk("i...j").inputs[0].ellipsisIndex, 1u);
  EXPECT_EQ(parseOk("ij...").inputs[0].ellipsisIndex, 2u);
  EXPECT_EQ(parseOk("...").inputs[0].ellipsisIndex, 0u);
  EXPECT_FALSE(parseOk("ij").inputs[0].hasEllipsis());
  EXPECT_EQ(parseOk("a...,b...->...ab").output->ellipsisIndex, 0u);
}

TEST(EinsumParse, SpacesAreIgnored) {
  EinsumEquation eq = parseOk(" i j , j k -> i k ");
  EXPECT_EQ(eq.inputs[0].letters.size(), 2u);
  EXPECT_EQ(eq.output->letters.size(), 2u);
}

TEST(EinsumParse, ManyOperandsBothCases) {
  EinsumEquation eq = parseOk("Ab,bC,Cd,dE,EF->AF");
  EXPECT_EQ(eq.inputs.size(), 5u);
}

TEST(EinsumParse, RejectsInvalidCharacter) {
  EinsumDiagnostic diag = parseError("ij,j1->i");
  EXPECT_EQ(diag.position, 4u);
  EXPECT_NE(diag.message.find("invalid character '1'"), std::string::npos);
}

TEST(EinsumParse, RejectsLoneDot) {
  EinsumDiagnostic diag = parseError("i..j");
  EXPECT_EQ(diag.position, 1u);
  EXPECT_NE(diag.message.find("not part of an ellipsis"), std::string::npos);
  EXPECT_EQ(parseError("i.j").position, 1u);
}

TEST(EinsumParse, RejectsTwoEllipses) {
  EinsumDiagnostic diag = parseError("...i...");
  EXPECT_EQ(diag.position, 4u);
  EXPECT_NE(diag.message.find("a second '...'"), std::string::npos);
}

TEST(EinsumParse, RejectsTwoArrows) {
  EinsumDiagnostic diag = parseError("ij->i->");
  EXPECT_EQ(diag.position, 5u);
  EXPECT_NE(diag.message.find("a second '->'"), std::string::npos);
}

TEST(EinsumParse, RejectsDashWithoutArrow) {
  EinsumDiagnostic diag = parseError("ij-i");
  EXPECT_EQ(diag.position, 2u);
  EXPECT_NE(diag.message.find("'-' that is not part of '->'"),
            std::string::npos);
}

TEST(EinsumParse, RejectsCommaInOutput) {
  EinsumDiagnostic diag = parseError("ij,jk->i,k");
  EXPECT_EQ(diag.position, 8u);
  EXPECT_NE(diag.message.find("the output is one term"), std::string::npos);
}

TEST(EinsumParse, RejectsRepeatedOutputLetter) {
  EinsumDiagnostic diag = parseError("ij->jj");
  EXPECT_EQ(diag.position, 5u);
  EXPECT_NE(diag.message.find("output names 'j' more than once"),
            std::string::npos);
}

TEST(EinsumParse, RejectsOutputLetterNotInInputs) {
  EinsumDiagnostic diag = parseError("ij->ik");
  EXPECT_EQ(diag.position, 5u);
  EXPECT_NE(diag.message.find("output names 'k', which no input term names"),
            std::string::npos);
}

//===----------------------------------------------------------------------===//
// Binding to ranks
//===----------------------------------------------------------------------===//

TEST(EinsumBind, Matmul) {
  EinsumSpec spec = bindOk("ij,jk->ik", {2, 2});
  EXPECT_EQ(spec.numEllipsisDims, 0u);
  EXPECT_EQ(spec.inputs[0], (SmallVector<unsigned>{L('i'), L('j')}));
  EXPECT_EQ(spec.inputs[1], (SmallVector<unsigned>{L('j'), L('k')}));
  EXPECT_EQ(spec.output, (SmallVector<unsigned>{L('i'), L('k')}));
  EXPECT_TRUE(spec.isOutputLabel(L('i')));
  EXPECT_FALSE(spec.isOutputLabel(L('j')));
}

TEST(EinsumBind, ImplicitOutputIsSortedSingletons) {
  EXPECT_EQ(outputOf(bindOk("ij,jk", {2, 2})), "ik");
  EXPECT_EQ(outputOf(bindOk("ba", {2})), "ab");
  // ASCII order: upper case first.
  EXPECT_EQ(outputOf(bindOk("Ba,aC", {2, 2})), "BC");
  EXPECT_EQ(outputOf(bindOk("ba,Ab", {2, 2})), "Aa");
  EXPECT_EQ(outputOf(bindOk("ii", {2})), "");
  EXPECT_EQ(outputOf(bindOk("ij,ij", {2, 2})), "");
  EXPECT_EQ(outputOf(bindOk("", {0})), "");
}

TEST(EinsumBind, ImplicitOutputPutsEllipsisFirst) {
  EXPECT_EQ(outputOf(bindOk("...ij,...jk", {3, 2})), ".ik");
  EXPECT_EQ(outputOf(bindOk("j...i", {4})), "..ij");
}

TEST(EinsumBind, Diagonal) {
  EinsumSpec spec = bindOk("ii->i", {2});
  EXPECT_EQ(spec.inputs[0], (SmallVector<unsigned>{L('i'), L('i')}));
  EXPECT_EQ(spec.output, (SmallVector<unsigned>{L('i')}));
}

TEST(EinsumBind, EllipsisAlignsOnTheRight) {
  // Operand 0's '...' stands for 2 dims, operand 1's for 1: the latter
  // aligns with the inner one.
  EinsumSpec spec = bindOk("...ij,j...->...i", {4, 2});
  EXPECT_EQ(spec.numEllipsisDims, 2u);
  EXPECT_EQ(spec.inputs[0],
            (SmallVector<unsigned>{E0, E0 + 1, L('i'), L('j')}));
  EXPECT_EQ(spec.inputs[1], (SmallVector<unsigned>{L('j'), E0 + 1}));
  EXPECT_EQ(spec.output, (SmallVector<unsigned>{E0, E0 + 1, L('i')}));
  EXPECT_EQ(EinsumSpec::getLabelName(E0 + 1), "...[1]");
  EXPECT_EQ(spec.getNumLabels(), E0 + 2);
}

TEST(EinsumBind, EllipsisOfNoDimensions) {
  EinsumSpec spec = bindOk("i...->...", {1});
  EXPECT_EQ(spec.numEllipsisDims, 0u);
  EXPECT_TRUE(spec.output.empty());
  // An output without '...' is fine when the ellipses stand for nothing.
  EXPECT_TRUE(bindOk("...i->i", {1}).output.size() == 1);
}

TEST(EinsumBind, RejectsWrongOperandCount) {
  EinsumDiagnostic diag = bindError("ij,jk", {2});
  EXPECT_FALSE(diag.position.has_value());
  EXPECT_NE(diag.message.find("subscripts name 2 operand(s) but 1 are given"),
            std::string::npos);
}

TEST(EinsumBind, RejectsRankBelowLetters) {
  EinsumDiagnostic diag = bindError("ij,jkl", {2, 2});
  EXPECT_EQ(diag.position, 3u);
  EXPECT_NE(diag.message.find("operand 1 has rank 2 but its term names 3"),
            std::string::npos);
}

TEST(EinsumBind, RejectsRankAboveLettersWithoutEllipsis) {
  EinsumDiagnostic diag = bindError("ij", {3});
  EXPECT_NE(diag.message.find("has no '...'"), std::string::npos);
}

TEST(EinsumBind, OutputWithoutEllipsisSumsItsDimensions) {
  EinsumSpec spec = bindOk("...i->i", {3});
  EXPECT_EQ(spec.numEllipsisDims, 2u);
  EXPECT_EQ(spec.output, (SmallVector<unsigned>{L('i')}));
  EXPECT_FALSE(spec.isOutputLabel(E0));
  EXPECT_FALSE(spec.isOutputLabel(E0 + 1));
  EXPECT_TRUE(bindOk("...->", {2}).output.empty());
  EXPECT_EQ(outputOf(bindOk("a...b->ab", {4})), "ab");
}

//===----------------------------------------------------------------------===//
// Sizes
//===----------------------------------------------------------------------===//

llvm::FailureOr<SmallVector<int64_t>>
sizesOf(const EinsumSpec &spec, std::vector<std::vector<int64_t>> shapes,
        EinsumDiagnostic &diag) {
  SmallVector<llvm::ArrayRef<int64_t>> refs(shapes.begin(), shapes.end());
  return spec.inferLabelSizes(refs, kDyn, diag);
}

TEST(EinsumSizes, Matmul) {
  EinsumDiagnostic diag;
  auto sizes = sizesOf(bindOk("ij,jk->ik", {2, 2}), {{2, 3}, {3, 4}}, diag);
  ASSERT_TRUE(succeeded(sizes));
  EXPECT_EQ((*sizes)[L('i')], 2);
  EXPECT_EQ((*sizes)[L('j')], 3);
  EXPECT_EQ((*sizes)[L('k')], 4);
}

TEST(EinsumSizes, SizeOneBroadcasts) {
  EinsumDiagnostic diag;
  auto sizes = sizesOf(bindOk("ij,jk->ik", {2, 2}), {{2, 1}, {3, 4}}, diag);
  ASSERT_TRUE(succeeded(sizes));
  EXPECT_EQ((*sizes)[L('j')], 3);
  auto ellipsis =
      sizesOf(bindOk("i...,j...->ij...", {2, 2}), {{2, 3}, {4, 1}}, diag);
  ASSERT_TRUE(succeeded(ellipsis));
  EXPECT_EQ((*ellipsis)[E0], 3);
}

TEST(EinsumSizes, DynamicSizes) {
  EinsumDiagnostic diag;
  EinsumSpec spec = bindOk("ij,jk->ik", {2, 2});
  auto sizes = sizesOf(spec, {{kDyn, kDyn}, {3, kDyn}}, diag);
  ASSERT_TRUE(succeeded(sizes));
  EXPECT_EQ((*sizes)[L('i')], kDyn);
  EXPECT_EQ((*sizes)[L('j')], 3);
  EXPECT_EQ((*sizes)[L('k')], kDyn);
  // 1 against an unknown size could be either.
  auto one = sizesOf(spec, {{2, 1}, {kDyn, 4}}, diag);
  ASSERT_TRUE(succeeded(one));
  EXPECT_EQ((*one)[L('j')], kDyn);
  auto ones = sizesOf(spec, {{2, 1}, {1, 4}}, diag);
  ASSERT_TRUE(succeeded(ones));
  EXPECT_EQ((*ones)[L('j')], 1);
}

TEST(EinsumSizes, RejectsMismatch) {
  EinsumDiagnostic diag;
  EXPECT_TRUE(
      failed(sizesOf(bindOk("ij,jk->ik", {2, 2}), {{2, 3}, {4, 5}}, diag)));
  EXPECT_EQ(diag.message,
            "label 'j' has size 3 in operand 0 but size 4 in operand 1");
  EXPECT_TRUE(failed(
      sizesOf(bindOk("i...,j...->ij...", {2, 2}), {{2, 3}, {4, 5}}, diag)));
  EXPECT_NE(diag.message.find("label '...[0]' has size 3"), std::string::npos);
}

TEST(EinsumSizes, DiagonalNeedsEqualSizes) {
  EinsumDiagnostic diag;
  EinsumSpec spec = bindOk("ii->i", {2});
  EXPECT_TRUE(failed(sizesOf(spec, {{2, 3}}, diag)));
  EXPECT_EQ(diag.message, "operand 0 repeats label 'i' on dimensions of "
                          "different sizes (2 and 3)");
  // Size 1 does not broadcast within one operand.
  EXPECT_TRUE(failed(sizesOf(spec, {{1, 3}}, diag)));
  auto sizes = sizesOf(spec, {{kDyn, 3}}, diag);
  ASSERT_TRUE(succeeded(sizes));
  EXPECT_EQ((*sizes)[L('i')], 3);
}

} // namespace
