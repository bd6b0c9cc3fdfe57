#!/usr/bin/env python3
"""Ahead-of-time compilation against the JIT, in one run: the row softmax
of examples/softmax.mlir (64 x 128) and of bench/workloads/w8.mlir (4096 x
4096) compiled by tensor-compile and called from C, then the same module
compiled through the C API and called from the same program; one thread
each. Prints the object's and a program's sizes (the AOT program alone,
linked with libTenAotRuntime only) and the time per call, min and median.

    utils/build.sh && bench/aot/run.py
"""

import os
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
WORKLOADS = [
    ("softmax 64x128", ROOT / "examples/softmax.mlir", 64, 128),
    ("softmax 4096x4096 (W8)", ROOT / "bench/workloads/w8.mlir", 4096, 4096),
]


def run(*command):
    subprocess.run([str(part) for part in command], check=True)


def main():
    with tempfile.TemporaryDirectory() as scratch:
        scratch = pathlib.Path(scratch)
        for title, module, rows, columns in WORKLOADS:
            obj, header = scratch / "softmax.o", scratch / "softmax.h"
            run(BUILD / "bin/tensor-compile", module, "-o", obj,
                f"--header={header}", "--name=softmax")
            common = ["-O2", f"-I{ROOT / 'include'}", f"-I{scratch}"]
            aot_only = scratch / "aot-only"
            (scratch / "aot-only.c").write_text(
                '#include "softmax.h"\n#include <stdlib.h>\n'
                "int main(void) {\n"
                f"  float *x = calloc({rows} * {columns}, sizeof(float)), *y;\n"
                "  if (softmax(x, NULL, &y, NULL)) return 1;\n"
                "  tenAotFree(y); free(x); return 0;\n}\n")
            run("cc", *common, scratch / "aot-only.c", obj,
                f"-L{BUILD / 'lib'}", "-lTenAotRuntime", "-o", aot_only)
            both = scratch / "call-overhead"
            run("cc", *common, ROOT / "bench/aot/call-overhead.c", obj,
                f"-L{BUILD / 'lib'}", "-lTenAotRuntime", "-lTenCAPI",
                f"-Wl,-rpath,{BUILD / 'lib'}", "-o", both)
            runtime = BUILD / "lib/libTenAotRuntime.so"
            print(f"{title}: object {obj.stat().st_size / 1024:.1f} KiB, "
                  f"AOT program {aot_only.stat().st_size / 1024:.1f} KiB "
                  f"+ libTenAotRuntime.so {runtime.stat().st_size / 1024:.0f} KiB "
                  f"(the JIT: libTenCAPI.so "
                  f"{(BUILD / 'lib/libTenCAPI.so').stat().st_size / 2**20:.0f} MiB "
                  "+ libMLIR + libLLVM)")
            environment = dict(os.environ, OMP_NUM_THREADS="1")
            subprocess.run([str(both), str(module), str(rows), str(columns)],
                           check=True, env=environment)
            sys.stdout.flush()


if __name__ == "__main__":
    main()
