# Inputs of dynamic-chain.mlir with a thin c and with a thin a, and the
# results NumPy computes for them: dynamic-chain.py PREFIX.
import numpy as np, sys
r = np.random.default_rng(0)
out = sys.argv[1]
for name, shape in [("a", (40, 30)), ("b", (30, 50)), ("c", (50, 2)), ("a2", (2, 30)), ("c2", (50, 40))]:
    np.save(f"{out}.{name}.npy", r.standard_normal(shape).astype(np.float32))
a, b, c = (np.load(f"{out}.{n}.npy") for n in "abc")
np.save(f"{out}.thin-c.npy", (a @ b) @ c)
a2, c2 = np.load(f"{out}.a2.npy"), np.load(f"{out}.c2.npy")
np.save(f"{out}.thin-a.npy", (a2 @ b) @ c2)
