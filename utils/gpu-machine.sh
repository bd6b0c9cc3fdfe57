#!/usr/bin/env bash
# Runs ten's GPU checks on a bare GPU machine from a source tree and the
# packed tensor-run (utils/package-tensor-run.sh, dist/): what the machine
# has, then utils/gpu-suite.py (every execution program against NumPy, every
# example against the CPU, random einsums), then bench/gpu.py where PyTorch
# sees a GPU. Each stage has a time limit; logs go to $OUT (default
# /tmp/gpu-machine); the unpacked tensor-run stays (TEN_BUNDLE, below) with
# the settings it found (env.sh). Nothing is built there: the machine needs
# the CUDA driver, the toolkit's ptxas and libdevice, cuBLAS and cuSOLVER
# (found by ldconfig, else under the toolkit, /usr/local, /opt or /usr/lib,
# where Python's CUDA wheels may be).
#
#   utils/gpu-machine.sh [SUITE_SECONDS [BENCH_SECONDS [BENCH_ARGS...]]]
#
# GPU_SUITE_ARGS adds arguments to gpu-suite.py (--einsum-cases=20, say).
set -uo pipefail
cd "$(dirname "$0")/.."
out=${OUT:-/tmp/gpu-machine}
suite_seconds=${1:-240}
bench_seconds=${2:-150}
shift 2 2>/dev/null || shift $#
mkdir -p "$out"
log() { echo "== $*" | tee -a "$out/machine.log"; }

# Unpacked where later commands find it (TEN_BUNDLE, default
# /tmp/ten-bundle): tensor-run/tensor-run.
bundle=${TEN_BUNDLE:-/tmp/ten-bundle}
mkdir -p "$bundle"
tar -xJf dist/tensor-run-portable.tar.xz -C "$bundle" || exit 1
tensor_run=$bundle/tensor-run/tensor-run

# The machine's C++ runtime where it is newer than the bundled one: the
# CUDA libraries that tensor-run opens may need it.
system_cxx=$(ldconfig -p | awk '/libstdc\+\+\.so\.6 .*x86-64/ {print $NF; exit}')
if [ -n "$system_cxx" ] && grep -qa GLIBCXX_3.4.30 "$system_cxx"; then
  rm -f "$bundle/tensor-run/lib/libstdc++.so.6" \
    "$bundle/tensor-run/lib/libgcc_s.so.1"
fi

# The toolkit (ptxas, libdevice) and the CUDA libraries, wherever this
# machine keeps them.
if [ -z "${CUDA_HOME:-}" ]; then
  for candidate in /usr/local/cuda "$(dirname "$(dirname "$(readlink -f \
    "$(command -v ptxas || command -v nvcc || echo /none/bin/x)")")")"; do
    if [ -x "$candidate/bin/ptxas" ]; then
      export CUDA_HOME=$candidate
      break
    fi
  done
fi
find_library() {
  local found
  found=$(ldconfig -p | awk -v name="$1" '$1 == name {print $NF; exit}')
  [ -z "$found" ] && found=$(find "${CUDA_HOME:-/usr/local/cuda}" /usr/local \
    /opt /usr/lib -name "$1" 2>/dev/null | head -1)
  echo "$found"
}
for pair in TEN_CUBLAS=libcublas.so.13 TEN_CUBLASLT=libcublasLt.so.13 \
  TEN_CUSOLVER=libcusolver.so.12; do
  variable=${pair%%=*}
  [ -n "${!variable:-}" ] && continue
  path=$(find_library "${pair#*=}")
  if [ -n "$path" ]; then
    export "$variable=$path"
    # The library's own dependencies (cuBLASLt, nvJitLink) sit beside it.
    export LD_LIBRARY_PATH="$(dirname "$path")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  fi
done

# The same settings for later commands: . $TEN_BUNDLE/env.sh
declare -p CUDA_HOME TEN_CUBLAS TEN_CUBLASLT TEN_CUSOLVER LD_LIBRARY_PATH \
  2>/dev/null | sed 's/^declare -x /export /; s/^declare -- /export /' \
  >"$bundle/env.sh"

{
  echo "== machine"
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.sm,clocks.max.sm \
    --format=csv 2>&1
  echo "CUDA_HOME=${CUDA_HOME:-unset} TEN_CUBLAS=${TEN_CUBLAS:-unset}" \
    "TEN_CUBLASLT=${TEN_CUBLASLT:-unset} TEN_CUSOLVER=${TEN_CUSOLVER:-unset}"
  "${CUDA_HOME:-/usr/local/cuda}/bin/ptxas" --version 2>&1 | tail -1
  "$tensor_run" --target=cuda --list-devices 2>&1
  echo "== first program"
  "$tensor_run" examples/matmul.mlir --random-inputs --target=cuda --bench=5
  echo "exit $?"
} 2>&1 | tee -a "$out/machine.log"

if [ "$suite_seconds" -gt 0 ]; then
  log "gpu-suite (limit ${suite_seconds} s)"
  start=$SECONDS
  # shellcheck disable=SC2086
  timeout "$suite_seconds" python3 utils/gpu-suite.py "$tensor_run" \
    --jobs "$(nproc)" ${GPU_SUITE_ARGS:-} >"$out/suite.log" 2>&1
  echo "gpu-suite: exit $? after $((SECONDS - start)) s" | tee -a "$out/machine.log"
  grep -E "^==|^gpu-suite|FAILED|failed$|passes with" "$out/suite.log" |
    grep -v " 0 failed$" | head -60
  grep -E "^== |^gpu-suite" "$out/suite.log"
fi

if [ "$bench_seconds" -gt 0 ] &&
  python3 -c "import torch, sys; sys.exit(not torch.cuda.is_available())" \
    2>/dev/null; then
  log "bench/gpu.py $* (limit ${bench_seconds} s)"
  start=$SECONDS
  PYTHONUNBUFFERED=1 timeout "$bench_seconds" python3 bench/gpu.py \
    --tensor-run "$tensor_run" "$@" >"$out/bench.log" 2>&1
  echo "bench: exit $? after $((SECONDS - start)) s" | tee -a "$out/machine.log"
  cat "$out/bench.log"
fi
