#!/usr/bin/env python3
"""Times the GPU workloads with ten and its peers in one run, on a GPU.

    bench/gpu.py [--tensor-run PATH] [--only W1,W8] [--runs 50]
    bench/gpu.py --smoke-cpu [--tensor-run PATH]
    bench/gpu.py --smoke-emulated [--tensor-run PATH]

The workloads of issue 4 at sizes 16 times larger in elements where they are
small (shapes of the same form), plus attention softmax(q k^T / sqrt(d)) v
with (batch 32, heads 8, seq 1024, dim 64) in f16. Each module is generated
here from its shapes.

For each workload: ten (`tensor-run --target=cuda --bench`: the device time
between CUDA events around the compiled function's work, inputs already on
the GPU, and the end-to-end time of a call as the host sees it, copies in
and out included), PyTorch eager and `torch.compile` (default mode), both
timed with CUDA events on tensors already on the GPU. Every ten result is
checked against PyTorch's first. The device's limits come from the same
run: device-to-device copy bandwidth (a 1 GiB copy_) and GEMM throughput
through cuBLAS (PyTorch's matmul, 8192^3) in f32, tf32 and bf16.

Each row: ten's device min and median, its rate (GB/s over the bytes that
must move, or TFLOP/s) and fraction of the limit, ten's end-to-end min, and
each peer's min with ten's speed-up over it (peer / ten; above 1, ten is
faster).

--smoke-cpu runs every generated module at small shapes on the CPU and
checks it against NumPy: the generator and the references are tested on
any machine. --smoke-emulated does the same through the GPU pipeline with
its kernels run on the host (`emulate-kernels`), which needs the test
driver: TEN_CUDA_DRIVER, TEN_CUBLAS and TEN_CUBLASLT naming
build/lib/libten-fake-cuda-driver.so, libten-fake-cublas.so and
libten-fake-cublaslt.so.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

try:
    import torch
except ImportError:
    torch = None

HERE = os.path.dirname(os.path.abspath(__file__))


def ttype(shape, dtype="f32"):
    return "tensor<" + "".join(f"{d}x" for d in shape) + dtype + ">"


def module(args, result, body):
    """`@main` of `args` [(name, shape, dtype)] returning `result`."""
    signature = ", ".join(f"%{n}: {ttype(s, t)}" for n, s, t in args)
    return (f"func.func @main({signature}) -> {ttype(*result)} {{\n"
            + "".join(f"  {line}\n" for line in body)
            + f"  return %y : {ttype(*result)}\n}}\n")


def elementwise_w1(shapes):
    (n,), = shapes
    t = ttype((n,))
    return module([("x", (n,), "f32")], ((n,), "f32"), [
        "%three = ten.constant dense<3.0> : tensor<f32>",
        f"%sq = ten.mul %x, %x : ({t}, {t}) -> {t}",
        f"%tx = ten.mul %x, %three : ({t}, tensor<f32>) -> {t}",
        f"%y = ten.add %sq, %tx : ({t}, {t}) -> {t}"])


def where_w2(shapes):
    shape, = shapes
    t, b = ttype(shape), ttype(shape, "i1")
    return module([("x", shape, "f32")], (shape, "f32"), [
        "%half = ten.constant dense<0.5> : tensor<f32>",
        "%two = ten.constant dense<2.0> : tensor<f32>",
        f"%p = ten.cmp gt, %x, %half : ({t}, tensor<f32>) -> {b}",
        f"%a = ten.mul %x, %two : ({t}, tensor<f32>) -> {t}",
        f"%d = ten.div %x, %two : ({t}, tensor<f32>) -> {t}",
        f"%y = ten.select %p, %a, %d : ({b}, {t}, {t}) -> {t}"])


def bias_relu_w3(shapes):
    m, (n,) = shapes
    t = ttype(m)
    return module([("m", m, "f32"), ("b", (n,), "f32")], (m, "f32"), [
        f"%s = ten.add %m, %b : ({t}, {ttype((n,))}) -> {t}",
        f"%y = ten.relu %s : {t}"])


def einsum(spec, out_shape, dtype="f32"):
    def make(shapes):
        args = [(f"a{i}", s, dtype) for i, s in enumerate(shapes)]
        operands = ", ".join(f"%a{i}" for i in range(len(shapes)))
        types = ", ".join(ttype(s, dtype) for s in shapes)
        out = out_shape(shapes)
        return module(args, (out, dtype), [
            f'%y = ten.einsum "{spec}" ({operands}) : ({types}) -> '
            f"{ttype(out, dtype)}"])
    return make


def reduce(kind, dims, dtype="f32"):
    def make(shapes):
        shape, = shapes
        out = tuple(d for i, d in enumerate(shape) if i not in dims)
        dims_text = ", ".join(str(d) for d in dims)
        return module([("x", shape, dtype)], (out, dtype), [
            f"%y = ten.reduce {kind} %x dims [{dims_text}] : "
            f"{ttype(shape, dtype)} -> {ttype(out, dtype)}"])
    return make


def softmax_lines(x, shape, dtype, name):
    rows, last = ttype(shape[:-1] + (1,), dtype), ttype(shape, dtype)
    axis = len(shape) - 1
    return [
        f"%{name}max = ten.reduce max %{x} dims [{axis}] keepdim : "
        f"{last} -> {rows}",
        f"%{name}sh = ten.sub %{x}, %{name}max : ({last}, {rows}) -> {last}",
        f"%{name}e = ten.exp %{name}sh : {last}",
        f"%{name}sum = ten.reduce sum %{name}e dims [{axis}] keepdim : "
        f"{last} -> {rows}",
        f"%{name} = ten.div %{name}e, %{name}sum : ({last}, {rows}) -> "
        f"{last}"]


def softmax_w8(shapes):
    shape, = shapes
    lines = softmax_lines("x", shape, "f32", "y")
    return module([("x", shape, "f32")], (shape, "f32"), lines)


def linear_relu_w10(shapes):
    (m, k), (_, n), _ = shapes
    out = ttype((m, n))
    return module([("x", (m, k), "f32"), ("w", (k, n), "f32"),
                   ("b", (n,), "f32")], ((m, n), "f32"), [
        f'%xw = ten.einsum "ij,jk->ik" (%x, %w) : ({ttype((m, k))}, '
        f"{ttype((k, n))}) -> {out}",
        f"%s = ten.add %xw, %b : ({out}, {ttype((n,))}) -> {out}",
        f"%y = ten.relu %s : {out}"])


def layer_norm_w11(shapes):
    (m, n), _, _ = shapes
    t, r, v = ttype((m, n)), ttype((m, 1)), ttype((n,))
    return module([("x", (m, n), "f32"), ("g", (n,), "f32"),
                   ("b", (n,), "f32")], ((m, n), "f32"), [
        f"%mean = ten.reduce mean %x dims [1] keepdim : {t} -> {r}",
        f"%d = ten.sub %x, %mean : ({t}, {r}) -> {t}",
        f"%sq = ten.mul %d, %d : ({t}, {t}) -> {t}",
        f"%var = ten.reduce mean %sq dims [1] keepdim : {t} -> {r}",
        "%eps = ten.constant dense<1.0e-5> : tensor<f32>",
        f"%ve = ten.add %var, %eps : ({r}, tensor<f32>) -> {r}",
        f"%inv = ten.rsqrt %ve : {r}",
        f"%n = ten.mul %d, %inv : ({t}, {r}) -> {t}",
        f"%s = ten.mul %n, %g : ({t}, {v}) -> {t}",
        f"%y = ten.add %s, %b : ({t}, {v}) -> {t}"])


def attention(shapes):
    (b, h, s, d), _, _ = shapes
    qkv, scores = ttype((b, h, s, d), "f16"), ttype((b, h, s, s), "f16")
    lines = [
        f'%s = ten.einsum "bhqd,bhkd->bhqk" (%q, %k) : ({qkv}, {qkv}) -> '
        f"{scores}",
        f"%scale = ten.constant dense<{1.0 / np.sqrt(d)}> : tensor<f16>",
        f"%ss = ten.mul %s, %scale : ({scores}, tensor<f16>) -> {scores}"]
    lines += softmax_lines("ss", (b, h, s, s), "f16", "p")
    lines.append(f'%y = ten.einsum "bhqk,bhkd->bhqd" (%p, %v) : ({scores}, '
                 f"{qkv}) -> {qkv}")
    return module([("q", (b, h, s, d), "f16"), ("k", (b, h, s, d), "f16"),
                   ("v", (b, h, s, d), "f16")], ((b, h, s, d), "f16"), lines)


def np_softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def np_layer_norm(x, g, b):
    mean = x.mean(axis=1, keepdims=True)
    d = x - mean
    return d / np.sqrt((d * d).mean(axis=1, keepdims=True) + 1e-5) * g + b


def np_attention(q, k, v):
    q, k, v = (a.astype(np.float32) for a in (q, k, v))
    s = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    return (np_softmax(s) @ v).astype(np.float16)


def torch_layer_norm(x, g, b):
    return torch.nn.functional.layer_norm(x, (x.shape[1],), g, b, 1e-5)


def torch_attention(q, k, v):
    return torch.nn.functional.scaled_dot_product_attention(q, k, v)


class Workload:
    def __init__(self, ident, name, make, gpu, small, numpy_fn, torch_fn,
                 dtype=np.float32, flops=None, gpu_flags=()):
        self.ident, self.name, self.make = ident, name, make
        self.gpu, self.small = gpu, small
        self.numpy_fn, self.torch_fn = numpy_fn, torch_fn
        self.dtype, self.flops = dtype, flops
        # tensor-run flags of the GPU run (the CPU smoke test takes none).
        self.gpu_flags = list(gpu_flags)


def gemm_flops(*sizes):
    return lambda shapes: 2.0 * np.prod(sizes, dtype=np.float64)


def bmm_out(shapes):
    return shapes[0][:-1] + shapes[1][-1:]


WORKLOADS = [
    Workload("W0", "x * y, 8 elements", einsum("i,i->i", lambda s: s[0]),
             [(8,)] * 2, [(8,)] * 2, lambda a, b: a * b,
             lambda a, b: a * b),
    Workload("W1", "x**2 + 3*x, 1.6e8", elementwise_w1, [(160_000_000,)],
             [(1000,)], lambda x: x**2 + 3 * x, lambda x: x**2 + 3 * x),
    Workload("W2", "where, 4000^2", where_w2, [(4000, 4000)], [(37, 41)],
             lambda x: np.where(x > 0.5, x * 2, x / 2),
             lambda x: torch.where(x > 0.5, x * 2, x / 2)),
    Workload("W2", "where, 16384^2", where_w2, [(16384, 16384)], [(64, 64)],
             lambda x: np.where(x > 0.5, x * 2, x / 2),
             lambda x: torch.where(x > 0.5, x * 2, x / 2)),
    Workload("W3", "relu(m + bias)", bias_relu_w3, [(16000, 512), (512,)],
             [(10, 12), (12,)], lambda m, b: np.maximum(m + b, 0),
             lambda m, b: torch.relu(m + b)),
    Workload("W4", "bij,bjk->bik", einsum("bij,bjk->bik", bmm_out),
             [(512, 100, 64), (512, 64, 128)], [(3, 5, 4), (3, 4, 6)],
             np.matmul, lambda a, b: torch.bmm(a, b),
             flops=gemm_flops(512, 100, 64, 128)),
    Workload("W5", "bhqd,bhkd->bhqk",
             einsum("bhqd,bhkd->bhqk", lambda s: s[0][:3] + s[1][2:3]),
             [(32, 8, 400, 64), (32, 8, 400, 64)],
             [(2, 3, 5, 4), (2, 3, 5, 4)],
             lambda q, k: q @ np.swapaxes(k, -1, -2),
             lambda q, k: q @ k.transpose(-1, -2),
             flops=gemm_flops(32, 8, 400, 400, 64)),
    Workload("W6", "sum 1.6e7 f64", reduce("sum", [0], "f64"),
             [(16_000_000,)], [(10_000,)], lambda x: np.sum(x),
             lambda x: torch.sum(x), dtype=np.float64),
    Workload("W7", "matmul 2000", einsum("ij,jk->ik", bmm_out),
             [(2000, 2000)] * 2, [(7, 9), (9, 5)], np.matmul,
             lambda a, b: a @ b, flops=gemm_flops(2000, 2000, 2000)),
    Workload("W7", "matmul 8192", einsum("ij,jk->ik", bmm_out),
             [(8192, 8192)] * 2, [(16, 8), (8, 16)], np.matmul,
             lambda a, b: a @ b, flops=gemm_flops(8192, 8192, 8192)),
    Workload("W8", "softmax 16384x4096", softmax_w8, [(16384, 4096)],
             [(9, 300)], np_softmax, lambda x: torch.softmax(x, dim=1)),
    Workload("W9", "ij,jk,kl 256/8192",
             einsum("ij,jk,kl->il", lambda s: (s[0][0], s[2][1])),
             [(256, 8192), (8192, 8192), (8192, 256)],
             [(4, 30), (30, 30), (30, 4)],
             lambda a, b, c: np.linalg.multi_dot([a, b, c]),
             lambda a, b, c: torch.linalg.multi_dot([a, b, c]),
             flops=lambda shapes: 2.0 * (256 * 8192 * 8192 + 256 * 8192 * 256)),
    Workload("W10", "relu(x@W+b)", linear_relu_w10,
             [(4096, 1024), (1024, 1024), (1024,)], [(6, 8), (8, 5), (5,)],
             lambda x, w, b: np.maximum(x @ w + b, 0),
             lambda x, w, b: torch.relu(torch.addmm(b, x, w)),
             flops=gemm_flops(4096, 1024, 1024)),
    # The ReLU in cuBLASLt's epilogue: one GEMM call, no kernel.
    Workload("W10", "relu(x@W+b) --fast-relu", linear_relu_w10,
             [(4096, 1024), (1024, 1024), (1024,)], [(6, 8), (8, 5), (5,)],
             lambda x, w, b: np.maximum(x @ w + b, 0),
             lambda x, w, b: torch.relu(torch.addmm(b, x, w)),
             flops=gemm_flops(4096, 1024, 1024), gpu_flags=["--fast-relu"]),
    Workload("W11", "layer norm 65536x1024", layer_norm_w11,
             [(65536, 1024), (1024,), (1024,)], [(7, 33), (33,), (33,)],
             np_layer_norm, torch_layer_norm),
    Workload("W12", "sum axis 0, 16384x4096", reduce("sum", [0]),
             [(16384, 4096)], [(300, 7)], lambda x: x.sum(axis=0),
             lambda x: x.sum(dim=0)),
    Workload("W12", "sum axis 1, 16384x4096", reduce("sum", [1]),
             [(16384, 4096)], [(7, 300)], lambda x: x.sum(axis=1),
             lambda x: x.sum(dim=1)),
    Workload("W12", "max last, 1024x512x512", reduce("max", [2]),
             [(1024, 512, 512)], [(3, 4, 50)], lambda x: x.max(axis=-1),
             lambda x: x.max(dim=-1).values),
    Workload("ATT", "attention 32x8x1024x64 f16", attention,
             [(32, 8, 1024, 64)] * 3, [(2, 2, 16, 8)] * 3, np_attention,
             torch_attention, dtype=np.float16,
             flops=gemm_flops(2, 32, 8, 1024, 1024, 64)),
]


def make_inputs(shapes, dtype, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(s).astype(dtype) for s in shapes]


def run_tensor_run(tensor_run, text, inputs, workdir, extra):
    """Runs the module on `inputs`; (result, stdout) or (None, error)."""
    path = os.path.join(workdir, "main.mlir")
    with open(path, "w") as f:
        f.write(text)
    command = [tensor_run, path, "--output=" + os.path.join(workdir, "y.npy")]
    for i, array in enumerate(inputs):
        np.save(os.path.join(workdir, f"x{i}.npy"), array)
        command.append("--input=" + os.path.join(workdir, f"x{i}.npy"))
    result = subprocess.run(command + extra, capture_output=True, text=True)
    if result.returncode != 0:
        return None, result.stderr.strip()
    return np.load(os.path.join(workdir, "y.npy")), result.stdout


def smoke(tensor_run, extra):
    """Every module at its small shapes (run by tensor-run with `extra`),
    against NumPy."""
    failures = 0
    with tempfile.TemporaryDirectory() as workdir:
        for w in WORKLOADS:
            inputs = make_inputs(w.small, w.dtype)
            got, out = run_tensor_run(tensor_run, w.make(w.small), inputs,
                                      workdir, extra)
            want = np.asarray(w.numpy_fn(*inputs))
            tolerance = 2e-2 if w.dtype == np.float16 else 1e-4
            ok = got is not None and np.allclose(
                got.astype(np.float64), want.astype(np.float64),
                rtol=tolerance, atol=tolerance)
            failures += not ok
            print(f"{w.ident:4} {w.name:30} {'ok' if ok else 'FAILED'}"
                  + ("" if ok or got is not None else f": {out}"))
    print(f"smoke: {len(WORKLOADS) - failures} passed, {failures} failed")
    return 1 if failures else 0


def time_cuda(fn, runs):
    """Min and median milliseconds of `fn` between CUDA events."""
    fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(runs):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    times.sort()
    return times[0], times[len(times) // 2]


def device_limits(runs):
    """Copy GB/s (read + write) and f32, tf32, bf16 matmul TFLOP/s."""
    src = torch.empty(1 << 28, dtype=torch.float32, device="cuda")
    dst = torch.empty_like(src)
    copy_ms, _ = time_cuda(lambda: dst.copy_(src), runs)
    copy = 2 * src.numel() * 4 / copy_ms / 1e6
    del src, dst
    gemm = {}
    n = 8192
    for name, dtype, tf32 in (("f32", torch.float32, False),
                              ("tf32", torch.float32, True),
                              ("bf16", torch.bfloat16, False)):
        torch.backends.cuda.matmul.allow_tf32 = tf32
        a = torch.randn(n, n, device="cuda", dtype=dtype)
        b = torch.randn(n, n, device="cuda", dtype=dtype)
        ms, _ = time_cuda(lambda: a @ b, max(3, runs // 5))
        gemm[name] = 2 * n**3 / ms / 1e9
    torch.backends.cuda.matmul.allow_tf32 = False
    return copy, gemm


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tensor-run", default=os.path.join(
        HERE, "..", "build", "bin", "tensor-run"))
    parser.add_argument("--only", default="",
                        help="comma-separated workload ids (W1,ATT)")
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--smoke-cpu", action="store_true",
                        help="check every module at small shapes on the CPU")
    parser.add_argument("--smoke-emulated", action="store_true",
                        help="check every module at small shapes through "
                             "the GPU pipeline, its kernels run on the host")
    parser.add_argument("--no-compile", action="store_true",
                        help="skip torch.compile")
    args = parser.parse_args()
    if args.smoke_cpu:
        return smoke(args.tensor_run, [])
    if args.smoke_emulated:
        return smoke(args.tensor_run,
                     ["--target=cuda",
                      "--pipeline-options=emulate-kernels=true"])
    if torch is None or not torch.cuda.is_available():
        print("bench/gpu.py: needs PyTorch with a CUDA device "
              "(--smoke-cpu runs without one)")
        return 1
    only = set(filter(None, args.only.split(",")))
    copy, gemm = device_limits(args.runs)
    print(f"device: {torch.cuda.get_device_name()}; copy {copy:.0f} GB/s; "
          f"cuBLAS matmul 8192: f32 {gemm['f32']:.1f}, tf32 "
          f"{gemm['tf32']:.1f}, bf16 {gemm['bf16']:.1f} TFLOP/s")
    print(f"peers: PyTorch {torch.__version__} eager and torch.compile; "
          "x = peer min / ten device min\n")
    header = (f"{'id':4} {'workload':30} {'ten min':>9} {'median':>9} "
              f"{'rate':>14} {'limit':>6} {'e2e min':>9}  peers (ms)")
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory() as workdir:
        for w in WORKLOADS:
            if only and w.ident not in only:
                continue
            inputs = make_inputs(w.gpu, w.dtype)
            tensors = [torch.from_numpy(a).cuda() for a in inputs]
            want = w.torch_fn(*tensors)
            peers = [("eager", lambda: w.torch_fn(*tensors))]
            if not args.no_compile:
                compiled = torch.compile(w.torch_fn)
                peers.append(("compile", lambda: compiled(*tensors)))
            cells = []
            timed = []
            for name, fn in peers:
                try:
                    best, _ = time_cuda(fn, args.runs)
                    timed.append((name, best))
                except Exception as error:  # a peer that fails is a cell
                    cells.append(f"{name} failed ({type(error).__name__})")
            got, out = run_tensor_run(
                args.tensor_run, w.make(w.gpu), inputs, workdir,
                ["--target=cuda", f"--bench={args.runs}"] + w.gpu_flags)
            problem = None
            if got is None:
                problem = out.splitlines()[-1] if out else "failed"
            else:
                tolerance = 2e-2 if w.dtype == np.float16 else 2e-3
                expected = want.float().cpu().numpy()
                if not np.allclose(got.astype(np.float32), expected,
                                   rtol=tolerance, atol=tolerance):
                    worst = np.max(np.abs(got.astype(np.float32) - expected))
                    problem = f"WRONG RESULT (max abs error {worst:g})"
            match = problem is None and re.search(
                r"min ([\d.]+) ms, median ([\d.]+) ms.*end to end min "
                r"([\d.]+) ms", out)
            if not match:
                print(f"{w.ident:4} {w.name:30} {problem or out}  "
                      + ", ".join(f"{n} {t:.3f}" for n, t in timed + []))
                continue
            best, median, end_to_end = (float(g) for g in match.groups())
            cells = [f"{n} {t:.3f} ({t / best:.2f}x)" for n, t in timed] + cells
            if w.flops:
                rate = w.flops(w.gpu) / best / 1e9
                limit_name = "bf16" if w.dtype == np.float16 else "f32"
                rate_text, limit = f"{rate:.1f} TFLOP/s", rate / gemm[
                    limit_name]
            else:
                moved = sum(a.nbytes for a in inputs) + got.nbytes
                rate = moved / best / 1e6
                rate_text, limit = f"{rate:.0f} GB/s", rate / copy
            print(f"{w.ident:4} {w.name:30} {best:9.3f} {median:9.3f} "
                  f"{rate_text:>14} {limit:6.0%} {end_to_end:9.3f}  "
                  + ", ".join(cells))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
