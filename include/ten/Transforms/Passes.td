//===- Passes.td - ten's transformations of linalg ---------*- tablegen -*-===//

#ifndef TEN_TRANSFORMS_PASSES_TD
#define TEN_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TenParallelizePass : Pass<"ten-parallelize", "::mlir::func::FuncOp"> {
  let summary = "Split the outermost parallel loop of linalg ops over threads";
  let description = [{
    Tiles every `linalg` op on tensors whose iteration space is large enough
    into an `scf.forall` over its outermost parallel loop whose size is at
    least the thread count, one tile per thread. The CPU pipeline turns the
    `scf.forall` into an OpenMP worksharing loop.

    An op whose iteration space has fewer points than `grain-size` (counting
    a dynamic size as large) stays on one thread: starting threads costs more
    than it saves. An op with no parallel loop (a reduction to a scalar) or
    already inside an `scf.forall` is left alone.

    ```mlir
    %y = linalg.generic ... ins(%x : tensor<4096x4096xf32>) ...
    // becomes
    %y = scf.forall (%t) in (2) shared_outs(%o = %init) -> (tensor<4096x4096xf32>) {
      // the op on rows [%t * 2048, %t * 2048 + 2048)
    }
    ```
  }];
  let options = [
    Option<"numThreads", "threads", "int64_t", /*default=*/"2",
           "How many threads share each parallel op">,
    Option<"grainSize", "grain-size", "int64_t", /*default=*/"32768",
           "The fewest loop iterations worth splitting over threads">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def TenContractionLoopOrderPass
    : Pass<"ten-contraction-loop-order", "::mlir::func::FuncOp"> {
  let summary = "Order the loops of contractions for vector code";
  let description = [{
    Rewrites every `linalg` contraction (a matmul, or an einsum generic that
    multiplies operands and sums over some labels) as a `linalg.generic`
    whose innermost loop is a parallel loop along which the result is
    contiguous, and whose reduction loops come right before it:
    `C[i,j] += A[i,k] * B[k,j]` runs as `i, k, j`. The innermost loop then
    reads a row of `B` and updates a row of `C` with unit stride, which
    LLVM's loop vectorizer turns into vector FMAs; with the reduction
    innermost it would need strided loads and a horizontal sum.

    Contractions whose result's last dimension is not a parallel loop of the
    op, and ops that are not contractions, are left alone.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

#endif // TEN_TRANSFORMS_PASSES_TD
