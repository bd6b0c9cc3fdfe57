//===- GemmView.cpp - contractions seen as GEMMs --------------------------===//

#include "ten/Codegen/Common/GemmView.h"

using namespace mlir;
using namespace mlir::ten;

std::optional<unsigned> mlir::ten::resultPosition(AffineMap map,
                                                  unsigned loop) {
  for (auto [index, expr] : llvm::enumerate(map.getResults()))
    if (cast<AffineDimExpr>(expr).getPosition() == loop)
      return index;
  return std::nullopt;
}

bool mlir::ten::hasUnitInnerStride(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && type.getRank() > 0 && type.isLastDimUnitStride();
}

FailureOr<GemmView>
mlir::ten::matchGemm(linalg::LinalgOp op,
                     function_ref<bool(Type, Type)> isSupportedElementType,
                     StringRef supportedElementTypes, std::string &reason) {
  auto fail = [&](StringRef why) {
    reason = why.str();
    return failure();
  };
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1)
    return fail("not a two-operand op on buffers");
  Type inputType = getElementTypeOrSelf(op.getDpsInputOperand(0)->get());
  Type outputType = getElementTypeOrSelf(op.getDpsInitOperand(0)->get());
  if (getElementTypeOrSelf(op.getDpsInputOperand(1)->get()) != inputType)
    return fail("operands of mixed element types");
  if (!isSupportedElementType(inputType, outputType))
    return fail(("element type is not " + supportedElementTypes).str());
  for (AffineMap map : op.getIndexingMapsArray())
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
      return fail("an operand is not indexed by loops");
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.empty() || dims->n.empty() || dims->k.empty())
    return fail("no m, n and k dimensions");

  GemmView view;
  view.out = op.getDpsInitOperand(0);
  AffineMap outMap = op.getMatchingIndexingMap(view.out);
  unsigned lastOut =
      cast<AffineDimExpr>(outMap.getResults().back()).getPosition();
  SmallVector<unsigned, 2> mDims = dims->m, nDims = dims->n;
  view.lhs = op.getDpsInputOperand(0);
  view.rhs = op.getDpsInputOperand(1);
  if (llvm::is_contained(dims->m, lastOut)) {
    // The result is contiguous along a dimension of the first operand: it
    // plays B.
    std::swap(view.lhs, view.rhs);
    std::swap(mDims, nDims);
  } else if (!llvm::is_contained(dims->n, lastOut)) {
    return fail("the result is not contiguous along an m or n dimension");
  }
  if (!hasUnitInnerStride(view.out->get()))
    return fail("the result's last dimension is not contiguous");
  view.n = lastOut;

  // The kernel's m is the m dimension innermost in C, its k the k dimension
  // innermost in A: the kernel walks those with the smallest strides.
  AffineMap lhsMap = op.getMatchingIndexingMap(view.lhs);
  AffineMap rhsMap = op.getMatchingIndexingMap(view.rhs);
  auto innermostIn = [](AffineMap map, ArrayRef<unsigned> loops) {
    unsigned best = loops.front();
    for (unsigned loop : loops)
      if (*resultPosition(map, loop) > *resultPosition(map, best))
        best = loop;
    return best;
  };
  view.m = innermostIn(outMap, mDims);
  view.k = innermostIn(lhsMap, dims->k);
  for (unsigned loop = 0, e = op.getNumLoops(); loop < e; ++loop)
    if (loop != view.m && loop != view.n && loop != view.k)
      view.outerLoops.push_back(loop);
  view.rhsRowsContiguous =
      *resultPosition(rhsMap, view.n) == rhsMap.getNumResults() - 1 &&
      hasUnitInnerStride(view.rhs->get());
  return view;
}

linalg::FillOp mlir::ten::findInitializingFill(linalg::LinalgOp op,
                                               const GemmView &view) {
  Value out = view.out->get();
  for (Operation *previous = op->getPrevNode(); previous;
       previous = previous->getPrevNode()) {
    if (auto fill = dyn_cast<linalg::FillOp>(previous))
      return fill.getDpsInitOperand(0)->get() == out &&
                     !isa<ShapedType>(fill.getInputs().front().getType())
                 ? fill
                 : nullptr;
    if (!isMemoryEffectFree(previous))
      return nullptr;
  }
  return nullptr;
}
