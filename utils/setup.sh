#!/usr/bin/env bash
# Installs what building and testing `ten` needs on a Debian 12 machine:
# MLIR/LLVM 22 and the build tools from Debian's packages, and the Python
# packages with the pip of the `python3` on PATH. Idempotent: it installs only
# what is missing and prints nothing when everything is there.
#
#   utils/setup.sh               what building and testing need
#   utils/setup.sh --frameworks  also PyTorch and JAX from PyPI, the peers of
#                                bench/ (several GB; no test needs them)
set -euo pipefail

frameworks=0
for argument in "$@"; do
  case "$argument" in
    --frameworks) frameworks=1 ;;
    *) echo "setup: unknown option '$argument' (--frameworks)" >&2; exit 2 ;;
  esac
done

debian_packages=(
  cmake ninja-build ccache g++ clang-format
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools
  libgtest-dev
  libomp-22-dev
  mpich libmpich-dev
  liblapack3 libopenblas0-pthread
  python3-dev
)
python_modules=(numpy ml_dtypes pytest nanobind)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
for package in "${debian_packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null |
      grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

missing=()
for module in "${python_modules[@]}"; do
  python3 -c "import $module" 2>/dev/null || missing+=("$module")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: pip installing ${missing[*]}"
  python3 -m pip install -q --disable-pip-version-check "${missing[@]}"
fi

# Where the CUDA toolkit is, the readers of the cubins it assembles, for the
# tests that check the generated kernels (test/GPU/kernel-*.test): from PyPI
# where neither PATH nor the toolkit has them.
cuda_path=${CUDA_HOME:-${CUDA_PATH:-/usr/local/cuda}}
if [ -x "$cuda_path/bin/ptxas" ]; then
  missing=()
  for tool in cuobjdump nvdisasm; do
    command -v "$tool" >/dev/null && continue
    [ -x "$cuda_path/bin/$tool" ] && continue
    python3 - "$tool" 2>/dev/null <<'PY' && continue
import glob, os, sys
import nvidia
sys.exit(not any(os.access(p, os.X_OK) for root in nvidia.__path__
                 for p in glob.glob(os.path.join(root, "*", "bin", sys.argv[1]))))
PY
    missing+=("nvidia-cuda-$tool")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: pip installing ${missing[*]}"
    # --no-compile: no bytecode for the thousands of modules that nothing
    # imports; .ci/run installs these while the project compiles, and
    # pip's byte-compiling would take CPU time from the compiler.
    python3 -m pip install -q --disable-pip-version-check --no-compile \
      "${missing[@]}"
  fi
fi

# The benchmarks' peers, on request only.
if [ "$frameworks" -eq 1 ]; then
  missing=()
  python3 -c "import torch" 2>/dev/null || missing+=(torch)
  python3 -c "import jax" 2>/dev/null || missing+=(jax)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: pip installing ${missing[*]}"
    # --no-compile: no bytecode for the thousands of modules that nothing
    # imports; .ci/run installs these while the project compiles, and
    # pip's byte-compiling would take CPU time from the compiler.
    python3 -m pip install -q --disable-pip-version-check --no-compile \
      "${missing[@]}"
  fi
fi
