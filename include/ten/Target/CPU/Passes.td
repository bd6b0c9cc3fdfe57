//===- Passes.td - ten code generation for the CPU -*- tablegen -*-===//
//
// Passes on linalg and loops that make the CPU code fast: threads, loop
// orders, vector kernels, prefetches, approximate math.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TARGET_CPU_PASSES_TD
#define TEN_TARGET_CPU_PASSES_TD

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

def TenSplitNaNMinMaxPass
    : Pass<"ten-split-nan-min-max", "::mlir::func::FuncOp"> {
  let summary = "Carry a NaN-propagating minimum or maximum as one that "
                "ignores NaN and a flag of the NaN seen";
  let description = [{
    A reduction by NumPy's `max` or `min` (`arith.maximumf`,
    `arith.minimumf`: NaN wins) costs x86 several instructions an element:
    its vector form orders signed zeros and picks the NaN operand apart from
    the comparison. Carried through an `scf.for` that only updates it with
    such an op, the accumulator becomes two: one updated by `arith.maxnumf`
    or `arith.minnumf` with `nnan` and `nsz` (a single `vmaxps`/`vminps`:
    what it gives for a NaN operand is never used), and the largest
    magnitude seen as an integer (`maxui` of the bits without the sign, of
    the elements and the initial value: a NaN's are above infinity's, and
    an integer maximum needs no mask registers). After the loop, the result
    is NaN where that magnitude is above infinity's, else the accumulator:
    the same value as before,
    but for the sign of a zero among equal zeros, which NumPy leaves to its
    order of operations too.

    Left alone: accumulators with other uses in the loop, integer ones,
    floats without an infinity (`f8E4M3FN`, whose NaN is its largest
    magnitude), and loops where the op combines two values of the
    iteration.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TenStackBuffersPass : Pass<"ten-stack-buffers", "::mlir::func::FuncOp"> {
  let summary = "Allocate small buffers that never leave their function on "
                "the stack";
  let description = [{
    Bufferization gives every intermediate a `memref.alloc`, and a block of
    a fused loop nest allocates its small ones (a layer norm's means and
    variances of 8 rows: 32 bytes each) in every iteration of the block
    loop: a `malloc` and a `free` each, and, with several threads,
    contention on the C library's locks (W11: 3 of each per block of 8 rows,
    8% of the run in `malloc`, `free` and their mutexes).

    A `memref.alloc` of at most `max-buffer-bytes` bytes becomes a
    `memref.alloca` (its `memref.dealloc`s go) when its buffer cannot
    outlive the function: every use of it, or of a view of it
    (`ViewLikeOpInterface`, followed to the views' uses), reads or writes
    its elements (an op with memory effects, not a call, not a terminator,
    not one that frees it, with no result that could hold a reference to it:
    no memref, tensor or pointer result;
    `memref.extract_aligned_pointer_as_index` is refused), or is a
    `memref.dealloc`. A size known only at run time in the leading dimension
    takes its evident bound (a constant result of an `affine.min`, as a
    block loop's last, shorter block has; a minimum or choice of bounded
    sizes; the size of another such buffer): the stack buffer has the
    bound's rows, and a `memref.reinterpret_cast` views its leading rows as
    the allocation's type. The buffers of a function together stay within
    `max-function-bytes`, taken in program order, so that a long program
    cannot overflow a thread's stack.

    Run before the deallocation pass (which frees heap buffers only). The
    alloca stays where the alloc was; `ten-hoist-stack-buffers` must run
    later to move it out of loops, where each iteration would grow the
    stack.

    Left alone: sizes without such a bound, or dynamic in another dimension
    (the view's strides would not be constants), buffers in another memory
    space or with a non-identity layout, buffers returned, yielded from a
    region, passed to a call or stored as a value.
  }];
  let options = [
    Option<"maxBufferBytes", "max-buffer-bytes", "int64_t",
           /*default=*/"4096", "The largest buffer that goes on the stack">,
    Option<"maxFunctionBytes", "max-function-bytes", "int64_t",
           /*default=*/"65536",
           "The most bytes of stack buffers in one function">,
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def TenHoistStackBuffersPass : Pass<"ten-hoist-stack-buffers"> {
  let summary = "Move static stack buffers to the entry of their function or "
                "parallel region";
  let description = [{
    A `memref.alloca` inside a loop takes new stack space in every
    iteration, and `convert-scf-to-openmp` wraps the body of a worksharing
    loop that allocates on the stack in a `memref.alloca_scope`, whose
    single block cannot hold the control flow of the loops inside it.

    Every `memref.alloca` of a static shape (it has no operands) moves to
    the start of the entry block of the function or `omp.parallel` region
    around it (which each thread runs once), out of any loop, conditional
    or `memref.alloca_scope` in between. (Loops carry the
    `AutomaticAllocationScope` trait, but nothing frees a stack allocation
    at the end of an iteration when they are lowered.)
    A buffer allocated in every iteration of a loop then is allocated once
    (per thread, inside a parallel region) and reused by the iterations,
    which is the same program: a fresh allocation's contents are undefined,
    and no iteration's buffer is used by another. An `alloca_scope` left
    without allocations is inlined by the canonicalizer.

    Run after `convert-scf-to-openmp` (where threads are used): before it,
    the enclosing scope of an `scf.parallel` body is the function, and all
    threads would share one buffer. Allocas with dynamic sizes are left
    where they are.
  }];
}

def TenPromoteCarriedScalarsPass
    : Pass<"ten-promote-carried-scalars", "::mlir::func::FuncOp"> {
  let summary = "Keep in a register the element that an innermost loop "
                "loads and stores in every iteration";
  let description = [{
    A scan along rows runs as `for i: for j: c = carry[i] + x[i, j];
    carry[i] = c; y[i, j] = c`: every element pays a store of the carry and
    a load that must wait for it. LLVM would keep `carry[i]` in a register,
    but inside an OpenMP region the buffers arrive as loads from the
    region's context, and it cannot tell that the store to `y` leaves
    `carry` alone.

    In an innermost `scf.for` (no region in its body) whose only memory
    effects are scalar `memref.load`s and `memref.store`s, each element that
    the loop stores to at a memref and indices defined outside it is loaded
    once before the loop, carried through its iterations as an `iter_args`
    value (a load in the body reads the value last stored) and stored once
    after it, if the element lies in a fresh allocation (`memref.alloc` or
    `memref.alloca`, or a view of one) and every other access of the loop is
    to another allocation or to a function argument, which the allocation
    cannot be. The loop computes the same values in the same order: the
    results are bitwise the same.

    Left alone: elements of function arguments, loops that touch another
    view of the same allocation, loops with calls or other effects, and
    elements whose indices change with the loop.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect"];
}

def TenJamReductionLoopsPass
    : Pass<"ten-jam-reduction-loops", "::mlir::func::FuncOp"> {
  let summary = "Unroll and jam the loops that reductions run along, so that "
                "each accumulator is loaded and stored once per `factor` "
                "updates";
  let description = [{
    A sum over the rows of a matrix (axis 0) runs as `for i: for j: acc[j] =
    acc[j] + x[i, j]`: for every element of `x`, a load and a store of its
    accumulator besides its own load. This pass unrolls the outer loop by
    `factor` and jams the copies into the inner loop, which then updates
    each accumulator `factor` times between one load and one store (LLVM
    forwards the stores in between), with `factor` rows streamed at once.
    Each accumulator takes its updates in the same order as before: the
    results are bitwise the same.

    It applies to an `scf.for` with a constant trip count, a multiple of
    `factor`, whose body is one `scf.for`, itself without loops or side
    effects besides scalar loads and stores, which stores to at least one
    fresh allocation (`memref.alloc` or `memref.alloca`, or a view of one)
    at one list of indices that holds the inner induction variable and not
    the outer one, loads from that buffer only at those indices, and reads
    no other view of a buffer it writes. The iterations of the inner loop
    then touch distinct accumulators, and running those of several outer
    iterations together reorders nothing that any element sees.

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
    kernel), the outermost on a tie. Where the larger input is not known
    until the op runs (a GEMM `x(?, k) @ w(k, n)` of rows unknown until
    then), the op becomes an `scf.if` over both splits, which compares the
    inputs' sizes when it runs: 32 rows of `x` against a 2048 x 2048 `w`
    split along `n`, each thread packing half of `w`, where a split along
    the rows would have each thread pack all of it.

    The `linalg.fill` that initializes an op's result is split with the
    op, inside its `scf.forall`: each thread fills the tile it then works
    on (each branch of a choice at run time has its own).

    A reduction is split along its reduced loop instead when it has no
    parallel loop to split (a sum to a scalar), or when its parallel loop
    runs along the rows of its input (a sum over axis 0), each thread's part
    of a row would be shorter than a page (4 KiB) or of a size unknown
    until it runs, and its result is small beside that input: splitting the
    parallel loop would give each thread a short strided part of every row.
    (Parts of a page or more stream as well as whole rows, and need no
    combining pass: a sum over axis 0 of 4096 x 4096 floats takes 1.05-1.08
    ms split by columns against 1.14-1.15 by rows, 2 threads.) Each thread then reduces its own
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
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Report as a remark how each op is split over threads, or why "
           "it stays on one">,
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
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Report each op computed in blocks with its reductions as a "
           "remark">,
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
    op, or along whose loop no input is contiguous (`W @ x`, rows of `W`
    times a vector, stays a dot product along each row: walking down `W`'s
    columns took 2.78 ms for a 2048 x 2048 `W`, the dot products 0.31), and
    ops that are not contractions, are left alone.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def TenShareContractionKernelsPass
    : Pass<"ten-share-contraction-kernels", "::mlir::ModuleOp"> {
  let summary = "Compile one contraction kernel for every contraction of "
                "the same shapes and layout";
  let description = [{
    Each contraction that `ten-contraction-kernel` turns into a kernel
    becomes a loop nest of a few thousand operations, specialized to its
    operands' types. Programs often hold several of the same type: an
    einsum of several operands carries every order it may choose when it
    runs, each of its GEMMs split over threads in two ways (W9 with every
    size dynamic: 8 sites of one kernel), and a model's layers repeat
    theirs. Each was compiled on its own.

    This pass finds the contractions that the kernel takes which match
    another one: the same op (indexing maps, iterator types, body), the same
    operand types up to their offsets (the kernel reads shapes and strides,
    never offsets), and the same `linalg.fill` right before it (one the
    kernel folds: none, a fill of the same constant, or a fill of a value
    that each site passes). Each group of at least two becomes one private
    function, `ten_contraction_kernel`, of operands of those types with
    dynamic offsets, which holds the fill (a constant one as such) and the
    op; each site casts its operands and calls it. The kernel pass then
    compiles the op once, in that function. A contraction that matches no
    other stays where it is, as the kernel inlined in its context has
    always run.

    Contractions whose body reads values from outside it are left alone.
  }];
  let options = [
    Option<"explain", "explain", "bool", /*default=*/"false",
           "Report each contraction that calls a shared kernel as a "
           "remark">,
  ];
  let dependentDialects = [
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
  ];
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

    - the depth `k` is cut into blocks of `depth-block` `f32` elements, or
      as many bytes of another type (`f64` blocks are half as deep: its
      GEMMs of 2048 ran in 0.94-0.96 of the time with blocks of 128 rather
      than 256, those of 32 to 512 rows x 2048 x 2048 in 0.91-0.98), half
      of it for at most 128 rows (chosen at run time where the rows are
      unknown until then: a GEMM of 32 to 64 rows ran 8-20% faster so),
      the columns `n` into blocks of about `block-kib` KiB of packed `B`;
    - where every row of `C` is in one row tile (a known number of rows
      at most `mr`, which then is the tile's height) and `B` is contiguous
      along `n`, `B` is read where it lies, each step of the kernel
      loading its row of the panel and prefetching the row of the panel
      that runs next: each element of `B` is read once, and packing would
      only copy it (x(4, 2048) @ W(2048, 2048): 0.62 ms packed in tiles of
      6 rows, 0.36 ms so). So do the row tiles of at most 64 rows of `f32`
      (known at compile time), the tiles after the first reading `B` from
      the L2 cache: packing, which so few rows would not amortize, is left
      out (x(m, 2048) @ W(2048, 2048), 2 threads, Zen 4, against packing
      under the tiles: 16 rows 0.67-0.70 of the time, 48 rows 0.84-0.94, 64
      rows 0.93-0.95; 128 rows 1.04-1.06, and `f64` of 32 rows 1.03, pack),
      except in more than 2 row tiles whose panels take at most 8 KiB
      (AVX2's 16 columns of `f32` at a depth of 128): each tile then
      brought the whole block of `B` from the L2 cache, 6 rows of FMAs per
      line, faster than the L2 cache delivers them (W9 64/2048, 11 tiles:
      75% of the FMA peak). There every row tile runs under one panel
      before the next, `A`'s depth block packed for every tile first; the
      first tile reads the panel from `B` where it lies and stores it into
      a buffer of one panel, which the other tiles read from the L1 cache,
      each bringing a share of the next panel's rows into the L2 cache
      (x(m, 2048) @ W(2048, 2048) for AVX2, 2 threads, Zen 4: 16 rows 0.73
      of the time, 32 rows 0.75, 48 rows 0.92, W9 64/2048 0.89-0.90;
      packing whole blocks of `B` under the tiles instead took 1.05 of
      it). In more than 4 tiles of larger panels (AVX-512's 64 rows in 8
      tiles of 32 columns), the tiles reading `B` bring in a share each of
      the next depth block's rows of `B`, as packing's do (0.82-0.93 of
      the time). A single row (a vector times a matrix) is left
      to the loop lowering, which streams `B` row by row into the row of
      `C` (0.25 ms for that `W`, against 0.36 in a tile of one row). Where
      the rows are unknown until the op runs, the op chooses then: one row,
      a copy of the op left to the loop lowering (whatever `B`'s layout:
      `x @ W.T` of one row, 0.72 to 0.29 ms); at most `register-rows`, and
      `B` contiguous along `n`, the kernel reading `B` where it lies, in
      tiles of 8 rows; at most the rows of dot products (below), and both
      operands contiguous along the depth, dot products; more, the packed
      kernel (x(m, 2048) @ W: 0.94 to 0.26 ms for one row, 0.91 to 0.39
      for 4, 0.93 to 0.39 for 8);
    - where `A` and `B` are both contiguous along the depth (a linear
      layer's `x @ W.T`, the attention scores of a few queries) and the
      rows are few (at most 24: past 32 rows of `f32`, or 24 of `f64`,
      tiles were faster), every column of `C` is
      a dot product along the depth, and neither operand is packed: rounds
      of as many outputs as a vector has lanes (4 rows x 4 columns of
      `f32` in 512-bit vectors, 2 x 4 in 256-bit ones), each pair summed in
      a vector of its own over depth blocks of 2 KiB of each row, whose
      lanes are folded into the round's outputs at the end of the block.
      x(m, 2048) @ W.T (W 2048 x 2048, 2 threads, AVX-512), tiles against
      dot products: `f32` of 4 rows 0.64 to 0.30 ms (PyTorch 0.61), of 12
      rows 0.77 to 0.47 (PyTorch 1.19), of 24 rows 1.06 to 0.96; `f64` of
      12 rows 1.43 to 1.20; `f32` in 256-bit vectors, 12 rows 0.91 to 0.68;
    - otherwise each block of `B` is copied once into a buffer of panels
      `[panel][k][nr]`, zero-padded past the last column, so that the
      kernel reads it with unit stride whatever `B`'s layout (a transposed
      `B`, contiguous along the depth: square blocks of a vector's elements,
      16 x 16 `f32` in 512-bit vectors, 8 x 8 in 256-bit ones, 8 x 8 or
      4 x 4 `f64`, read as vectors along the depth and transposed in
      registers, first within 128-bit lanes by unpacks, then whole lanes
      (for 16 x 16, four rounds of 16 shuffles; W5 in `f64` 2.45 to 2.22
      ms, and in `f32` with 256-bit vectors 1.56 to 1.26, against a column
      at a time); other layouts, and the depths past the last whole block,
      a column of the panel at a time);
    - a tile of `mr` x `nr` results (`nr` = two vectors of `vector-bits`;
      `mr` for a known number of rows: from `register-rows` down to two
      thirds of it (not below 8), the height that pads the fewest rows of
      the last tile, the taller on a tie, or down to half of
      `register-rows` where that would still pad more than a sixteenth of
      the rows: 100 rows in tiles of 10, 1024 in tiles of 8, not 12 (W7
      2048 on a Zen 4 host, 2 threads: 81.3 -> 78.7 ms; W9 512 2.50 ->
      2.40; W10 2.55 -> 2.45); where the rows are unknown
      until run time, a last tile of at most half of `mr` rows is half as
      high, so that 64 rows in tiles of 12 compute 66, not 72: W9 64/2048
      with every size dynamic 2.29 -> 2.13 ms, W5 1.31 -> 1.21, for 7-10%
      more compile time) stays in vector registers over the whole depth
      block:
      each step loads one row of the panel, broadcasts one element of `A`
      per row and issues one vector FMA per row and vector; a last panel of
      at most `nr / 2` columns gets a tile of one vector a row, and with
      512-bit vectors one of at most `nr / 4` a tile of one 256-bit vector
      a row (Zen 4 runs a 512-bit FMA as two 256-bit halves; a 128-bit
      FMA costs as much as a 256-bit one on every x86 core, so AVX2 gets
      no such tile): attention scores of 100 queries against 40 keys, 32 x
      8 heads, 64 deep, ran in 0.88-0.89 of the time (not where `B` is
      read where it lies, below: that kernel waits on memory, and one tile
      width halves its code);
    - each row tile first copies its `mr` rows of `A` in the depth block
      into a small buffer that the broadcasts read: `[row][k]`, a vector
      at a time, for an `A` contiguous along the depth; `[k][row]`, one
      masked load per depth, for an `A` contiguous along the rows (a
      transposed `A`, which the broadcasts would otherwise read a cache
      line per row and depth: `ji,jk->ik` of 1024 x 1024 f32 went from
      8.5 to 6.3 ms, 2 threads); an element at a time otherwise. Rows of
      `A` a power of two apart no longer share the L1 cache's sets with
      each other and the panel streaming through them. Not where `A` is
      contiguous along the depth with its rows at most a packed row apart
      (W4's and W5's rows of 64 f32: its tile is as compact already, and
      copying it cost 2-4%);
    - where both `A` and `B` are contiguous along the depth (and a vector
      holds at least 4 elements), a last panel of at most 4 columns is
      neither packed nor tiled but runs as the dot products above (4 rows
      and 4 columns at a time for `f32` in 512-bit vectors: attention
      scores of 100 keys would otherwise spend a 16-wide tile's FMAs on 4
      columns);
    - where `B` is contiguous along `n`, each tile first prefetches its
      share of the rows of `B` that the next depth block packs, so that
      reading `B` from memory runs under the kernels rather than alone
      before them (a GEMM of few rows packs as much `B` as one of many);
    - where moreover the rows are few (at most 128, known at compile time)
      and there is more than one block, counting those of every iteration
      of the outer (batch) loops, the blocks of `B` go into two buffers in
      turn: the tiles of one block pack the next, the last block of a batch
      the first of the next batch (each tile against each panel an even
      share of whole rows, in groups of at most 8 rows of `B`, a panel
      after another), whose rows the tiles of the block before
      prefetched. Packed alone before its tiles, a block of
      x(64, 2048) @ W(2048, 2048) took 14% of the time in `f32` (perf, 2
      threads, Zen 4); under the tiles, the `f64` GEMM ran in 0.94 of the
      time, and one of 128 rows of `f32` in 0.975; W4's batch of 32 GEMMs
      of 100 x 64 x 128, each one block, went from 298 to 305 GFLOP/s (2
      threads, AVX-512);
    - in a batch of GEMMs whose first blocks (rows of `A` and of `B`, sizes
      known at compile time) take at most twice `block-kib`, the last block of
      each GEMM prefetches, each row tile its share, the first block of the
      next one into the L2 cache (of `B`, only where packing does not read
      it under those tiles) (W5's 256 GEMMs of 100 x 64 x 100 ran at
      72% of the FMA peak, 16 of them, in the cache, at 92%: 0.97-0.98 of
      the time with the prefetches; into the L2 cache rather than the L1,
      whose fill buffers the prefetches held while their lines came from
      L3, 0.97 again on an Intel Xeon with AVX-512);
    - where `A` or `C` would leave the cache between two uses (a block of
      `A`, or a sweep of `C` over a column block, of more than twice
      `block-kib`; tested when the op runs where a size is unknown until
      then: prefetching what was still in the cache, W4 with every size
      unknown took 0.179 ms, not 0.171, and W5 1.30 ms, not 1.22), each
      tile also prefetches its share of the rows of `A` that the next row
      tile reads (the lines of a depth block, or of `K` where shorter) and
      the tile of `C` that comes next, whose loads would otherwise stall the
      start of every tile;
    - in the first depth block, with the fill folded (below), each tile
      prefetches the next tile of `C` for writing where the whole `C`
      (every GEMM of a batch) takes more than four times twice
      `block-kib`: the code before the op has left it, and each tile's
      stores would wait for its lines (W5, 5 MiB of `C` a thread on Zen 4:
      0.87-0.93 of the time; W4 with 128 GEMMs 0.89-0.94; W4's own 0.8 MiB
      had been 2.5% slower with the prefetches);
    - tiles at the edges of `C` use masked loads and stores, and rows past
      the end read the last row of `A` (zeros, for a transposed `A`) and
      store nothing, so any size works, dynamic ones included; a whole tile
      (and the whole vectors of a row of `A` it packs) stores without masks,
      and a tile that reads `B` where it lies loads it without masks unless
      it is at the right edge (with AVX2, the masks took two of the 16
      registers and were reloaded from the stack at every depth: W9 64/2048
      0.80 of the time with both changes, against 0.87 with the stores
      alone).
      A masked store is one instruction with AVX-512's mask registers, but
      AVX2's `vmaskmovps` to memory is dozens of micro-ops on AMD's cores:
      compiled for AVX2 on a Zen 4 (`TEN_HOST_VECTOR_BITS=256`), W7 2048
      ran in 0.88 of the time without them, W4 in 0.77, W5 in 0.74 and W9
      64/2048 in 0.87 (`bench/compare_builds.py`, 2 threads); with
      AVX-512, 0.99-1.01.

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
           "Width of the target's vector registers in bits (a power of "
           "two, at least 64)">,
    Option<"registerRows", "register-rows", "int64_t", /*default=*/"6",
           "Most rows of the result tile kept in registers">,
    Option<"depthBlock", "depth-block", "int64_t", /*default=*/"256",
           "Depth of a block of the reduction, in f32 elements (as many "
           "bytes of other types)">,
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

#endif // TEN_TARGET_CPU_PASSES_TD
