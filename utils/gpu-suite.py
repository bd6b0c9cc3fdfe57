#!/usr/bin/env python3
"""Runs ten's execution tests on a GPU: every op family's NumPy-checked
program (test/Execution/*.mlir), every example against the CPU's result,
and random einsums against numpy.einsum, all through
`tensor-run --target=cuda`. Prints a line per part and the totals; exits 1
on any failure.

    gpu-suite.py TENSOR_RUN [--einsum-cases N] [--chip sm_XY] [--jobs J]
                 [--pipeline-options "fuse-rows=false ..."]

A program file that fails is run again with each of the pipeline's
optional GPU features off in turn (fused row kernels, cuBLAS), and the
ones that make it pass are named: a first pointer to the culprit.

test/GPU/execution.test runs it where lit finds a GPU (feature cuda-gpu);
on a bare GPU machine run it with the packed tensor-run
(utils/package-tensor-run.sh) and the source tree. Without a GPU,
--pipeline-options=emulate-kernels=true with the test driver
(TEN_CUDA_DRIVER, TEN_CUBLAS, TEN_CUBLASLT, TEN_CUSOLVER naming build/lib's
fakes) runs the same checks with the kernels compiled for the host
(test/GPU/emulated-execution.test).
"""

import argparse
import concurrent.futures
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(command):
    return subprocess.run(command, capture_output=True, text=True)


# Pipeline options that each turn one optional GPU feature off.
FEATURES_OFF = ["fuse-rows=false", "use-cublas=false"]


def check_with_numpy(tensor_run, path, gpu_args):
    return run([sys.executable, os.path.join(ROOT, "utils/check-with-numpy.py"),
                tensor_run, path] + gpu_args)


def with_options(gpu_args, options):
    """gpu_args with `options` added to its --pipeline-options."""
    given = [a for a in gpu_args if a.startswith("--pipeline-options=")]
    rest = [a for a in gpu_args if not a.startswith("--pipeline-options=")]
    old = given[0].split("=", 1)[1] if given else ""
    return rest + [f"--pipeline-options={old} {options}".replace("= ", "=")]


def numpy_checked(tensor_run, gpu_args, jobs):
    """Each function of test/Execution/*.mlir with NUMPY lines."""
    paths = []
    for path in sorted(glob.glob(os.path.join(ROOT, "test/Execution/*.mlir"))):
        # A file of ops that the CUDA target does not have yet says so.
        with open(path) as f:
            cpu_only = re.search(r"^// CPU-ONLY: (.*)$", f.read(), re.M)
        if cpu_only:
            print(f"{os.path.basename(path)}: not run: {cpu_only.group(1)}")
        else:
            paths.append(path)

    def check(path):
        result = check_with_numpy(tensor_run, path, gpu_args)
        counts = re.search(r"(\d+) passed, (\d+) failed", result.stdout)
        if not counts or int(counts.group(2)) == 0:
            return result, counts, []
        # Which optional GPU feature, turned off, makes the file pass.
        culprits = [
            options for options in FEATURES_OFF
            if re.search(r" 0 failed", check_with_numpy(
                tensor_run, path, with_options(gpu_args, options)).stdout)]
        return result, counts, culprits

    passed = failed = 0
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for path, (result, counts, culprits) in zip(paths,
                                                     pool.map(check, paths)):
            if not counts:
                print(f"{os.path.basename(path)}: no result\n{result.stdout}"
                      f"{result.stderr}")
                failed += 1
                continue
            passed += int(counts.group(1))
            failed += int(counts.group(2))
            print(f"{os.path.basename(path)}: {counts.group(0)}")
            if int(counts.group(2)):
                print(result.stdout)
                for options in culprits:
                    print(f"  passes with --pipeline-options={options}")
    return passed, failed


def examples(tensor_run, gpu_args, jobs):
    """Each example with random inputs, its results equal to the CPU's."""
    paths = sorted(glob.glob(os.path.join(ROOT, "examples/*.mlir")))
    with tempfile.TemporaryDirectory() as tmp:
        def compare(path):
            expected = os.path.join(tmp, os.path.basename(path) + ".npy")
            cpu = run([tensor_run, path, "--random-inputs", "--output",
                       expected])
            gpu = run([tensor_run, path, "--random-inputs", "--check",
                       expected, "--rtol=1e-4", "--atol=1e-5"] + gpu_args)
            return cpu, gpu

        passed = failed = 0
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            for path, (cpu, gpu) in zip(paths, pool.map(compare, paths)):
                ok = cpu.returncode == 0 and gpu.returncode == 0
                passed += ok
                failed += not ok
                print(f"example {os.path.basename(path)}: "
                      f"{'ok' if ok else 'FAILED'}")
                if not ok:
                    print(cpu.stderr + gpu.stderr)
    return passed, failed


def einsums(tensor_run, gpu_args, cases, jobs):
    command = [sys.executable,
               os.path.join(ROOT, "utils/einsum-property-test.py"),
               tensor_run, "--seed", "303", "--cases", str(cases),
               "--jobs", str(jobs)]
    command += [f"--tensor-run-arg={arg}" for arg in gpu_args]
    result = run(command)
    print(result.stdout.rstrip())
    counts = re.search(r"(\d+) passed, (\d+) failed", result.stdout)
    if not counts:
        print(result.stderr)
        return 0, 1
    return int(counts.group(1)), int(counts.group(2))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tensor_run")
    parser.add_argument("--einsum-cases", type=int, default=250)
    parser.add_argument("--chip", help="compile for this chip, not the "
                                       "first device's")
    parser.add_argument("--pipeline-options", default="",
                        help="options of ten-nvvm-pipeline for every run")
    parser.add_argument("--jobs", type=int, default=1,
                        help="programs run at a time")
    args = parser.parse_args()
    gpu_args = ["--target=cuda"] + ([f"--chip={args.chip}"] if args.chip
                                    else [])
    if args.pipeline_options:
        gpu_args.append(f"--pipeline-options={args.pipeline_options}")
    total_passed = total_failed = 0
    for name, part in (
            ("NumPy-checked programs",
             lambda: numpy_checked(args.tensor_run, gpu_args, args.jobs)),
            ("examples", lambda: examples(args.tensor_run, gpu_args,
                                          args.jobs)),
            ("einsums", lambda: einsums(args.tensor_run, gpu_args,
                                        args.einsum_cases, args.jobs))):
        passed, failed = part()
        print(f"== {name}: {passed} passed, {failed} failed")
        total_passed += passed
        total_failed += failed
    print(f"gpu-suite: {total_passed} passed, {total_failed} failed")
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main())
