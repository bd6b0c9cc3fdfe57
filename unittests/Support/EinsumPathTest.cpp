//===- EinsumPathTest.cpp - tests of the einsum order search --------------===//

#include "ten/Support/EinsumPath.h"

#include "gtest/gtest.h"

using namespace mlir::ten;
using llvm::SmallVector;

namespace {

// Labels: i=0, j=1, k=2, l=3.
constexpr unsigned I = 0, J = 1, K = 2, L = 3;

TEST(EinsumPath, ChainPicksTheThinSide) {
  SmallVector<SmallVector<unsigned>> operands = {{I, J}, {J, K}, {K, L}};
  // ij,jk,kl->il with a thin right operand: (B C) first.
  std::optional<EinsumPath> path =
      findEinsumPath(operands, {I, L}, {512, 512, 512, 4});
  ASSERT_TRUE(path);
  EXPECT_TRUE(path->optimal);
  ASSERT_EQ(path->steps.size(), 2u);
  EXPECT_EQ(path->steps[0].lhs, 1u);
  EXPECT_EQ(path->steps[0].rhs, 2u);
  EXPECT_EQ(path->steps[0].labels, (SmallVector<unsigned>{J, L}));
  EXPECT_DOUBLE_EQ(path->steps[0].flops, 2.0 * 512 * 512 * 4);
  EXPECT_DOUBLE_EQ(path->flops, 2.0 * 512 * 512 * 4 * 2);
  EXPECT_DOUBLE_EQ(path->naiveFlops, 3.0 * 512 * 512 * 512 * 4);
  EXPECT_DOUBLE_EQ(path->largestIntermediate, 512 * 4);
}

TEST(EinsumPath, GreedyMatchesOptimalOnAChain) {
  SmallVector<SmallVector<unsigned>> operands = {{I, J}, {J, K}, {K, L}};
  EinsumPathOptions greedy;
  greedy.maxOptimalOperands = 2;
  std::optional<EinsumPath> path =
      findEinsumPath(operands, {I, L}, {4, 512, 512, 512}, greedy);
  ASSERT_TRUE(path);
  EXPECT_FALSE(path->optimal);
  EXPECT_EQ(path->steps[0].lhs, 0u);
  EXPECT_EQ(path->steps[0].rhs, 1u);
  EXPECT_DOUBLE_EQ(path->flops, 2.0 * 4 * 512 * 512 * 2);
}

TEST(EinsumPath, MemoryLimitChangesOrRefusesTheOrder) {
  // ij,jk,kl->il, every size 10 but k = 1000.
  SmallVector<SmallVector<unsigned>> operands = {{I, J}, {J, K}, {K, L}};
  EinsumPathOptions limited;
  limited.memoryLimit = 100;
  std::optional<EinsumPath> path =
      findEinsumPath(operands, {I, L}, {10, 10, 1000, 10}, limited);
  ASSERT_TRUE(path);
  // (jk,kl) -> jl is 10x10 and fits; (ij,jk) -> ik (10x1000) does not.
  EXPECT_EQ(path->steps[0].lhs, 1u);
  EXPECT_LE(path->largestIntermediate, 100);
  limited.memoryLimit = 10;
  EXPECT_FALSE(findEinsumPath(operands, {I, L}, {10, 10, 1000, 10}, limited));
}

TEST(EinsumPath, FewerThanThreeOperandsHaveNoPath) {
  SmallVector<SmallVector<unsigned>> operands = {{I, J}, {J, K}};
  EXPECT_FALSE(findEinsumPath(operands, {I, K}, {2, 3, 4}));
}

TEST(EinsumPath, ManyOperandsUseTheGreedyOrder) {
  // A chain of 10 matrices with alternating sizes.
  SmallVector<SmallVector<unsigned>> operands;
  SmallVector<double> sizes;
  for (unsigned i = 0; i <= 10; ++i)
    sizes.push_back(i % 2 ? 100 : 3);
  for (unsigned i = 0; i < 10; ++i)
    operands.push_back({i, i + 1});
  std::optional<EinsumPath> path = findEinsumPath(operands, {0, 10}, sizes);
  ASSERT_TRUE(path);
  EXPECT_FALSE(path->optimal);
  EXPECT_EQ(path->steps.size(), 9u);
  EXPECT_LT(path->flops, path->naiveFlops);
}

} // namespace
