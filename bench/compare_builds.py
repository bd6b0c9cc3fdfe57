#!/usr/bin/env python3
"""Two builds of ten on one module, in one process: the module compiled ahead
of time by each build's tensor-compile, both objects linked into one C
program that calls them in turn on the same inputs (old, new, old, ...),
each call's result freed after it. Prints each build's min and median per
call and new/old. A change worth a few percent is below the noise between
two runs on a shared machine; calls that alternate see the same noise.

    git stash && utils/build.sh && cp build/bin/tensor-compile /tmp/old-tc
    git stash pop && utils/build.sh
    bench/compare_builds.py --old /tmp/old-tc bench/workloads/w5.mlir

The module's entry takes tensors of static shapes; floating-point inputs
hold small values, integer ones zeros. --huge-pages puts the inputs on
transparent huge pages, as NumPy does for large arrays and tensor-run for
its inputs; without it they are on small pages, as a plain malloc gives.
"""

import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]

C_TYPES = {"f16": "uint16_t", "bf16": "uint16_t", "f32": "float",
           "f64": "double"}

DRIVER = r"""
#define _GNU_SOURCE
#include "old.h"
#include "new.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void *allocate(size_t bytes, int hugePages) {
  size_t page = (size_t)2 << 20;
  size_t rounded = (bytes + page - 1) / page * page;
  void *buffer = hugePages ? aligned_alloc(page, rounded) : malloc(bytes);
  if (buffer && hugePages)
    (void)madvise(buffer, rounded, MADV_HUGEPAGE);
  return buffer;
}

static int call(const tenAotSignature *signature, const void **inputs) {
  void *results[16] = {0};
  int64_t *sizes[16] = {0};
  const int64_t *inputSizes[64] = {0};
  if (tenAotRun(signature, inputs, inputSizes, results, sizes)) {
    fprintf(stderr, "compare_builds: %%s\n", tenAotLastError());
    return 1;
  }
  for (int i = 0; i < signature->numResults; ++i)
    tenAotFree(results[i]);
  return 0;
}

int main(int argc, char **argv) {
  int calls = atoi(argv[1]), hugePages = atoi(argv[2]);
  const void *inputs[64];
%(FILL)s
  double *oldSeconds = malloc(sizeof(double) * calls);
  double *newSeconds = malloc(sizeof(double) * calls);
  for (int i = 0; i < calls; ++i) {
    double start = now();
    if (call(&old_signature, inputs))
      return 1;
    oldSeconds[i] = now() - start;
    start = now();
    if (call(&new_signature, inputs))
      return 1;
    newSeconds[i] = now() - start;
  }
  qsort(oldSeconds, calls, sizeof(double), compare);
  qsort(newSeconds, calls, sizeof(double), compare);
  double oldMin = oldSeconds[0], oldMedian = oldSeconds[calls / 2];
  double newMin = newSeconds[0], newMedian = newSeconds[calls / 2];
  printf("old: min %%.4f ms, median %%.4f ms\n", oldMin * 1e3, oldMedian * 1e3);
  printf("new: min %%.4f ms, median %%.4f ms\n", newMin * 1e3, newMedian * 1e3);
  printf("new/old: min %%.3f, median %%.3f\n", newMin / oldMin,
         newMedian / oldMedian);
  free(oldSeconds);
  free(newSeconds);
%(FREE)s
  return 0;
}
"""


def parse_arguments(header):
    """The element type and shape of each argument in a tensor-compile
    header, from its comments (`/* tensor<2x3xf32> */`)."""
    block = re.search(r"_arguments\[\] = \{(.*?)\n\};", header, re.S)
    if not block:
        return []
    arguments = []
    for match in re.finditer(r"/\* tensor<([^>]*)> \*/", block.group(1)):
        parts = match.group(1).split("x")
        dims, element = parts[:-1], parts[-1]
        if any(not dim.isdigit() for dim in dims):
            sys.exit(f"compare_builds: dynamic shape tensor<{match.group(1)}>"
                     " is not supported")
        arguments.append((element, [int(dim) for dim in dims]))
    return arguments


def fill_code(arguments):
    lines = []
    for index, (element, shape) in enumerate(arguments):
        count = 1
        for dim in shape:
            count *= dim
        c_type = C_TYPES.get(element)
        if c_type in ("float", "double"):
            lines.append(
                f"  {c_type} *a{index} = allocate(sizeof({c_type}) * {count}L"
                f" + 1, hugePages);\n"
                f"  for (long j = 0; j < {count}L; ++j)\n"
                f"    a{index}[j] = (j % 97) * 0.01;")
        else:
            width = {"i1": 1, "i8": 1, "ui8": 1, "i16": 2, "f16": 2,
                     "bf16": 2, "i32": 4, "i64": 8}.get(element, 16)
            lines.append(
                f"  void *a{index} = allocate({width}L * {count}L + 1,"
                f" hugePages);\n"
                f"  memset(a{index}, 0, {width}L * {count}L + 1);")
        lines.append(f"  inputs[{index}] = a{index};")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("module")
    parser.add_argument("--old", required=True,
                        help="the old build's tensor-compile")
    parser.add_argument("--new", default=str(ROOT / "build/bin/tensor-compile"),
                        help="the new build's (default: this build's)")
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--huge-pages", action="store_true")
    parser.add_argument("--cc", default=shutil.which("cc") or "cc")
    parser.add_argument("--include", default=str(ROOT / "include"))
    parser.add_argument(
        "--ldflags",
        default=f"-L{ROOT / 'build/lib'} -lTenAotRuntime "
        f"-Wl,-rpath,{ROOT / 'build/lib'} -lmvec -lm",
        help="how to link libTenAotRuntime (and whatever it needs)")
    options = parser.parse_args()
    if options.calls < 1:
        parser.error("--calls must be at least 1")

    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        pipeline = []
        if options.threads > 1:
            pipeline = [f"--pipeline-options=threads={options.threads}"]
        for name, compiler in (("old", options.old), ("new", options.new)):
            subprocess.run([compiler, options.module, "-o", scratch / f"{name}.o",
                            f"--header={scratch / name}.h", f"--name={name}",
                            *pipeline], check=True)
        arguments = parse_arguments((scratch / "old.h").read_text())
        if len(arguments) > 64:
            sys.exit("compare_builds: more than 64 arguments")
        (scratch / "driver.c").write_text(
            DRIVER % {"FILL": fill_code(arguments),
                      "FREE": "\n".join(f"  free((void *)inputs[{index}]);"
                                        for index in range(len(arguments)))})
        link = options.ldflags.split()
        if options.threads > 1:
            # libomp, beside LLVM's libraries, as the objects' threads need.
            omp = subprocess.run(["llvm-config-22", "--libdir"],
                                 capture_output=True, text=True)
            libdir = (omp.stdout.strip() if omp.returncode == 0
                      else "/usr/lib/llvm-22/lib")
            link += [f"-L{libdir}", "-lomp", f"-Wl,-rpath,{libdir}"]
        program = scratch / "compare"
        subprocess.run([options.cc, "-O2", "-std=c11", f"-I{options.include}",
                        f"-I{scratch}", scratch / "driver.c", scratch / "old.o",
                        scratch / "new.o", *link, "-o", program], check=True)
        run = subprocess.run([program, str(options.calls),
                              str(int(options.huge_pages))])
        return run.returncode


if __name__ == "__main__":
    sys.exit(main())
