//===- Passes.td - ten code generation for NVIDIA GPUs -*- tablegen -*-===//
//
// Passes that map loops, reductions and buffers onto a GPU and call cuBLAS
// through the CUDA runtime.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TARGET_CUDA_PASSES_TD
#define TEN_TARGET_CUDA_PASSES_TD

include "mlir/Pass/PassBase.td"

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
                "block per row for row reductions (a group of lanes for "
                "short rows), a thread per output otherwise";
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

    A short row (a static length of at most `max-lane-vectors` vectors, or
    elements, per lane of a warp) gets a group of lanes instead of a block:
    as many lanes as the row has vectors, rounded up to a power of two, at
    most a warp. A block holds as many such rows as fill `block-size`
    threads, fewer where that would run fewer than `target-blocks` blocks
    (at least a warp's worth). Each lane folds every group-th vector of its
    row, in a loop of constant trip count where each lane folds as many;
    the group's values are combined by warp shuffles (`gpu.shuffle xor`)
    alone, with no shared memory and no barrier (in the shuffles' type, as
    a block's are: an f16 sum adds the lanes' partial sums in f32), and its
    first lane stores the total. The lanes of rows past the last fold nothing but still take
    part in the shuffles.

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
    Option<"maxLaneVectors", "max-lane-vectors", "int64_t", /*default=*/"8",
           "Rows of a static length of at most this many vectors per lane of "
           "a warp get a group of lanes each rather than a block (0: a "
           "block per row always)">,
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

def TenGPUInnermostScanLoopsPass
    : Pass<"ten-gpu-innermost-scan-loops", "::mlir::func::FuncOp"> {
  let summary = "Make the scanned loops of scans innermost";
  let description = [{
    A scan (`ten.scan`: a `linalg.generic` with an init indexed along a
    reduction loop, see `isLinalgScan`) must run its reduction loops in
    order. `convert-linalg-to-parallel-loops` keeps the op's loop order, so
    a scan along a leading dimension would become a host `scf.for` that
    launches one kernel per step. This pass interchanges the loops of every
    scan on buffers so that its parallel loops come first, in their order,
    and its reduction loops last: each GPU thread then runs one whole scan,
    serially, in a kernel of its own. Ops that are not scans, and ops
    already in an `scf.parallel` or a `gpu.launch`, are left alone.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def TenGPUWrapSerialOpsPass
    : Pass<"ten-gpu-wrap-serial-ops", "::mlir::func::FuncOp"> {
  let summary = "Put the serial work of host functions in a one-iteration "
                "scf.parallel";
  let description = [{
    A `linalg` op on buffers with no parallel loop (on 0-d buffers, or a
    reduction to a scalar) lowers to plain loads, stores and `scf.for` loops
    in the host function, which cannot read GPU memory; so does an `scf.for`
    that a lowering builds over buffers (the compaction of `ten.nonzero`).
    So does an `scf.if` that sets an element under a host condition (the
    last index of a 0-d `ten.nonzero`), and so do a store or an atomic
    update of their own (a scatter into a 0-d index). This pass wraps each
    such op of a host function in an `scf.parallel` of one iteration, which
    `ten-gpu-map-loops` and `convert-parallel-loops-to-gpu` turn into a
    kernel of one thread. An `scf.for` or `scf.if` qualifies when it loads
    or stores buffer elements, launches nothing (no `linalg` op, call or GPU
    op), allocates nothing and has no result that the host uses; an op of
    its own, when it writes an element of GPU memory (not the host's stack)
    and the host uses no result of it. Ops with a parallel loop, loops that
    launch work (a sorting network's stages), loads (`ten-gpu-host-reads`
    copies the element), and ops already inside an `scf.parallel` or a
    `gpu.launch` are left alone.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def TenGPUHostReadsPass : Pass<"ten-gpu-host-reads", "::mlir::ModuleOp"> {
  let summary = "Read elements of GPU buffers on the host through copies";
  let description = [{
    The host functions of a module, whose buffers live in GPU memory
    (the runtime's declaration goes into the module), still read a few of
    their elements: the flag of a run-time check (an index out of range,
    found by a reduction on the device) or a size the data decide (the
    count of `ten.nonzero`). Each `memref.load` of a host function, outside
    kernels (`gpu.launch`, `scf.parallel`), becomes a copy of the element
    into a 0-d buffer on the host's stack (`memref.alloca`, in the
    function's frame) by `memref.copy`, a call of the runtime's
    `tenCudaSynchronize` (the copy is enqueued on the stream like every
    other operation, and the host must wait for it), and a load of the copy.
    An element of a buffer of rank 1 or more is first copied into a 0-d
    buffer of its own by a kernel of one thread. Run before
    `ten-gpu-device-memory`, which turns the copies, allocations and frees
    into their GPU forms. Loads of host memory (`memref.alloca`, constant
    globals) are left alone.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
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

    The host must not read or write an element of GPU memory itself: on a
    GPU that faults, while with the test driver (whose device memory is host
    memory) it would pass unnoticed. `ten-gpu-wrap-serial-ops` and
    `ten-gpu-host-reads` move such accesses into kernels and copies; an
    access that is left (an op outside kernels whose memory effects read or
    write a buffer other than the host's stack or a constant global) is an
    error.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def TenGPULibdeviceRemainderPass
    : Pass<"ten-gpu-libdevice-remainder", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Float remainders of kernels as calls of libdevice's fmod";
  let description = [{
    The NVVM lowering refuses LLVM's `frem` and calls libdevice's
    `__nv_fmodf`/`__nv_fmod` for `arith.remf` instead, but only where
    `arith.remf` reaches it: the pipeline lowers arith to LLVM before the
    kernels reach the NVVM lowering. This pass, on a `gpu.module`, rewrites
    each scalar `arith.remf` into the libdevice call first (declaring the
    function in the module). Other ops are left alone.

    ```mlir
    %r = arith.remf %x, %y : f32
    // becomes
    %r = llvm.call @__nv_fmodf(%x, %y) : (f32, f32) -> f32
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
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

def TenGPUReportKernelResourcesPass
    : Pass<"ten-gpu-report-kernel-resources", "::mlir::ModuleOp"> {
  let summary = "Tell what each launched kernel uses of an SM, and its "
                "occupancy";
  let description = [{
    Registers are allocated by ptxas, so what a kernel costs an SM is known
    only from its cubin. On a module whose `gpu.module`s carry an NVVM
    target and whose kernels are lowered to LLVM (just before
    `gpu-module-to-binary`), this pass assembles each kernel module into a
    cubin with the toolkit at `cuda-path` and, at each `gpu.launch_func`,
    emits a remark naming the kernel and its chip, its registers per thread,
    its shared memory (static, plus the launch's dynamic amount), its local
    memory per thread (the stack frame, where spills go) and, when the
    launch's block size is a constant, the blocks an SM holds at once, the
    occupancy (active warps of the SM's maximum) and what limits it:
    threads, blocks, registers or shared memory. The limits are those of
    the CUDA C++ Programming Guide's table of compute capabilities.

    Where the module cannot be assembled (no ptxas), each launch's remark
    says why instead. The IR is left unchanged; `ten-nvvm-pipeline` runs
    this pass with `explain`.
  }];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
  let options = [
    Option<"cudaPath", "cuda-path", "std::string", /*default=*/"\"\"",
           "The CUDA toolkit whose ptxas assembles the kernels">,
  ];
}

#endif // TEN_TARGET_CUDA_PASSES_TD
