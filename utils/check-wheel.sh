#!/usr/bin/env bash
# Builds the Python package as a wheel (`pip wheel .`: pyproject.toml over
# the CMake build, in build-wheel/), installs it into a fresh directory and
# runs it from outside the source and build trees: NumPy's result, a jitted
# program, and torch.compile's backend found through the wheel's entry
# point where PyTorch is installed.
#
#   utils/check-wheel.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v ccache >/dev/null; then
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache CMAKE_C_COMPILER_LAUNCHER=ccache
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Without build isolation when the build's own requirements are here (the
# set-up installs them); pip fetches them otherwise.
isolation=()
if python3 -c "import scikit_build_core, nanobind" 2>/dev/null; then
  isolation=(--no-build-isolation)
fi
python3 -m pip wheel -q --no-deps "${isolation[@]}" -w "$work/wheels" .
wheel=$(ls "$work"/wheels/ten-*.whl)
echo "check-wheel: built $(basename "$wheel")"
python3 -m pip install -q --no-deps --target "$work/site" "$wheel"
cd "$work"
PYTHONPATH="$work/site" python3 - <<'PY'
import numpy as np
import ten

assert ten.__file__.startswith(__import__("os").getcwd()), ten.__file__
a = np.random.rand(3, 4).astype(np.float32)
b = np.random.rand(4, 5).astype(np.float32)
np.testing.assert_allclose(ten.einsum("ij,jk->ik", a, b), a @ b, rtol=1e-5)

@ten.jit
def layer(x, w):
    return ten.relu(x @ w)

np.testing.assert_allclose(layer(a, b), np.maximum(a @ b, 0), rtol=1e-5)
try:
    import torch
except ImportError:
    print("check-wheel: PyTorch is not installed; its backend is not checked")
else:
    model = torch.nn.Linear(4, 2)
    x = torch.randn(3, 4)
    with torch.no_grad():
        torch.testing.assert_close(torch.compile(model, backend="ten")(x),
                                   model(x))
print("check-wheel: the installed package runs outside the tree")
PY
