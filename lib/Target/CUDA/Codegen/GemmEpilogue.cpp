//===- GemmEpilogue.cpp - a bias and ReLU after a GEMM --------------------===//

#include "GemmEpilogue.h"

#include "ten/Codegen/Common/GemmView.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::ten;
using ::ten::cuda::GemmEpilogue;

namespace {
/// What a ReLU does with NaN.
enum class ReluKind { KeepsNaN, DropsNaN };
} // namespace

/// Whether `value` is a float zero.
static bool isZero(Value value) {
  return matchPattern(value, m_AnyZeroFloat());
}

/// The kind of ReLU that `value` is of `x`, if it is one.
static std::optional<ReluKind> matchRelu(Value value, Value x) {
  using P = arith::CmpFPredicate;
  Operation *def = value.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto max = dyn_cast<arith::MaximumFOp>(def))
    if ((max.getLhs() == x && isZero(max.getRhs())) ||
        (max.getRhs() == x && isZero(max.getLhs())))
      return ReluKind::KeepsNaN;
  if (auto max = dyn_cast<arith::MaxNumFOp>(def))
    if ((max.getLhs() == x && isZero(max.getRhs())) ||
        (max.getRhs() == x && isZero(max.getLhs())))
      return ReluKind::DropsNaN;
  auto select = dyn_cast<arith::SelectOp>(def);
  auto cmp =
      select ? select.getCondition().getDefiningOp<arith::CmpFOp>() : nullptr;
  if (!cmp || cmp.getLhs() != x || !isZero(cmp.getRhs()))
    return std::nullopt;
  P predicate = cmp.getPredicate();
  // x < 0 ? 0 : x: NaN compares false unless the comparison is unordered.
  if (isZero(select.getTrueValue()) && select.getFalseValue() == x) {
    if (predicate == P::OLT || predicate == P::OLE)
      return ReluKind::KeepsNaN;
    if (predicate == P::ULT || predicate == P::ULE)
      return ReluKind::DropsNaN;
  }
  // x > 0 ? x : 0.
  if (select.getTrueValue() == x && isZero(select.getFalseValue())) {
    if (predicate == P::OGT || predicate == P::OGE)
      return ReluKind::DropsNaN;
    if (predicate == P::UGT || predicate == P::UGE)
      return ReluKind::KeepsNaN;
  }
  return std::nullopt;
}

/// Whether every op that uses `product` is one of `allowed` or a
/// deallocation.
static bool isOnlyUsedBy(Value product, ArrayRef<Operation *> allowed) {
  return llvm::all_of(product.getUsers(), [&](Operation *user) {
    return llvm::is_contained(allowed, user) || isa<memref::DeallocOp>(user);
  });
}

std::optional<GemmEpilogueMatch>
mlir::ten::matchGemmEpilogue(linalg::LinalgOp gemm, Value product,
                             linalg::FillOp fill, bool fastRelu,
                             std::string &reason) {
  auto op = dyn_cast_or_null<linalg::GenericOp>(gemm->getNextNode());
  if (!op || !llvm::is_contained(op.getDpsInputs(), product))
    return std::nullopt;
  auto productType = cast<MemRefType>(product.getType());
  auto fail = [&](const char *why) -> std::optional<GemmEpilogueMatch> {
    reason = why;
    return std::nullopt;
  };
  if (!productType.getElementType().isF32())
    return fail("the product is not f32");
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != op.getNumParallelLoops() ||
      op.getNumLoops() != static_cast<unsigned>(productType.getRank()))
    return fail("the op after it is not elementwise on the product and one "
                "other input");

  // The product as is, and a bias along the last dimension.
  unsigned last = op.getNumLoops() - 1;
  OpOperand *productOperand = nullptr, *bias = nullptr;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (input->get() == product && map.isIdentity() && !productOperand)
      productOperand = input;
    else if (map.getNumResults() == 1 &&
             map.getResult(0) == getAffineDimExpr(last, op.getContext()) &&
             getElementTypeOrSelf(input->get()).isF32() &&
             hasUnitInnerStride(input->get()))
      bias = input;
  }
  if (!productOperand || !bias)
    return fail("the op after it does not add a unit-stride f32 vector "
                "along the product's last dimension");

  // Its body: product + bias, then perhaps a ReLU.
  Block *body = op.getBlock();
  BlockArgument x = op.getMatchingBlockArgument(productOperand);
  BlockArgument b = op.getMatchingBlockArgument(bias);
  Value yielded = body->getTerminator()->getOperand(0);
  auto isSum = [&](Value value) {
    auto add = value.getDefiningOp<arith::AddFOp>();
    return add && ((add.getLhs() == x && add.getRhs() == b) ||
                   (add.getLhs() == b && add.getRhs() == x));
  };
  GemmEpilogue kind = GemmEpilogue::Bias;
  if (!isSum(yielded)) {
    // A ReLU of the sum.
    Operation *def = yielded.getDefiningOp();
    Value sum;
    if (def)
      for (Value operand : def->getOperands())
        if (isSum(operand))
          sum = operand;
    std::optional<ReluKind> relu = sum ? matchRelu(yielded, sum) : std::nullopt;
    if (!relu)
      return fail("the op after it computes more than a bias and a ReLU");
    if (*relu == ReluKind::KeepsNaN && !fastRelu)
      return fail("its ReLU keeps NaN, which cuBLASLt's ReLU epilogue does "
                  "not promise (fast-relu allows it)");
    kind = GemmEpilogue::BiasRelu;
  }
  // Nothing else in the body: a sum, perhaps a comparison, and the ReLU.
  if (llvm::any_of(body->without_terminator(), [&](Operation &bodyOp) {
        return !isa<arith::AddFOp, arith::CmpFOp, arith::SelectOp,
                    arith::MaximumFOp, arith::MaxNumFOp, arith::ConstantOp>(
            bodyOp);
      }))
    return fail("the op after it computes more than a bias and a ReLU");

  // Where the result goes (the body does not read it).
  OpOperand *init = op.getDpsInitOperand(0);
  Value result = init->get();
  if (!op.getMatchingBlockArgument(init).use_empty())
    return fail("the op after it reads its output");
  if (result != product) {
    auto resultType = dyn_cast<MemRefType>(result.getType());
    Operation *definition = result.getDefiningOp();
    if (!resultType || resultType.getShape() != productType.getShape() ||
        !resultType.getLayout().isIdentity() ||
        !op.getMatchingIndexingMap(init).isIdentity() ||
        !getElementTypeOrSelf(result).isF32() ||
        (definition && (definition->getBlock() != gemm->getBlock() ||
                        !definition->isBeforeInBlock(gemm))) ||
        !isOnlyUsedBy(product, {gemm, op, fill}))
      return fail("the op after it writes a buffer the GEMM cannot");
  } else if (!op.getMatchingIndexingMap(init).isIdentity()) {
    return fail("the op after it writes a buffer the GEMM cannot");
  }
  return GemmEpilogueMatch{op, bias, result, kind};
}
