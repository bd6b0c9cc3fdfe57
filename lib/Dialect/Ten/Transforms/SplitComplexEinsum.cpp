//===- SplitComplexEinsum.cpp - complex contractions as real ones ---------===//
//
// A complex contraction is four real ones of the operands' parts: the code
// generators have GEMM kernels for real numbers only.
//
//===----------------------------------------------------------------------===//

#include "ten/Dialect/Ten/Transforms/Passes.h"

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenShapes.h"

#include "mlir/IR/Builders.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENSPLITCOMPLEXEINSUMPASS
#include "ten/Dialect/Ten/Transforms/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

namespace {

/// Whether `op` is a two-operand einsum of complex numbers that sums a label
/// of both operands.
bool isComplexContraction(EinsumOp op) {
  if (op.getInputs().size() != 2 ||
      !isa<ComplexType>(op.getType().getElementType()))
    return false;
  FailureOr<EinsumSpec> spec = getEinsumSpec(
      op.getEquation(), op.getInputs().getTypes(), /*loc=*/std::nullopt);
  if (failed(spec))
    return false;
  return llvm::any_of(spec->inputs[0], [&](unsigned label) {
    return !spec->isOutputLabel(label) &&
           llvm::is_contained(spec->inputs[1], label);
  });
}

void split(EinsumOp op) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  auto complexType = cast<ComplexType>(op.getType().getElementType());
  Type part = complexType.getElementType();
  Value lhs = op.getInputs()[0], rhs = op.getInputs()[1];
  Value lhsRe = RealOp::create(builder, loc, lhs);
  Value lhsIm = ImagOp::create(builder, loc, lhs);
  Value rhsRe = RealOp::create(builder, loc, rhs);
  Value rhsIm = ImagOp::create(builder, loc, rhs);
  RankedTensorType partType = op.getType().clone(part);
  auto contract = [&](Value x, Value y) -> Value {
    return EinsumOp::create(builder, loc, partType, op.getEquationAttr(),
                            ValueRange{x, y});
  };
  Value re = SubOp::create(builder, loc, partType, contract(lhsRe, rhsRe),
                           contract(lhsIm, rhsIm));
  Value im = AddOp::create(builder, loc, partType, contract(lhsRe, rhsIm),
                           contract(lhsIm, rhsRe));
  Value joined = ComplexOp::create(builder, loc, op.getType(), re, im);
  op.replaceAllUsesWith(joined);
  op.erase();
}

struct TenSplitComplexEinsumPass
    : ten::impl::TenSplitComplexEinsumPassBase<TenSplitComplexEinsumPass> {
  void runOnOperation() override {
    SmallVector<EinsumOp> contractions;
    getOperation()->walk([&](EinsumOp op) {
      if (isComplexContraction(op))
        contractions.push_back(op);
    });
    for (EinsumOp op : contractions)
      split(op);
  }
};

} // namespace
