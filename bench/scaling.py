#!/usr/bin/env python3
"""Strong scaling of sharded programs on this machine, and the model of
docs/Scaling.md checked against it and extended to clusters.

    bench/scaling.py [--build build] [--runs 5] [--ranks 1,2,4]

Measures, with `mpirun -np N tensor-run --grid=N --bench` (one thread per
process when several share the machine's cores):

- the collectives alone (an all_gather and an all_reduce of 64 MiB), from
  which a latency and a bandwidth of MPI in shared memory are fitted;
- the workloads of the model: a matmul split by rows (its result kept
  split, or gathered whole) and along its contraction (an all_reduce), a
  batch-split attention, and a large sum;

and prints, for each, the slowest process's min time per process count, the
bytes the runtime counted per collective, and the model's prediction for the
same count (compute from the 1-process time, communication from the fitted
bandwidth); then the model's predictions for 8 to 1024 devices of two
cluster profiles (docs/Scaling.md states their assumptions).
"""

import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def module(signature, body, grid=None, result_sharding=None):
    """A module of one @main, with a grid attribute and a result sharding."""
    attributes = f" attributes {{ten.grid = array<i64: {grid}>}}" if grid \
        else ""
    result = signature[1]
    if result_sharding is not None:
        result += (" {ten.sharding = array<i64: "
                   + ", ".join(map(str, result_sharding)) + ">}")
    return (f"module{attributes} {{\n"
            f"func.func @main({signature[0]}) -> ({result}) {{\n{body}\n}}\n}}\n")


def matmul(n, kept_split=False, processes=1):
    t = f"tensor<{n}x{n}xf32>"
    return module((f"%a: {t}, %b: {t}", t),
                  f'  %c = ten.einsum "ij,jk->ik" (%a, %b) : ({t}, {t}) -> {t}\n'
                  f"  return %c : {t}",
                  grid=processes if kept_split else None,
                  result_sharding=(0, -1) if kept_split else None)


def attention(b, s, d):
    q = f"tensor<{b}x{s}x{d}xf32>"
    p = f"tensor<{b}x{s}x{s}xf32>"
    return module(
        (f"%q: {q}, %k: {q}, %v: {q}", q),
        f'  %s = ten.einsum "bqd,bkd->bqk" (%q, %k) : ({q}, {q}) -> {p}\n'
        f"  %m = ten.reduce max %s dims [2] keepdim : {p} -> tensor<{b}x{s}x1xf32>\n"
        f"  %x = ten.sub %s, %m : ({p}, tensor<{b}x{s}x1xf32>) -> {p}\n"
        f"  %e = ten.exp %x : {p}\n"
        f"  %z = ten.reduce sum %e dims [2] keepdim : {p} -> tensor<{b}x{s}x1xf32>\n"
        f"  %w = ten.div %e, %z : ({p}, tensor<{b}x{s}x1xf32>) -> {p}\n"
        f'  %o = ten.einsum "bqk,bkd->bqd" (%w, %v) : ({p}, {q}) -> {q}\n'
        f"  return %o : {q}")


def total(rows, columns):
    t = f"tensor<{rows}x{columns}xf32>"
    return module((f"%x: {t}", "tensor<f32>"),
                  f"  %s = ten.reduce sum %x dims [0, 1] : {t} -> tensor<f32>\n"
                  "  return %s : tensor<f32>")


def gather(elements):
    t = f"tensor<{elements}xf32>"
    return module((f"%x: {t}", t), f"  return %x : {t}")


def reduce_rows(rows, columns):
    t = f"tensor<{rows}x{columns}xf32>"
    r = f"tensor<{columns}xf32>"
    return module((f"%x: {t}", r),
                  f"  %s = ten.reduce sum %x dims [0] : {t} -> {r}\n"
                  f"  return %s : {r}")


BENCH = re.compile(r"min ([0-9.]+) ms, median ([0-9.]+) ms")
TRAFFIC = re.compile(r"(\w+) (\d+) x, (\d+) bytes")


