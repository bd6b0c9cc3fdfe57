#!/usr/bin/env python3
"""Runs the functions of a .mlir file with tensor-run and checks each result
against NumPy's on the same inputs.

A function is checked when the file has NumPy lines for it:

    // NUMPY @main: x = rand(4, 5); b = rand(5)
    // NUMPY @main: args = [x, b]; results = [np.maximum(x + b, 0)]

The lines of one function are joined and run as Python with `np`, `ml_dtypes`
(if installed) and the helpers below in scope; they set `args` and `results`,
and may set `rtol` and `atol`. Inputs are made with a fixed seed. Each
function runs once: lines that set `args` or `results` twice for one
function are refused (the later would silently replace the earlier case;
check another case with a function of its own, or more arguments).

    check-with-numpy.py TENSOR_RUN FILE.mlir
"""

import os
import re
import subprocess
import sys
import tempfile
from collections import OrderedDict

import numpy as np

try:
    import ml_dtypes
    bf16 = ml_dtypes.bfloat16
except ImportError:  # bf16 tests need ml_dtypes
    ml_dtypes = None
    bf16 = None

f16, f32, f64 = np.float16, np.float32, np.float64
i8, i16, i32, i64 = np.int8, np.int16, np.int32, np.int64
u8, u16, u32, u64 = np.uint8, np.uint16, np.uint32, np.uint64


def helpers(seed):
    rng = np.random.default_rng(seed)

    def rand(*shape, dtype=f32, low=-1.0, high=1.0):
        return rng.uniform(low, high, size=shape).astype(dtype)

    def randint(*shape, dtype=i32, low=-10, high=10):
        return rng.integers(low, high + 1, size=shape).astype(dtype)

    def extremes(dtype):
        """Every integer of `dtype` that arithmetic treats apart: 0, 1, -1
        (the largest value, unsigned), the smallest and the largest, and the
        top bit's neighbours."""
        info = np.iinfo(dtype)
        values = [0, 1, 2, 3, -1, -2, info.min, info.min + 1, info.max,
                  info.max - 1, info.max // 2, info.max // 2 + 1]
        return np.array([v % (1 << info.bits) if info.min == 0 else v
                         for v in values], dtype=object).astype(dtype)

    def randbool(*shape):
        return rng.integers(0, 2, size=shape).astype(np.bool_)

    return {"np": np, "ml_dtypes": ml_dtypes, "rng": rng, "rand": rand,
            "randint": randint, "randbool": randbool, "extremes": extremes,
            "f16": f16, "bf16": bf16, "f32": f32, "f64": f64, "i8": i8,
            "i16": i16, "i32": i32, "i64": i64, "u8": u8, "u16": u16,
            "u32": u32, "u64": u64}


def main():
    # Further arguments go to every tensor-run call (--num-threads=1, say).
    tensor_run, path, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
    blocks = OrderedDict()
    with open(path) as f:
        for line in f:
            match = re.match(r"\s*// NUMPY @([\w.$-]+):(.*)", line)
            if match:
                blocks.setdefault(match.group(1), []).append(match.group(2))
    if not blocks:
        print(f"{path}: no '// NUMPY @entry:' lines")
        return 1
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for index, (entry, lines) in enumerate(blocks.items()):
            settings = [name for line in lines
                        for name in re.findall(r"\b(args|results)\s*=(?!=)",
                                               line)]
            repeated = sorted({name for name in settings
                               if settings.count(name) > 1})
            if repeated:
                print(f"@{entry}: FAILED: {' and '.join(repeated)} set more "
                      f"than once; each function runs one case")
                failures += 1
                continue
            scope = helpers(seed=index)
            exec("\n".join(line.strip() for line in lines), scope)
            command = [tensor_run, path, f"--entry={entry}",
                       f"--rtol={scope.get('rtol', 1e-5)}",
                       f"--atol={scope.get('atol', 1e-6)}"] + extra
            for kind, arrays in (("input", scope["args"]),
                                 ("check", scope["results"])):
                for i, array in enumerate(arrays):
                    file = os.path.join(tmp, f"{entry}-{kind}{i}.npy")
                    np.save(file, np.asarray(array))
                    command.append(f"--{kind}={file}")
            result = subprocess.run(command, capture_output=True, text=True)
            status = "ok" if result.returncode == 0 else "FAILED"
            print(f"@{entry}: {status}")
            if result.returncode != 0:
                failures += 1
                print(result.stdout + result.stderr)
    print(f"{len(blocks) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
