#!/usr/bin/env python3
"""Feeds tensor-run mutated .npy files and fails if any run ends other than
with success or one line of error (exit 0 or 1), or if a failed run leaves
its output file behind: a crash, an abort or a hang is a bug however bad the
file.

    fuzz-npy.py TENSOR_RUN DIR [--seed N] [--runs N]

DIR is a scratch directory. The module takes a tensor<?x?xT> of each dtype
and returns it doubled, so that a file that survives mutation also runs.
"""

import argparse
import io
import os
import random
import subprocess
import sys

import numpy as np

DTYPES = {"f32": np.float32, "f64": np.float64, "i32": np.int32,
          "i8": np.int8, "i64": np.int64, "f16": np.float16, "i1": np.bool_}

MODULE = "\n".join(
    f"func.func @{name}(%x: tensor<?x?x{name}>) -> tensor<?x?x{name}> {{\n"
    f"  %0 = ten.max %x, %x : (tensor<?x?x{name}>, tensor<?x?x{name}>) -> tensor<?x?x{name}>\n"
    f"  return %0 : tensor<?x?x{name}>\n}}"
    for name in DTYPES)

HEADER_WORDS = [b"'descr'", b"'<f4'", b"'<f8'", b"'|b1'", b"'>i4'", b"'<u2'",
                b"'|O'", b"'<c8'", b"True", b"False", b"'shape'", b"(", b")",
                b",", b"2305843009213693952", b"4294967296", b"-1",
                b"9223372036854775807", b"18446744073709551616", b"0", b"",
                b"'fortran_order'", b"{", b"}", b"\x00", b"\xff"]


def valid_file(rng, dtype):
    shape = (rng.randint(0, 4), rng.randint(0, 5))
    array = (np.arange(int(np.prod(shape))) % 7).reshape(shape).astype(dtype)
    if rng.random() < 0.2 and array.ndim == 2:
        array = np.asfortranarray(array)
    if rng.random() < 0.2 and array.dtype.itemsize > 1:
        array = array.astype(array.dtype.newbyteorder(">"))
    buffer = io.BytesIO()
    version = rng.choice([(1, 0), (2, 0), (3, 0)])
    np.lib.format.write_array(buffer, array, version=version)
    return buffer.getvalue()


def mutate(rng, data):
    if rng.random() < 0.25:
        # Left whole: the layouts and versions must read right too.
        return data
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        choice = rng.random()
        header_end = data.find(b"\n") + 1 or len(data)
        start = 12 if len(data) > 6 and data[6] > 1 else 10
        if choice < 0.3 and header_end > start:
            # A token of the header replaced.
            at = rng.randrange(start, header_end)
            end = min(header_end, at + rng.randint(0, 6))
            data[at:end] = rng.choice(HEADER_WORDS)
        elif choice < 0.45:
            del data[rng.randrange(len(data) + 1):]
        elif choice < 0.6:
            data += bytes(rng.randrange(256) for _ in range(rng.randint(1, 9)))
        elif choice < 0.75 and len(data) > 9:
            # The version or the header length.
            at = rng.randrange(6, 10)
            data[at] = rng.randrange(256)
        elif data:
            at = rng.randrange(len(data))
            data[at] = rng.randrange(256)
    return bytes(data)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tensor_run")
    parser.add_argument("dir")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.dir, exist_ok=True)
    module = os.path.join(args.dir, "module.mlir")
    with open(module, "w") as f:
        f.write(MODULE + "\n")
    outcomes = {0: 0, 1: 0}
    for run in range(args.runs):
        name = rng.choice(list(DTYPES))
        data = mutate(rng, valid_file(rng, DTYPES[name]))
        path = os.path.join(args.dir, "input.npy")
        output = os.path.join(args.dir, "output.npy")
        with open(path, "wb") as f:
            f.write(data)
        if os.path.exists(output):
            os.remove(output)
        command = [args.tensor_run, module, f"--entry={name}",
                   f"--input={path}", f"--output={output}"]
        try:
            result = subprocess.run(command, capture_output=True, timeout=60)
            stderr = result.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            print(f"run {run}: tensor-run hung on {data!r}")
            return 1
        if result.returncode not in outcomes:
            print(f"run {run}: tensor-run exited with {result.returncode} on "
                  f"{data!r}\n--- stderr ---\n{stderr[-4000:]}")
            return 1
        # Lines of a sanitizer's runtime ("==PID==WARNING: ...") are not
        # tensor-run's.
        lines = [line for line in stderr.strip().splitlines()
                 if not line.startswith("==")]
        if not all(line.isascii() and line.isprintable() for line in lines):
            print(f"run {run}: tensor-run wrote bytes that are not printable "
                  f"ASCII: {stderr!r}")
            return 1
        if result.returncode == 1 and (len(lines) != 1 or os.path.exists(output)):
            print(f"run {run}: a failed run wrote {len(lines)} lines or left "
                  f"its output, on {data!r}:\n{stderr}")
            return 1
        if result.returncode == 0:
            # What ran must be what NumPy reads from the same file.
            try:
                want = np.load(io.BytesIO(data))
            except Exception as error:
                print(f"run {run}: tensor-run ran a file that NumPy refuses "
                      f"({error}): {data!r}")
                return 1
            got = np.load(output)
            expected = np.maximum(want, want).astype(want.dtype.newbyteorder("="))
            if got.shape != want.shape or not np.array_equal(
                    got, expected, equal_nan=True):
                print(f"run {run}: tensor-run's result differs from NumPy's "
                      f"on {data!r}")
                return 1
        outcomes[result.returncode] += 1
    print(f"{args.runs} mutated .npy files: {outcomes[0]} ran, {outcomes[1]} "
          "refused with one line, none crashed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