def run(tool, text, processes, shards, runs, threads):
    """(min seconds of the slowest process, {collective: (calls, bytes)})."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        command = [tool, path, "--random-inputs=1", f"--bench={runs}",
                   f"--num-threads={threads}"]
        if processes > 1:
            command = ["mpirun", "-launcher", "fork", "-hosts", "localhost",
                       "-np", str(processes)] + command + [
                f"--grid={processes}"] + [f"--shard={s}" for s in shards]
        done = subprocess.run(command, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=1800)
    finally:
        os.unlink(path)
    if done.returncode:
        sys.exit(f"{' '.join(command)}:\n{done.stdout}{done.stderr}")
    found = BENCH.search(done.stdout)
    traffic = {}
    for line in done.stdout.splitlines():
        if "collectives of one run" in line:
            traffic = {name: (int(calls), int(size))
                       for name, calls, size in TRAFFIC.findall(line)}
    return float(found.group(1)) / 1e3, traffic


# The bytes each process sends in a collective of a payload of `size` bytes
# per process among `p` processes, and the steps it takes (each costing a
# latency), under the two algorithms MPI libraries and NCCL choose between:
# a ring (p - 1 steps for an all_gather, 2 (p - 1) for an all_reduce: the
# fewest bytes) and recursive doubling (log2 p steps: the fewest
# latencies). The model takes the faster.
def all_gather_cost(size, p):
    return (p - 1) * size, p - 1, math.ceil(math.log2(p))


def all_reduce_cost(size, p):
    return 2 * (p - 1) / p * size, 2 * (p - 1), math.ceil(math.log2(p))


COSTS = {"all_gather": all_gather_cost, "all_reduce": all_reduce_cost}


def collective_time(kind, size, p, latency, bandwidth):
    if p == 1:
        return 0.0
    wire, ring_steps, doubling_steps = COSTS[kind](size, p)
    ring = ring_steps * latency + wire / bandwidth
    # Recursive doubling sends the whole (growing or full) payload each
    # step: the all_gather's total is the ring's, the all_reduce's is
    # log2 p payloads.
    doubling_wire = wire if kind == "all_gather" else doubling_steps * size
    doubling = doubling_steps * latency + doubling_wire / bandwidth
    return min(ring, doubling)


def fit(points):
    """Latency and bandwidth from (bytes, seconds) points: least squares of
    seconds = latency + bytes / bandwidth."""
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    slope = sum((x - mean_x) * (y - mean_y) for x, y in points) / sum(
        (x - mean_x) ** 2 for x, _ in points)
    return max(mean_y - slope * mean_x, 0.0), 1 / slope


# Cluster profiles of the model (docs/Scaling.md states the sources).
PROFILES = {
    "H100 GPUs": dict(flops=40e12, memory=3.0e12, intra=450e9, inter=50e9,
                      per_node=8, latency=5e-6),
    "CPU nodes": dict(flops=15e12, memory=0.4e12, intra=25e9, inter=25e9,
                      per_node=1, latency=3e-6),
}


def predict(profile, workload, devices):
    """Seconds of one run of `workload` on `devices` of `profile`."""
    bandwidth = profile["intra"] if devices <= profile["per_node"] \
        else profile["inter"]
    latency = profile["latency"]
    kind, size = workload
    if kind == "matmul-split":
        return 2 * size ** 3 / (devices * profile["flops"])
    if kind == "matmul-gathered":
        return 2 * size ** 3 / (devices * profile["flops"]) + collective_time(
            "all_gather", 4 * size * size / devices, devices, latency,
            bandwidth)
    if kind == "matmul-contraction":
        return 2 * size ** 3 / (devices * profile["flops"]) + collective_time(
            "all_reduce", 4 * size * size, devices, latency, bandwidth)
    if kind == "attention":
        b, s, d = size
        flops = 4 * b * s * s * d
        # The scores are written and read back (4 passes over b*s*s).
        memory = 4 * 4 * b * s * s
        local = max(flops / profile["flops"], memory / profile["memory"])
        return local / devices + collective_time(
            "all_gather", 4 * b * s * d / devices, devices, latency, bandwidth)
    if kind == "sum":
        return 4 * size / (devices * profile["memory"]) + collective_time(
            "all_reduce", 4, devices, latency, bandwidth)
    raise ValueError(kind)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ranks", default="1,2,4")
    parser.add_argument("--cores", type=int, default=os.cpu_count())
    parser.add_argument("--matmul", type=int, default=2048)
    args = parser.parse_args()
    tool = os.path.join(args.build, "bin", "tensor-run")
    if not shutil.which("mpirun"):
        sys.exit("bench/scaling.py needs mpirun (MPICH)")
    ranks = [int(r) for r in args.ranks.split(",")]

    # The collectives alone, in shared memory.
    print(f"## Collectives in shared memory ({args.cores} cores)\n")
    print("| collective | processes | payload per process | min | model fit |")
    print("|---|---|---|---|---|")
    fits = {}
    for kind in ("all_gather", "all_reduce"):
        for p in [r for r in ranks if r > 1]:
            points = []
            for mib in (1, 16, 64):
                elements = mib * 2 ** 20 // 4
                if kind == "all_gather":
                    text, shards = gather(elements * p), ["0:0"]
                else:
                    text, shards = reduce_rows(p, elements), ["0:0,-"]
                seconds, _ = run(tool, text, p, shards, args.runs, 1)
                points.append((elements * 4, seconds))
            latency, bandwidth = fit(points)
            # The fitted line is of the payload; the model's bandwidth is of
            # the wire bytes.
            wire = COSTS[kind](1, p)[0]
            fits[(kind, p)] = (latency, bandwidth * wire)
            for (size, seconds) in points:
                print(f"| {kind} | {p} | {size / 2 ** 20:.0f} MiB | "
                      f"{seconds * 1e3:.2f} ms | latency {latency * 1e6:.0f} "
                      f"us, {bandwidth * wire / 1e9:.1f} GB/s on the wire |")
    print()

    n = args.matmul
    workloads = [
        (f"matmul {n}, rows split, result kept split",
         lambda p: matmul(n, kept_split=True, processes=p), ["0:0,-"],
         ("matmul-split", n)),
        (f"matmul {n}, rows split, result gathered",
         lambda p: matmul(n), ["0:0,-"], ("matmul-gathered", n)),
        (f"matmul {n}, contraction split",
         lambda p: matmul(n), ["0:-,0", "1:0,-"], ("matmul-contraction", n)),
        ("attention 32x512x64, batch split",
         lambda p: attention(32, 512, 64), ["0:0,-,-", "1:0,-,-", "2:0,-,-"],
         ("attention", (32, 512, 64))),
        ("sum of 8192x8192", lambda p: total(8192, 8192), ["0:0,-"],
         ("sum", 8192 * 8192)),
    ]
    # Timings on 1 to `cores` processes (1 thread each); more processes
    # than cores time-share them (marked "shared"): a process's min is then
    # a run that had a core to itself, not a step of the grid, and no model
    # is given for them.
    timed = [p for p in ranks if p <= args.cores]
    print("## Strong scaling on this machine\n")
    print("| workload | " + " | ".join(
        f"{p} process{'es' if p > 1 else ''}"
        + (f" (shared {args.cores} cores)" if p > args.cores else "")
        for p in ranks)
        + " | 1 process, " + f"{args.cores} threads | model, "
        + " | model, ".join(f"{p}" for p in timed if p > 1)
        + " | collectives of one run, per process |")
    print("|---|" + "---|" * (len(ranks) + len(timed) + 1))
    for name, make, shards, _ in workloads:
        times, models, moved = {}, {}, []
        for p in ranks:
            seconds, traffic = run(tool, make(p), p, shards, args.runs, 1)
            times[p] = seconds
            if p > 1:
                moved.append(f"{p}: " + (", ".join(
                    f"{kind} {calls} x {size / 2 ** 20:.2f} MiB"
                    for kind, (calls, size) in traffic.items()) or "none"))
            # Compute: the 1-process time over the processes; the
            # collectives by the fitted latency and bandwidth.
            model = times[1] / p
            for kind, (calls, size) in traffic.items():
                if (kind, p) in fits:
                    latency, bandwidth = fits[(kind, p)]
                    model += calls * collective_time(
                        kind, size, p, latency, bandwidth)
            models[p] = model
        threaded, _ = run(tool, make(1), 1, [], args.runs, args.cores)
        print(f"| {name} | " + " | ".join(
            f"{times[p] * 1e3:.2f} ms" for p in ranks)
            + f" | {threaded * 1e3:.2f} ms | "
            + " | ".join(f"{models[p] * 1e3:.2f} ms" for p in timed if p > 1)
            + f" | {'; '.join(moved)} |")
    print()

    print("## The model on clusters (one run, ms)\n")
    cluster = [("matmul 8192, rows split, result kept split",
                ("matmul-split", 8192)),
               ("matmul 8192, rows split, result gathered",
                ("matmul-gathered", 8192)),
               ("matmul 8192, contraction split",
                ("matmul-contraction", 8192)),
               ("attention 256x4096x128, batch split",
                ("attention", (256, 4096, 128))),
               ("sum of 2^32 f32", ("sum", 2 ** 32))]
    counts = [8, 16, 64, 256, 1024]
    for profile_name, profile in PROFILES.items():
        print(f"{profile_name}:\n")
        print("| workload | " + " | ".join(str(c) for c in counts) + " |")
        print("|---|" + "---|" * len(counts))
        for name, workload in cluster:
            times = [predict(profile, workload, c) * 1e3 for c in counts]
            print(f"| {name} | " + " | ".join(
                f"{t:.3g}" for t in times) + " |")
        print()


if __name__ == "__main__":
    main()
