#!/usr/bin/env python3
"""Property test: random einsums (1-4 operands, sizes including 1, ellipses,
repeated labels, implicit and explicit outputs, several dtypes) compiled by
tensor-run and checked against numpy.einsum on the same inputs.

    einsum-property-test.py TENSOR_RUN --seed S --cases N [--jobs J]

The cases depend on the seed alone; --jobs runs that many at a time.
"""

import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

import numpy as np

DTYPES = {"f32": np.float32, "f64": np.float64, "i32": np.int32,
          "i64": np.int64}


def random_case(rng):
    """Returns (equation, shapes) that numpy.einsum accepts."""
    letters = "abcdeABC"
    num_labels = rng.integers(1, 6)
    labels = list(rng.choice(list(letters), size=num_labels, replace=False))
    size = {label: int(rng.integers(1, 5)) for label in labels}
    ellipsis_shape = [int(rng.integers(1, 4)) for _ in range(rng.integers(0, 3))]
    use_ellipsis = rng.random() < 0.3
    terms, shapes = [], []
    for _ in range(rng.integers(1, 5)):
        count = int(rng.integers(0, 4))
        term = list(rng.choice(labels, size=count))  # repeats allowed
        shape = []
        for label in term:
            # A label broadcasts from size 1, except on a diagonal.
            if term.count(label) == 1 and rng.random() < 0.15:
                shape.append(1)
            else:
                shape.append(size[label])
        if use_ellipsis and rng.random() < 0.7:
            k = int(rng.integers(0, len(ellipsis_shape) + 1))
            dims = [d if rng.random() < 0.8 else 1 for d in ellipsis_shape[len(ellipsis_shape) - k:]]
            at = int(rng.integers(0, len(term) + 1))
            term = term[:at] + ["..."] + term[at:]
            shape = shape[:at] + dims + shape[at:]
        terms.append("".join(term))
        shapes.append(tuple(shape))
    equation = ",".join(terms)
    if rng.random() < 0.6:
        used = sorted({c for t in terms for c in t if c.isalpha()})
        out = [c for c in used if rng.random() < 0.5]
        rng.shuffle(out)
        if any("..." in t for t in terms):
            out.insert(int(rng.integers(0, len(out) + 1)), "...")
        equation += "->" + "".join(out)
    return equation, shapes


def mlir_type(shape, dtype):
    return "tensor<" + "".join(f"{d}x" for d in shape) + dtype + ">"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tensor_run")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cases", type=int, default=100)
    parser.add_argument("--tensor-run-arg", action="append", default=[],
                        help="an argument for every tensor-run call "
                             "(--tensor-run-arg=--target=cuda, say)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="cases run at a time")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        commands = []
        while len(commands) < args.cases:
            equation, shapes = random_case(rng)
            dtype = str(rng.choice(list(DTYPES)))
            np_dtype = DTYPES[dtype]
            if dtype.startswith("f"):
                arrays = [rng.uniform(-1, 1, s).astype(np_dtype) for s in shapes]
            else:
                arrays = [rng.integers(-3, 4, s).astype(np_dtype) for s in shapes]
            try:
                expected = np.asarray(np.einsum(equation, *arrays))
            except ValueError:
                continue  # the generator made something NumPy rejects
            case = os.path.join(tmp, str(len(commands)))
            os.mkdir(case)
            operands = ", ".join(f"%a{i}" for i in range(len(arrays)))
            args_text = ", ".join(f"%a{i}: {mlir_type(a.shape, dtype)}"
                                  for i, a in enumerate(arrays))
            in_types = ", ".join(mlir_type(a.shape, dtype) for a in arrays)
            out_type = mlir_type(expected.shape, dtype)
            module = (f"func.func @main({args_text}) -> {out_type} {{\n"
                      f"  %0 = ten.einsum \"{equation}\" ({operands}) : "
                      f"({in_types}) -> {out_type}\n"
                      f"  return %0 : {out_type}\n}}\n")
            path = os.path.join(case, "case.mlir")
            with open(path, "w") as f:
                f.write(module)
            command = [args.tensor_run, path, "--rtol=1e-4", "--atol=1e-5"]
            command += args.tensor_run_arg
            for i, array in enumerate(arrays):
                np.save(os.path.join(case, f"in{i}.npy"), array)
                command.append(f"--input={os.path.join(case, f'in{i}.npy')}")
            np.save(os.path.join(case, "expected.npy"),
                    expected.astype(np_dtype))
            command.append(f"--check={os.path.join(case, 'expected.npy')}")
            commands.append((f"einsum {equation!r} {dtype} shapes {shapes}",
                             command))

        def run(case):
            return subprocess.run(case[1], capture_output=True, text=True)

        failures = 0
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for (name, _), result in zip(commands, pool.map(run, commands)):
                if result.returncode != 0:
                    failures += 1
                    print(f"FAILED: {name}\n{result.stderr}")
    print(f"einsum property test, seed {args.seed}: "
          f"{args.cases - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
