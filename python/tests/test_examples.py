"""The Python examples (examples/python) run and match NumPy."""

import importlib.util
import os

import numpy as np

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "python")


def _load(name):
    spec = importlib.util.spec_from_file_location(
        name, os.path.join(EXAMPLES, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_linear_regression_trains_as_numpy_does():
    """A hand-written training loop (one @ten.jit step) gives NumPy's
    weights and losses, and the loss falls."""
    losses = _load("linear_regression").main(samples=200, steps=30)
    assert losses[-1] < losses[0] / 10
    assert np.all(np.diff(losses) <= 0)
