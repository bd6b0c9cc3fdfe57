#!/usr/bin/env python3
"""Training a linear model by hand with ten: a NumPy step (forward, mean
squared error, its gradient, the update) compiled unchanged by @ten.jit and
called in a loop, checked against the same loop run by NumPy.

    PYTHONPATH=build/python python3 examples/python/linear_regression.py
"""

import numpy as np

import ten


def numpy_step(w, b, x, y, learning_rate):
    """One gradient step of y ~ x @ w + b on the mean squared error."""
    error = x @ w + b - y
    loss = np.mean(np.square(error))
    scale = 2.0 / x.shape[0]
    grad_w = (x.T @ error) * scale
    grad_b = np.sum(error, axis=0) * scale
    return w - learning_rate * grad_w, b - learning_rate * grad_b, loss


# The same NumPy code, compiled: NumPy's functions on traced values call
# ten's (NEP 13/18), so the step traces unchanged into one program.
step = ten.jit(numpy_step)


def train(step_function, x, y, steps, learning_rate):
    w = np.zeros((x.shape[1], y.shape[1]), x.dtype)
    b = np.zeros((y.shape[1],), x.dtype)
    rate = np.asarray(learning_rate, x.dtype)
    losses = []
    for _ in range(steps):
        w, b, loss = step_function(w, b, x, y, rate)
        losses.append(float(loss))
    return w, b, losses


def main(samples=1000, features=8, outputs=2, steps=200, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((samples, features))
    true_w = rng.standard_normal((features, outputs))
    true_b = rng.standard_normal(outputs)
    y = x @ true_w + true_b + 0.01 * rng.standard_normal((samples, outputs))
    w, b, losses = train(step, x, y, steps, 0.1)
    w_np, b_np, losses_np = train(numpy_step, x, y, steps, 0.1)
    assert np.allclose(w, w_np, rtol=1e-9, atol=1e-12), "weights differ from NumPy's"
    assert np.allclose(b, b_np, rtol=1e-9, atol=1e-12), "biases differ from NumPy's"
    assert np.allclose(losses, losses_np, rtol=1e-9), "losses differ from NumPy's"
    print(f"loss {losses[0]:.4f} -> {losses[-1]:.6f} after {steps} steps; "
          f"|w - true w| = {np.abs(w - true_w).max():.4f}; matches NumPy")
    return losses


if __name__ == "__main__":
    main()
