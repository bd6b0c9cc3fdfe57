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


def test_monte_carlo_pi_matches_numpy():
    """One @ten.jit program that draws, tests and counts gives NumPy's
    estimate from the same points."""
    estimate = _load("monte_carlo_pi").main(n=10**6)
    assert abs(estimate - np.pi) < 0.01


def test_masked_softmax_matches_numpy():
    """Slicing, None-indexing, masks and a softmax, traced from NumPy code."""
    weights = _load("masked_softmax").main(batch=2, seq=24, queries=8)
    assert weights.shape == (2, 8, 24)


def test_simplex_projection_matches_numpy():
    """A projection step: sort, cumsum, argmax and a gather along rows."""
    projected = _load("simplex_projection").main(rows=64, cols=37)
    assert projected.shape == (64, 37)


def test_projection_matches_numpy():
    """A @ pinv(A) @ x traced from NumPy code: the SVD, then the products
    in the order that never forms the projector."""
    projected = _load("projection").main(rows=600, columns=80, repeats=1)
    assert projected.shape == (600,)


def test_spectral_filter_matches_numpy():
    """numpy.fft traced into one program: NumPy's filtered signals, nearer
    the clean one than the noisy ones."""
    before, after = _load("spectral_filter").main(signals=8, samples=500)
    assert after < before / 2
