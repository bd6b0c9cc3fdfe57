#!/usr/bin/env bash
# Packs a tensor-run that runs on a bare GPU machine (the CUDA driver, and
# cuBLAS for GEMMs, are all it needs there): MLIR and LLVM linked statically
# (-DTEN_LINK_MLIR_DYLIB=OFF, in build-portable/), stripped, with the shared
# libraries it still loads (libomp, the C++ runtime, LLVM's system
# libraries) bundled beside it, as <out>/tensor-run-portable.tar.xz
# (default out: dist/, which .gitignore leaves out). Unpack anywhere and run
# tensor-run/tensor-run; it finds the driver as tensor-run always does
# (libcuda.so.1, or $TEN_CUDA_DRIVER) and cuBLAS likewise ($TEN_CUBLAS).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-dist}

launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -G Ninja -S . -B build-portable "${launcher[@]}" \
  -DTEN_LINK_MLIR_DYLIB=OFF -DTEN_BUILD_PYTHON=OFF -DTEN_BUILD_TESTS=OFF \
  >/dev/null
cmake --build build-portable --target tensor-run

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
bundle="$staging/tensor-run"
mkdir -p "$bundle/lib"
cp build-portable/bin/tensor-run "$bundle/tensor-run.bin"
strip "$bundle/tensor-run.bin"
# Every shared library it loads but the C library's own, which the machine
# has (and which must match its kernel and loader).
ldd "$bundle/tensor-run.bin" | awk '$2 == "=>" && $3 ~ /^\// {print $3}' |
  while read -r library; do
    case "$(basename "$library")" in
    libc.so.* | libm.so.* | libdl.so.* | libpthread.so.* | librt.so.* | ld-linux*) ;;
    *) cp -L "$library" "$bundle/lib/" ;;
    esac
  done
cat >"$bundle/tensor-run" <<'SCRIPT'
#!/bin/sh
# tensor-run with the libraries bundled beside it.
here=$(dirname "$(readlink -f "$0")")
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  exec "$here/tensor-run.bin" "$@"
SCRIPT
chmod +x "$bundle/tensor-run"
mkdir -p "$out"
tar -cJf "$out/tensor-run-portable.tar.xz" -C "$staging" tensor-run
echo "package-tensor-run: $out/tensor-run-portable.tar.xz" \
  "($(du -h "$out/tensor-run-portable.tar.xz" | cut -f1);" \
  "bundled: $(ls "$bundle/lib" | tr '\n' ' '))"
