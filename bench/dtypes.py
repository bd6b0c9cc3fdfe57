#!/usr/bin/env python3
"""The dtypes beyond f32 that issue 22 added, timed against their peers in
one run: an image-size uint8 reduction (NumPy's `sum`, which widens to
uint64) and a complex64 matmul (NumPy's cgemm through OpenBLAS). Run from the
repository root after utils/build.sh:

    python3 bench/dtypes.py [--tensor-run build/bin/tensor-run]

ten is `tensor-run --bench` (compiled once, its result checked against
NumPy's first, then the compiled call alone timed); NumPy and PyTorch (when
installed) are timed in this process with their outputs preallocated where
they allow it. Prints min and median milliseconds and ten's ratio to the
best peer. NumPy runs OpenBLAS's own choice of kernel: OPENBLAS_CORETYPE and
OPENBLAS_L2_SIZE are dropped from this process before NumPy loads.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

os.environ.pop("OPENBLAS_CORETYPE", None)
os.environ.pop("OPENBLAS_L2_SIZE", None)

import numpy as np  # noqa: E402

from timing import time_ms  # noqa: E402

try:
    import torch  # noqa: E402
except ImportError:
    torch = None

WORKLOADS = {
    "uint8 sum 4096x4096": (
        """func.func @main(%x: tensor<4096x4096xui8>) -> tensor<ui64> {
  %w = ten.cast %x : tensor<4096x4096xui8> -> tensor<4096x4096xui64>
  %s = ten.reduce sum %w dims [0, 1] : tensor<4096x4096xui64> -> tensor<ui64>
  return %s : tensor<ui64>
}""",
        lambda rng: [rng.integers(0, 256, (4096, 4096)).astype(np.uint8)],
        lambda x: x.sum(),
        20,
    ),
    "complex64 matmul 1024": (
        """func.func @main(%a: tensor<1024x1024xcomplex<f32>>, %b: tensor<1024x1024xcomplex<f32>>) -> tensor<1024x1024xcomplex<f32>> {
  %c = ten.einsum "ij,jk->ik" (%a, %b) : (tensor<1024x1024xcomplex<f32>>, tensor<1024x1024xcomplex<f32>>) -> tensor<1024x1024xcomplex<f32>>
  return %c : tensor<1024x1024xcomplex<f32>>
}""",
        lambda rng: [
            (rng.standard_normal((1024, 1024))
             + 1j * rng.standard_normal((1024, 1024))).astype(np.complex64)
            for _ in range(2)
        ],
        lambda a, b: a @ b,
        5,
    ),
}


def time_ten(tensor_run, module, inputs, expected, runs, directory):
    path = os.path.join(directory, "module.mlir")
    with open(path, "w") as f:
        f.write(module)
    command = [tensor_run, path, f"--bench={runs}", "--rtol=1e-3",
               "--atol=1e-3"]
    for index, array in enumerate(inputs):
        file = os.path.join(directory, f"input{index}.npy")
        np.save(file, array)
        command.append(f"--input={file}")
    check = os.path.join(directory, "expected.npy")
    np.save(check, np.asarray(expected))
    command.append(f"--check={check}")
    result = subprocess.run(command, capture_output=True, text=True)
    match = re.search(r"min ([0-9.]+) ms, median ([0-9.]+) ms", result.stdout)
    if result.returncode != 0 or not match:
        sys.exit(f"tensor-run failed:\n{result.stdout}{result.stderr}")
    return float(match.group(1)), float(match.group(2))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tensor-run", default="build/bin/tensor-run")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    print(f"{'workload':<24} {'peer':<16} {'min ms':>9} {'median ms':>10}")
    with tempfile.TemporaryDirectory() as directory:
        for name, (module, make, numpy_fn, runs) in WORKLOADS.items():
            inputs = make(rng)
            expected = numpy_fn(*inputs)
            rows = {"NumPy": time_ms(lambda: numpy_fn(*inputs), runs)}
            if torch is not None:
                tensors = [torch.from_numpy(array) for array in inputs]
                rows["PyTorch"] = time_ms(lambda: numpy_fn(*tensors), runs)
            rows["ten"] = time_ten(args.tensor_run, module, inputs, expected,
                                   runs, directory)
            for peer, (low, median) in rows.items():
                print(f"{name:<24} {peer:<16} {low:>9.3f} {median:>10.3f}")
            best = min(low for peer, (low, _) in rows.items() if peer != "ten")
            print(f"{name:<24} {'ten / best peer':<16} "
                  f"{rows['ten'][0] / best:>9.2f}x (min over min)")
    if torch is None:
        print("PyTorch is not installed here: its rows are missing")


if __name__ == "__main__":
    main()
