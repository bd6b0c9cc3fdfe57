//===- Passes.td - ten's transformations of linalg ---------*- tablegen -*-===//

#ifndef TEN_TRANSFORMS_PASSES_TD
#define TEN_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TenPrefetchNextBlockPass
    : Pass<"ten-prefetch-next-block", "::mlir::func::FuncOp"> {
  let summary = "Prefetch the next block in loops that read each block in "
                "several passes";
  let description = [{
    A block of `ten-fuse-reductions` (a softmax's row) is read from memory by
    its first loop nest (the row's maximum) and then again, from the cache,
    by the others (the exponentials, their sum, the quotients). While those
    compute, nothing asks memory for the next block: the hardware prefetcher
    follows streams of loads and stops with them, so the next block's first
    pass waits for memory again, and memory sits idle during the compute.

    In a one-dimensional `scf.parallel` whose body reads a static-sized,
    unit-stride `memref.subview` of a buffer from outside the loop in two or
    more top-level loop nests, one of them prefetches the same elements of
    the next iteration's subview (this one's, in the last iteration: a
    prefetch never reads outside the buffer). It is the first nest whose
    innermost loop loads from the subview along its induction variable,
    with constant bounds and unit step, and accumulates nothing (stores to
    no element that stays the same across its iterations: the vectorizer
    keeps a reduction in a vector register only across an unsplit loop).
    That loop runs in strips of a cache line (and at least 16 iterations, so
    that the strip is still vectorized), each strip after one
    `memref.prefetch` per cache line. In a softmax that is the exponentials'
    loop: the row's maximum streams the row, then the exponentials bring in
    the next row while they compute.

    ```mlir
    scf.parallel (%i) = (%c0) to (%c4096) step (%c1) {
      %row = memref.subview %x[%i, 0] [1, 4096] [1, 1] : ...
      scf.for %j = %c0 to %c4096 step %c1 { ... %max[0] = max(%max[0], %row[0, %j]) }
      scf.for %j = %c0 to %c4096 step %c1 { ... %e[0, %j] = exp(%row[0, %j] - ...) }
    }
    // becomes
    scf.parallel (%i) = (%c0) to (%c4096) step (%c1) {
      %next = ... %i + 1, or %i in the last iteration
      %next_row = memref.subview %x[%next, 0] [1, 4096] [1, 1] : ...
      %row = memref.subview %x[%i, 0] [1, 4096] [1, 1] : ...
      scf.for %j = %c0 to %c4096 step %c1 { ... the maximum, unchanged }
      scf.for %s = %c0 to %c4096 step %c16 {
        memref.prefetch %next_row[%c0, %s], read, locality<3>, data : ...
        scf.for %j = %s to %s + 16 step %c1 { ... the exponentials }
      }
    }
    ```

    With dynamic sizes, the next block may be smaller than this one (the
    last, short block): each prefetched index is clamped to that block's
    last row and column (to this block's, were the next one empty), and a
    loop of dynamic length runs its whole strips, each after its prefetch,
    then the rest in a loop of its own, so that every strip has a constant
    trip count and vectorizes without a remainder.

    A subview read by one loop nest is left alone (the hardware prefetcher
    streams it), and so is one whose every reading loop accumulates, and
    every subview of a loop of fewer than 16 iterations: its iterations are
    the threads' shares, and the next block is another thread's.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def TenJamReductionLoopsPass
    : Pass<"ten-jam-reduction-loops", "::mlir::func::FuncOp"> {
  let summary = "Unroll and jam the loops that reductions run along, so that "
                "each accumulator is loaded and stored once per `factor` "
                "updates";
  let description = [{
    A sum over the rows of a matrix (axis 0) runs as `for i: for j:
    acc[j] = acc[j] + x[i, j]`: for every element of `x`, a load and a store
    of its accumulator besides its own load. This pass unrolls the outer
    loop by `factor` and jams the copies into the inner loop, which then
    updates each accumulator `factor` times between one load and one store
    (LLVM forwards the stores in between), with `factor` rows streamed at
    once. Each accumulator takes its updates in the same order as before:
    the results are bitwise the same.

    It applies to an `scf.for` with a constant trip count, a multiple of
    `factor`, whose body is one `scf.for`, itself without loops or side
    effects besides scalar loads and stores, which stores to at least one
    fresh allocation (`memref.alloc`, or a view of one) at one list of
    indices that holds the inner induction variable and not the outer one,
    loads from that buffer only at those indices, and reads no other view
    of a buffer it writes. The iterations of the inner loop then touch
    distinct accumulators, and running those of several outer iterations
    together reorders nothing that any element sees.

    An outer loop of a trip count unknown at compile time (a dynamic size)
    runs its whole groups of `factor` iterations jammed, up to the count
    rounded down to a multiple of `factor` at run time, then the rest in a
    copy of the loop after them; its inner loop's bounds must not depend on
    it. W12's sum over axis 0 with both sizes dynamic went from 2.7-3.5 ms
    to 1.5-1.8 ms (static: 1.3-1.6 ms; three runs each, in turns,
    `tensor-run --bench=10`).

    Left alone: loops whose accumulator is indexed by the outer loop (a row
    sum along the inner loop), loops of a constant trip count that `factor`
    does not divide, and loops whose writes may alias their reads.
  }];
  let options = [
    Option<"factor", "factor", "int64_t", /*default=*/"4",
           "The outer iterations run together">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def TenParallelizePass : Pass<"ten-parallelize", "::mlir::func::FuncOp"> {
  let summary = "Split the outermost parallel loop of linalg ops over threads";
  let description = [{
    Tiles every `linalg` op on tensors whose iteration space is large enough
    into an `scf.forall` over its outermost parallel loop whose size is at
    least the thread count, one tile per thread. The CPU pipeline turns the
    `scf.forall` into an OpenMP worksharing loop.

    A contraction is split along its cheapest parallel loop instead: a batch
    loop (each thread gets its own part of every operand) before a loop of
    its larger input alone (each thread reads half of the larger input and
    all of the smaller one, and packs only its half for the contraction
    kernel), the outermost on a tie.

    The `linalg.fill` that initializes an op's result is split with the
    op, inside its `scf.forall`: each thread fills the tile it then works
    on.

    A reduction is split along its reduced loop instead when it has no
    parallel loop to split (a sum to a scalar), or when its parallel loop
    runs along the rows of its input (a sum over axis 0) and its result is
    small beside that input: splitting the parallel loop would give each
    thread a strided part of every row. Each thread then reduces its own
    rows into its own partial result, starting from the combiner's neutral
    element, and a reduction of the partial results follows the loop. When
    the reduced size is a multiple of the thread count, the input is
    reshaped so that each thread's partial result is a contiguous row;
    otherwise the threads reduce unequal parts. A reduction whose combiner
    has no neutral element is not split this way.

    An op whose iteration space has fewer points than `grain-size` (counting
    a dynamic size as large) stays on one thread: starting threads costs more
    than it saves. An op already inside an `scf.forall` (a block of
    `ten-fuse-reductions`) is left alone.

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

def TenFuseReductionsPass
    : Pass<"ten-fuse-reductions", "::mlir::func::FuncOp"> {
  let summary = "Compute the consumers of reductions with them, a "
                "cache-sized block of rows at a time";
  let description = [{
    Tiles each `linalg` op on tensors that reads a reduction's result along
    one of its parallel loops into an `scf.forall` of blocks along that loop
    (the outermost such loop), and fuses into each block the part of every
    producer the block reads: the reductions, their elementwise producers
    and their `linalg.fill` inits. A row softmax then computes, for a few
    rows at a time, the rows' maximum, the sum of their exponentials and the
    result, and a layer norm the rows' mean, variance and result: the input
    is read from memory once and twice more from the cache, and no
    intermediate is written.

    A block holds about `block-kib` KiB of the consumer's operands (at least
    one iteration); an op that fits in one block is left alone, and so is
    one whose largest input is smaller than `min-input-kib` KiB (a quarter
    of the last-level cache): its separate passes read the input again from
    that cache, as fast as blocks would, without the blocks' overhead. With
    the blocks' next rows prefetched (`ten-prefetch-next-block`) and their
    intermediates in the output (`ten-compute-in-destination`), a layer norm
    of 16 MiB (W11) measured 0.51-1.03 ms blocked against 0.68-1.00 ms in
    three passes (six alternating runs of 300 calls each, min); it had
    measured 0.5-0.8 against 0.5-0.7 ms before either pass. A producer
    read by two consumers is computed in the blocks of both (a mean used by
    a variance and by the normalization is computed twice per block, from
    the cache), and stays where it is if something outside the blocks still
    reads it. With dynamic sizes, a `tensor.dim` of an op's result (a
    broadcast check's, or one that tiling makes to size the blocks) would
    be such a reader: each is first rewritten into the sizes the op was
    given (its init's, a `tensor.empty`'s operands, an `expand_shape`'s
    output shape), so that a dynamic softmax or layer norm is one block loop
    like a static one, not the chain again outside it for its sizes. With
    every size dynamic (three runs each, in turns, `tensor-run --bench=10`,
    with this and the dynamic sizes of `ten-prefetch-next-block`), W8's
    softmax went from 18.9-21.8 ms to 5.4-5.6 ms (static: 3.7-4.9 ms) and
    W11's layer norm from 5.2-7.2 ms to 0.70-1.00 ms (static: 0.57-0.96 ms).
    Blocks are sized assuming 1024 elements for each dynamic dimension.
    Contractions are never fused into blocks, nor blocked: a
    contraction blocked by rows would pack its other operand again for every
    block. The `scf.forall` runs its blocks in parallel on every thread.

    ```mlir
    %m = linalg.generic {iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4096x1024xf32>) ...       // the rows' maximum
    %y = linalg.generic {iterator_types = ["parallel", "parallel"]}
        ins(%x, %m : ...) ...                     // x - max
    // becomes
    %y = scf.forall (%i) = (0) to (4096) step (16) shared_outs(...) {
      // the maximum of rows [%i, %i + 16), then x - max on those rows
    }
    ```
  }];
  let options = [
    Option<"blockKiB", "block-kib", "int64_t", /*default=*/"64",
           "Size of the consumer's operands in one block, in KiB">,
    Option<"minInputKiB", "min-input-kib", "int64_t", /*default=*/"8192",
           "Smallest input, in KiB, worth reading in blocks">,
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

def TenContractionKernelPass
    : Pass<"ten-contraction-kernel", "::mlir::func::FuncOp"> {
  let summary = "Run GEMM-like contractions on buffers as packed, "
                "register-tiled vector loops";
  let description = [{
    Replaces every `linalg` contraction on buffers that is a (batched) GEMM
    of `f32` or `f64` values (`C[.., m, n] += A[.., m, k] * B[.., k, n]` up
    to the order of the indices in each operand) by a loop nest built for
    the CPU's caches and registers:

    - the depth `k` is cut into blocks of `depth-block`, the columns `n`
      into blocks of about `block-kib` KiB of packed `B`;
    - each block of `B` is copied once into a buffer of panels
      `[panel][k][nr]`, zero-padded past the last column, so that the
      kernel reads it with unit stride whatever `B`'s layout (a transposed
      `B` is copied a column of the panel at a time, reading `B` along its
      contiguous depth);
    - a tile of `register-rows` x `nr` results (`nr` = two vectors of
      `vector-bits`) stays in vector registers over the whole depth block:
      each step loads one row of the panel, broadcasts one element of `A`
      per row and issues one vector FMA per row and vector;
    - tiles at the edges of `C` use masked loads and stores, and rows past
      the end read the last row of `A` and store nothing, so any size works,
      dynamic ones included.

    A `linalg.fill` of `C` right before the contraction is folded into it:
    the first depth block starts its accumulators from the fill value
    rather than storing it and loading it back, and the fill runs only when
    the reduction is empty.

    Other loops of the contraction (batch dimensions, and further `m`, `n`
    or `k` dimensions) run around this nest. Contractions of other element
    types, without an `m` or an `n` dimension (a matrix-vector product), or
    whose result is not contiguous along `n`, are left alone.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"256",
           "Width of the target's vector registers in bits">,
    Option<"registerRows", "register-rows", "int64_t", /*default=*/"6",
           "Rows of the result tile kept in registers">,
    Option<"depthBlock", "depth-block", "int64_t", /*default=*/"256",
           "Depth of a block of the reduction">,
    Option<"blockKiB", "block-kib", "int64_t", /*default=*/"384",
           "Size of a packed block of B in KiB (about the L2 cache)">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Report each contraction that gets the kernel as a remark">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def TenExpandArithPass : Pass<"ten-expand-arith"> {
  let summary = "Expand the arith ops that have no LLVM lowering, and no "
                "others";
  let description = [{
    Rewrites the `arith` ops that `convert-arith-to-llvm` cannot lower into
    ones it can: `ceildivsi`, `ceildivui` and `floordivsi` into divisions
    and selects, and `bf16` extensions and truncations into integer
    operations. Unlike upstream `arith-expand`, it leaves `maximumf`,
    `minimumf`, `maxnumf` and `minnumf` alone: LLVM lowers them to its
    min/max intrinsics, which its loop vectorizer recognizes as reductions,
    where the compare-and-select form that `arith-expand` makes of them is
    not.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TenApproximateMathPass : Pass<"ten-approximate-math"> {
  let summary = "Replace f32 math functions by polynomial approximations "
                "that vectorize";
  let description = [{
    Rewrites the `f32` (and, through `f32`, `f16` and `bf16`) `math` ops
    named by `functions` into range reduction and polynomial evaluation in
    `arith` ops, which the loop vectorizer turns into vector code. A call to
    the C library's `expf` in a loop stays one scalar call per element and
    caps a softmax at a fraction of the memory bandwidth.

    The approximations are accurate to a few units in the last place over
    the whole range (upstream MLIR's `populateMathPolynomialApproximation`
    patterns); every function left out of `functions`, and every `f64`
    function, still calls the C library.

    `arith.divf` in `functions` marks the `f32`, `f16` and `bf16` divisions
    as allowing reciprocals (`arcp`): a division by a value that stays the
    same across a loop (a softmax's row sum) becomes one reciprocal and a
    multiplication per element, within 2 units in the last place of the
    quotient, instead of a division per element, which costs as much as
    eight multiplications. `f64` divisions are left exact.
  }];
  let options = [
    ListOption<"functions", "functions", "std::string",
               "The ops to approximate, by name (math.exp, math.tanh, "
               "arith.divf...)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def TenComputeInDestinationPass : Pass<"ten-compute-in-destination"> {
  let summary = "Compute a block's elementwise intermediate in the block's "
                "destination";
  let description = [{
    In an `scf.forall` block (of `ten-fuse-reductions` or
    `ten-parallelize`) whose last op is elementwise and writes the slice of
    the shared output that the block inserts, an elementwise op of the block
    whose result that last op reads element by element, as it writes it,
    computes into that same slice when nothing reads its result after the
    last op and it does not read its own initial value. Bufferization then
    gives it the output's memory instead of a buffer allocated and freed in
    every block: a softmax writes its exponentials into its result and
    divides them there, where it allocated a row of 16 KiB per row.

    ```mlir
    %e = linalg.generic ... outs(%empty_slice) { exp }
    %s = linalg.generic ... ins(%e) ... { sum }
    %out_slice = tensor.extract_slice %shared_out[%i, 0] [1, 4096] [1, 1]
    %y = linalg.generic ins(%e, %s) outs(%out_slice) { divf }
    // becomes
    %out_slice = tensor.extract_slice %shared_out[%i, 0] [1, 4096] [1, 1]
    %e = linalg.generic ... outs(%out_slice) { exp }
    ...
    ```

    Left alone: a producer read after the last op, one whose initial value
    its body reads, a producer read through a different indexing than the
    last op writes (a transpose), and blocks whose last op is not
    elementwise.
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def TenFuseElementwisePass : Pass<"ten-fuse-elementwise"> {
  let summary = "Fuse elementwise linalg producers into every consumer";
  let description = [{
    Fuses each elementwise `linalg.generic` (every loop parallel) into the
    `linalg.generic` ops that consume its result, elementwise ones and
    reductions alike, so that a chain such as `exp(x - max)` feeding both a
    sum and a division is computed inside each of them and never written to
    memory. A producer with several consumers is recomputed in each: on a
    CPU, reading an element again costs more than a few extra arithmetic
    operations. A producer that also has other users (a function result, a
    non-linalg op) stays for them.

    Not into a consumer with a reduction loop that reads each element of
    the producer's result more than once (its indexing map is not a
    permutation of the consumer's loops): a contraction reads `A[i, k]` for
    every `j`, so the producer would be evaluated `j` times per element,
    and the contraction would no longer be one that a GEMM kernel or cuBLAS
    runs (attention's `softmax(...) @ v`). The producer's result is written
    once instead.

    Inside a cache-sized block of `ten-fuse-reductions` (an `scf.forall`),
    a producer that evaluates a math function (`exp`, `log`, `tanh`...) and
    has several users is not fused: it is computed once into its block-sized
    tile, which stays in the cache, where recomputing it would double the
    cost of the function (a softmax's `exp(x - max)` read by the sum and by
    the division).

    Ops that are not elementwise (reductions, contractions) are never
    fused into their consumers: a reduction's result used twice is computed
    once. Unlike upstream `linalg-fuse-elementwise-ops`, reshapes are not
    propagated through generics: pushing a reduction's `keepdim`
    `tensor.expand_shape` onto its input would separate the reduction from
    its elementwise producer. Nor are unused inits replaced by
    `tensor.empty`: inside a block, an op's init is the slice of the result
    it writes in place.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def TenGPUMapLoopsPass : Pass<"ten-gpu-map-loops", "::mlir::func::FuncOp"> {
  let summary = "Map the outermost parallel loops onto GPU blocks and threads";
  let description = [{
    Maps every outermost `scf.parallel` of a host function onto a GPU grid:
    collapses its dimensions into one (the innermost dimension varying
    fastest), tiles that by `block-size`, and marks the tile loop with the
    `gpu.loop_dim_map` mapping to `block_x` and the in-tile loop to
    `thread_x`, which `convert-parallel-loops-to-gpu` turns into a
    `gpu.launch`. Consecutive threads touch consecutive elements of the
    innermost dimension, so their accesses coalesce; one dimension keeps the
    grid within `block_x`'s limit (2^31-1 blocks), where `block_y` and
    `block_z` stop at 65535.

    The last, partial tile is guarded by an `scf.if` in the kernel, so that a
    block always has `block-size` threads. A loop whose trip count is not a
    constant is put under an `scf.if` that skips it when empty (a launch of
    no blocks is an error on the GPU); a loop known to be empty is erased. A
    loop nested in another `scf.parallel` or in a `gpu.launch`, or one
    already mapped, is left alone.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block, along the innermost dimension">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def TenGPUDispatchGemmPass
    : Pass<"ten-gpu-dispatch-gemm", "::mlir::ModuleOp"> {
  let summary = "Run GEMM-like contractions on GPU buffers through cuBLAS";
  let description = [{
    Replaces each GEMM-like `linalg` contraction of f32, f64, f16 or bf16
    buffers (all three of one type) in the module's functions by a call to
    the CUDA runtime's `tenCudaGemmStridedBatched` (declared in the
    module), which runs it with cuBLAS's strided-batched GEMM: f16 and bf16
    through `cublasGemmStridedBatchedEx`, products summed in f32 on the
    tensor cores; f32 exactly, unless `allow-tf32` lets the tensor cores
    round its operands to tf32. A contraction qualifies when it is
    `C[b.., m, n] += A[b.., m, k] * B[b.., k, n]` up to the order of the
    matrix dimensions: A and B may each be stored transposed, which becomes
    the call's op flag and leading dimension (never a copy). The loops
    around the GEMM (b..) must index the result and lead every operand's
    dimensions in the result's order (an operand indexed by none of them is
    broadcast: batch stride 0); several of them make one batch of their
    product in contiguous buffers. Every operand's innermost dimension has
    unit stride, and C is contiguous along `n`. Addresses, leading
    dimensions and batch strides come from each buffer's strided metadata,
    so any such layout and dynamic sizes work.
    The call is enqueued on the runtime's current stream
    (`tenCudaCurrentStream`), the one the kernels around it run on.

    A zero fill of C right before the contraction is erased and the call
    does not accumulate (cuBLAS's beta = 0); otherwise C accumulates
    (beta = 1). Left alone: contractions with a loop around the GEMM that
    does not index the result or does not lead an operand's dimensions,
    several batch loops over a buffer that is not contiguous, a transposed
    C, an operand with no unit-stride dimension, other element types or
    mixed ones, and every other op.

    When C is an f32 product (of f32, f16 or bf16 operands) that starts
    from zero, and the op right after the contraction is elementwise on C
    and an f32 vector of unit stride indexed by C's last dimension, with a
    body `C + bias`, optionally followed by a ReLU (`select(x < 0, 0, x)`,
    `select(x > 0, x, 0)`, `maximumf(x, 0)`, `maxnumf(x, 0)`), the call is
    `tenCudaGemmEpilogue` instead: one `cublasLtMatmul` whose bias (and
    ReLU) epilogue writes the result as it writes the product, and the op
    is erased. Its result may be C or, when nothing else reads C, another
    buffer of C's shape that exists before the contraction (C is then
    erased). cuBLASLt's ReLU is not documented to keep NaN: a ReLU that
    keeps NaN (ten's own, the first and third forms) is folded only with
    `fast-relu`; the others map NaN to 0 themselves. With `explain`, the
    remark says why an op after the contraction that reads C was not
    folded.
  }];
  let options = [
    Option<"allowTF32", "allow-tf32", "bool", /*default=*/"false",
           "Let f32 GEMMs round their operands to tf32 on the tensor cores "
           "(faster, not f32-exact)">,
    Option<"fastRelu", "fast-relu", "bool", /*default=*/"false",
           "Fold a ReLU that keeps NaN into cuBLASLt's ReLU epilogue all "
           "the same (which may map NaN to 0)">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Report each contraction's fate as a remark: the cuBLAS call it "
           "becomes, or why it is left to a generated kernel">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def TenGPUOneStreamPass : Pass<"ten-gpu-one-stream", "::mlir::ModuleOp"> {
  let summary = "Run a host function's GPU work on one stream, without waits";
  let description = [{
    Takes host functions whose GPU ops are asynchronous (after
    `gpu-async-region`) and puts all their work on one stream, the CUDA
    runtime's current stream (`tenCudaCurrentStream`, which the executable
    sets): every `gpu.wait async` that would create a stream becomes that
    stream's token, and every host `gpu.wait` is erased. Program order on
    one stream already orders each kernel, copy, allocation, free and
    cuBLAS call (which takes the same stream) after the work before it; the
    host never waits between them. The caller synchronizes the stream
    before it reads a result.

    A function calls the runtime once, at its entry, and only if it has
    GPU ops. Kernels (`gpu.module`s) and functions without GPU ops are left
    alone. An op that still depends on more than one token afterwards is an
    error (the one-stream order would not be the one it asks for).
  }];
  let dependentDialects = [
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

def TenSplitSharedFillsPass : Pass<"ten-split-shared-fills"> {
  let summary = "Give each linalg op that starts from a fill its own fill";
  let description = [{
    A `linalg.fill` on tensors whose result several linalg ops take as
    their init (after CSE, two reductions that both start from zero) is
    cloned right before each of them (and erased when nothing else uses
    it). Bufferization would
    otherwise give the fill one buffer and copy it for the first op that
    writes it; with a fill each, every op writes its own buffer and a GPU
    reduction folds its fill into its kernel (`ten-gpu-map-reductions`).
    Fills with one use, and uses that are not a linalg op's init, are left
    alone.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def TenGPUFuseRowsPass : Pass<"ten-gpu-fuse-rows", "::mlir::func::FuncOp"> {
  let summary = "Run a row reduction and the ops that use its rows in one "
                "kernel, one block per row";
  let description = [{
    Softmax is a row maximum, a row sum of exponentials and a division;
    layer norm two row means and an elementwise normalization. Run as
    separate kernels, each reads the whole input from memory again. This
    pass puts such a chain in one `gpu.launch` of one block per row (the
    same rows every op of the chain iterates over first): its ops run in
    order within the block, each thread striding over the row's elements by
    the block size (in 16-byte vectors when every op can use them, as
    `ten-gpu-map-reductions` does: aligned vector loads and stores, the
    same vectors in every op), so that the input is read from memory once and the
    later passes over the row mostly hit the caches; a reduction's value is
    combined across the block by `gpu.all_reduce`, which gives every thread
    the total, and the later ops read it from a register.

    A chain starts at a row reduction (`ten-gpu-map-reductions`' kind: its
    inputs contiguous along the reduced loops, one output, one combiner
    that `gpu.all_reduce` knows) whose parallel loops are the rows and
    grows while the next op in the block is, on buffers:
    - another such row reduction over the same rows;
    - an op over the rows alone (`mean = sum / n`), computed by every
      thread;
    - an elementwise op over the rows and further loops, its outputs
      indexed by all of its loops in order.
    An op reads a value the chain computed per row only at its row (the
    indexing map of the rows alone), and a buffer an earlier op of the chain
    wrote only as it was written (the same indexing map over the same
    loops), so that each thread reads the elements it wrote itself; it
    writes no buffer the chain read before. Allocations, globals,
    constants and checks of sizes (`cf.assert` on sizes known before the
    chain: a dynamic layer norm checks its scale's length between two
    stages) between the ops move before the kernel; a fill right before
    a reduction is its start value. Anything else ends the chain. Thread 0
    stores the per-row values; the other ops store what they compute.

    A chain of one op is left to `ten-gpu-map-reductions`, and so is one
    with fewer rows than `min-rows` (statically): splitting few long rows
    over several blocks uses the GPU better.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block (a multiple of 32, at most 1024)">,
    Option<"minRows", "min-rows", "int64_t", /*default=*/"512",
           "The fewest rows (when known) a chain is fused for">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def TenGPUMapReductionsPass
    : Pass<"ten-gpu-map-reductions", "::mlir::func::FuncOp"> {
  let summary = "Run reductions as kernels that accumulate in registers: a "
                "block per row for row reductions, a thread per output "
                "otherwise";
  let description = [{
    Replaces each reduction of a host function (a `linalg` op on buffers
    with a reduction loop, its outputs indexed by parallel loops) by a
    `gpu.launch` whose threads accumulate in registers and store each output
    once.

    A row reduction gets one block per output element. Its partial results
    combine in any grouping: it has one output and a body that reduces
    with one combiner that `gpu.all_reduce` knows (add, mul, min/max of
    each kind, and, or, xor), or it is an arg reduction (below); its
    outputs are floats of 16 to 64 bits or integers of 1 to 64 bits; and
    its inputs each either do not vary along the reduced loops or have a
    reduced loop as their innermost dimension, so that consecutive threads
    read consecutive elements. A reduction of every dimension is a row
    reduction. The block's threads (as many as the row has elements,
    rounded up to a power of two, at least one warp, at most `block-size`
    rounded down to whole warps) stride over the row, each folding its
    elements into registers (the op's body, fused producers included,
    evaluated per element) from values that change no result; where the
    innermost reduced loop's static size is a multiple of a 16-byte vector
    of the widest input and every input that varies along it has the
    identity layout and that loop innermost, each thread instead folds whole
    vectors (aligned 128-bit loads, the body evaluated on vectors, the lanes
    combined at the end), and the block has as many threads as the row has
    vectors; the threads'
    values are combined (warp shuffles, then shared memory across warps)
    and thread 0 combines the total after the outputs' initial values and
    stores it. Values narrower than 32 bits are widened for the shuffles
    and narrowed after them.

    An arg reduction (argmax, argmin) has two outputs, a value and an
    index, and one reduction loop; its body yields `select(better, element,
    value)` and `select(better, index_cast(linalg.index), index)`, where
    `element` is computed from the inputs alone and `better` is a strict
    comparison of `element` with the value (`ogt`/`olt`, `sgt`/`slt`,
    `ugt`/`ult`), optionally or'ed with "`element` is NaN and the value is
    not" (the first NaN wins). Threads start from the least (or greatest)
    value and index 0. Two partial pairs combine by the body's own step,
    the pair of lower index taken as the accumulator, so that among equal
    values the first index is kept whatever the grouping: warp shuffles
    of value and index (`gpu.shuffle xor`), then each warp's pair through
    shared memory (a `workgroup` attribution of the launch) to the first
    warp.

    When a row reduction has fewer outputs than `target-blocks` (a sum to a
    scalar, say), one block per output would leave most of the GPU idle:
    each row is split among enough blocks that about `target-blocks` run,
    each thread still folding at least 8 elements. When the sizes are not
    constants, the host code computes that count and runs the split kernels
    or the block per output under an `scf.if`. A first kernel's blocks each reduce their share of a row (the
    threads striding over it as above) into buffers of partial values (one
    per output); a second kernel of one block per output combines that
    row's partial values, then with the output's initial values.

    Every other reduction (a column sum, a combiner that is a compare and a
    select, an arg reduction that does not have the form above) gets one
    thread per output element, in blocks of `block-size`: each thread
    starts from its outputs' values, runs the whole reduction loop in
    registers, and stores once. Consecutive threads take consecutive output
    elements, so a reduction whose input is contiguous along an output
    dimension reads coalesced. When such a reduction has
    too few outputs to fill `target-blocks` blocks (a column sum or argmax
    of few, long columns) and its partial results combine as a row
    reduction's do, its reduction loop is split into shares of at least 16
    elements: a first kernel's threads each fold one share of one output
    into buffers of partial values (consecutive threads still on
    consecutive outputs), a second kernel's threads fold each output's
    partial values and combine them after the output's initial values;
    with sizes that are not constants, the host code decides as for rows.

    A `linalg.fill` of an output's whole buffer right before the reduction
    (nothing between them but fills of its other outputs and allocations)
    is folded into the kernel: the reduction starts from the fill's value
    instead of loading it, and the fill, which would be a kernel of its
    own, is gone.

    A launch with no outputs is skipped (under a guard when the count is
    not a constant). Left alone: ops with no reduction loop, and ops already
    in a `gpu.launch` or an `scf.parallel`.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "The most threads per block">,
    Option<"targetBlocks", "target-blocks", "int64_t", /*default=*/"512",
           "A row reduction with fewer outputs (of static sizes) is split "
           "so that about this many blocks share its rows">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def TenGPUVectorizeElementwisePass
    : Pass<"ten-gpu-vectorize-elementwise", "::mlir::func::FuncOp"> {
  let summary = "Run elementwise ops a 16-byte vector per iteration";
  let description = [{
    Replaces each elementwise `linalg` op of a host function (all loops
    parallel, a body of elementwise-mappable `arith`/`math` ops) whose
    buffers allow it by an `scf.parallel` whose iterations each handle a
    vector of consecutive points of the innermost loop: inputs and outputs
    contiguous along that loop are read and written with `vector.load` and
    `vector.store` of `vector-bytes` bytes (for the widest element type)
    carrying that alignment, which the NVPTX backend emits as 128-bit
    accesses (`ld.global.v4.b32`); inputs that do not vary along it
    (broadcasts) are read once and broadcast; the body is computed on
    vectors.

    It requires buffers with the identity layout, indexing maps that are
    projected permutations with the innermost loop as the innermost
    dimension of every operand that varies along it, an innermost loop
    whose size the vector length divides, and element types of whole bytes
    (not `i1`, whose vectors LLVM packs into bits). When the innermost size
    is not a constant, the vector loop runs under an `scf.if` that checks
    that the vector length divides it (every row then starts aligned), and
    the op as it was runs otherwise. The alignment it
    states holds for buffers that start 16-byte aligned, as GPU allocations
    and the arguments the runtime passes do. Left alone: every other op,
    and ops already in a `gpu.launch` or an `scf.parallel`.
  }];
  let options = [
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"16",
           "The bytes of the widest element type one access moves">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def TenGPUWrapSerialOpsPass
    : Pass<"ten-gpu-wrap-serial-ops", "::mlir::func::FuncOp"> {
  let summary = "Put linalg ops with no parallel loop in a one-iteration "
                "scf.parallel";
  let description = [{
    A `linalg` op on buffers with no parallel loop (on 0-d buffers, or a
    reduction to a scalar) lowers to plain loads, stores and `scf.for` loops
    in the host function, which cannot read GPU memory. This pass wraps each
    such op of a host function in an `scf.parallel` of one iteration, which
    `ten-gpu-map-loops` and `convert-parallel-loops-to-gpu` turn into a
    kernel. Ops with a parallel loop, and ops already inside an
    `scf.parallel` or a `gpu.launch`, are left alone.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def TenGPUDeviceMemoryPass : Pass<"ten-gpu-device-memory", "::mlir::func::FuncOp"> {
  let summary = "Put a host function's buffers in GPU memory";
  let description = [{
    Rewrites the buffers a host function allocates, frees and copies into
    their GPU forms: `memref.alloc` into `gpu.alloc`, `memref.dealloc` into
    `gpu.dealloc`, `memref.copy` into `gpu.memcpy`. The function's arguments
    and results live in GPU memory (the runtime copies them in and out); its
    kernels (`gpu.launch` bodies) read and write these buffers.

    A kernel cannot read a host global through its host address: each
    constant global that a kernel reads, or view of one with constant
    operands, is recomputed inside the kernel (`gpu-kernel-outlining` then
    copies the global into the kernel's module, in device memory). Scalar
    constants that a kernel reads are recomputed there too, so that its
    index arithmetic folds with the static shapes rather than dividing by a
    kernel argument. The host's own uses stay. Ops inside a `gpu.launch` are
    left alone.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def TenGPUCheckExternalCallsPass
    : Pass<"ten-gpu-check-external-calls", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Reject kernel modules that call functions nothing defines";
  let description = [{
    Math functions in kernels lower to calls into libdevice (`__nv_expf`),
    which serialization links from the CUDA toolkit at `cuda-path`. Where the
    toolkit has no libdevice, the calls would stay unresolved in the PTX and
    the module would fail to load on the GPU. This pass, on an LLVM-lowered
    `gpu.module`, reports each function that the module declares without a
    body (LLVM intrinsics aside) when `cuda-path` has no libdevice, naming
    the function and the path it looked in. With libdevice present, or with
    no external function declared, the module is left alone.
  }];
  let options = [
    Option<"cudaPath", "cuda-path", "std::string", /*default=*/"\"\"",
           "The CUDA toolkit whose nvvm/libdevice/libdevice.10.bc is linked">,
  ];
}

#endif // TEN_TRANSFORMS_PASSES_TD
