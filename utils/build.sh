#!/usr/bin/env bash
# Sets up the machine (utils/setup.sh), configures `build/` and builds every
# tool and test binary. Extra arguments go to the CMake configure step.
# TEN_SETUP_DONE=1 skips the set-up, for a caller that ran it already and
# installs something else meanwhile (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."

[ "${TEN_SETUP_DONE:-0}" = 1 ] || utils/setup.sh

launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f build/build.ninja ] || [ $# -gt 0 ]; then
  cmake -G Ninja -S . -B build "${launcher[@]}" "$@" >/dev/null
fi
cmake --build build
