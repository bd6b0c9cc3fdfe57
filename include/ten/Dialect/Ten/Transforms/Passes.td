//===- Passes.td - transformations of ten programs ---------*- tablegen -*-===//

#ifndef TEN_DIALECT_TEN_TRANSFORMS_PASSES_TD
#define TEN_DIALECT_TEN_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TenEinsumPathPass : Pass<"ten-einsum-path"> {
  let summary = "Split N-operand einsums into pairwise einsums in a cheap order";
  let description = [{
    Rewrites every `ten.einsum` of three or more operands as a chain of
    two-operand einsums whose order minimizes the floating-point operations
    (a multiply and an add per point of each step's iteration space). Up to
    `max-optimal` operands the order is optimal (dynamic programming over
    subsets of operands); beyond, each step greedily contracts the pair whose
    result is smallest against its operands. `memory-limit`, when nonzero,
    bounds the elements of every intermediate.

    ```mlir
    %y = ten.einsum "ij,jk,kl->il" (%a, %b, %c)
        : (tensor<64x2048xf32>, tensor<2048x2048xf32>, tensor<2048x64xf32>)
        -> tensor<64x64xf32>
    // becomes
    %t = ten.einsum "jk,kl->jl" (%b, %c)
        : (tensor<2048x2048xf32>, tensor<2048x64xf32>) -> tensor<2048x64xf32>
    %y = ten.einsum "ij,jl->il" (%a, %t)
        : (tensor<64x2048xf32>, tensor<2048x64xf32>) -> tensor<64x64xf32>
    ```

    Intermediates have the result's element type. A dynamic size counts as
    `dynamic-size` in the cost model. An einsum is left alone when the chain
    would not be cheaper than one loop nest, when it uses more than 52
    distinct labels, or when no order fits the memory limit. With `explain`,
    each rewritten einsum gets a remark with the chosen steps and their
    predicted cost.
  }];
  let options = [
    Option<"maxOptimal", "max-optimal", "unsigned", /*default=*/"8",
           "Most operands for which the order is searched exhaustively">,
    Option<"memoryLimit", "memory-limit", "int64_t", /*default=*/"0",
           "Most elements of an intermediate (0: no limit)">,
    Option<"dynamicSize", "dynamic-size", "int64_t", /*default=*/"64",
           "The size a dynamic dimension counts as in the cost model">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Report the chosen order and its cost as remarks">,
  ];
}

#endif // TEN_DIALECT_TEN_TRANSFORMS_PASSES_TD
