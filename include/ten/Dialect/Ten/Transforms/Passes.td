//===- Passes.td - transformations of ten programs ---------*- tablegen -*-===//

#ifndef TEN_DIALECT_TEN_TRANSFORMS_PASSES_TD
#define TEN_DIALECT_TEN_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TenMergeEinsumsPass : Pass<"ten-merge-einsums"> {
  let summary = "Merge a product of products into one einsum";
  let description = [{
    Where a `ten.einsum` of two or more operands takes, as an operand, the
    result of another einsum of two or more operands that nothing else
    uses, replaces the two by one einsum of all their operands, so that
    `ten-einsum-path` orders the whole product rather than the order the
    program happened to write. `a @ pinv(a) @ x`, with `pinv(a)` an einsum
    of the SVD's factors, is then one product of `a`, `vh`, `1/s`, `u` and
    `x` whose cheapest order never forms the `m x m` projector `a @ pinv(a)`.

    ```mlir
    %p = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<2000x100xf64>, tensor<100x2000xf64>) -> tensor<2000x2000xf64>
    %y = ten.einsum "ik,k->i" (%p, %x) : (tensor<2000x2000xf64>, tensor<2000xf64>) -> tensor<2000xf64>
    // becomes
    %y = ten.einsum "ab,bc,c->a" (%a, %b, %x) : (...) -> tensor<2000xf64>
    ```

    Each label gets a letter of its own in the merged equation (the
    dimensions an ellipsis stands for too, with their broadcasting kept);
    the labels the inner einsum sums get letters the outer one does not
    use. An operand whose labels repeat (a diagonal of the inner result),
    merges that would need more than 52 letters or more than `max-operands`
    operands, and einsums of one operand (transposes, reductions, which
    other passes handle) are left alone. With `explain`, each merge gets a
    remark.
  }];
  let options = [
    Option<"maxOperands", "max-operands", "unsigned", /*default=*/"8",
           "Most operands of a merged einsum (the einsum path's optimal "
           "search)">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Report each merge as a remark">,
  ];
}

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
    `dynamic-size` in the cost model.

    With dynamic sizes, the best order depends on sizes known only at run
    time: the pass also finds the cheapest orders when each dynamic size is
    16 or 4096 (every combination of up to 8 dynamic labels), and when they
    differ, builds up to `max-runtime-orders` of them, each in a case of an
    `scf.index_switch`, with the code that computes each order's FLOPs from
    the operands' sizes (`tensor.dim`, the largest of a label's dimensions)
    and runs the cheapest (ties: the first, the order at `dynamic-size`).
    `ij,jk,kl->il` of dynamic sizes then runs `(a b) c` when `c` is thin
    and `a (b c)` when `a` is, each as fast as with static sizes.

    ```mlir
    %y = ten.einsum "ij,jk,kl->il" (%a, %b, %c)
        : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
    // becomes: sizes, the FLOPs of each order, and
    %y = scf.index_switch %cheapest -> tensor<?x?xf32>
    case 1 { ... "jk,kl->jl" then "ij,jl->il" ... }
    default { ... "ij,jk->ik" then "ik,kl->il" ... }
    ``` An einsum is left alone when the chain
    would not be cheaper than one loop nest, when it uses more than 52
    distinct labels, or when no order fits the memory limit. With `explain`,
    each rewritten einsum gets a remark with the chosen steps and their
    predicted cost.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
  let options = [
    Option<"maxOptimal", "max-optimal", "unsigned", /*default=*/"8",
           "Most operands for which the order is searched exhaustively">,
    Option<"memoryLimit", "memory-limit", "int64_t", /*default=*/"0",
           "Most elements of an intermediate (0: no limit)">,
    Option<"dynamicSize", "dynamic-size", "int64_t", /*default=*/"64",
           "The size a dynamic dimension counts as in the cost model">,
    Option<"maxRuntimeOrders", "max-runtime-orders", "unsigned",
           /*default=*/"4",
           "Most orders among which an einsum of dynamic sizes chooses at "
           "run time (1: the order at the assumed sizes only)">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Report the chosen order and its cost as remarks">,
  ];
}

def TenWidenFp8Pass : Pass<"ten-widen-fp8"> {
  let summary = "Compute on fp8 tensors in f32";
  let description = [{
    `f8E4M3FN` and `f8E5M2` are storage types: no target computes in them.
    Every `ten` op that computes (arithmetic, math, comparisons, reductions,
    contractions) and takes or yields fp8 tensors is rewritten to take them
    cast to f32 and to yield f32 results cast back to the fp8 type, so that
    each result is rounded once, as `ml_dtypes` rounds the f32 result of the
    same operation (contractions accumulate in f32). Ops that only move
    elements (`ten.broadcast`, `ten.transpose`, `ten.reshape`, `ten.select`)
    and `ten.cast` and `ten.constant` keep their fp8 types: the lowering
    carries fp8 elements as their bits.

    ```mlir
    %y = ten.mul %a, %b : (tensor<4xf8E4M3FN>, tensor<4xf8E4M3FN>)
        -> tensor<4xf8E4M3FN>
    // becomes
    %a32 = ten.cast %a : tensor<4xf8E4M3FN> -> tensor<4xf32>
    %b32 = ten.cast %b : tensor<4xf8E4M3FN> -> tensor<4xf32>
    %y32 = ten.mul %a32, %b32 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %y = ten.cast %y32 : tensor<4xf32> -> tensor<4xf8E4M3FN>
    ```
  }];
  let dependentDialects = ["::mlir::ten::TenDialect"];
}

def TenSplitComplexEinsumPass : Pass<"ten-split-complex-einsum"> {
  let summary = "Contract complex numbers as four real contractions of "
                "their parts";
  let description = [{
    Rewrites every two-operand `ten.einsum` of complex numbers that sums a
    label of both operands (a contraction: a matrix product, a batched one,
    a dot) as the same einsum over the operands' real and imaginary parts,

    ```
    re = einsum(real(a), real(b)) - einsum(imag(a), imag(b))
    im = einsum(real(a), imag(b)) + einsum(imag(a), real(b))
    ```

    joined with `ten.complex`: four real contractions, which the CPU runs
    on its GEMM kernels, where a complex einsum is a loop nest of complex
    multiply-adds. (The CUDA pipeline leaves complex contractions whole for
    cuBLAS's complex GEMMs.) The
    arithmetic is NumPy's: each term is the product `(ar br - ai bi) + (ar
    bi + ai br)i` (no Annex G recovery of infinities), summed; only the
    order of the additions differs. Einsums that sum nothing both operands
    share (outer and elementwise products, one-operand sums) are left alone:
    they gain nothing from a GEMM.

    ```mlir
    %c = ten.einsum "ij,jk->ik" (%a, %b)
        : (tensor<64x32xcomplex<f32>>, tensor<32x16xcomplex<f32>>)
        -> tensor<64x16xcomplex<f32>>
    // becomes
    %ar = ten.real %a : tensor<64x32xcomplex<f32>>
    ... four "ij,jk->ik" einsums of f32, a ten.sub, a ten.add, and
    %c = ten.complex %re, %im : (tensor<64x16xf32>, tensor<64x16xf32>)
        -> tensor<64x16xcomplex<f32>>
    ```
  }];
  let dependentDialects = ["::mlir::ten::TenDialect"];
}

#endif // TEN_DIALECT_TEN_TRANSFORMS_PASSES_TD
