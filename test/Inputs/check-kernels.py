"""Checks the kernels of a module as the CUDA toolkit assembles them.

Reads the module that tensor-opt printed with ten-nvvm-pipeline's
format=isa, assembles each gpu.binary's PTX with `ptxas -v` for the chip
the PTX targets, and reads the cubin back with cuobjdump and nvdisasm. Fails
(exit 1, one line per problem) where a kernel
  - spills registers or has a stack frame (ptxas -v, cuobjdump's STACK and
    LOCAL): local memory is DRAM traffic that the kernel's design avoids;
  - loads or stores 128 bits in its PTX (ld/st.global.v4 of 32-bit
    elements, .v2 of 64-bit ones) but not in its machine code (LDG.E.128,
    STG.E.128): the vectorization was lost in assembly. Loads that ptxas
    narrowed to the bytes the kernel uses (LDG.E.U8/S8/U16/S16, as for a
    cast of i64 to i8) are not a loss;
  - shuffles in its PTX (shfl.sync) but not in its machine code.
Prints a line per kernel: its name, registers, shared memory, and how many
128-bit loads and stores, other global loads and stores, and shuffles its
machine code has, for FileCheck to pin. A module whose PTX has neither
128-bit accesses nor shuffles is not disassembled (nothing above compares
its machine code, and nvdisasm's 0.2 s per cubin was most of the test's
time): its line stops after the shared memory.

usage: check-kernels.py MODULE DIRECTORY PTXAS CUOBJDUMP NVDISASM [KERNEL...]

A stack frame (never a spill) is allowed in the kernels named after the
tools, for which the test says why.
"""

import os
import re
import subprocess
import sys

BINARY = re.compile(
    r'gpu\.binary @(\w+)\s*\[#gpu\.object<.*?(?:bin|assembly) = "((?:[^"\\]|\\.)*)"',
    re.S,
)

# A 128-bit global access in PTX, after its ld or st: .v4 of 32-bit
# elements or .v2 of 64-bit ones.
VECTOR = r"\.global(?:\.\w+)*\.(?:v4\.(?:f|b|u|s)32|v2\.(?:f|b|u|s)64)"


def unescape(text):
    """MLIR's string escapes: \\XX is a byte in hex, \\\\ a backslash."""
    out = bytearray()
    i = 0
    while i < len(text):
        if text[i] != "\\":
            out += text[i].encode("latin-1")
            i += 1
        elif text[i + 1] == "\\":
            out += b"\\"
            i += 2
        else:
            out.append(int(text[i + 1 : i + 3], 16))
            i += 3
    return bytes(out)


def run(*command):
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{done.stderr}")
    return done.stdout + done.stderr


def main():
    source, directory, ptxas, cuobjdump, nvdisasm = sys.argv[1:6]
    framed = set(sys.argv[6:])
    os.makedirs(directory, exist_ok=True)
    with open(source, encoding="latin-1") as f:
        binaries = BINARY.findall(f.read())
    if not binaries:
        sys.exit(f"{source}: no gpu.binary")
    problems = []
    for module, escaped in binaries:
        ptx = unescape(escaped).decode()
        chip = re.search(r"^\.target (sm_\w+)", ptx, re.M)
        if not chip:
            sys.exit(f"{module}: not PTX (compile with format=isa)")
        ptx_path = os.path.join(directory, module + ".ptx")
        cubin = os.path.join(directory, module + ".cubin")
        with open(ptx_path, "w") as f:
            f.write(ptx)
        report = run(ptxas, "-v", "-arch=" + chip.group(1), ptx_path, "-o", cubin)
        usage = run(cuobjdump, "--dump-resource-usage", cubin)
        compared = re.search(r"\b(?:ld|st)" + VECTOR, ptx) or "shfl.sync" in ptx
        sass = run(nvdisasm, "-c", cubin) if compared else ""

        # Each kernel's PTX is the text from its .entry to the next one.
        entries = re.split(r"^\.visible \.entry ", ptx, flags=re.M)[1:]
        # nvdisasm prints each function's code under its .text section.
        functions = dict(
            re.findall(
                r"^\s*\.section\s+\.text\.([^,\s]+),.*?\n(.*?)(?=^\s*\.section\s|\Z)",
                sass,
                re.S | re.M,
            )
        )
        for entry in entries:
            kernel = re.match(r"(\w+)", entry).group(1)
            where = f"{module}::{kernel}"
            stats = re.search(
                rf"Function properties for {kernel}\s*\n\s*(\d+) bytes stack frame, "
                r"(\d+) bytes spill stores, (\d+) bytes spill loads",
                report,
            )
            resources = re.search(
                rf"Function {kernel}:\s*\n\s*REG:(\d+) STACK:(\d+) SHARED:(\d+) LOCAL:(\d+)",
                usage,
            )
            if not stats or not resources:
                problems.append(f"{where}: no resource report")
                continue
            frame, spill_stores, spill_loads = map(int, stats.groups())
            registers, stack, shared, local = map(int, resources.groups())
            line = f"{where} {chip.group(1)}: registers={registers} shared={shared}"
            if kernel in framed:
                frame = stack = 0
            if frame or spill_stores or spill_loads or stack or local:
                problems.append(
                    f"{where}: local memory: {frame} bytes stack frame, "
                    f"{spill_stores}/{spill_loads} bytes spilled, STACK:{stack} "
                    f"LOCAL:{local}"
                )
            if not compared:
                print(line)
                continue
            # The kernel's code and the internal functions it calls.
            code = "".join(
                text for name, text in functions.items()
                if name == kernel or name.startswith("$__internal")
            )
            wide_loads = len(re.findall(r"\bLDG\.E\S*\.128\b", code))
            wide_stores = len(re.findall(r"\bSTG\.E\S*\.128\b", code))
            loads = len(re.findall(r"\bLDG\.", code)) - wide_loads
            stores = len(re.findall(r"\bSTG\.", code)) - wide_stores
            shuffles = len(re.findall(r"\bSHFL\.", code))
            narrowed = re.search(r"\bLDG\.E\.[US](?:8|16)\b", code)
            if re.search(r"\bld" + VECTOR, entry) and not wide_loads and not narrowed:
                problems.append(f"{where}: 128-bit loads in PTX, none in SASS")
            if re.search(r"\bst" + VECTOR, entry) and not wide_stores:
                problems.append(f"{where}: 128-bit stores in PTX, none in SASS")
            if "shfl.sync" in entry and not shuffles:
                problems.append(f"{where}: shuffles in PTX, none in SASS")
            print(
                f"{line} ldg128={wide_loads} stg128={wide_stores} ldg={loads} "
                f"stg={stores} shfl={shuffles}"
            )
    for problem in problems:
        print("error: " + problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
