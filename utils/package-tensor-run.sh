#!/usr/bin/env bash
# Packs a tensor-run that runs on a bare GPU machine (the CUDA driver, and
# cuBLAS for GEMMs, are all it needs there; ptxas and libdevice come from
# the CUDA toolkit at $CUDA_HOME or /usr/local/cuda): the build's tensor-run,
# stripped, with every shared library it loads bundled beside it (libMLIR,
# libLLVM, libomp, the C++ runtime, LLVM's system libraries) but the C
# library's own, as <out>/tensor-run-portable.tar.xz (default out: dist/,
# which .gitignore leaves out). Unpack anywhere and run
# tensor-run/tensor-run; it finds the driver as tensor-run always does
# (libcuda.so.1, or $TEN_CUDA_DRIVER) and cuBLAS likewise ($TEN_CUBLAS).
#
# Why bundled rather than static: Debian's static MLIR libraries link the
# LLVM shared library, and its static execution engine the MLIR one, so a
# "static" tensor-run would load MLIR twice (every registry doubled).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-dist}

if [ ! -f build/build.ninja ]; then
  echo "package-tensor-run: build first (utils/build.sh)" >&2
  exit 1
fi
cmake --build build --target tensor-run

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
bundle="$staging/tensor-run"
mkdir -p "$bundle/lib"
cp build/bin/tensor-run "$bundle/tensor-run.bin"
strip "$bundle/tensor-run.bin"
# Every shared library it loads but the C library's own, which the machine
# has (and which must match its kernel and loader).
ldd "$bundle/tensor-run.bin" | awk '$2 == "=>" && $3 ~ /^\// {print $3}' |
  while read -r library; do
    case "$(basename "$library")" in
    libc.so.* | libm.so.* | libdl.so.* | libpthread.so.* | librt.so.* | ld-linux*) ;;
    *) cp -L "$library" "$bundle/lib/" && strip --strip-unneeded "$bundle/lib/$(basename "$library")" ;;
    esac
  done
# Two libraries that tensor-run loads but never calls, replaced by stubs:
# the GPU machines take 64 MiB, and these are 14 MB of the 60 packed.
# libz3 is the solver of LLVM's static analyzer; each of its functions that
# libLLVM names becomes one that says so and aborts. libicudata is ICU's
# data, which libxml2 (LLVM's manifest tool) reaches only to convert text
# encodings; its one symbol becomes an empty table.
stub() { # stub NAME.so SOURCE
  printf '%s\n' "$2" >"$staging/stub.c"
  cc -shared -fPIC -O1 -Wl,-soname,"$1" -o "$bundle/lib/$1" "$staging/stub.c"
}
z3=$(basename "$(ls "$bundle"/lib/libz3.so.* 2>/dev/null | head -1)")
if [ -n "$z3" ]; then
  stub "$z3" "$(
    echo '#include <stdio.h>'
    echo '#include <stdlib.h>'
    echo 'static void unavailable(void) { fputs("tensor-run: Z3 is not bundled\n", stderr); abort(); }'
    nm -D --undefined-only "$bundle/lib/libLLVM.so."* | awk '$2 ~ /^Z3_/ {print $2}' |
      sort -u | sed 's/.*/void &(void) { unavailable(); }/'
  )"
fi
icudata=$(basename "$(ls "$bundle"/lib/libicudata.so.* 2>/dev/null | head -1)")
if [ -n "$icudata" ]; then
  symbol=$(nm -D --undefined-only "$bundle"/lib/libicuuc.so.* | awk '$2 ~ /^icudt/ {print $2}')
  stub "$icudata" "const char $symbol[16];"
fi
cat >"$bundle/tensor-run" <<'SCRIPT'
#!/bin/sh
# tensor-run with the libraries bundled beside it.
here=$(dirname "$(readlink -f "$0")")
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  exec "$here/tensor-run.bin" "$@"
SCRIPT
chmod +x "$bundle/tensor-run"
mkdir -p "$out"
# The GPU machines take 64 MiB: the strongest xz.
XZ_OPT=-9e tar -cJf "$out/tensor-run-portable.tar.xz" -C "$staging" tensor-run
echo "package-tensor-run: $out/tensor-run-portable.tar.xz" \
  "($(du -h "$out/tensor-run-portable.tar.xz" | cut -f1);" \
  "bundled: $(ls "$bundle/lib" | tr '\n' ' '))"
