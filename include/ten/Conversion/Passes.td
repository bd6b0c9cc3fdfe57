//===- Passes.td - conversions out of the ten dialect ------*- tablegen -*-===//

#ifndef TEN_CONVERSION_PASSES_TD
#define TEN_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTenToLinalgPass : Pass<"convert-ten-to-linalg"> {
  let summary = "Lower ten ops to linalg, tensor and arith on tensors";
  let description = [{
    Rewrites every `ten` op into linalg on tensors:

    - `einsum` becomes a `linalg.generic` whose indexing maps and iterator
      types come from the subscripts (diagonals, ellipses and size-1
      broadcasting included), or `linalg.matmul` / `linalg.batch_matmul`
      when the subscripts are exactly one of those;
    - elementwise ops become elementwise `linalg.generic`s whose indexing maps
      broadcast the operands: no broadcast tensor is materialized;
    - reductions become `linalg.generic`s whose init is the kind's identity;
      `mean` is a sum then a scale, `argmax`/`argmin` carry the index of the
      first extremum, and `f16`/`bf16` accumulate in `f32`;
    - `transpose` becomes `linalg.transpose`, `reshape` a collapse and an
      expand of `tensor` shapes, `constant` an `arith.constant`.

    Dynamic dimensions are sized at run time with `tensor.dim`. What the
    verifier could not check — that dynamic sizes agree — is checked at run
    time with `cf.assert`, whose message names the op and its location. A
    dynamic dimension does not broadcast: it must have the size of the
    dimensions it meets.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // TEN_CONVERSION_PASSES_TD
