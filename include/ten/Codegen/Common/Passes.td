//===- Passes.td - ten code generation shared by every target -*- tablegen -*-===//
//
// Passes on linalg, loops and arith that every target's pipeline runs.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_CODEGEN_COMMON_PASSES_TD
#define TEN_CODEGEN_COMMON_PASSES_TD

include "mlir/Pass/PassBase.td"

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

    A producer with no input spanning its loops (`ten.iota`,
    `ten.random_bits`) fused into a reduction leaves the fused op an
    operand that nothing reads but whose shape gives the loops their
    bounds (the producer's init), never written, and its buffer disappears
    once the loops are lowered (a Monte-Carlo sum never writes its samples,
    however many of its operands are such producers).

    A producer read as it is written (the same loops, one result) is
    spliced into its consumer: a copy of its body goes before the
    consumer's, and its inputs take its place, without copying the
    consumer's body as upstream's fusion does for each producer, which was
    quadratic in a long chain (a binomial draw of 18 rejection rounds, 2344
    generics fused into 3: the pass took 4.7-4.9 s, 1.5-2.0 spliced).

    A producer with several users is not fused into a consumer whose body
    would then pass 512 operations: it is computed once. Recomputation
    without a bound grows the code with the number of paths through the
    graph, not its size: a chain `x, y = y, x + y` of 16 steps fused into
    2584 additions per element, and its compile time grew 2.6 times every
    two steps (27 s at 16 steps); with the bound, 538 additions, and 626 at
    60 steps. A random-number generator read by two consumers stays within
    the bound.

    The operations that such fusions copy are also counted over the whole
    operation the pass runs on (the module, in the pipelines), and once
    they pass the recomputation budget (4096, or twice the operations of
    its generics before fusion if more), producers with
    several users are computed once. The bound per consumer keeps the code
    linear in a chain's length, but not the pass's time: Euclid's algorithm
    unrolled to 92 steps (a 64-bit gcd), read by two consumers, ran for
    more than 5 minutes, each consumer gathering hundreds of operands and
    checked again after each of thousands of fusions; with the budget, 1.5
    s.

    Ops that are not elementwise (reductions, contractions) are never
    fused into their consumers: a reduction's result used twice is computed
    once. Unlike upstream `linalg-fuse-elementwise-ops`, reshapes are not
    propagated through generics: pushing a reduction's `keepdim`
    `tensor.expand_shape` onto its input would separate the reduction from
    its elementwise producer. Nor are unused inits replaced by
    `tensor.empty`: inside a block, an op's init is the slice of the result
    it writes in place.

    Where `library-math` (the CPU pipeline), a producer with several users
    that evaluates a math function that a library computes (`sin`, `exp`,
    `log1p`, `pow`...; not the `f32` ones of `inline-math`, which the
    pipeline expands in-line) is computed once: a loop's vector variant of
    the function (the host's vector math library) and the scalar function
    of another loop's remainder may round the same element differently, and
    two users would then see different values (`p == p.max()` of a softmax
    in `f64` matched no element of a row). So is a producer that a
    least-position reduction reads (an argmax's second reduction, which
    compares each element with the extremum its first found), whatever it
    evaluates.
  }];
  let options = [
    Option<"libraryMath", "library-math", "bool", /*default=*/"false",
           "Compute once the producers with several users that evaluate a "
           "math function of a library">,
    ListOption<"inlineMath", "inline-math", "std::string",
               "The f32 (and narrower) math functions, by op name, that the "
               "pipeline expands in-line (math.exp ...), which every loop "
               "computes alike">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
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

def TenExpandAtomicsPass : Pass<"ten-expand-atomics"> {
  let summary = "Expand the atomic integer products that LLVM lacks";
  let description = [{
    Rewrites each `memref.atomic_rmw` of kind `muli`, for which LLVM has no
    `atomicrmw` operation, into a `memref.generic_atomic_rmw` whose body
    multiplies: a compare-and-swap loop once lowered. Run after buffer
    deallocation, which cannot analyze ops with regions such as
    `memref.generic_atomic_rmw`. Other kinds are left alone, `mulf` too
    (the LLVM dialect's `cmpxchg` takes integers only).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def TenReadOnlyArgumentsPass
    : Pass<"ten-read-only-arguments", "::mlir::func::FuncOp"> {
  let summary = "Mark tensor arguments of functions as not writable";
  let description = [{
    Marks each tensor argument of a function `bufferization.writable =
    false`, so that bufferization never writes into the caller's buffers: a
    program's arguments are the caller's arrays, read in place, and `ten`'s
    ops are values (an insert into an argument, NumPy's `x[1:] = v` in a
    traced program, writes into a copy). Arguments already marked keep their
    mark.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def TenLowerDeallocationsPass : Pass<"ten-lower-deallocations"> {
  let summary = "Lower bufferization.dealloc to pointer comparisons and frees";
  let description = [{
    Rewrites each `bufferization.dealloc` into the comparisons of its
    buffers' base addresses, in registers, and an `scf.if` around each
    `memref.dealloc`. A buffer is freed once, where it first appears in the
    list, when any of the conditions of the entries that share its base
    holds and no retained buffer shares it; the updated condition of a
    retained buffer is the disjunction of the conditions of the entries that
    share its base. The comparisons are unrolled (entries times retained
    plus entries squared over two), where the upstream lowering of the
    general case fills arrays in memory and calls a helper function that
    reads them: on the GPU target the host's buffers are GPU memory, which
    the host cannot fill, and on the CPU the arrays are two allocations per
    free.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def TenStridedCopiesToLinalgPass : Pass<"ten-strided-copies-to-linalg"> {
  let summary = "Turn copies between strided buffers into linalg.copy";
  let description = [{
    Rewrites each `memref.copy` whose source or target is not one contiguous
    row-major block (a strided view: a slice, or the part of a concat's
    result that one input fills) into a `linalg.copy`, which becomes loops
    that the code generator compiles inline. Left as they are, such copies
    lower to calls of a C runtime function that `ten`'s programs do not
    link. Copies between contiguous buffers stay: they become `memcpy`.

    With `contiguous-views=false`, a copy stays only where both buffers are
    whole (row-major with no offset): the GPU's `gpu.memcpy` lowering passes
    a view's base address without its offset.
  }];
  let options = [
    Option<"contiguousViews", "contiguous-views", "bool", /*default=*/"true",
           "Leave copies between contiguous views at an offset to memcpy">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def TenShardArgumentsPass : Pass<"ten-shard-arguments", "::mlir::ModuleOp"> {
  let summary = "Turn the grid and the arguments' shardings into shard "
                "annotations";
  let description = [{
    A module whose `ten.grid` attribute (`array<i64: 2, 2>`: the sizes of
    the grid of processes, one per device) has more than one process runs
    partitioned over them: this pass declares the grid (`shard.grid
    @ten_grid`) and annotates each argument of each public function with its
    sharding, for upstream `sharding-propagation` and `shard-partition` to
    partition the function. An argument's `ten.sharding` attribute gives,
    per dimension, the grid axis it is split over, or -1 (`array<i64: 0,
    -1>`: rows over axis 0); an argument without one is replicated, as is
    every result unless its `ten.sharding` says otherwise. An intermediate's
    layout (`ten.shard`) becomes the annotation of its users
    (`annotate_for_users`): propagation then chooses how its producer makes
    it, and the partitioner moves the data between the two. A grid of one
    process (or none) leaves the module as it is, less the attributes and
    the `ten.shard` ops (each replaced by its input).

    Functions that the entry calls (private ones) run whole on every
    process: their `ten.shard` ops are replaced by their inputs.

    Refused with an error: a grid with a size below 1, a sharding (of an
    argument, a result or a `ten.shard`) of the wrong length or naming an
    axis that the grid lacks or twice, a split dimension whose size is not
    static or not a multiple of the processes along its axis, and on a grid
    of several processes a public function with an argument or result of
    dynamic shape (MLIR 22's propagation cannot follow their sizes).
  }];
  let dependentDialects = ["::mlir::shard::ShardDialect"];
}

def TenLowerCollectivesPass : Pass<"ten-lower-collectives",
                                   "::mlir::ModuleOp"> {
  let summary = "Lower a partitioned program's collectives to calls of the "
                "runtime";
  let description = [{
    After `shard-partition`, each process runs the function on its shards
    and exchanges data by `shard` collectives. This pass lowers them for the
    host's runtime (Collectives.h, on MPI): `shard.all_reduce`,
    `all_gather`, `reduce_scatter`, `all_to_all`, `broadcast` and `shift`
    become calls of `tenrtAllReduce`, `tenrtAllGather`, ... (one entry point
    per element type) on the input's buffer and a fresh result buffer (as
    the sort's call: `bufferization.to_buffer`, `memref.alloc`,
    `bufferization.to_tensor`), with the grid's sizes, a mask of the grid
    axes and the collective's attributes; `shard.all_slice` becomes a slice
    at this process's position, and the process's position comes from
    `tenrtProcessRank`. The grid declaration goes.

    With `backend=nccl` (the CUDA target: buffers in GPU memory), the
    calls are of the CUDA runtime's `tenCudaAllReduce`, ... (Nccl.h, on
    NCCL), and what NCCL cannot run as it is asked is rewritten first, on
    tensors: parts along an inner dimension moved to the front by a
    transpose (NCCL moves contiguous parts), reductions of 16-bit integers
    widened to 32 bits (NCCL has none), and float maxima and minima done on
    integer keys ordered as the floats, a NaN the largest key for a maximum
    and the smallest for a minimum (NCCL's drop NaNs; NumPy's propagate
    them).

    Refused with an error naming it: a collective the runtime does not have
    (gather, scatter, reduce, send, recv, update_halo), a reduction other
    than sum, product, max and min, grid axes out of increasing order (the
    runtime ranks a group's processes in the grid's order), a broadcast's
    root known only at run time, an element type the backend lacks (MPI:
    f16, bf16; both: fp8), sizes known only at run time, and an unknown
    backend.
  }];
  let options = [
    Option<"backend", "backend", "std::string", /*default=*/"\"mpi\"",
           "The collectives' runtime: mpi (the host's, on MPI) or nccl (the "
           "CUDA target's, on NCCL)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::affine::AffineDialect",
    "::mlir::cf::ControlFlowDialect",
  ];
}

def TenUnsplitLoopsPass : Pass<"ten-unsplit-loops", "::mlir::func::FuncOp"> {
  let summary = "Make whole the loops of a linalg op that the partitioner "
                "cannot split";
  let description = [{
    Between `sharding-propagation` and `shard-partition`: propagation may
    split a reduction loop of any linalg op, but the partitioner can split
    only a reduction whose parts combine by an all_reduce: one result, which
    no reduction loop indexes, accumulated by a sum, product, maximum or
    minimum (`arith.addf`, `mulf`, `maximumf`, `maxsi`, ... of the output and
    a value that does not read it), whose body reads no reduction loop's
    position (`linalg.index`). MLIR 22 crashes on the others (a complex
    argmax's two results, a complex sum, the least position of a maximum
    that an argmax of reals reduces after it) or partitions them wrongly (a
    scan, whose result the reduction loop indexes). For each such op, the
    annotations of its operands and results are rewritten whole along the
    dimensions its reduction loops index: its operands are gathered there
    and it runs whole on every process (its parallel loops stay split).
    NaN-propagating maxima (`cmpf` and `select`), boolean `any`/`all`,
    an argmax's positions, unsigned maxima and minima (`maxui`, `minui`: the all_reduce
    would compare the signless integers as signed) and NaN-ignoring ones
    (`maxnumf`) are among them.

    It also repairs what propagation leaves that the partitioner cannot
    take: operands and results without annotations get them (a destination
    as its tied result, anything else whole), and the operands of a linalg
    op are made to agree on which grid axis splits which loop (layouts the
    user stated can conflict: the rows of `x` and a `w` broadcast along its
    columns both over axis 0, in `x * w`): the destinations' layouts first,
    then the inputs' in order; an operand dimension that would split a
    loop otherwise, or over an axis another loop has, is read whole.
  }];
  let dependentDialects = ["::mlir::shard::ShardDialect"];
}

def TenStepwiseReshardingPass : Pass<"ten-stepwise-resharding",
                                     "::mlir::func::FuncOp"> {
  let summary = "Split a resharding that changes several dimensions into "
                "steps of one";
  let description = [{
    Between `sharding-propagation` and `shard-partition`: where a value's
    sharding changes (a `shard.shard` of one sharding feeding a
    `shard.shard` of another) in more than one dimension, inserts a pair of
    annotations per step in between, so that each step either changes one
    dimension or moves one dimension's split to a dimension that was whole
    (which the partitioner does in one all_to_all). MLIR 22's partitioner
    resharding `[[0], [1]]` to replicated gathers the first dimension alone
    and leaves a result of the wrong shape (`tensor<8x3xf64>` for
    `tensor<8x6xf64>`); step by step each is an all_gather, an all_slice or
    an all_to_all it does right. Moves go first, then splits that go are
    gathered, then new ones sliced, so that no layout on the way splits two
    dimensions over one axis (which the dialect refuses). Shardings with
    halos or explicit offsets are left alone.
  }];
  let dependentDialects = ["::mlir::shard::ShardDialect"];
}

def TenPartitionPass : Pass<"ten-partition", "::mlir::ModuleOp"> {
  let summary = "Partition a module over its grid of processes, if it has "
                "one";
  let description = [{
    The sharding stage as one pass: a module whose grid (`ten.grid`) has
    more than one process runs `ten-shard-arguments`; then, on each function
    with a body (upstream's partitioner refuses declarations), after its
    linalg ops on 0-d tensors are rewritten as ops on tensors of one element
    (MLIR 22 annotates an op without loops with shardings of no grid) and
    the tensors a linalg body reads at computed positions (a gather's
    source, which the partitioner does not see as an operand and would
    leave a process's block) are annotated whole,
    upstream `sharding-propagation` (forward first, so that the computation
    follows the arguments' layouts and the results are gathered at the
    end), `ten-unsplit-loops`, `ten-stepwise-resharding` and upstream
    `shard-partition`; then `canonicalize` and `ten-lower-collectives`. Any
    other module only loses its `ten.grid` and `ten.sharding` attributes and
    its `ten.shard` ops: upstream propagation refuses ops without a sharding
    model, so it must not see the programs that run on one process.
  }];
  let options = [
    Option<"backend", "backend", "std::string", /*default=*/"\"mpi\"",
           "The collectives' runtime, as ten-lower-collectives takes it: mpi "
           "or nccl">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::shard::ShardDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // TEN_CODEGEN_COMMON_PASSES_TD
